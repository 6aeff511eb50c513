"""What one version of a game is shown as, besides its version: typed values, each with its own ``etag()``.

They are the last part of every key and tag of the one cache (``cache.etag``); this module imports nothing,
so the poll middleware reads a scoreboard's tag back (``Live.from_etag``) without the app.
"""
from __future__ import annotations

import hashlib
from collections.abc import Hashable
from dataclasses import dataclass

SPECTATOR, EDITOR = "view", "edit"


@dataclass(frozen=True)
class Page:
    """A table page: its language, editor or spectator, the big screen or the phone's."""

    language: str
    editor: bool
    big: bool = False

    @property
    def tagged(self) -> bool:
        """An editor's page shows the edit link: no browser or proxy may keep it, so it has no tag."""
        return not self.editor

    def etag(self) -> str:
        return f"page-{self.language}-{EDITOR if self.editor else SPECTATOR}{'-big' if self.big else ''}"


@dataclass(frozen=True)
class Live:
    """The scoreboard a live page swaps in: its language, editor or spectator."""

    language: str
    editor: bool
    tagged = True

    def etag(self) -> str:
        """Name the scoreboard; a spectator's is also its ``kept_answer`` variant (``cache.share``)."""
        return f"live-{self.language}-{EDITOR if self.editor else SPECTATOR}"

    @classmethod
    def from_etag(cls, shown: str) -> Live | None:
        """Read back what ``etag`` wrote, or None."""
        prefix, _, rest = shown.partition("-")
        language, _, role = rest.rpartition("-")
        if prefix != "live" or not language or role not in (SPECTATOR, EDITOR):
            return None
        return cls(language, role == EDITOR)


@dataclass(frozen=True)
class State:
    """A game's JSON state in one language (its errors are translated)."""

    language: str
    tagged = True

    def etag(self) -> str:
        return f"state-{self.language}"


@dataclass(frozen=True)
class Sheet:
    """A game's filled sheet or rules card: which, on what paper, in what language, printed what day (an unfinished
    game's sheet says when it was printed)."""

    kind: str
    paper: str
    language: str
    day: str
    tagged = True

    def etag(self) -> str:
        return f"{self.kind}-{self.paper}-{self.language}-{self.day}"


def digest(value: Hashable) -> str:
    """Name a typed value in a tag, whatever text it holds (a game's own name): a short digest of its repr."""
    return hashlib.sha256(repr(value).encode()).hexdigest()[:12]


@dataclass(frozen=True)
class GroupPage:
    """A group's page (or one player's): its template, language, editor or reader, and what it shows, read from
    the query into typed values: the leaderboard's period and filter (a ``stats.Filter``), the page of games."""

    template: str
    language: str
    editor: bool
    period: str = "all"
    shows: Hashable = None
    page: int = 1

    @property
    def tagged(self) -> bool:
        """An editor's page shows the edit link: no browser may keep it, so it has no tag."""
        return not self.editor

    def etag(self) -> str:
        role = EDITOR if self.editor else SPECTATOR
        return f"group-{self.language}-{role}-{self.period}-{self.page}-{digest((self.template, self.shows))}"


@dataclass(frozen=True)
class GroupJson:
    """A group's JSON (``group``: its players and a page of games; ``stats``: its figures under a filter) in one
    language."""

    what: str
    language: str
    page: int = 1
    shows: Hashable = None
    tagged = True

    def etag(self) -> str:
        return f"{self.what}-{self.language}-{self.page}-{digest(self.shows)}"
