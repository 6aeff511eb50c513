"""The one cache: what one version of a game gives, kept by key in this process, bounded, and tied to the release.

A key is (what is kept, the game, its version, the variant). A game's version never repeats (``models.new_version``),
so a change makes new keys and nothing is ever invalidated by hand: the old entries fall out of the bounded store.
The variant is a typed value (an Enum or a frozen dataclass) with its own ``etag()``. Every key holds the release
(``release()``), so a kept page never outlives the templates and files it was rendered with.
"""
from __future__ import annotations

import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, Protocol

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEPT = 2048  # entries kept in this process: folds, views, pages and parts of pages, JSON states


class Variant(Protocol, Hashable):
    """What one kind of answer of one game version depends on besides the version (language, role...)."""

    def etag(self) -> str: ...


@cache
def release() -> str:
    """Name this release: a digest of the code, templates, static files and catalogues it serves (read once)."""
    digest = hashlib.sha256()
    for folder in ("scorekeeper", "templates", "static"):
        for base, dirs, files in sorted(os.walk(os.path.join(ROOT, folder))):
            dirs.sort()
            for name in sorted(files):
                if name.endswith((".py", ".html", ".js", ".css", ".mo", ".svg", ".json", ".webmanifest")):
                    with open(os.path.join(base, name), "rb") as f:
                        digest.update(name.encode() + b"\0" + f.read())
    return digest.hexdigest()[:12]


def etag(public_id: str, version: int, variant: Variant) -> str:
    """Tag one version of a game as ``variant`` shows it: the game, the version, the variant, the release."""
    return f"{public_id}-{version}-{variant.etag()}-{release()}"


_kept: OrderedDict[tuple, Any] = OrderedDict()
_lock = threading.Lock()


def get(key: tuple) -> Any:
    """Return what is kept for ``key``, or None."""
    with _lock:
        value = _kept.get((release(), *key))
        if value is not None:
            _kept.move_to_end((release(), *key))
        return value


def put(key: tuple, value: Any) -> Any:
    """Keep ``value`` for ``key`` (the least recently used entries go beyond ``KEPT``); return it."""
    with _lock:
        _kept[(release(), *key)] = value
        _kept.move_to_end((release(), *key))
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return value


def kept(key: tuple, make: Callable[[], Any]) -> Any:
    """Return what is kept for ``key``, made by ``make`` and kept when it is not."""
    value = get(key)
    return put(key, make()) if value is None else value


def clear() -> None:
    """Forget everything kept (a freshly started worker)."""
    with _lock:
        _kept.clear()
