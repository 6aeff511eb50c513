"""groups: players who play together, their games' kept results and records

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25 18:00:00

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('play_group',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('public_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('view_hash', sa.String(length=64), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_play_group')),
    sa.UniqueConstraint('public_id', name=op.f('uq_play_group_public_id'))
    )
    op.create_table('member',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('colour', sa.String(length=7), nullable=True),
    sa.Column('emoji', sa.String(length=16), nullable=True),
    sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_member_group_id_play_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_member'))
    )
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_member_group_id'), ['group_id'], unique=False)

    op.create_table('feat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('game_key', sa.String(length=40), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('what', sa.JSON().with_variant(postgresql.JSONB(), 'postgresql'), nullable=False),
    sa.Column('value', sa.Float(), nullable=False),
    sa.Column('rank', sa.Float(), nullable=False),
    sa.Column('played', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_feat_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_feat_group_id_play_group'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_feat_member_id_member'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_feat'))
    )
    with op.batch_alter_table('feat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_feat_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_feat_group_kind', ['group_id', 'game_key', 'kind'], unique=False)
        batch_op.create_index(batch_op.f('ix_feat_member_id'), ['member_id'], unique=False)

    op.create_table('result',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('game_key', sa.String(length=40), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('place', sa.Integer(), nullable=False),
    sa.Column('total', sa.Float(), nullable=True),
    sa.Column('won', sa.Boolean(), nullable=False),
    sa.Column('played', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_result_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_result_group_id_play_group'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_result_member_id_member'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_result'))
    )
    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_result_game_id'), ['game_id'], unique=False)
        batch_op.create_index('ix_result_group_played', ['group_id', 'played'], unique=False)
        batch_op.create_index(batch_op.f('ix_result_member_id'), ['member_id'], unique=False)

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('group_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_group_id'), ['group_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_game_group_id_play_group'), 'play_group', ['group_id'], ['id'], ondelete='SET NULL')

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('member_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_player_member_id'), ['member_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_player_member_id_member'), 'member', ['member_id'], ['id'], ondelete='SET NULL')



def downgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_player_member_id_member'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_player_member_id'))
        batch_op.drop_column('member_id')

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_group_id_play_group'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_game_group_id'))
        batch_op.drop_column('group_id')

    with op.batch_alter_table('result', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_result_member_id'))
        batch_op.drop_index('ix_result_group_played')
        batch_op.drop_index(batch_op.f('ix_result_game_id'))

    op.drop_table('result')
    with op.batch_alter_table('feat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_feat_member_id'))
        batch_op.drop_index('ix_feat_group_kind')
        batch_op.drop_index(batch_op.f('ix_feat_game_id'))

    op.drop_table('feat')
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_member_group_id'))

    op.drop_table('member')
    op.drop_table('play_group')
