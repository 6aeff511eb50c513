"""A game's knowledge lives in the game's module: outside ``scorekeeper/rules/<game>.py`` no code compares anything
with a game's key (``key == "golf"``, ``game_key != "any"``, ``key in ("golf", "gin-rummy")``). The sheets, the
handbook, the stats and the pages ask the game's rules instead, and the registry is the one list of games."""
from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import rules as registry

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
KEYS = "|".join(re.escape(key) for key in sorted(registry.REGISTRY, key=len, reverse=True))
QUOTED = rf"""(["'])(?:{KEYS})\1"""
COMPARED = [
    re.compile(rf"(?:==|!=)\s*{QUOTED}"),                            # key == "golf"
    re.compile(rf"{QUOTED}\s*(?:==|!=)"),                            # "golf" == key
    re.compile(rf"\b(?:not\s+)?in\s*[(\[{{][^()\[\]{{}}]*{QUOTED}"),  # key in ("golf", "gin-rummy")
    re.compile(rf"^\s*{QUOTED}\s*:", re.M),                          # a table by game: {"golf": ...}
    re.compile(rf"""\((["'])(?:{KEYS})\1\s*,"""),                  # a table by (game, ...): {("gin-rummy", "x"): ...}
]


def game_modules() -> set[Path]:
    return {Path(module.__file__).resolve() for module in
            (__import__(type(r).__module__, fromlist=["RULES"]) for r in registry.REGISTRY.values())}


def comparisons(text: str) -> list[str]:
    found = []
    for pattern in COMPARED:
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{line}: {text.splitlines()[line - 1].strip()}")
    return found


def test_no_code_outside_a_games_module_compares_a_game_key():
    own = game_modules()
    wrong = [f"{path.relative_to(PACKAGE.parent)}:{hit}" for path in sorted(PACKAGE.rglob("*.py"))
             if path.resolve() not in own for hit in comparisons(path.read_text())]
    assert not wrong, "ask the game's rules instead:\n" + "\n".join(wrong)


def test_every_game_module_is_found_and_the_check_catches_a_comparison():
    assert len(game_modules()) == len(registry.REGISTRY)
    for line in ['if key == "golf":', "if view.key not in ('golf', 'gin-rummy'):", 'if game.game_key != "any":',
                 '    "hand-and-foot": hand_and_foot_plan,', 'PADS = {("gin-rummy", "hollywood"): x}',
                 'if "trash" == key:']:
        assert comparisons(line), line
    for line in ['name = "golfing"', 'sizes = "any"', 'recent_names(ids, key: str = "any")', 'x == "anything"']:
        assert not comparisons(line), line
