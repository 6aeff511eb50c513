"""Print pages and PDF downloads: blank sheets, filled sheets of a game, and rules cards."""
from __future__ import annotations

from datetime import date
from hashlib import sha256

from flask import abort, make_response, render_template, request
from flask_babel import get_locale

from .. import rules as registry
from ..live import cache
from ..play import services, tables
from ..web.newgame import chosen_preset, options_from, preset_inputs
from ..web.access import game_or_404
from ..web.hosting import printing
from ..web.i18n import tr_errors
from ..play.services import Problem
from . import bp
from .forms import PAPERS, chosen_count, chosen_names, place_sheet_errors, sheet_form
from .layout import sheet_context
from ..web.pdf import SQUEEZES, render_pdf
from ..web.templating import keeps_here
from ..live.variants import Sheet

FILLED_SQUEEZES = 4  # a filled sheet's tries at one page: tighter rows, then a lower chart



@bp.get("/sheets/")
def index():
    """List the games to print a sheet for."""
    return render_template("sheets/index.html", registry=registry.REGISTRY)


@bp.get("/sheets/<key>")
def choose(key: str):
    """Show the print form for one game: players, house rules and paper."""
    rules = registry.get(key) or abort(404)
    form = sheet_form(rules.spec, paper=paper_of({}), preset=request.args.get("preset"))
    return render_template("sheets/choose.html", form=form, spec=rules.spec, presets=preset_inputs(rules.spec),
                           pads=rules.pads)


@bp.get("/sheets/<key>/<any(sheet, rules):kind>.pdf")
def blank(key: str, kind: str):
    """Send a blank sheet (or a rules card) fitted to the players and house rules chosen on the print form."""
    rules = registry.get(key) or abort(404)
    form = sheet_form(rules.spec, formdata=request.args)
    if not form.validate():  # a number that is not a number, said on its field
        return choose_again(form, rules.spec)
    try:
        rules, table = services.blank_table(key, chosen_names(form), chosen_count(form), options_from(form, rules.spec),
                                            chosen_preset(form))
    except Problem as exc:
        place_sheet_errors(form, tr_errors(exc.errors))
        return choose_again(form, rules.spec)
    return send_blank(key, kind, rules.spec, table)


def choose_again(form, spec):
    """Show the print form again, with what is wrong marked on it."""
    return render_template("sheets/choose.html", form=form, spec=spec, presets=preset_inputs(spec),
                           pads=registry.get(spec.key).pads), 422


def send_blank(key: str, kind: str, spec, table):
    """Send the blank sheet or rules card of ``table`` on the paper (and pad) asked for, by a tag of all it shows."""
    paper = paper_of(request.args)
    pad = request.args.get("pad") if request.args.get("pad") in registry.get(key).pads else None
    asked = sha256(repr((key, kind, table, paper, pad, str(get_locale()))).encode()).hexdigest()[:32]
    return send_pdf(("blank", asked), f"{asked}-{cache.release()}", f"{key}-{kind}.pdf",
                    lambda: make_sheet(TEMPLATES[kind, False], spec, table, paper, pad=pad), kind == "rules")


@bp.get("/games/<game_id>/<any(sheet, rules):kind>.pdf")
def filled(game_id: str, kind: str):
    """Send the filled sheet of a game as it stands (or its rules card), for players and spectators alike."""
    game = game_or_404(game_id)
    paper = paper_of(request.args)
    # the day is in the tag: an unfinished game's sheet says when it was printed (same tag, same bytes everywhere)
    shown = Sheet(kind, paper, str(get_locale()), date.today().isoformat())

    def make() -> bytes:
        view = tables.table_view(game)
        return make_sheet(TEMPLATES[kind, True], view.spec, view.derived.table, paper, view)

    return send_pdf(("sheet", game.public_id, game.version, shown), cache.etag(game.public_id, game.version, shown),
                    f"{view_name(game)}-{kind}.pdf", make, kind == "rules")


TEMPLATES = {  # (kind, of a game?) -> template
    ("sheet", False): "sheets/blank.html", ("rules", False): "sheets/rules_card.html",
    ("sheet", True): "sheets/filled.html", ("rules", True): "sheets/rules_card.html",
}


def make_sheet(template: str, spec, table, paper: str, view=None, pad: str | None = None) -> bytes:
    """Render one sheet to PDF, squeezed to one page where it can (a long blank sheet or filled sheet breaks between
    its parts)."""
    plan = registry.get(spec.key).plan(table, pad if template == "sheets/blank.html" else None)
    card = template == "sheets/rules_card.html"
    first = sheet_context(spec, table, plan, paper, view, card=card)
    pages = {0: first}

    def html(squeeze: int) -> str:
        context = pages.get(squeeze) or sheet_context(spec, table, plan, paper, view, squeeze, card=card)
        return render_template(template, **context)

    filled = template == "sheets/filled.html"  # a filled sheet is squeezed to one page where it can, else breaks
    return render_pdf(html, one_page=filled or first["fit"].one_page, tries=FILLED_SQUEEZES if filled else SQUEEZES)


def view_name(game) -> str:
    """Name a game's download by its game and the day it started."""
    return f"{game.game_key}-{game.created:%Y-%m-%d}"


LETTER_REGIONS = {"US", "CA", "MX", "PH", "CL", "CO", "VE"}  # where Letter paper is the usual size


def paper_of(args) -> str:
    """Return the paper asked for, else the one usual where the reader's language says they are."""
    if args.get("paper") in PAPERS:
        return args["paper"]
    language = request.accept_languages.best or ""
    return "letter" if language.replace("_", "-").split("-")[-1].upper() in LETTER_REGIONS else "a4"


def send_pdf(key: tuple, tag: str, filename: str, make, writes_host: bool = False) -> object:
    """Send a PDF by its tag: 304 when the reader has it, from the one cache when made lately (``key``), else
    made now. A sheet that prints the site's address (the rules card: ``writes_host``) is kept only when the
    configuration names the host (``templating.keeps_here``); else it is made for this request alone."""
    if request.if_none_match.contains(tag):
        return make_response("", 304, {"ETag": f'"{tag}"', "Vary": "Accept-Language, Cookie"})

    def made_now() -> bytes:
        with printing():
            return make()

    pdf = cache.kept(key, made_now) if keeps_here(writes_host) else made_now()
    response = make_response(pdf)
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"  # always ask; an unchanged sheet then costs a 304
    response.vary.update(("Accept-Language", "Cookie"))  # the sheet is in the reader's language
    return response
