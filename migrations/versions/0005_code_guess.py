"""code_guess: wrong guesses at the access code, counted for every worker and server

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 19:00:00

"""
from alembic import op
import sqlalchemy as sa

# revision identifiers, used by Alembic.
revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "code_guess",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("browser", sa.String(length=32), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_code_guess")),
    )
    op.create_index(op.f("ix_code_guess_address"), "code_guess", ["address"], unique=False)
    op.create_index(op.f("ix_code_guess_at"), "code_guess", ["at"], unique=False)


def downgrade():
    op.drop_index(op.f("ix_code_guess_at"), table_name="code_guess")
    op.drop_index(op.f("ix_code_guess_address"), table_name="code_guess")
    op.drop_table("code_guess")
