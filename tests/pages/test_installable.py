"""What makes the app installable, through the test client: manifest, icons, service worker."""
from __future__ import annotations

import re


def test_the_manifest_names_the_app_and_its_icons(client):
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200 and answer.mimetype == "application/manifest+json"
    manifest = answer.get_json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as got:
            assert got.status_code == 200
    assert 'rel="manifest"' in client.get("/").get_data(as_text=True)


def test_the_service_worker_is_served_from_the_root_and_names_only_files_that_exist(client):
    with client.get("/sw.js") as answer:
        assert answer.status_code == 200 and "javascript" in answer.mimetype
        assert answer.headers["Cache-Control"] == "no-cache"
        paths = re.findall(r'"(/static/[^"]+)"', answer.get_data(as_text=True))
    assert paths
    for path in paths:
        with client.get(path) as got:
            assert got.status_code == 200, path

