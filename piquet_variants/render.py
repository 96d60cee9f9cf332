"""Output formats shared by every command: terminal tables, Markdown, JSON.

Commands build their output as a ``Report`` of blocks (headings,
paragraphs, lists, tables) of plain text, or as JSON-ready data, and hand
it here, so each format is written once.  A command that reads a file
of records writes each record's part as it is made (``Streamed``), the
same text as the whole would render, so that no output is held whole.

Terminal tables are drawn by rich, fitted to the terminal's width (or
``COLUMNS``), with plain text and whole lines when the output is not a
terminal, and no colour under ``NO_COLOR``.  rich is imported only when a table is drawn: it
is a tenth of the start-up of a command that prints none.  Markdown is
CommonMark with GitHub's tables: every plain-text piece is escaped, so a
player's name or a card like ``1. A♠`` renders as written, not as markup.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

OutputFormat = Literal["table", "json", "markdown"]


def json_text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


#: A table piped to a file or a program is not wrapped (its lines stay whole for grep); COLUMNS still applies.
UNWRAPPED = 100_000


def width() -> int:
    """The width to fit: ``COLUMNS`` if set, else the terminal's; no limit when the output is not a terminal."""
    if "COLUMNS" in os.environ or sys.stdout.isatty():
        return shutil.get_terminal_size().columns
    return UNWRAPPED


_FIGURE = re.compile(r"[-+−]?\d+")


@dataclass(frozen=True)
class Term:
    """A cell that names a program id in words: the words, with the id beneath (terminal) or as code (Markdown)
    for those who type it back."""

    words: str
    id: str

    def __str__(self) -> str:
        return f"{self.words}\n{self.id}"


Cell = str | Term

#: Where a long token may break across lines: after the dot of a rule path (never inside a word or an id).
_PIECE = re.compile(r"[^.\s]*(?:\.|$)")


def _pieces(word: str) -> list[str]:
    return [p for p in _PIECE.findall(word) if p] or [word]


