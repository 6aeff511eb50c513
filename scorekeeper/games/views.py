"""Phone pages: the home list, starting a game, the table page and its round forms."""
from __future__ import annotations

import json

from flask import abort, flash, make_response, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from ..live import cache
from ..play import groups, nights, services, tables
from .. import rules as registry
from ..web.access import (check_csrf, enter_code, follow, forget, game_link, game_or_404, group_page_of,
                          group_token_of, is_owner, know_browser, left_out_of_group, may_create, remember_token, saved,
                          token_for, visible_ids)
from ..web.answers import Live, Page, answers_from_cache, head_or_404, language
from ..extensions import db
from ..web.hosting import carries_token, limits_creation, nothing_created
from ..web.i18n import AccessForm, local_path, tr
from ..store.models import Game
from ..web.qr import qr_svg
from ..play.tables import TableView
from . import bp
from .rounds import BlankRoundForm, correct_round, round_digest, round_form, take_round
from ..web.templating import local_url
from ..web.newgame import (chosen_preset, names_from, new_game_form, not_started, options_from,
                           place_new_game_errors, preset_inputs)


UNDONE = "undone"  # the session's last round deleted (Undo): {"game", "number", "data"}, shown once in the form
UNDONE_MOST = 1500  # characters of round data a session cookie carries back (it holds the edit tokens too)


def editable_game_or_403(game_id: str, for_update: bool = True) -> Game:
    """Load a game this browser may change, locked for the change, or refuse."""
    game = game_or_404(game_id, for_update=for_update)
    if token_for(game) is None:
        abort(403)
    return game


bp.add_app_template_global(round_digest)  # the race panel's "replace it with mine" is a correction of that round


@bp.app_template_global()
def winners_of(game: Game) -> list[str]:
    """Name the winners of a finished game, for a list of games (its fold is kept per version); none for a game
    ended before its first round."""
    view = tables.table_view(game)
    return [view.players[seat] for seat in view.winners] if view.rounds else []


@bp.get("/")
def index():
    """Show this browser's games (every game to the install's owner), newest first, and the way to start one."""
    owner = is_owner()
    games = services.list_games(None if owner else visible_ids())
    return render_template("games/index.html", games=games, owner=owner, editable=set(session.get("tokens", {})),
                           registry=registry.REGISTRY)


@bp.route("/access", methods=["GET", "POST"])
def access():
    """Ask for the install's access code, then go on to where this browser was going (guesses: access.guess)."""
    form = AccessForm(formdata=request.form or None)  # its fields as posted, never a JSON body's values
    if not form.is_submitted():
        know_browser()
    if form.validate_on_submit():
        if enter_code(form.code.data):
            return redirect(local_path(request.args.get("next")))
        form.code.errors = [_("That is not this install's access code.")]
    return render_template("games/access.html", form=form), 422 if form.is_submitted() else 200


def new_game_kept(message: str):
    """Answer a new game past the limit of games started from one address (only a POST counts): its form as typed,
    saying to wait."""
    rules = registry.get((request.view_args or {}).get("key", ""))
    if rules is None:  # no such game: the page says so once the limit lets it through
        return None
    form = new_game_form(rules.spec, formdata=request.form)
    form.refused = message
    return make_response(render_new_game(form, rules.spec, 429))


@bp.route("/new/<key>", methods=["GET", "POST"])
@limits_creation(refused=new_game_kept)
def new_game(key: str):
    """Start a game: name the players in seat order and pick the house rules."""
    rules = registry.get(key) or abort(404)
    if not may_create():
        return redirect(url_for("games.access", next=request.full_path if request.query_string else request.path))
    # request.form only: a file sent in a text field (a multipart post) must not reach the fields
    form = new_game_form(rules.spec, preset=request.args.get("preset"),
                         **({"formdata": request.form} if request.method == "POST" else {}))
    if form.is_submitted() and form.validate() and (started := start_new_game(key, form, rules.spec)) is not None:
        return started
    return render_new_game(form, rules.spec, 422 if form.is_submitted() else 200)


def start_new_game(key: str, form, spec):
    """Start the game a valid new-game form asks for and open it; None when it is refused, what is wrong placed on
    the form."""
    made: list = []
    errors = saved(lambda: made.extend(services.create_game(key, names_from(form), options_from(form, spec),
                                                           chosen_preset(form))))
    if errors is not None:
        place_new_game_errors(form, errors)
        return None
    remember_token(*made)
    return redirect(url_for("games.table", game_id=made[0].public_id))


def render_new_game(form, spec, status: int = 200):
    """Render the new-game form, with every preset's option values for the page's script."""
    recent = services.recent_names(visible_ids(), spec.key) if "opt_name" in form else {}
    if status == 422:
        not_started(form)
    return render_template("games/new.html", form=form, spec=spec, presets=preset_inputs(spec), recent=recent), status


