"""``piquet-variants convert``: traditional notation to JSON records, and back.

The whole input is read and the whole output built before anything is
written, and a file is replaced in one rename, so a bad input never leaves a
half-written output behind.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Annotated, Literal

import typer

from ..errors import OutputError, PiquetError, RecordError
from ..examples import PREFIX, resolve
from ..files import check_output_file, replace_whole
from ..located import Located
from . import complete
from ..i18n import t
from .common import STDIN, LangOpt, load_deals

Target = Literal["json", "notation"]


def _write_whole(path: Path, text: str) -> None:
    try:
        replace_whole(path, text.encode("utf-8"))
    except OSError as exc:
        why = "a pipe that nothing reads from" if exc.errno == errno.ENXIO else exc.strerror
        raise OutputError(f"{path}: cannot write: {why}") from None


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
        lang: LangOpt = "en",
) -> None:
    """Turn a notation file into JSON records, or JSON records into notation.

    A file of several records gives a JSON array of them (one record, a JSON
    object), or notation with each record after its own tags.  The JSON
    written validates against the record schema and reads back as the same
    records; notation is written canonically, comments kept in place.  Every
    problem in every record is reported, and nothing is written.
    """
    from ..api import write, write_json

    if in_place:
        if source == STDIN or source.startswith(PREFIX):
            raise typer.BadParameter(t("only a file of your own can be rewritten in place", lang),
                                     param_hint="--in-place")
        if output is not None and not _same_file(source, output):
            raise typer.BadParameter(t("rewrites FILE itself; give no --output", lang), param_hint="--in-place")
        output = Path(source)
    elif output is not None and _same_file(source, output):
        raise typer.BadParameter(t("{output} is the input FILE; pass --in-place to rewrite it", lang).format(
            output=output), param_hint="--output")
    if output is not None:
        check_output_file(output)  # before any reading: a file the user could not write with > is refused
    records = load_deals(Path(source))
    problems = [p for r in records if isinstance(r, RecordError) for p in r.problems]
    if problems:
        raise RecordError(problems)
    docs = [r for r in records if isinstance(r, Located)]
    from_json = bool(docs) and docs[0].lines is None
    own: Target = "json" if from_json else "notation"
    if (to or (own if in_place else _target_for(from_json, output))) == "json":
        from ..schemas import validate
        problems = [p for d in docs for p in validate(d, "record")]
        if problems:
            raise RecordError(problems)
        text = write_json([d.data for d in docs])
    else:
        text = write([d.data for d in docs])
    if output is None:
        typer.echo(text, nl=False)
    else:
        _write_whole(output, text)
