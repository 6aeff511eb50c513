"""The groups' phone pages: the group page, starting a game in it, sharing it, its players."""
from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Callable
from datetime import date

from flask import abort, flash, make_response, redirect, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup
from sqlalchemy import select

from .. import rules as registry
from ..play import groups as service, nights, services, stats
from ..web.access import (check_csrf, group_page_of, group_token, may_create, remember_group, remember_token, saved,
                          token_for, view_key)
from ..web.errors import GroupNotShown
from ..extensions import db
from ..web.hosting import carries_token, limits_creation, printing
from ..web.i18n import plain_number, tr_errors
from ..store.models import Game, Group, Result
from ..web.qr import qr_svg
from ..play.services import Problem
from ..web.templating import keeps_here, local_url, render_marked, stat_game, with_this_requests_marks
from ..live.variants import GroupPage
from ..web.newgame import (chosen_preset, kept_rules_form, new_game_form, not_started, options_from,
                           place_new_game_errors, preset_inputs)
from . import bp
from ..live import cache
from .chart import form_chart


def readable_group(group_id: str, revalidated: bool = False, head: bool = False) -> tuple[Group, str | None]:
    """Return the group (its head alone if ``head``) and this browser's token for it; 404 unless it holds the
    token or the view key.

    The answer is kept out of every cache, unless ``revalidated`` and this browser only reads the group: its
    browser may then keep the page and ask again with its ETag (``group_page``).
    """
    try:
        group = service.group_head(group_id) if head else service.load_group(group_id)
    except Problem:
        raise GroupNotShown() from None
    token = group_token(group)
    key = view_key(group)
    if token is None and not group.view_matches(key):
        raise GroupNotShown()
    if token is None and request.args.get("view"):
        remember_group(group, view=key)
    if token is not None or not revalidated:
        carries_token()  # private: the edit link, the view key
    return group, token


def editable_group(group_id: str) -> Group:
    """Return a group this browser may change, or refuse (403 to a reader, 404 to anyone else)."""
    group, token = readable_group(group_id)
    if token is None:
        abort(403)
    return group


def flash_errors(errors: dict[str, str] | None, done: str) -> None:
    """Say what was refused, or that it was done."""
    if errors:
        flash("; ".join(errors.values()), "error")
    else:
        flash(done, "ok")


@bp.get("/groups/")
def index():
    """List the groups this browser keeps, and start one."""
    ids = [*session.get("groups", {}), *session.get("group_views", {})]
    groups = list(db.session.scalars(select(Group).where(Group.public_id.in_(ids)).order_by(Group.name))) if ids \
        else []
    return render_template("groups/index.html", groups=groups, editable=session.get("groups", {}))


@bp.route("/groups/new", methods=["GET", "POST"])
@limits_creation
def new():
    """Start a group: its name and players, or the players of a game ("Keep these players as a group")."""
    if not may_create():
        return redirect(url_for("games.access", next=request.path))
    from_game = game_of(request.values.get("game"))
    if request.method == "POST":
        return start_group(from_game)
    names = [p.name for p in from_game.players] if from_game else []
    return render_template("groups/new.html", name="", names=names, from_game=from_game, errors={})


def start_group(from_game: Game | None):
    """Start the group the form names and open its page; the form again, as typed, with what is refused."""
    check_csrf()
    names = [n.strip() for n in request.form.getlist("players") if n.strip()]
    made: list = []
    errors = saved(lambda: made.extend(make_group(request.form.get("name"), names, from_game)))
    if errors is not None:
        return render_template("groups/new.html", name=request.form.get("name", ""), names=names,
                               from_game=from_game, errors=errors), 422
    group, token = made
    remember_group(group, token=token)
    return redirect(url_for("groups.show", group_id=group.public_id))


def game_of(game_id: str | None) -> Game | None:
    """Return the game named in a form (to keep its players as a group), when there is one."""
    try:
        return services.load_game(game_id) if game_id else None
    except Problem:
        return None


