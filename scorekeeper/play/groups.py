"""Groups, their players and their games' kept results: flush only, never commit; nothing of HTTP here."""
from __future__ import annotations

import base64
import hashlib
import secrets
import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NamedTuple

import emoji as emoji_data
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.attributes import set_committed_value

from .. import rules as registry
from . import services, tables
from ..store.database import read_row
from ..extensions import db
from ..store.models import (Feat, Game, Group, GroupRules, Member, Night, NightPlayer, NightSeat, Player, Result,
                            derived_token, hash_token, in_utc, token_matches, utcnow)
from ..rules.messages import N_, Msg, RulesError, msg, shown
from ..rules.spec import HEADLINE
from ..rules.engine import Derived
from .services import Conflict, Invalid, NotFound

GROUP_NAME_MAX = 60
GAMES_PAGE = 50  # games a group's page and JSON list at once, newest first
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2")
NO_GROUP = msg(N_("there is no such group; check the link"))


def view_key(token: str) -> str:
    """Return the read-only key that goes with an edit token (whoever holds the token can show the view link)."""
    digest = hashlib.sha256(b"group view:" + token.encode()).digest()
    return base64.urlsafe_b64encode(digest[:16]).rstrip(b"=").decode()


def game_token(token: str, public_id: str) -> str:
    """Return the edit token of a game started in a group, made from the group's edit token and the game's id:
    whoever holds the group's edit link can open the edit link of every game started in it (``open_game``), and
    the game's own link opens nothing else. A game brought in from outside keeps its own token."""
    return derived_token(token, b"group game:" + public_id.encode())


def clean_group_name(name: Any) -> str:
    """Return a group's name tidied (spaces squeezed), or raise Invalid naming ``name``."""
    text = " ".join(name.split()) if isinstance(name, str) else ""
    if not services.printable_name(text) or not 1 <= len(text) <= GROUP_NAME_MAX:
        raise Invalid({"name": msg(N_("a group's name needs 1 to %(most)s letters, numbers or spaces"),
                                   most=GROUP_NAME_MAX)})
    return text


def create_group(name: Any, players: Any = None) -> tuple[Group, str]:
    """Start a group with its first players; return it with its edit token (stored hashed, as the view key is)."""
    errors: dict[str, Msg] = {}
    try:
        name = clean_group_name(name)
    except Invalid as exc:
        errors.update(exc.errors)
    names: list[str] = []
    if players is not None:
        if not isinstance(players, list):
            errors["players"] = msg(N_("give the players' names as a list"))
        else:
            names, problems = services.check_names(players)
            errors.update(problems)
    if errors:
        raise Invalid(errors)
    token = secrets.token_urlsafe(24)
    group = Group(name=name, token_hash=hash_token(token), view_hash=hash_token(view_key(token)))
    group.members = [Member(name=n, colour=COLOURS[i % len(COLOURS)]) for i, n in enumerate(names)]
    db.session.add(group)
    db.session.flush()
    return group, token


@dataclass(frozen=True, slots=True)
class GroupHead:
    """What a kept group page needs of a group: its ids, its version and its keys' hashes."""

    public_id: str
    id: int
    version: int
    token_hash: str
    view_hash: str

    def token_matches(self, token: str | None) -> bool:
        """Say whether ``token`` is this group's edit token."""
        return token_matches(self.token_hash, token)

    def view_matches(self, key: str | None) -> bool:
        """Say whether ``key`` is this group's read-only key."""
        return token_matches(self.view_hash, key)


def group_head(public_id: str) -> GroupHead:
    """Read a group's head with one indexed query on a pooled connection (no ORM, no session), or raise NotFound.

    A page or stats kept for the head's version are then answered without loading the group.
    """
    row = read_row(db.engine, "SELECT id, version, token_hash, view_hash FROM play_group WHERE public_id = ?",
                   (public_id,)) if services.PUBLIC_ID.fullmatch(public_id or "") else None
    if row is None:
        raise NotFound({"group": NO_GROUP})
    return GroupHead(public_id, *row)


