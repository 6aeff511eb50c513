"""Club nights: a group's evening at several tables of one game, re-seated between sittings, ranked on one
leaderboard. Flush only, never commit; nothing of HTTP here (../shared/spec/api.md, "Club nights").

Each table of a sitting is an ordinary game of the group, with its own token made from the night's (itself made
from the group's), so the director can hand each table its edit link and nothing is kept in plain. The seating and
the leaderboard are pure (``seating``, ``standing``); this module reads the tables' games for them and stores what
they decide.
"""
from __future__ import annotations

import random
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import selectinload

from .. import rules as registry
from ..extensions import db
from ..rules.base import Rules
from ..rules.messages import N_, Msg, Names, RulesError, msg, nmsg, shown
from ..rules.spec import Table
from ..store.database import begin_write
from ..store.models import (Game, Group, Member, Night, NightPlayer, NightSeat, NightTable, Sitting,
                            derived_token, hash_token, new_public_id, stamp, utcnow)
from . import groups, services, tables
from .seating import Movement, Room, Seating, rank_sides, seat, table_sizes
from .services import Conflict, Invalid, NotFound
from .standing import Line, SittingResult, TableResult, leaderboard

NIGHT_NAME_MAX = 60
SITTINGS_MOST = 20
RANKINGS = ("points", "wins")
NO_NIGHT = msg(N_("there is no such night; check the link"))
NIGHT_OVER = msg(N_("the night is over"))


def night_token(group_token: str, public_id: str) -> str:
    """Return the director's token of a night, made from the group's edit token: whoever holds the group's may
    direct its nights, and the night's opens nothing else."""
    return derived_token(group_token, b"group night:" + public_id.encode())


def table_token(token: str, public_id: str) -> str:
    """Return the edit token of a table's game, made from the night's token: the director can give every table its
    edit link, and a table's link opens that table's game alone."""
    return derived_token(token, b"night table:" + public_id.encode())


# --- what a night's game allows -----------------------------------------------------------------------------------

def resolved(rules: Rules, options: Any, players: int, preset: Any = None) -> Any:
    """Return the night's options typed for a table of ``players``, or None when the game refuses that table."""
    if not rules.spec.min_players <= players <= rules.spec.max_players:
        return None
    try:
        return rules.resolve_options(options if options is not None else {}, players, preset)
    except RulesError:
        return None


def room_of(rules: Rules, options: Any, preset: Any, size: int) -> Room:
    """Return what the game asks of the night's tables: their size, whether one may take a player fewer, the
    partners' seats."""
    teams = {}
    for count in (size, size - 1):
        typed = resolved(rules, options, count, preset)
        sides = rules.teams(typed, count) if typed is not None else None
        if sides:
            teams[count] = tuple(tuple(side) for side in sides)
    return Room(size, size > 1 and resolved(rules, options, size - 1, preset) is not None, teams)


def night_room(night: Night) -> Room:
    """Return the room of a stored night."""
    return room_of(registry.REGISTRY[night.game_key], night.options, night.preset, night.table_size)


def typed_options(night: Night) -> Any:
    """Return the night's options typed for a full table (without checks: a stored night always opens)."""
    rules = registry.REGISTRY[night.game_key]
    return resolved(rules, night.options, night.table_size, night.preset) or rules.load_options(night.options)


def group_game_token(group_token: str, game: Game) -> str:
    """Return the edit token a group's edit token makes for one of its games: a club night's table's (made from the
    night's token, itself made from the group's), or any other game's started in the group (``groups.game_token``)."""
    night = db.session.scalar(select(Night.public_id).join(Sitting, Sitting.night_id == Night.id)
                              .join(NightTable, NightTable.sitting_id == Sitting.id)
                              .where(NightTable.game_id == game.id))
    if night is None:
        return groups.game_token(group_token, game.public_id)
    return table_token(night_token(group_token, night), game.public_id)


# --- a new night -------------------------------------------------------------------------------------------------

