"""The one cache: what one version of a game gives, kept by key in this process, bounded, and tied to the release.

A key is (what is kept, the game, its version, the variant...). A game's version never repeats
(``models.new_version``), so a change makes new keys and nothing is ever invalidated by hand: the old entries fall
out of the bounded store. The variant is a typed value (an Enum or a frozen dataclass) with its own ``etag()``.
Every key holds the release (``release()``), so a kept page never outlives the templates and files it was rendered
with.

A transaction that moves a game to a new version says so (``changed``); what it then keeps for that version (its
fold, its view, the parts of its scoreboard) waits in the transaction and is kept once it commits (one after-commit
hook, ``keep_what_committed``), or forgotten with a rollback. Nothing of a version that may never be committed is
ever answered to another request.
"""
from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, Protocol

from sqlalchemy import event
from sqlalchemy.orm import Session

from ..play.tables import keep_in, keep_latest
from ..store.database import SETTLED, settled

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout: scorekeeper/, templates/, static/
KEPT = 2048  # entries kept in this process: folds, views, pages and parts of pages, JSON states, PDFs
KEPT_BYTES = 96 * 1024 * 1024  # and at most this much of their text and bytes (a big game's PDF is near a megabyte)
NOMINAL = 1024  # what an entry that is not text or bytes (a fold, a view) counts towards KEPT_BYTES


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
_weight = [0]  # the sum of weight() over what is kept
_lock = threading.Lock()
UNCOMMITTED = "scorekeeper.live.cache"  # a session's info: (game, version) -> what its transaction made for that version


def changes(session: Session) -> list[tuple[str, int]]:
    """Return the (game, version) pairs ``session``'s transaction makes, not committed yet (``database.settled``)."""
    return list(settled(session))


def waiting(key: tuple, session: Session | None) -> dict | None:
    """Return the transaction's own store when ``key`` is of a version it makes and has not committed, else None.
    The store starts with the fold the transaction settled that version with."""
    if session is None:
        return None
    pair = tuple(key[1:3])
    fold = settled(session).get(pair)
    if fold is None:
        return None
    return session.info.setdefault(UNCOMMITTED, {}).setdefault(pair, {("fold", *pair): fold})


def get(key: tuple, session: Session | None = None) -> Any:
    """Return what is kept for ``key`` (in ``session``'s own store, for a version it made), or None."""
    if (own := waiting(key, session)) is not None:
        return own.get(key)
    with _lock:
        value = _kept.get((release(), *key))
        if value is not None:
            _kept.move_to_end((release(), *key))
        return value


def put(key: tuple, value: Any, session: Session | None = None) -> Any:
    """Keep ``value`` for ``key`` (the least recently used entries go beyond ``KEPT``); return it. For a version
    that ``session`` makes, it waits for the commit."""
    if (own := waiting(key, session)) is not None:
        own[key] = value
        return value
    with _lock:
        full_key = (release(), *key)
        if full_key in _kept:
            _weight[0] -= weight(_kept[full_key])
        _kept[full_key] = value
        _kept.move_to_end(full_key)
        _weight[0] += weight(value)
        while len(_kept) > KEPT or (_weight[0] > KEPT_BYTES and len(_kept) > 1):
            _weight[0] -= weight(_kept.popitem(last=False)[1])
    return value


def weight(value: Any) -> int:
    """Say how much a kept value counts towards ``KEPT_BYTES``: the memory text and bytes take (a page with one
    emoji in it takes four bytes a character), a nominal size for anything else."""
    return sys.getsizeof(value) if isinstance(value, (str, bytes)) else NOMINAL


def kept(key: tuple, make: Callable[[], Any], session: Session | None = None) -> Any:
    """Return what is kept for ``key``, made by ``make`` and kept when it is not."""
    value = get(key, session)
    return put(key, make(), session) if value is None else value


def keep_what_committed(session: Session) -> None:
    """Keep what a transaction made for the versions it committed: each version's fold (and the game's latest fold,
    which the next version's fold plays on), then its view and the parts of pages made of it."""
    made = session.info.pop(UNCOMMITTED, {})
    for (public_id, version), fold in session.info.pop(SETTLED, {}).items():
        put(("fold", public_id, version), fold)
        keep_latest(public_id, version, fold)
        for key, value in made.get((public_id, version), {}).items():
            put(key, value)


def forget_what_rolled_back(session: Session, previous_transaction) -> None:
    """Forget what a rolled-back transaction made: its versions were never committed."""
    session.info.pop(UNCOMMITTED, None)
    session.info.pop(SETTLED, None)


def register() -> None:
    """Keep what each commit made (the one after-commit hook) and forget what a rollback made, for every session;
    plug this cache into the play wing as the memo of folds and views."""
    if not event.contains(Session, "after_commit", keep_what_committed):
        event.listen(Session, "after_commit", keep_what_committed)
        event.listen(Session, "after_soft_rollback", forget_what_rolled_back)
    keep_in(sys.modules[__name__])


def size() -> int:
    """Say how many entries this process keeps (what a request added, counted from outside)."""
    with _lock:
        return len(_kept)


def held() -> list[Any]:
    """Return what this process keeps, oldest first: a look at the values (no key), for tests and a debugging eye."""
    with _lock:
        return list(_kept.values())


def clear() -> None:
    """Forget everything kept (a freshly started worker)."""
    with _lock:
        _kept.clear()
        _weight[0] = 0
