"""``piquet-variants convert``: traditional notation to JSON records, and back.

The whole input is read and the whole output built before anything is
written, and a file is replaced in one rename, so a bad input never leaves a
half-written output behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from ..errors import OutputError, RecordError
from ..files import replace_whole
from ..located import Located
from .common import load_deals

Target = Literal["json", "notation"]


def _write_whole(path: Path, text: str) -> None:
    try:
        replace_whole(path, text.encode("utf-8"))
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror}") from None


def _target_for(source: Path, output: Path | None, to: Target | None) -> Target:
    if to is not None:
        return to
    if output is not None and output.suffix.lower() in (".json", ".piquet"):
        return "json" if output.suffix.lower() == ".json" else "notation"
    return "notation" if source.suffix.lower() == ".json" else "json"


def convert_command(
        source: Annotated[Path, typer.Argument(metavar="FILE", help="A record: notation (.piquet) or JSON (.json).")],
        output: Annotated[Path | None, typer.Option(
            "--output", "-O", help="Write here (replaced whole, only once the record has been read); "
                                   "default: stdout.")] = None,
        to: Annotated[Target | None, typer.Option(
            "--to", help="json or notation; default: from --output's extension, else the other format.")] = None,
) -> None:
    """Turn a notation file into JSON records, or JSON records into notation.

    A file of several records gives a JSON array of them (one record, a JSON
    object), or notation with each record after its own tags.  The JSON
    written validates against the record schema and reads back as the same
    records; notation is written canonically, comments kept in place.  Every
    problem in every record is reported, and nothing is written.
    """
    from ..api import write, write_json

    records = load_deals(source)
    problems = [p for r in records if isinstance(r, RecordError) for p in r.problems]
    if problems:
        raise RecordError(problems)
    docs = [r for r in records if isinstance(r, Located)]
    if _target_for(source, output, to) == "json":
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
