"""result, feat: the game a finished game counts under holds up to 64 characters (was 40). An "any game" counts
under its own name and way of winning ("any:high:" and a name of up to 40 characters: 49), which PostgreSQL refused:
such a game in a group could not end, join the group or be imported. SQLite ignored the limit; nothing is rewritten.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29 09:30:00

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

BEFORE, NOW = 40, 64


def upgrade():
    for table in ("result", "feat"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column("game_key", existing_type=sa.String(length=BEFORE), type_=sa.String(length=NOW),
                                  existing_nullable=False)


def downgrade():
    for name in ("result", "feat"):
        # the older release cannot hold a longer key: such games count under their name cut short
        kept = sa.table(name, sa.column("game_key", sa.String()))
        op.execute(kept.update().where(sa.func.length(kept.c.game_key) > BEFORE)
                   .values(game_key=sa.func.substr(kept.c.game_key, 1, BEFORE)))
        with op.batch_alter_table(name, schema=None) as batch_op:
            batch_op.alter_column("game_key", existing_type=sa.String(length=NOW), type_=sa.String(length=BEFORE),
                                  existing_nullable=False)
