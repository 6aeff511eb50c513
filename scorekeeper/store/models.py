"""Typed models that store what the table saw; points, totals and winners are derived."""
from __future__ import annotations

import base64
import hashlib
import hmac
import math
import secrets
import time
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, Index, String, Text, UniqueConstraint, func
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

from ..extensions import db

Json = JSON().with_variant(JSONB(), "postgresql")


# What JSON from outside may hold before anything stores or shows it.
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


def utcnow() -> datetime:
    """Return the current time in UTC (a callable default, evaluated per row)."""
    return datetime.now(timezone.utc)


def in_utc(moment: datetime) -> datetime:
    """Return ``moment`` in UTC; a time without an offset is taken as UTC already (as SQLite gives it back)."""
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


def stamp(moment: datetime) -> str:
    """Write a time the one way every answer and backup writes it: UTC to the second, with its offset
    (``2026-11-25T18:00:00+00:00``)."""
    return in_utc(moment).isoformat(timespec="seconds")


class UtcDateTime(TypeDecorator):
    """A time with its time zone, always UTC both ways: SQLite keeps no offset, and PostgreSQL answers in the
    session's time zone, so every worker reads the same time the same way."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        return None if value is None else in_utc(value)

    def process_result_value(self, value, dialect):
        return None if value is None else in_utc(value)


def new_public_id() -> str:
    """Return an unguessable id for a game's address."""
    return secrets.token_urlsafe(12)


def new_version() -> int:
    """Return the version a game row starts at when it is inserted (started, or restored from a backup): the
    time in microseconds. Each change then adds 1, so a version never repeats, even for a game deleted and
    restored under the same id (its restored versions start past any the deleted one reached); every cache
    key and ETag holds it."""
    return time.time_ns() // 1000


def hash_token(token: str) -> str:
    """Hash an edit token; tokens are long and random, so a plain SHA-256 is enough."""
    return hashlib.sha256(token.encode()).hexdigest()


def derived_token(token: str, purpose: bytes) -> str:
    """Return an edit token made from another one for ``purpose`` (a group's game, the game played next): only a
    holder of ``token`` can make it, and it opens nothing else."""
    digest = hmac.new(token.encode(), purpose, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).rstrip(b"=").decode()


def token_matches(token_hash: str, token: str | None) -> bool:
    """Say whether ``token`` is the edit token stored as ``token_hash`` (compared in constant time)."""
    return bool(token) and hmac.compare_digest(token_hash, hash_token(token))


class Game(db.Model):
    """One game at one table: which game, the options chosen, and who may edit it."""

    __table_args__ = (Index("ix_game_group_created", "group_id", "created", "id"),)  # a group's games, newest first

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=new_public_id)
    game_key: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    token_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="playing")  # kept for listing; set from the rules
    finished_by_hand: Mapped[bool] = mapped_column(default=False)
    preset: Mapped[str | None] = mapped_column(String(40))  # the house preset the game started from
    group_id: Mapped[int | None] = mapped_column(ForeignKey("play_group.id", ondelete="SET NULL"))
    # The game this table started next with "Play again": where a spectator still on this one is pointed
    next_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"))
    # Moves with every change to the game or its rounds, and never repeats (``new_version``): the ETag of its
    # state, and the key of cached views.
    version: Mapped[int] = mapped_column(BigInteger, default=new_version, server_default="1")
    created: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, index=True)
    updated: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)

    players: Mapped[list[Player]] = relationship(back_populates="game", order_by="Player.seat",
                                                 cascade="all, delete-orphan")
    rounds: Mapped[list[Round]] = relationship(back_populates="game", order_by="Round.number",
                                               cascade="all, delete-orphan")
    next_game: Mapped[Game | None] = relationship(remote_side=[id], foreign_keys=[next_id])

    def token_matches(self, token: str | None) -> bool:
        """Say whether ``token`` is this game's edit token."""
        return token_matches(self.token_hash, token)


class Player(db.Model):
    """A player in a seat; seats start at 0 and run clockwise."""

    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    name: Mapped[str] = mapped_column(String(40))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("member.id", ondelete="SET NULL"), index=True)

    game: Mapped[Game] = relationship(back_populates="players")


class Round(db.Model):
    """A round (hand, deal or hole) as the table saw it."""

    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    data: Mapped[dict[str, Any]] = mapped_column(Json)
    created: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, onupdate=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")


