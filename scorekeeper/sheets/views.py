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
from ..web.answers import game_or_404
from ..web.hosting import printing
from ..web.i18n import tr_errors
from ..play.services import Problem
from . import bp
from .forms import PAPERS, chosen_count, chosen_names, place_sheet_errors, sheet_form
from .layout import sheet_context
from ..web.pdf import SQUEEZES, render_pdf
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
        return render_template("sheets/choose.html", form=form, spec=rules.spec, presets=preset_inputs(rules.spec),
                           pads=rules.pads), 422
    try:
        rules, table = services.blank_table(key, chosen_names(form), chosen_count(form), options_from(form, rules.spec),
                                            chosen_preset(form))
    except Problem as exc:
        place_sheet_errors(form, tr_errors(exc.errors))
        return render_template("sheets/choose.html", form=form, spec=rules.spec, presets=preset_inputs(rules.spec),
                           pads=rules.pads), 422
    paper = paper_of(request.args)
    pad = request.args.get("pad") if request.args.get("pad") in rules.pads else None
    asked = sha256(repr((key, kind, table, paper, pad, str(get_locale()))).encode()).hexdigest()[:32]
    return send_pdf(("blank", asked), f"{asked}-{cache.release()}", f"{key}-{kind}.pdf",
                    lambda: make_sheet(TEMPLATES[kind, False], rules.spec, table, paper, pad=pad))


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
                    f"{view_name(game)}-{kind}.pdf", make)


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


def send_pdf(key: tuple, tag: str, filename: str, make) -> object:
    """Send a PDF by its tag: 304 when the reader has it, from the one cache when made lately (``key``), else
    made now. A sheet holds links to this site (the rules card's), so what is kept is kept per address."""
    if request.if_none_match.contains(tag):
        return make_response("", 304, {"ETag": f'"{tag}"', "Vary": "Accept-Language, Cookie"})

    def made_now() -> bytes:
        with printing():
            return make()

    pdf = cache.kept((*key, request.host_url, request.script_root), made_now)
    response = make_response(pdf)
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"  # always ask; an unchanged sheet then costs a 304
    response.vary.update(("Accept-Language", "Cookie"))  # the sheet is in the reader's language
    return response