def clean_night_name(name: Any) -> str | None:
    """Return a night's name tidied, None for none (the night goes by its date); raise Invalid naming ``name``."""
    if name is None:
        return None
    text = " ".join(name.split()) if isinstance(name, str) else ""
    if not services.printable_name(text) or not 1 <= len(text) <= NIGHT_NAME_MAX:
        raise Invalid({"name": msg(N_("a night's name needs 1 to %(most)s letters, numbers or spaces"),
                                   most=NIGHT_NAME_MAX)})
    return unicodedata.normalize("NFC", text)


def whole(value: Any) -> int | None:
    """Return a whole number sent as one (not true, not 2.0, not "2"), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


@dataclass(frozen=True)
class NightPlan:
    """A new night's choices, checked."""

    name: str | None
    rules: Rules
    options: dict[str, Any]
    preset: str | None
    players: list[str]
    table_size: int
    sittings: int
    movement: Movement
    rank_by: str


def check_game(asked: Mapping[str, Any], errors: dict[str, Msg]) -> Rules | None:
    """Return the night's game, its options and preset checked at its usual table (errors noted by field)."""
    key = asked.get("game")
    rules = registry.get(key) if isinstance(key, str) else None
    if rules is None:
        errors["game"] = services.no_such_game(key)
        return None
    options = asked.get("options", {})
    options = options if options is not None else {}
    first = None
    for size in tables_to_try(rules, asked):
        try:
            rules.resolve_options(options, size, asked.get("preset"))
            return rules  # the options suit some table: one that does not suit them is named on table_size
        except RulesError as exc:
            first = first or exc
    errors.update(first.errors if first else {})
    return None


def tables_to_try(rules: Rules, asked: Mapping[str, Any]) -> list[int]:
    """Return the table sizes the options are checked at: the one asked if the game has such tables, the usual
    one, then every other the game allows."""
    spec = rules.spec
    every = range(spec.min_players, spec.max_players + 1)
    return list(dict.fromkeys([s for s in (whole(asked.get("table_size")), rules.usual_table()) if s in every]
                              + list(every)))


def check_table_size(rules: Rules, asked: Mapping[str, Any], errors: dict[str, Msg]) -> int | None:
    """Return the table size asked (by default the game's usual table) when the game can seat it with these
    options; note why not on ``table_size``."""
    size = asked.get("table_size")
    size = rules.usual_table() if size is None else whole(size)
    spec = rules.spec
    if size is None or not spec.min_players <= size <= spec.max_players:
        errors["table_size"] = msg(N_("%(game)s is played by %(lo)s to %(hi)s players at a table"),
                                   game=Msg(spec.name), lo=spec.min_players, hi=spec.max_players)
        return None
    try:
        rules.resolve_options(asked.get("options") or {}, size, asked.get("preset"))
    except RulesError as exc:
        errors["table_size"] = msg(N_("a table of %(n)s cannot play with these rules: %(why)s"), n=size,
                                   why=next(iter(exc.errors.values())))
        return None
    return size


def check_choices(rules: Rules | None, size: int | None, asked: Mapping[str, Any], errors: dict[str, Msg]
                  ) -> tuple[int | None, Movement | None, str | None]:
    """Check the sittings, the movement and the ranking; note what is wrong by field."""
    sittings = whole(asked.get("sittings"))
    if sittings is None or not 1 <= sittings <= SITTINGS_MOST:
        errors["sittings"] = msg(N_("give how many times the room is seated, a whole number from 1 to %(most)s"),
                                 most=SITTINGS_MOST)
    movement = next((m for m in Movement if m.value == asked.get("movement")), None)
    if movement is None:
        errors["movement"] = msg(N_("the movement is rotate, progressive or stay"))
    elif movement is Movement.PROGRESSIVE and size is not None and size % 2:
        errors["movement"] = errors["table_size"] = msg(
            N_("a progressive night moves half of each table up and half down: its tables need an even number of "
               "players, not %(n)s"), n=size)
    rank_by = asked.get("rank_by")
    if rank_by is None and rules is None:
        return sittings, movement, None  # the game decides the default
    if rank_by is None:
        rank_by = "points" if rules.has_points() else "wins"
    if rank_by not in RANKINGS:
        errors["rank_by"] = msg(N_("rank the night by points or wins"))
    elif rules is not None and rank_by == "points" and not rules.has_points():
        errors["rank_by"] = msg(N_("%(game)s keeps no points: rank the night by wins"), game=Msg(rules.spec.name))
    return sittings, movement, rank_by


