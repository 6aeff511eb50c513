"""round: cards stored with a French rank letter (R, D, V: sent through the API, which read them as K, Q, J) are
written with the English letter they were read as. The API reads English letters only from now on, so that "RC"
is never taken silently for the king of clubs (a French reader means the king of hearts); what was stored keeps
the score it had.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 15:20:00

"""
from alembic import op
import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import JSONB

# revision identifiers, used by Alembic.
revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

JSON = sa.JSON().with_variant(JSONB(), "postgresql")
rounds = sa.table("round", sa.column("id"), sa.column("data", JSON))


def upgrade():
    from scorekeeper.rules.cards import in_english_letters  # the same rewrite as `flask import` makes

    bind = op.get_bind()
    for round_id, data in bind.execute(sa.select(rounds.c.id, rounds.c.data)).all():
        written = in_english_letters(data)
        if written != data:
            bind.execute(rounds.update().where(rounds.c.id == round_id).values(data=written))


def downgrade():
    pass  # the English letters read the same on the older release
