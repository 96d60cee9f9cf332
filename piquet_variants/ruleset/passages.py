"""The passages behind the citations, in the source texts shipped with the tool (``texts/``, package data).

A locator is read as ``rulesets validate`` reads it (``texts.Transcription.at``): the parts of the text it
names.  Only the texts whose licence allows it are shipped (``texts/README.md``).
"""

from __future__ import annotations

from pathlib import Path

from ..errors import PiquetError, Word, echo, msg
from ..resources import data_dir
from .bibliography import Source
from .texts import text_files, transcriptions


class NoText(PiquetError):
    """A source whose text is not shipped, or a locator that names no part of it."""


def shipped(s: Source) -> list[Path] | None:
    """The files of the source's text as installed, or None where it is not shipped."""
    return text_files(s, data_dir("texts"))


def passage(s: Source, locator: str | None) -> str:
    """The shipped text of ``s``, whole or at ``locator``."""
    texts = transcriptions(s, data_dir("texts"))
    if texts is None:
        raise NoText(msg("text-not-shipped", "the text of {source} is not shipped with the tool (licence: {licence})",
                         source=s.id, licence=s.licence or Word("unknown")))
    if locator is None:
        return "\n".join(t.text for t in texts).strip()
    found = [part for t in texts if (part := t.at(locator)) is not None]
    if not found:
        raise NoText(msg("no-such-part", "{locator} names no part of the text of {source}", locator=echo(locator),
                         source=s.id))
    return "\n".join(found).strip()
