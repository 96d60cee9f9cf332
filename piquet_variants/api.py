"""The Python API for those who script their corpus: read records, write them, replay them.

python-chess's PGN module is the model: ``read`` yields each record of a file
(as ``read_game`` reads each game), ``write`` writes records back in the
canonical notation, ``replay`` re-scores a record under a ruleset and checks
every figure it gives, and a ``Visitor`` (or ``Record.events()``) walks a
record's events.  ``docs/api.md`` shows each with an example.

    import piquet_variants as pv
    for record in pv.read("example:rubicon-partie"):
        result = pv.replay(record, "marquoir")
        print(result.partie.points_won, [m.at.label for m in result.mismatches])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TextIO, Union

from .engine.record import Replay, replay as replay_typed
from .errors import PiquetError, Problem, RecordError, RulesetError, UnknownRuleset, echo, echo_name
from .examples import PREFIX as EXAMPLE, path as example_path
from .files import quietly
from .located import MAX_RECORDS_BYTES, LoadFailure, Located, load_file, read_source
from .notation.events import RecordEvent, Visitor, walk
from .notation.writer import write_all
from .records.json_reader import json_records
from .records.model import Record as TypedRecord, data_of, record_of
from .ruleset.compiler import compile_path, load_ruleset
from .ruleset.model import Rules, Ruleset
from .schemas import validate

__all__ = ["PiquetError", "Record", "RecordEvent", "Replay", "Visitor", "get_ruleset", "load", "load_string", "read",
           "replay", "write", "write_json"]

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

    @property
    def model(self) -> TypedRecord:
        """The record as typed values (``piquet_variants.records.model``): deals, claims, checkpoints."""
        return record_of(self.data)

    def events(self) -> Iterator[RecordEvent]:
        """The record's events in the order the table sees them, comments in place, each with its typed part of
        the record (``piquet_variants.records.model``)."""
        return walk(self.model)

    def accept(self, visitor: Visitor) -> Any:
        """Walk the record with ``visitor``, and return its ``result()``."""
        return visitor.visit_record(self.model)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.data == other.data

    def __hash__(self) -> int:
        """By the data, as equality is: two equal records are one member of a set."""
        return hash(json.dumps(self.data, sort_keys=True))


def load(path: Path | str) -> list[Located | RecordError]:
    """Every record of a file, in order, each read or the error that spoils it.

    JSON (``.json``, one record or an array of them) or the notation (any other file).
    """
    return list(_file_records(path, None))


def load_string(text: str, name: str = "<text>", fmt: Format | None = None) -> list[Located | RecordError]:
    """Every record of a text, as ``load`` gives a file's: JSON if ``fmt`` says so or the text is JSON, else notation."""
    return list(_text_records(text, name, fmt))


def _file_records(path: Path | str, fmt: Format | None) -> Iterator[Located | RecordError]:
    """Each record of a file as it is read: JSON by ``fmt`` or the ``.json`` suffix, else the notation."""
    if (fmt or ("json" if Path(path).suffix.lower() == ".json" else "notation")) == "json":
        try:
            text = read_source(path, MAX_RECORDS_BYTES)
        except LoadFailure as exc:
            yield RecordError([exc.problem])
            return
        yield from json_records(text, str(path))
        return
    from .notation.reader import iter_file_records  # the notation's parser, and Lark, only for notation
    yield from iter_file_records(path)


def _text_records(text: str, name: str, fmt: Format | None) -> Iterator[Located | RecordError]:
    if fmt == "json" or (fmt is None and text.lstrip()[:1] in ("{", "[") and _is_json(text)):
        return json_records(text, name)
    from .notation.reader import iter_text_records
    return iter_text_records(text, name)


def _is_json(text: str) -> bool:
    """Whether a text that opens with a bracket is JSON (``[`` also opens a notation tag); JSON nested too deep
    for ``json`` to read is JSON all the same, and the JSON reader refuses it at its place."""
    try:
        json.loads(text)
    except RecursionError:
        return True
    except ValueError:
        return False
    return True


def read(source: str | Path | TextIO, *, fmt: Format | None = None,
         on_error: Callable[[RecordError], None] | None = None) -> Iterator[Record]:
    """Each record of a file, a shipped example, a text or an open text handle.

    A ``Path`` is a file; a ``str`` is the file it names where it is one line
    naming a file that is there, or ending in ``.piquet`` or ``.json``;
    ``example:NAME`` is a shipped example; any other ``str`` is the records'
    text itself; a handle (anything with ``read``) is read to its end.
    Notation or JSON: a file by its extension, a text by whether it is JSON,
    unless ``fmt`` says.  A bad record raises its ``RecordError`` (a
    ``NotationError`` for the notation), with every problem found in it and
    positioned, after the good records before it were yielded; with
    ``on_error``, it is handed the error instead and the next record is read.
    """
    for result in _results(source, fmt):
        if isinstance(result, RecordError):
            if on_error is None:
                raise result
            on_error(result)
        else:
            yield Record(result)


def _results(source: str | Path | TextIO, fmt: Format | None) -> Iterator[Located | RecordError]:
    """What ``read`` reads: a file, an example, a handle's text or a text."""
    if not isinstance(source, (str, Path)):
        text = source.read(MAX_RECORDS_BYTES + 1)
        if len(text) > MAX_RECORDS_BYTES:
            return iter([RecordError([Problem(_name(source), 1, 1, "", f"more than {MAX_RECORDS_BYTES} characters "
                                                                       "to read")])])
        return _text_records(text, _name(source), fmt)
    if isinstance(source, str) and source.startswith(EXAMPLE) and "\n" not in source:
        source = example_path(source[len(EXAMPLE):])
    if isinstance(source, str) and not _names_a_file(source):
        return _text_records(source, "<text>", fmt)
    return _file_records(source, fmt)


