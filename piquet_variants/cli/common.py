"""Options every command shares, and how a ruleset is named on the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import PiquetError, RecordError
from ..located import Located
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


def load_deals(path: Path) -> list[Located | RecordError]:
    """Every record of a file, JSON (``.json``) or the traditional notation (anything else, e.g. ``.piquet``),
    each read or the error that spoils it (``piquet_variants.api.load``).

    The notation's parser (and Lark) is imported only when a notation file is read.
    """
    from ..api import load
    return load(path)


#: Exit statuses from the mildest to the worst: all agree, a book figure disagrees, bad input.
_SEVERITY = (0, 3, 1)


def worst(*statuses: int) -> int:
    """The worst of several exit statuses: bad input (1) over a figure that disagrees (3) over success (0)."""
    return max(statuses, key=_SEVERITY.index, default=0)


def resolve_ruleset(ref: str, options: tuple[tuple[str, str], ...] = ()) -> Ruleset:
    """A shipped ruleset by id, or a ruleset file by path (anything ending in .yaml): ``api.get_ruleset``."""
    from ..api import get_ruleset
    return get_ruleset(ref, options)
