"""nights: a group's club nights, with their players (here or gone), sittings, tables (each an ordinary game of the
group) and seats (a table and seat, or sitting out)

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 09:34:07

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

# revision identifiers, used by Alembic.
revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('night',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('public_id', sa.String(length=32), nullable=False),
    sa.Column('group_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=True),
    sa.Column('game_key', sa.String(length=40), nullable=False),
    sa.Column('preset', sa.String(length=40), nullable=True),
    sa.Column('options', sa.JSON().with_variant(postgresql.JSONB(), 'postgresql'), nullable=False),
    sa.Column('table_size', sa.Integer(), nullable=False),
    sa.Column('sittings', sa.Integer(), nullable=False),
    sa.Column('movement', sa.String(length=16), nullable=False),
    sa.Column('rank_by', sa.String(length=16), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('ended', sa.DateTime(timezone=True), nullable=True),
    sa.Column('version', sa.BigInteger(), server_default='1', nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['group_id'], ['play_group.id'], name=op.f('fk_night_group_id_play_group'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night')),
    sa.UniqueConstraint('public_id', name=op.f('uq_night_public_id'))
    )
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_group_id'), ['group_id'], unique=False)

    op.create_table('night_player',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('present', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_night_player_member_id_member'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_night_player_night_id_night'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_player')),
    sa.UniqueConstraint('night_id', 'member_id', name=op.f('uq_night_player_night_id_member_id'))
    )
    with op.batch_alter_table('night_player', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_player_member_id'), ['member_id'], unique=False)

    op.create_table('sitting',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('night_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('created', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['night_id'], ['night.id'], name=op.f('fk_sitting_night_id_night'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sitting')),
    sa.UniqueConstraint('night_id', 'number', name=op.f('uq_sitting_night_id_number'))
    )
    op.create_table('night_seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('sitting_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_night_seat_member_id_member'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['sitting_id'], ['sitting.id'], name=op.f('fk_night_seat_sitting_id_sitting'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_seat')),
    sa.UniqueConstraint('sitting_id', 'member_id', name=op.f('uq_night_seat_sitting_id_member_id'))
    )
    with op.batch_alter_table('night_seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_seat_member_id'), ['member_id'], unique=False)

    op.create_table('night_table',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('sitting_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('left_out', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_night_table_game_id_game'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['sitting_id'], ['sitting.id'], name=op.f('fk_night_table_sitting_id_sitting'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_night_table')),
    sa.UniqueConstraint('sitting_id', 'number', name=op.f('uq_night_table_sitting_id_number'))
    )
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_night_table_game_id'), ['game_id'], unique=False)



def downgrade():
    with op.batch_alter_table('night_table', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_table_game_id'))

    op.drop_table('night_table')
    with op.batch_alter_table('night_seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_seat_member_id'))

    op.drop_table('night_seat')
    op.drop_table('sitting')
    with op.batch_alter_table('night_player', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_player_member_id'))

    op.drop_table('night_player')
    with op.batch_alter_table('night', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_night_group_id'))

    op.drop_table('night')
