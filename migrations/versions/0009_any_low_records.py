"""result, feat: what groups kept of two kinds of finished games is kept again as today's rules keep it. A game ended
before its first round is not counted (its players all "won" it with 0). An "any game" played lowest-wins keeps the
records its rules give (they held the loser's "highest total"), worked out again from its stored rounds.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 08:10:00

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB

# revision identifiers, used by Alembic.
revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")
game = sa.table("game", sa.column("id"), sa.column("game_key"), sa.column("options", JSON),
                sa.column("finished_by_hand"))
rounds = sa.table("round", sa.column("game_id"), sa.column("number"), sa.column("data", JSON))
player = sa.table("player", sa.column("game_id"), sa.column("seat"), sa.column("name"), sa.column("member_id"))
result = sa.table("result", sa.column("group_id"), sa.column("game_id"), sa.column("game_key"), sa.column("played"))
feat = sa.table("feat", *(sa.column(name) for name in ("group_id", "game_id", "member_id", "game_key", "kind", "value",
                                                       "rank", "played")), sa.column("what", JSON))


def upgrade():
    bind = op.get_bind()
    unplayed = sa.select(result.c.game_id).where(~sa.exists().where(rounds.c.game_id == result.c.game_id))
    for kept in (result, feat):
        bind.execute(kept.delete().where(kept.c.game_id.in_(unplayed)))
    low = bind.execute(sa.select(result.c.game_id, result.c.group_id, result.c.game_key, result.c.played).distinct()
                       .where(result.c.game_key.like("any:low:%"))).all()
    for game_id, group_id, key, played in low:
        bind.execute(feat.delete().where(feat.c.game_id == game_id))
        common = {"group_id": group_id, "game_id": game_id, "game_key": key, "played": played}
        feats = [{**common, **made} for made in records_of(bind, game_id)]
        if feats:
            bind.execute(feat.insert(), feats)


def records_of(bind, game_id: int) -> list[dict]:
    """Play a finished game's stored rounds through its rules, as the app does when a game ends; return its records
    as feat rows (without the game's own columns). Nothing for a game that no longer folds to its end."""
    from scorekeeper.rules import REGISTRY
    from scorekeeper.rules.spec import Table
    from scorekeeper.rules.engine import derive

    key, options, by_hand = bind.execute(sa.select(game.c.game_key, game.c.options, game.c.finished_by_hand)
                                         .where(game.c.id == game_id)).one()
    seats = bind.execute(sa.select(player.c.name, player.c.member_id).where(player.c.game_id == game_id)
                         .order_by(player.c.seat)).all()
    datas = bind.execute(sa.select(rounds.c.data).where(rounds.c.game_id == game_id).order_by(rounds.c.number)
                         ).scalars().all()
    rules = REGISTRY[key]
    table = Table(tuple(name for name, _ in seats), rules.load_options(options))
    derived = derive(rules, table, datas, bool(by_hand), lenient=True)
    if not derived.over or derived.broken is not None:
        return []
    return [{"member_id": seats[r.seat][1], "kind": r.kind, "value": r.value,
             "what": {"text": r.what.text, "params": dict(r.what.params), "plural": r.what.plural},
             "rank": -r.value if r.higher_is_better else r.value}
            for r in rules.records(table, derived.state, derived.rounds, derived.standings)
            if seats[r.seat][1] is not None]


def downgrade():
    pass  # what is kept again is right under every revision