def load_group(public_id: str) -> Group:
    """Return the group with this public id, its players loaded, or raise NotFound."""
    if not services.PUBLIC_ID.fullmatch(public_id or ""):
        raise NotFound({"group": NO_GROUP})
    group = db.session.scalar(select(Group).options(selectinload(Group.members))
                              .where(Group.public_id == public_id))
    if group is None:
        raise NotFound({"group": NO_GROUP})
    return group


def member_named(group: Group, name: str, besides: Collection[int] = ()) -> Member | None:
    """Return the group's player called ``name`` as a table reads names (``services.name_key``: any case, any way of
    writing a letter, 😀 and 😀️ alike), if any, but for those whose id is in ``besides``."""
    wanted = services.name_key(name)
    return next((m for m in group.members if m.id not in besides and services.name_key(m.name) == wanted), None)


def find_member(group: Group, member_id: Any, field: str = "player") -> Member:
    """Return the group's player with this id, or raise NotFound naming ``field``."""
    if not isinstance(member_id, int) or isinstance(member_id, bool):  # null, true, 502.0: no player's id
        raise Invalid({field: msg(N_("must be a player's id, a whole number from this group's players"))})
    found = next((m for m in group.members if m.id == member_id), None)
    if found is None:
        raise NotFound({field: msg(N_("there is no player %(id)s in this group"), id=shown(member_id))})
    return found


def one_name(name: Any, field: str = "name") -> str:
    """Check one player's name as a seat's name is checked; raise Invalid naming ``field``."""
    if not isinstance(name, str):
        raise Invalid({field: msg(N_("a name needs 1 to %(most)s characters"), most=services.NAME_MAX)})
    clean, errors = services.check_names([name])
    if errors:
        raise Invalid({field: errors["players.0"]})
    return clean[0]


def add_member(group: Group, name: Any, again: bool = False) -> Member:
    """Add a player to the group; names are unique in a group as a table reads them (``member_named``), but for the
    second of two seats of an older game that only a style mark told apart (``again``: two people)."""
    name = one_name(name)
    if not again and member_named(group, name) is not None:
        raise Invalid({"name": msg(N_("%(name)s is already in this group"), name=name)})
    member = Member(name=name, colour=COLOURS[len(group.members) % len(COLOURS)])
    group.members.append(member)
    db.session.flush()
    group_moved_on(group.id)
    return member


def rename_member(group: Group, member: Member, name: Any) -> None:
    """Rename a player everywhere: in the group and in every seat they took in its games."""
    name = one_name(name)
    other = member_named(group, name)
    if other is not None and other is not member:
        if played_together(member, other):  # two people: a merge would be refused too
            raise Invalid({"name": msg(N_("%(name)s is already in this group, and played with %(other)s: give "
                                          "another name"), name=name, other=member.name)})
        raise Invalid({"name": msg(N_("%(name)s is already in this group; merge the two instead"), name=name)})
    member.name = name
    db.session.execute(update(Player).where(Player.member_id == member.id).values(name=name)
                       .execution_options(synchronize_session=False))
    moved_on(select(Player.game_id).where(Player.member_id == member.id))
    group_moved_on(group.id)


def tablemates(member: Member) -> set[int]:
    """Return the ids of the group's players who sat at a game with ``member``: never the same person."""
    games = select(Player.game_id).where(Player.member_id == member.id)
    return set(db.session.scalars(select(Player.member_id).where(
        Player.game_id.in_(games), Player.member_id.is_not(None), Player.member_id != member.id)))


def played_together(one: Member, other: Member) -> bool:
    """Say whether two of a group's players sat at the same game, or came to the same club night (then they are two
    people)."""
    return other.id in tablemates(one) or came_together(one, other)


def came_together(one: Member, other: Member) -> bool:
    """Say whether two of a group's players came to the same club night."""
    nights = select(NightPlayer.night_id).where(NightPlayer.member_id == one.id)
    return db.session.scalar(
        select(NightPlayer.id).where(NightPlayer.member_id == other.id, NightPlayer.night_id.in_(nights)).limit(1)
    ) is not None


