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

import codecs
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import Any, Literal, Protocol, Union

from .engine.record import Replay, replay as replay_typed
from .errors import PiquetError, Problem, RecordError, RulesetError, UnknownRuleset, Word, echo, echo_name, msg
from .examples import PREFIX as EXAMPLE, path as example_path
from .files import quietly
from .located import MAX_RECORDS_BYTES, LoadFailure, Located, cannot_read, load_file, not_utf8, text_pieces
from .notation.events import RecordEvent, Told, Visitor, walk
from .notation.writer import write_all
from .records.json_reader import (HALF_A_CHARACTER, half_character, half_character_problem, json_records,
                                  lone_surrogate)
from .records.data import data_of, record_of
from .records.model import Comment, Read, TypedRecord
from .ruleset.compiler import compile_path, load_ruleset
from .ruleset.model import Rules, Ruleset
from .schemas import validate

__all__ = ["PiquetError", "Record", "RecordEvent", "Replay", "Visitor", "get_ruleset", "read", "replay", "write",
           "write_json"]

Format = Literal["notation", "json"]
#: The languages a record is written in.
Lang = Literal["en", "fr"]


class Handle(Protocol):
    """What ``read`` reads as a handle: anything with ``read``, giving text or bytes (an open file, ``io.StringIO``,
    ``sys.stdin.buffer``)."""

    def read(self, size: int, /) -> str | bytes: ...


@dataclass(frozen=True, eq=False)
class Record:
    """One deal or partie, as recorded: its typed values and where each was written.

    Two records are equal when their typed records are (``model``): ``read(write(r)) == r``, wherever each was
    written, and whatever its language (the same deal in French and in English notation, or in JSON, is one
    record).
    """

    located: Located
    #: The record as typed values (``piquet_variants.records.model``): deals, claims, checkpoints; built once, as
    #: the record is read.
    model: TypedRecord

    @property
    def data(self) -> dict[str, Any]:
        """The record as the JSON format holds it (``piquet_variants/schemas/record.schema.json``), made from the
        typed record when asked, its keys in the schema's order."""
        return data_of(self.model)

    @property
    def file(self) -> str:
        return self.located.file

    @property
    def line(self) -> int:
        """The line where the record's first deal begins."""
        return self.located.where(("deals", 0))[0]

    def events(self) -> Iterator[RecordEvent]:
        """The record's events in the order the table sees them, comments in place, each with its typed part of
        the record (``piquet_variants.records.model``)."""
        return walk(self.model)

    def accept(self, visitor: Visitor) -> Any:
        """Walk the record with ``visitor``, and return its ``result()``."""
        return visitor.visit_record(self.model)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.model == other.model

    def __hash__(self) -> int:
        """By the typed record, as equality is: two equal records are one member of a set."""
        return hash(self.model)


def read(source: str | Path | bytes | Handle, *, fmt: Format | None = None,
         on_error: Callable[[RecordError], None] | None = None) -> Iterator[Record]:
    """Each record of a file, a shipped example, a text or an open handle, read as it is reached.

    A ``Path`` is a file; a ``str`` is the file it names where it is one line
    naming a file that is there, ``example:NAME`` a shipped example, and any
    other ``str`` the records' text itself; ``bytes`` are a text in UTF-8; a
    handle (anything with ``read``, text or binary) is read in pieces to its
    end.  Notation or JSON: a file by its extension (``.json``), a text by
    whether it opens as JSON does, unless ``fmt`` says.  A bad record raises
    its ``RecordError`` (a ``NotationError`` for the notation), with every
    problem found in it and positioned, after the good records before it were
    yielded; with ``on_error``, it is handed the error instead and the next
    record is read.
    """
    for result in _results(source, fmt):
        if isinstance(result, RecordError):
            if on_error is None:
                raise result
            on_error(result)
        else:
            yield Record(result.located, _comments_in_order(result.record))


def _comments_in_order(record: TypedRecord) -> TypedRecord:
    """The record with its comments listed in the order the writer writes them (each before the statement it was
    written before, the statements in the table's order), as ``read(write(r))`` lists them: a deal written out of
    the usual order (its talon before its hands) keeps each comment at its statement, and reads back equal."""
    if not record.comments and not any(deal.comments for deal in record.deals):
        return record
    written: dict[int, list[Comment]] = {}
    for event in walk(record):
        if event.kind == Told.COMMENT:
            written.setdefault(event.deal, []).append(event.data)
    return replace(record, comments=tuple(written.get(0, ())),
                   deals=tuple(replace(deal, comments=tuple(written.get(n, ()))) if deal.comments else deal
                               for n, deal in enumerate(record.deals, 1)))


