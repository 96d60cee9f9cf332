"""The Python API for those who script their corpus: read records, write them, replay them.

python-chess's PGN module is the model: ``read`` yields each record of a file
(as ``read_game`` reads each game), ``write`` writes records back in the
canonical notation, ``replay`` re-scores a record under a ruleset and checks
every figure it gives, and a ``Visitor`` (or ``Record.events()``) walks a
record's events.  ``docs/api.md`` shows each with an example.

    import piquet_variants as pv
    for record in pv.read("docs/deals/rubicon-partie.piquet"):
        result = pv.replay(record, "marquoir")
        print(result.partie.points_won, [m["at"] for m in result.mismatches])
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .engine.record import Replay, load_records, records_of, replay as replay_located
from .errors import RecordError, UnknownRuleset, echo
from .located import LoadFailure, Located, load_text, read_source
from .notation.events import Event, Visitor, walk
from .notation.writer import write_all
from .ruleset.compiler import compile_path, load_ruleset
from .ruleset.model import Rules, Ruleset

__all__ = ["Event", "Record", "Replay", "Visitor", "get_ruleset", "load", "load_string", "read", "replay", "write",
           "write_json"]

Format = Literal["notation", "json"]


@dataclass(frozen=True, eq=False)
class Record:
    """One deal or partie, as recorded: the ``piquet-record/1`` data and where each value was written.

    Two records are equal when their data are: ``read(write(r)) == r``,
    wherever each was written.
    """

    located: Located

    @property
    def data(self) -> dict[str, Any]:
        """The record as the JSON format holds it (``piquet_variants/schemas/record.schema.json``)."""
        return self.located.data

    @property
    def file(self) -> str:
        return self.located.file

    @property
    def line(self) -> int:
        """The line where the record's first deal begins."""
        return self.located.where(("deals", 0))[0]

    def events(self) -> Iterator[Event]:
        """The record's events in the order the table sees them, comments in place."""
        return walk(self.data)

    def accept(self, visitor: Visitor) -> Any:
        """Walk the record with ``visitor``, and return its ``result()``."""
        return visitor.visit_record(self.data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.data == other.data

    def __hash__(self) -> int:
        return id(self)


def load(path: Path | str) -> list[Located | RecordError]:
    """Every record of a file, in order, each read or the error that spoils it.

    JSON (``.json``, one record or an array of them) or the notation (any other file).
    """
    if Path(path).suffix.lower() == ".json":
        return load_records(path)
    from .notation.reader import read_file_records  # the notation's parser, and Lark, only for notation
    return list(read_file_records(path))


def load_string(text: str, name: str = "<text>", fmt: Format | None = None) -> list[Located | RecordError]:
    """Every record of a text, as ``load`` gives a file's: JSON if ``fmt`` says so or the text is JSON, else notation."""
    if fmt == "json" or (fmt is None and text.lstrip()[:1] in ("{", "[") and _is_json(text)):
        try:
            return records_of(load_text(text, name))
        except LoadFailure as exc:
            return [RecordError([exc.problem])]
    from .notation.reader import read_records
    return list(read_records(text, name))


def _is_json(text: str) -> bool:
    """Whether a text that opens with a bracket is JSON (``[`` also opens a notation tag); JSON nested too deep
    for ``json`` to read is JSON all the same, and ``load_text`` refuses it at its place."""
    try:
        json.loads(text)
    except RecursionError:
        return True
    except ValueError:
        return False
    return True


def read(source: str | Path, *, fmt: Format | None = None,
         on_error: Callable[[RecordError], None] | None = None) -> Iterator[Record]:
    """Each record of a file (a ``Path``, or a ``str`` naming one) or of a text (any other ``str``).

    Notation or JSON: a file by its extension, a text by whether it is JSON,
    unless ``fmt`` says.  A bad record raises its ``RecordError`` (a
    ``NotationError`` for the notation), with every problem found in it and
    positioned, after the good records before it were yielded; with
    ``on_error``, it is handed the error instead and the next record is read.
    """
    if isinstance(source, Path) or ("\n" not in source and (Path(source).is_file() or Path(source).suffix.lower()
                                                           in (".piquet", ".json"))):
        results = load(source) if fmt is None else load_string(read_source(source), str(source), fmt)
    else:
        results = load_string(source, "<text>", fmt)
    for result in results:
        if isinstance(result, RecordError):
            if on_error is None:
                raise result
            on_error(result)
        else:
            yield Record(result)


def _data(records: Record | dict[str, Any] | Iterable[Record | dict[str, Any]]) -> list[dict[str, Any]]:
    if isinstance(records, (Record, dict)):
        records = [records]
    return [r.data if isinstance(r, Record) else r for r in records]


def write(records: Record | dict[str, Any] | Iterable[Record | dict[str, Any]]) -> str:
    """Records in the canonical notation, one after another; comments are written where they stood."""
    return write_all(_data(records))


def write_json(records: Record | dict[str, Any] | Iterable[Record | dict[str, Any]]) -> str:
    """Records as JSON: one record as an object, several as an array (each validates against the record schema)."""
    data = _data(records)
    text = json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=2) + "\n"
    return _YAML_REFUSES.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


# Characters JSON may hold raw but YAML, whose loader reads JSON records with their positions, refuses
# (controls) or reads as line breaks inside a string (NEL, the line and paragraph separators).
_YAML_REFUSES = re.compile("[\x7f-\x9f\u2028\u2029\ufffe\uffff]")


def get_ruleset(ref: str | Path | Ruleset, options: Iterable[tuple[str, str]] = (),
                base: Path | None = None) -> Ruleset:
    """A ruleset by id (the first on the search path: ``--rulesets``, ``PIQUET_VARIANTS_PATH``, the shipped ones),
    or a ruleset file by path (anything ending in .yaml, found from ``base`` where given), with options chosen."""
    if isinstance(ref, Ruleset):
        return ref
    if isinstance(ref, Path) or ref.endswith((".yaml", ".yml")):
        path = base / ref if base is not None else Path(ref)
        if not _is_file(path):
            raise UnknownRuleset(f"no ruleset file {echo(str(path))}")
        return compile_path(path, tuple(options))
    return load_ruleset(ref, tuple(sorted(options)))


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL in it
        return False


def replay(record: Record | Located, rules: str | Path | Ruleset | Rules | None = None,
           options: Iterable[tuple[str, str]] = ()) -> Replay:
    """Re-score a record under a ruleset (default: the record's own, with its options) and check its figures.

    The result has each deal's scores (``deals[i].score.by``, ``.totals``),
    every figure the record gives as checked (``checks``), those the engine
    disagrees with (``mismatches``) and the partie's result (``partie``).
    A record the rules cannot replay (a revoke, an impossible discard) raises
    ``RecordError`` at its line.
    """
    doc = record.located if isinstance(record, Record) else record
    base = None
    if rules is None:  # the record's own, a file named from the record's folder
        rules, base = doc.data.get("ruleset", "modern-fr"), Path(doc.file).parent
        options = tuple(doc.data.get("options", {}).items()) + tuple(options)
    if not isinstance(rules, Rules):
        rules = get_ruleset(rules, options, base).rules
    return replay_located(doc, rules)
