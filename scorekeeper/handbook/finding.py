"""What the rules pages look up: the games a search finds, and the house rules a table chose."""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from .. import rules as registry
from ..play import services, tables
from ..play.services import without_accents
from ..rules.messages import Msg


@dataclass(frozen=True)
class HouseRules:
    """The house rules one game plays by, for its rules page: the preset it started from and every option."""

    game_id: str
    preset: str | None  # the preset's label
    options: tuple[tuple[str, Msg | str], ...]  # (label, value in words), in the form's order


def house_rules(public_id: str | None, key: str) -> HouseRules | None:
    """Return the house rules of game ``public_id`` if it is a game of ``key``; None for any other id."""
    try:
        game = services.load_game(public_id) if public_id else None
    except services.Problem:
        return None
    if game is None or game.game_key != key:
        return None
    spec, table = tables.rules_for(game).spec, tables.table_of(game)
    preset = spec.presets.get(game.preset) if game.preset else None
    return HouseRules(game.public_id, preset.label if preset else None,
                      tuple(spec.describe_options(table.options, table.players)))


def find_games(query: str, names: Callable[[str], str]) -> list[str]:
    """Return the keys of the games whose name or other names hold every word of ``query``, in English or as
    ``names`` says them ("six card golf" finds "Six-card Golf")."""
    wanted = fold_text(query).split()
    return [key for key, rules in registry.REGISTRY.items()
            if not wanted or any(holds(fold_text(text), wanted)
                                 for spoken in (rules.spec.name, *rules.spec.aliases) for text in (spoken, names(spoken)))]


def holds(name: str, wanted: list[str]) -> bool:
    """Say whether a folded name holds every word wanted: a number as a whole word ("1" is not the 1 of "11"),
    any other word anywhere ("garb" finds "Garbage")."""
    words = name.split()
    return all(word in words if word.isdigit() else word in name for word in wanted)


# A number said in words, in English or French, is its figures: "6 card golf" finds "Six-card Golf", "golf six
# cartes" finds "Golf à 6 cartes", "10" finds "Ten".
NUMBERS = {word: str(n) for words in (
    "one two three four five six seven eight nine ten eleven twelve",
    "un deux trois quatre cinq six sept huit neuf dix onze douze") for n, word in enumerate(words.split(), 1)}
NUMBERS["une"] = "1"


def fold_word(word: str) -> str:
    """Fold one word: a number in words as its figures, the British "-our" as the American "-or" ("neighbour")."""
    if word in NUMBERS:
        return NUMBERS[word]
    return word.removesuffix("our") + "or" if word.endswith("our") and len(word) > 5 else word


def fold_text(text: str) -> str:
    """Fold text for a search: no case, no accents, punctuation as spaces, spaces squeezed ("Écarté" finds "ecarte",
    "ranter go round" finds "Ranter-Go-Round"), and each word as fold_word says."""
    letters = "".join(" " if unicodedata.category(ch).startswith("P") else ch
                      for ch in without_accents(text.casefold()))
    return " ".join(fold_word(word) for word in letters.split())
