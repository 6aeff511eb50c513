"""result: what groups kept of two kinds of finished games is kept again as today's rules keep it. In Chase the Ace
and Golf's quarters game, players who are out are placed by how long they lasted (they were all level on nothing
left). A game played alone is won against nobody: it counts in no leaderboard (its records stay).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 12:50:00

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB

# revision identifiers, used by Alembic.
revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")
game = sa.table("game", sa.column("id"), sa.column("game_key"), sa.column("options", JSON),
                sa.column("finished_by_hand"))
rounds = sa.table("round", sa.column("game_id"), sa.column("number"), sa.column("data", JSON))
player = sa.table("player", sa.column("game_id"), sa.column("seat"), sa.column("name"))
result = sa.table("result", sa.column("game_id"), sa.column("game_key"), sa.column("seat"), sa.column("place"))


def upgrade():
    bind = op.get_bind()
    alone = sa.select(result.c.game_id).group_by(result.c.game_id).having(sa.func.count() == 1)
    bind.execute(result.delete().where(result.c.game_id.in_(alone)))
    eliminations = bind.execute(sa.select(result.c.game_id).distinct()
                                .where(result.c.game_key.in_(("chase-the-ace", "golf")))).scalars().all()
    for game_id in eliminations:
        for seat, place in places_of(bind, game_id).items():
            bind.execute(result.update().where(result.c.game_id == game_id, result.c.seat == seat)
                         .values(place=place))


def places_of(bind, game_id: int) -> dict[int, int]:
    """Play a finished game's stored rounds through its rules, as the app does when a game ends; return each seat's
    place. Nothing for a Golf game without quarters, or a game that no longer folds to its end."""
    from scorekeeper.rules import REGISTRY
    from scorekeeper.rules.spec import Table
    from scorekeeper.rules.engine import derive

    key, options, by_hand = bind.execute(sa.select(game.c.game_key, game.c.options, game.c.finished_by_hand)
                                         .where(game.c.id == game_id)).one()
    if key == "golf" and not (options or {}).get("quarters"):
        return {}
    names = bind.execute(sa.select(player.c.name).where(player.c.game_id == game_id).order_by(player.c.seat)
                         ).scalars().all()
    datas = bind.execute(sa.select(rounds.c.data).where(rounds.c.game_id == game_id).order_by(rounds.c.number)
                         ).scalars().all()
    rules = REGISTRY[key]
    derived = derive(rules, Table(tuple(names), rules.load_options(options)), datas, bool(by_hand), lenient=True)
    if not derived.over or derived.broken is not None:
        return {}
    return {row["seat"]: row["place"] for row in derived.standings}


def downgrade():
    pass  # what is kept again is right under every revision
