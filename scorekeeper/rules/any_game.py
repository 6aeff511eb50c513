"""Any game, scored by points: the grid a paper pad gives, for every game without a module of its own.

Choices where the spec is silent (for the rules page):
- The game's name is the table's own words, 1 to 40 characters, spaces run together.
- With both a target and a number of rounds, whichever comes first ends the game.
- With a target and low wins (Hearts, say), the game ends after the round in which a total reaches
  the target, and the lowest total then wins.
- Points are whole numbers from -100,000 to 100,000 a round; an empty box is asked for by name.
- With ``round_total`` every round's points add up to it; the page fills the last count itself.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .base import BaseRules
from .messages import N_, Msg, RulesError, fail, gather, msg
from .options import enum_option, first_dealer_option, int_option, text_option
from .paper import OPEN_ROWS, Key, Layout, Plan, cut_short, numbered
from .reading import need_int, need_list, need_object
from .spec import DataKeys, Example, Field, FieldKind, GameSpec, Measure, Scope, Table, Turn

MOST = 100000  # the most points a round can give or take from one player


class Wins(Enum):
    """Whether the highest or the lowest total wins."""

    HIGH = "high"
    LOW = "low"


SPEC = GameSpec(
    key="any",
    name=N_("Any game"),
    min_players=1,
    max_players=20,
    measure=Measure.HIGHEST_TOTAL,  # or the lowest: the option ``wins`` decides (see placing)
    summary=N_("Any other game scored by points: rounds by players, running totals, high or low wins."),
    aliases=(N_("Points"), N_("Score pad")),
    length=N_("As long as your game"),
    style=N_("Whatever your game is"),
    options=(
        first_dealer_option(),
        text_option("name", N_("Name of the game"), "Points", help=N_("As your table calls it: Five Crowns, Hearts…")),
        enum_option("wins", N_("Who wins"), Wins.HIGH, {Wins.HIGH: N_("the highest total"),
                                                       Wins.LOW: N_("the lowest total")}),
        int_option("target", N_("Play to a target"), None, 1, 10000000, nullable=True, unset=N_("no target"),
                   help=N_("The game ends after the round in which a total reaches it")),
        int_option("rounds", N_("Rounds"), None, 1, 1000, nullable=True, unset=N_("no limit"),
                   help=N_("The game ends after this many rounds")),
        int_option("round_total", N_("Every round's points add up to"), None, -MOST, MOST, nullable=True,
                   unset=N_("not checked"),
                   help=N_("For games that hand out the same points every round; leave it empty if a round "
                           "can differ (Hearts, where a player can shoot the moon)")),
    ),
)


@dataclass(frozen=True)
class AnyOptions:
    """The house rules of one game scored by points, typed."""

    first_dealer: int
    name: str
    wins: Wins
    target: int | None
    rounds: int | None
    round_total: int | None


@dataclass(frozen=True)
class AnyState:
    """Totals so far and how many rounds have been played."""

    totals: tuple[int, ...]
    rounds: int = 0


class AnyRules(BaseRules):
    """Any game: points a round per player, running totals, high or low wins, a target or a number of rounds."""

    spec = SPEC
    options_type = AnyOptions
    data_keys = DataKeys(frozenset({"points"}))
    example = Example(3, {"name": "Five Crowns", "wins": "low", "rounds": 2},
                      ({"points": [12, 0, -5]}, {"points": [3, 40, 0]}), winners=(2,))

    def start(self, table: Table) -> AnyState:
        """Start everyone on 0."""
        return AnyState((0,) * table.n)

    def play(self, table: Table, state: AnyState, turn: Turn, data: Mapping[str, Any]):
        """Add one round's points to the totals."""
        points = self.read_points(table, need_object(data))
        return AnyState(tuple(t + p for t, p in zip(state.totals, points)), state.rounds + 1), points

    def read_points(self, table: Table, data: Mapping[str, Any]) -> list[int]:
        """Read one whole number per player; with ``round_total``, they add up to it."""
        entries = need_list(data.get("points"), "points", table)
        errors: dict[str, Msg] = {}
        points = [gather(errors, read_one, table, seat, value) for seat, value in enumerate(entries)]
        if errors:
            raise RulesError(errors)
        want = table.options.round_total
        if want is not None and sum(points) != want:
            raise fail("points", N_("the points add up to %(got)s; every round hands out %(want)s"),
                       got=sum(points), want=want)
        return points

    def is_over(self, table: Table, state: AnyState) -> bool:
        """Say whether the rounds are played or a total reached the target."""
        o = table.options
        return (o.rounds is not None and state.rounds >= o.rounds) or (
            o.target is not None and state.rounds > 0 and max(state.totals) >= o.target)

    def title(self, options: Any) -> Msg:
        """Name the game as the table typed it ("Five Crowns"), never translated."""
        name = options.get("name") if isinstance(options, Mapping) else getattr(options, "name", None)
        return Msg("%(name)s", {"name": name if isinstance(name, str) and name else "Points"})

    def low_wins(self, table: Table) -> bool:
        """Say whether the lowest total wins: the table's choice (places and records follow it)."""
        return table.options.wins is Wins.LOW

    def winners(self, table: Table, state: AnyState) -> list[int]:
        """Return the seats on the best total (the highest, or the lowest when low wins)."""
        return self.leaders(table, state.totals, best_is_low=self.low_wins(table))

    def standings(self, table: Table, state: AnyState, over: bool) -> list[dict[str, Any]]:
        return [{"total": total} for total in state.totals]

    def notes(self, table: Table, state: AnyState, turn: Turn) -> list[Msg]:
        """Say how this game is won, above its scores as every game does: high or low, to a target or after so many
        rounds (there is nothing else to its rules, so no panel of rules for the round)."""
        o, lines = table.options, []
        lines.append(msg(N_("The lowest total wins.")) if self.low_wins(table) else msg(N_("The highest total wins.")))
        if o.rounds is not None:
            lines.append(msg(N_("Round %(n)s of %(rounds)s."), n=turn.number, rounds=o.rounds))
        if o.target is not None:
            lines.append(msg(N_("The game ends after the round in which a total reaches %(target)s."),
                             target=o.target))
        if o.round_total is not None:
            lines.append(msg(N_("Every round's points add up to %(total)s."), total=o.round_total))
        return lines

    def round_fields(self, table: Table, state: AnyState, turn: Turn) -> list[Field]:
        """Ask for each player's points (they add up to ``round_total`` when the game says so)."""
        return [Field("points", N_("Points"), FieldKind.INT, Scope.LIST, lo=-MOST, hi=MOST,
                      sum_to=table.options.round_total, pad=True)]

    def plan(self, table: Table, pad: str | None = None) -> Plan:
        return any_plan(table)

    def setup(self, players: int) -> tuple[Msg, Msg]:
        return msg(N_("the cards your game uses")), msg(N_("as your game deals"))

    def glance(self, table: Table | None = None) -> tuple[Msg, ...]:
        return tuple(Msg(line) for line in GLANCE)

    names_its_games = True  # Five Crowns and Hearts are games of their own in the stats

    def stat_key(self, options: Mapping[str, Any]) -> str:
        """Count a game under its own name and way of winning: "any:low:Hearts"."""
        options = options if isinstance(options, Mapping) else {}
        return f"{SPEC.key}:{'low' if options.get('wins') == 'low' else 'high'}:{options.get('name') or 'Points'}"

    def stat_name(self, key: str) -> str | None:
        parts = key.split(":", 2)
        return parts[2] if len(parts) == 3 and parts[0] == SPEC.key and parts[1] in ("low", "high") else None

    def stat_low_wins(self, key: str) -> bool:
        return key.startswith(f"{SPEC.key}:low:")


