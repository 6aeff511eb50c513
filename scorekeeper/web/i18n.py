"""The reader's language: the rules' messages and labels shown in it, numbers and cards read the way the reader
writes them (the form inputs every form shares: whole numbers that add up, cards, chips, seats, loose choices),
and the choice of language.
"""
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
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup, escape
from wtforms import FieldList, PasswordField, RadioField, SelectField, SelectMultipleField, StringField
from wtforms.validators import InputRequired, Length, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, NumberInput, TextInput

from ..rules import cards
from ..rules.cards import CARD_KEY, typed_cards
from ..rules.messages import Amount, CardsLine, CardText, Msg, Names, RulesError, minus
from ..rules.spec import Field

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


NO_SEAT = ""


def plain_number(text: Any, longest: int = 6) -> int | None:
    """Return ``text`` as a whole number when it is plain ASCII digits, at most ``longest`` of them, else None.

    Not ``str.isdigit`` alone: "²" and "٣" are digits to it, and ``int`` refuses the first (a 500).
    """
    if isinstance(text, str) and 0 < len(text) <= longest and text.isascii() and text.isdigit():
        return int(text)
    return None


class AccessForm(FlaskForm):
    """The install's access code, asked once per browser before it may start games."""

    code = PasswordField(_l("Access code"), validators=[InputRequired(), Length(max=200)],
                         render_kw={"autocomplete": "current-password"})


class WholeNumberField(StringField):
    """A whole number typed on the numeric keypad; a bad entry is kept and named, never lost."""

    widget = NumberInput(step="1")

    def process_formdata(self, valuelist: list[str]) -> None:
        self.raw = (valuelist[0] if valuelist else "").strip()
        self.data = None
        if self.raw:
            try:
                self.data = int(self.raw.replace("−", "-"))  # a true minus, pasted, reads as one
            except ValueError:
                self.data = None
                self.process_errors.append(_l("must be a whole number"))

    def _value(self) -> str:
        if self.raw_data:
            return self.raw_data[0]
        return "" if self.data is None else str(self.data)


# Whole numbers added or taken away, as the table counts ("12+11+7"); a number added may be below 0 ("-5+-5").
SUM = re.compile(r"[+-]?\d{1,6}(?:(?:\+-?|-)\d{1,6}){0,49}")
PLAIN_SUM = re.compile(r"[+-]?\d+(?:(?:\+-?|-)\d+)*")  # the same, however long the numbers
TERM = re.compile(r"([+-]?)([+-]?)(\d+)")  # the operator, the number's own sign, the number
SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\t": " "})  # French writes 1 000 with a no-break space
MINUS = str.maketrans({"−": "-", "–": "-"})  # a true minus, or the dash a phone's keyboard offers, reads as one
SPACED_SIGN = re.compile(r"\s*([+-])\s*")  # "12 + 11" is 12+11
SPACED_DIGITS = re.compile(r"\d+(?:\s+\d+)+")  # digits a space runs through
THOUSANDS = re.compile(r"\d{1,3}(?: \d{3})+")  # ...as it groups thousands: 1 000, 12 345
GROUPED = re.compile(r"(?<![\d,])\d{1,3}(?:,\d{3})+(?![\d,])")  # 1,000 and 12,345 where "," groups thousands


def added_up(text: str) -> int:
    """Add up a sum as typed ("-5+-5" is -10)."""
    return sum((-1 if op == "-" else 1) * (-1 if sign == "-" else 1) * int(digits)
               for op, sign, digits in TERM.findall(text))


class PointsField(WholeNumberField):
    """Points counted at the table: a whole number, or a sum as it is counted ("12+11+7")."""

    # A text input: a number input drops "12+11". The phone keypad with "+" on it is the telephone one.
    widget = TextInput()

    def process_formdata(self, valuelist: list[str]) -> None:
        self.raw = (valuelist[0] if valuelist else "").strip()
        self.data = None
        text = SPACED_SIGN.sub(r"\1", self.raw.translate(MINUS).translate(SPACES)).strip()
        if not text:
            return
        if "," in text and group_symbol() == ",":  # "1,000" where commas group thousands; "12,8" stays refused
            text = GROUPED.sub(lambda found: found.group().replace(",", ""), text)
        if not all(THOUSANDS.fullmatch(run) for run in SPACED_DIGITS.findall(text)):
            # "12 8" is no number: two, or 128 mistyped; a space only groups thousands ("1 000")
            self.process_errors.append(_l("%(field)s: a space splits a number in two; write one number (1 000 for a "
                                          "thousand), or a sum such as 12+8", field=upper_first(self.label.text)))
            return
        text = text.replace(" ", "")
        if not SUM.fullmatch(text):
            field = upper_first(self.label.text)  # an "or penalty" box: "Penalty: …"
            if PLAIN_SUM.fullmatch(text) and re.search(r"\d{7}", text):  # one number longer than any score
                error = _l("%(field)s: too big for a score", field=field)
            else:
                error = _l("%(field)s: write a whole number, or a sum such as 12+11+7", field=field)
            self.process_errors.append(error)
            return
        self.data = added_up(text)


