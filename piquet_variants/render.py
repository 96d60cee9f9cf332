"""Output formats shared by every command: terminal tables, Markdown, JSON.

Commands build their output as a ``Report`` of blocks (headings,
paragraphs, lists, tables) of plain text, or as JSON-ready data, and hand
it here, so each format is written once.  Everything is rendered to a
string before anything is printed: a command that fails prints nothing
half-way.

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .i18n import Lang, t

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


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns wrapped to fit the terminal's width, figures aligned right; headers in bold (and colour, unless
    NO_COLOR) on a terminal."""
    from io import StringIO

    from rich import box
    from rich.console import Console
    from rich.table import Table

    out, room = StringIO(), width()
    console = Console(file=out, width=room, force_terminal=sys.stdout.isatty(), markup=False, emoji=False,
                      highlight=False, soft_wrap=False)
    grid_ = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold cyan",
                  collapse_padding=True)
    for i, h in enumerate(headers):
        # The first column names the row (a rule, a ruleset, a category): kept whole where it can be.
        whole = max([len(h)] + [len(r[0]) for r in rows]) if i == 0 else room
        figures = bool(rows) and all(_FIGURE.fullmatch(r[i]) for r in rows)
        grid_.add_column(h, overflow="fold", width=whole if whole <= room // 3 else None,
                         justify="right" if figures else "left")
    for row in rows:
        grid_.add_row(*row)
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


def grid(fmt: OutputFormat, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A terminal table or a Markdown table of the same rows of plain text."""
    if fmt == "markdown":
        return markdown([md_text(h) for h in headers], [[md_text(c) for c in row] for row in rows])
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

    def table(self, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> Report:
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


def format_value(value: Any, lang: Lang = "en") -> str:
    """A rule value as a reader writes it: ranks in a row, maps as key=value."""
    if value is None:
        return t("none", lang)
    if isinstance(value, bool):
        return t("yes" if value else "no", lang)
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return " ".join(f"{k}={format_value(v, lang)}" for k, v in value)
    if isinstance(value, (tuple, list)):
        return " ".join(format_value(v, lang) for v in value) if value else "-"
    return str(value)
