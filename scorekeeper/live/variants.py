"""What one version of a game is shown as, besides its version: typed values, each with its own ``etag()``.

They are the last part of every key and tag of the one cache (``cache.etag``); this module imports nothing,
so the poll middleware reads a scoreboard's tag back (``Live.from_etag``) without the app.
"""
from __future__ import annotations

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
        """Name the scoreboard; a spectator's is also its ``kept_answer`` variant (``polling.share``)."""
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
