"""What makes the pages installable: the web app manifest and the service worker (served from the root, so
its scope is the whole app)."""
from __future__ import annotations

import os
import re

from flask import Blueprint, current_app, jsonify, url_for
from flask_babel import gettext as _

bp = Blueprint("pwa", __name__)
STATIC_PATH = re.compile(r'"/static/([^"?]+)"')

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
    """Send the service worker from the root, so it may look after every page; the files it keeps are
    named by their versioned URLs, as the pages ask for them (a changed file changes the worker too)."""
    with open(os.path.join(current_app.static_folder, "js", "sw.js"), encoding="utf-8") as f:
        script = STATIC_PATH.sub(lambda m: f'"{url_for("static", filename=m.group(1))}"', f.read())
    return script, {"Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache"}

