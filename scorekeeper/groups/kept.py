"""The one place where this process keeps a group's rendered answers (its page, its stats JSON...).

Each answer is kept under the group's public id and version, which moves on with every change to the group or its
games (``service.group_moved_on``) and never names two states, then what else the answer shows (language, period,
role...). A kept answer is never wrong, only unused once the version has moved on; the oldest go first.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

KEPT_MOST = 128  # answers kept in this process (a group page of 50 games is some 30 KB)
_kept: OrderedDict[Hashable, str] = OrderedDict()
_lock = threading.Lock()


def kept(key: tuple[str, int, Hashable], make: Callable[[], str]) -> str:
    """Return the answer kept for ``key`` (public id, version, variant), or make it with ``make`` and keep it."""
    with _lock:
        held = _kept.get(key)
        if held is not None:
            _kept.move_to_end(key)
            return held
    made = make()
    with _lock:
        _kept[key] = made
        while len(_kept) > KEPT_MOST:
            _kept.popitem(last=False)
    return made


def tag(key: tuple[str, int, Hashable]) -> str:
    """Return the ETag of the answer kept under ``key``: the group, its version and a digest of the variant."""
    public_id, version, variant = key
    return f"{public_id}-g{version}-{hashlib.sha256(repr(variant).encode()).hexdigest()[:16]}"


def forget() -> None:
    """Drop every kept answer (tests)."""
    with _lock:
        _kept.clear()
