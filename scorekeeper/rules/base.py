"""The protocol every game follows, and the base rules that give its defaults (a game overrides what it does
differently), with the placing helpers games share.

Pure Python: nothing here may import Flask, SQLAlchemy or anything from the web side.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .messages import N_, Msg, RulesError, fail, msg, nmsg, shown
from .paper import OPEN_ROWS, Jar, Layout, Plan, RuleTable, numbered, spread
from .spec import HEADLINE, DataKeys, Example, Field, GameSpec, Record, Table, Turn, option_line


class Rules(Protocol):
    """The functions every game module provides (as its ``RULES`` object)."""

    spec: GameSpec
    data_keys: DataKeys  # what a round's data may hold; anything else is refused by name
    example: Example     # a valid game played to the end

    def resolve_options(self, options: Mapping[str, Any], players: int, preset: Any = None) -> Any:
        """Check the chosen options (a preset's first) and return them typed; raise RulesError (``options.<name>``)."""

    def layered(self, under: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
        """Return the options ``over`` laid on the options ``under``."""

    def load_options(self, stored: Mapping[str, Any]) -> Any:
        """Type options stored as JSON, without checking them again (a stored game always opens)."""

    def options_json(self, options: Any) -> dict[str, Any]:
        """Return typed options as JSON: every option by name, as the game state lists them."""

    def start(self, table: Table) -> Any:
        """Return the state before the first round."""

    def play(self, table: Table, state: Any, turn: Turn, data: Mapping[str, Any]) -> tuple[Any, list[int | None] | None]:
        """Check one round's data against the state; return the new state and the round's points."""

    def as_played(self, table: Table, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """Return a round's data (already played) as the rules read it, for the state and the pages: a Gin Rummy
        knock with no deadwood reads as gin. What is stored stays as the table entered it."""

    def seats_in(self, table: Table, state: Any) -> list[bool]:
        """Say which seats are still in the game."""

    def is_over(self, table: Table, state: Any) -> bool:
        """Say whether the game has reached its end."""

    def winners(self, table: Table, state: Any) -> list[int]:
        """Return the winning seats: at the end, or the leaders when the game is stopped by hand."""

    def standings(self, table: Table, state: Any, over: bool) -> list[dict[str, Any]]:
        """Return one dict per seat with ``total`` and the game's extras (end bonuses when ``over``)."""

    def next_extras(self, table: Table, state: Any, turn: Turn) -> dict[str, Any]:
        """Return what the table needs for the next round, beyond its number and dealer."""

    def round_fields(self, table: Table, state: Any, turn: Turn) -> list[Field]:
        """Describe the questions the round form asks for the next round."""

    def placing(self, table: Table, state: Any, standings: Sequence[Mapping[str, Any]]) -> list[float | None]:
        """Return each seat's headline value for placings, lower is better (None: not placed)."""

    def sides(self, table: Table) -> list[int]:
        """Return each seat's side, the team it is placed with (partners share one; a seat alone is its own)."""

    def final_extras(self, table: Table, state: Any) -> dict[str, Any]:
        """Return what outlives ``next`` once the game is over (the Golf jar, the Chase the Ace pot)."""

    def notes(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Return lines the table needs before the next round ("Deal 31 cards")."""

    def rules_now(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Return the rules that matter for the coming round, with this table's house rules ("Card values: ...")."""

    def table_rules(self, table: Table) -> list[Msg]:
        """Return the fixed rules of this table, the same every round (the page folds them away)."""

    def seat_notes(self, table: Table, state: Any, over: bool = False) -> list[list[Msg]]:
        """Return, per seat, short lines under the player's name; ``over`` when the game ended."""

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Return what the rounds grid shows for each seat in one round (the states around it when known): the
        points, then any words marked with N_ after a space ("29 undercut"), translated where shown."""

    def running(self, table: Table, state: Any) -> list[float | None]:
        """Return each seat's headline value (total, lives, layout) at this point, for a chart."""

    def round_title(self, table: Table, number: int) -> Msg:
        """Return a round's own name ("Hole 3", "Hand 2 · Hearts")."""

    def title(self, options: Any) -> Msg:
        """Return the name of one game of it, as its table knows it (typed or JSON options): "Golf", "Five Crowns"."""

    def records(self, table: Table, state: Any, rounds: Sequence[Any], standings: Sequence[Mapping[str, Any]]
                ) -> list[Record]:
        """Return the feats a finished game holds, for its group's records: from its final state, its played
        rounds (each with ``points`` and ``running``) and its standings."""

    # --- in a group's stats: the name each finished game counts under ---

    names_its_games: bool  # its games count in the stats under the names their tables give them ("<key>:...")

    def stat_key(self, options: Mapping[str, Any]) -> str:
        """Name what a finished game (its options as stored) counts under in the stats: the game's key."""

    def stat_name(self, key: str) -> str | None:
        """Return the name a table gave the games a stats key counts (None: the game's own name, or no such key)."""

    def stat_low_wins(self, key: str) -> bool:
        """Say whether the lowest total wins the games a stats key counts (their best is the lowest)."""

    # --- at a club night: several tables of the same game (play/nights.py) ---

    def usual_table(self) -> int:
        """Return how many players a table of this game usually seats at a club night."""

    def teams(self, options: Any, players: int) -> list[list[int]] | None:
        """Return the seats that play as one side at a table of ``players`` (typed options), partners as the game
        places them; None when everyone plays alone."""

    def has_points(self) -> bool:
        """Say whether the game keeps points (a night can rank its players by them)."""

    # --- on paper: the sheets, the rules card and the handbook (rules/paper.py holds the shapes they share) ---

    pads: Mapping[str, str]  # other pads the game can be printed on: name, and what the print form says of it

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        """Return what a blank sheet of this table holds (on another ``pad`` of ``pads`` when asked)."""

    def setup(self, players: int) -> tuple[Msg, Msg] | None:
        """Return what a table of ``players`` needs, for the handbook: the cards, and the deal (None: no such table)."""

    def rule_tables(self) -> dict[str, RuleTable]:
        """Return the handbook's tables of this game's values, goals, packs or contracts, by name."""

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        """Return how a game goes, in a few lines, for its rules card (the way to win is the one of ``table``)."""

    def variants(self) -> tuple[Msg, ...]:
        """Return the variants some tables play that change only the play, never the sheet (the rules card lists
        them)."""

    def knocker(self, table: Table, data: Mapping[str, Any]) -> int | None:
        """Return the seat that knocked in a stored round (the filled sheet marks it), or None."""

    def cell_notes(self, table: Table, data: Mapping[str, Any]) -> list[list[Msg]]:
        """Return, seat by seat, the small lines a filled sheet prints under a stored round's score: what the blank
        sheet asked the table to write (the deadwood given, the books and cards)."""

    def legend(self, table: Table) -> list[Msg]:
        """Return what the game's own marks in the rounds grid mean, for the filled sheet's line under it."""

    def jar(self, table: Table, points: Sequence[Sequence[int | None] | None]) -> Jar | None:
        """Return, from the points of the rounds played (None: a round that does not count), who paid into a jar
        round by round and what each seat has left (the Golf quarters game); None for a game without one."""


class BaseRules:
    """Sensible defaults for the protocol; a game overrides what it does differently."""

    spec: GameSpec

    options_type: Callable[..., Any]  # the game's frozen options dataclass, one field per option

    def resolve_options(self, options: Mapping[str, Any], players: int, preset: Any = None) -> Any:
        if not isinstance(options, Mapping):
            raise fail("options", N_("the options must be an object of names and values"))
        chosen = self.layered(self.preset_options(preset), options)
        known = {o.name: o for o in self.spec.options}
        errors: dict[str, Msg] = {}
        for name in chosen:
            if name not in known:
                errors[f"options.{name}"] = msg(N_("%(name)s is not an option of this game"), name=shown(name))
        resolved: dict[str, Any] = {}
        for name, option in known.items():
            if name in chosen and not (chosen[name] is None and option.default is None):
                try:
                    resolved[name] = option.parse(chosen[name])
                except ValueError as exc:
                    errors[f"options.{name}"] = exc.args[0] if isinstance(exc.args[0], Msg) else msg(str(exc))
            else:
                resolved[name] = option.load(option.default)
        if not errors and 0 < players <= resolved.get("first_dealer", 0):  # no players: their count says it
            errors["options.first_dealer"] = nmsg("there is only %(num)s player at this table",
                                                  "there are only %(num)s players at this table", players)
        if errors:
            raise RulesError(errors)
        return self.options_type(**self.settle_options(resolved, players))

    def layered(self, under: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
        """Return the options ``over`` laid on the options ``under`` (a preset's under a game's own, a group's rules
        under a new game's): each option given over replaces the one under."""
        return {**under, **over}

    def preset_options(self, preset: Any) -> Mapping[str, Any]:
        """Return the options of the named preset (none for no preset); refuse an unknown one on ``preset``."""
        if preset is None:
            return {}
        if not isinstance(preset, str) or preset not in self.spec.presets:
            names = ", ".join(self.spec.presets) or "—"
            if not isinstance(preset, str) or not preset.strip():
                raise fail("preset", N_("give a preset's name, or null for none; the presets are: %(names)s"),
                           names=names)
            raise fail("preset", N_("%(name)s is not a preset of this game; the presets are: %(names)s"),
                       name=shown(preset), names=names)
        return self.spec.presets[preset].options

    def load_options(self, stored: Mapping[str, Any]) -> Any:
        stored = stored if isinstance(stored, Mapping) else {}
        return self.options_type(**{o.name: o.load(stored[o.name] if o.name in stored else o.default)
                                    for o in self.spec.options})

    def options_json(self, options: Any) -> dict[str, Any]:
        return {o.name: o.dump(getattr(options, o.name)) for o in self.spec.options}

    def settle_options(self, options: dict[str, Any], players: int) -> dict[str, Any]:
        """Fill the defaults that depend on the players or other options; check options together."""
        return options

    def as_played(self, table: Table, data: Mapping[str, Any]) -> Mapping[str, Any]:
        return data

    def seats_in(self, table: Table, state: Any) -> list[bool]:
        return [True] * table.n

    def next_extras(self, table: Table, state: Any, turn: Turn) -> dict[str, Any]:
        return {}

    def low_wins(self, table: Table) -> bool:
        """Say whether the lowest headline value wins at this table (the game's measure; any game's own option)."""
        return not HEADLINE[self.spec.measure][1]

    def placing(self, table: Table, state: Any, standings: Sequence[Mapping[str, Any]]) -> list[float | None]:
        key, _ = HEADLINE[self.spec.measure]
        low = self.low_wins(table)
        return [None if v is None else (v if low else -v) for v in (row.get(key) for row in standings)]

    def sides(self, table: Table) -> list[int]:
        return list(range(table.n))

    def final_extras(self, table: Table, state: Any) -> dict[str, Any]:
        return {}

    def running(self, table: Table, state: Any) -> list[float | None]:
        key, _ = HEADLINE[self.spec.measure]
        return [row.get(key) for row in self.standings(table, state, False)]

    def round_title(self, table: Table, number: int) -> Msg:
        return msg(self.spec.rounds.title, n=number)

    def title(self, options: Any) -> Msg:
        return Msg(self.spec.name)

    def notes(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Return lines the table needs before the next round ("Deal 31 cards"); none by default."""
        return []

    IN_PLAY: tuple[str, ...] = ()  # the options the rules-in-context panel names every round

    def rules_now(self, table: Table, state: Any, turn: Turn) -> list[Msg]:
        """Name the options of ``IN_PLAY`` as this table set them; games add what changes round by round."""
        return [option_line(self.spec, table, name) for name in self.IN_PLAY]

    def table_rules(self, table: Table) -> list[Msg]:
        """Return the fixed rules of this table, the same every round; none by default."""
        return []

    def seat_notes(self, table: Table, state: Any, over: bool = False) -> list[list[Msg]]:
        """Return, per seat, short lines under the player's name ("Goal 3: ..."); ``over`` when the game ended."""
        return [[] for _ in table.players]

    def marks(self, table: Table, data: Mapping[str, Any], points: Sequence[int | None] | None,
              before: Any = None, after: Any = None) -> list[str]:
        """Return what the rounds grid shows for each seat in one round (the states around it when known)."""
        if points is None:
            return [""] * table.n
        return ["" if p is None else str(p) for p in points]

    def records(self, table: Table, state: Any, rounds: Sequence[Any], standings: Sequence[Mapping[str, Any]]
                ) -> list[Record]:
        """Hold the best final total and the best score in one round, where the game has points."""
        low = self.low_wins(table)
        return [*self.total_records(standings, "total", msg(N_("lowest total") if low else N_("highest total")), low),
                *self.round_records(rounds, msg(self.spec.rounds.lowest if low else self.spec.rounds.highest), low)]

    names_its_games = False

    def stat_key(self, options: Mapping[str, Any]) -> str:
        return self.spec.key

    def stat_name(self, key: str) -> str | None:
        return None

    def stat_low_wins(self, key: str) -> bool:
        return not HEADLINE[self.spec.measure][1]

    def usual_table(self) -> int:
        return 4

    def teams(self, options: Any, players: int) -> list[list[int]] | None:
        return None

    def has_points(self) -> bool:
        return HEADLINE[self.spec.measure][0] == "total"

    pads: Mapping[str, str] = {}

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        """A plain score pad: a row per round, a score per player."""
        return Plan(Layout.GRID, numbered(OPEN_ROWS), open_rows=True)

    def setup(self, players: int) -> tuple[Msg, Msg] | None:
        return None

    def rule_tables(self) -> dict[str, RuleTable]:
        return {}

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        return ()

    def variants(self) -> tuple[Msg, ...]:
        return ()

    def knocker(self, table: Table, data: Mapping[str, Any]) -> int | None:
        return None

    def cell_notes(self, table: Table, data: Mapping[str, Any]) -> list[list[Msg]]:
        return [[] for _ in table.players]

    def legend(self, table: Table) -> list[Msg]:
        return []

    def jar(self, table: Table, points: Sequence[Sequence[int | None] | None]) -> Jar | None:
        return None

    def total_records(self, standings: Sequence[Mapping[str, Any]], kind: str, what: Msg, low: bool) -> list[Record]:
        """Return a record for each seat on the best final total (none without points)."""
        totals = [row.get("total") for row in standings]
        return [Record(kind, what, seat, value, not low)
                for seat, value in best_of(totals, low)]

    def round_records(self, rounds: Sequence[Any], what: Msg, low: bool, kind: str = "round") -> list[Record]:
        """Return a record for each seat on the best score of any one round (none without points)."""
        points = [(p, seat) for r in rounds for seat, p in enumerate(r.points or ()) if p is not None]
        if not points:
            return []
        best = min(p for p, _ in points) if low else max(p for p, _ in points)
        return [Record(kind, what, seat, best, not low) for seat in sorted({s for p, s in points if p == best})]

    def leaders(self, table: Table, values: Sequence[float | None], best_is_low: bool) -> list[int]:
        """Return every seat on the best value among seats still counted (None: not counted)."""
        counted = [v for v in values if v is not None]
        if not counted:
            return []
        best = min(counted) if best_is_low else max(counted)
        return [seat for seat, v in enumerate(values) if v == best]


LASTED = 10**9  # more rounds than any game is played for: what a seat has left always ranks before when it went out


def went_out(before: Sequence[int], after: Sequence[int], lasted: Sequence[int], number: int) -> tuple[int, ...]:
    """Note the round in which each seat of an elimination game lost the last of what it held (its lives, its
    quarters): ``lasted`` as it was, with ``number`` for each seat that went out in this round (0: still in)."""
    lasted = tuple(lasted) or (0,) * len(after)
    return tuple(number if was > 0 and now <= 0 else held for was, now, held in zip(before, after, lasted))


def outlasting(left: Sequence[int], lasted: Sequence[int]) -> list[float]:
    """Place an elimination game's seats (lower is better): by what each has left, then a player who is out by
    how long they lasted (out later is better; out in the same round, level)."""
    lasted = tuple(lasted) or (0,) * len(left)
    return [-(held * LASTED + (round_out if held <= 0 else 0)) for held, round_out in zip(left, lasted)]


def best_of(values: Sequence[float | None], low: bool) -> list[tuple[int, float]]:
    """Return (seat, value) for each seat on the best value; None counts for nothing."""
    counted = [v for v in values if v is not None]
    if not counted:
        return []
    best = min(counted) if low else max(counted)
    return [(seat, v) for seat, v in enumerate(values) if v == best]


def setup_table(rules: Rules) -> RuleTable | None:
    """Return what the table needs by player count (cards, and the deal), runs of counts that need the same; None
    for a game whose rules say nothing of it."""
    spec = rules.spec
    rows: list[tuple[list[int], tuple[Msg, Msg]]] = []
    for n in range(spec.min_players, spec.max_players + 1):
        need = rules.setup(n)
        if need is None:
            return None
        if rows and rows[-1][1] == need:
            rows[-1][0].append(n)
        else:
            rows.append(([n], need))
    return RuleTable((msg(N_("Players")), msg(N_("Cards")), msg(N_("Deal"))),
                     tuple((spread(counts), *need) for counts, need in rows))


def handbook_tables(rules: Rules) -> dict[str, RuleTable]:
    """Return the rule tables a game's handbook page prints, with the usual options: what a table needs by player
    count, then the game's own (values, goals, packs, contracts)."""
    players = setup_table(rules)
    return {**({"players": players} if players is not None else {}), **rules.rule_tables()}
