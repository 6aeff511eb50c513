"""Lighthouse (mobile) on the home, new-game, table and spectator pages, and the table page's weight.

    python bench/lighthouse.py                 # starts the app on a fresh SQLite file, on loopback
    python bench/lighthouse.py --url http://127.0.0.1:5000 --json

Targets (issue 8): Performance >= 95, Accessibility 100, Best Practices 100 on each page; the table page
with all its CSS, JS and icons at most 60 KB compressed. It runs ``npx lighthouse@12`` (Node and npm
installed; npx fetches it from the npm registry on the first run) against Debian's Chromium
(CHROME_PATH, /usr/bin/chromium by default). These are figures to read, not timed tests; the page weight
is also held by tests/pages/test_page_weight.py.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CATEGORIES = ("performance", "accessibility", "best-practices")
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100}
WEIGHT_LIMIT = 60 * 1024
ASSET = re.compile(r'(?:href|src)="(/[^"?]+\.(?:css|js|svg|png|webmanifest)(?:\?[^"]*)?)"')  # with its ?v= hash


def serve() -> str:
    """Start the app on a free loopback port with a fresh SQLite database; return its address."""
    from werkzeug.serving import make_server

    from scorekeeper import create_app
    from scorekeeper.extensions import db
    from flask_migrate import upgrade

    folder = tempfile.mkdtemp(prefix="scorekeeper-lighthouse-")
    app = create_app({"SECRET_KEY": "lighthouse", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/db.sqlite",
                      "RATELIMIT_ENABLED": False})
    with app.app_context():
        upgrade(directory=str(ROOT / "migrations"))
        db.session.remove()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"


def post_json(url: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def pages(base: str) -> dict[str, str]:
    """Start a game of Golf with two holes played; return the pages to measure by name."""
    game = post_json(f"{base}/api/games", {"game": "golf", "players": ["Ann", "Bob", "Cy", "Di"]})
    for scores in ([7, 12, 3, 9], [4, 0, 11, 6]):
        post_json(f"{base}/api/games/{game['id']}/rounds", {"data": {"players": [{"score": s} for s in scores]}},
                  game["token"])
    return {"home": f"{base}/", "new-game": f"{base}/new/golf",
            "table": f"{base}/games/{game['id']}/edit/{game['token']}",
            "spectator": f"{base}/games/{game['id']}"}


def lighthouse(url: str) -> dict[str, int]:
    """Run Lighthouse (mobile) on one page; return each category's score out of 100."""
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run(["npx", "--yes", "lighthouse@12", url, "--quiet", "--output=json",
                        f"--output-path={report}", "--form-factor=mobile",
                        f"--only-categories={','.join(CATEGORIES)}",
                        "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                       check=True, env=env, timeout=300)
        found = json.loads(report.read_text())
    return {name: round((found["categories"][name]["score"] or 0) * 100) for name in CATEGORIES}


def page_weight(url: str) -> dict[str, int]:
    """Weigh a page and every CSS, JS, image and manifest it links, each gzip-compressed (-9): bytes by path."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # an edit link sets a cookie
    with opener.open(url) as answer:
        html = answer.read()
    weights = {"(page)": len(gzip.compress(html, 9))}
    for path in sorted(set(ASSET.findall(html.decode()))):
        with opener.open(urljoin(url, path)) as answer:
            weights[path.partition("?")[0]] = len(gzip.compress(answer.read(), 9))
    return weights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running server (else one is started on loopback)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-lighthouse", action="store_true", help="weigh the table page only")
    args = parser.parse_args()
    base = args.url.rstrip("/") if args.url else serve()
    urls = pages(base)
    weights = page_weight(urls["table"])
    scores = {} if args.no_lighthouse else {name: lighthouse(url) for name, url in urls.items()}
    total = sum(weights.values())
    if args.json:
        print(json.dumps({"scores": scores, "table_weight": weights, "table_weight_total": total}, indent=2))
    else:
        for name, found in scores.items():
            marks = "  ".join(f"{c} {v}{'' if v >= TARGETS[c] else ' (below ' + str(TARGETS[c]) + ')'}"
                              for c, v in found.items())
            print(f"{name:10} {marks}")
        print(f"table page, compressed: {total / 1024:.1f} KB (limit {WEIGHT_LIMIT // 1024} KB)")
        for path, size in sorted(weights.items(), key=lambda item: -item[1]):
            print(f"  {size / 1024:6.1f} KB  {path}")
    met = total <= WEIGHT_LIMIT and all(v >= TARGETS[c] for found in scores.values() for c, v in found.items())
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
