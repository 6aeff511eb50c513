"""round: cards stored with a French rank letter (R, D, V: sent through the API, which read them as K, Q, J) are
written with the English letter they were read as. The API reads English letters only from now on, so that "RC"
is never taken silently for the king of clubs (a French reader means the king of hearts); what was stored keeps
the score it had.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 15:20:00

"""
import re

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
FRENCH_RANK = re.compile(r"\s*([RDV])(\S?)\s*", re.IGNORECASE)  # a rank letter, then a suit or nothing
ENGLISH = {"R": "K", "D": "Q", "V": "J"}


def upgrade():
    bind = op.get_bind()
    for round_id, data in bind.execute(sa.select(rounds.c.id, rounds.c.data)).all():
        written = in_english(data)
        if written != data:
            bind.execute(rounds.update().where(rounds.c.id == round_id).values(data=written))


def in_english(value, cards: bool = False):
    """Rewrite the cards in a round's data (the strings in any "cards" list) with English rank letters."""
    if isinstance(value, dict):
        return {key: in_english(item, cards=key == "cards") for key, item in value.items()}
    if isinstance(value, list):
        return [in_english(item, cards) for item in value]
    if cards and isinstance(value, str) and (found := FRENCH_RANK.fullmatch(value)):
        return ENGLISH[found.group(1).upper()] + found.group(2)
    return value


def downgrade():
    pass  # the English letters read the same on the older release
