"""What a paper score sheet holds for each game, from the rules' own data and the options chosen.

Pure Python, like the rest of ``rules``: the sheets, the rules cards and the handbook render these
plans and keys; nothing here is retyped in a template.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum

from . import (any_game, chase_the_ace, garbage_rummy, gin_rummy, golf, hand_and_foot, trash, trash_twelve_hands)
from .base import N_, Amount, Msg, Table, minus, msg, nmsg
from .cards import JOKER, RANKS, equal_runs, values_in_force, written

SPECS = {m.RULES.spec.key: m.RULES.spec
         for m in (chase_the_ace, garbage_rummy, gin_rummy, golf, hand_and_foot, trash, trash_twelve_hands, any_game)}
OPEN_ROWS = 24  # rows on a sheet for a game with no fixed number of rounds


class Layout(Enum):
    """How a sheet is drawn."""

    GRID = "grid"        # a row per round, a column (or a few) per player
    BLOCKS = "blocks"    # a block per round, a line per part of the score (Hand & Foot)
    TRACKER = "tracker"  # a row per player of places to strike out (Trash layouts, Chase lives)


@dataclass(frozen=True)
class Row:
    """One printed round: its name, and what the table needs to know for it."""

    label: Msg | str
    detail: Msg | str = ""


@dataclass(frozen=True)
class Key:
    """A small table of rule facts printed on a sheet or a rules card: label and value per line."""

    title: Msg
    lines: tuple[tuple[Msg | str, Msg | str], ...]


@dataclass(frozen=True)
class Plan:
    """Everything a blank sheet of one game needs, for one table's players and options."""

    layout: Layout
    rows: tuple[Row, ...]
    columns: tuple[Msg, ...] = (msg(N_("Score")),)   # what each player writes per round
    total_row: bool = True
    footer: tuple[Msg, ...] = ()                       # lines under the grid (Gin Rummy's bonus block)
    block_lines: tuple[Msg, ...] = ()                  # the lines of each block (Hand & Foot)
    tokens: tuple[str, ...] = ()                       # places per player to strike out (layouts, lives, quarters)
    tokens_label: Msg | None = None
    pot_boxes: int = 0                                 # stakes to tally in the pot (Chase the Ace)
    seat_order: tuple[int, ...] = ()                   # partners side by side; empty: seat order
    keys: tuple[Key, ...] = field(default_factory=tuple)
    notes: tuple[Msg, ...] = ()
    open_rows: bool = False                            # rows are spare lines, not the game's rounds: fit to paper
    per_player: bool = True                            # the columns repeat for each player (else: once, a log)
    summary: Msg | None = None                         # the line under the heading, when the game's own misleads
    footer_split: bool = False                         # the footer lines are written per column (a pad's games)
    shows: frozenset[str] = frozenset()                # options its keys and footer state: not listed again below


@dataclass(frozen=True)
class Jar:
    """A game whose players pay into a jar round by round (the Golf quarters game), as its filled sheet shows it."""

    paid: tuple[frozenset[int], ...]    # round by round, the seats that paid
    left: tuple[tuple[int, ...], ...]   # round by round, what each seat has left after it

    def series(self) -> list[list[float | None]]:
        """Return each seat's line of what it has left after every round, for a chart."""
        return [[after[seat] for after in self.left] for seat in range(len(self.left[0]) if self.left else 0)]


PRINTED_ROWS = 100  # rows a blank sheet prints at most: a game of 1,000 deals is written on a sheet printed again


def numbered(count: int) -> tuple[Row, ...]:
    """Return ``count`` rows numbered from 1 (at most ``PRINTED_ROWS``)."""
    return tuple(Row(str(n)) for n in range(1, min(count, PRINTED_ROWS) + 1))


def cut_short(count: int | None) -> tuple[Msg, ...]:
    """Say, under a sheet of a game longer than ``PRINTED_ROWS`` rounds, that it holds the first of them."""
    if count is None or count <= PRINTED_ROWS:
        return ()
    return (msg(N_("This sheet has rows for the first %(rows)s of the %(count)s rounds: print it again for the rest."),
                rows=PRINTED_ROWS, count=count),)


def face_valued(rank: str, values: Mapping[str, int]) -> bool:
    """Say whether a number card counts its own number."""
    return rank.isdigit() and values[rank] == int(rank)


