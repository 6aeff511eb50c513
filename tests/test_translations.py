"""Every user-facing string can be extracted for translation (Flask-Babel), from rules and templates alike."""
from __future__ import annotations

from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]


def test_messages_extract_from_rules_views_and_templates(tmp_path):
    pot = tmp_path / "messages.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", str(ROOT / "scorekeeper" / "babel.cfg"),
                                "-k", "N_", "-k", "_l", "-o", str(pot), str(ROOT)])
    with pot.open("rb") as f:
        catalog = read_po(f)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
    assert "a layout has %(layout)s cards; this one has %(got)s" in ids  # rules (N_)
    assert "Start the game" in ids                                      # templates
    assert "Golf" in ids and "Hole" in ids                              # game specs
    assert any("Ace" in i for i in ids)                                 # handbook pages
