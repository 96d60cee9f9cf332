"""``piquet-variants convert``: traditional notation to JSON records, and back.

The whole input is read and the whole output built before anything is
written, and a file is replaced in one rename, so a bad input never leaves a
half-written output behind.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Literal

import typer

from ..errors import OutputError, PiquetError, RecordError
from ..examples import PREFIX, resolve
from ..files import replace_whole
from ..render import json_text
from .common import STDIN, load_deals

Target = Literal["json", "notation"]


def _write_whole(path: Path, text: str) -> None:
    try:
        replace_whole(path, text.encode("utf-8"))
    except OSError as exc:
        raise OutputError(f"{path}: cannot write: {exc.strerror}") from None


def _target_for(from_json: bool, output: Path | None) -> Target:
    if output is not None and output.suffix.lower() in (".json", ".piquet"):
        return "json" if output.suffix.lower() == ".json" else "notation"
    return "notation" if from_json else "json"


def _same_file(source: str, output: Path) -> bool:
    if source == STDIN or not output.exists():
        return False
    try:
        return os.path.samefile(resolve(source), output)
    except (OSError, PiquetError):
        return False


def convert_command(
        source: Annotated[str, typer.Argument(metavar="FILE", help="A record: notation (.piquet) or JSON (.json), "
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
) -> None:
    """Turn a notation file into a JSON record, or a JSON record into notation.

    The JSON written validates against the record schema and reads back as the
    same record; notation is written canonically, comments kept in place.
    """
    from ..schemas import validate

    if in_place:
        if source == STDIN or source.startswith(PREFIX):
            raise typer.BadParameter("only a file of your own can be rewritten in place", param_hint="--in-place")
        if output is not None and not _same_file(source, output):
            raise typer.BadParameter("rewrites FILE itself; give no --output", param_hint="--in-place")
        output = Path(source)
    elif output is not None and _same_file(source, output):
        raise typer.BadParameter(f"{output} is the input FILE; pass --in-place to rewrite it", param_hint="--output")
    doc = load_deals(Path(source))
    from_json = doc.lines is None
    own: Target = "json" if from_json else "notation"
    if (to or (own if in_place else _target_for(from_json, output))) == "json":
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