def value_runs(values: Mapping[str, int], ranks: Sequence[str] = RANKS) -> list[tuple[str, Msg | str]]:
    """Group ranks as a sheet prints them: equal values ("10–K", "10"), number cards at face value ("2–9")."""
    runs = equal_runs(values, ranks)
    merged: list[list[str]] = []
    for run in runs:  # lone number cards worth their number, side by side: one "face value" line
        if merged and len(run) == 1 and face_valued(run[0], values) and all(face_valued(r, values) for r in merged[-1]):
            merged[-1].extend(run)
        else:
            merged.append(list(run))
    lines: list[tuple[str, Msg | str]] = []
    for run in merged:
        if len(run) > 2 and len({values[r] for r in run}) > 1:
            lines.append((f"{run[0]}–{run[-1]}", msg(N_("face value"))))
        elif len(run) == 2 and values[run[0]] != values[run[1]]:
            lines.extend((r, signed_value(values[r])) for r in run)
        else:
            lines.append((f"{run[0]}–{run[-1]}" if len(run) > 1 else run[0], signed_value(values[run[0]])))
    return lines


def signed_value(value: int) -> str:
    """Write a value with a true minus sign."""
    return minus(value)


def joker_line(value: int) -> tuple[Msg, str]:
    return msg(N_("Joker")), signed_value(value)


# --- one plan per game -----------------------------------------------------------------------


def golf_plan(table: Table) -> Plan:
    """Holes by players, the card values and pairing rule as a key; quarters to strike out."""
    o = table.options
    values = values_in_force(golf.DEFAULT_VALUES, o.values)
    rows = tuple(Row(msg(N_("Hole %(n)s"), n=n)) for n in range(1, o.holes + 1)) if o.holes \
        else numbered(OPEN_ROWS)
    suited = [(written(k), signed_value(v)) for k, v in o.values.items() if len(k) > 1 and k[-1] in "SHDC"
              and k[:-1] in RANKS]  # "Q♠", which a French sheet writes "D♠"
    card_key = Key(msg(N_("Card values")), (*value_runs(values), *suited, joker_line(values[JOKER])))
    play = [(msg(N_("Cards each")), str(o.layout)),
            # "Equal cards: do not cancel", not "Equal cards: equal cards do not cancel"
            (msg(N_("Equal cards")), msg(N_("do not cancel")) if o.pairs is golf.Pairs.NONE
             else Msg(golf.PAIR_RULES[o.pairs]))]
    if o.one_eyed_jacks_wild:
        play.append((msg(N_("Wild")), msg(N_("one-eyed jacks (J♠ J♥) pair with any card"))))
    if o.layout == 4 or o.knock_bonus is not golf.KnockBonus.NONE or o.knock_penalty is not golf.KnockPenalty.NONE:
        play.append((msg(N_("Knocker lowest")), Msg(golf.SPEC.option("knock_bonus").labels[o.knock_bonus.value])))
        play.append((msg(N_("Knocker not lowest")),
                     Msg(golf.SPEC.option("knock_penalty").labels[o.knock_penalty.value])))
    else:  # 6-card Golf: nobody knocks, the hole ends when a layout is all face up
        play.append((msg(N_("The hole ends")), msg(N_("when a layout is all face up"))))
    if o.look_cost:
        play.append((msg(N_("Each look")), msg(N_("+%(n)s"), n=o.look_cost)))
    if o.target:
        play.append((msg(N_("The game ends")), msg(N_("when a total reaches %(target)s"), target=o.target)))
    if o.quarters:
        play.append((msg(N_("Quarters")), msg(N_("the highest score of each hole puts a quarter in the jar"))))
        play.append((msg(N_("Out of quarters")), msg(N_("out of the game"))))
    if o.pot_stake is not None:
        play.append((msg(N_("Pot")), msg(N_("%(stake)s each; a lowest knocker takes it, any other doubles it"),
                                         stake=Amount(o.pot_stake))))
    if o.quarters:
        won = msg(N_("Out of quarters, out of the game: the last player with quarters left takes the jar."))
        summary = msg(N_("Four or six cards face down; swap them for low ones. The highest score of each hole pays "
                         "a quarter; the last player with quarters takes them all."))
    else:  # the game's summary under the heading says "Lowest total wins." already
        won, summary = None, None
    return Plan(Layout.GRID, rows, keys=(card_key, Key(msg(N_("How we play")), tuple(play))),
                tokens=("☐",) * (o.quarters or 0),
                tokens_label=msg(N_("Quarters: strike one out for each quarter paid")) if o.quarters else None,
                notes=(won,) if won else (), open_rows=not o.holes, summary=summary,
                shows=frozenset({"layout", "pairs", "one_eyed_jacks_wild", "knock_bonus", "knock_penalty",
                                 "look_cost", "target", "quarters", "pot_stake", "values"}))  # values: the card key


