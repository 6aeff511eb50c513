"""Phone pages: the home list, starting a game, the table page and its round forms."""
from __future__ import annotations

from collections.abc import Callable

from flask import abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from .. import polling, scoreboard, services
from .. import rules as registry
from ..access import (enter_code, follow, forget, is_owner, know_browser, may_create, remember_token, token_for,
                      visible_ids)
from ..extensions import csrf, db
from ..hosting import carries_token, limits_creation
from ..i18n import local_path, tr, tr_errors, tr_mark
from ..groups.views import follow_group
from ..models import Game
from ..readmodel import TableView
from ..services import Problem
from ..templating import kept_page, kept_part
from . import bp
from .forms import (AccessForm, BlankRoundForm, chosen_preset, names_from, new_game_form, options_from, place_errors,
                    place_new_game_errors, preset_inputs, round_data, round_form)


def check_csrf() -> None:
    """Check the CSRF token of a small button form (the WTForms forms check their own)."""
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()


def game_or_404(game_id: str, for_update: bool = False) -> Game:
    """Load a game (locked for a write) or show the not-found page."""
    try:
        return services.load_game(game_id, for_update=for_update)
    except Problem:
        abort(404)


def editable_game_or_403(game_id: str, for_update: bool = True) -> Game:
    """Load a game this browser may change, locked for the change, or refuse."""
    game = game_or_404(game_id, for_update=for_update)
    if token_for(game) is None:
        abort(403)
    return game


def save(change: Callable[[], object]) -> dict[str, str] | None:
    """Apply a change to a game and commit it, the one commit of a page write; return the refusal, if any."""
    try:
        change()
        scoreboard.keep_new_versions()
        db.session.commit()
    except Problem as exc:
        db.session.rollback()
        return tr_errors(exc.errors)
    except IntegrityError:  # the game's lock makes this rare; say only what is known
        db.session.rollback()
        return {"round": _("Another phone changed this game at the same moment; nothing was saved. "
                           "Reload and send it again.")}
    return None


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
    form = AccessForm()
    if not form.is_submitted():
        know_browser()
    if form.validate_on_submit():
        if enter_code(form.code.data):
            return redirect(local_path(request.args.get("next")))
        form.code.errors = [_("That is not this install's access code.")]
    return render_template("games/access.html", form=form), 422 if form.is_submitted() else 200


@bp.route("/new/<key>", methods=["GET", "POST"])
@limits_creation
def new_game(key: str):
    """Start a game: name the players in seat order and pick the house rules."""
    rules = registry.get(key) or abort(404)
    if not may_create():
        return redirect(url_for("games.access", next=request.full_path if request.query_string else request.path))
    # request.form only: a file sent in a text field (a multipart post) must not reach the fields
    form = new_game_form(rules.spec, preset=request.args.get("preset"),
                         **({"formdata": request.form} if request.method == "POST" else {}))
    if form.is_submitted() and form.validate():
        made: list = []
        errors = save(lambda: made.extend(services.create_game(key, names_from(form), options_from(form, rules.spec),
                                                               chosen_preset(form))))
        if errors is None:
            remember_token(*made)
            return redirect(url_for("games.table", game_id=made[0].public_id))
        place_new_game_errors(form, errors)
    return render_new_game(form, rules.spec, 422 if form.is_submitted() else 200)


def render_new_game(form, spec, status: int = 200):
    """Render the new-game form, with every preset's option values for the page's script."""
    return render_template("games/new.html", form=form, spec=spec, presets=preset_inputs(spec)), status


@bp.get("/games/<game_id>")
def table(game_id: str):
    """Show the table: standings, every round so far, and the form for the next one.

    The game's head (its version and token) is read first: a page kept for that version is answered
    without loading the game or its rounds.
    """
    head = head_or_404(game_id)
    follow(head)
    token = token_for(head)
    tag = None if token or session.get("_flashes") else page_tag(head)
    if tag and request.if_none_match.contains(tag):
        return "", 304, {"ETag": f'"{tag}"', "Cache-Control": "no-cache"}
    page = kept_table(head, token)
    if page is None:
        game = game_or_404(game_id)
        view = services.table_view(game)
        form = BlankRoundForm(view.fields, view.derived.table, view.derived.seats_in) \
            if token and view.accepts_rounds else None
        page, _status = render_table(game, view, form)
        tag = tag and page_tag(game)  # the game may have moved on since its head was read
    return page, {"ETag": f'"{tag}"', "Cache-Control": "no-cache"} if tag else {}


