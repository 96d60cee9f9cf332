"""JSON records read as JSON: strict syntax, each record of an array as it is reached, positions when asked.

Python's ``json`` decodes (in C) and refuses what JSON refuses: single
quotes, trailing commas, ``#`` comments, ``NaN``; each such fault is a problem
at its line and column.  ``json`` keeps no positions, so where a value stands
is found only when a message or a check asks: ``JsonPlaces`` then walks the
text's tokens once and remembers every path.  A file holding an array is
decoded one record at a time (``raw_decode`` from where the last one ended),
so a bad record spoils only itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ..errors import MAX_PROBLEMS, Problem, RecordError, echo
from ..located import MAX_BYTES, MAX_DEPTH, MAX_INTEGER, JsonPath, Located, too_large
from ..schemas import validate


class _Refused(ValueError):
    """A value that is JSON but not a record's: a duplicate key, a number out of range, NaN; ``token`` is the
    value as written (a key, quoted), found again in the text for its position."""

    def __init__(self, message: str, token: str, key: bool = False) -> None:
        super().__init__(message)
        self.token = token
        self.key = key


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"duplicate key {echo(key)}", key, key=True)
            seen.add(key)
    return out


def _integer(text: str) -> int:
    if len(text) > 20 or not -MAX_INTEGER <= (value := int(text)) <= MAX_INTEGER:
        raise _Refused(too_large(text), text)
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a JSON number", text)


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_integer, parse_constant=_constant)
_SPACE = re.compile(r"[ \t\n\r]*")
#: A JSON token: a string, a bracket or a separator, or a run of anything else (a number, true, false, null).
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')


#: What a value's extent is found by: its strings (skipped whole) and its brackets.
_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\]]')


def _closes_within(text: str, offset: int, limit: int) -> bool:
    """Whether the object or array at ``offset`` closes within ``limit`` characters, or may (the text ends first,
    and the decoder says what is wrong): found by its brackets alone, so a record too long to take is refused
    before a single value of it is built (a 24 MB record decoded took 1.3 GB)."""
    if offset + limit >= len(text) or text[offset:offset + 1] not in ("{", "["):
        return True
    depth = 0
    for m in _BRACKET.finditer(text, offset, offset + limit):
        first = m.group()[0]
        if first in "{[":
            depth += 1
        elif first in "}]":
            depth -= 1
            if depth == 0:
                return True
    return False


class JsonPlaces:
    """Where each value of a JSON text stands, worked out from its tokens on the first question."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.marks: dict[JsonPath, tuple[int, int]] | None = None

    def at(self, rest: JsonPath) -> tuple[int, int] | None:
        if self.marks is None:
            self.marks = _marks(self.text)
        return self.marks.get(tuple(rest))


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


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - text.rfind("\n", 0, offset)


class JsonRecords:
    """The records of one JSON text, each decoded and validated as it is reached."""

    def __init__(self, text: str, name: str) -> None:
        self.text = text
        self.name = name
        self.places = JsonPlaces(text)
        self.left = MAX_PROBLEMS  # for the whole file, as the notation's reader counts them

    def fail(self, offset: int, message: str) -> RecordError:
        line, column = _position(self.text, offset)
        return RecordError([Problem(self.name, line, column, "", message)])

    def decode(self, offset: int) -> tuple[Any, int]:
        """The value that starts at ``offset``, and where it ends; a syntax fault at its place."""
        if not _closes_within(self.text, offset, MAX_BYTES):
            raise self.fail(offset, f"a record longer than {MAX_BYTES} characters")
        try:
            return _DECODER.raw_decode(self.text, offset)
        except json.JSONDecodeError as exc:
            raise self.fail(exc.pos, f"not valid JSON: {exc.msg}") from None
        except _Refused as exc:
            raise self.fail(_found(self.text, offset, exc), str(exc)) from None
        except RecursionError:
            raise self.fail(offset, f"document nested more than {MAX_DEPTH} levels deep") from None

    def __iter__(self) -> Iterator[Located | RecordError]:
        text = self.text
        start = _SPACE.match(text, 0).end()  # type: ignore[union-attr]
        if start == len(text):
            yield self.fail(start, "file is empty")
            return
        if text[start] != "[":
            yield from self._whole(start)
            return
        offset, index = _SPACE.match(text, start + 1).end(), 0  # type: ignore[union-attr]
        if text.startswith("]", offset):
            yield from self._end(offset + 1)
            return
        while True:
            if self.left <= 0:
                yield self.fail(offset, f"{MAX_PROBLEMS} problems: the checking stops here ({self._count(offset)} "
                                        "more records not checked)")
                return
            try:
                data, end = self.decode(offset)
            except RecordError as exc:
                yield exc
                return
            yield self._checked(data, (index,))
            offset = _SPACE.match(text, end).end()  # type: ignore[union-attr]
            if text.startswith(",", offset):
                comma, offset = offset, _SPACE.match(text, offset + 1).end()  # type: ignore[union-attr]
                if text.startswith("]", offset):
                    yield self.fail(comma, "not valid JSON: a comma before ']' (a trailing comma)")
                    return
                index += 1
            elif text.startswith("]", offset):
                yield from self._end(offset + 1)
                return
            else:
                yield self.fail(offset, "not valid JSON: expected ',' or ']' after a record")
                return

    def _count(self, offset: int) -> int:
        """How many records the array holds from ``offset`` on, as far as they decode."""
        count = 0
        try:
            while _closes_within(self.text, offset, MAX_BYTES):
                _, end = _DECODER.raw_decode(self.text, offset)
                count += 1
                offset = _SPACE.match(self.text, end).end()  # type: ignore[union-attr]
                if not self.text.startswith(",", offset):
                    return count
                offset = _SPACE.match(self.text, offset + 1).end()  # type: ignore[union-attr]
        except (ValueError, RecursionError):
            pass
        return count

    def _whole(self, start: int) -> Iterator[Located | RecordError]:
        try:
            data, end = self.decode(start)
        except RecordError as exc:
            yield exc
            return
        rest = _SPACE.match(self.text, end).end()  # type: ignore[union-attr]
        if rest < len(self.text):
            yield self.fail(rest, "not valid JSON: extra data after the record")
            return
        yield self._checked(data, ())

    def _end(self, offset: int) -> Iterator[RecordError]:
        rest = _SPACE.match(self.text, offset).end()  # type: ignore[union-attr]
        if rest < len(self.text):
            yield self.fail(rest, "not valid JSON: extra data after the array of records")

    def _checked(self, data: Any, prefix: JsonPath) -> Located | RecordError:
        doc = Located(self.name, data, {}, places={(): self.places}, prefix=prefix)
        problems = validate(doc, "record", self.left)
        self.left -= len(problems)
        return RecordError(problems) if problems else doc


def json_records(text: str, name: str) -> Iterator[Located | RecordError]:
    """Each record of a JSON text (one record, or an array of them), validated, or the error that spoils it."""
    return iter(JsonRecords(text, name))
