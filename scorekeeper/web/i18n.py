"""Show the rules' messages and labels in the reader's language, and pick that language."""
from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from babel import Locale
from babel.lists import format_list
from babel.numbers import get_group_symbol
from flask import Blueprint, current_app, g, has_app_context, redirect, request, url_for
from flask_babel import format_decimal, get_locale, get_translations, pgettext
from markupsafe import Markup, escape

from ..rules import cards
from ..rules.messages import Amount, CardText, CardsLine, Msg, Names, minus

LANGUAGE_COOKIE = "lang"  # the language chosen with the switch
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # remembered for a year


def translations():
    """Return this request's translations, looked up once per request and language (Flask-Babel looks them
    up again on every call, which a page with a hundred labels feels)."""
    if not has_app_context():
        return get_translations()
    locale = get_locale()
    held = g.get("_translations")
    if held is None or held[0] is not locale:
        held = g._translations = (locale, get_translations())
    return held[1]


def gettext(text: str, **params: Any) -> str:
    """Translate ``text`` (Flask-Babel's gettext, with this request's translations)."""
    translated = translations().ugettext(text)
    return translated % params if params else translated


def ngettext(singular: str, plural: str, num: int, **params: Any) -> str:
    """Translate a text that depends on a number (Flask-Babel's ngettext, with this request's translations)."""
    params.setdefault("num", num)
    return translations().ungettext(singular, plural, num) % params


def tr(message: Msg | str) -> str:
    """Translate a message from the rules (or a plain marked string), numbers and money written for the locale."""
    if isinstance(message, Msg):
        if message.plural is not None:  # Babel writes the number in for %(num)s itself
            params = {k: shown_param(v) for k, v in message.params.items() if k != "num"}
            template = translations().ungettext(message.text, message.plural, message.params["num"])
            return ngettext(message.text, message.plural, message.params["num"], **after_colon(template, message, params))
        params = {k: shown_param(v) for k, v in message.params.items()}
        if not params:
            return gettext(message.text)
        return gettext(message.text, **after_colon(translations().ugettext(message.text), message, params))
    return gettext(message) if message else ""


# French writes a no-break space before a colon, and no capital after it: a sentence from the rules put after
# "Rois : " starts in lower case ("Rois : un joueur qui a un roi…"), unless it starts with a name.
COLON = "\u00a0: "
FIRST_WORD = re.compile(r"([A-ZÀÂÄÇÉÈÊËÎÏÔÖÛÙÜŸÆŒ])([a-zàâäçéèêëîïôöûùüÿæœ]*(?:['’][\w]+)?)(?![\w♠♥♦♣])")
NAMES = frozenset({"Scorekeeper", "Golf", "Garbage", "Trash", "Gin", "Chase", "Hand", "Barbu", "Five", "Hearts"})


LIST = re.compile(r"%\(\w+\)s(?:, %\(\w+\)s)+")  # a list of the rules' words, a comma between ("Each trick 5, …")


def after_colon(template: str, message: Msg, params: dict[str, Any]) -> dict[str, Any]:
    """Start in lower case each sentence of the rules that the translated ``template`` puts after a colon, and
    each item but the first of a list ("Chaque pli 5, chaque cœur 5", not "Chaque pli 5, Chaque cœur 5")."""
    if LIST.fullmatch(template):
        for key in list(message.params)[1:]:
            if isinstance(message.params[key], Msg) and isinstance(params.get(key), str):
                params[key] = lower_first(params[key])
        return params
    if COLON not in template:
        return params
    for key, value in message.params.items():
        if isinstance(value, Msg) and f"{COLON}%({key})s" in template and isinstance(params.get(key), str) \
                and not opens_with_a_value(value):
            params[key] = lower_first(params[key])
    return params