def check_night(asked: Mapping[str, Any]) -> NightPlan:
    """Check a new night's choices (as ``POST /api/groups/<id>/nights`` sends them); raise Invalid naming each
    field that is wrong, in table words."""
    errors: dict[str, Msg] = {}
    try:
        name = clean_night_name(asked.get("name"))
    except Invalid as exc:
        errors.update(exc.errors)
        name = None
    rules = check_game(asked, errors)
    size = check_table_size(rules, asked, errors) if rules is not None else None
    sittings, movement, rank_by = check_choices(rules, size, asked, errors)
    names = check_players(rules, size, movement, asked, errors)
    if errors:
        raise Invalid(errors)
    return NightPlan(name, rules, dict(asked.get("options") or {}), asked.get("preset"), names, size, sittings,
                     movement, rank_by)


def check_players(rules: Rules | None, size: int | None, movement: Movement | None, asked: Mapping[str, Any],
                  errors: dict[str, Msg]) -> list[str]:
    """Return the names of who is here, checked as a game's players are, enough for one table at least."""
    players = asked.get("players")
    if not isinstance(players, list):
        errors["players"] = msg(N_("give the names of who is here as a list"))
        return []
    names, problems = services.check_names(players)
    errors.update(problems)
    if rules is not None and size is not None and not problems:
        room = room_of(rules, asked.get("options") or {}, asked.get("preset"), size)
        if not table_sizes(len(names), room, movement is Movement.PROGRESSIVE):
            errors["players"] = nmsg("a table needs %(size)s players; there is %(num)s",
                                     "a table needs %(size)s players; there are %(num)s", len(names), size=size)
    return names


def on_group_rules(group: Group, asked: Mapping[str, Any]) -> Mapping[str, Any]:
    """Return the night's choices with the group's own rules for its game under its options (games.md, "A group
    keeps its own rules"), so that its table sizes, movement and ranking are checked against the rules its tables
    play. What cannot be laid (no such game, options that are not an object, an unknown preset) is left for the
    checks to name."""
    key, options = asked.get("game"), asked.get("options")
    rules = registry.get(key) if isinstance(key, str) else None
    kept = groups.rules_of(group.id, rules.spec.key) if rules is not None else None
    if kept is None or not isinstance(options if options is not None else {}, Mapping):
        return asked
    try:
        options, preset, _ = services.on_top(rules, kept, options or {}, asked.get("preset"))
    except RulesError:
        return asked
    return {**asked, "options": options, "preset": preset}


def create_night(group: Group, group_token: str, asked: Mapping[str, Any], own_rules: bool = True
                 ) -> tuple[Night, str]:
    """Start a night in the group, as the holder of its edit token; return it with the director's token. Names not
    yet in the group join it; nobody is seated until the first sitting starts.
    ``own_rules``: the choices lay the group's own rules under their options (the API); a page whose form was
    filled in with them sends every rule it shows, so what the director changed back to the usual stays changed."""
    plan = check_night(on_group_rules(group, asked) if own_rules else asked)
    public_id = new_public_id()
    token = night_token(group_token, public_id)
    night = Night(public_id=public_id, group_id=group.id, name=plan.name, game_key=plan.rules.spec.key,
                  preset=plan.preset, options=plan.options, table_size=plan.table_size, sittings=plan.sittings,
                  movement=plan.movement.value, rank_by=plan.rank_by, token_hash=hash_token(token))
    members = [groups.member_named(group, name) or groups.add_member(group, name) for name in plan.players]
    night.players = [NightPlayer(member_id=m.id, present=True) for m in members]
    db.session.add(night)
    db.session.flush()
    groups.group_moved_on(group.id)
    return night, token


# --- reading a night ---------------------------------------------------------------------------------------------

