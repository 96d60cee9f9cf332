"""The passages behind the citations, in the source texts shipped with the tool (``texts/``, package data).

A locator is read as ``rulesets validate`` reads it (``texts.Transcription.at``): the parts of the text it
names.  Only the texts whose licence allows it are shipped (``texts/README.md``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..errors import PiquetError, echo
from ..located import read_source
from ..resources import data_dir
from .bibliography import Source
from .texts import Transcription, text_files


class NoText(PiquetError):
    """A source whose text is not shipped, or a locator that names no part of it."""


def shipped(s: Source) -> list[Path] | None:
    """The files of the source's text as installed, or None where it is not shipped."""
    return text_files(s, data_dir("texts"))


@cache
def _read(path: Path) -> Transcription:
    return Transcription(read_source(path))


def passage(s: Source, locator: str | None) -> str:
    """The shipped text of ``s``, whole or at ``locator``."""
    files = shipped(s)
    if files is None:
        raise NoText(f"the text of {s.id} is not shipped with the tool (licence: {s.licence or 'unknown'})")
    texts = [_read(f) for f in files]
    if locator is None:
        return "\n".join(t.text for t in texts).strip()
    found = [part for t in texts if (part := t.at(locator)) is not None]
    if not found:
        raise NoText(f"{echo(locator)} names no part of the text of {s.id}")
    return "\n".join(found).strip()