def merge_members(group: Group, member: Member, into: Member) -> None:
    """Fold two names of one person into one: ``member``'s seats, results and records become ``into``'s."""
    if member is into:
        raise Invalid({"merge_into": msg(N_("a player cannot be merged into themselves"))})
    if into.id in tablemates(member):
        raise Conflict({"merge_into": msg(N_("%(a)s and %(b)s played in the same game: they are two people"),
                                          a=member.name, b=into.name)})
    if came_together(member, into):
        raise Conflict({"merge_into": msg(N_("%(a)s and %(b)s came to the same club night: they are two people"),
                                          a=member.name, b=into.name)})
    moved_on(select(Player.game_id).where(Player.member_id == member.id))
    db.session.execute(update(Player).where(Player.member_id == member.id).values(member_id=into.id, name=into.name)
                       .execution_options(synchronize_session=False))
    for kept in (Result, Feat, NightPlayer, NightSeat):  # their nights too
        db.session.execute(update(kept).where(kept.member_id == member.id).values(member_id=into.id)
                           .execution_options(synchronize_session=False))
    group.members.remove(member)
    db.session.delete(member)
    db.session.flush()
    group_moved_on(group.id)


def group_moved_on(group_id: int) -> None:
    """Move the group's version on, in the transaction of the change (so a version never names two states):
    its kept pages and stats are stale, its ETags too.

    Called after the change's games are written (their rows locked first, then the group's, as a round does:
    ``services.settle`` locks its game, then moves its group on), so that two changes never wait on each other.
    """
    db.session.execute(update(Group).where(Group.id == group_id).values(version=Group.version + 1)
                       .execution_options(synchronize_session=False))


def moved_on(game_ids) -> None:
    """Move the version of these games on: their names changed, so their kept views are stale."""
    db.session.execute(update(Game).where(Game.id.in_(game_ids))
                       .values(version=Game.version + 1, updated=Game.updated)
                       .execution_options(synchronize_session=False))


EMOJI_MOST = 16  # code points: a family (👨‍👩‍👧‍👦) takes 7, a flag of a region (🏴󠁧󠁢󠁳󠁣󠁴󠁿) 7


def is_one_emoji(text: Any) -> bool:
    """Say whether ``text`` is one emoji as a phone's keyboard types it (🐢, 👍🏽, 🇫🇷, 👨‍👩‍👧‍👦 or 1️⃣, not two), or
    one symbol that is not an emoji (★, ♪, ♛, 🂡)."""
    if not isinstance(text, str) or not 1 <= len(text) <= EMOJI_MOST:
        return False
    return emoji_data.is_emoji(text) or (len(text) == 1 and unicodedata.category(text) in ("So", "Sm"))


def set_look(member: Member, colour: Any, emoji: Any) -> None:
    """Give a player a colour ("#rrggbb") and an emoji, shown on the table page and in charts."""
    errors: dict[str, Msg] = {}
    if colour not in (None, "") and not (isinstance(colour, str) and len(colour) == 7 and colour[0] == "#"
                                         and all(c in "0123456789abcdefABCDEF" for c in colour[1:])):
        errors["colour"] = msg(N_("a colour is written #rrggbb, like #1f77b4"))
    if emoji not in (None, "", member.emoji) and not is_one_emoji(emoji):  # one chosen before is kept as it was
        errors["emoji"] = msg(N_("an emoji is one symbol, like 🐢"))
    if errors:
        raise Invalid(errors)
    member.colour = colour or None
    member.emoji = emoji or None
    db.session.flush()
    moved_on(select(Player.game_id).where(Player.member_id == member.id))  # their table pages show them
    group_moved_on(member.group_id)


class Look(NamedTuple):
    """A group's player's colour and emoji, as a game's table page shows them."""

    colour: str | None
    emoji: str | None


def looks(game: Game) -> dict[int, Look]:
    """Return the look of each seat of ``game`` that a group's player took (one query)."""
    rows = db.session.execute(select(Player.seat, Member.colour, Member.emoji)
                              .join(Member, Member.id == Player.member_id).where(Player.game_id == game.id))
    return {seat: Look(colour, emoji) for seat, colour, emoji in rows}


def seat_members(group: Group, game: Game) -> None:
    """Link each seat of ``game`` to the group's player of that name; names not yet in the group join it."""
    seated: set[int] = set()
    for player in game.players:
        # two seats of a game of before names were read as one (😀 and 😀️) are two people: the second joins apart
        member = member_named(group, player.name, besides=seated) or add_member(
            group, player.name, again=member_named(group, player.name) is not None)
        seated.add(member.id)
        player.member_id = member.id
    db.session.flush()


