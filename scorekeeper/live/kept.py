"""A group's rendered answers (its page, a player's page, its JSON), kept in the one cache (``scorekeeper.live.cache``).

Each answer is kept under the group's public id and version, which moves on with every change to the group or its
games (``service.group_moved_on``) and never repeats, then what else the answer shows (language, period, role...).
A kept answer is never wrong, only unused once the version has moved on; the bounded cache lets it go.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable

from . import cache


def kept(key: tuple[str, int, Hashable], make: Callable[[], str]) -> str:
    """Return the answer kept for ``key`` (public id, version, variant), or make it with ``make`` and keep it."""
    return cache.kept(("group", *key), make)


def tag(key: tuple[str, int, Hashable]) -> str:
    """Return the ETag of the answer kept under ``key``: the group, its version, a digest of the variant and the
    release (a new release renders afresh)."""
    public_id, version, variant = key
    return f"{public_id}-g{version}-{hashlib.sha256(repr(variant).encode()).hexdigest()[:16]}-{cache.release()}"