def load_night(public_id: str, for_update: bool = False) -> Night:
    """Return the night with this public id, or raise NotFound; ``for_update`` takes the night's lock first (every
    change), so two directors' changes run one after the other."""
    if not services.PUBLIC_ID.fullmatch(public_id or ""):
        raise NotFound({"night": NO_NIGHT})
    if for_update:
        begin_write(db.session)
    query = select(Night).where(Night.public_id == public_id).options(
        selectinload(Night.players).selectinload(NightPlayer.member),
        selectinload(Night.seated).selectinload(Sitting.seats),
        selectinload(Night.seated).selectinload(Sitting.tables).selectinload(NightTable.game)
        .selectinload(Game.players))
    if for_update:
        query = query.with_for_update(of=Night.__table__).execution_options(populate_existing=True)
    night = db.session.scalar(query)
    if night is None or night.game_key not in registry.REGISTRY:
        raise NotFound({"night": NO_NIGHT})
    return night


def group_of(night: Night) -> Group:
    """Return the group the night belongs to."""
    return db.session.get(Group, night.group_id)


def director_token(night: Night, token: str | None) -> str | None:
    """Return the night's token when ``token`` is it or the group's edit token (made from it), else None."""
    if token and night.token_matches(token):
        return token
    group = group_of(night)
    if token and group.token_matches(token):
        return night_token(token, night.public_id)
    return None


def may_read(night: Night, token: str | None, view: str | None) -> bool:
    """Say whether a reader without the director's rights may read the night: by the group's view key, or by the
    token of one of its tables' games."""
    if view and group_of(night).view_matches(view):
        return True
    return bool(token) and any(t.game is not None and t.game.token_matches(token)
                               for s in night.seated for t in s.tables)


def tag(night: Night) -> str:
    """Return what the night's answer depends on, in one query: its version and its tables' games' versions."""
    versions = db.session.execute(select(Game.id, Game.version).join(NightTable, NightTable.game_id == Game.id)
                                  .join(Sitting, Sitting.id == NightTable.sitting_id)
                                  .where(Sitting.night_id == night.id).order_by(Game.id)).all()
    return f"{night.version}." + ".".join(f"{gid}-{version}" for gid, version in versions)


def table_done(table: NightTable) -> bool:
    """Say whether a table is done: its game finished (or ended by hand, or deleted), or left out of the night."""
    return table.left_out or table.game is None or table.game.status == "finished"


def is_over(night: Night) -> bool:
    """Say whether the night is over: ended by hand, or its last sitting played to its end."""
    if night.ended is not None:
        return True
    return len(night.seated) >= night.sittings and all(table_done(t) for t in night.seated[-1].tables)


def present(night: Night) -> list[int]:
    """Return the players here now, in the order they came."""
    return [p.member_id for p in night.players if p.present]


def seating_of(sitting: Sitting) -> Seating:
    """Return a stored sitting as the seating it was."""
    tables: dict[int, dict[int, int]] = {}
    for s in sitting.seats:
        if s.table_number is not None:
            tables.setdefault(s.table_number, {})[s.seat] = s.member_id
    return Seating(tuple(tuple(seats[k] for k in sorted(seats)) for _, seats in sorted(tables.items())),
                   tuple(s.member_id for s in sitting.seats if s.table_number is None))


@dataclass(frozen=True)
class TableView:
    """A table of a sitting, as the night shows it."""

    number: int
    players: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] | None
    game: Game | None
    status: str
    rounds: int
    leaders: tuple[int, ...]
    left_out: bool
    result: TableResult | None  # counted on the leaderboard (a finished table not left out)
    ranked: tuple[int, ...]     # its players best first, whole sides together (the progressive movement)


