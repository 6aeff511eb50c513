"""game: versions as 64-bit integers (a game's version starts at the time it is inserted); kept_answer: one row
per game and variant, tagged with the release, pruned by age (no address: no request header can grow it)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25 19:30:00

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def kept_answer(*columns):
    op.drop_table("kept_answer")  # a cache: nothing in it is lost for good
    op.create_table(
        "kept_answer",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        *columns,
        sa.Column("body", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("game_id", "variant", *(["address"] if columns[0].name == "address" else [])),
    )


def upgrade():
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.alter_column("version", existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=False,
                              existing_server_default="1")
    kept_answer(sa.Column("release", sa.String(length=16), nullable=False),
                sa.Column("version", sa.BigInteger(), nullable=False),
                sa.Column("kept", sa.DateTime(timezone=True), nullable=False))
    op.create_index("ix_kept_answer_kept", "kept_answer", ["kept"])


def downgrade():
    op.drop_index("ix_kept_answer_kept", table_name="kept_answer")
    kept_answer(sa.Column("address", sa.String(length=255), nullable=False),
                sa.Column("version", sa.Integer(), nullable=False))
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.alter_column("version", existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=False,
                              existing_server_default="1")