def make_group(name, names, from_game: Game | None) -> tuple[Group, str]:
    """Make the group; a game this browser may edit joins it, so its result counts."""
    group, token = service.create_group(name, names)
    if from_game is not None and token_for(from_game) and from_game.group_id is None:
        service.join_game(group, from_game)
    return group, token


@bp.get("/groups/<group_id>")
def show(group_id: str):
    """Show a group's page: its games, leaderboard, records and head to head (kept for the group's version)."""
    head, token = readable_group(group_id, revalidated=True, head=True)
    choice, chosen, errors = chosen_filter()
    shows = None if errors else (choice, chosen, page_number())  # refused dates: shown as typed, to this request
    return group_page(head, token, "groups/show.html", lambda: show_context(group_id, token), shows)


def show_context(group_id: str, token: str | None, typed: dict | None = None, refused: dict | None = None) -> dict:
    """What the group's page shows (``typed``: a refused form's entries and what is wrong with them), from the
    query read into typed values (the dates as typed only when they are refused)."""
    choice, chosen, errors = chosen_filter()
    group = service.load_group(group_id)
    games, more = service.summaries(group, page_number())
    view_key = service.view_key(token) if token else None
    dates = {name: request.args.get(name, "") for name in ("since", "until")} if errors else \
        {"since": chosen.since.isoformat() if choice == "dates" and chosen.since else "",
         "until": chosen.until.isoformat() if choice == "dates" and chosen.until else ""}
    season = {"period": choice, **({"game": chosen.game} if chosen.game else {}),
              **({name: value for name, value in dates.items() if value} if choice == "dates" else {})}
    here = local_url("groups.show", group_id=group.public_id, **(season if season != {"period": "all"} else {}),
                     **({"page": page_number()} if page_number() > 1 else {}))
    return dict(group=group, token=token, view_key=view_key, games=games, more=more, page=page_number(),
                nights=nights.group_nights(group.id),
                figures=stats.group_stats(group, chosen), choice=choice, chosen=chosen, errors=errors, dates=dates,
                season=season, here=here, registry=registry.REGISTRY, typed=typed or {}, refused=refused or {},
                kept_rules=[(kept, service.described(kept)) for kept in service.all_rules(group.id)])


def group_page(group: service.GroupHead, token: str | None, template: str, context: Callable[[], dict],
               shows: tuple | None = ("all", None, 1)):
    """Answer a group page from what this process kept for the group's version, or render it and keep it.

    The page is kept for a typed variant (``variants.GroupPage``): the language, editor or reader, and ``shows``
    (the period, what it means today, as "this month" moves on, and the page of games), never the address asked
    for. A reader gets the version's ETag, and a 304 while it holds it; an editor's page holds marks for its CSRF
    token, filled in each time. A message flashed to this request, or a filter refused (``shows`` None), is shown
    on a page made for it alone.
    """
    if session.get("_flashes") or shows is None or not keeps_here():
        return render_template(template, **context())
    period, chosen, page = shows
    variant = GroupPage(template, str(get_locale()), token is not None, period, chosen, page)
    tag = cache.etag(group.public_id, group.version, variant)
    headers = {} if token else {"ETag": f'"{tag}"', "Cache-Control": "private, no-cache"}
    if not token and request.if_none_match.contains(tag):
        return "", 304, headers
    page = cache.group_answer(group.public_id, group.version, variant, lambda: render_marked(template, **context()))
    return with_this_requests_marks(page), headers


def page_number() -> int:
    """Return the page of games asked for (?page=2), 1 for anything else."""
    page = plain_number(request.args.get("page", "1"))
    return page if page is not None and 1 <= page <= 100000 else 1


def chosen_filter() -> tuple[str, stats.Filter, dict[str, str]]:
    """Read the leaderboard's choice (all time, this year, this month, dates) and game; refusals named."""
    choice = request.args.get("period", "all")
    game = request.args.get("game") or None
    if choice in ("year", "month"):
        since, until = (d.isoformat() if d else None for d in stats.period(choice, date.today()))
    elif choice == "dates":
        since, until = request.args.get("since"), request.args.get("until")
    else:
        choice, since, until = "all", None, None
    try:
        return choice, stats.read_filter(game, since, until), {}
    except Problem as exc:  # the figures of every date, of the game chosen if it is one, said so beside them
        errors = tr_errors(exc.errors)
        return choice, stats.Filter() if "game" in errors else stats.read_filter(game, None, None), errors


