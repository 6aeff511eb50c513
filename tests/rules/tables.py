"""What the rules tests of every game build: a table of named players with its house rules resolved, and
rounds played on it through the engine."""
from __future__ import annotations

from typing import Any, Callable

from scorekeeper.rules.base import Rules
from scorekeeper.rules.spec import Table
from scorekeeper.rules.engine import derive

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu")


def seat(rules: Rules, n: int, **options: Any) -> Table:
    """Build a table of ``n`` players (Ann, Bob, ..., then P12, P13, ...) with ``options`` resolved."""
    names = (NAMES + tuple(f"P{i}" for i in range(len(NAMES), n)))[:n]
    return Table(names, rules.resolve_options(options, n))


def helpers(rules: Rules, players: int) -> tuple[Callable[..., Table], Callable[..., Any]]:
    """Return one game's ``table(n=players, **options)`` and ``play(table, rounds, **kw)``."""

    def table(n: int = players, **options: Any) -> Table:
        """Build a table of ``n`` players with the given options."""
        return seat(rules, n, **options)

    def play(t: Table, rounds: list[Any], **kw: Any):
        """Play the rounds through the engine."""
        return derive(rules, t, rounds, **kw)

    return table, play