def table_view(room: Room, table: NightTable, seated: Sequence[int]) -> TableView:
    """Read a table's game: its progress, its leaders, and once finished its result."""
    game = table.game
    members = [p.member_id for p in game.players] if game is not None else list(seated)
    teams = room.teams.get(len(members))
    sides = [tuple(members[s] for s in team) for team in teams] if teams else [(p,) for p in members]
    shown_teams = tuple(sides) if teams else None
    if game is None:  # deleted since: nothing to count
        return TableView(table.number, tuple(members), shown_teams, None, "finished", 0, (), table.left_out, None,
                         tuple(members))
    derived = tables.current_fold(game)
    leaders = tuple(members[s] for s in (derived.winners if derived.over else derived.leaders)) \
        if derived.rounds else ()
    result = None
    if derived.over and not table.left_out and derived.rounds:
        result = TableResult(side_scores(derived, members, sides), frozenset(members[s] for s in derived.winners))
    places = {members[row.get("seat", i)]: row.get("place", 1) for i, row in enumerate(derived.standings)}
    last = dict(zip(members, derived.rounds[-1].points or ())) if derived.rounds else {}
    ranked = rank_sides(members, sides, places, last, tables.rules_for(game).low_wins(derived.table))
    return TableView(table.number, tuple(members), shown_teams, game, game.status, len(derived.rounds), leaders,
                     table.left_out, result, tuple(ranked))


def side_scores(derived, members: Sequence[int], sides: Sequence[Sequence[int]]) -> dict[int, float | None]:
    """Return each player's score at a finished table: their total, or with partners their team's."""
    totals = {members[i]: row.get("total") for i, row in enumerate(derived.standings)}
    scores: dict[int, float | None] = {}
    for side in sides:
        points = [totals.get(p) for p in side]
        total = None if any(p is None for p in points) else sum(points)
        scores.update({p: total for p in side})
    return scores


@dataclass(frozen=True)
class SittingView:
    """A sitting as the night shows it."""

    number: int
    tables: tuple[TableView, ...]
    sitting_out: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return all(t.left_out or t.status == "finished" for t in self.tables)

    def result(self) -> SittingResult:
        return SittingResult(tuple(t.result for t in self.tables if t.result is not None), self.sitting_out)


def sitting_view(room: Room, sitting: Sitting) -> SittingView:
    """Read a sitting's tables."""
    seating = seating_of(sitting)
    return SittingView(sitting.number, tuple(table_view(room, table, seated)
                                             for table, seated in zip(sitting.tables, seating.tables)),
                       seating.sitting_out)


@dataclass(frozen=True)
class NightView:
    """Everything the night's answer and pages show: its players, sittings, tables and leaderboard."""

    night: Night
    names: Mapping[int, str]
    sittings: tuple[SittingView, ...]
    over: bool
    board: tuple[Line, ...]

    @property
    def current(self) -> int | None:
        """Return the sitting being played (the last seated), None before the first and once the night is over."""
        return None if self.over or not self.sittings else self.sittings[-1].number

    def api(self, token: str | None = None) -> dict[str, Any]:
        """Return the night as the API sends it; with the director's ``token``, each table's token too."""
        night = self.night
        rules = registry.REGISTRY[night.game_key]
        return {
            "id": night.public_id, "group": group_of(night).public_id, "name": night.name,
            "game": night.game_key, "options": rules.options_json(typed_options(night)), "preset": night.preset,
            "table_size": night.table_size, "sittings": night.sittings, "movement": night.movement,
            "rank_by": night.rank_by, "status": "finished" if self.over else "playing",
            "created": stamp(night.created),
            "players": [{"id": p.member_id, "name": p.member.name, "present": p.present} for p in night.players],
            "seatings": [{"number": s.number, "status": "finished" if s.finished else "playing",
                          "tables": [table_api(t, token) for t in s.tables], "sitting_out": list(s.sitting_out)}
                         for s in self.sittings],
            "current": self.current,
            "leaderboard": [{"player": line.player, "name": self.names.get(line.player, ""), "played": line.played,
                             "sat_out": line.sat_out, "wins": line.wins, "score": line.score, "place": line.place}
                            for line in self.board],
        }


def table_api(table: TableView, token: str | None) -> dict[str, Any]:
    """Return a table as the night's answer lists it; its game's token only for the director."""
    answer = {"table": table.number, "players": list(table.players),
              "teams": None if table.teams is None else [list(t) for t in table.teams],
              "game": table.game.public_id if table.game is not None else None, "status": table.status,
              "round": table.rounds, "leaders": list(table.leaders), "left_out": table.left_out}
    if token is not None and table.game is not None:
        answer["token"] = table_token(token, table.game.public_id)
    return answer


