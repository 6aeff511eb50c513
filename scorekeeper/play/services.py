"""Games, players and rounds: the rules decide, the models store; flush only, never commit."""
from __future__ import annotations

import json
import re
import secrets
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache as once, reduce
from typing import Any

from blinker import Namespace
from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.orm import aliased, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .. import rules as registry
from ..store.database import begin_write, read_row
from ..extensions import db
from ..store.models import (Game, IdempotentReply, KeptAnswer, Player, Round, derived_token, hash_token,
                            token_matches, utcnow)
from ..rules.base import Rules
from ..rules.messages import N_, Msg, Names, RulesError, msg, nmsg, shown
from ..rules.spec import Table
from ..rules.engine import Derived, RoundRefused, append
from .tables import current_fold, derive_game, fold_game, keep_fold, rounds_stored, rules_for, table_of

signals = Namespace()
game_changed = signals.signal("game-changed")  # sent with the new fold (``derived``) before the game's row moves on
game_deleted = signals.signal("game-deleted")  # sent before the game's rows go

NAME_MAX = 40
ROUND_DATA_MAX = 4096  # bytes of JSON: a round of the biggest table needs about 1 KB; every poll sends it back
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
GAME_OVER = msg(N_("the game is over; no more rounds can be added"))


class Problem(Exception):
    """A request the game cannot take; ``errors`` maps field paths to messages."""

    status = 400

    def __init__(self, errors: Mapping[str, Msg | str]):
        super().__init__(errors)
        self.errors = dict(errors)


class Invalid(Problem):
    """A value breaks the game's rules or checks."""

    status = 422


class Conflict(Problem):
    """The round cannot go where it was sent (game over, number taken, a later round breaks)."""

    status = 409


class NotFound(Problem):
    """No such game or round."""

    status = 404


# Marks that never show alone but that names need: the joiners of Persian and Indic spelling (U+200C, U+200D, which
# also join emoji: 👩‍🦰), the variation selectors (❤️), and the tag letters of a flag like 🏴󠁧󠁢󠁳󠁣󠁴󠁿.
NAME_MARKS = frozenset("\u200c\u200d\ufe0e\ufe0f")
STYLE_MARKS = dict.fromkeys(map(ord, NAME_MARKS))  # 😀 and 😀️ are one name, and "Ann" and "Ann‍"


def printable_name(name: str) -> bool:
    """Say whether every character of a name shows, or is a mark that names need (``NAME_MARKS``, flag tags)."""
    return all(ch.isprintable() or ch in NAME_MARKS or 0xE0020 <= ord(ch) <= 0xE007F for ch in name) \
        and any(ch.isprintable() and not ch.isspace() for ch in name)  # and something that shows


def without_accents(text: str) -> str:
    """Write text without its accents ("Élise": "Elise"), for sorting and searching as a reader does."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def name_key(name: str) -> str:
    """Return what makes two names the same name: one way of writing each letter, any case, any emoji style."""
    return unicodedata.normalize("NFC", name).translate(STYLE_MARKS).casefold()


def check_names(names: Sequence[Any], blank_seats: bool = False) -> tuple[list[str], dict[str, Msg]]:
    """Tidy each name (spaces squeezed) and say what is wrong with any, by seat: 1-40 characters, unique.

    With ``blank_seats``, an empty name is a seat left to fill in by hand (a printed sheet).
    """
    errors: dict[str, Msg] = {}
    seen: set[str] = set()
    clean = []
    for seat, name in enumerate(names):
        # one way of writing each letter (é typed, or e and its accent pasted): the same name reads as the same
        name = unicodedata.normalize("NFC", " ".join(name.split())) if isinstance(name, str) else ""
        name = name.strip("\u200c\u200d")  # a joiner joins two letters: at an end it only hides a difference
        if blank_seats and not name:
            pass
        elif not 1 <= len(name) <= NAME_MAX:
            errors[f"players.{seat}"] = msg(N_("a name needs 1 to %(most)s characters"), most=NAME_MAX)
        elif not printable_name(name):
            errors[f"players.{seat}"] = msg(N_("a name can only hold letters, numbers, spaces and punctuation"))
        elif name_key(name) in seen:
            errors[f"players.{seat}"] = msg(N_("%(name)s is already at the table; give each player a different name"),
                                            name=name)
        seen.add(name_key(name))
        clean.append(name)
    return clean, errors


def clean_players(names: Any, rules: Rules) -> list[str]:
    """Check the players' names (trimmed, 1-40 characters, unique) and their number."""
    spec = rules.spec
    if not isinstance(names, list):
        raise Invalid({"players": msg(N_("give the players' names as a list, in seat order"))})
    clean, errors = check_names(names)
    if not spec.min_players <= len(names) <= spec.max_players:
        errors["players"] = nmsg("%(game)s needs %(lo)s to %(hi)s players; there is %(num)s",
                                 "%(game)s needs %(lo)s to %(hi)s players; there are %(num)s", len(names),
                                 game=Msg(spec.name), lo=spec.min_players, hi=spec.max_players)
    if errors:
        raise Invalid(errors)
    return clean