def option_said(label: str, value: Msg | str) -> str:
    """Say one option as "label: value" in the reader's words; in French the value starts in lower case after the
    colon ("Points : chaque pli 5"), unless it opens with a name."""
    said = tr(value)
    if isinstance(value, Msg) and COLON in gettext("%(label)s: %(value)s") and not opens_with_a_value(value):
        said = lower_first(said)
    return gettext("%(label)s: %(value)s", label=gettext(label), value=card_letters(said))


def opens_with_a_value(message: Msg) -> bool:
    """Say whether a message, as translated, opens with one of its values (a player's name: "Bob : indiquez sa
    carte"), which keeps its capital after a colon."""
    template = translations().ungettext(message.text, message.plural, message.params["num"]) if message.plural \
        else translations().ugettext(message.text)
    opening = re.match(r"%\((\w+)\)s", template)
    if opening is None:
        return False
    value = message.params.get(opening[1])
    return opens_with_a_value(value) if isinstance(value, Msg) else True


def upper_first(text: str) -> str:
    """Start a message with a capital, the rest as written ("penalty: …" → "Penalty: …"; "Ko" stays "Ko")."""
    return text[:1].upper() + text[1:]


def lower_first(text: str) -> str:
    """Put a sentence's first word in lower case ("Ils gagnent" → "ils gagnent"); a name, a card ("D♠"), a
    lone letter ("A 2 3") or a word in capitals stays as it is."""
    found = FIRST_WORD.match(text)
    if not found or not (found.group(2) or found.group(1) == "À") or found.group(0) in NAMES:
        return text
    return found.group(1).lower() + text[1:]


def tr_mark(mark: str) -> str:
    """Translate the words after the points in a rounds grid's mark ("29 undercut" → "29 contre")."""
    points, _, words = mark.partition(" ")
    return f"{points} {gettext(words)}" if words else mark


def isolated(name: str) -> str:
    """Isolate a name from the text around it, as <bdi> does, without an element: a right-to-left name in a list
    ("Zoë, דוד, محمد") or beside a score neither swaps with its neighbour nor takes a comma or a score along. The
    marks (first strong isolate ... pop directional isolate) are invisible on the page and in a PDF's text."""
    return f"\u2068{name}\u2069"


def isolate(name: str) -> Markup:
    """Escape a name and isolate it from the text around it (``isolated``), as ``<bdi>`` does, without an element:
    each element costs render time; the marks cost none."""
    return Markup(isolated(str(escape(name))))


def group_symbol() -> str:
    """Return what the reader's language groups thousands with: "," in English ("1,000"), a no-break space in French."""
    return get_group_symbol(get_locale() or "en")


def money(value: float) -> str:
    """Write an amount of money as the reader's language does ("1.70", « 1,70 »)."""
    return str(shown_param(Amount(value)))


