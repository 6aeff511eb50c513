"""Phone pages: the home list, starting a game, the table page and its round forms."""
from __future__ import annotations

from flask_wtf.csrf import generate_csrf
from sqlalchemy.exc import IntegrityError
from markupsafe import Markup
from flask import current_app, abort, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from .. import rules as registry
from .. import services
from ..extensions import csrf, db
from ..i18n import tr_errors
from ..models import Game
from ..services import Problem
from . import bp
from .forms import error_input, names_from, new_game_form, options_from, place_errors, round_data, round_form

KEPT_TOKENS = 40  # edit tokens this browser remembers (the session cookie must stay small)


def remember_token(game: Game, token: str) -> None:
    """Let this browser edit ``game`` from now on."""
    tokens = {k: v for k, v in session.get("tokens", {}).items() if k != game.public_id}
    tokens[game.public_id] = token
    session["tokens"] = dict(list(tokens.items())[-KEPT_TOKENS:])
    session.permanent = True


def token_for(game: Game) -> str | None:
    """Return this browser's edit token for ``game`` if it still opens it."""
    token = session.get("tokens", {}).get(game.public_id)
    return token if game.token_matches(token) else None


def check_csrf() -> None:
    """Check the CSRF token of a small button form (the WTForms forms check their own)."""
    if current_app.config.get("WTF_CSRF_ENABLED", True):
        csrf.protect()


def game_or_404(game_id: str) -> Game:
    """Load a game or show the not-found page."""
    try:
        return services.load_game(game_id)
    except Problem:
        abort(404)


def editable_game_or_403(game_id: str) -> Game:
    """Load a game this browser may change, or refuse."""
    game = game_or_404(game_id)
    if token_for(game) is None:
        abort(403)
    return game


@bp.get("/")
def index():
    """Show the games, newest first, and the way to start one."""
    return render_template("games/index.html", games=services.list_games(), registry=registry.REGISTRY)


@bp.route("/new/<key>", methods=["GET", "POST"])
def new_game(key: str):
    """Start a game: name the players in seat order and pick the house rules."""
    rules = registry.get(key) or abort(404)
    form = new_game_form(rules.spec)
    if not form.is_submitted():
        return render_template("games/new.html", form=form, spec=rules.spec)
    if form.validate():
        try:
            game, token = services.create_game(key, names_from(form), options_from(form, rules.spec))
        except Problem as exc:
            db.session.rollback()
            place_new_game_errors(form, tr_errors(exc.errors))
        else:
            db.session.commit()
            remember_token(game, token)
            return redirect(url_for("games.table", game_id=game.public_id))
    return render_template("games/new.html", form=form, spec=rules.spec), 422


def place_new_game_errors(form, errors: dict[str, str]) -> None:
    """Put each error next to the name or option it is about."""
    form.general_errors = []
    filled = [entry for entry in form.players if entry.data and entry.data.strip()]
    for path, message in errors.items():
        parts = path.split(".")
        if parts[0] == "players" and len(parts) == 2 and int(parts[1]) < len(filled):
            filled[int(parts[1])].errors = [message]
        elif parts[0] == "options" and f"opt_{parts[1]}" in form:
            form[f"opt_{parts[1]}"].errors = [message]
        else:
            form.general_errors.append(message)


@bp.get("/games/<game_id>")
def table(game_id: str):
    """Show the table: standings, every round so far, and the form for the next one."""
    game = game_or_404(game_id)
    derived = services.derive_game(game)
    form = None
    if token_for(game) and not derived.over:
        form = next_round_form(game, derived)
    return render_page(game, derived, form)


def next_round_form(game: Game, derived, formdata=None, data=None):
    """Build the form for the next round."""
    rules = services.rules_for(game)
    fields = rules.round_fields(derived.table, derived.state, derived.next_turn)
    return round_form(fields, derived.table, derived.seats_in, formdata=formdata, data=data)


def render_page(game: Game, derived, form, status: int = 200):
    """Render the table page from the game state."""
    state = services.game_state(game, derived)
    rules = services.rules_for(game)
    notes = [] if derived.over else rules.notes(derived.table, derived.state, derived.next_turn)
    return render_template("games/table.html", game=game, state=state, derived=derived, form=form, rules=rules,
                           token=token_for(game), notes=notes,
                           seat_notes=rules.seat_notes(derived.table, derived.state, derived.over)), status


