"""Show the rules' messages and labels in the reader's language, and pick that language."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app, request
from flask_babel import format_decimal, gettext, ngettext

from .rules.base import Amount, Msg

LANGUAGE_COOKIE = "lang"  # the language chosen with the switch, remembered for a year


def tr(message: Msg | str) -> str:
    """Translate a message from the rules (or a plain marked string), numbers and money written for the locale."""
    if isinstance(message, Msg):
        if message.plural is not None:  # Babel writes the number in for %(num)s itself
            params = {k: shown_param(v) for k, v in message.params.items() if k != "num"}
            return ngettext(message.text, message.plural, message.params["num"], **params)
        params = {k: shown_param(v) for k, v in message.params.items()}
        return gettext(message.text, **params) if params else gettext(message.text)
    return gettext(message) if message else ""


def shown_param(value: Any) -> Any:
    """Write one parameter of a message for the reader: a nested message translated, money with two decimals,
    numbers as the locale writes them (1,000 or 1 000)."""
    if isinstance(value, Msg):
        return tr(value)
    if isinstance(value, Amount):
        return format_decimal(value.value, format="#,##0.00")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_decimal(value)
    return value


def tr_errors(errors: Mapping[str, Any]) -> dict[str, str]:
    """Translate every message of an errors mapping."""
    return {path: tr(m) if isinstance(m, (Msg, str)) else str(m) for path, m in errors.items()}


def pick_locale() -> str | None:
    """Pick the reader's language: the one chosen with the switch, else the browser's best match."""
    languages = current_app.config["LANGUAGES"]
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages)