def no_such_game(key: Any) -> Msg:
    """Say that ``key`` names no game: the name sent, or what a game's name is (null or a list is no name)."""
    if not isinstance(key, str) or not key.strip():
        return msg(N_("give the game's key, such as golf (GET /api/rules lists them)"))
    return msg(N_("there is no game called %(key)s"), key=shown(key))


def create_game(key: Any, players: Any, options: Any, preset: Any = None, token: str | None = None,
                base: Any = None) -> tuple[Game, str]:
    """Start a game (from ``base``, a group's own rules for it, when it has some: their preset's options, then
    theirs; then a preset's options, then ``options``); return it with its edit token (stored hashed): a new one, or
    ``token`` (``next_token``)."""
    rules = registry.get(key) if isinstance(key, str) else None
    if rules is None:
        raise Invalid({"game": no_such_game(key)})
    errors: dict[str, Msg] = {}
    try:
        names = clean_players(players, rules)
    except Invalid as exc:
        errors.update(exc.errors)
        names = players if isinstance(players, list) else []
    try:  # at the table's own count, refused or not: an option's message names the players there are
        options, preset, applied = on_top(rules, base, options if options is not None else {}, preset)
        resolved = rules.resolve_options(options, len(names), applied)
    except RulesError as exc:  # (no list of players: no count to check them at, and they are refused already)
        errors.update(exc.errors if isinstance(players, list) else {})
    if errors:
        raise Invalid(errors)
    token = token or secrets.token_urlsafe(24)
    game = Game(game_key=rules.spec.key, options=rules.options_json(resolved), preset=preset,
                token_hash=hash_token(token))
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    db.session.add(game)
    db.session.flush()
    return game, token


def on_top(rules: Rules, base: Any, options: Any, preset: Any) -> tuple[Any, Any, Any]:
    """Return the options a game starts with, the preset it names, and the preset still to apply under them: with
    ``base`` (a group's rules: ``.preset``, ``.options``), theirs first, then the game's preset's and its own on
    top, and the game names its own preset, or else theirs."""
    if base is None or not isinstance(options, Mapping):
        return options, preset, preset
    under = rules.layered(rules.preset_options(base.preset), base.options)
    return (rules.layered(rules.layered(under, rules.preset_options(preset)), options),
            preset if preset is not None else base.preset, None)


def blank_table(key: Any, names: Sequence[str], count: Any, options: Any, preset: Any = None) -> tuple[Rules, Table]:
    """Return the rules and a table for a blank sheet: ``count`` seats, named where given, a preset's options, then ours."""
    rules = registry.get(key) if isinstance(key, str) else None
    if rules is None:
        raise NotFound({"game": no_such_game(key)})
    spec = rules.spec
    clean, errors = check_names(names, blank_seats=True)
    if not isinstance(count, int) or isinstance(count, bool) or not spec.min_players <= count <= spec.max_players:
        errors["count"] = msg(N_("%(game)s needs %(lo)s to %(hi)s players"), game=Msg(spec.name), lo=spec.min_players,
                              hi=spec.max_players)
        count = spec.min_players
    for seat in range(count, len(clean)):
        if clean[seat] and "count" not in errors:  # a count refused says it all: the names past it are not wrong
            errors[f"players.{seat}"] = msg(N_("the sheet is for %(count)s players: clear this name or choose more "
                                               "players"), count=count)
    try:
        resolved = rules.resolve_options(options or {}, count, preset)
    except RulesError as exc:
        errors.update(exc.errors)
    if errors:
        raise Invalid(errors)
    return rules, Table(tuple((clean + [""] * count)[:count]), resolved)


