"""feat: the records of "any game" played lowest-wins, kept before their rules read who wins ("highest total" for
the loser), are kept again: the lowest total from the kept results (a round's lowest score is kept again when the
game next changes; a finished game's rounds are not read here)

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

LOW = "any:low:%"
result = sa.table("result", *(sa.column(name) for name in ("group_id", "game_id", "member_id", "game_key", "total",
                                                           "played")))
feat = sa.table("feat", *(sa.column(name) for name in ("group_id", "game_id", "member_id", "game_key", "kind", "value",
                                                       "rank", "played")),
                sa.column("what", sa.JSON().with_variant(JSONB(), "postgresql")))


def upgrade():
    bind = op.get_bind()
    bind.execute(feat.delete().where(feat.c.game_key.like(LOW)))
    rows = bind.execute(sa.select(result).where(result.c.game_key.like(LOW), result.c.total.is_not(None))).all()
    lowest: dict[int, float] = {}
    for row in rows:
        lowest[row.game_id] = min(lowest.get(row.game_id, row.total), row.total)
    feats = [{"group_id": row.group_id, "game_id": row.game_id, "member_id": row.member_id, "game_key": row.game_key,
              "kind": "total", "what": {"text": "lowest total", "params": {}, "plural": None}, "value": row.total,
              "rank": row.total, "played": row.played} for row in rows if row.total == lowest[row.game_id]]
    if feats:
        bind.execute(feat.insert(), feats)


def downgrade():
    pass  # the records kept again are right under every revision