def garbage_plan(table: Table) -> Plan:
    """A row per round with penalty and goal made; the 11 goals and the penalty values."""
    values = values_in_force(garbage_rummy.DEFAULT_VALUES, table.options.values)
    goals = Key(msg(N_("The goals")), tuple((str(n), Msg(goal)) for n, goal in enumerate(garbage_rummy.GOALS, 1)))
    penalties = [*value_runs(values), joker_line(values[JOKER])]
    if table.options.dealer_bonus:
        penalties.append((msg(N_("Dealer takes the exact deal")), signed_value(table.options.dealer_bonus)))
    return Plan(Layout.GRID, numbered(OPEN_ROWS), columns=(msg(N_("Penalty")), msg(N_("Goal"))),
                keys=(goals, Key(msg(N_("Penalty points")), tuple(penalties))),
                notes=(msg(N_("Deal %(size)s cards: 10 each and one more to the player after the dealer."),
                           size=garbage_rummy.deal_size(table.n)),
                       msg(N_("Tick the goal when it is made; lowest total after goal 11 wins."))), open_rows=True,
                shows=frozenset({"dealer_bonus"}))  # in the penalty points key


def trash_plan(table: Table) -> Plan:
    """A layout per player to strike out as it shrinks; the packs needed; a log of who won each deal."""
    o = table.options
    places = tuple(("A" if n == 1 else str(n)) + (" ★" if n == o.win_at + 1 else "") for n in range(1, o.start + 1))
    rules = [(msg(N_("Packs")), trash.packs_text(table.n)), (msg(N_("Wild cards")), Msg(trash.wild_text(o.wild))),
             (msg(N_("Winning")), trash_win(o))]
    if o.deals:
        rules.append((msg(N_("Deals")), msg(N_("%(n)s; then the smallest layout wins"), n=o.deals)))
    if o.also_completed:
        rules.append((msg(N_("Also completed")), msg(N_("everyone who completes in the same go-round drops a place"))))
    log = (msg(N_("Won by")), msg(N_("Also completed"))) if o.also_completed else (msg(N_("Won by")),)
    return Plan(Layout.TRACKER, numbered(o.deals or OPEN_ROWS), columns=log, per_player=False, total_row=False,
                tokens=places, tokens_label=msg(N_("Layout: strike out the last place after each deal you win")),
                keys=(Key(msg(N_("How we play")), tuple(rules)),), open_rows=not o.deals,
                shows=frozenset({"wild", "win_at", "deals", "also_completed"}),
                notes=(trash_won(o), msg(N_("★ Strike out this place and you have won the game.")), *cut_short(o.deals)))


def trash_win(o) -> Msg:
    """Say in a few words, for a key, how a game of Trash is won."""
    if o.win_at:
        return msg(N_("the first layout down to %(size)s cards"), size=o.win_at)
    return msg(N_("win a deal with one card left"))


def trash_won(o) -> Msg:
    """Say in a sentence how a game of Trash is won."""
    if o.win_at:
        won = msg(N_("The first layout down to %(size)s cards wins the game."), size=o.win_at)
    else:
        won = msg(N_("Win a deal with a layout of one card (the ace alone) to win the game."))
    if o.deals:
        return msg(N_("%(won)s After %(n)s deals, the smallest layout wins."), won=won, n=o.deals)
    return won


