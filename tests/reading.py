"""The notation read as the tests check it, through the notation's one reader (``notation.reader.records``): every
record of a text, each read (as the API's ``Record``: its typed values, its data when asked, and its places) or the
problems that spoil it; or a text's one record, its problems raised."""

from __future__ import annotations

from pathlib import Path

from piquet_variants.api import Record
from piquet_variants.errors import NotationError, Problem, msg
from piquet_variants.notation.reader import records


def read_records(text: str, name: str = "<text>") -> list[Record | NotationError]:
    return [r if isinstance(r, NotationError) else Record(r.located, r.record) for r in records([text], name)]


def read_text(text: str, name: str = "<text>") -> Record:
    """The one record of a notation text, or ``NotationError`` with every problem found (and where a second record
    begins, if there is one)."""
    results = read_records(text, name)
    problems = [p for r in results if isinstance(r, NotationError) for p in r.problems]
    if problems:
        raise NotationError(problems)
    first, *more = results
    if more:
        line, column = more[0].located.where(("deals", 0))  # type: ignore[union-attr]
        raise NotationError([Problem(name, line, column, "", msg("test-records", "this text holds {count} records, "
                                                                 "where one was expected", count=len(results)))])
    return first  # type: ignore[return-value]


def read_file(path: Path | str) -> Record:
    return read_text(Path(path).read_text("utf-8"), str(path))
