"""Show the rules' messages and labels in the reader's language."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app, request
from flask_babel import gettext

from .rules.base import Msg


def tr(message: Msg | str) -> str:
    """Translate a message from the rules (or a plain marked string)."""
    if isinstance(message, Msg):
        params = {k: tr(v) if isinstance(v, Msg) else v for k, v in message.params.items()}
        return gettext(message.text, **params) if params else gettext(message.text)
    return gettext(message) if message else ""


def tr_errors(errors: Mapping[str, Any]) -> dict[str, str]:
    """Translate every message of an errors mapping."""
    return {path: tr(m) if isinstance(m, (Msg, str)) else str(m) for path, m in errors.items()}


def pick_locale() -> str | None:
    """Pick the reader's language from those the app has."""
    return request.accept_languages.best_match(current_app.config["LANGUAGES"])