@bp.get("/groups/<group_id>/join/<token>")
def join(group_id: str, token: str):
    """Open a group's edit link: this browser may now start games and change players."""
    try:
        group = service.load_group(group_id)
    except Problem:
        abort(404)
    if not group.token_matches(token):
        abort(404)
    remember_group(group, token=token)
    carries_token()
    return redirect(url_for("groups.show", group_id=group_id))


@bp.get("/groups/<group_id>/<any(view, edit):kind>-qr.svg")
def qr_code(group_id: str, kind: str):
    """Draw the QR code of a group's edit or view link (for a browser that holds its edit token)."""
    group = editable_group(group_id)
    token = group_token(group)
    link = url_for("groups.join", group_id=group_id, token=token, _external=True) if kind == "edit" \
        else url_for("groups.show", group_id=group_id, view=service.view_key(token), _external=True)
    return qr_svg(link), {"Content-Type": "image/svg+xml", "Cache-Control": "private, no-store"}


@bp.get("/groups/<group_id>/play")
def play(group_id: str):
    """Offer a game in the group: the game played last (else the one whose rules it set last), its players ticked in
    their seats, its house rules."""
    group = editable_group(group_id)
    last = db.session.scalar(select(Game).where(Game.group_id == group.id).order_by(Game.created.desc()).limit(1))
    key = request.args.get("game") or (last.game_key if last else
                                       service.rules_set_last(group.id) or next(iter(registry.REGISTRY)))
    rules = registry.REGISTRY.get(key) or abort(404)
    form = kept_rules_form(rules.spec, service.rules_of(group.id, key), preset=request.args.get("preset"))
    # another game picked on this form: who was ticked, and a newcomer typed, come with it
    ticked = request.args.getlist("players") if request.args.get("picked") else \
        [p.name for p in last.players] if last else []
    return render_play(group, key, ticked, form, {}, newcomer=request.args.get("newcomer", "")[:40],
                       as_last_time=bool(last) and not request.args.get("picked"))


def start_game_kept(message: str):
    """Answer a group's new game past the limit of games started from one address: its form as typed, saying to
    wait."""
    group = editable_group((request.view_args or {}).get("group_id", ""))
    key, form, _errors = chosen_game()
    form.general_errors = [message]
    return make_response(render_play(group, key, request.form.getlist("players"), form, {}, 429,
                                     newcomer=posted_newcomer()))


def posted_newcomer() -> str:
    """Return the name typed for someone new, as typed (a refused form gives it back in its own box)."""
    return request.form.get("newcomer", "").strip()


def posted_players() -> list[str]:
    """Return who plays a group's new game as posted: the players ticked, in their seats, then the newcomer."""
    return [*request.form.getlist("players"), *(n for n in [posted_newcomer()] if n)]


@bp.post("/groups/<group_id>/play")
@limits_creation(refused=start_game_kept)
def start_game(group_id: str):
    """Start a game in the group: the game, who plays (ticked, in their usual seats, and a newcomer), and how the
    table plays (a preset, the house rules: the new-game form's own fields)."""
    group = editable_group(group_id)
    check_csrf()
    key, form, errors = chosen_game()
    made: list = []
    if errors is None:
        errors = saved(lambda: made.extend(start_in_group(group, key, form)))
    if errors is None:
        remember_token(*made)
        return redirect(url_for("games.table", game_id=made[0].public_id))
    place_new_game_errors(form, errors)  # an option's refusal by its input, the rest above the form
    # the newcomer back in its own box, not a ticked row of someone the group does not have
    return render_play(group, key, request.form.getlist("players"), form, {}, 422, newcomer=posted_newcomer())


def start_in_group(group: Group, key: str, form) -> tuple[Game, str]:
    """Start the game a group's start-a-game form asks for, with the players posted; return it with its token. The
    form, filled in with the group's own rules, sends every rule it shows."""
    return service.start_game(group, group_token(group), key, posted_players(),
                              options_from(form, registry.REGISTRY[key].spec), chosen_preset(form), own_rules=False)