def view_night(night: Night) -> NightView:
    """Read the night: every sitting's tables from their games, and the leaderboard they add up to."""
    names = {p.member_id: p.member.name for p in night.players}
    room = night_room(night)
    sittings = tuple(sitting_view(room, s) for s in night.seated)
    rules = registry.REGISTRY[night.game_key]
    low = rules.low_wins(Table(("",) * night.table_size, typed_options(night)))
    board = leaderboard([p.member_id for p in night.players], [s.result() for s in sittings],
                        night.rank_by == "points", low, order={m: alphabetical(n) for m, n in names.items()})
    return NightView(night, names, sittings, is_over(night), tuple(board))


def alphabetical(name: str) -> tuple[str, str]:
    """Sort names as a reader does (Élise between Daniel and Fred), any case."""
    return services.without_accents(name).casefold(), name


# --- changing a night --------------------------------------------------------------------------------------------

def night_moved_on(night: Night) -> None:
    """Move the night's version on (its ETag), and its group's (its pages and stats)."""
    db.session.execute(update(Night).where(Night.id == night.id).values(version=Night.version + 1)
                       .execution_options(synchronize_session=False))
    groups.group_moved_on(night.group_id)


def refuse_if_over(night: Night, field: str = "night") -> None:
    """Refuse a change to a night that is over (409)."""
    if is_over(night):
        raise Conflict({field: NIGHT_OVER})


def next_seating(night: Night) -> Seating:
    """Work out the next sitting's seating (the director may check it before it starts): the same answer until
    the night changes, as it is drawn with the night's own seed."""
    history = [seating_of(s) for s in night.seated]
    room, ranked = night_room(night), None
    if night.seated and night.movement == Movement.PROGRESSIVE.value:
        last = sitting_view(room, night.seated[-1])
        ranked = [list(t.ranked) for t in last.tables]
    number = len(night.seated) + 1
    return seat(present(night), room, Movement(night.movement), history,
                random.Random(f"{night.public_id}:{number}"), ranked, night.sittings - number + 1)


def start_sitting(night: Night, token: str) -> Sitting:
    """Seat the next sitting and start its tables' games (as the director, holding the night's ``token``); refuse
    while a table still plays (naming it), and after the last sitting."""
    refuse_if_over(night, "sitting")
    if len(night.seated) >= night.sittings:
        raise Conflict({"sitting": msg(N_("all %(n)s sittings have been played"), n=night.sittings)})
    playing = [t.number for t in night.seated[-1].tables if not table_done(t)] if night.seated else []
    if playing:
        raise Conflict({"sitting": nmsg("table %(tables)s is still playing: the next sitting starts when every "
                                        "table has finished", "tables %(tables)s are still playing: the next "
                                        "sitting starts when every table has finished", len(playing),
                                        tables=Names(tuple(str(n) for n in playing)))})
    seating = next_seating(night)
    if not seating.tables:
        raise Conflict({"players": msg(N_("too few players are here to seat a table of %(size)s"),
                                       size=night.table_size)})
    sitting = Sitting(number=len(night.seated) + 1)
    night.seated.append(sitting)
    db.session.flush()
    members = {p.member_id: p.member for p in night.players}
    for number, seated in enumerate(seating.tables, start=1):
        game = start_table(night, token, [members[m] for m in seated])
        sitting.tables.append(NightTable(number=number, game_id=game.id, game=game))
        sitting.seats.extend(NightSeat(member_id=m, table_number=number, seat=i) for i, m in enumerate(seated))
    sitting.seats.extend(NightSeat(member_id=m, table_number=None, seat=None) for m in seating.sitting_out)
    db.session.flush()
    night_moved_on(night)
    return sitting


