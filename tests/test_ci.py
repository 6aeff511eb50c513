"""CI runs the test command the README gives, so what a developer runs is what CI times."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Run the tests", 1)[1]
    command = re.search(r"^    (npm ci && .+)$", section, re.M).group(1)
    steps = [step.strip() for step in command.split("&&")]
    assert steps[0] == "npm ci" and "python -m pytest" in steps and "python -m pytest --db=postgres" in steps
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^npm ci\b", ci, re.M)
    assert " && ".join(steps[1:]) in ci  # the install and both passes, word for word
