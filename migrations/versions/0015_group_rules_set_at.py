"""group rules: when each game's rules were set, so that a group's new games and nights open on the game whose rules
it set last, and a backup keeps that (rules kept before this upgrade are stamped with its time: the latest kept
still comes first, by its number)

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-29 17:45:00

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('group_rules', schema=None) as batch_op:
        batch_op.add_column(sa.Column('set_at', sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE group_rules SET set_at = CURRENT_TIMESTAMP")
    # the database's own default: a server still running the release before, which keeps rules without a time, saves
    # them (stamped as it saves them) until it is restarted (SQLite takes it in this rebuild of the table, not in an
    # added column)
    with op.batch_alter_table('group_rules', schema=None) as batch_op:
        batch_op.alter_column('set_at', existing_type=sa.DateTime(timezone=True), nullable=False,
                              server_default=sa.func.current_timestamp())


def downgrade():
    with op.batch_alter_table('group_rules', schema=None) as batch_op:
        batch_op.drop_column('set_at')