def page_variant(head: services.GameHead, token: str | None) -> Page | None:
    """Name the table page this browser is shown (None while it shows its own messages); a spectator's
    browser follows the game from now on."""
    follow(head)
    return None if session.get("_flashes") or UNDONE in session else Page(language(), token is not None, big_screen())


@bp.get("/games/<game_id>")
@answers_from_cache(page_variant)
def table(game: Game):
    """Show the table: standings, every round so far, and the form for the next one (kept once per version
    and variant: see ``answers_from_cache``)."""
    view = tables.table_view(game)
    undone = session.pop(UNDONE, None)  # a round just deleted (Undo) comes back in the form once, to fix
    form = None
    put_back = bool(undone and undone["game"] == game.public_id and undone["number"] == len(view.rounds) + 1)
    if token_for(game) and view.accepts_rounds:
        form = round_form(view.fields, view.derived.table, view.derived.seats_in, data=undone["data"]) if put_back \
            else BlankRoundForm(view.fields, view.derived.table, view.derived.seats_in)
    return render_table(game, view, form, put_back=put_back and form is not None)


def live_variant(head: services.GameHead, token: str | None) -> Live:
    """Name the scoreboard this browser is shown: its language, editor or spectator."""
    return Live(language(), token is not None)


@bp.get("/games/<game_id>/live")
@answers_from_cache(live_variant)
def live(game: Game):
    """Send the scoreboard alone, for an open page to swap in; 304 while the game has not changed."""
    return cache.answer(game, token_for(game))


def render_table(game: Game, view: TableView, form, put_back: bool = False) -> str:
    """Render the table page from the table view, with the tag its live scoreboard starts from (``put_back``: the
    form holds a round just deleted, for the page to keep as this phone's draft)."""
    token = token_for(game)
    live_tag = cache.etag(game.public_id, game.version, Live(language(), token is not None))
    here = local_url("games.table", game_id=game.public_id, **({"big": "1"} if big_screen() else {}))
    return render_template("games/table.html", view=view, game=game, form=form, token=token, live_tag=live_tag,
                           big=big_screen(), put_back=put_back, here=here, night_table=nights.place_of(game))


def big_screen() -> bool:
    """Say whether this request asks for the big-screen view of a table (``?big=1``)."""
    return request.args.get("big") == "1"


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str):
    """Record the next round from the form; a refused round keeps what was typed."""
    game = editable_game_or_403(game_id)
    taken = take_round(game, request.form)
    if taken.refused is None:
        return redirect(url_for("games.table", game_id=game_id, _anchor=taken.anchor or None))
    view = tables.table_view(game)
    taken.refused.refused = not_saved(game, view, request.form.get("number", ""))
    carries_token()  # the page shows the edit link
    return render_table(game, view, taken.refused), 422


def not_saved(game: Game, view: TableView, sent: str) -> str:
    """Say above a refused round's form that the round ``sent`` (its number as posted) was not saved."""
    stale = sent.isascii() and sent.isdigit() and len(sent) < 6 and view.next is not None \
        and 1 <= int(sent) != view.next["round"]
    # a form of another round than the next (one deleted or saved meanwhile on another phone): named as it was sent,
    # and nothing below is marked, the reason is said above it
    return _("%(round)s was not saved.", round=tr(tables.rules_for(game).round_title(view.derived.table, int(sent)))) \
        if stale else _("%(round)s was not saved; see what is marked below.", round=tr(view.next_title))


@bp.get("/games/<game_id>/rounds")
def rounds_address(game_id: str):
    """Answer the address a refused round leaves (reloaded, bookmarked): the table, where the phone keeps the entry."""
    head_or_404(game_id)
    return redirect(url_for("games.table", game_id=game_id, _anchor="round-form"))


