"""Reading a round's data: each piece checked, and refused by its field's path in table words. Pure Python."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .messages import N_, RulesError, fail, msg, nmsg, shown
from .options import as_int
from .spec import DataKeys, Table


def out_of_the_game(path: str, name: str, entered: bool = True) -> RulesError:
    """Refuse an entry for a player who is out of the game: "leave this empty" in the round being typed; in a later
    round a correction reaches, what the correction did to it."""
    if entered:
        return fail(path, N_("%(name)s is out of the game; leave this empty"), name=name)
    return fail(path, N_("%(name)s would be out of the game by then, yet this round has an entry for them"), name=name)


def missing_entry(path: str, ask: str, name: str, entered: bool = True) -> RulesError:
    """Refuse a round with no entry for a player still in: ``ask`` for it in the round being typed; in a later round
    a correction reaches, what the correction did to it."""
    if entered:
        return fail(path, ask, name=name)
    return fail(path, N_("%(name)s would still be in the game by then, yet this round has no entry for them"),
                name=name)


def refuse_unknown_keys(keys: DataKeys, data: Any) -> None:
    """Refuse round data holding a key the game does not know, naming the key (``players.<seat>.<key>``)."""
    if not isinstance(data, Mapping):
        return
    errors = {named(key, "data"): msg(N_("%(key)s is not part of a round of this game"), key=shown(key))
              for key in data if key not in keys.round}
    entries = data.get("players") if "players" in keys.round else None
    for seat, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, Mapping):
            errors.update({named(key, f"players.{seat}", prefix=True): msg(N_("%(key)s is not part of a player's "
                                                                             "entry"), key=shown(key))
                           for key in entry if key not in keys.entry})
    if errors:
        raise RulesError(errors)


def named(key: Any, where: str, prefix: bool = False) -> str:
    """Return the field path naming an unknown ``key``: the key itself when it is fit to echo, else ``where``."""
    fit = isinstance(key, str) and key != "" and shown(key) == key
    if not fit:
        return where
    return f"{where}.{key}" if prefix else key


def need_object(data: Any, path: str = "data") -> Mapping[str, Any]:
    """Return ``data`` if it is a JSON object, else raise a RulesError naming ``path``."""
    if not isinstance(data, Mapping):
        raise fail(path, N_("must be an object of names and values"))
    return data


def need_int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    """Read a whole number for the field at ``path`` or raise a RulesError naming it."""
    try:
        return as_int(value, lo, hi)
    except ValueError as exc:
        raise RulesError({path: exc.args[0]}) from None


def need_bool(value: Any, path: str) -> bool:
    """Read a yes/no for the field at ``path``."""
    if not isinstance(value, bool):
        raise fail(path, N_("must be true or false"))
    return value


def stored_seat(value: Any, table: Table) -> int | None:
    """Return a seat read back from a stored round's data, or None where it is none (or no seat of this table)."""
    return value if type(value) is int and 0 <= value < table.n else None


def need_seat(value: Any, path: str, table: Table, seats_in: Sequence[bool] | None = None) -> int:
    """Read a seat number that is at the table (and still in, when ``seats_in`` is given)."""
    if value is None:
        raise fail(path, N_("pick a player"))
    seat = need_int(value, path)
    if not 0 <= seat < table.n:
        raise fail(path, N_("there is no player %(number)s at this table (players are numbered 0 to %(last)s)"),
                   number=seat, last=table.n - 1)
    if seats_in is not None and not seats_in[seat]:
        raise fail(path, N_("%(name)s is out of the game"), name=table.players[seat])
    return seat


def need_seats(value: Any, path: str, table: Table) -> list[int]:
    """Read a list of distinct seats."""
    if not isinstance(value, list):
        raise fail(path, N_("must be a list of seats"))
    seats = [need_seat(v, f"{path}.{i}", table) for i, v in enumerate(value)]
    if len(set(seats)) != len(seats):
        raise fail(path, N_("names a player twice"))
    return seats


def need_list(value: Any, path: str, table: Table) -> list[Any]:
    """Read a per-seat list: one entry for every seat at the table."""
    if not isinstance(value, list):
        raise fail(path, N_("must be a list with one entry per player"))
    if len(value) != table.n:
        raise RulesError({path: nmsg("has %(num)s entry; there are %(n)s players",
                                     "has %(num)s entries; there are %(n)s players", len(value), n=table.n)})
    return value


def need_entries(data: Mapping[str, Any], table: Table) -> list[Mapping[str, Any] | None]:
    """Read ``data["players"]``: one object per seat (None for a seat that is out)."""
    entries = need_list(data.get("players"), "players", table)
    for seat, entry in enumerate(entries):
        if entry is not None:
            need_object(entry, f"players.{seat}")
    return entries
