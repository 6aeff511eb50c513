"""Extensions, created unbound and wired to the app in create_app (Flask-Migrate: see migrations.py)."""
from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_sqlalchemy import SQLAlchemy
from flask_talisman import Talisman
from flask_wtf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with constraint names Alembic can rely on."""

    metadata = MetaData(naming_convention=NAMING)


db = SQLAlchemy(model_class=Base)
csrf = CSRFProtect()
babel = Babel()
limiter = Limiter(key_func=get_remote_address)  # storage and switch from RATELIMIT_* settings
talisman = Talisman()