#: How much of a handle is read at a time.
_PIECE = 1 << 16
#: How much of a text's opening is read before it is taken for JSON or for notation.
_OPENING = 4096
#: How a JSON text opens: an array of records (or of anything: its depth is then checked at its place), or an
#: object whose first key is quoted, as a notation comment's first word never is followed by ':'.  An empty
#: object is no record, and ``{}`` opens a notation text with an empty comment.
_JSON_OPENS = re.compile(r'\s*(?:\[\s*[\[{\]]|\{\s*"(?:[^"\\\n]|\\.)*"\s*:)')


def _results(source: str | Path | bytes | Handle, fmt: Format | None) -> Iterator[Read | RecordError]:
    """What ``read`` reads: a file, an example, a handle, bytes or a text, each record read or the error that
    spoils it; a fault of the source itself (a file that cannot be read, bytes not UTF-8) is an error of its own."""
    try:
        if isinstance(source, (bytes, bytearray)):
            yield from _pieces_records(_decoded([bytes(source)], "<bytes>"), "<bytes>", fmt)
        elif not isinstance(source, (str, Path)):
            name = _name(source)
            yield from _pieces_records(_decoded(_handle_pieces(source, name), name), name, fmt)
        elif isinstance(source, str) and source.startswith(EXAMPLE) and "\n" not in source:
            yield from _file_records(example_path(source[len(EXAMPLE):]), fmt)
        elif isinstance(source, str) and not _names_a_file(source):
            if "\n" not in source.strip() and not source.lstrip().startswith(("[", "{")):
                raise LoadFailure(Problem("<text>", 1, 1, "", msg(
                    "no-file-no-record", "no file {name} is there, and the text is no record: a record opens with "
                    "its tags ([Players \"A\" \"B\"]) or, in JSON, with '{{'", name=echo(source))))
            yield from _pieces_records(_decoded([source], "<text>"), "<text>", fmt)
        else:
            yield from _file_records(source, fmt)
    except LoadFailure as exc:
        yield RecordError([exc.problem])


def _file_records(path: Path | str, fmt: Format | None) -> Iterator[Read | RecordError]:
    """Each record of a file as it is read: JSON by ``fmt`` or the ``.json`` suffix, else the notation."""
    pieces = text_pieces(path, MAX_RECORDS_BYTES)
    if (fmt or ("json" if Path(path).suffix.lower() == ".json" else "notation")) == "json":
        return json_records(pieces, str(path))
    from .notation.reader import records  # the notation's parser, and Lark, only for notation
    return records(pieces, str(path))


def _pieces_records(pieces: Iterator[str], name: str, fmt: Format | None) -> Iterator[Read | RecordError]:
    """Each record of a text that arrives in pieces: JSON where ``fmt`` says so or the text opens as JSON does."""
    first = next(pieces, "")
    while len(first.lstrip()) < _OPENING:  # a handle (a pipe) may give its text a few characters at a time
        more = next(pieces, "")
        if not more:
            break
        first += more
    whole = chain([first], pieces)
    if fmt == "json" or (fmt is None and _JSON_OPENS.match(first)):
        return json_records(whole, name)
    from .notation.reader import records
    return records(whole, name)


def _handle_pieces(handle: Handle, name: str) -> Iterator[str | bytes]:
    """A handle's text (or bytes) in pieces, as far as ``MAX_RECORDS_BYTES``."""
    got = 0
    while True:
        try:
            piece = handle.read(_PIECE)
        except OSError as exc:
            raise LoadFailure(Problem(name, 1, 1, "", cannot_read(exc.strerror or str(exc)))) from None
        except UnicodeDecodeError as exc:
            raise LoadFailure(Problem(name, 1, 1, "", msg("not-utf8-reason", "not UTF-8 text ({why})",
                                                          why=Word(exc.reason)))) from None
        if not piece:
            return
        got += len(piece)
        if got > MAX_RECORDS_BYTES:
            raise LoadFailure(Problem(name, 1, 1, "", msg("too-much", "more than {most} characters to read",
                                                          most=MAX_RECORDS_BYTES)))
        yield piece


def _decoded(pieces: Iterable[str | bytes], name: str) -> Iterator[str]:
    """Pieces of text, bytes decoded as UTF-8 as they come (a character may be cut between two pieces)."""
    decoder = codecs.getincrementaldecoder("utf-8")()
    done, line, column = 0, 1, 1  # the bytes decoded; the line and column where the next text piece begins
    for piece in pieces:
        if isinstance(piece, str):  # a text made in Python may hold half a character, which bytes cannot
            at = half_character(piece)
            if at >= 0:
                before = piece.count("\n", 0, at)
                line += before
                column = at - piece.rfind("\n", 0, at) if before else column + at
                raise LoadFailure(Problem(name, line, column, "", HALF_A_CHARACTER))
            line += piece.count("\n")
            column = len(piece) - piece.rfind("\n") if "\n" in piece else column + len(piece)
            yield piece
            continue
        try:
            yield decoder.decode(piece)
        except UnicodeDecodeError as exc:
            raise LoadFailure(Problem(name, 1, 1, "", not_utf8(done + exc.start))) from None
        done += len(piece)
    try:
        yield decoder.decode(b"", final=True)
    except UnicodeDecodeError as exc:
        raise LoadFailure(Problem(name, 1, 1, "", not_utf8(done + exc.start))) from None


