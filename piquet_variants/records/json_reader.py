"""JSON records read as JSON: strict syntax, each record of an array (or of JSON Lines) as it is reached, positions
when asked.

Python's ``json`` decodes (in C) and refuses what JSON refuses: single
quotes, trailing commas, ``#`` comments, ``NaN``; each such fault is a problem
at its line and column.  ``json`` keeps no positions, so where a value stands
is found only when a message or a check asks: ``JsonPlaces`` then walks the
text's tokens once and remembers every path.  A file holding an array is
decoded one record at a time (``raw_decode`` from where the last one ended),
so a bad record spoils only itself.  Each record's decoded document, once the schema has checked it, is made
the typed record (``data.record_of``) and let go.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import MAX_PROBLEMS, Message, Problem, RecordError, Word, echo, msg
from ..located import MAX_BYTES, MAX_INTEGER, TOO_DEEP, JsonPath, Lines, Located, caret, too_large
from ..schemas import validate
from .data import record_of
from .model import Read


class _Refused(ValueError):
    """A value that is JSON but not a record's: a duplicate key, a number out of range, NaN; ``token`` is the
    value as written (a key, quoted), found again in the text for its position."""

    def __init__(self, message: Message, token: str, key: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.token = token
        self.key = key


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(msg("duplicate-key", "duplicate key {key}", key=echo(key)), key, key=True)
            seen.add(key)
    return out


def _integer(text: str) -> int:
    if len(text) > 20 or not -MAX_INTEGER <= (value := int(text)) <= MAX_INTEGER:
        raise _Refused(too_large(text), text)
    return value


def _constant(text: str) -> Any:
    raise _Refused(msg("not-json-number", "{text} is not a JSON number", text=text), text)


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_integer, parse_constant=_constant)
_SPACE = re.compile(r"[ \t\n\r]*")
#: A JSON token: a string, a bracket or a separator, or a run of anything else (a number, true, false, null).
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')


#: What a value's extent is found by: its strings (skipped whole: ``closed`` is their closing quote, missing where
#: the text read so far ends inside one) and its brackets.
_BRACKET = re.compile(r'"(?:[^"\\\n]++|\\.)*+(?P<closed>")?|[{}\[\]]')  # possessive: no stack for a long text


class JsonPlaces:
    """Where each value of a JSON text stands, worked out from its tokens on the first question.

    The text may be one record cut from a file, which begins at ``line`` and ``column`` of the file and is the
    value at ``prefix`` in it (an array's item): its places are the file's."""

    def __init__(self, text: str, line: int = 1, column: int = 1, prefix: JsonPath = ()) -> None:
        self.text = text
        self.first = (line, column)
        self.prefix = prefix
        self.marks: dict[JsonPath, tuple[int, int]] | None = None

    def at(self, rest: JsonPath) -> tuple[int, int] | None:
        if tuple(rest[:len(self.prefix)]) != self.prefix:
            return None
        if self.marks is None:
            self.marks = _marks(self.text)
        found = self.marks.get(tuple(rest[len(self.prefix):]))
        if found is None:
            return None
        line, column = self.first
        return found[0] + line - 1, found[1] + (column - 1 if found[0] == 1 else 0)


def _key(token: str) -> str:
    """A key's text; one whose escapes do not decode (in a fault past the records read) is taken as written."""
    if "\\" not in token:
        return token[1:-1]
    try:
        return str(json.loads(token))
    except ValueError:
        return token[1:-1]


class _Open:
    """A container open at this point of the text: its path, and where its next member or item goes."""

    __slots__ = ("path", "is_object", "index", "member", "key_next")

    def __init__(self, path: JsonPath, is_object: bool) -> None:
        self.path = path
        self.is_object = is_object
        self.index = 0
        self.member: JsonPath = path
        self.key_next = is_object


def _marks(text: str) -> dict[JsonPath, tuple[int, int]]:
    """Every path's position, as the YAML loader records them: a member at its key, an item at its value.

    The whole file is scanned, and a record is placed before the file's later records are decoded, so the scan
    meets syntax faults a record beyond this one may hold: it places what comes before them, and never fails.
    """
    marks: dict[JsonPath, tuple[int, int]] = {}
    stack: list[_Open] = []
    line, line_start, done = 1, 0, 0
    for m in _TOKEN.finditer(text):
        start, token = m.start(), m.group()
        newlines = text.count("\n", done, start)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", done, start) + 1
        done = start
        top = stack[-1] if stack else None
        if token == ",":
            if top is not None and top.is_object:
                top.key_next = True
            continue
        if token == ":":
            continue
        if token in "}]":
            if not stack:  # a close with nothing open: a syntax fault further on, past any record read
                break
            stack.pop()
            continue
        where = (line, start - line_start + 1)
        if top is not None and top.key_next:  # an object's key: its member stands here
            top.member, top.key_next = top.path + (_key(token),), False
            marks[top.member] = where
            continue
        path: JsonPath = () if top is None else top.member if top.is_object else top.path + (top.index,)
        if top is not None and not top.is_object:
            top.index += 1
        marks.setdefault(path, where)
        if token in "{[":
            stack.append(_Open(path, token == "{"))
    return marks


def _found(text: str, start: int, refused: _Refused) -> int:
    """Where the value refused stands, from ``start``: the first such number, or the key given a second time
    in one object."""
    keys: list[set[str] | None] = []  # each open container's keys so far (None: an array)
    key_next = False
    for m in _TOKEN.finditer(text, start):
        token = m.group()
        if not refused.key and token == refused.token:
            return m.start()
        if token in "{[":
            keys.append(set() if token == "{" else None)
            key_next = token == "{"
        elif token in "}]":
            keys.pop()
            if not keys:
                break
        elif token in ",:":
            key_next = token == "," and keys[-1] is not None
        elif key_next:
            seen, word = keys[-1], _key(token)
            if seen is not None and word == refused.token and word in seen:
                return m.start()
            if seen is not None:
                seen.add(word)
            key_next = False
    return start


#: The escape of half a character (a UTF-16 surrogate), which JSON allows alone and no text can hold.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")
HALF_A_CHARACTER = msg("half-character", "this text holds half a character (a lone surrogate such as '\\ud800'), "
                       "which no file can hold: write the character whole")


def _not_json(what: Message | Word) -> Message:
    return msg("json-syntax", "not valid JSON: {what}", what=what)


def _extra(what: Word) -> Message:
    return msg("extra-data", "extra data after {what}", what=what)


def half_character_problem(doc: Located, path: JsonPath) -> Problem:
    """The problem of half a character at ``path``, the path said with the half escaped (``\\ud800``), since a
    message must itself be text that can be written."""
    problem = doc.problem(path, HALF_A_CHARACTER)
    return replace(problem, path=problem.path.encode("utf-8", "backslashreplace").decode("utf-8"))


def half_character(text: str) -> int:
    """Where a text holds half a character (a lone surrogate, as a JSON escape or a Python string may), or -1."""
    found = _SURROGATE.search(text)
    return found.start() if found is not None else -1


def lone_surrogate(value: Any, path: JsonPath = ()) -> JsonPath | None:
    """The path of the first string (a key, or a value) that holds half a character, if any."""
    if isinstance(value, str):
        return path if half_character(value) >= 0 else None
    if isinstance(value, dict):
        for key, item in value.items():
            found = (path + (key,)) if half_character(key) >= 0 else lone_surrogate(item, path + (key,))
            if found is not None:
                return found
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = lone_surrogate(item, path + (i,))
            if found is not None:
                return found
    return None


class _Text:
    """A text read in pieces as far as it is needed, and let go behind the reading.

    Offsets are the file's own: ``text`` holds what is read and not let go yet, from the offset ``base``.  Lines
    are counted up to ``cursor`` as the reading goes, so that placing each record in turn costs its own length."""

    def __init__(self, pieces: Iterator[str]) -> None:
        self.pieces = pieces
        self.text = ""
        self.base = 0
        self.ended = False
        self.cursor, self.line, self.line_start = 0, 1, 0  # an offset, its line, and where that line begins
        self.base_line_start = 0  # where the line that holds ``base`` begins

    @property
    def end(self) -> int:
        """The offset past what is read so far."""
        return self.base + len(self.text)

    def startswith(self, word: str, offset: int) -> bool:
        return self.text.startswith(word, offset - self.base)

    def more(self, keep: int) -> bool:
        """Let go of the text before ``keep`` and read the next piece; false where the text has ended."""
        if keep > self.base:
            if keep >= self.cursor:
                self.position(keep)
            before = self.text.rfind("\n", 0, keep - self.base)
            if before >= 0:
                self.base_line_start = self.base + before + 1
            self.text, self.base = self.text[keep - self.base:], keep
        if self.ended:
            return False
        piece = next(self.pieces, "")
        self.text += piece
        self.ended = not piece
        return bool(piece)

    def space(self, offset: int, keep: int | None = None) -> int:
        """Where the text's next value begins, from ``offset``: past the white space, reading on as needed (the end
        where the text ends first); nothing before ``keep`` (by default ``offset``) is let go."""
        while True:
            offset = self.base + _SPACE.match(self.text, offset - self.base).end()  # type: ignore[union-attr]
            if offset < self.end or not self.more(offset if keep is None else keep):
                return offset

    def position(self, offset: int) -> tuple[int, int]:
        """The file's line and column of ``offset``."""
        i, cursor = offset - self.base, self.cursor - self.base
        if offset >= self.cursor:
            newlines = self.text.count("\n", cursor, i)
            if newlines:
                self.line += newlines
                self.line_start = self.base + self.text.rfind("\n", cursor, i) + 1
            self.cursor = offset
            return self.line, offset - self.line_start + 1
        newlines = self.text.count("\n", i, cursor)
        if not newlines:
            return self.line, offset - self.line_start + 1
        before = self.text.rfind("\n", 0, i)
        return self.line - newlines, (i - before if before >= 0 else offset - self.base_line_start + 1)

    def line_of(self, offset: int, column: int) -> str:
        """The text of the line that holds ``offset``, as far as it is read; what of it was let go already is blanks,
        so that ``column`` still points at ``offset``."""
        i = offset - self.base
        start = self.text.rfind("\n", 0, i) + 1
        end = self.text.find("\n", i)
        return " " * (column - 1 - (i - start)) + self.text[start:end if end >= 0 else len(self.text)]

    def extent(self, offset: int, limit: int) -> int | None:
        """Where the object or array at ``offset`` ends, reading on as needed: found by its brackets alone, so that
        a record too long to take is refused (None) before a single value of it is built (a 24 MB record decoded
        took 1.3 GB); where the text ends first, or the value is no object nor array, the end of what is read, for
        the decoder to say what is wrong."""
        depth, at = 0, offset
        while True:
            stop = offset + limit + 1 - self.base
            for m in _BRACKET.finditer(self.text, at - self.base, stop):
                first = m.group()[0]
                if first == '"' and m.group("closed") is None and m.end() >= len(self.text) - 1 and not self.ended:
                    break  # a string cut by the end of what is read (perhaps at a '\\'): read on, and take it whole
                at = self.base + m.end()
                if first in "{[":
                    depth += 1
                elif first in "}]":
                    depth -= 1
                    if depth <= 0:
                        return at
            else:
                at = max(at, min(self.end, offset + limit + 1))
            if at > offset + limit:
                return None
            if not self.more(offset):
                return self.end


class JsonRecords:
    """The records of one JSON text (a record, an array of them, or records one after another as JSON Lines writes
    them), each decoded and validated as it is reached,
    the text read in pieces as far as each record needs: a file of any length, in memory bounded by a record's."""

    def __init__(self, pieces: Iterable[str], name: str) -> None:
        self.text = _Text(iter(pieces))
        self.name = name
        self.left = MAX_PROBLEMS  # for the whole file, as the notation's reader counts them

    def fail(self, offset: int, message: Message) -> RecordError:
        line, column = self.text.position(offset)
        return RecordError([Problem(self.name, line, column, "", message, caret([self.text.line_of(offset, column)], 1,
                                                                                 column))])

    def decode(self, offset: int) -> tuple[Any, int]:
        """The value that starts at ``offset``, and where it ends; a syntax fault at its place."""
        if self.text.extent(offset, MAX_BYTES) is None:
            raise self.fail(offset, msg("json-too-long", "a record longer than {most} characters", most=MAX_BYTES))
        base = self.text.base
        try:
            value, stop = _DECODER.raw_decode(self.text.text, offset - base)
        except json.JSONDecodeError as exc:
            raise self.fail(base + exc.pos, _not_json(Word(exc.msg))) from None
        except _Refused as exc:
            raise self.fail(base + _found(self.text.text, offset - base, exc), exc.message) from None
        except RecursionError:
            raise self.fail(offset, TOO_DEEP) from None
        return value, base + stop

    def __iter__(self) -> Iterator[Read | RecordError]:
        start = self.text.space(0)
        if start == self.text.end:
            yield self.fail(start, msg("empty", "file is empty"))
        elif self.text.startswith("[", start):
            yield from self._array(start + 1)
        else:
            yield from self._whole(start)

    def _array(self, offset: int) -> Iterator[Read | RecordError]:
        """The records of an array, from just after its ``[``."""
        offset, index = self.text.space(offset), 0
        if self.text.startswith("]", offset):
            yield from self._end(offset + 1, Word("the array of records"))
            return
        while True:
            if self.left <= 0:
                yield self.fail(offset, msg("checking-stops-more", "{count} problems: the checking stops here ({more} "
                                            "more records not checked)", count=MAX_PROBLEMS, more=self._count(offset)))
                return
            try:
                data, end = self.decode(offset)
            except RecordError as exc:
                yield exc
                return
            yield self._checked(data, offset, end, (index,))
            offset = self.text.space(end)
            if self.text.startswith(",", offset):
                comma, offset = offset, self.text.space(offset + 1, keep=offset)
                if self.text.startswith("]", offset):
                    yield self.fail(comma, _not_json(Word("a comma before ']' (a trailing comma)")))
                    return
                index += 1
            elif self.text.startswith("]", offset):
                yield from self._end(offset + 1, Word("the array of records"))
                return
            else:
                yield self.fail(offset, _not_json(Word("expected ',' or ']' after a record")))
                return

    def _count(self, offset: int) -> int:
        """How many records the array holds from ``offset`` on, as far as they decode."""
        count = 0
        try:
            while True:
                _, end = self.decode(offset)
                count += 1
                offset = self.text.space(end)
                if not self.text.startswith(",", offset):
                    return count
                offset = self.text.space(offset + 1)
        except RecordError:
            return count

    def _whole(self, start: int) -> Iterator[Read | RecordError]:
        """One record, or several one after another (JSON Lines: a record a line), each read as it is reached."""
        while True:
            try:
                data, end = self.decode(start)
            except RecordError as exc:
                yield exc
                return
            record = self._checked(data, start, end, ())  # before the reading on lets its text go
            rest = self.text.space(end)
            if rest < self.text.end and not self.text.startswith("{", rest):
                yield self.fail(rest, _not_json(_extra(Word("the record"))))
                return
            yield record
            if rest == self.text.end:
                return
            if self.left <= 0:
                yield self.fail(rest, msg("checking-stops", "{count} problems: the checking stops here", count=MAX_PROBLEMS))
                return
            start = rest

    def _end(self, offset: int, what: Word) -> Iterator[RecordError]:
        rest = self.text.space(offset)
        if rest < self.text.end:
            yield self.fail(rest, _not_json(_extra(what)))

    def _checked(self, data: Any, start: int, end: int, prefix: JsonPath) -> Read | RecordError:
        """The record decoded, validated, with its own text kept to place its values when asked."""
        line, column = self.text.position(start)
        text = self.text.text[start - self.text.base:end - self.text.base]
        doc = Located(self.name, data, {}, places={(): JsonPlaces(text, line, column, prefix)}, prefix=prefix)
        half = lone_surrogate(data) if _SURROGATE_ESCAPE.search(text) else None
        problems = [half_character_problem(doc, half)] if half is not None else validate(doc, "record", self.left)
        self.left -= len(problems)
        if not problems:
            doc.data = None  # typed now: what is kept of the document is where each value stood, found from its text
            return Read(record_of(data), doc)
        before = self.text.line_of(start, column)[:column - 1]  # each shown at its line, with a caret
        after = self.text.text[end - self.text.base:].split("\n", 1)[0]
        lines = Lines((before + text + after).splitlines(), line)
        return RecordError([p if p.excerpt else replace(p, excerpt=caret(lines, p.line, p.column)) for p in problems])


def json_records(source: str | Iterable[str], name: str) -> Iterator[Read | RecordError]:
    """Each record of a JSON text (one record, or an array of them), given whole or in pieces as they are read,
    validated, or the error that spoils it."""
    return iter(JsonRecords([source] if isinstance(source, str) else source, name))