class IdempotentReply(db.Model):
    """The first answer to a write that carried an Idempotency-Key, given again on a retry."""

    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(200))
    status: Mapped[int]
    body: Mapped[dict[str, Any]] = mapped_column(Json)
    created: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)


class KeptAnswer(db.Model):
    """A version's rendered answer kept for every server: a spectator's live scoreboard in one language.

    A cache, never a fact: it names the game version and the release that rendered it, is only ever replaced
    by a later one, and is answered only while that version is the game's current one and that release is
    the server's (``live.cache``). One row per game and variant at most; rows not kept again for a while go.
    """

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(40), primary_key=True)
    release: Mapped[str] = mapped_column(String(16))
    version: Mapped[int] = mapped_column(BigInteger)
    kept: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, index=True)
    body: Mapped[str] = mapped_column(Text)


class Group(db.Model):
    """The people who play together, game after game; a capability like a game (tokens stored hashed)."""

    __tablename__ = "play_group"

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=new_public_id)
    name: Mapped[str] = mapped_column(String(60))
    token_hash: Mapped[str] = mapped_column(String(64))
    view_hash: Mapped[str] = mapped_column(String(64))  # the read-only link's key, hashed
    created: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)
    # Moves on with every change to the group or to any of its games, in the change's transaction, and never
    # repeats (it starts at ``new_version``): the ETag of its pages and the key of their kept renderings.
    version: Mapped[int] = mapped_column(BigInteger, default=new_version, server_default="1")

    members: Mapped[list[Member]] = relationship(back_populates="group", order_by="Member.id",
                                                 cascade="all, delete-orphan")

    def token_matches(self, token: str | None) -> bool:
        """Say whether ``token`` is this group's edit token."""
        return token_matches(self.token_hash, token)

    def view_matches(self, key: str | None) -> bool:
        """Say whether ``key`` is this group's read-only key."""
        return token_matches(self.view_hash, key)


class Member(db.Model):
    """A player of a group: one person across its games (their seats point here)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    colour: Mapped[str | None] = mapped_column(String(7))  # "#1f77b4"
    emoji: Mapped[str | None] = mapped_column(String(16))

    group: Mapped[Group] = relationship(back_populates="members")


class GroupRules(db.Model):
    """A group's own house rules for one game: the preset and options (JSON, as a new game takes them) that its new
    games and club nights start from, and when they were set (the group's new games open on the game set last)."""

    __table_args__ = (UniqueConstraint("group_id", "game_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"))
    game_key: Mapped[str] = mapped_column(String(40))
    preset: Mapped[str | None] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(Json)
    # the database's own default too: a server of the release before (rules deleted and kept anew) still saves them
    set_at: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow, server_default=func.current_timestamp())


# The game a group's finished game counts under: a game's key, or "any:high:" / "any:low:" and the name an any game
# was played under (up to 40 characters): 49 at most, kept whole (the stats filter by it and show the name from it).
STAT_KEY_LENGTH = 64


class Result(db.Model):
    """One seat of a finished game in a group, kept when it finished: the stats read these, never the rounds."""

    __table_args__ = (Index("ix_result_group_played", "group_id", "played"),
                      # the leaderboard reads this index alone, in its order: no table, no sort
                      Index("ix_result_group_member", "group_id", "member_id", "game_key", "won", "place", "total",
                            "game_id"),
                      Index("ix_result_member_played", "member_id", "played"),  # a player's form, latest first
                      Index("ix_result_game_member", "game_id", "member_id", "place"))  # head to head, index alone

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"))
    game_key: Mapped[str] = mapped_column(String(STAT_KEY_LENGTH))  # groups.service.stat_key
    seat: Mapped[int]
    place: Mapped[int]
    total: Mapped[float | None] = mapped_column(Float)  # the headline total; None in games without points
    won: Mapped[bool]
    played: Mapped[datetime] = mapped_column(UtcDateTime)  # the game's date


