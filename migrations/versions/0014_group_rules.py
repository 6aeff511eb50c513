"""group rules: a group's own house rules for each game, which its new games and club nights start from

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-29 11:40:00

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('group_rules',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('game_key', sa.String(length=40), nullable=False),
    sa.Column('preset', sa.String(length=40), nullable=True),
    sa.Column('options', sa.JSON().with_variant(postgresql.JSONB(), 'postgresql'), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_group_rules_group_id_play_group'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_group_rules')),
    sa.UniqueConstraint('group_id', 'game_key', name=op.f('uq_group_rules_group_id_game_key'))
    )


def downgrade():
    op.drop_table('group_rules')