def trash_twelve_plan(table: Table) -> Plan:
    """The 12 contracts in order, with their points and what a whole hand holds at this table."""
    deck = trash_twelve_hands.deck_for(table.n)
    points = table.options.points
    rows = []
    for number in range(1, trash_twelve_hands.HANDS + 1):
        contract = trash_twelve_hands.contract_for(number)
        rows.append(Row(msg(N_("%(n)s · %(contract)s"), n=number,
                            contract=Msg(trash_twelve_hands.CONTRACT_LABELS[contract])),
                        contract_detail(contract, deck, points)))
    return Plan(Layout.GRID, tuple(rows),
                keys=(Key(msg(N_("The cards")), ((msg(N_("Deck")), Msg(deck.setup)),
                                                 (msg(N_("Tricks a hand")), str(deck.tricks)),
                                                 (msg(N_("Hearts")), str(deck.hearts)),
                                                 (msg(N_("Kings, queens")), str(deck.honours)))),),
                notes=(msg(N_("Lowest total after hand 12 wins. Aces are high.")),))


def contract_points(contract, points: Mapping[str, int]) -> Msg:
    """Say what a contract scores."""
    c = trash_twelve_hands.Contract
    each = {c.TRICKS: N_("%(p)s a trick"), c.HEARTS: N_("%(p)s a heart"), c.KINGS: N_("%(p)s a king"),
            c.QUEENS: N_("%(p)s a queen")}
    if contract in each:
        return msg(each[contract], p=points[trash_twelve_hands.COUNTED[contract][0]])
    if contract is c.LAST_TRICK:
        return msg(N_("%(p)s to whoever takes it"), p=points["last_trick"])
    return msg(N_("out first %(first)s · second %(second)s"), first=signed_value(points["first_out"]),
               second=signed_value(points["second_out"]))


def contract_detail(contract, deck, points: Mapping[str, int]) -> Msg:
    """Say what a contract scores and what its counts must add up to at this table."""
    c = trash_twelve_hands.Contract
    in_all = {c.TRICKS: deck.tricks, c.HEARTS: deck.hearts, c.KINGS: deck.honours, c.QUEENS: deck.honours}
    if contract in in_all:
        return msg(N_("%(points)s · %(n)s in all"), points=contract_points(contract, points), n=in_all[contract])
    return contract_points(contract, points)


def gin_plan(table: Table) -> Plan:
    """A box score: each hand's score and the running total per player, then the bonus block."""
    o = table.options
    footer = [msg(N_("Hand points"))]
    if o.box_bonus:
        footer.append(msg(N_("Boxes: %(bonus)s a hand won"), bonus=o.box_bonus))
    if o.shutout_double:
        footer.append(msg(N_("Shutout: the winner's hand points again")))
    if o.game_bonus:
        footer.append(msg(N_("Game bonus: %(bonus)s to the winner"), bonus=o.game_bonus))
    footer.append(msg(N_("Final total")))
    rules = ((msg(N_("Knock with")), msg(N_("%(n)s deadwood or less"), n=o.knock_max)),
             (msg(N_("Gin")), msg(N_("+%(n)s"), n=o.gin_bonus)),
             (msg(N_("Big gin")), msg(N_("+%(n)s"), n=o.big_gin_bonus)),
             (msg(N_("Undercut")), msg(N_("+%(n)s"), n=o.undercut_bonus)),
             (msg(N_("The game ends")), msg(N_("when a total reaches %(target)s"), target=o.target)))
    values = Key(msg(N_("Deadwood")), (*value_runs(gin_rummy.CARD_VALUES),))
    columns = (msg(N_("Score")), msg(N_("Total")), *((msg(N_("Box")),) if o.box_bonus else ()))  # a tick a hand won
    return Plan(Layout.GRID, numbered(OPEN_ROWS), columns=columns, total_row=False,
                footer=tuple(footer), keys=(Key(msg(N_("How we play")), rules), values),
                shows=frozenset({"knock_max", "gin_bonus", "big_gin_bonus", "undercut_bonus", "target", "box_bonus",
                                 "shutout_double", "game_bonus"}),
                notes=(msg(N_("Highest total wins.")),
                       *((msg(N_("Count the hands each player wins: each is worth a box bonus at the end.")),)
                         if o.box_bonus else ())), open_rows=True)


