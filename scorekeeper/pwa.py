"""What makes the pages installable: the web app manifest and the service worker (served from the root, so
its scope is the whole app)."""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, send_from_directory, url_for
from flask_babel import gettext as _

bp = Blueprint("pwa", __name__)

@bp.get("/manifest.webmanifest")
def manifest():
    """Describe the app to a phone that installs it."""
    answer = jsonify({
        "name": _("Scorekeeper"), "short_name": _("Scorekeeper"),
        "description": _("Score card games at the table: rounds, running totals, who deals, who wins."),
        "start_url": url_for("games.index"), "scope": "/", "display": "standalone",
        "background_color": "#f4f1ea", "theme_color": "#14532d",
        "icons": [{"src": url_for("static", filename=f"icons/icon-{size}.png"), "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": "any maskable"} for size in (192, 512)]
        + [{"src": url_for("static", filename="icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    })
    answer.mimetype = "application/manifest+json"
    return answer


@bp.get("/sw.js")
def service_worker():
    """Send the service worker from the root, so it may look after every page."""
    answer = send_from_directory(current_app.static_folder, "js/sw.js", max_age=0)
    answer.headers["Cache-Control"] = "no-cache"
    return answer