def chosen_game() -> tuple[str, object, dict[str, str] | None]:
    """Read the game and house rules posted to start one: the game's key, its new-game form, and the refusal of a
    game that is not one, or of a house rule the form itself refuses ({}: said on its input)."""
    key = request.form.get("game", "")
    rules = registry.REGISTRY.get(key)
    if rules is None:
        key = next(iter(registry.REGISTRY))
        return key, new_game_form(registry.REGISTRY[key].spec, formdata=request.form), {"game": _("Choose a game.")}
    form = new_game_form(rules.spec, formdata=request.form)
    form.validate()
    return key, form, {} if any(f.errors for f in form if f.name.startswith("opt_") or f.name == "preset") else None


def render_play(group: Group, key: str, ticked: list[str], form, errors: dict[str, str], status: int = 200,
                newcomer: str = "", as_last_time: bool = False):
    """Show the start-a-game form: the players ticked come first, in their seats, then the rest; the chosen game's
    presets and house rules (none until a game is chosen)."""
    if status == 422 and form is not None:
        not_started(form)
    # the rest of the group after them (a name stored before names were NFC is the same name as its ticked copy)
    seated = {unicodedata.normalize("NFC", name) for name in ticked}
    order = ticked + [m.name for m in group.members if unicodedata.normalize("NFC", m.name) not in seated]
    spec = registry.REGISTRY[key].spec if key else None
    kept = service.rules_of(group.id, key) if key else None
    return render_template("groups/play.html", group=group, key=key, order=order, ticked=set(ticked), form=form,
                           spec=spec, presets=preset_inputs(spec, kept) if spec else {}, errors=errors, kept=kept,
                           registry=registry.REGISTRY, newcomer=newcomer, as_last_time=as_last_time), status


@bp.get("/groups/<group_id>/rules/<key>")
def rules_page(group_id: str, key: str):
    """Show the form of the group's own rules for a game, filled in with those it keeps (the usual ones else)."""
    group = editable_group(group_id)
    rules = registry.REGISTRY.get(key) or abort(404)
    form = kept_rules_form(rules.spec, service.rules_of(group.id, key), preset=request.args.get("preset"))
    return render_rules(group, key, form)


@bp.post("/groups/<group_id>/rules/<key>")
def set_rules(group_id: str, key: str):
    """Keep the group's own rules for a game, as its form chose them; the form again, as typed, if refused."""
    group = editable_group(group_id)
    check_csrf()
    spec = (registry.REGISTRY.get(key) or abort(404)).spec
    form = new_game_form(spec, formdata=request.form)
    errors = {} if form_refuses(form) else \
        saved(lambda: service.set_rules(group, key, chosen_preset(form), options_from(form, spec)))
    if errors is None:
        flash(_("Saved: new games of %(game)s start from these rules.", game=_(spec.name)), "ok")
        return redirect(url_for("groups.show", group_id=group_id) + "#rules")
    place_new_game_errors(form, errors)
    return render_rules(group, key, form, 422)


@bp.post("/groups/<group_id>/rules/<key>/clear")
def clear_rules(group_id: str, key: str):
    """Forget the group's own rules for a game: its new games start from the usual rules again."""
    group = editable_group(group_id)
    check_csrf()
    spec = (registry.REGISTRY.get(key) or abort(404)).spec
    flash_errors(saved(lambda: service.clear_rules(group, key)),
                 _("New games of %(game)s start from the usual rules again.", game=_(spec.name)))
    return redirect(url_for("groups.show", group_id=group_id) + "#rules")


def form_refuses(form) -> bool:
    """Say whether the new-game form itself refuses a house rule or the preset posted (said on its input)."""
    form.validate()
    return any(f.errors for f in form if f.name.startswith("opt_") or f.name == "preset")