def start_game(group: Group, token: str, key: Any, players: Any, options: Any, preset: Any = None,
               own_rules: bool = True) -> tuple[Game, str]:
    """Start a game in the group (its seats linked to the group's players), as the holder of the group's edit
    ``token``, from the group's own rules for it (``own_rules``; a form filled in with them sends them all itself),
    a preset and ``options`` on top; return it with its own token (``game_token``)."""
    base = rules_of(group.id, key) if own_rules and isinstance(key, str) else None
    game, _ = services.create_game(key, players, options, preset, base=base)
    return game, join_started_game(group, token, game)


# --- a group's own rules -----------------------------------------------------------------------------------------

def rules_of(group_id: int, key: str) -> GroupRules | None:
    """Return the group's own rules for the game ``key``, if it keeps some."""
    return db.session.scalar(select(GroupRules).where(GroupRules.group_id == group_id, GroupRules.game_key == key))


def all_rules(group_id: int) -> list[GroupRules]:
    """Return the group's own rules for each game it keeps some for, in the order the app lists its games."""
    order = list(registry.REGISTRY)
    kept = db.session.scalars(select(GroupRules).where(GroupRules.group_id == group_id))
    return sorted(kept, key=lambda r: order.index(r.game_key) if r.game_key in order else len(order))


def rules_set_last(group_id: int) -> str | None:
    """Return the game whose rules the group set last, which its new games and nights open on; None if it keeps
    none."""
    kept = db.session.scalars(select(GroupRules.game_key).where(GroupRules.group_id == group_id)
                              .order_by(GroupRules.set_at.desc(), GroupRules.id.desc()))
    return next((key for key in kept if key in registry.REGISTRY), None)


def game_rules(key: Any):
    """Return the rules of the game ``key``, or raise NotFound naming ``game``."""
    rules = registry.get(key) if isinstance(key, str) else None
    if rules is None:
        raise NotFound({"game": services.no_such_game(key)})
    return rules


def checked_rules(rules, options: Any, preset: Any) -> dict[str, Any]:
    """Check a group's rules for a game as a new game's options are checked (a preset's, then ``options``), at any
    table the game seats (partners need four); return the options as given, each as the game stores it. Raise
    Invalid naming ``options.<name>`` or ``preset``, as the table size that fits them best refuses them."""
    spec, best = rules.spec, None
    for players in range(spec.min_players, spec.max_players + 1):
        try:
            rules.resolve_options(options, players, preset)
        except RulesError as exc:
            best = exc.errors if best is None or len(exc.errors) < len(best) else best
            continue
        return {name: None if value is None else spec.option(name).dump(spec.option(name).parse(value))
                for name, value in options.items()}
    raise Invalid(best or {})


def set_rules(group: Group, key: Any, preset: Any, options: Any) -> GroupRules:
    """Keep the group's own rules for a game, in place of those it kept; its new games and nights start from them.

    The group's row is locked first (its version moved on), so that two phones keeping rules for the same game at
    once keep them one after the other, the second in place of the first.
    """
    rules = game_rules(key)
    clean = checked_rules(rules, options, preset)
    group_moved_on(group.id)
    kept = rules_of(group.id, rules.spec.key) or GroupRules(group_id=group.id, game_key=rules.spec.key)
    # the latest set is the one new games open on: later than any the group keeps, whatever a clock or a file said
    newest = db.session.scalar(select(func.max(GroupRules.set_at)).where(GroupRules.group_id == group.id))
    kept.preset, kept.options = preset, clean
    kept.set_at = max(utcnow(), in_utc(newest) + timedelta(microseconds=1)) if newest else utcnow()
    db.session.add(kept)
    db.session.flush()
    return kept


def clear_rules(group: Group, key: Any) -> None:
    """Forget the group's own rules for a game: its new games start from the app's usual rules again."""
    rules = game_rules(key)
    db.session.execute(delete(GroupRules).where(GroupRules.group_id == group.id,
                                                GroupRules.game_key == rules.spec.key))
    group_moved_on(group.id)