def _name(handle: TextIO) -> str:
    name = getattr(handle, "name", None)
    return name if isinstance(name, str) else "<stream>"


def _names_a_file(text: str) -> bool:
    """Whether a ``str`` given to ``read`` names a file: never a text of several lines, nor one too long or odd
    for a file name (it is read as the records' text)."""
    return "\n" not in text and (quietly(Path.is_file, Path(text)) or Path(text).suffix.lower() in (".piquet", ".json"))


#: What the writers take: a record as read, a typed record (``Record.model``, or one made in code), or its data.
Writable = Union[Record, TypedRecord, dict[str, Any]]


def _data(records: Writable | Iterable[Writable]) -> list[dict[str, Any]]:
    """The records' data; a dict or a typed record is checked against the record schema first (``RecordError`` with
    its problems), as the reader checks what it reads, so that no writer meets a value of the wrong type."""
    if isinstance(records, (Record, TypedRecord, dict)):
        records = [records]
    out = []
    for i, r in enumerate(records):
        if isinstance(r, Record):
            out.append(r.data)
            continue
        if isinstance(r, TypedRecord):  # made in code, perhaps: checked as its data would be
            r = data_of(r)
        if not isinstance(r, dict):
            raise RecordError([Located(f"<record {i + 1}>", r).problem((), f"{echo(r)} is not a record")])
        problems = validate(Located(f"<record {i + 1}>", r), "record")
        if problems:
            raise RecordError(problems)
        out.append(r)
    return out


def write(records: Writable | Iterable[Writable]) -> str:
    """Records in the canonical notation, one after another; comments are written where they stood."""
    return write_all(record_of(data) for data in _data(records))


def write_json(records: Writable | Iterable[Writable]) -> str:
    """Records as JSON: one record as an object, several as an array (each validates against the record schema)."""
    data = _data(records)
    return json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=2) + "\n"


def get_ruleset(ref: str | Path | Ruleset, options: Iterable[tuple[str, str]] = (),
                base: Path | None = None) -> Ruleset:
    """A ruleset by id (the first on the search path: ``--rulesets``, ``PIQUET_VARIANTS_PATH``, the shipped ones),
    or a ruleset file by path (anything ending in .yaml, found from ``base`` where given), with options chosen."""
    if isinstance(ref, Ruleset):
        return ref
    if isinstance(ref, Path) or ref.endswith((".yaml", ".yml")):
        if base is not None:
            return _beside(base, str(ref), tuple(options))
        path = Path(ref)
        if not _is_file(path):
            raise UnknownRuleset(f"no ruleset file {echo_name(str(path))}")
        return compile_path(path, tuple(options))
    return load_ruleset(ref, tuple(sorted(options)))


def _beside(folder: Path, name: str, options: tuple[tuple[str, str], ...]) -> Ruleset:
    """The ruleset file a record names: a file of the record's own folder, and nothing else (no other folder, no
    link out of it); a YAML file there that is not a ruleset is said to be so, its content not echoed."""
    path = folder / name
    inside = Path(name).name == name and name not in (".", "..") and _is_file(path)
    if inside:
        try:
            inside = path.resolve().parent == folder.resolve()
        except (OSError, RuntimeError):  # a loop of links
            inside = False
    if not inside:
        raise UnknownRuleset(f"no ruleset file {echo_name(name)} in the record's own folder (a record names a ruleset "
                             "id, or a .yaml file beside it)")
    try:
        return compile_path(path, options)
    except RulesetError:
        if not _looks_like_a_ruleset(path):
            raise UnknownRuleset(f"{echo_name(name)} is not a ruleset file (it has no id and title)") from None
        raise


def _looks_like_a_ruleset(path: Path) -> bool:
    try:
        data = load_file(path).data
    except LoadFailure:
        return False
    return isinstance(data, dict) and isinstance(data.get("id"), str) and "title" in data


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL in it
        return False


def replay(record: Record | TypedRecord | Located, rules: str | Path | Ruleset | Rules | None = None,
           options: Iterable[tuple[str, str]] = ()) -> Replay:
    """Re-score a record under a ruleset (default: the record's own, with its options) and check its figures.

    The result has each deal's scores (``deals[i].score.by``, ``.totals``),
    every figure the record gives as checked (``checks``), those the engine
    disagrees with (``mismatches``) and the partie's result (``partie``).
    A record the rules cannot replay (a revoke, an impossible discard) raises
    ``RecordError`` at its line; a typed record made in code is checked as a
    record's data would be, and its problems are placed at ``<record>``.
    """
    if isinstance(record, TypedRecord):
        doc = Located("<record>", _data(record)[0])
    else:
        doc = record.located if isinstance(record, Record) else record
    if rules is None:  # the record's own, a file named from the record's folder; a fault of it is at its line
        own = tuple(doc.data.get("options", {}).items()) + tuple(options)
        try:
            rules = get_ruleset(doc.data.get("ruleset", "modern-fr"), own, Path(doc.file).parent).rules
        except UnknownRuleset as exc:
            raise RecordError([doc.problem(("ruleset",), str(exc))]) from None
    elif not isinstance(rules, Rules):
        rules = get_ruleset(rules, options).rules
    return replay_typed(record_of(doc.data), rules, doc)