def head_or_404(game_id: str) -> services.GameHead:
    """Read a game's head (id, version, token hash) or show the not-found page."""
    try:
        return services.game_head(game_id)
    except Problem:
        abort(404)


def page_tag(game: Game | services.GameHead) -> str:
    """Tag a spectator's table page: the game's version, the language, the big-screen view or not."""
    return services.state_etag(game, "page", str(get_locale()), "big" if big_screen() else "")


@bp.get("/games/<game_id>/live")
def live(game_id: str):
    """Send the scoreboard alone, for an open page to swap in; 304 while the game has not changed."""
    game = game_or_404(game_id)
    tag = live_tag(game)
    if request.if_none_match.contains(tag):
        return "", 304, {"ETag": f'"{tag}"', "Cache-Control": "no-cache"}
    return scoreboard.answer(game, token_for(game)), {"ETag": f'"{tag}"', "Cache-Control": "no-cache"}


def live_tag(game: Game) -> str:
    """Tag the scoreboard as this browser sees it: the game's version, the language, editor or spectator."""
    role = "edit" if token_for(game) else polling.SPECTATOR
    return polling.live_tag(game.public_id, game.version, str(get_locale()), role)


def render_table(game: Game, view: TableView, form, status: int = 200):
    """Render the table page from the table view: kept once per version and role unless it shows this
    request's own messages or typing."""
    token = token_for(game)
    if token:
        carries_token()  # the page shows the edit link
    big = big_screen()
    context = {"game": game, "form": form, "token": token, "live_tag": live_tag(game), "big": big}
    if status == 200 and (form is None or form.blank) and not session.get("_flashes"):
        return kept_part("games/table.html", view, table_variant(token), **context), status
    return render_template("games/table.html", view=view, **context), status


def kept_table(head: services.GameHead, token: str | None):
    """Return the table page kept for the head's version and this role, if it is kept (see render_table)."""
    if session.get("_flashes"):
        return None
    if token:
        carries_token()
    return kept_page("games/table.html", head.public_id, head.version, table_variant(token))


def table_variant(token: str | None) -> tuple:
    """Name a kept table page's variant: editor or spectator, big screen or not.

    For one version the round form is shown exactly when an editor looks at a game that takes rounds,
    so the role and the version settle the page.
    """
    return "page", bool(token), big_screen()


def big_screen() -> bool:
    """Say whether this request asks for the big-screen view of a table (``?big=1``)."""
    return request.args.get("big") == "1"


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str):
    """Record the next round from the form; a refused round keeps what was typed."""
    game = editable_game_or_403(game_id)
    key = services.entry_key(request.form.get("entry_key"))
    if services.saved_entry(game, key) is not None:  # a double tap or a retry: it is saved, answer as saved
        return redirect(url_for("games.table", game_id=game_id, _anchor="standings"))
    derived = services.current_fold(game)  # the table view is built only to show a refusal: a write stays flat
    number = request.form.get("number", type=int)
    fields = services.next_fields(game, derived)
    form = None if fields is None else round_form(fields, derived.table, derived.seats_in, formdata=request.form)
    if number is not None and 0 < number <= services.rounds_stored(game, derived):
        return lost_race(game, services.table_view(game), number, form)
    if form is None:
        flash(_("No round can be added to this game now."), "error")
        return redirect(url_for("games.table", game_id=game_id))
    if form.validate():
        data = round_data(form, derived.table, derived.seats_in)
        errors = save(lambda: services.add_round_once(game, data, key, number=number, current=derived))
        if errors is None:
            flash_saved(game, derived, number or services.rounds_stored(game, derived) + 1)
            return redirect(url_for("games.table", game_id=game_id, _anchor="standings"))
        fresh = services.table_view(services.load_game(game_id))
        if any(r.number == number for r in fresh.rounds):  # another phone saved it while this one waited
            return lost_race(game, fresh, number, form)
        place_errors(form, errors)
    view = services.table_view(game)
    form.refused = _("%(round)s was not saved; see what is marked below.", round=tr(view.next_title))
    return render_table(game, view, form, 422)


def flash_saved(game: Game, derived, number: int) -> None:
    """Say which round was just saved; the table page shows it with one tap to undo it."""
    title = services.rules_for(game).round_title(derived.table, number)
    flash(_("%(round)s saved.", round=tr(title)), f"saved:{number}")


@bp.get("/games/<game_id>/rounds")
def rounds_address(game_id: str):
    """Answer the address a refused round leaves (reloaded, bookmarked): the table, where the phone keeps the entry."""
    head_or_404(game_id)
    return redirect(url_for("games.table", game_id=game_id, _anchor="round-form"))