class Feat(db.Model):
    """A record one finished game in a group holds (the lowest 9-hole Golf, the most Gin boxes), from its rules."""

    __table_args__ = (Index("ix_feat_group_kind", "group_id", "game_key", "kind", "rank", "played", "id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), index=True)
    game_key: Mapped[str] = mapped_column(String(STAT_KEY_LENGTH))  # groups.service.stat_key
    kind: Mapped[str] = mapped_column(String(40))
    what: Mapped[dict[str, Any]] = mapped_column(Json)  # the record's words: {"text", "params", "plural"}
    value: Mapped[float] = mapped_column(Float)
    rank: Mapped[float] = mapped_column(Float)  # lower is better: the value, or minus it where higher is better
    played: Mapped[datetime] = mapped_column(UtcDateTime)


class CodeGuess(db.Model):
    """A wrong guess at the install's access code, kept for every worker and server (``access.guess``).

    ``address`` is the client's; ``browser`` the guesser (``access.guesser``): the id its session carried, or
    for a caller without one a mark of its user agent. Rows older than the longest limit are deleted as new ones
    come.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    browser: Mapped[str] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class Night(db.Model):
    """A club night of a group: who is here, the game every table plays, how the room is seated and ranked; its
    token is made from the group's (``nights.night_token``), stored hashed, and opens its tables' games."""

    id: Mapped[int] = mapped_column(primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, default=new_public_id)
    group_id: Mapped[int] = mapped_column(ForeignKey("play_group.id", ondelete="CASCADE"), index=True)
    name: Mapped[str | None] = mapped_column(String(60))  # None: the night's date, in the reader's language
    game_key: Mapped[str] = mapped_column(String(40))
    preset: Mapped[str | None] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(Json)  # as chosen: each table resolves them for its players
    table_size: Mapped[int]
    sittings: Mapped[int]
    movement: Mapped[str] = mapped_column(String(16))  # rotate, progressive, stay
    rank_by: Mapped[str] = mapped_column(String(16))  # points, wins
    token_hash: Mapped[str] = mapped_column(String(64))
    ended: Mapped[datetime | None] = mapped_column(UtcDateTime)  # ended by hand ("finish")
    version: Mapped[int] = mapped_column(BigInteger, default=new_version, server_default="1")
    created: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)

    players: Mapped[list[NightPlayer]] = relationship(back_populates="night", order_by="NightPlayer.id",
                                                      cascade="all, delete-orphan")
    seated: Mapped[list[Sitting]] = relationship(back_populates="night", order_by="Sitting.number",
                                                 cascade="all, delete-orphan")

    def token_matches(self, token: str | None) -> bool:
        """Say whether ``token`` is this night's token."""
        return token_matches(self.token_hash, token)


class NightPlayer(db.Model):
    """A group's player at a night: here (present), or gone home (seated no more until they are back)."""

    __table_args__ = (UniqueConstraint("night_id", "member_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), index=True)
    present: Mapped[bool] = mapped_column(default=True)

    night: Mapped[Night] = relationship(back_populates="players")
    member: Mapped[Member] = relationship()


class Sitting(db.Model):
    """One seating of the room: its tables (each a game) and who sat out."""

    __table_args__ = (UniqueConstraint("night_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("night.id", ondelete="CASCADE"))
    number: Mapped[int]
    created: Mapped[datetime] = mapped_column(UtcDateTime, default=utcnow)

    night: Mapped[Night] = relationship(back_populates="seated")
    tables: Mapped[list[NightTable]] = relationship(back_populates="sitting", order_by="NightTable.number",
                                                    cascade="all, delete-orphan")
    seats: Mapped[list[NightSeat]] = relationship(back_populates="sitting", order_by="NightSeat.id",
                                                  cascade="all, delete-orphan")


class NightTable(db.Model):
    """A table of a sitting: its number (1 is the head table) and the ordinary game it plays."""

    __table_args__ = (UniqueConstraint("sitting_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sitting_id: Mapped[int] = mapped_column(ForeignKey("sitting.id", ondelete="CASCADE"))
    number: Mapped[int]
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"), index=True)
    left_out: Mapped[bool] = mapped_column(default=False)  # still playing when the night was ended by hand

    sitting: Mapped[Sitting] = relationship(back_populates="tables")
    game: Mapped[Game | None] = relationship()


class NightSeat(db.Model):
    """Where a player sat in a sitting: a table and seat, or out (both None)."""

    __table_args__ = (UniqueConstraint("sitting_id", "member_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    sitting_id: Mapped[int] = mapped_column(ForeignKey("sitting.id", ondelete="CASCADE"))
    member_id: Mapped[int] = mapped_column(ForeignKey("member.id", ondelete="CASCADE"), index=True)
    table_number: Mapped[int | None]
    seat: Mapped[int | None]

    sitting: Mapped[Sitting] = relationship(back_populates="seats")