@dataclass(frozen=True, slots=True)
class GameHead:
    """What a kept table page needs of a game: its id, its version and its edit token's hash."""

    public_id: str
    version: int
    token_hash: str

    def token_matches(self, token: str | None) -> bool:
        """Say whether ``token`` is this game's edit token."""
        return token_matches(self.token_hash, token)


def game_head(public_id: str) -> GameHead:
    """Read a game's head with one indexed query on a pooled connection (no ORM, no session), or raise NotFound.

    A page kept for the head's version is then answered without loading the game.
    """
    row = read_row(db.engine, "SELECT version, token_hash, game_key FROM game WHERE public_id = ?",
                   (public_id,)) if PUBLIC_ID.fullmatch(public_id or "") else None
    if row is None or row[2] not in registry.REGISTRY:
        raise NotFound({"game": msg(N_("there is no such game; check the link"))})
    return GameHead(public_id, row[0], row[1])


def load_game(public_id: str, for_update: bool = False) -> Game:
    """Return the game with this public id, or raise NotFound.

    ``for_update`` is for every write: it takes the game's lock first (see ``lock_game``).
    """
    if for_update:
        return lock_game(public_id).game
    return found(db.session.scalar(select(Game).where(Game.public_id == checked_id(public_id))))


def checked_id(public_id: str) -> str:
    """Return ``public_id`` if it can name a game, else raise NotFound."""
    if not PUBLIC_ID.fullmatch(public_id or ""):
        raise NotFound({"game": msg(N_("there is no such game; check the link"))})
    return public_id


def found(game: Game | None) -> Game:
    """Return ``game`` if it is one this app plays, else raise NotFound."""
    if game is None or game.game_key not in registry.REGISTRY:
        raise NotFound({"game": msg(N_("there is no such game; check the link"))})
    return game


@dataclass(frozen=True, slots=True)
class Locked:
    """A game locked for a write, with what the write needs to know besides, read in the same statement."""

    game: Game
    replay: tuple[int, Any] | None  # the status and body first answered to this write's Idempotency-Key


def lock_game(public_id: str, reply_key: str | None = None) -> Locked:
    """Lock a game for a write and return it, or raise NotFound.

    The lock comes first (SELECT ... FOR UPDATE on PostgreSQL, an immediate transaction on SQLite), so two
    writes to one game run one after the other and each is checked against the rounds the other stored.
    The same statement reads the answer already given to ``reply_key`` (an API write's Idempotency-Key).
    """
    checked_id(public_id)
    begin_write(db.session)
    params = {"public_id": public_id, "reply_key": reply_key}
    row = db.session.execute(locking(reply_key is not None), params).first()
    game = found(row[0] if row else None)
    if row[1] != game.version:
        # The lock waited for another write to this game: on PostgreSQL the row is then read as that write left
        # it, but the rest of the statement saw the database as it was before (read committed). Read it again.
        row = (game, *db.session.execute(locking(reply_key is not None, again=True),
                                         {**params, "game_id": game.id}).first())
    replay = (row[2], row[3]) if reply_key is not None and row[2] is not None else None
    return Locked(game, replay)


@once
def locking(replay: bool, again: bool = False):
    """Return ``lock_game``'s statement (made once): the game, locked, with its version as the statement's snapshot
    saw it, and the status and body answered to ``:reply_key``; ``again`` reads all but the game once more, by
    ``:game_id``."""
    seen = aliased(Game)
    columns = [select(seen.version).where(seen.id == Game.id).scalar_subquery()]
    if replay:
        earlier = select(IdempotentReply.status).where(IdempotentReply.game_id == Game.id,
                                                       IdempotentReply.key == bindparam("reply_key"))
        columns += [earlier.scalar_subquery(), earlier.with_only_columns(IdempotentReply.body).scalar_subquery()]
    if again:
        return select(*columns).where(Game.id == bindparam("game_id"))
    return select(Game, *columns).where(Game.public_id == bindparam("public_id")) \
        .with_for_update(of=Game.__table__).execution_options(populate_existing=True)


