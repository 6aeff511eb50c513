"""What JSON from outside may hold before anything stores or shows it."""
from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 20


def storable(value: Any, depth: int = 0) -> bool:
    """Say whether a JSON value can be stored and sent back as it is: finite numbers, clean text, not too deep."""
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, str):
        return "\x00" not in value and clean_text(value)
    if isinstance(value, float):
        return math.isfinite(value)  # 1e999 reads as infinity, which no JSON can carry back
    if isinstance(value, dict):
        return all(storable(k, depth) and storable(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(storable(v, depth + 1) for v in value)
    return True


def clean_text(text: str) -> bool:
    """Say whether text can be written as UTF-8 (no lone surrogates from a \\ud800 escape)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def plain_number(text: Any, longest: int = 6) -> int | None:
    """Return ``text`` as a whole number when it is plain ASCII digits, at most ``longest`` of them, else None.

    Not ``str.isdigit`` alone: "²" and "٣" are digits to it, and ``int`` refuses the first (a 500).
    """
    if isinstance(text, str) and 0 < len(text) <= longest and text.isascii() and text.isdigit():
        return int(text)
    return None


def depth(value: Any, limit: int = MAX_DEPTH + 1) -> int:
    """Return how deeply a JSON value nests (counting stops at ``limit``)."""
    if limit <= 0 or not isinstance(value, (dict, list)):
        return 0
    children = value.values() if isinstance(value, dict) else value
    return 1 + max((depth(child, limit - 1) for child in children), default=0)


def read_object(data: bytes) -> dict[str, Any] | None:
    """Return a JSON body as the object it holds, or None when it holds none: not JSON (broken UTF-8, NaN or
    Infinity, nested too deeply to read), not an object (a list, text, a number, null), or nested past MAX_DEPTH."""
    try:
        body = json.loads(data, parse_constant=refuse_constant)
    except (ValueError, RecursionError):
        return None
    return body if isinstance(body, dict) and depth(body) <= MAX_DEPTH else None


def refuse_constant(name: str):
    """Refuse NaN and Infinity, which are not JSON and no database stores."""
    raise ValueError(name)
