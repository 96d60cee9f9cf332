"""``piquet-variants convert``: traditional notation to JSON records, and back.

Records stream through: each is read, checked and written before the next
is read, so that a file of any size converts in the memory of one record.
The output is written beside the file it replaces (or, for standard output
and devices, into a temporary file) and put in place in one rename (or
copied) only once every record has been read and checked, so a bad input
never leaves a half-written output behind.
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, BinaryIO, Literal

import typer

from ..errors import OutputError, PiquetError, Problem, RecordError, Word, msg
from ..examples import PREFIX, resolve
from ..files import check_output_file, replacing, system_reason
from . import complete
from ..i18n import Lang, t
from .common import STDIN, each_record, numbered
from .diagnostics import in_language

if TYPE_CHECKING:
    from ..api import Record

Target = Literal["json", "notation"]


@contextmanager
def _output(path: Path | None) -> Iterator[BinaryIO]:
    """Where the converted records are written as they are made: in the end ``path`` (replaced whole, in one
    rename) or standard output, and nothing at all where the conversion fails."""
    try:
        if path is None:
            with tempfile.TemporaryFile() as kept:
                yield kept
                kept.seek(0)
                for text in codecs.iterdecode(iter(lambda: kept.read(1 << 16), b""), "utf-8"):
                    sys.stdout.write(text)
                sys.stdout.flush()
            return
        with replacing(path) as out:
            yield out
    except OSError as exc:
        why = Word("a pipe that nothing reads from") if exc.errno == errno.ENXIO else system_reason(exc)
        raise OutputError(msg("cannot-write-file", "{path}: cannot write: {why}", path=path or "<stdout>",
                              why=why)) from None


def _target_for(from_json: bool, output: Path | None) -> Target:
    if output is not None and output.suffix.lower() in (".json", ".piquet"):
        return "json" if output.suffix.lower() == ".json" else "notation"
    return "notation" if from_json else "json"


def _same_file(source: str, output: Path) -> bool:
    """Whether ``output`` is the input file; not where either cannot be looked at (a name too long for the
    system: the writing then says so)."""
    if source == STDIN:
        return False
    try:
        return os.path.samefile(resolve(source), output)
    except (OSError, PiquetError):
        return False


def convert_command(
        source: Annotated[str, typer.Argument(metavar="FILE", autocompletion=complete.records, help="A record: notation (.piquet) or JSON (.json), "
                                                                   "example:NAME, or - for standard input.")],
        output: Annotated[Path | None, typer.Option(
            "--output", "-O", help="Write here (replaced whole, only once the record has been read, keeping the "
                                   "file's permissions); default: stdout. Never the input, without --in-place."
        )] = None,
        to: Annotated[Target | None, typer.Option(
            "--to", help="json or notation; default: from --output's extension, else the other format "
                         "(with --in-place, the file's own).")] = None,
        in_place: Annotated[bool, typer.Option(
            "--in-place", help="Rewrite FILE itself, e.g. to write its notation canonically.")] = False,
        lang: Annotated[Lang | None, typer.Option(
            "--lang", "-l", help="Language to write the records in (their cards and words), and of messages: en or "
                                 "fr; default: each record's own.", callback=in_language)] = None,
) -> None:
    """Turn a notation file into JSON records, or JSON records into notation, in either language.

    A file of several records gives a JSON array of them (one record, a JSON
    object), or notation with each record after its own tags.  The JSON
    written validates against the record schema and reads back as the same
    records; notation is written canonically, comments kept in place; with
    --lang, in that language (an English record turned into French notation
    reads back as the same record).  Every problem in every record is
    reported, and nothing is written.
    """
    if in_place:
        if source == STDIN or source.startswith(PREFIX):
            raise typer.BadParameter(t("only a file of your own can be rewritten in place", lang or "en"),
                                     param_hint="--in-place")
        if output is not None and not _same_file(source, output):
            raise typer.BadParameter(t("rewrites FILE itself; give no --output", lang or "en"), param_hint="--in-place")
        output = Path(source)
    elif output is not None and _same_file(source, output):
        raise typer.BadParameter(t("{output} is the input FILE; pass --in-place to rewrite it", lang or "en").format(
            output=output), param_hint="--output")
    if output is not None:
        check_output_file(output)  # before any reading: a file the user could not write with > is refused
    problems: list[Problem] = []
    with _output(output) as out:
        target: Target | None = None
        several = False
        for k, alone, doc in numbered(each_record(Path(source))):
            several = not alone
            if isinstance(doc, RecordError):
                problems += doc.problems
                continue
            if target is None:  # the first record's format says the other's
                from_json = doc.located.lines is None
                own: Target = "json" if from_json else "notation"
                target = to or (own if in_place else _target_for(from_json, output))
            if problems:  # a record bad already: every record is still checked, and nothing written
                problems += _checked(doc, target)
                continue
            try:
                out.write(_converted(doc, target, k, alone, lang).encode("utf-8"))
            except RecordError as exc:
                problems += exc.problems
        if problems:
            raise RecordError(problems)
        out.write(("\n]\n" if target == "json" and several else "").encode("utf-8"))


def _converted(doc: Record, target: Target, k: int, alone: bool, lang: Lang | None) -> str:
    """One record in the target format and in ``lang`` (None: its own), as it stands in the whole: JSON an object
    alone, or an item of the array of several records; notation after a blank line from the record before."""
    from ..api import write, write_json

    if target == "notation":
        return ("\n" if k > 1 else "") + write(doc, lang)
    problems = _checked(doc, target)
    if problems:
        raise RecordError(problems)
    text = write_json(doc, lang)
    if alone:
        return text
    return ("[" if k == 1 else ",") + "\n" + "\n".join("  " + line for line in text.rstrip("\n").split("\n"))


def _checked(doc: Record, target: Target) -> list[Problem]:
    """A record's problems in the target format: JSON is held to the record schema."""
    if target == "notation":
        return []
    from ..schemas import validate
    return validate(replace(doc.located, data=doc.data), "record")