def hollywood_plan(table: Table) -> Plan:
    """The Hollywood pad of Gin Rummy: three games scored at once, side by side for each player."""
    plan = gin_plan(table)
    games = tuple(msg(N_("Game %(n)s"), n=n) for n in (1, 2, 3))
    footer = (msg(N_("Game total")), msg(N_("Boxes")), msg(N_("Game bonus")), msg(N_("Final total")))
    return dataclasses.replace(plan, columns=games, footer=footer, footer_split=True, summary=msg(N_(
        "The Hollywood pad: three games scored at once.")), notes=(msg(N_(
            "A player's first hand won goes in game 1; their second in games 1 and 2; from their third, in all "
            "three. Each game ends on its own when a total reaches the target.")), *plan.notes[:1]))


def chase_plan(table: Table) -> Plan:
    """Lives to strike out per player and a pot to tally."""
    o = table.options
    rules = ((msg(N_("Lowest card")), Msg(chase_the_ace.CANCEL_RULES[o.cancel_matches])),
             (msg(N_("Kings")), Msg(chase_the_ace.KINGS_RULES[o.kings])),
             (msg(N_("Everyone out at once")), Msg(chase_the_ace.TIE_RULES[o.tie_rule])),
             (msg(N_("Ranks, low to high")), msg(N_("A 2 3 4 5 6 7 8 9 10 J Q K"))))
    return Plan(Layout.TRACKER, (), total_row=False, tokens=("●",) * o.lives,
                tokens_label=msg(N_("Lives: strike one out for each life lost")),
                pot_boxes=o.lives * table.n, keys=(Key(msg(N_("How we play")), rules),),
                notes=(msg(N_("Pot: strike a box for each life lost, %(stake)s each."), stake=Amount(o.stake)),),
                shows=frozenset({"cancel_matches", "kings", "tie_rule"}))  # the key (lives and stake: the rules card too)


def hand_and_foot_plan(table: Table) -> Plan:
    """A block per hand: its meld minimum and every part of the score; partners side by side."""
    o = table.options
    rows = tuple(Row(msg(N_("Hand %(n)s"), n=n), msg(N_("first meld %(points)s"),
                                                      points=hand_and_foot.meld_minimum(o, n)))
                 for n in range(1, o.rounds + 1))
    lines = (msg(N_("Clean books × %(n)s"), n=o.clean_book), msg(N_("Dirty books × %(n)s"), n=o.dirty_book),
             msg(N_("Red threes × %(n)s"), n=o.red_three), msg(N_("Went out +%(n)s"), n=o.going_out),
             msg(N_("Cards melded")), msg(N_("Cards left −")), msg(N_("Hand total")), msg(N_("Running total")))
    values = hand_and_foot.counted_values(o)
    card_key = Key(msg(N_("Card values")), hand_and_foot_values(values))
    order: tuple[int, ...] = ()
    if o.partners:
        half = table.n // 2
        order = tuple(seat for team in range(half) for seat in (team, team + half))
    return Plan(Layout.BLOCKS, rows, total_row=False, block_lines=lines, seat_order=order, keys=(card_key,),
                notes=(msg(N_("%(packs)s packs with their jokers. Highest total after the last hand wins."),
                           packs=hand_and_foot.packs(table.n)),),
                # a block per hand with its first meld, the points of each part, and the card values' key
                shows=frozenset({"rounds", "meld_minimums", "clean_book", "dirty_book", "red_three", "going_out"}))


def hand_and_foot_values(values: Mapping[str, int]) -> tuple[tuple[Msg | str, str], ...]:
    """The Hand & Foot card values, highest first."""
    return (joker_line(values[JOKER]), *((rank, signed_value(values[rank])) for rank in ("A", "2")),
            (msg(N_("K to 8")), signed_value(values["K"])), (msg(N_("7 to 4")), signed_value(values["7"])),
            (msg(N_("black 3")), signed_value(values["3S"])))


