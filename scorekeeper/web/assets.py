"""Static files with their content's hash in the URL (``?v=``), so browsers may keep them for a year.

Every ``url_for("static", ...)`` gets the file's hash; a request that names the current hash is sent
with a year-long, immutable cache lifetime, anything else as before (``no-cache``: revalidated).
A changed file has a new hash, hence a new URL, so no browser keeps an old one.
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache

from flask import Flask, request

YEAR = 365 * 24 * 60 * 60


def register(app: Flask) -> None:
    """Version the static URLs and send versioned files with a long cache lifetime."""
    folder = app.static_folder

    @app.url_defaults
    def add_version(endpoint: str, values: dict) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            version = file_hash(folder, values["filename"])
            if version:
                values["v"] = version

    def max_age(filename: str | None) -> int | None:
        if filename and request.args.get("v") and request.args["v"] == file_hash(folder, filename):
            return YEAR
        return None

    app.get_send_file_max_age = max_age
    app.after_request(immutable)


def immutable(response):
    """Mark a versioned static file immutable: a browser need not even revalidate it on reload."""
    if request.endpoint == "static" and response.cache_control.max_age == YEAR:
        response.cache_control.immutable = True
    return response


@lru_cache(maxsize=256)
def file_hash(folder: str, filename: str) -> str | None:
    """Return the first 12 hex digits of a static file's SHA-256 (None for no such file), read once."""
    path = os.path.join(folder, filename)
    if not os.path.isfile(path) or os.path.commonpath([os.path.realpath(path), os.path.realpath(folder)]) \
            != os.path.realpath(folder):
        return None
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]