def render_rules(group: Group, key: str, form, status: int = 200):
    """Show the form of the group's own rules for one game: its presets and every option, as the new-game form
    asks them."""
    spec, kept = registry.REGISTRY[key].spec, service.rules_of(group.id, key)
    if status == 422:
        form.refused = _("These rules were not saved; see what is marked below.")
    return render_template("groups/rules.html", group=group, key=key, form=form, spec=spec, kept=kept,
                           presets=preset_inputs(spec), registry=registry.REGISTRY), status


@bp.post("/groups/<group_id>/players")
def add_player(group_id: str):
    """Add a player to the group."""
    check_csrf()
    group = editable_group(group_id)
    name = request.form.get("name", "")
    refused = saved(lambda: service.add_member(group, name))
    if refused:  # the page again, with the name as typed and what is wrong with it
        context = show_context(group_id, group_token(group), typed={"name": name}, refused=refused)
        return render_template("groups/show.html", **context), 422
    flash(_("%(name)s joined the group.", name=name.strip()), "ok")
    return redirect(url_for("groups.show", group_id=group_id) + "#players")


@bp.get("/groups/<group_id>/players/<int:member_id>")
def player(group_id: str, member_id: int):
    """Show one player: their form over time, best and worst per game; rename or merge them."""
    head, token = readable_group(group_id, revalidated=True, head=True)
    return group_page(head, token, "groups/player.html", lambda: player_context(group_id, member_id, token))


def player_context(group_id: str, member_id: int, token: str | None, typed: dict | None = None,
                   refused: dict | None = None) -> dict:
    """What a player's page shows (``typed``: a refused form's entries and what is wrong with them)."""
    group = service.load_group(group_id)
    member = member_or_404(group, member_id)
    figures = stats.group_stats(group)
    line = next(l for l in figures.lines if l.member.id == member.id)
    points = stats.form(member)
    return dict(group=group, member=member, line=line, token=token, chart=Markup(form_chart(points, member.colour)),
                points=points, registry=registry.REGISTRY, typed=typed or {}, refused=refused or {},
                here=local_url("groups.player", group_id=group.public_id, member_id=member.id),
                tablemates=service.tablemates(member) if token else set())


def member_or_404(group: Group, member_id: int):
    """Return the group's player, or the not-found page."""
    try:
        return service.find_member(group, member_id)
    except Problem:
        abort(404)


@bp.post("/groups/<group_id>/players/<int:member_id>")
def change_player(group_id: str, member_id: int):
    """Rename a player (everywhere) and set their colour and emoji."""
    check_csrf()
    group = editable_group(group_id)
    member = member_or_404(group, member_id)
    refused = saved(lambda: change_member(group, member, request.form))
    if refused:
        return player_refused(group, member_id, refused)
    flash(_("Saved."), "ok")
    return redirect(url_for("groups.player", group_id=group_id, member_id=member_id))


def change_member(group: Group, member, form) -> None:
    """Rename a player and set their colour and emoji, as the player's form posts them."""
    service.rename_member(group, member, form.get("name", ""))
    service.set_look(member, form.get("colour", ""), form.get("emoji", "").strip())


def player_refused(group: Group, member_id: int, refused: dict[str, str]):
    """Show a player's page again, with the name, colour and emoji as typed and what is wrong with them."""
    typed = {key: request.form.get(key, "") for key in ("name", "colour", "emoji")}
    context = player_context(group.public_id, member_id, group_token(group), typed=typed, refused=refused)
    return render_template("groups/player.html", **context), 422


@bp.post("/groups/<group_id>/players/<int:member_id>/merge")
def merge_player(group_id: str, member_id: int):
    """Fold this player's name into another's: two names of one person."""
    check_csrf()
    group = editable_group(group_id)
    member = member_or_404(group, member_id)
    into_id = plain_number(request.form.get("into", ""), longest=18)
    if into_id is None:
        flash(_("Pick the player %(name)s is the same person as.", name=member.name), "error")
        return redirect(url_for("groups.player", group_id=group_id, member_id=member_id))
    into = member_or_404(group, into_id)
    errors = saved(lambda: service.merge_members(group, member, into))
    flash_errors(errors, _("%(a)s and %(b)s are one player now.", a=member.name, b=into.name))
    return redirect(url_for("groups.player", group_id=group_id, member_id=member_id if errors else into.id))


