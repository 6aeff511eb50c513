"""groups: a version that moves on with every change to a group or its games (ETags, kept pages); indexes for a
group's games newest first, its leaderboard and a player's form

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 19:15:00

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('play_group', schema=None) as batch_op:
        batch_op.add_column(sa.Column('version', sa.BigInteger(), server_default='1', nullable=False))

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index('ix_game_group_id')
        batch_op.create_index('ix_game_group_created', ['group_id', 'created', 'id'], unique=False)

    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.drop_index('ix_result_member_id')
        batch_op.create_index('ix_result_group_member',
                              ['group_id', 'member_id', 'game_key', 'won', 'place', 'total', 'game_id'], unique=False)
        batch_op.create_index('ix_result_member_played', ['member_id', 'played'], unique=False)
        batch_op.drop_index('ix_result_game_id')
        batch_op.create_index('ix_result_game_member', ['game_id', 'member_id', 'place'], unique=False)

    with op.batch_alter_table('feat', schema=None) as batch_op:
        batch_op.drop_index('ix_feat_group_kind')
        batch_op.create_index('ix_feat_group_kind', ['group_id', 'game_key', 'kind', 'rank', 'played', 'id'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('feat', schema=None) as batch_op:
        batch_op.drop_index('ix_feat_group_kind')
        batch_op.create_index('ix_feat_group_kind', ['group_id', 'game_key', 'kind'], unique=False)

    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.drop_index('ix_result_game_member')
        batch_op.create_index('ix_result_game_id', ['game_id'], unique=False)
        batch_op.drop_index('ix_result_member_played')
        batch_op.drop_index('ix_result_group_member')
        batch_op.create_index('ix_result_member_id', ['member_id'], unique=False)

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index('ix_game_group_created')
        batch_op.create_index('ix_game_group_id', ['group_id'], unique=False)

    with op.batch_alter_table('play_group', schema=None) as batch_op:
        batch_op.drop_column('version')
