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
    passes = [step for step in steps if step.startswith("python -m pytest")]
    assert steps[0] == "npm ci" and len(passes) == 2 and "--db=postgres" not in passes[0]
    assert passes[1].split() == [*passes[0].split(), "--db=postgres"]  # the same run, on PostgreSQL
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^npm ci\b", ci, re.M)
    assert " && ".join(steps[1:]) in ci  # the install and both passes, word for word
