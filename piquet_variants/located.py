"""Safe, bounded YAML loading that remembers where each value stood.

Rulesets and records are user input.  We compose the YAML node graph with
PyYAML's safe machinery (no arbitrary tags can run code), then build plain
Python values ourselves so we can (a) count every node we materialise, which
stops alias bombs, and (b) record the line and column of every key and value,
so a schema error can point at ``FILE:LINE:COL``.  JSON records are read as
JSON (``records.json_reader``), with the same positions.
"""

from __future__ import annotations

import codecs
import os
import stat
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, overload

from .errors import Message, Problem, Word, echo, msg

if TYPE_CHECKING:
    import yaml

#: A YAML file, a JSON record, or one record of the notation, is at most this large.
MAX_BYTES = 1 << 20
#: A file of records holds as many as it likes, each within ``MAX_BYTES``, up to this much in all: records are
#: read one at a time, but a list of them is kept by a command that compares or reports them.
MAX_RECORDS_BYTES = 256 << 20
MAX_NODES = 200_000
#: How deep a document may nest its lists and maps.
MAX_DEPTH = 64
#: Past this many '[', '{', '-' and '?', a document might nest deeper than libyaml's composer recurses safely
#: (some 20,000 levels of '[', or of '- ' on one line, crash the process): its depth is then counted from the
#: parser's events before it is composed.  Nesting by indentation alone stays far shallower within MAX_BYTES.
_FLOW_OPENERS = 5_000
_OPENERS = ("[", "{", "-", "?")
#: A whole number in any input (YAML, JSON, notation) has at most this many digits: far past any score or
#: count, and short of what Python refuses to print (4,300 digits) or the engine could loop over.
MAX_DIGITS = 15
MAX_INTEGER = 10 ** MAX_DIGITS - 1

JsonPath = tuple[str | int, ...]
_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def dotted(path: JsonPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class Places(Protocol):
    """Positions of the values below one path, found only when asked."""

    def at(self, rest: JsonPath) -> tuple[int, int] | None:
        """Where the value at ``rest`` below that path stands, if known."""


class Lines(Sequence[str]):
    """The lines of a text that begins at line ``first`` of its file: the lines before it read as empty, so that a
    record read from a block of a large file shows its carets by the file's own numbers."""

    def __init__(self, lines: list[str], first: int = 1) -> None:
        self.lines = lines
        self.first = first

    def __len__(self) -> int:
        return self.first - 1 + len(self.lines)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lines) and (self.first, self.lines) == (other.first, other.lines)

    __hash__ = None  # type: ignore[assignment]  # compared by value, and changeable

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self.lines[index - self.first + 1] if index >= self.first - 1 else ""


@dataclass
class Located:
    """A loaded document and the position of every path in it; of a record read, its places alone (``data`` is
    None): the readers give the typed record beside them (``records.model.Read``)."""

    file: str
    data: Any
    marks: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    lines: Sequence[str] | None = None  # the source text, kept where a caret helps (notation files)
    #: Where the values below a path stand, worked out on demand: a notation deal names
    #: some sixty cards, and a mark apiece would be most of the cost of reading it.
    places: dict[JsonPath, Places] = field(default_factory=dict)
    #: Where ``data`` stands in the document loaded: a JSON file of several records holds each at ``(index,)``.
    prefix: JsonPath = ()

    def where(self, path: JsonPath) -> tuple[int, int]:
        """Position of ``path``, or of its nearest ancestor that was recorded."""
        p = self.prefix + tuple(path)
        while p:
            if p in self.marks:
                return self.marks[p]
            for cut in range(len(p) - 1, -1, -1):
                places = self.places.get(p[:cut])
                found = places.at(p[cut:]) if places is not None else None
                if found is not None:
                    return found
            p = p[:-1]
        return self.marks.get(p, (1, 1))

    def problem(self, path: JsonPath, message: Message) -> Problem:
        line, col = self.where(path)
        excerpt = caret(self.lines, line, col) if self.lines is not None else ""
        return Problem(self.file, line, col, dotted(self.prefix + tuple(path)), message, excerpt)


