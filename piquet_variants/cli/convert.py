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
from ..render import json_text
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
    """Turn a notation file into a JSON record, or a JSON record into notation.

    The JSON written validates against the record schema and reads back as the
    same record; notation is written canonically, comments kept in place.
    """
    from ..schemas import validate

    doc = load_deals(source)
    if _target_for(source, output, to) == "json":
        problems = validate(doc, "record")
        if problems:
            raise RecordError(problems)
        text = json_text(doc.data) + "\n"
    else:
        from ..notation.writer import write
        text = write(doc.data)
    if output is None:
        typer.echo(text, nl=False)
    else:
        _write_whole(output, text)