def _wrap(text: str, room: int) -> list[str]:
    """Lines of at most ``room`` characters, broken between words or after a path's dots, never inside a word."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            for i, piece in enumerate(_pieces(word) if len(word) > room else [word]):
                glue = "" if i or not line else " "
                if line and len(line) + len(glue) + len(piece) > room:
                    out.append(line)
                    line, glue = "", ""
                line += glue + piece
        out.append(line)
    return out


def hanging(head: str, text: str) -> str:
    """``head`` then ``text``, wrapped to the width between words, its following lines indented under the text
    (a numbered note: ``[12] Cavendish, Law 61…``)."""
    room = max(width() - len(head) - 1, 20)
    pad = "\n" + " " * (len(head) + 1)
    return head + " " + pad.join(_wrap(text, room))


def _least(text: str) -> int:
    """The narrowest a cell can be without breaking a word or an id."""
    return max((len(p) for w in text.split() for p in _pieces(w)), default=0)


GAP = 2  # spaces between two columns


def _widths(columns: list[list[str]], room: int) -> list[int] | None:
    """Each column's width: at least its longest unbreakable piece, grown toward its longest line while the room
    lasts, the narrowest-fitting first; None where the columns cannot all fit so."""
    least = [max(_least(c) for c in col) for col in columns]
    natural = [max(len(line) for c in col for line in c.split("\n")) for col in columns]
    if sum(least) + GAP * (len(least) - 1) > room:
        return None
    widths = least[:]
    spare = room - sum(widths) - GAP * (len(widths) - 1)
    while spare > 0:
        short = [i for i in range(len(widths)) if widths[i] < natural[i]]
        if not short:
            break
        i = max(short, key=lambda j: (natural[j] - widths[j]) / natural[j])
        widths[i] += 1
        spare -= 1
    return widths


def _stacked(headers: Sequence[str], rows: list[list[str]], room: int) -> str:
    """A table too wide for the room, told row by row: the first cell, then each other as "header: value" beneath
    it, indented, so that every cell is whole and nothing is left out."""
    blocks = []
    for row in rows:
        lines = _wrap(row[0], room)
        for head, cell in zip(headers[1:], row[1:]):
            if cell:
                lines += ["  " + line for line in _wrap(f"{head}: {cell}", room - 2)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def table(headers: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    """Columns wrapped to fit the terminal's width, figures aligned right; headers in bold (and colour, unless
    NO_COLOR) on a terminal.

    A cell breaks only between words or after the dot of a rule path, so that what a user types back (a rule
    path, an id, a word) is never cut; where the columns cannot all fit so, each row is told on lines of its own
    (``_stacked``).
    """
    from io import StringIO

    from rich import box
    from rich.console import Console
    from rich.table import Table

    out, room = StringIO(), width()
    texts = [[str(c) for c in row] for row in rows]
    columns = [[h] + [r[i] for r in texts] for i, h in enumerate(headers)]
    widths = _widths(columns, room)
    if widths is None:
        return _stacked(headers, texts, room)
    console = Console(file=out, width=room, force_terminal=sys.stdout.isatty(), markup=False, emoji=False,
                      highlight=False, soft_wrap=False)
    grid_ = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold cyan",
                  padding=(0, GAP - 1, 0, 0), collapse_padding=True)  # the box adds one space
    for i in range(len(headers)):
        figures = bool(rows) and all(_FIGURE.fullmatch(r[i]) for r in texts)
        grid_.add_column("\n".join(_wrap(headers[i], widths[i])), no_wrap=True, width=widths[i],
                         justify="right" if figures else "left")
    for row in texts:
        grid_.add_row(*("\n".join(_wrap(cell, w)) for cell, w in zip(row, widths)))
    console.print(grid_)
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").split("\n"))


_INLINE = re.compile(r"([\\`*_\[\]<>&~])")
_LINE_START = re.compile(r"^([#>=+-]|\d+(?=[.)]))")


def md_text(text: str) -> str:
    """Plain text as Markdown that renders to the same text, on one line (leading spaces would make code)."""
    text = _INLINE.sub(r"\\\1", " ".join(text.split("\n")).strip())
    match = _LINE_START.match(text)
    if match is None:
        return text
    if match.group(1).isdigit():  # "1. A♠" would open an ordered list
        return f"{match.group(1)}\\{text[match.end():]}"
    return "\\" + text


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table of cells that are Markdown already (the generated docs write code spans in them)."""
    out = ["| " + " | ".join(_md_cell(h) for h in headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def md_cell(cell: Cell) -> str:
    """A cell of plain text, or a term, as Markdown."""
    return f"{md_text(cell.words)}<br>`{cell.id}`" if isinstance(cell, Term) else md_text(cell)


def grid(fmt: OutputFormat, headers: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    """A terminal table or a Markdown table of the same rows of plain text (and terms)."""
    if fmt == "markdown":
        return markdown([md_text(h) for h in headers], [[md_cell(c) for c in row] for row in rows])
    return table(headers, rows)


@dataclass
class Report:
    """A command's output as blocks of plain text, rendered whole in one format.

    In a terminal a heading or a paragraph is its text after a blank line,
    and a list item is indented two spaces a level; in Markdown they are a
    heading, a paragraph and a (nested) bullet list, and a blank line parts
    every two blocks, so that nothing after a table is read as one of its
    rows.
    """

    blocks: list[tuple[str, Any]] = field(default_factory=list)

    def heading(self, text: str, level: int = 2) -> Report:
        self.blocks.append(("heading", (level, text)))
        return self

    def paragraph(self, text: str) -> Report:
        self.blocks.append(("paragraph", text))
        return self

    def items(self, items: Sequence[tuple[int, str]]) -> Report:
        """A list of (depth, text), depth 0 the outermost; an empty list adds nothing."""
        if items:
            self.blocks.append(("items", list(items)))
        return self

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[Cell]]) -> Report:
        self.blocks.append(("table", (headers, rows)))
        return self

    def extend(self, other: Report) -> Report:
        self.blocks += other.blocks
        return self

    def render(self, fmt: OutputFormat) -> str:
        out = ""
        for kind, value in self.blocks:
            # in a terminal a list or a table follows the line that introduces it
            tight = fmt != "markdown" and kind in ("items", "table")
            out += ("\n" if tight else "\n\n") * bool(out) + _block(kind, value, fmt)
        return out


def _block(kind: str, value: Any, fmt: OutputFormat) -> str:
    if kind == "table":
        return grid(fmt, *value)
    if fmt != "markdown":
        if kind == "items":
            return "\n".join("  " * (depth + 1) + text for depth, text in value)
        return value[1] if kind == "heading" else value
    if kind == "heading":
        return "#" * value[0] + " " + md_text(value[1])
    if kind == "paragraph":
        return md_text(value)
    lines: list[str] = []
    open_: list[int] = []  # the depths asked for by the items this one may nest in
    for want, text in value:
        while open_ and open_[-1] >= want:
            open_.pop()
        lines.append("  " * len(open_) + "- " + md_text(text))  # a list nests one level at a time
        open_.append(want)
    return "\n".join(lines)


class Streamed:
    """A command's output written a part at a time, as each record's is made, and never held whole: the text the
    parts' ``Report``s would render as one, or the JSON object of ``head``'s members and, last, the list of the
    parts' data under ``key``, indented as ``json_text`` indents it."""

    def __init__(self, fmt: OutputFormat, write: Callable[[str], None], key: str = "results",
                 head: dict[str, Any] | None = None) -> None:
        self.fmt, self.write, self.key, self.head = fmt, write, key, head or {}
        self.parts = 0

    def add(self, report: Report, data: Any) -> None:
        """One part: its report for a text format, its data for JSON."""
        if self.fmt != "json":
            text = report.render(self.fmt)
            if text:
                self.write(("\n\n" if self.parts else "") + text)
                self.parts += 1
            return
        if not self.parts:
            opening = json_text(self.head | {self.key: [None]})
            self.write(opening[:opening.rindex("null")].rstrip())
        self.write(("," if self.parts else "") + "\n" + "\n".join("    " + line for line in json_text(data).split("\n")))
        self.parts += 1

    def close(self) -> None:
        """The end of the output, and a line break; where no part was written, the output of none."""
        if self.fmt != "json":
            self.write("\n")
        elif self.parts:
            self.write("\n  ]\n}\n")
        else:
            self.write(json_text(self.head | {self.key: []}) + "\n")