#: How much of a long source line a caret shows, around the column it points at.
CARET_WIDTH = 100


def caret(lines: Sequence[str], line: int, column: int) -> str:
    """The source line and a caret under ``column``, as compilers print them; of a long line, the part around it."""
    if not 1 <= line <= len(lines):
        return ""
    text = lines[line - 1].rstrip("\n").expandtabs(1)
    if len(text) > CARET_WIDTH:
        start = max(0, min(column - 1 - CARET_WIDTH // 2, len(text) - CARET_WIDTH))
        cut = text[start:start + CARET_WIDTH]
        text = ("…" if start else "") + cut + ("…" if start + CARET_WIDTH < len(text) else "")
        column += (1 if start else 0) - start
    return f"    {text}\n    {' ' * (column - 1)}^"



class LoadFailure(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(str(problem))


class _YamlBuilder:
    def __init__(self, name: str, text: str):
        import yaml  # here, not at start-up: a notation file under cached rulesets needs no YAML
        self.yaml = yaml
        self.name = name
        self.text = text  # cut into lines only for a failure's excerpt
        self.nodes = 0
        self.marks: dict[JsonPath, tuple[int, int]] = {}
        self.constructor = yaml.constructor.SafeConstructor()

    def fail(self, node: yaml.Node, message: Message) -> LoadFailure:
        m = node.start_mark
        excerpt = caret(self.text.splitlines(), m.line + 1, m.column + 1)
        return LoadFailure(Problem(self.name, m.line + 1, m.column + 1, "", message, excerpt))

    def build(self, node: yaml.Node, path: JsonPath, depth: int = 0) -> Any:
        yaml = self.yaml
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(node, msg("yaml-too-many-values", "document expands to more than {most} values (an alias "
                                                              "bomb?); refusing to load it", most=MAX_NODES))
        if depth > MAX_DEPTH:
            raise self.fail(node, TOO_DEEP)
        self.marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
            raise self.fail(node, msg("yaml-tag", "tag {tag} is not allowed here", tag=echo(node.tag)))
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise self.fail(key_node, msg("yaml-merge-key", "YAML merge keys ('<<') are not supported"))
                key = self.build(key_node, path + ("<key>",), depth + 1)
                if not isinstance(key, (str, int)) or isinstance(key, bool):
                    raise self.fail(key_node, msg("yaml-key-type", "mapping keys must be strings, not {key}", key=echo(key)))
                key = str(key)
                if key in out:
                    first = self.marks.get(path + (key,), (0, 0))[0]
                    raise self.fail(key_node, msg("yaml-duplicate-key", "duplicate key {key}: it is given already at line "
                                                  "{line}, and a key is given once in a map", key=echo(key), line=first))
                self.marks[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                out[key] = self.build(value_node, path + (key,), depth + 1)
            self.marks.pop(path + ("<key>",), None)
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.build(n, path + (i,), depth + 1) for i, n in enumerate(node.value)]
        if node.tag == _INT_TAG and len(node.value) > 4 * MAX_DIGITS:  # before int() would choke on it
            raise self.fail(node, too_large(node.value))
        try:
            value = self.constructor.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as exc:
            raise self.fail(node, msg("yaml-value", "cannot read this value: {why}", why=exc.problem)) from None
        if isinstance(value, int) and not -MAX_INTEGER <= value <= MAX_INTEGER:
            raise self.fail(node, too_large(node.value))
        return value


_INT_TAG = "tag:yaml.org,2002:int"
TOO_DEEP = msg("too-deep", "document nested more than {most} levels deep", most=MAX_DEPTH)


def too_large(text: str) -> Message:
    """What is said of a number past ``MAX_INTEGER``, echoing no more of it than its start."""
    return msg("number-too-large", "number out of range: {number} (a whole number here has at most {digits} digits)",
               number=echo(text, 24), digits=MAX_DIGITS)


def load_text(text: str, name: str) -> Located:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise LoadFailure(Problem(name, 1, 1, "", msg("too-large", "file is larger than {most} bytes", most=MAX_BYTES)))
    builder = _YamlBuilder(name, text)
    yaml = builder.yaml
    loader = yaml12_loader()
    try:
        if sum(map(text.count, _OPENERS)) > _FLOW_OPENERS:
            _refuse_deep(yaml, loader, text, name)
        # libyaml's composer is an order of magnitude faster; both keep marks.
        root = yaml.compose(text, Loader=loader)
    except yaml.MarkedYAMLError as exc:
        if "nesting depth" in (exc.problem or ""):  # PyYAML's own bound (6.0.4 on), met before the builder's
            mark = exc.problem_mark
            raise LoadFailure(Problem(name, mark.line + 1, mark.column + 1, "", TOO_DEEP)) from None
        lines = text.splitlines()
        line, col, what = _fault(exc, lines)
        raise LoadFailure(Problem(name, line, col, "", msg("yaml-syntax", "not valid YAML: {what}", what=what),
                                  caret(lines, line, col))) from None
    except yaml.YAMLError as exc:
        raise LoadFailure(Problem(name, 1, 1, "", msg("yaml-syntax", "not valid YAML: {what}", what=str(exc)))) from None
    if root is None:
        raise LoadFailure(Problem(name, 1, 1, "", msg("empty", "file is empty")))
    data = builder.build(root, ())
    return Located(name, data, builder.marks)


@cache
def yaml12_loader() -> Any:
    """The safe loader (libyaml's where it is built), reading plain scalars as YAML 1.2 does: only ``true`` and
    ``false`` are booleans, so a key or value ``no``, ``yes``, ``on`` or ``off`` (French and English words) is the
    word, never a boolean that YAML 1.1 would make of it."""
    import re

    import yaml

    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    bool_tag = "tag:yaml.org,2002:bool"
    resolvers = {first: [(tag, rx) for tag, rx in pairs if tag != bool_tag]
                 for first, pairs in base.yaml_implicit_resolvers.items()}
    loader: Any = type("Yaml12Loader", (base,), {"yaml_implicit_resolvers": resolvers})
    loader.add_implicit_resolver(bool_tag, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
    return loader


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _fault(exc: Any, lines: list[str]) -> tuple[int, int, Message]:
    """Where a YAML syntax error is, as a person would point at it, and what is wrong, in words.

    The parser stops where it can go no further, which is often past the fault: an unclosed quote is found at
    the end of the file, a key without its colon on the line after.  Each case is traced back to its line.
    """
    problem, context = exc.problem_mark, exc.context_mark
    mark = problem or context
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    said = exc.problem or exc.context or "not valid YAML"
    if "tab" in said:
        return line, col, msg("yaml-tab", "a tab indents this line; YAML is indented with spaces only")
    if exc.context and "quoted scalar" in exc.context and context is not None:
        quote = lines[context.line][context.column] if context.line < len(lines) else '"'
        return context.line + 1, context.column + 1, msg("yaml-open-quote", "the quotation opened here with {quote} "
                                                         "is never closed", quote=quote)
    if exc.context and "flow" in exc.context and context is not None:
        opened = (context.line, context.column, "[" if "sequence" in exc.context else "{")
        if "sequence" not in exc.context and "mapping" not in exc.context:  # a flow node: the file ended in one
            opened = _unclosed(lines, context.line, context.column) or opened
        at_line, at_col, bracket = opened
        if bracket == "[":
            return at_line + 1, at_col + 1, msg("yaml-open-list", "the list opened here with '[' is "
                                                "not closed with ']' (or its items are not parted by ',')")
        return at_line + 1, at_col + 1, msg("yaml-open-map", "the map opened here with '{{' is not "
                                            "closed with '}}' (or its items are not parted by ',')")
    ended = _quote_ended_early(lines, line, col)
    if ended is not None and ("expected key" in said or "expected <block end>" in said):
        if lines[line - 1][ended - 1] == "'":
            return line, ended, msg("yaml-quote-ends-single", "the quotation ends here, before the rest of the "
                                    "value: a ' inside single quotes is written twice ('')")
        return line, ended, msg("yaml-quote-ends-double", "the quotation ends here, before the rest of the value: "
                                'a " inside double quotes is written \\" (or the value put in single quotes)')
    return _by_indentation(said, line, col, lines, context)


def _unclosed(lines: list[str], line: int, column: int) -> tuple[int, int, str] | None:
    """The last ``[`` or ``{`` left open before ``line``/``column`` (0-based), outside quotes and comments: where a
    file ends inside a flow node, the parser's own mark is the end, not the bracket that was never closed."""
    stack: list[tuple[int, int, str]] = []
    for n, text in enumerate(lines[:line + 1]):
        quote = ""
        for c, ch in enumerate(text if n < line else text[:column]):
            if quote:
                quote = "" if ch == quote else quote
            elif ch in "'\"":
                quote = ch
            elif ch == "#" and (c == 0 or text[c - 1] in " \t"):
                break
            elif ch in "[{":
                stack.append((n, c, ch))
            elif ch in "]}" and stack:
                stack.pop()
    return stack[-1] if stack else None


def _quote_ended_early(lines: list[str], line: int, col: int) -> int | None:
    """The column of a quote that closed a value on this line before text that goes on after it (``"it says "so"
    here"``), where the parser stopped at that text; None where the line has no such quote."""
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    before = here[:col - 1].rstrip()
    if col > len(here) or not before.endswith(("'", '"')) or ": " not in before:
        return None
    value = before.split(": ", 1)[1].lstrip()
    if len(value) < 2 or value[0] != before[-1]:
        return None
    return len(before)


def _by_indentation(said: str, line: int, col: int, lines: list[str], context: Any) -> tuple[int, int, Message]:
    """A fault that the lines' indentation explains: a key without its colon, a line indented as none above it."""
    here = lines[line - 1] if 0 < line <= len(lines) else ""
    # the line above the fault that is not blank, and its number (0 where there is none)
    above = next((i + 1 for i in range(line - 2, -1, -1) if lines[i].strip()), 0)
    prev = lines[above - 1] if above else ""
    deeper = above > 0 and _indent(prev) < _indent(here)
    if "mapping values are not allowed" in said:
        if deeper and ":" not in prev:
            return above, _indent(prev) + 1, msg("yaml-no-colon", "{key} has no ':' after it, as a key must",
                                                 key=echo(prev.strip()))
        if deeper:
            return (line, _indent(here) + 1, msg("yaml-indented-under", "this line is indented under line {above}, "
                                                 "whose value is given already: indent it as the keys it goes with",
                                                 above=above))
        return line, col, msg("yaml-second-colon", "a second ':' on one line: a value that holds ': ' must be put "
                              "in quotes")
    if ("expected key" in said or "expected <block end>" in said) and context is not None:
        if _indent(here) != context.column:
            if above and _indent(prev) != context.column:
                return (line, _indent(here) + 1, msg(
                    "yaml-indented-as-none-2", "this line is indented {here}, as no line above it is (line {key} is "
                    "indented {keys}, line {above} {indent}): indent it as the keys it goes with", here=_indent(here),
                    key=context.line + 1, keys=context.column, above=above, indent=_indent(prev)))
            return (line, _indent(here) + 1, msg(
                "yaml-indented-as-none", "this line is indented {here}, as no line above it is (line {key} is "
                "indented {keys}): indent it as the keys it goes with", here=_indent(here), key=context.line + 1,
                keys=context.column))
        return line, col, msg("yaml-key-expected", "a key is expected here, as 'name: value'")
    if "cannot start any token" in said and 0 < col <= len(here) + 1:
        char = here[col - 1] if col <= len(here) else ""
        return line, col, msg("yaml-value-start", "a value cannot begin with {char}: put it in quotes", char=echo(char))
    return line, col, msg("yaml-reader", "the YAML reader says: {said}", said=said)


def _refuse_deep(yaml: Any, loader: Any, text: str, name: str) -> None:
    """Refuse, at its place, a document nested deeper than ``MAX_DEPTH``, from the parser's events (libyaml's
    parser keeps its own stack, where its composer recurses and would crash the process on deep enough nesting)."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH + 1:
                m = event.start_mark
                raise LoadFailure(Problem(name, m.line + 1, m.column + 1, "", TOO_DEEP))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def load_file(path: Path | str) -> Located:
    """A YAML or JSON file loaded safely, with positions (``read_source``'s bounds, then ``load_text``)."""
    return load_text(read_source(path), str(path))


def read_source(path: Path | str, limit: int = MAX_BYTES) -> str:
    """A user's file as text, refusing what is larger than ``limit``, unreadable or not UTF-8.

    Whatever the file is: a regular file is refused by its size; a device or a
    pipe is read no further than the limit (``/dev/zero`` never ends), and is
    opened without waiting for a writer (a FIFO nobody writes to reads as empty,
    where a plain open would block for ever).
    """
    return "".join(text_pieces(path, limit))


def text_pieces(path: Path | str, limit: int = MAX_BYTES, size: int = 1 << 16) -> Iterator[str]:
    """A user's file as pieces of text of some ``size`` characters, read as they are asked for, with
    ``read_source``'s bounds: ``LoadFailure`` where the file is larger than ``limit``, unreadable or not UTF-8."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
        raise LoadFailure(Problem(name, 1, 1, "", cannot_read(getattr(exc, 'strerror', None) or str(exc)))) from None
    decoder = codecs.getincrementaldecoder("utf-8")()
    got = 0
    try:
        info = os.fstat(fd)
        if stat.S_ISREG(info.st_mode) and info.st_size > limit:
            raise LoadFailure(Problem(name, 1, 1, "", msg("too-large-sized", "file is larger than {most} bytes ({size})",
                                                          most=limit, size=info.st_size)))
        os.set_blocking(fd, True)  # a pipe with a writer is read as it is written, to its end
        while True:
            raw = _read_upto(fd, min(size, limit + 1 - got))
            got += len(raw)
            if got > limit:
                raise LoadFailure(Problem(name, 1, 1, "", msg("too-large-stream", "file is larger than {most} bytes (a "
                                                              "device or a pipe that does not end?)", most=limit)))
            if not raw and not got and not stat.S_ISREG(info.st_mode):
                raise LoadFailure(Problem(name, 1, 1, "", msg("nothing-to-read", "nothing to read (a pipe or a device with "
                                                              "no writer?)")))
            try:
                text = decoder.decode(raw, final=not raw)
            except UnicodeDecodeError as exc:
                raise LoadFailure(Problem(name, 1, 1, "", not_utf8(got - len(raw) + exc.start))) from None
            if text or not raw:
                yield text
            if not raw:
                return
    except OSError as exc:
        raise LoadFailure(Problem(name, 1, 1, "", cannot_read(exc.strerror or str(exc)))) from None
    finally:
        os.close(fd)


def cannot_read(why: str) -> Message:
    """What is said of a file the system will not read, with the system's reason."""
    return msg("cannot-read", "cannot read file: {why}", why=Word(why))


def not_utf8(byte: int) -> Message:
    """What is said of a file that is not UTF-8, with the place of its first bad byte."""
    return msg("not-utf8", "not UTF-8 text (byte {byte})", byte=byte)


def _read_upto(fd: int, limit: int) -> bytes:
    """At most ``limit`` bytes of a file descriptor, fewer where it ends first."""
    chunks, got = [], 0
    while got < limit:
        chunk = os.read(fd, min(limit - got, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)
