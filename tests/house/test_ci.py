"""CI runs the test command the README gives, so what a developer runs is what CI times."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Run the tests", 1)[1]
    command = re.search(r"^    (npm ci && .+)$", section, re.M).group(1)
    steps = [step.strip() for step in command.split("&&")]
    runs = [step for step in steps if step.startswith("python -m pytest")]
    assert steps[0] == "npm ci" and len(runs) == 1 and "--db=both" in runs[0].split()  # SQLite, then PostgreSQL
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^npm ci\b", ci, re.M)
    assert " && ".join(steps[1:]) in ci  # the install and the run, word for word
