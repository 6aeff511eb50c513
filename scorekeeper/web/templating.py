"""Small helpers the templates share."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel.lists import format_list
from flask import Flask, current_app, g, render_template, request, url_for
from flask_babel import format_date, format_decimal, format_percent, get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ..live import cache
from ..extensions import db
from ..play import groups, stats
from ..play.charts import colour_of, table_chart
from ..store.models import Game, Group
from .i18n import (card_letters, gettext, isolate, option_said, minus, money, other_languages, rank_letters,
                   reader_notation, lower_first, tr, tr_mark, translations)
from .qr import qr_svg
from .. import rules as registry
from ..rules import cards
from ..rules.messages import N_, Msg
from ..rules.spec import Field, FieldKind
from ..play.services import new_entry_key


def register(app: Flask) -> None:
    """Make the helpers available in every template; ``_`` and ``ngettext`` use this request's translations."""
    app.jinja_env.install_gettext_callables(lambda text: translations().ugettext(text),
                                            lambda one, many, n: translations().ungettext(one, many, n), newstyle=True,
                                            pgettext=lambda context, text: translations().upgettext(context, text))
    app.jinja_env.globals.update(get_locale=get_locale, tr=tr, table_chart=table_chart, colour_of=colour_of,
                                 field_groups=field_groups, csrf_field=csrf_field, ordinal=ordinal,
                                 shared_place=shared_place, deck=deck, card_key=card_key, game_title=game_title, round_input_kind=round_input_kind,
                                 kept_part=kept_part, site_url=site_url, printed_url=printed_url, other_languages=other_languages, card_letters=card_letters,
                                 card_notations=cards.notations_for_pages(), money=money,
                                 card_said=card_said, option_said=option_said, whose_rules=whose_rules,
                                 stat_game=stat_game, group_of_game=group_of_game, group_looks=group_looks,
                                 win_rate=win_rate, night_name=night_name, qr=qr)
    app.jinja_env.filters.update(seat_name=seat_name, tr=tr, tr_mark=tr_mark, day=day, listed=listed, minus=minus,
                                 lower_first=lower_first, isolate=isolate, number=number, seat_of=seat_of,
                                 names_of=names_of, sides=sides)


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


INPUT_KINDS = {"int": "number", "bool": "bool", "seat": "radio", "choice": "radio", "seats": "chips", "rank": "select"}


def round_input_kind(field) -> str:
    """Say how the round form's macro writes a field's input: number, bool, radio, chips, select or text."""
    return INPUT_KINDS.get(field.kind.value, "text")


def csrf_field():
    """Return the hidden CSRF input for a small form with no WTForms class (its mark in a render to be kept)."""
    return Markup('<input type="hidden" name="csrf_token" value="%s">') % csrf_token()


def deck() -> dict:
    """Describe how cards are written, for the card pads: the rules' deck, with the letters the reader uses (R, D, V)."""
    letters = rank_letters()
    reader = reader_notation()
    # a letter of the other language, refused as the server refuses it ("VC": C is clubs in English, hearts in French)
    said = {kind: {letter: gettext("%(card)s: %(why)s", card="{card}", why=gettext(why)) for letter, why in traps.items()}
            for kind, traps in (("traps", reader.traps), ("rank_traps", reader.rank_traps))}
    return {**cards.deck(reader), **said, "names": {rank: shown for rank, shown in letters.items() if shown != rank},
            "suit_names": {code: gettext(name) for code, name in cards.SUIT_NAMES.items()},  # read out, never a letter
            "back": gettext("Delete the last card")}


def card_said(said) -> dict[str, str]:
    """Say, for the card helper, why the rules refuse each of these cards here, in the reader's words ("{card}" stands
    for the card as typed): ``Field.card_said``."""
    memo = g.setdefault("card_said", {})  # the same for every seat of a round form: said once a request
    key = (id(said), str(get_locale()))
    if key not in memo:
        memo[key] = (said, {code: tr(text) if isinstance(text, Msg) else gettext(text, card="{card}")
                            for code, text in said.items()})  # the mapping kept with it: its id is not reused
    return memo[key][1]


def game_title(key: str, options: Any) -> str:
    """Name one game for the reader: its game's name, or the name its table typed ("Five Crowns")."""
    rules = registry.get(key)
    return tr(rules.title(options)) if rules is not None else key


def card_key(fields: Any = ()) -> str:
    """Say how the reader writes cards ("Suits: P pique · Co cœur…" in French), shown wherever cards are typed: with
    the joker's letter unless every card box among ``fields`` (one field or several) counts only cards that are no
    joker (Gin Rummy's upcard), as the card pad offers no joker there (``table.js``)."""
    boxes = [f for f in ([fields] if isinstance(fields, Field) else fields) if f.kind is FieldKind.CARDS]
    keys = {f.card_key for f in boxes}  # the boxes' own key when they agree, else the general one
    return tr(Msg(keys.pop() if len(keys) == 1 else cards.CARD_KEY))