def lost_race(game: Game, view: TableView, number: int, form) -> object:
    """Answer a round another phone saved first: "already saved" when it holds the same, else what it holds.

    The typed numbers are not carried into the next round's form: one more tap must never save a duplicate.
    """
    saved = next(r for r in view.rounds if r.number == number)
    mine = round_data(form, view.derived.table, view.derived.seats_in) if form and form.validate() else None
    if mine is not None and dict(saved.data) == mine:
        flash(_("%(round)s is already saved, with the same scores.", round=tr(saved.title)), "info")
    else:
        held = ", ".join(f"{name} {tr_mark(mark)}" for name, mark in zip(view.players, saved.marks) if mark != "")
        flash(_("Another phone saved %(round)s first: %(scores)s. What you typed was not saved; check the scores.",
                round=tr(saved.title), scores=held), f"race:{number}")  # shown beside Save, with the typed entry
    return redirect(url_for("games.table", game_id=game.public_id, _anchor="standings"))


@bp.route("/games/<game_id>/rounds/<round:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: str, number: int):
    """Correct a round; everything after it is worked out again."""
    game = editable_game_or_403(game_id, for_update=request.method == "POST")
    if not 1 <= number <= len(game.rounds):
        abort(404)
    key = services.entry_key(request.form.get("entry_key")) if request.method == "POST" else None
    if services.saved_entry(game, key) is not None:  # a retry of a correction already made: answer as then
        return redirect(url_for("games.table", game_id=game_id, _anchor="rounds"))
    before = services.before_round(game, number)
    form = round_form(services.round_fields(game, before), before.table, before.seats_in,
                      formdata=request.form if request.method == "POST" else None, data=game.rounds[number - 1].data)
    if request.method == "POST" and form.validate():
        data = round_data(form, before.table, before.seats_in)
        errors = save(lambda: services.edit_round_once(game, number, data, key))
        if errors is None:
            return redirect(url_for("games.table", game_id=game_id, _anchor="rounds"))
        place_errors(form, errors)
    title = services.rules_for(game).round_title(before.table, number)
    return render_template("games/edit_round.html", game=game, number=number, title=title, form=form,
                           edit_table=before.table, edit_seats_in=before.seats_in), \
        422 if request.method == "POST" else 200


@bp.post("/games/<game_id>/rounds/<round:number>/delete")
def delete_round(game_id: str, number: int):
    """Delete the last round."""
    check_csrf()
    game = editable_game_or_403(game_id)
    errors = save(lambda: services.delete_round(game, number))
    if errors:
        flash(" ".join(errors.values()), "error")
    else:
        flash(_(services.rules_for(game).spec.rounds.deleted, n=number), "info")
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/finish")
def finish(game_id: str):
    """End the game now: the leaders win."""
    return change_game(game_id, services.finish_game)


@bp.post("/games/<game_id>/resume")
def resume(game_id: str):
    """Take back an accidental "end the game now"."""
    return change_game(game_id, services.resume_game)


@bp.post("/games/<game_id>/again")
@limits_creation
def play_again(game_id: str):
    """Start a new game of the same kind, with the same players in the same seats and the same house rules."""
    check_csrf()
    if not may_create():
        return redirect(url_for("games.access", next=url_for("games.table", game_id=game_id)))
    old = editable_game_or_403(game_id)
    made: list = []
    errors = save(lambda: made.extend(services.create_game(old.game_key, [p.name for p in old.players],
                                                           dict(old.options), old.preset))
                  or follow_group(old, made[0]))  # a group's game stays in the group
    if errors is not None:  # house rules an older version took that today's checks refuse: choose them again
        flash(_("These house rules can no longer be used together: %(why)s", why="; ".join(errors.values())), "error")
        return redirect(url_for("games.new_game", key=old.game_key))
    remember_token(*made)
    return redirect(url_for("games.table", game_id=made[0].public_id))


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
    return services.qr_svg(link), {"Content-Type": "image/svg+xml", **private}


def change_game(game_id: str, change) -> object:
    """Apply a one-button change to a game this browser may edit, then show the table."""
    check_csrf()
    game = editable_game_or_403(game_id)
    save(lambda: change(game))
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
        return render_template("games/delete.html", game=game, spec=services.rules_for(game).spec)
    check_csrf()
    game = editable_game_or_403(game_id)
    save(lambda: services.delete_game(game))
    forget(game_id)
    flash(_("The game was deleted."), "info")
    return redirect(url_for("games.index"))