@bp.post("/games/<game_id>/rounds")
def add_round(game_id: str):
    """Record the next round from the form; a refused round keeps what was typed."""
    game = editable_game_or_403(game_id)
    derived = services.derive_game(game)
    if derived.over:
        flash(_("The game is over; no more rounds can be added."), "error")
        return redirect(url_for("games.table", game_id=game_id))
    form = next_round_form(game, derived, formdata=request.form)
    if form.validate():
        try:
            services.add_round(game, round_data(form, derived.table, derived.seats_in),
                               number=request.form.get("number", type=int))
            db.session.commit()
        except Problem as exc:
            db.session.rollback()
            place_errors(form, tr_errors(exc.errors))
        except IntegrityError:  # another phone saved this round a moment before
            db.session.rollback()
            form.general_errors.append(_("Another phone saved this round first; reload to see it."))
        else:
            return redirect(url_for("games.table", game_id=game_id, _anchor="standings"))
    return render_page(game, derived, form, 422)


@bp.route("/games/<game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: str, number: int):
    """Correct a round; everything after it is worked out again."""
    game = editable_game_or_403(game_id)
    if not 1 <= number <= len(game.rounds):
        abort(404)
    before = services.derive_game(game, [r.data for r in game.rounds[: number - 1]])
    stored = game.rounds[number - 1].data
    form = next_round_form(game, before, formdata=request.form if request.method == "POST" else None,
                           data=stored)
    if request.method == "POST" and form.validate():
        try:
            services.edit_round(game, number, round_data(form, before.table, before.seats_in))
        except Problem as exc:
            db.session.rollback()
            place_errors(form, tr_errors(exc.errors))
        else:
            db.session.commit()
            return redirect(url_for("games.table", game_id=game_id, _anchor="rounds"))
    return render_template("games/edit_round.html", game=game, number=number, form=form,
                           edit_table=before.table, edit_seats_in=before.seats_in,
                           rules=services.rules_for(game)), \
        422 if request.method == "POST" else 200


@bp.post("/games/<game_id>/rounds/<int:number>/delete")
def delete_round(game_id: str, number: int):
    """Delete the last round."""
    check_csrf()
    game = editable_game_or_403(game_id)
    try:
        services.delete_round(game, number)
    except Problem as exc:
        db.session.rollback()
        flash(" ".join(tr_errors(exc.errors).values()), "error")
    else:
        db.session.commit()
        flash(_("Round %(n)s deleted.", n=number), "info")
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/finish")
def finish(game_id: str):
    """End the game now: the leaders win."""
    check_csrf()
    game = editable_game_or_403(game_id)
    services.finish_game(game)
    db.session.commit()
    return redirect(url_for("games.table", game_id=game_id))


@bp.get("/games/<game_id>/edit/<token>")
def join(game_id: str, token: str):
    """Open a shared edit link: this browser may now enter rounds."""
    game = game_or_404(game_id)
    if not game.token_matches(token):
        abort(403)
    remember_token(game, token)
    return redirect(url_for("games.table", game_id=game_id))


@bp.app_template_global()
def field_groups(fields):
    """Group round fields into runs of round questions and runs of player questions."""
    groups: list[tuple[str, list]] = []
    for field in fields:
        scope = "round" if field.scope.value == "round" else "player"
        if groups and groups[-1][0] == scope:
            groups[-1][1].append(field)
        else:
            groups.append((scope, [field]))
    return groups


@bp.app_template_global()
def csrf_field():
    """Return the hidden CSRF input for a small form with no WTForms class."""
    return Markup(f'<input type="hidden" name="csrf_token" value="{generate_csrf()}">')


@bp.app_template_filter()
def seat_name(seat: int, state: dict) -> str:
    """Return the name of the player in ``seat``."""
    return state["players"][seat]


@bp.app_errorhandler(500)
def server_error(exc):
    """Answer an unexpected failure without showing its insides."""
    db.session.rollback()
    if request.path.startswith("/api/"):
        return {"errors": {"server": _("Something went wrong on our side; nothing was saved.")}}, 500
    return render_template("errors/error.html", title=_("Something went wrong"),
                           text=_("Nothing was saved. Please try again.")), 500


@bp.app_errorhandler(400)
@bp.app_errorhandler(403)
@bp.app_errorhandler(404)
@bp.app_errorhandler(405)
@bp.app_errorhandler(413)
def page_error(exc):
    """Show a page error in table words (the API answers JSON; see api.views)."""
    if request.path.startswith("/api/"):
        from ..api.views import http_error

        return http_error(exc)
    texts = {
        403: (_("You can follow this game, but not change it"), _("Ask whoever started it for the edit link.")),
        400: (_("That form could not be read"), _("It may have expired. Go back, reload the page and send it again.")),
        404: (_("Nothing here"), _("There is no such game or page; check the link.")),
    }
    title, text = texts.get(exc.code, (_("That did not work"), exc.description))
    return render_template("errors/error.html", title=title, text=text), exc.code