@bp.get("/games/<game_id>/group")
def game_group(game_id: str):
    """Open the group a game was played in, from the game's table page: its page for a browser that may read it; for
    another, a word that the group's page needs the group's own link (the game's link opens the game alone)."""
    game = game_of(game_id)
    if game is None or game.group_id is None:
        abort(404)
    page = group_page_of(game)
    if page is not None:
        return redirect(page)
    return render_template("errors/error.html", title=_("This game was played in a group"),
                           text=_("The group's page opens with the group's own link: ask the table for it.")), 403


@bp.get("/groups/<group_id>/games/<game_id>")
def open_game(group_id: str, game_id: str):
    """Open a game of the group as the holder of the group's edit link: the game's edit link when it was started in
    the group or at one of its club nights (``nights.group_game_token``), so any phone of the group can go on scoring
    it; else its table."""
    group = editable_group(group_id)
    game = game_of(game_id)
    if game is None or game.group_id != group.id:
        abort(404)
    token = nights.group_game_token(group_token(group), game)
    if game.token_matches(token):
        remember_token(game, token)
    elif token_for(game) is None:
        flash(_("This game opens with its own edit link, not the group's: ask the phone that keeps its scores for "
                "it."), "ok")
    return redirect(url_for("games.table", game_id=game.public_id))


@bp.get("/groups/<group_id>/history.csv")
def history_csv(group_id: str):
    """Send the group's finished games as CSV: one line per player per game. It opens with a byte order mark, which
    spreadsheets read as UTF-8 ("Zoé", not "ZoÃ©" in Excel) and Python's csv reads with ``utf-8-sig``."""
    group, _token = readable_group(group_id)
    filename = f"{slug(group.name)}-history.csv"
    return history_text(group), {"Content-Type": "text/csv; charset=utf-8",
                                 "Content-Disposition": f'attachment; filename="{filename}"'}


def history_text(group: Group) -> str:
    """Write the group's finished games as CSV text, a byte order mark first."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow([_("date"), _("game"), _("game id"), _("seat"), _("player"), _("place"), _("total"), _("won")])
    for played, key, public_id, seat, name, place, total, won in service.history_rows(group):
        writer.writerow([played.date().isoformat(), csv_safe(stat_game(key)), public_id, seat + 1,
                         csv_safe(name), place, "" if total is None else stats.number(total), 1 if won else 0])
    return out.getvalue()


def csv_safe(text: str) -> str:
    """Keep a name from being read as a formula by a spreadsheet (=, +, -, @ first)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def slug(name: str) -> str:
    """Make a file name of a group's name: letters and digits, dashes between."""
    return "-".join("".join(c if c.isalnum() and c.isascii() else " " for c in name).split()).lower() or "group"


def season_games(rows: list[tuple]) -> list[dict]:
    """Return the games of ``history_rows``, newest first, each with its seats in place order: (place, name, total,
    won)."""
    games: dict[str, dict] = {}
    for played, key, public_id, _seat, name, place, total, won in rows:
        games.setdefault(public_id, {"played": played, "key": key, "seats": []})["seats"].append(
            (place, name, total, won))
    for game in games.values():
        game["seats"].sort(key=lambda seat: seat[0])
    return sorted(games.values(), key=lambda game: game["played"], reverse=True)


@bp.get("/groups/<group_id>/season.pdf")
def season_pdf(group_id: str):
    """Send a printable season summary: the leaderboard, records and games, for the chosen period and game."""
    from ..web.pdf import render_pdf

    group, _token = readable_group(group_id)
    choice, chosen, _errors = chosen_filter()
    figures = stats.group_stats(group, chosen)
    shown = service.history_rows(group, *chosen.where(Result))
    html = render_template("groups/season.html", group=group, figures=figures, games=season_games(shown),
                           chosen=chosen, registry=registry.REGISTRY, today=date.today())
    with printing():
        pdf = render_pdf(lambda squeeze: html)
    return pdf, {"Content-Type": "application/pdf",
                 "Content-Disposition": f'attachment; filename="{slug(group.name)}-season.pdf"'}