def _name(handle: Handle) -> str:
    name = getattr(handle, "name", None)
    return name if isinstance(name, str) else "<stream>"


def _names_a_file(text: str) -> bool:
    """Whether a ``str`` given to ``read`` names a file: one line naming a file that is there, or ending in
    ``.piquet`` or ``.json`` (then read as a file, and said to be missing where it is)."""
    return "\n" not in text and (quietly(Path.is_file, Path(text)) or Path(text).suffix.lower() in (".piquet", ".json"))


#: What the writers take: a record as read, a typed record (``Record.model``, or one made in code), or its data.
Writable = Union[Record, TypedRecord, dict[str, Any]]


def _typed(records: Writable | Iterable[Writable]) -> list[TypedRecord]:
    """The typed records to write: a record read is its own; a dict or a typed record is checked against the record
    schema first (``RecordError`` with its problems), as the reader checks what it reads, so that no writer meets a
    value of the wrong type."""
    if isinstance(records, (Record, TypedRecord, dict)):
        records = [records]
    out = []
    for i, r in enumerate(records):
        if isinstance(r, Record):
            out.append(r.model)
            continue
        if isinstance(r, TypedRecord):  # made in code, perhaps: checked as its data would be
            r = data_of(r)
        if not isinstance(r, dict):
            raise RecordError([Located(f"<record {i + 1}>", r).problem((), msg("not-a-record", "{value} is not a record",
                                                                                    value=echo(r)))])
        half = lone_surrogate(r)
        problems = [half_character_problem(Located(f"<record {i + 1}>", r), half)] if half is not None else \
            validate(Located(f"<record {i + 1}>", r), "record")
        if problems:
            raise RecordError(problems)
        out.append(record_of(r))
    return out


def write(records: Writable | Iterable[Writable], lang: Lang | None = None) -> str:
    """Records in the canonical notation, one after another, each in ``lang`` (by default its own language);
    comments are written where they stood."""
    return write_all(_in(record, lang) for record in _typed(records))


def write_json(records: Writable | Iterable[Writable], lang: Lang | None = None) -> str:
    """Records as JSON, each in ``lang`` (by default its own language): one record as an object, several as an
    array (each validates against the record schema)."""
    data = [data_of(record, _language(lang)) for record in _typed(records)]
    return json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=2) + "\n"


def _in(record: TypedRecord, lang: Lang | None) -> TypedRecord:
    """The record to be written in ``lang``: the same record (its language takes no part in its equality)."""
    return record if lang is None or _language(lang) == record.lang else replace(record, lang=lang)


def _language(lang: str | None) -> str | None:
    if lang not in (None, "en", "fr"):
        raise ValueError(f"a record is written in en or fr, not {echo(lang)}")
    return lang


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
            raise UnknownRuleset(msg("no-ruleset-file", "no ruleset file {name}", name=echo_name(str(path))))
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
        raise UnknownRuleset(msg("no-ruleset-beside", "no ruleset file {name} in the record's own folder (a record "
                                 "names a ruleset id, or a .yaml file beside it)", name=echo_name(name)))
    try:
        return compile_path(path, options)
    except RulesetError:
        if not _looks_like_a_ruleset(path):
            raise UnknownRuleset(msg("not-a-ruleset", "{name} is not a ruleset file (it has no id and title)",
                                     name=echo_name(name))) from None
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
    if isinstance(record, Record):
        typed, doc = record.model, record.located
    elif isinstance(record, TypedRecord):  # made in code: checked, its places all at <record>
        typed, doc = _typed(record)[0], Located("<record>", None)
    else:  # a record's data loaded with its places (``located.load_text``)
        typed, doc = record_of(record.data), record
    if rules is None:  # the record's own, a file named from the record's folder; a fault of it is at its line
        own = tuple(typed.options.items()) + tuple(options)
        try:
            rules = get_ruleset(typed.ruleset or "modern-fr", own, Path(doc.file).parent).rules
        except UnknownRuleset as exc:
            raise RecordError([doc.problem(("ruleset",), exc.message)]) from None
    elif not isinstance(rules, Rules):
        rules = get_ruleset(rules, options).rules
    return replay_typed(typed, rules, doc)
