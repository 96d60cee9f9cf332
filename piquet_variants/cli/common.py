"""Options every command shares, and how a ruleset is named on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import PiquetError
from ..located import Located
from ..ruleset.compiler import compile_path, load_ruleset
from ..ruleset.model import Ruleset
from ..render import Format
from ..i18n import Lang

FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="Output format: table, json or markdown.")]
LangOpt = Annotated[Lang, typer.Option("--lang", "-l", help="Language of labels and names: en or fr.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=CHOICE", help="Choose a ruleset option, e.g. end=race-100 (repeatable).")]


class BadOption(PiquetError):
    """A --option that is not NAME=CHOICE."""


def parse_options(raw: list[str] | None) -> tuple[tuple[str, str], ...]:
    out = []
    for item in raw or ():
        name, sep, choice = item.partition("=")
        if not sep or not name or not choice:
            raise BadOption(f"--option {item!r}: expected NAME=CHOICE, for example end=race-100")
        out.append((name.strip(), choice.strip()))
    return tuple(out)


def load_deals(path: Path) -> Located:
    """A record file: JSON (``.json``) or the traditional notation (anything else, e.g. ``.piquet``).

    The notation's parser (and Lark) is imported only when a notation file is read.
    """
    if path.suffix.lower() == ".json":
        from ..engine.record import load_record
        return load_record(path)
    from ..notation.reader import read_file
    return read_file(path)


def resolve_ruleset(ref: str, options: tuple[tuple[str, str], ...] = (), base: Path | None = None) -> Ruleset:
    """A ruleset by id (the first on the search path: --rulesets, PIQUET_VARIANTS_PATH, the shipped ones), or a
    ruleset file by path (anything ending in .yaml), relative to ``base`` where given (a record's folder)."""
    if ref.endswith((".yaml", ".yml")):
        return compile_path(base / ref if base is not None else Path(ref), options)
    return load_ruleset(ref, tuple(sorted(options)))