def day(moment) -> str:
    """Write a date as the reader's language does, on one line: "Nov 23, 2026", "23 nov. 2026" (no-break spaces,
    so a sheet's header never leaves the year alone on a line of its own)."""
    return format_date(moment, "medium").replace(" ", "\u00a0")


def listed(items) -> str:
    """Join names as the reader's language does: "Ann, Bob and Cy", "Ann, Bob et Cy"."""
    items = list(items)
    return format_list(items, locale=get_locale() or "en") if items else ""


def seat_name(seat: int, view) -> str:
    """Return the name of the player in ``seat`` of a table view."""
    return view.players[seat]


ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"), N_("8th"), N_("9th"),
            N_("10th"), N_("11th"), N_("12th"))
LATER_PLACE = N_("%(n)sth")  # 13th to 20th, the most players a game takes


def ordinal(place: int, shared: bool = False) -> str:
    """Say a place as the table does: "1st", and "=2nd" when two or more share it."""
    word = gettext(ORDINALS[place - 1]) if 0 < place <= len(ORDINALS) else gettext(LATER_PLACE, n=place)
    return gettext("=%(place)s", place=word) if shared else word


def shared_place(view, seat) -> bool:
    """Say whether another player (or team of partners) shares this seat's place."""
    return view.shares_place(seat)


CSRF_MARK = "\x00csrf\x00"  # where a kept page holds a CSRF token, filled in for each request
ENTRY_MARK = "\x00entry-key\x00"  # where a kept page puts each request's own round-form entry key
SITE_MARK = "\x00site\x00"  # where a kept page writes the site's address (scheme and host) before a link's path
KEEPING = "scorekeeper_keeping"  # in g while a render is made to be kept (``marked``): how many such renders are open


def kept(key: tuple, make: Callable[[], Any]) -> Any:
    """Return what ``make`` gives for ``key``, made once and kept in the one cache (``scorekeeper.live.cache``).

    For what one version of a game always gives: ``key`` names what it is, the game, its version and a typed
    variant (language, role...), never anything of the request. For a version this request's change made, it is
    kept once the change commits.
    """
    return cache.kept(key, make, db.session)


def kept_part(template: str, view, variant: Any = "", **context) -> Markup:
    """Render a table page, or a part of one, once per game version, language and ``variant``.

    A version's standings, rounds, blank round form (and the whole page, for each role) never change, so
    they are rendered once and kept; ``context`` must follow from the view and the variant. A kept part holds
    marks where this request's CSRF token, entry key and the site's address go (``marked``); they are filled in
    as the page is answered. A request asked under another root than the site's is rendered for itself alone.
    """
    if not keeps_here():
        return Markup(render_template(template, view=view, **context))
    html = kept(("part", view.id, view.version, template, str(get_locale()), variant),
                lambda: render_marked(template, view=view, **context))
    return with_this_requests_marks(html)


def keeps_here(writes_host: bool = False) -> bool:
    """Say whether what this request renders may be kept for others: only what is rendered at the site's own root
    (``APPLICATION_ROOT``), as every link it holds is made for that root. A page holds the site's address as a mark
    (``site_url``); what writes the host itself (a PDF: ``writes_host``) is kept only when the configuration names
    it (``SERVER_NAME``). So nothing a request sends can add a kept entry of its own."""
    at_root = request.script_root == (current_app.config.get("APPLICATION_ROOT") or "/").rstrip("/")
    return at_root and (not writes_host or bool(current_app.config.get("SERVER_NAME")))


def keeping() -> bool:
    """Say whether the render under way is made to be kept for every reader (inside ``marked``)."""
    return bool(g.get(KEEPING))


def site() -> str:
    """Return the site's address, as links are written with it: this request's scheme and the host the
    configuration names (``SERVER_NAME``; at home, with none set, the host the page was asked under)."""
    return f"{request.scheme}://{current_app.config.get('SERVER_NAME') or request.host}"


def site_url(endpoint: str, **values) -> str:
    """Return the whole address of a page (a share link), for a page to show: in a render to be kept, the mark of
    the site's address before the path, filled in for each request (``with_this_requests_marks``)."""
    return (SITE_MARK if keeping() else site()) + url_for(endpoint, **values)


def printed_url(endpoint: str, **values) -> str:
    """Return a page's address as a sheet prints it: the host the configuration names (at home, with none set, the
    host asked) and the path, without its scheme."""
    return (current_app.config.get("SERVER_NAME") or request.host) + url_for(endpoint, **values)