def described(kept: GroupRules | Night) -> tuple[Msg | None, list[tuple[str, Msg | str]]]:
    """Say a group's rules for one game (or those a club night's tables play by) in table words: the preset they
    start from (its name, if any), and each option they set, as (label, value), in the new-game form's order; one
    the preset already says is not said again."""
    rules = registry.get(kept.game_key)
    if rules is None:
        return None, []
    spec = rules.spec
    preset = spec.presets.get(kept.preset) if kept.preset else None
    said = preset.options if preset else {}
    return (Msg(preset.label) if preset else None,
            [(o.label, o.words(kept.options[o.name])) for o in spec.options
             if o.name in kept.options and (o.name not in said or said[o.name] != kept.options[o.name])])


def rules_json(kept: GroupRules) -> dict[str, Any]:
    """Return a group's rules for one game as the API shows them."""
    return {"preset": kept.preset, "options": dict(kept.options)}


def play_again(old: Game, token: str, group_token: str | None = None) -> tuple[Game, str]:
    """Start ``old`` again ("Play again"): the same game, players, seats and house rules, the first deal passed on,
    with the edit token that follows from ``old``'s ``token`` (``services.next_token``). It stays in ``old``'s group
    when ``group_token`` opens the group, and its token is then the group's (``game_token``); the players following
    ``old`` are pointed to it, unless it left its group. Return it with its token."""
    game, own = services.create_game(old.game_key, [p.name for p in old.players], services.options_played_again(old),
                                     old.preset, services.next_token(token))
    group = db.session.get(Group, old.group_id) if old.group_id is not None and group_token is not None else None
    if group is not None:
        own = join_started_game(group, group_token, game)
    if old.group_id is None or group is not None:  # its spectators are pointed to it, never out of the group
        services.play_on(old, game)
    return game, own


def join_started_game(group: Group, token: str, game: Game) -> str:
    """Bring a game just started into the group, as the holder of its edit ``token``, with the game token that
    comes from it (``game_token``); return that token."""
    own = game_token(token, game.public_id)
    game.token_hash = hash_token(own)
    put_in_group(game, group.id)
    seat_members(group, game)
    return own


def join_game(group: Group, game: Game) -> None:
    """Bring an existing game into the group; a finished one brings its results."""
    if game.group_id is not None and game.group_id != group.id:
        raise Conflict({"game": msg(N_("this game is already in another group"))})
    put_in_group(game, group.id)
    seat_members(group, game)
    if game.status == "finished":
        keep_results(game, tables.fold_game(game))


def put_in_group(game: Game, group_id: int) -> None:
    """Set a game's group by one statement, its version moved on (its table page now links to the group) and its
    last change's time left alone (it dates the game's end)."""
    db.session.execute(update(Game).where(Game.id == game.id).values(group_id=group_id, version=Game.version + 1,
                                                                      updated=Game.updated)
                       .execution_options(synchronize_session=False))
    set_committed_value(game, "group_id", group_id)
    set_committed_value(game, "version", game.version + 1)
    group_moved_on(group_id)


@services.game_changed.connect
def results_changed(game: Game, derived: Derived) -> None:
    """Keep a group game's results again when it finishes, when an edit changes a finished game, or it reopens.

    Told by ``services.settle`` of every change to a game, before the game's status moves on: ``game.status`` is
    still the old one. The group's version moves on (its page shows games in play too).
    """
    if game.group_id is None:
        return
    group_moved_on(game.group_id)
    if derived.over or game.status == "finished":
        keep_results(game, derived)



@services.game_deleted.connect
def game_deleted(game: Game) -> None:
    """Forget what a group kept of a game being deleted, and move the group on (its pages listed it); the game's
    row is locked already, so the group's is locked after it, as a round does."""
    if game.group_id is None:
        return
    for kept in (Result, Feat):
        db.session.execute(delete(kept).where(kept.game_id == game.id))
    group_moved_on(game.group_id)


def stat_key(game: Game) -> str:
    """Name the game a finished game counts under in the stats: its key, or for any game its own name and way
    of winning ("any:low:Hearts"), so that Five Crowns and Hearts are games of their own."""
    rules = registry.get(game.game_key)
    return rules.stat_key(game.options if isinstance(game.options, dict) else {}) if rules else game.game_key