def any_plan(table: Table) -> Plan:
    """The classic pad: a row per round, each player's points and running total, and how the game is won."""
    o = table.options
    rules = [(msg(N_("Who wins")), msg(N_("the lowest total")) if o.wins is any_game.Wins.LOW
              else msg(N_("the highest total")))]
    if o.target is not None:
        rules.append((msg(N_("The game ends")), msg(N_("when a total reaches %(target)s"), target=o.target)))
    if o.rounds is not None:
        rules.append((msg(N_("Rounds")), str(o.rounds)))
    if o.round_total is not None:
        rules.append((msg(N_("Every round's points add up to")), str(o.round_total)))
    return Plan(Layout.GRID, numbered(o.rounds or OPEN_ROWS), columns=(msg(N_("Score")), msg(N_("Total"))),
                total_row=False, keys=(Key(msg(N_("How we play")), tuple(rules)),),
                notes=tuple(cut_short(o.rounds)),  # who wins is in the key: said once
                shows=frozenset({"name", "wins", "target", "rounds", "round_total"}),  # the heading and the key
                open_rows=o.rounds is None, summary=msg(N_("%(name)s: the score pad."), name=o.name))


PLANS: Mapping[str, Callable[[Table], Plan]] = {
    "golf": golf_plan,
    "garbage-rummy": garbage_plan,
    "trash": trash_plan,
    "trash-twelve-hands": trash_twelve_plan,
    "gin-rummy": gin_plan,
    "chase-the-ace": chase_plan,
    "hand-and-foot": hand_and_foot_plan,
    "any": any_plan,
}


PADS = {("gin-rummy", "hollywood"): hollywood_plan}  # other pads a game can be printed on


def plan_for(key: str, table: Table, pad: str | None = None) -> Plan:
    """Return the paper plan of game ``key`` for this table (on another ``pad`` where the game has it)."""
    return PADS.get((key, pad), PLANS[key])(table)


# --- the handbook's tables, from the same rules data -------------------------------------------


@dataclass(frozen=True)
class RuleTable:
    """A table of rule facts for the handbook: its column headings and rows."""

    head: tuple[Msg, ...]
    rows: tuple[tuple[Msg | str, ...], ...]


def spread(counts: Sequence[int]) -> str:
    """Write a run of player counts: "3–4", or "2" alone."""
    return f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])


SETUP: Mapping[str, Callable[[int], tuple[Msg, Msg]]] = {  # what a table of n players needs: (cards, deal)
    "golf": lambda n: (nmsg("%(num)s pack, two jokers in it if you play them", "%(num)s packs shuffled together, "
                            "two jokers a pack if you play them", golf.RULES.resolve_options({}, n).packs),
                       msg(N_("4 cards each (6 for 6-card Golf)"))),
    "garbage-rummy": lambda n: (msg(N_("2 packs and 4 jokers")),
                                msg(N_("%(cards)s cards: 10 each and 1 more"), cards=garbage_rummy.deal_size(n))),
    "gin-rummy": lambda n: (msg(N_("1 pack, no jokers")), msg(N_("10 cards each"))),
    "chase-the-ace": lambda n: (msg(N_("1 pack, no jokers")), msg(N_("1 card each"))),
    "any": lambda n: (msg(N_("the cards your game uses")), msg(N_("as your game deals"))),
    "hand-and-foot": lambda n: (nmsg("%(num)s pack, jokers in", "%(num)s packs, jokers in", hand_and_foot.packs(n)),
                                msg(N_("13 cards for the hand, 11 for the foot"))),
}


def setup_table(key: str) -> RuleTable:
    """Return what the table needs by player count (packs, and the deal), runs of counts that need the same."""
    spec, setup = SPECS[key], SETUP[key]
    rows: list[tuple[list[int], tuple[Msg, Msg]]] = []
    for n in range(spec.min_players, spec.max_players + 1):
        need = setup(n)
        if rows and rows[-1][1] == need:
            rows[-1][0].append(n)
        else:
            rows.append(([n], need))
    return RuleTable((msg(N_("Players")), msg(N_("Cards")), msg(N_("Deal"))),
                     tuple((spread(counts), *need) for counts, need in rows))


def handbook_tables(key: str) -> dict[str, RuleTable]:
    """Return the rule tables the handbook page of game ``key`` prints, with the usual options."""
    card, points = msg(N_("Card")), msg(N_("Points"))
    if key in SETUP:
        return {"players": setup_table(key), **handbook_rule_tables(key, card, points)}
    return handbook_rule_tables(key, card, points)


