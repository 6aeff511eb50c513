"""The ``flask translate`` commands: keep the catalogues in step with the code (Babel's own tools)."""
from __future__ import annotations

import contextlib
from pathlib import Path

import click
from flask import Flask
from flask.cli import AppGroup

PACKAGE = Path(__file__).resolve().parents[1]  # scorekeeper/, beside its translations
ROOT = PACKAGE.parent
CONFIG = PACKAGE / "babel.cfg"
TEMPLATE = PACKAGE / "translations" / "messages.pot"
CATALOGUES = PACKAGE / "translations"
KEYWORDS = ["N_", "_l", "msg", "nmsg:1,2", "lazy_ngettext:1,2"]  # beside Babel's own: _, gettext, ngettext

translate = AppGroup("translate", help="Extract, update and compile the translations.")


def register(app: Flask) -> None:
    """Add the ``translate`` command group to the app's CLI."""
    app.cli.add_command(translate)


def pybabel(*args: str) -> None:
    """Run one of Babel's commands, as ``pybabel`` would."""
    from babel.messages.frontend import CommandLineInterface  # only the CLI pays for it

    CommandLineInterface().run(["pybabel", "-q", *args])


def extract(template: Path = TEMPLATE) -> None:
    """Write every marked string of the code and templates to the catalogue template."""
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    with contextlib.chdir(ROOT):  # the catalogue names files from the top of the repository
        pybabel("extract", "-F", str(CONFIG), *keywords, "--no-location", "--sort-output", "--no-wrap", "--project", "Scorekeeper",
                "-o", str(template), "scorekeeper", "templates")


@translate.command("init")
@click.argument("language")
def init_command(language: str) -> None:
    """Start a catalogue for a new language."""
    extract()
    pybabel("init", "-i", str(TEMPLATE), "-d", str(CATALOGUES), "-l", language)


@translate.command("update")
def update_command() -> None:
    """Extract the strings again and merge them into every catalogue."""
    extract()
    pybabel("update", "--no-fuzzy-matching", "--ignore-obsolete", "--no-wrap", "-i", str(TEMPLATE), "-d", str(CATALOGUES))


@translate.command("compile")
def compile_command() -> None:
    """Compile every catalogue for the app to read."""
    pybabel("compile", "-d", str(CATALOGUES))