@bp.route("/games/<game_id>/rounds/<round:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: str, number: int):
    """Correct a round; everything after it is worked out again."""
    game = editable_game_or_403(game_id, for_update=request.method == "POST")
    if not 1 <= number <= len(game.rounds):
        abort(404)
    fix = correct_round(game, number, request.form if request.method == "POST" else None)
    if fix.saved:
        flash(_("%(round)s corrected; every total after it is worked out again.", round=tr(fix.title)),
              f"corrected:{game_id}")  # shown above this game's rounds, not another's
        return redirect(url_for("games.table", game_id=game_id, _anchor="corrected"))
    return render_template("games/edit_round.html", game=game, number=number, title=fix.title, form=fix.form,
                           edit_table=fix.before.table, edit_seats_in=fix.before.seats_in), \
        422 if request.method == "POST" else 200


@bp.post("/games/<game_id>/rounds/<round:number>/delete")
def delete_round(game_id: str, number: int):
    """Delete the last round."""
    check_csrf()
    game = editable_game_or_403(game_id)
    data = game.rounds[number - 1].data if 0 < number <= len(game.rounds) else None
    errors = saved(lambda: services.delete_round(game, number))
    if errors:
        flash(" ".join(errors.values()), "error")
    else:
        said = _(tables.rules_for(game).spec.rounds.deleted, n=number)
        if game.status == "playing" and len(json.dumps(data)) <= UNDONE_MOST:  # back in the round form: one tap
            session[UNDONE] = {"game": game_id, "number": number, "data": data}  # puts it back
            said = _("%(deleted)s What it held is back in the form below, to fix and save again.", deleted=said)
        flash(said, "info")
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/finish")
def finish(game_id: str):
    """End the game now: the leaders win. Not before the first round, when nobody leads yet (the page offers no
    button then; the API's ``/finish`` still ends such a game, as the spec has it)."""
    return change_game(game_id, services.finish_game, refused=lambda game: None if game.rounds else _(
        "No round has been played yet, so nobody leads: there is nothing to end. To drop this game, delete it."))


@bp.post("/games/<game_id>/resume")
def resume(game_id: str):
    """Take back an accidental "end the game now"."""
    return change_game(game_id, services.resume_game)


@bp.post("/games/<game_id>/again")
@limits_creation
def play_again(game_id: str):
    """Start a new game of the same kind, with the same players in the same seats and the same house rules; the
    first deal passes to the next player."""
    check_csrf()
    if not may_create():
        return redirect(url_for("games.access", next=url_for("games.table", game_id=game_id)))
    old = editable_game_or_403(game_id)  # locked: a second phone's tap waits, then finds the game played again
    if old.next_id is not None:  # the column: loading the relationship now would leave it stale for play_on
        nothing_created()  # played again on another phone: this one may score that game too
        return redirect(url_for("games.next_game", game_id=game_id))
    made: list = []
    errors = saved(lambda: made.extend(groups.play_again(old, token_for(old), group_token_of(old))))
    if errors is not None:  # house rules an older version took that today's checks refuse: choose them again
        return choose_rules_again(old, errors)
    return started_again(old, *made)


def choose_rules_again(old: Game, errors: dict[str, str]):
    """Send a game that cannot be played again as it was to the new-game form, saying why."""
    flash(_("These house rules can no longer be used together: %(why)s", why="; ".join(errors.values())), "error")
    return redirect(url_for("games.new_game", key=old.game_key))


def started_again(old: Game, game: Game, token: str):
    """Let this browser score the game the table started again, and open it (saying why it is not in the group
    ``old`` was played in, when this browser could not add it there)."""
    remember_token(game, token)
    if old.group_id is not None and game.group_id is None:
        left_out_of_group(old)
    return redirect(url_for("games.table", game_id=game.public_id))


@bp.get("/games/<game_id>/next")
def next_game(game_id: str):
    """Go on to the game the table played next ("Play again"): a browser that may score this game may score that one
    (``services.next_token``); any other follows it."""
    old = game_or_404(game_id)
    new = db.session.get(Game, old.next_id) if old.next_id is not None else abort(404)
    held = token_for(old)
    token = services.next_token(held) if held is not None else None
    if token is not None and new.token_matches(token):
        remember_token(new, token)
    return redirect(game_link(new))


@bp.get("/games/<game_id>/<any(view, edit):kind>-qr.svg")
def qr_code(game_id: str, kind: str):
    """Draw the QR code of a game's view link, or (for a browser that may edit it) of its edit link."""
    game = game_or_404(game_id)
    token = token_for(game)
    if kind == "edit" and token is None:
        abort(403)
    link = url_for("games.join", game_id=game_id, token=token, _external=True) if kind == "edit" \
        else url_for("games.table", game_id=game_id, _external=True)
    private = {"Cache-Control": "private, no-store"} if kind == "edit" else {"Cache-Control": "public, max-age=86400"}
    return qr_svg(link), {"Content-Type": "image/svg+xml", **private}


def change_game(game_id: str, change, refused=lambda game: None) -> object:
    """Apply a one-button change to a game this browser may edit, then show the table (with why not, when
    ``refused`` says it cannot be made now)."""
    check_csrf()
    game = editable_game_or_403(game_id)
    if (why := refused(game)) is not None:
        flash(why, "error")
    else:
        saved(lambda: change(game))
    return redirect(url_for("games.table", game_id=game_id))


@bp.get("/games/<game_id>/edit/<token>")
def join(game_id: str, token: str):
    """Open a shared edit link: this browser may now enter rounds."""
    game = game_or_404(game_id)
    if not game.token_matches(token):
        abort(403)
    remember_token(game, token)
    return redirect(url_for("games.table", game_id=game_id))


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
def delete_game(game_id: str):
    """Ask, then delete a game for everyone: only a browser holding its edit link may."""
    if request.method == "GET":
        game = editable_game_or_403(game_id, for_update=False)
        return render_template("games/delete.html", game=game, spec=tables.rules_for(game).spec)
    check_csrf()
    game = editable_game_or_403(game_id)
    back = group_page_of(game) or url_for("games.index")  # a group's game: back to the group
    saved(lambda: services.delete_game(game))
    forget(game_id)
    flash(_("The game was deleted."), "info")
    return redirect(back)