def start_table(night: Night, token: str, members: Sequence[Member]) -> Game:
    """Start one table's game in the night's group: its players in seat order, its token the night's gift, with the
    night's rules (which took the group's own when the night started: ``on_group_rules``)."""
    game, _ = services.create_game(night.game_key, [m.name for m in members], night.options, night.preset)
    game.token_hash = hash_token(table_token(token, game.public_id))
    for player, member in zip(game.players, members):
        player.member_id = member.id
    db.session.flush()
    groups.put_in_group(game, night.group_id)
    return game


def night_player(night: Night, member_id: Any, field: str) -> NightPlayer:
    """Return the night's player with this id, or raise (naming ``field``)."""
    if whole(member_id) is None:
        raise Invalid({field: msg(N_("must be a player's id, a whole number from this night's players"))})
    found = next((p for p in night.players if p.member_id == member_id), None)
    if found is None:
        raise NotFound({field: msg(N_("there is no player %(id)s at this night"), id=shown(member_id))})
    return found


def change_players(night: Night, group: Group, asked: Mapping[str, Any]) -> None:
    """Take a late arrival (``add``: a name), a player who leaves (``leave``: an id) or comes back (``back``):
    from the next sitting on."""
    refuse_if_over(night)
    chosen = [key for key in ("add", "leave", "back") if key in asked]
    if len(chosen) != 1:
        raise Invalid({"add": msg(N_("send one change: {\"add\": name}, {\"leave\": id} or {\"back\": id}"))})
    if chosen[0] == "add":
        add_player(night, group, asked["add"])
    else:
        player = night_player(night, asked[chosen[0]], chosen[0])
        if player.present == (chosen[0] == "back"):
            text = N_("%(name)s is here already") if player.present else N_("%(name)s has left already")
            raise Invalid({chosen[0]: msg(text, name=player.member.name)})
        player.present = chosen[0] == "back"
    db.session.flush()
    night_moved_on(night)


def add_player(night: Night, group: Group, name: Any) -> None:
    """Bring a late arrival into the night (and the group, if new)."""
    name = groups.one_name(name, "add")
    member = groups.member_named(group, name) or groups.add_member(group, name)
    if any(p.member_id == member.id for p in night.players):
        raise Invalid({"add": msg(N_("%(name)s is at this night already (send {\"back\": id} for a player who "
                                     "left)"), name=member.name)})
    night.players.append(NightPlayer(member_id=member.id, member=member, present=True))


def find_sitting(night: Night, number: int) -> Sitting:
    """Return sitting ``number`` of the night, or raise NotFound."""
    found = next((s for s in night.seated if s.number == number), None)
    if found is None:
        raise NotFound({"sitting": msg(N_("there is no sitting %(n)s at this night"), n=number)})
    return found


def swap(night: Night, number: int, players: Any) -> None:
    """Swap two players' seats (or a seat and sitting out) in a sitting whose tables have no round yet: their
    tables' games change players too."""
    refuse_if_over(night, "swap")
    sitting = find_sitting(night, number)
    if not (isinstance(players, list) and len(players) == 2 and all(whole(p) is not None for p in players)
            and players[0] != players[1]):
        raise Invalid({"swap": msg(N_("give the ids of two different players: {\"swap\": [id, id]}"))})
    seats = {s.member_id: s for s in sitting.seats}
    for member_id in players:
        if member_id not in seats:
            raise Invalid({"swap": msg(N_("player %(id)s is not in sitting %(n)s"), id=member_id, n=number)})
    played = [t.number for t in sitting.tables if t.game is not None and t.game.rounds]
    if played:
        raise Conflict({"swap": nmsg("a round was saved at table %(tables)s: seats change only before a "
                                     "sitting's first round", "rounds were saved at tables %(tables)s: seats "
                                     "change only before a sitting's first round", len(played),
                                     tables=Names(tuple(str(n) for n in played)))})
    one, other = seats[players[0]], seats[players[1]]
    if one.table_number is None and other.table_number is None:
        raise Invalid({"swap": msg(N_("both players sit out this sitting: there is nothing to swap"))})
    swap_seats(sitting, one, other)
    night_moved_on(night)


