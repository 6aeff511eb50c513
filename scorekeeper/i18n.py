"""Show the rules' messages and labels in the reader's language."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from babel import Locale
from flask import current_app, g, has_app_context, request
from flask_babel import get_locale, get_translations

from .rules.base import Msg


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
    """Translate a message from the rules (or a plain marked string)."""
    if isinstance(message, Msg):
        params = {k: tr(v) if isinstance(v, Msg) else v for k, v in message.params.items()}
        return gettext(message.text, **params) if params else gettext(message.text)
    return gettext(message) if message else ""


def tr_errors(errors: Mapping[str, Any]) -> dict[str, str]:
    """Translate every message of an errors mapping."""
    return {path: tr(m) if isinstance(m, (Msg, str)) else str(m) for path, m in errors.items()}


def pick_locale() -> Locale | None:
    """Pick the reader's language from those the app has."""
    best = request.accept_languages.best_match(current_app.config["LANGUAGES"])
    return None if best is None else locale_named(best)


@lru_cache(maxsize=64)
def locale_named(code: str) -> Locale:
    """Return the Locale of a language code, parsed once (Flask-Babel would parse it on every request)."""
    return Locale.parse(code)
