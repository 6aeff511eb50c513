"""Phone pages: the home list, starting a game, the table page and its round forms."""
from __future__ import annotations

from flask import abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from .. import rules as registry
from .. import services
from ..extensions import csrf, db
from ..i18n import tr_errors
from ..models import Game
from ..services import Problem
from . import bp
from .forms import (chosen_preset, names_from, new_game_form, options_from, place_errors, place_new_game_errors,
                    preset_values, round_data, round_form)

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
    form = new_game_form(rules.spec, preset=request.args.get("preset"))
    if not form.is_submitted():
        return render_new_game(form, rules.spec)
    if form.validate():
        try:
            game, token = services.create_game(key, names_from(form), options_from(form, rules.spec),
                                               chosen_preset(form))
        except Problem as exc:
            db.session.rollback()
            place_new_game_errors(form, tr_errors(exc.errors))
        else:
            db.session.commit()
            remember_token(game, token)
            return redirect(url_for("games.table", game_id=game.public_id))
    return render_new_game(form, rules.spec, 422)


def render_new_game(form, spec, status: int = 200):
    """Render the new-game form, with every preset's option values for the page's script."""
    presets = {name: preset_values(spec, name) for name in ["", *spec.presets]}
    return render_template("games/new.html", form=form, spec=spec, presets=presets), status


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
    round_name = _(services.rules_for(game).spec.round_name)
    form.refused = _("%(round)s %(n)s was not saved; see what is marked below.",
                     round=round_name, n=derived.next_turn.number)
    return render_page(game, derived, form, 422)


@bp.route("/games/<game_id>/rounds/<round:number>/edit", methods=["GET", "POST"])
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


@bp.post("/games/<game_id>/rounds/<round:number>/delete")
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
        flash(_("%(round)s %(n)s deleted.", round=_(services.rules_for(game).spec.round_name), n=number), "info")
    return redirect(url_for("games.table", game_id=game_id))


@bp.post("/games/<game_id>/finish")
def finish(game_id: str):
    """End the game now: the leaders win."""
    return change_game(game_id, services.finish_game)


@bp.post("/games/<game_id>/resume")
def resume(game_id: str):
    """Take back an accidental "end the game now"."""
    return change_game(game_id, services.resume_game)


def change_game(game_id: str, change) -> object:
    """Apply a one-button change to a game this browser may edit, then show the table."""
    check_csrf()
    game = editable_game_or_403(game_id)
    change(game)
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