def swap_seats(sitting: Sitting, one: NightSeat, other: NightSeat) -> None:
    """Exchange two seats of a sitting, in the night and in the tables' games."""
    members = {m.id: m for m in db.session.scalars(select(Member).where(Member.id.in_([one.member_id,
                                                                                     other.member_id])))}
    games = {t.number: t.game for t in sitting.tables}
    for place, member_id in ((one, other.member_id), (other, one.member_id)):
        game = games.get(place.table_number)
        if game is not None:
            player = next(p for p in game.players if p.seat == place.seat)
            player.member_id, player.name = member_id, members[member_id].name
    one.table_number, other.table_number = other.table_number, one.table_number
    one.seat, other.seat = other.seat, one.seat
    db.session.flush()
    for game in {id(g): g for g in games.values() if g is not None}.values():
        services.settle(game, tables.fold_game(game))


def finish_night(night: Night) -> None:
    """End the night now: tables still playing are left out of it (their games go on as any game)."""
    refuse_if_over(night)
    night.ended = utcnow()
    for sitting in night.seated:
        for table in sitting.tables:
            if not table_done(table):
                table.left_out = True
    db.session.flush()
    night_moved_on(night)


# --- in a group's stats ------------------------------------------------------------------------------------------

def nights_played(group: Group, game: str | None = None, since: date | None = None, until: date | None = None
                  ) -> dict[int, dict[str, int]]:
    """Count, for each of the group's players, the finished nights they played in and those they won (placed first
    on the leaderboard); only nights of ``game`` (a stats key), between the two dates when given."""
    counts: dict[int, dict[str, int]] = {}
    for night in finished_nights(group, game, since, until):
        for line in view_night(night).board:
            if line.played:
                row = counts.setdefault(line.player, {"played": 0, "won": 0})
                row["played"] += 1
                row["won"] += line.place == 1
    return counts


def finished_nights(group: Group, game: str | None, since: date | None, until: date | None) -> list[Night]:
    """Return the group's nights that are over, of ``game`` and between the dates when given."""
    query = select(Night.public_id).where(Night.group_id == group.id)
    if since:
        query = query.where(Night.created >= datetime.combine(since, time(), timezone.utc))
    if until and until < date.max:
        query = query.where(Night.created < datetime.combine(until + timedelta(days=1), time(), timezone.utc))
    nights = [load_night(public_id) for public_id in db.session.scalars(query.order_by(Night.id))]
    return [n for n in nights if is_over(n) and (game is None or counts_under(n, game))]


def counts_under(night: Night, game: str) -> bool:
    """Say whether a night's games count under the stats key ``game`` (a game's key, or a name of its own)."""
    rules = registry.REGISTRY[night.game_key]
    key = rules.stat_key(rules.options_json(typed_options(night)))
    return key == game or key.startswith(f"{game}:")


# --- for the pages -------------------------------------------------------------------------------------------------

NIGHTS_LISTED = 20


def group_nights(group_id: int) -> list[Night]:
    """Return the group's latest nights, newest first (the group's page lists them)."""
    return list(db.session.scalars(select(Night).where(Night.group_id == group_id)
                                   .order_by(Night.created.desc(), Night.id.desc()).limit(NIGHTS_LISTED)))


def seating_ahead(night: Night, view: NightView) -> Seating | None:
    """Return the next sitting's seating for the director to check (and the room to read) before it starts: once
    every table of the sitting played has finished, while sittings are left; None otherwise."""
    if view.over or len(night.seated) >= night.sittings or (view.sittings and not view.sittings[-1].finished):
        return None
    seating = next_seating(night)
    return seating if seating.tables else None


def may_swap(view: NightView) -> bool:
    """Say whether seats of the sitting being played may still change: none of its tables has saved a round."""
    return view.current is not None and not any(t.rounds for t in view.sittings[-1].tables)


def place_of(game: Game) -> NightTable | None:
    """Return the night's table a game is played at (its sitting and night with it), if it is one: only a group's
    game can be (a game alone costs its page no question)."""
    if game.group_id is None:
        return None
    return db.session.scalar(select(NightTable).where(NightTable.game_id == game.id)
                             .options(selectinload(NightTable.sitting).selectinload(Sitting.night)))
