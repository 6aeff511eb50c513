"""What a game's pages answer from the one cache: the typed variants, their one ETag format, and one decorator.

A view that shows one version of a game (the table page, its scoreboard) says only how to render it;
``answers_from_cache`` does the rest: it reads the game's head (its version and token hash, one indexed
query), answers 304 when the browser holds that version's tag, answers what this process kept for the
version and variant, and otherwise loads the game, calls the view and keeps what it rendered. A new
version is a new key (versions never repeat), so nothing is ever invalidated by hand.

Every tag has one format, ``cache.etag``: ``<game>-<version>-<variant.etag()>-<release>``; the poll
middleware reads a scoreboard's back with ``Live.from_etag``.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from flask import abort, request
from flask_babel import get_locale

from ..live import cache
from ..play import services
from .access import game_or_404, token_for
from .hosting import carries_token
from ..store.models import Game
from ..play.services import GameHead, Problem
from .templating import keeps_here, marked, with_this_requests_marks
from ..live.variants import Live, Page, State  # noqa: F401 (the views name them from here)

def head_or_404(game_id: str) -> GameHead:
    """Read a game's head (id, version, token hash) or show the not-found page."""
    try:
        return services.game_head(game_id)
    except Problem:
        abort(404)


def tag_headers(public_id: str, version: int, variant: cache.Variant) -> dict[str, str]:
    """Return the headers of an answer a browser may keep and ask again about (If-None-Match)."""
    return {"ETag": f'"{cache.etag(public_id, version, variant)}"', "Cache-Control": "no-cache"}


def answers_from_cache(variant: Callable[[GameHead, str | None], cache.Variant | None]):
    """Answer a view of one game version from its tag or the one cache; render it with the view only when
    this process has not kept it yet.

    ``variant(head, token)`` names what this request is shown besides the version (None: this request's
    own messages are shown, so nothing is kept). The view takes the loaded game and returns its HTML.
    """

    def decorate(view: Callable[[Game], str]):
        @wraps(view)
        def answer(game_id: str):
            head = head_or_404(game_id)
            token = token_for(head)
            shown = variant(head, token)
            if token and not getattr(shown, "tagged", False):
                carries_token()  # the answer shows the edit link
            if shown is None or not keeps_here():  # this request's own messages, or a root not the site's
                return view(game_or_404(game_id))
            if shown.tagged and request.if_none_match.contains(cache.etag(head.public_id, head.version, shown)):
                return "", 304, tag_headers(head.public_id, head.version, shown)
            version, html = head.version, cache.get(answer_key(head.public_id, head.version, shown))
            if html is None:  # not kept for this version here: load the game (it may have moved on since)
                game = game_or_404(game_id)
                version = game.version
                html = cache.kept(answer_key(game.public_id, version, shown), lambda: marked(lambda: view(game)))
            return with_this_requests_marks(html), tag_headers(head.public_id, version, shown) if shown.tagged else {}

        return answer

    return decorate


def answer_key(public_id: str, version: int, variant: cache.Variant) -> tuple:
    """Key a kept answer: the game, its version and the variant (nothing of the request: ``keeps_here``)."""
    return "answer", public_id, version, variant


def language() -> str:
    """Return this request's language, as variants hold it."""
    return str(get_locale())