def attempt(game: Game, datas: list[Mapping[str, Any]], changed: int) -> Derived:
    """Derive the game with a proposed list of rounds: 422 if round ``changed`` breaks, 409 if a later one."""
    try:
        return derive_game(game, datas, entered=changed)
    except RoundRefused as exc:
        if exc.number < changed:  # stored rounds that no longer stand: nothing the caller can fix
            raise Conflict({"round": msg(N_("round %(n)s no longer fits the game"), n=exc.number)}) from None
        if exc.number == changed:
            raise (Conflict({"round": GAME_OVER}) if exc.after_end else Invalid(exc.errors)) from None
        raise Conflict({"round": later_round_message(game, exc)}) from None


def later_round_message(game: Game, exc: RoundRefused) -> Msg:
    """Explain why a change is refused because of a round after it, in table words: the round by its name ("Deal
    2"), and what would be wrong with it, each about a player saying who."""
    table = table_of(game)
    title = rules_for(game).round_title(table, exc.number)
    if exc.after_end:
        return msg(N_("%(round)s would come after the end of the game with this change: delete the later rounds "
                      "first"), round=title)
    said = [about_player(table, path, why) for path, why in exc.errors.items()]
    detail = reduce(lambda said, more: msg(N_("%(said)s; %(more)s"), said=said, more=more), said)
    return msg(N_("%(round)s would no longer stand after this change: %(detail)s. To make it, delete the later rounds "
                  "first"), round=title, detail=detail)


PLAYER_PATH = re.compile(r"players\.(\d{1,3})(?:\..+)?")  # a refusal of one player's entry: "players.1.cards"


def about_player(table: Table, path: str, why: Msg) -> Msg:
    """Say who a refusal of a player's entry is about ("Bob: a layout has 4 cards…"), unless it names them."""
    found = PLAYER_PATH.fullmatch(path)
    seat = int(found[1]) if found else None
    if seat is None or seat >= table.n or names_player(why, table.players[seat]):
        return why
    return msg(N_("%(name)s: %(why)s"), name=table.players[seat], why=why)


def names_player(message: Msg, name: str) -> bool:
    """Say whether a message names a player among its values ("give %(name)s's cards")."""
    return any(value == name or (isinstance(value, Names) and name in value.names)
               or (isinstance(value, Msg) and names_player(value, name)) for value in message.params.values())


def check_object(data: Any) -> Mapping[str, Any]:
    """Refuse round data that is not a JSON object, or too big for a round at a table."""
    if not isinstance(data, Mapping):
        raise Invalid({"data": msg(N_("the round's data must be an object of names and values"))})
    if len(json.dumps(data, ensure_ascii=False).encode()) > ROUND_DATA_MAX:
        raise Invalid({"data": msg(N_("the round's data is longer than a round needs (at most %(n)s bytes)"),
                                   n=ROUND_DATA_MAX)})
    return data


def add_round(game: Game, data: Any, number: Any = None, current: Derived | None = None) -> Derived:
    """Record the next round; refuse it on a finished game or when ``number`` is not the next one.

    ``current`` is the game as already folded for this request, so the new round is played on top of it;
    neither the fold nor the new round loads the stored rounds when the fold is kept (the write is flat).
    """
    current = current or current_fold(game)
    expected = rounds_stored(game, current) + 1
    why = not_next(game, number, current)
    if why is not None:
        raise Conflict({"round": why})
    if game.finished_by_hand:
        raise Conflict({"round": GAME_OVER})
    data = check_object(data)
    if current.broken is not None:
        raise Conflict({"round": msg(N_("round %(n)s no longer fits the game; correct or delete it first"),
                                     n=current.broken.number)})
    try:
        derived = append(rules_for(game), current, data, game.finished_by_hand)
    except RoundRefused as exc:
        raise (Conflict({"round": GAME_OVER}) if exc.after_end else Invalid(exc.errors)) from None
    now = utcnow()
    db.session.connection().execute(insert(Round.__table__), {"game_id": game.id, "number": expected,
                                                              "data": dict(data), "created": now, "updated": now})
    if "rounds" in game.__dict__:  # loaded before the round was added: read them again when asked
        db.session.expire(game, ["rounds"])
    return settle(game, derived)