def keep_results(game: Game, derived: Derived) -> None:
    """Replace a game's kept results and records with those of ``derived`` (none unless it is over)."""
    for kept in (Result, Feat):
        db.session.execute(delete(kept).where(kept.game_id == game.id))
    if not derived.over or game.group_id is None or not derived.rounds:
        return  # a game ended before its first round was played is not counted: nobody won it
    members = {p.seat: p.member_id for p in game.players}
    if any(m is None for m in members.values()):
        return  # seats not linked to the group (never, once joined): nothing to count
    rules = tables.rules_for(game)
    key, _ = HEADLINE[rules.spec.measure]
    common = {"group_id": game.group_id, "game_id": game.id, "game_key": stat_key(game), "played": game.created}
    rows = [{**common, "member_id": members[row["seat"]], "seat": row["seat"], "place": row["place"],
             "total": row.get("total") if key == "total" else None, "won": row["seat"] in derived.winners}
            for row in derived.standings]
    if len(rows) > 1:  # a game played alone (any game allows it) is won against nobody: no leaderboard's
        db.session.execute(insert(Result), rows)
    feats = [{**common, "member_id": members[r.seat], "kind": r.kind, "value": r.value,
              "what": {"text": r.what.text, "params": dict(r.what.params), "plural": r.what.plural},
              "rank": -r.value if r.higher_is_better else r.value}
             for r in rules.records(derived.table, derived.state, derived.rounds, derived.standings)]
    if feats:
        db.session.execute(insert(Feat), feats)


@dataclass(frozen=True)
class Summary:
    """One game in a group's list: its date, game, players, winners and totals (kept results when finished)."""

    game: Game
    players: tuple[str, ...]
    standings: tuple[dict[str, Any], ...]  # seat, name, total, place
    winners: tuple[int, ...]

    @property
    def finished(self) -> datetime | None:
        """Return when the game finished (its last change), None while it is played."""
        return self.game.updated if self.game.status == "finished" else None


def summaries(group: Group, page: int = 1) -> tuple[list[Summary], bool]:
    """Return a page of the group's games, newest first, and whether there are more.

    Finished games read their kept results; only games still in play are folded (their kept fold, usually).
    Three queries, however many games the group has.
    """
    games = list(db.session.scalars(
        select(Game).options(selectinload(Game.players)).where(Game.group_id == group.id)
        .order_by(Game.created.desc(), Game.id.desc()).offset((page - 1) * GAMES_PAGE).limit(GAMES_PAGE + 1)))
    more = len(games) > GAMES_PAGE
    games = games[:GAMES_PAGE]
    kept: dict[int, list[Result]] = {}
    for result in db.session.scalars(select(Result).where(Result.game_id.in_([g.id for g in games]))
                                     .order_by(Result.seat)):
        kept.setdefault(result.game_id, []).append(result)
    return [summary(game, kept.get(game.id)) for game in games], more


def summary(game: Game, results: Sequence[Result] | None) -> Summary:
    """Sum one game up, from its kept results or (in play) from its fold."""
    names = tuple(p.name for p in game.players)
    if game.status == "finished" and results:
        rows = tuple({"seat": r.seat, "name": names[r.seat], "total": r.total, "place": r.place} for r in results)
        return Summary(game, names, rows, tuple(r.seat for r in results if r.won))
    view = tables.table_view(game)
    rows = tuple({"seat": s.seat, "name": s.name, "total": s.total, "place": s.place} for s in view.seats)
    return Summary(game, names, rows, tuple(view.winners))


def history_rows(group: Group, *where) -> list[tuple]:
    """Return the group's kept results (those meeting ``where``: a stats filter's conditions), oldest game first:
    date, game, game id, seat, player, place, total, won (one query)."""
    query = select(Result.played, Result.game_key, Game.public_id, Result.seat, Member.name, Result.place,
                   Result.total, Result.won) \
        .join(Game, Game.id == Result.game_id).join(Member, Member.id == Result.member_id) \
        .where(Result.group_id == group.id, *where).order_by(Result.played, Result.game_id, Result.seat)
    return list(db.session.execute(query))
