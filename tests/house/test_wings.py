"""The house in wings: every module imports only from its own wing or the wings below it, and no blueprint imports
another. Imports inside functions count as much as those at the top of a module."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
WINGS = ["rules", "store", "play", "live", "web"]  # from the ground floor up
BLUEPRINTS = {"games", "api", "sheets", "handbook", "groups", "nights"}
SHARED = {"config", "extensions"}  # settings and the extension objects: any wing may use them
ROOT_MODULES = {"__init__", "config", "extensions"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: Path) -> set[str]:
    """Return every module of the package that ``name`` imports, at any depth of its code."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("scorekeeper")}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            base = base[: len(base) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            if target.startswith("scorekeeper"):
                found |= {f"{target}.{a.name}" for a in node.names} | ({target} - {"scorekeeper"})
    return {t for t in found if t in modules()}


def room(name: str) -> str:
    """Name the room of a module: its wing, its blueprint, or the root."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def floor(name: str) -> int:
    """Number the floor a module stands on: the wings from 0 up, the blueprints above them, the app on top."""
    where = room(name)
    if where in WINGS:
        return WINGS.index(where)
    if where in BLUEPRINTS:
        return len(WINGS)
    if where in SHARED:
        return -1
    return len(WINGS) + 1  # create_app wires everything


def against_the_wings() -> list[str]:
    wrong = []
    for name, path in modules().items():
        for target in imported(name, path):
            if room(target) == room(name) or room(target) == "scorekeeper":
                continue
            if floor(target) > floor(name) or (floor(name) == -1 and target != name):
                wrong.append(f"{name} imports {target}, a floor above it")
            elif room(name) in BLUEPRINTS and room(target) in BLUEPRINTS:
                wrong.append(f"the blueprint {room(name)} imports the blueprint {room(target)} ({name} -> {target})")
    return sorted(wrong)


def test_every_import_goes_down_the_wings_and_no_blueprint_imports_another():
    assert against_the_wings() == []


def test_the_root_holds_only_the_app_its_settings_and_its_extensions():
    loose = {p.stem for p in PACKAGE.glob("*.py")}
    assert loose == ROOT_MODULES


def test_every_package_is_a_wing_or_a_blueprint():
    rooms = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert rooms == set(WINGS) | BLUEPRINTS


def test_the_rules_know_nothing_of_flask_or_the_database():
    for path in (PACKAGE / "rules").glob("*.py"):
        tree = ast.parse(path.read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {m for m in names if m.split(".")[0] in {"flask", "flask_babel", "sqlalchemy", "flask_sqlalchemy"}}, path