class CardsField(StringField):
    """Cards typed in the reader's letters ("V♥ 3P" in French), read into the API's ("JH 3S"); kept as typed. A
    card refused says how cards are written in this box (``key``: the rules field's)."""

    def __init__(self, *args, key: str = CARD_KEY, **kwargs):
        super().__init__(*args, **kwargs)
        self.key = key

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = []
        try:
            self.data = typed_cards(valuelist[0] if valuelist else "", reader_notation(), self.name, self.key)
        except RulesError as exc:
            self.process_errors.extend(tr(m) for m in exc.errors.values())

    def _value(self) -> str:
        if self.raw_data:
            return self.raw_data[0]
        if isinstance(self.data, list):
            return " ".join(card_text(card) for card in self.data)
        return self.data or ""


class NumberField(WholeNumberField):
    """Any number, such as an amount of money."""

    widget = NumberInput(step="any")

    def process_formdata(self, valuelist: list[str]) -> None:
        raw = (valuelist[0] if valuelist else "").strip().replace(",", ".").replace("−", "-")
        self.data = None
        if raw:
            try:
                self.data = float(raw)
            except ValueError:
                self.process_errors.append(_l("must be a number"))


class ChipsField(SelectMultipleField):
    """Tick any of a few players."""

    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form) -> None:  # the rules check the seats and say what is wrong
        pass


class LooseSelect(SelectField):
    """A select whose value the rules check, so a stale choice gets a message in table words."""

    def pre_validate(self, form) -> None:
        pass


class LooseRadio(RadioField):
    """Radio buttons whose value the rules check."""

    def pre_validate(self, form) -> None:
        pass


class SeatRadio(LooseRadio):
    """Radio buttons for one player: a seat the rules check (a player out since the page was loaded is named by
    them); anything that is not a seat at all is refused here, not read as "Nobody"."""

    def pre_validate(self, form) -> None:
        if self.data not in (None, NO_SEAT) and seat_number(self.data) is None:
            raise ValidationError(_l("pick one of the players"))


class SeatChips(ChipsField):
    """Tick boxes for players: as ``SeatRadio``, a value that is not a seat is refused, not dropped."""

    def pre_validate(self, form) -> None:
        if any(seat_number(value) is None for value in self.data or []):
            raise ValidationError(_l("pick one of the players"))


class SeatList(FieldList):
    """The players' names; a posted index that is not plain digits (``players-²``) is ignored."""

    def _extract_indices(self, prefix, formdata):  # WTForms' own version int()s any Unicode digit
        return (i for i in super()._extract_indices(prefix, {k: v for k, v in formdata.items()
                                                             if k[len(prefix) + 1:].split("-")[0].isascii()})
                if i < 1000)


CHIPS = 5  # number chips for a count: 0 1 2 3 4


def count_kw(field: Field) -> dict[str, str]:
    """Mark a small count (tricks, books, red threes) for the page's helpers, with its bounds: number chips
    (0 1 2 3 4, one tap for any of them) where a count stands alone, − / + steppers where the counts of a
    hand must add up (the last one fills itself)."""
    if field.lo is None or field.hi is None or field.hi - field.lo > 60:
        return {}
    label = tr(field.label)
    kw = {"data-count": "", "min": str(field.lo), "max": str(field.hi)}
    if field.sum_to is None:
        top = min(field.lo + CHIPS - 1, field.hi)  # the last chip; a bigger count is typed in the box
        return {**kw, "data-chips": str(top),
                **({"data-more": _l("More than %(n)s: %(count)s", n=top, count=label)} if field.hi > top else {})}
    return {**kw, "data-less": _l("One less: %(count)s", count=label), "data-more": _l("One more: %(count)s", count=label)}


def points_kw(field: Field, label: str) -> dict[str, str]:
    """Mark points that may be below zero for the page's minus button: the phone keypads that come with
    ``inputmode`` (numeric, tel) have no minus key on an iPhone."""
    if field.lo is not None and field.lo >= 0:
        return {}
    return {"data-minus": _l("Negative: %(field)s", field=label)}


def number_kw(lo: int | None) -> dict[str, str]:
    """Ask phones for the numeric keypad (with a minus sign where a number can be negative)."""
    return {"inputmode": "numeric", "pattern": "[0-9]*"} if lo is not None and lo >= 0 else {}


# --- new game ----------------------------------------------------------------------------

def seat_number(value: Any) -> int | None:
    """Read a seat posted by a radio or tick box; anything but plain digits is no seat."""
    return plain_number(str(value) if value is not None else "", longest=3)