def shown_param(value: Any) -> Any:
    """Write one parameter of a message for the reader: a nested message translated, money with two decimals,
    numbers as the locale writes them (1,000 or 1 000)."""
    if isinstance(value, Msg):
        return tr(value)
    if isinstance(value, Amount):  # a balance with its sign, but 0.00 (and a float's -0.004) plain
        signed = value.signed and round(value.value, 2) != 0
        number = minus(format_decimal(round(value.value, 2) + 0.0, format="+#,##0.00;-#,##0.00" if signed else "#,##0.00"))
        # The currency is the language's, as its catalogue writes an amount: "0,10 €" in French. English keeps the
        # number alone, as a table's money may be dollars, pounds or euros.
        return pgettext("money", "%(amount)s", amount=number) if has_app_context() else number
    if isinstance(value, Names):
        return format_list(list(value.names), locale=get_locale() or "en") if value.names else ""
    if isinstance(value, CardText):
        return card_text(value.card)
    if isinstance(value, CardsLine):
        return card_letters(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return minus(format_decimal(value))
        except (ArithmeticError, ValueError):  # past what Babel writes (a 30-digit round number someone sent)
            return minus(value)
    return value


def tr_errors(errors: Mapping[str, Any]) -> dict[str, str]:
    """Translate every message of an errors mapping."""
    return {path: tr(m) if isinstance(m, (Msg, str)) else str(m) for path, m in errors.items()}


def pick_locale() -> Locale | None:
    """Pick the reader's language: the one chosen with the switch, else the browser's best match."""
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    best = chosen if chosen in languages else request.accept_languages.best_match(languages)
    return None if best is None else locale_named(best)


@lru_cache(maxsize=64)
def locale_named(code: str) -> Locale:
    """Return the Locale of a language code, parsed once (Flask-Babel would parse it on every request)."""
    return Locale.parse(code)


LANGUAGE_NAMES = {"en": "English", "fr": "Français"}  # each in its own language, as the switch shows it
bp = Blueprint("language", __name__)


def other_languages() -> list[tuple[str, str]]:
    """Return the languages the switch offers: every one the app has but the page's own."""
    current = str(get_locale())
    return [(code, LANGUAGE_NAMES[code]) for code in current_app.config["LANGUAGES"] if code != current]


@bp.get("/language/<code>")
def choose(code: str):
    """Remember the language chosen with the switch, and go back to the same page (and game).

    A link, not a form: it changes only this browser's preference, so the pages need no session for it.
    """
    response = redirect(local_path(request.args.get("next")), 303)
    if code in current_app.config["LANGUAGES"]:
        response.set_cookie(LANGUAGE_COOKIE, code, max_age=LANGUAGE_COOKIE_AGE, samesite="Lax",
                            secure=request.is_secure or current_app.config.get("SESSION_COOKIE_SECURE", False),
                            httponly=True)
    return response


def local_path(path: str | None) -> str:
    """Return ``path`` when it is a page of this app, else the home page: never another site (no open redirect).

    A browser drops tabs and newlines from a URL and reads a backslash as a slash, so "/\\t/evil.example"
    would reach //evil.example: a path with any of them is refused, as is one that names a scheme or host.
    """
    if path and path.startswith("/") and not path.startswith("//") and "\\" not in path \
            and not any(ord(ch) < 32 or ord(ch) == 127 for ch in path):
        parts = urlsplit(path)
        if not parts.scheme and not parts.netloc:
            return path
    return url_for("games.index")


def rank_letters() -> dict[str, str]:
    """Return the letters the reader writes kings, queens and jacks with: R, D, V in French (K, Q, J read too)."""
    return {"K": pgettext("card rank", "K"), "Q": pgettext("card rank", "Q"), "J": pgettext("card rank", "J")}


def rank_letter(rank: str) -> str:
    """Write one rank as the reader does ("D" for a French queen); other ranks stay as they are."""
    return rank_letters().get(rank, rank)


def reader_notation() -> cards.Notation:
    """Return how the reader of this page types cards (French letters on a French page)."""
    return cards.notation(str(get_locale() or "en"))


def card_text(card: str) -> str:
    """Write a card or a rank from the rules ("QS", "K") for the reader: "D♠", "R" in French, "Q♠", "K" in English."""
    try:
        return cards.written(card, rank_letters())
    except ValueError:
        return card


JOKER_LETTER = re.compile(r"(?<![\w])X=")
RANK_LETTER = re.compile(r"(?<![\w])([JQK])(?![\w])")


SUITED_VALUE = re.compile(r"(?<![\w])((?:10|[2-9AJQK])[SHDC])(?==)")  # "QS=40" in a values line


def card_letters(text) -> str:
    """Write the card letters of a key or a values line as the reader does: "10–D", "R" in French, a suited card
    with its sign ("QS=40": "Q♠=40", "D♠=40" in French), and a joker for the X typed ("Joker=0", not "X=0")."""
    text = JOKER_LETTER.sub(lambda m: gettext("Joker") + "=", str(text))
    text = SUITED_VALUE.sub(lambda m: card_text(m.group(1)), text)
    letters = rank_letters()
    return RANK_LETTER.sub(lambda m: letters[m.group(1)], text)
