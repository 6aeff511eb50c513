"""A live server and Debian's Chromium at phone size, driven by Playwright."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.extensions import db

# Debian's Chromium as Playwright itself drives a headless one: its headless shell (the package
# chromium-headless-shell, the same Chromium build without the desktop browser around it). The full browser
# (CHROMIUM=/usr/bin/chromium) passes the same tests at twice the CPU (docs/benchmarks.md); it is the one
# used when the shell is not installed.
SHELL, FULL = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
CHROMIUM = os.environ.get("CHROMIUM") or (SHELL if Path(SHELL).exists() or not Path(FULL).exists() else FULL)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = Path(os.environ.get("SHOTS_DIR", Path(__file__).resolve().parents[2] / "shots"))
# TRACES_DIR=folder keeps a Playwright trace (requests, DOM snapshots, screenshots) of each failed test using ``page``.
TRACES = Path(os.environ["TRACES_DIR"]) if os.environ.get("TRACES_DIR") else None
PHONE = {"width": 390, "height": 844}  # every test here is marked "browser" by tests/conftest.py


def late_scripts(wsgi_app):
    """Send the deferred page scripts a moment late to a browser that asks for it with an ``X-Late-Scripts``
    header (in seconds), as a slow connection does, so the page paints before they run. Each waits on its own
    thread, as scripts arrive side by side; theme.js, which the head runs before anything is drawn, is on time."""

    def serve(environ, start_response):
        late = environ.get("HTTP_X_LATE_SCRIPTS")
        path = environ.get("PATH_INFO", "")
        if late and path.startswith("/static/js/") and path != "/static/js/theme.js":
            time.sleep(float(late))
        return wsgi_app(environ, start_response)

    return serve


class Handler(WSGIRequestHandler):
    """Werkzeug's handler, closing the answer of a request whose browser hung up: werkzeug skips that when the
    connection is reset while it drains the request (a page closed while a script was on its way), and the file
    left open warns in whichever test runs next."""

    def connection_dropped(self, error, environ=None):
        answer = (environ or {}).pop("tests.answer", None)
        if hasattr(answer, "close"):
            answer.close()


def keep_answer(wsgi_app):
    """Note each answer in its environ, for Handler to close."""

    def serve(environ, start_response):
        environ["tests.answer"] = answer = wsgi_app(environ, start_response)
        return answer

    return serve


@pytest.fixture(scope="session")
def live_server(all_databases):
    """Serve the app on a free loopback port, with CSRF on, for the whole session (on the session's databases, not
    those of a ``--db=both`` run's kind, which are made again when a worker goes from one kind to the other)."""
    app = create_app({"SECRET_KEY": "browser-tests", "SQLALCHEMY_DATABASE_URI": all_databases.new(),
                      "RATELIMIT_ENABLED": False})
    app.wsgi_app = late_scripts(app.wsgi_app)
    server = make_server("127.0.0.1", 0, keep_answer(app), threaded=True, request_handler=Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, headless (Playwright cannot download its own browser here): ``CHROMIUM``."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: apt-get install chromium-headless-shell")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture(params=["light", "dark"] if os.environ.get("BOTH_SCHEMES") else ["light"])
def page(browser, request):
    """A fresh phone-sized page (390×844, touch) that fails the test on any console error."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  color_scheme=request.param)
    page = context.new_page()
    errors: list[str] = []
    # A refused form is answered 422 on purpose; Chromium logs that as a failed load.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "status of 422" not in m.text else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    if TRACES:
        context.tracing.start(screenshots=True, snapshots=True)
    yield page
    try:
        if TRACES:
            failed = getattr(request.node, "failed_call", False)
            context.tracing.stop(path=str(TRACES / f"{request.node.name}-{os.getpid()}-{time.time():.0f}.zip")
                                 if failed else None)
    finally:
        context.close()
    assert not errors, errors


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Note on the test whether its call failed, for ``page`` to keep its trace (``TRACES_DIR``)."""
    report = yield
    if report.when == "call" and report.failed:
        item.failed_call = True
    return report


@pytest.fixture
def shot(page, request):
    """Save a full-page screenshot under shots/ and check the page never scrolls sideways."""
    scheme = request.node.callspec.params.get("page", "light") if hasattr(request.node, "callspec") else "light"

    def take(name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}{'-dark' if scheme == 'dark' else ''}.png"
        page.screenshot(path=str(path), full_page=True)
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth"), f"{name} scrolls sideways"
        return path

    return take


def submit(page, button) -> None:
    """Tap a round form's save button and wait for the server's answer page.

    The page's outbox script sends the entry itself (to keep it if the connection drops), so the new page
    comes a moment after the tap rather than with it.
    """
    with page.expect_navigation():
        button.click()


def name_players(page, names) -> None:
    """Type the players' names on the new-game form, opening more rows as needed."""
    add = page.locator("[data-add-player]")
    for i, name in enumerate(names):
        field = page.locator(f"#players-{i}")
        if not field.is_visible():
            add.click()
        field.fill(name)


def start_game_on(page, live_server: str, key: str, players, options: dict[str, str] | None = None,
                  button: str = "Start the game") -> str:
    """Start a game on ``page`` through the new-game page (its house rules set as a player would, the start
    button named ``button`` in the page's language); return the table page's URL."""
    page.goto(f"{live_server}/new/{key}")
    name_players(page, players)
    if options:
        page.locator("details.options summary").click()
        for name, value in options.items():
            field = page.locator(f"#opt_{name}")
            choice = page.locator(f"input[type=radio][name=opt_{name}][value='{value}']")
            if choice.count():  # a house rule's choices are radio buttons
                choice.check()
            elif field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(value)
            elif field.get_attribute("type") == "checkbox":
                field.set_checked(value == "y")
            else:
                field.fill(value)
    page.get_by_role("button", name=button).click()
    page.wait_for_url("**/games/*")
    return page.url


@pytest.fixture
def start_game(page, live_server):
    """Start a game through the new-game page of the test's ``page``; return the table page's URL."""

    def start(key: str, players: list[str], options: dict[str, str] | None = None) -> str:
        return start_game_on(page, live_server, key, players, options)

    return start


@pytest.fixture
def french_page(browser):
    """A French phone: the browser's language is French; a script error fails the test."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors
