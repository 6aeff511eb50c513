"""The form fields every form shares: whole numbers that add up, cards, chips, seats, loose choices."""
from __future__ import annotations


import re
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    FieldList,
    PasswordField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
)
from wtforms.validators import InputRequired, Length, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, NumberInput, TextInput

from .i18n import card_text, group_symbol, reader_notation, tr, upper_first
from ..rules.messages import RulesError
from ..rules.spec import Field
from ..rules.cards import typed_cards

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
    """Cards typed in the reader's letters ("V♥ 3P" in French), read into the API's ("JH 3S"); kept as typed."""

    def process_formdata(self, valuelist: list[str]) -> None:
        self.data = []
        try:
            self.data = typed_cards(valuelist[0] if valuelist else "", reader_notation(), self.name)
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
