"""The games Scorekeeper knows, each a pure-Python rules module behind one protocol."""
from __future__ import annotations

from . import any_game, chase_the_ace, garbage_rummy, gin_rummy, golf, hand_and_foot, trash, trash_twelve_hands
from .base import Rules

REGISTRY: dict[str, Rules] = {
    module.RULES.spec.key: module.RULES
    for module in (golf, garbage_rummy, trash, trash_twelve_hands, gin_rummy, chase_the_ace, hand_and_foot, any_game)
}


def get(key: str) -> Rules | None:
    """Return the rules of the game called ``key``, or None."""
    return REGISTRY.get(key)


def of_stat(key: str) -> Rules | None:
    """Return the rules of the games a stats key counts: a game's own key, or "<key>:<name>" for a game whose tables
    name their games (any game); None for no such key."""
    rules = REGISTRY.get(key)
    if rules is None:
        rules = REGISTRY.get(key.split(":", 1)[0])
        if rules is None or not rules.names_its_games or rules.stat_name(key) is None:
            return None
    return rules