def read_one(table: Table, seat: int, value: Any) -> int:
    """Read one player's points for the round; an empty box is asked for by name."""
    if value is None:
        raise fail(f"points.{seat}", N_("give %(name)s's points"), name=table.players[seat])
    return need_int(value, f"points.{seat}", -MOST, MOST)


# --- on paper: the sheet, the rules card's few lines (the handbook page has the whole rules) ---

GLANCE = (
    N_("Play your game as you always do; the pad keeps the score."),
    N_("After each round, write each player's points: negative points too. Each running total is the last "
       "one plus the round's points."),
    N_("The game ends when a total reaches the target, after the rounds you set, or when the table stops."),
)


def any_plan(table: Table) -> Plan:
    """The classic pad: a row per round, each player's points and running total, and how the game is won."""
    o = table.options
    rules = [(msg(N_("Who wins")), msg(N_("the lowest total")) if o.wins is Wins.LOW
              else msg(N_("the highest total")))]
    if o.target is not None:
        rules.append((msg(N_("The game ends")), msg(N_("when a total reaches %(target)s"), target=o.target)))
    if o.rounds is not None:
        rules.append((msg(N_("Rounds")), str(o.rounds)))
    if o.round_total is not None:
        rules.append((msg(N_("Every round's points add up to")), str(o.round_total)))
    unnamed = o.name == SPEC.option("name").default  # no name typed: "Points" is no game's name on paper
    return Plan(Layout.GRID, numbered(o.rounds or OPEN_ROWS), columns=(msg(N_("Score")), msg(N_("Total"))),
                total_row=False, keys=(Key(msg(N_("How we play")), tuple(rules)),),
                notes=tuple(cut_short(o.rounds)),  # who wins is in the key: said once
                shows=frozenset({"name", "wins", "target", "rounds", "round_total"}),  # the heading and the key
                open_rows=o.rounds is None, title=msg(N_("Score pad")) if unnamed else None, name_line=unnamed,
                score_chars=max(3, len(str(o.target or 0))),  # a running total to the target: "10000"
                summary=None if unnamed else msg(N_("%(name)s: the score pad."), name=o.name))


RULES = AnyRules()
