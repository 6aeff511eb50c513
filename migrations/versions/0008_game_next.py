"""game: the game the table started next with "Play again", so that a spectator still on this one is pointed to it

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26 04:05:00

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('next_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_game_next_id_game', 'game', ['next_id'], ['id'], ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint('fk_game_next_id_game', type_='foreignkey')
        batch_op.drop_column('next_id')