def not_next(game: Game, number: Any, current: Derived) -> Msg | None:
    """Say why round ``number`` (as a form or a body sent it; None: not said) cannot be added as the next round of
    the game folded as ``current``, in the table's words ("Hole 4 was deleted since…"); None when it can."""
    expected = rounds_stored(game, current) + 1
    if number is None or number == expected:
        return None
    if 0 < number < expected:
        return msg(N_("round %(n)s is already saved; the next round is %(next)s"), n=number, next=expected)
    if number < 1:
        return msg(N_("the next round is %(next)s, not %(n)s"), n=number, next=expected)
    title = rules_for(game).round_title
    if number == expected + 1:  # the form of a round after one deleted since (on another phone)
        return msg(N_("%(next)s was deleted since these scores were typed for %(round)s; check them before you save "
                      "them as %(next)s"), next=title(current.table, expected), round=title(current.table, number))
    return msg(N_("%(round)s cannot be saved yet: the next one is %(next)s; check the scores before you save them as "
                  "%(next)s"), next=title(current.table, expected), round=title(current.table, number))


ENTRY_KEY = "entry:"  # a round form's key, kept beside the API's Idempotency-Keys and apart from them
ENTRY_KEY_TEXT = re.compile(r"[A-Za-z0-9_-]{8,64}")


def new_entry_key() -> str:
    """Return a fresh key for one round form as it is shown: a retry of that form sends it again."""
    return secrets.token_urlsafe(16)


def entry_key(value: Any) -> str | None:
    """Return a posted entry key when it is one this app makes, else None (an entry without a key)."""
    return value if isinstance(value, str) and ENTRY_KEY_TEXT.fullmatch(value) else None


@dataclass(frozen=True, slots=True)
class Entry:
    """A round form as it was posted: the key it was shown with (``new_entry_key``) and a digest of what it held."""

    key: str
    sent: str


@dataclass(frozen=True, slots=True)
class Saved:
    """What a form's key saved before: the round, and whether this post is that entry again (a double tap, a retry)
    or other figures typed into the same form after it was saved (Back, changed, then saved again)."""

    round: int
    again: bool


def saved_entry(game: Game, entry: Entry | None) -> Saved | None:
    """Return what the form entry's key already saved, or None when it saved nothing, or nothing that still stands
    (its round deleted since: the key is free again, so that what it sends now is taken as any new entry)."""
    if entry is None:
        return None
    earlier = db.session.scalar(select(IdempotentReply).filter_by(game_id=game.id, key=ENTRY_KEY + entry.key))
    if earlier is None:
        return None
    number = earlier.body.get("round")
    if not isinstance(number, int) or not 0 < number <= len(game.rounds):
        db.session.delete(earlier)
        db.session.flush()
        return None
    sent = earlier.body.get("sent")  # None: saved before what was sent was kept, so taken to be a retry
    return Saved(number, again=sent is None or sent == entry.sent)


def remember_entry(game: Game, entry: Entry | None, number: int) -> None:
    """Remember that a form entry saved round ``number``, with what it sent."""
    if entry is not None:
        db.session.add(IdempotentReply(game_id=game.id, key=ENTRY_KEY + entry.key, status=303,
                                       body={"round": number, "sent": entry.sent}))
        db.session.flush()


def add_round_once(game: Game, data: Any, entry: Entry | None, number: Any = None,
                   current: Derived | None = None) -> Derived:
    """Record the next round and remember the form entry it came from, so a retry never saves it twice."""
    derived = add_round(game, data, number=number, current=current)
    remember_entry(game, entry, rounds_stored(game, derived))  # flat: no rounds loaded
    return derived


def find_round(game: Game, number: int) -> Round:
    """Return round ``number`` of the game, or raise NotFound."""
    for rnd in game.rounds:
        if rnd.number == number:
            return rnd
    raise NotFound({"game": msg(N_("there is no round %(n)s in this game"), n=number)})  # api.md: 404 names "game"


def edit_round_once(game: Game, number: int, data: Any, entry: Entry | None) -> Derived:
    """Correct a round and remember the form entry it came from, so a retry never applies it a second time
    (over a later correction made on another phone)."""
    derived = edit_round(game, number, data)
    remember_entry(game, entry, number)
    return derived


def edit_round(game: Game, number: int, data: Any) -> Derived:
    """Replace a round's data and derive everything after it again; refuse edits that break later rounds."""
    rnd = find_round(game, number)
    data = check_object(data)
    datas = [dict(data) if r.number == number else r.data for r in game.rounds]
    derived = attempt(game, datas, number)
    rnd.data = dict(data)
    return settle(game, derived)


