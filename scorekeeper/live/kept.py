"""A group's rendered answers (its page, a player's page, its JSON), kept in the one cache (``scorekeeper.live.cache``).

Each answer is kept under the group's public id and version, which moves on with every change to the group or its
games (``service.group_moved_on``) and never repeats, then a typed variant (``variants.GroupPage``,
``variants.GroupJson``) of what else the answer shows. Its tag has the app's one format (``cache.etag``). A kept
answer is never wrong, only unused once the version has moved on; the bounded cache lets it go.
"""
from __future__ import annotations

from collections.abc import Callable

from . import cache


def kept(public_id: str, version: int, variant: cache.Variant, make: Callable[[], str]) -> str:
    """Return the answer kept for the group's version and ``variant``, or make it with ``make`` and keep it."""
    return cache.kept(("group", public_id, version, variant), make)


def tag(public_id: str, version: int, variant: cache.Variant) -> str:
    """Return the ETag of the answer kept for the group's version and ``variant`` (``cache.etag``)."""
    return cache.etag(public_id, version, variant)