def local_url(endpoint: str, **values) -> str:
    """Return a page's address below the site's root (as the language switch sends it back: ``here``), made from
    typed values alone: a kept page never holds the address it was asked under."""
    return url_for(endpoint, **values).removeprefix(request.script_root)


def csrf_token() -> str:
    """Return this request's CSRF token (Flask-WTF's ``generate_csrf``), or its mark in a render to be kept: a
    reader's token never enters a page kept for others."""
    return CSRF_MARK if keeping() else generate_csrf()


def entry_key() -> str:
    """Return this request's round-form entry key (new for each request; a render to be kept holds its mark)."""
    if keeping():
        return ENTRY_MARK
    if "entry_key" not in g:
        g.entry_key = new_entry_key()
    return g.entry_key


def with_this_requests_marks(html: str) -> Markup:
    """Fill a kept part's marks with this request's CSRF token, a new entry key for its round form and the site's
    address; within a render that is itself to be kept, leave them for the answer to fill."""
    if keeping():
        return Markup(html)
    if CSRF_MARK in html:
        html = html.replace(CSRF_MARK, generate_csrf())
    if ENTRY_MARK in html:  # a round form's entry key is new each time the form is shown
        html = html.replace(ENTRY_MARK, new_entry_key())
    if SITE_MARK in html:
        html = html.replace(SITE_MARK, site())
    return Markup(html)


def render_marked(template: str, **context) -> str:
    """Render a template to be kept, with marks where this request's own values go (see ``marked``)."""
    return marked(lambda: render_template(template, **context))


def marked(render: Callable[[], str]) -> str:
    """Render something to be kept for every reader: while it runs, ``csrf_token``, ``entry_key`` and ``site_url``
    give their marks instead of this request's values, to be filled in for each answer
    (``with_this_requests_marks``). A kept render holds no form but through them (``csrf_field``, the blank round
    form), so it never holds a reader's secret."""
    g.setdefault(KEEPING, 0)
    setattr(g, KEEPING, getattr(g, KEEPING) + 1)
    try:
        return str(render())
    finally:
        setattr(g, KEEPING, getattr(g, KEEPING) - 1)


# --- what the group and night pages write ---------------------------------------------------------------------

def whose_rules(name: str) -> str:
    """Say whose rules they are, as a table says it: "Friday cards' rules", "Ann's rules"."""
    if name.endswith(("s", "S")):
        return _("%(name)s' rules", name=name)
    return _("%(name)s's rules", name=name)


def stat_game(key: str) -> str:
    """Name a game of the stats for the reader: its game's name, or the name any game was played under."""
    rules = registry.of_stat(key)
    if rules is None:
        return key
    own = rules.stat_name(key)
    return own if own is not None else _(rules.spec.name)


def group_of_game(group_id: int) -> Group | None:
    """Return the group a game was played in (for the link and the players' colours on its table page)."""
    return db.session.get(Group, group_id)


def group_looks(game: Game) -> dict[int, groups.Look]:
    """Return the colour and emoji of each seat of a group's game, by seat; nothing (and no query) for another
    game. The rounds grid and chart of its table page show them, to spectators too."""
    return groups.looks(game) if game.group_id is not None else {}


def number(value) -> str:
    """Write a figure: a whole number as one, else with one decimal, as the reader's language does ("1.5", "1,5"),
    a negative one with a true minus ("−12"); a half rounds up, as a table does (2.25 is "2.3")."""
    if float(value).is_integer():
        return minus(str(int(value)))
    return minus(format_decimal(stats.tenth(value), format="0.0"))


def win_rate(line) -> str:
    """Write a player's wins as a whole percentage of their games, as the reader's language does ("50%", "50 %" with
    a no-break space in French); a half rounds up, as ``number`` does (1 win in 8 is "13%")."""
    return format_percent(stats.whole_percent(line.wins, line.played) / 100)


def seat_of(seat: int, standings) -> str:
    """Return the name in ``seat`` of a game's standings."""
    return next((row["name"] for row in standings if row["seat"] == seat), "")


def night_name(night) -> str:
    """Name the night: its own name, else its date in the reader's language ("Friday 4 December")."""
    return night.name or format_date(night.created, "EEEE d MMMM")


def names_of(players, names) -> list[str]:
    """Return the names of a night's players (ids), in their order."""
    return [names.get(p, "") for p in players]


def sides(table) -> list[tuple[int, ...]]:
    """Return the sides at a night's table: its teams, or each player alone."""
    return list(table.teams) if table.teams else [(p,) for p in table.players]


def qr(link: str) -> Markup:
    """Draw a link's QR code, for a printed card."""
    return Markup(qr_svg(link))