def delete_round(game: Game, number: int) -> Derived:
    """Delete the last round."""
    rnd = find_round(game, number)
    if number != len(game.rounds):
        # an Undo on a phone that has not seen the rounds saved since: nothing is deleted
        table, title = table_of(game), rules_for(game).round_title
        raise Conflict({"round": msg(N_("%(round)s is no longer the last round (%(last)s was saved since), so it was "
                                        "not deleted; only the last round can be deleted"),
                                     round=title(table, number), last=title(table, len(game.rounds)))})
    game.rounds.remove(rnd)
    db.session.delete(rnd)
    return settle(game, fold_game(game))


def finish_game(game: Game) -> Derived:
    """End the game by hand; the leaders win."""
    game.finished_by_hand = True
    return settle(game, fold_game(game))


def resume_game(game: Game) -> Derived:
    """Take back "end the game now": play goes on where it stopped (unless the rules say it is over)."""
    game.finished_by_hand = False
    return settle(game, fold_game(game))


def options_played_again(old: Game) -> dict:
    """Return the house rules of a game played again ("Play again"): the same, with the first deal passed on to
    the next player, as the deal passes at the table."""
    options = dict(old.options)
    if isinstance(options.get("first_dealer"), int) and old.players:
        options["first_dealer"] = (options["first_dealer"] + 1) % len(old.players)
    return options


def next_token(token: str) -> str:
    """Return the edit token of the game a table plays next ("Play again"), made from the edit token of the game it
    played: every phone that could score the one may score the next (``games.next_game``), and no other."""
    return derived_token(token, b"played again")


def play_on(old: Game, new: Game) -> Derived:
    """Say that the table went on from ``old`` to ``new`` ("Play again"): whoever still follows ``old`` is pointed
    to ``new``."""
    old.next_game = new
    return settle(old, fold_game(old))


def settle(game: Game, derived: Derived) -> Derived:
    """Keep the listing's status in step with the derived state, move the version on, and flush.

    The game's row is updated by one statement (no unit of work: the append of a round, the hot path of
    a table, changes nothing else); the game object is told its new values as stored.
    """
    db.session.flush()  # a round edited or deleted
    if game.group_id is not None:  # a group keeps its finished games' results (``groups.results_changed``)
        game_changed.send(game, derived=derived)
    changed = {"status": "finished" if derived.over else "playing", "version": (game.version or 1) + 1,
               "updated": utcnow()}
    db.session.connection().execute(update(Game.__table__).where(Game.__table__.c.id == game.id), changed)
    for name, value in changed.items():
        set_committed_value(game, name, value)
    keep_fold(game, derived)  # kept once the change commits
    return derived


def list_games(public_ids: Sequence[str] | None = None, limit: int = 100) -> list[Game]:
    """Return the games with these public ids (every game when None: the owner's list), newest first."""
    query = select(Game).options(selectinload(Game.players)).order_by(Game.created.desc(), Game.id.desc())
    if public_ids is not None:
        query = query.where(Game.public_id.in_([g for g in public_ids if PUBLIC_ID.fullmatch(g)]))
    return list(db.session.scalars(query.limit(limit)))


def recent_names(public_ids: Sequence[str], key: str = "any", most: int = 8) -> dict[str, dict[str, Any]]:
    """Return the names these games of ``key`` were played under (any game's "Five Crowns"), most recent first, each
    with the house rules it was last played with (who wins, to what target), so that one tap starts it again."""
    played: dict[str, dict[str, Any]] = {}
    for game in list_games(public_ids):
        name = game.options.get("name") if game.game_key == key and isinstance(game.options, dict) else None
        if isinstance(name, str) and name not in played and len(played) < most:
            played[name] = {k: v for k, v in game.options.items() if k not in ("name", "first_dealer")}
    return played


def delete_game(game: Game) -> None:
    """Delete a game with its players, rounds, remembered and kept answers (and what a group kept of it)."""
    # the games that pointed here first: locked, as every change locks its games before their group (the group
    # moves on in game_deleted and in settle), so that two changes never wait on each other
    for earlier in db.session.scalars(select(Game).where(Game.next_id == game.id).with_for_update()):
        earlier.next_id = None
        settle(earlier, fold_game(earlier))
    game_deleted.send(game)
    for kept in (IdempotentReply, KeptAnswer):
        db.session.execute(delete(kept).where(kept.game_id == game.id))
    db.session.delete(game)
    db.session.flush()
