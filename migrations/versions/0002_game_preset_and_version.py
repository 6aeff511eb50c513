"""game: the preset it started from, and a version that moves with every change

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23 09:00:00

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(sa.Column("preset", sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column("version", sa.Integer(), nullable=False, server_default="1"))


def downgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_column("version")
        batch_op.drop_column("preset")