def handbook_rule_tables(key: str, card: Msg, points: Msg) -> dict[str, RuleTable]:
    """Return the handbook's tables of values, goals, packs and contracts of game ``key``."""
    if key == "golf":
        values = golf.DEFAULT_VALUES
        return {"values": RuleTable((card, points), (*value_runs(values), joker_line(values[JOKER])))}
    if key == "garbage-rummy":
        values = values_in_force(garbage_rummy.DEFAULT_VALUES, {})
        return {"goals": RuleTable((msg(N_("Goal")), msg(N_("Lay down"))),
                                   tuple((str(n), Msg(goal)) for n, goal in enumerate(garbage_rummy.GOALS, 1))),
                "penalties": RuleTable((msg(N_("Card left in hand")), points),
                                       (*value_runs(values), joker_line(values[JOKER])))}
    if key == "trash":
        spec = trash.SPEC
        by_packs: dict[int, list[int]] = {}
        for n in range(spec.min_players, spec.max_players + 1):
            by_packs.setdefault(trash.packs_for(n), []).append(n)
        return {"packs": RuleTable((msg(N_("Players")), msg(N_("Packs"))),
                                   tuple((spread(counts), str(packs)) for packs, counts in by_packs.items()))}
    if key == "trash-twelve-hands":
        twelve = trash_twelve_hands
        firsts = twelve.CONTRACTS[:len(twelve.CONTRACTS) // 2]
        return {"decks": RuleTable((msg(N_("Players")), msg(N_("Cards used")), msg(N_("Tricks per hand"))),
                                   tuple((str(n), Msg(d.setup), str(d.tricks)) for n, d in twelve.DECKS.items())),
                "contracts": RuleTable((msg(N_("Hands")), msg(N_("Contract")), points),
                                       tuple((msg(N_("%(a)s and %(b)s"), a=n, b=twelve.HANDS + 1 - n),
                                              Msg(twelve.CONTRACT_LABELS[c]), contract_points(c, twelve.DEFAULT_POINTS))
                                             for n, c in enumerate(firsts, 1)))}
    if key == "hand-and-foot":
        o = hand_and_foot.RULES.resolve_options({}, 4)
        return {"scores": RuleTable((msg(N_("For")), points),
                                    ((msg(N_("Each clean book")), str(o.clean_book)),
                                     (msg(N_("Each dirty book")), str(o.dirty_book)),
                                     (msg(N_("Each red three")), str(o.red_three)),
                                     (msg(N_("Going out")), str(o.going_out)))),
                "values": RuleTable((card, points), hand_and_foot_values(hand_and_foot.counted_values(o)))}
    return {}


# --- the rules card: how a game goes, in a few lines (the handbook page has the whole rules) ------------

GLANCE: Mapping[str, tuple[str, ...]] = {
    "golf": (
        N_("Deal 4 cards each face down (6 for 6-card Golf) in two rows; peek once at the two nearest you."),
        N_("On your turn take the top of the stock or the top discard and swap it for a layout card, or throw a "
           "stock card away. A card from the discard pile must go into your layout."),
        N_("Or knock: everyone else has one more turn, then all layouts are turned up and counted."),
        N_("Cards score the values below; equal cards cancel only where the house rules say. After the last "
           "hole the lowest total wins."),
    ),
    "garbage-rummy": (
        N_("Two packs and four jokers. Deal 10 cards each and one more to the player left of the dealer."),
        N_("Draw from the stock or the discards, lay down your goal when you hold it, then discard. A set is one "
           "rank; a run is one suit in order (A-2-3 or Q-K-A, never K-A-2); jokers are wild."),
        N_("Once your goal is down you may add to any sets and runs on the table, and take a joker from the table "
           "by putting down the card it stands for, to play it again."),
        N_("When someone goes out, everyone who laid down their goal moves on; the others try it again. Cards "
           "left in hand cost points; the lowest total after goal 11 wins."),
    ),
    "trash": (
        N_("Deal each player a face-down layout, Ace to 10 in two rows: 10 cards at the start, fewer after "
           "deals won."),
        N_("Draw a card; if its face-down place is still hidden, put it there and play the card you uncover. "
           "A card that does not fit ends your turn."),
        N_("Jacks are wild; queens and kings end your turn."),
        N_("Fill your whole layout to win the deal: your layout is one card shorter next time. Win with a "
           "layout of one card to win the game."),
    ),
    "trash-twelve-hands": (
        N_("Deal all the cards (take out twos so they deal evenly). Aces are high."),
        N_("Each hand has a contract, in the order printed on the sheet: tricks, hearts, kings, queens, the "
           "last trick, then a sequence race; then the six again in reverse."),
        N_("In trick hands follow suit if you can; the highest card of the suit led takes the trick."),
        N_("In the sequence hand, play on the 8s in suit order; being first or second out takes points off. "
           "After hand 12 the lowest total wins."),
    ),
    "gin-rummy": (
        N_("Deal 10 cards each. Draw from the stock or the discards, then discard."),
        N_("Sets are 3 or 4 of a rank; runs are 3 or more of a suit in order (aces low). Every other card is "
           "deadwood: aces 1, pictures 10, others their number."),
        N_("Knock when your deadwood is at most the knock limit; the others lay off cards on your melds. The "
           "lower deadwood scores the difference; an undercut, gin and big gin earn their bonuses."),
        N_("The first to reach the target wins the game, and the end bonuses are added."),
    ),
    "chase-the-ace": (
        N_("Deal one card each. Ace is lowest, king highest; suits do not matter."),
        N_("In turn, keep your card or swap with the player on your left (a king refuses). The dealer may cut "
           "the pack for a new card instead."),
        N_("Cards turn up: the lowest card loses a life, and each life lost puts a stake in the pot."),
        N_("Lose every life and you are out; the last player with a life left takes the pot."),
    ),
    "any": (
        N_("Play your game as you always do; the pad keeps the score."),
        N_("After each round, write each player's points: negative points too. Each running total is the last "
           "one plus the round's points."),
        N_("The game ends when a total reaches the target, after the rounds you set, or when the table stops."),
    ),
    "hand-and-foot": (
        N_("Each player takes a hand of 13 cards and a foot of 11. Jokers and 2s are wild; red threes score, "
           "black threes are dead."),
        N_("Draw two, meld books of one rank (seven cards make a book), discard one. Your first meld each hand "
           "must reach that hand's minimum, printed on the sheet."),
        N_("When your hand is empty, play your foot. To go out you need the books the house rules ask for, "
           "one of them clean."),
        N_("Score books, red threes, going out and the cards laid down, less the cards left. After the last "
           "hand the highest total wins."),
    ),
}


# Variants some tables play that change only how a deal is played, never the sheet: the rules card lists them.
VARIANTS: dict[str, tuple[str, ...]] = {
    "chase-the-ace": (
        N_("Queens: if the player you ask to swap holds a queen, you swap with the player on your right "
           "instead; if that player holds a queen too, you keep your card."),
        N_("Jacks: a player holding a jack who is asked to swap shows it and refuses; play moves on to the "
           "next player."),
    ),
}


def card_variants(key: str) -> tuple[Msg, ...]:
    """Return the variants a game's rules card lists, those that change only the play."""
    return tuple(Msg(line) for line in VARIANTS.get(key, ()))


def at_a_glance(key: str, table: Table | None = None) -> tuple[Msg, ...]:
    """Return how a game goes, in a few lines, for its rules card: the way to win is the one of this table."""
    lines: list[Msg] = [Msg(line) for line in GLANCE.get(key, ())]
    o = table.options if table is not None else None
    if key == "golf" and o is not None:
        lines[0] = msg(N_("Deal %(n)s cards each face down in two rows; peek once at the two nearest you."),
                       n=o.layout)
        if o.layout == 6 and o.knock_bonus is golf.KnockBonus.NONE and o.knock_penalty is golf.KnockPenalty.NONE:
            lines[2] = msg(N_("The hole ends when a player's layout is all face up: everyone else has one more "
                              "turn, then all layouts are turned up and counted."))
        if o.quarters:
            lines[3] = msg(N_("Cards score the values below; equal cards cancel only where the house rules say. The "
                              "highest score of each hole puts a quarter in the jar. Out of quarters, out of the "
                              "game: the last player with quarters left takes the jar."))
        elif o.target:
            lines[3] = msg(N_("Cards score the values below; equal cards cancel only where the house rules say. When "
                              "a total reaches %(target)s, the lowest total wins."), target=o.target)
    if key == "trash" and o is not None:
        lines[3] = msg(N_("Fill your whole layout to win the deal: your layout is one card shorter next time. "
                          "%(won)s"), won=trash_won(o))
    return tuple(lines)
