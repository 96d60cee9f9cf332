"""The figures the docs print are the ones their commands print: each table that follows a command shown in a
docs page (docs/*.md) is that command's own, at the seed and size the command names.

A table is checked where a fenced block holding one ``piquet-variants … --format markdown`` line is followed,
before the next heading or block, by a Markdown table: the command is run here and its output must hold the
table, row for row, as it renders (the escapes of the two Markdown writers aside).  Exact odds take a second
and are always checked; a simulation of many thousand deals takes minutes of a small machine, and is checked
under CI's long runs (``PIQUET_VARIANTS_LONG_TESTS``).  A figure a page changes by hand, or a change to the
engine that moves one, fails here until the page is written again from its command.
"""

from __future__ import annotations

import re
import shlex

import pytest

from .conftest import LONG, ROOT

DOCS = sorted((ROOT / "docs").glob("*.md"))
#: A command block, and the text after it up to the next heading or block.
_SHOWN = re.compile(r"^```\n(piquet-variants [^\n]*--format markdown)\n```\n(.*?)(?=^```|^#|\Z)", re.M | re.S)
#: A command that runs for long: a simulation (the odds are exact, and quick).
_LONG = ("simulate",)


def _rows(markdown: str) -> list[list[str]]:
    """The rows of every table of a Markdown text, each cell as it renders: its escapes undone, its spaces
    trimmed."""
    rows = []
    for line in markdown.splitlines():
        if line.startswith("|") and not re.fullmatch(r"\|(-+\|)+", line):
            cells = re.split(r"(?<!\\)\|", line.strip())[1:-1]
            rows.append([re.sub(r"\\(.)", r"\1", c).strip() for c in cells])
    return rows


def _shown() -> list[tuple[str, str, list[list[str]]]]:
    found = []
    for doc in DOCS:
        for match in _SHOWN.finditer(doc.read_text(encoding="utf-8")):
            command, after = match.groups()
            if "[" not in command and "…" not in command and _rows(after):
                found.append((doc.name, command, _rows(after)))
    return found


SHOWN = _shown()


def test_the_docs_show_tables_beside_their_commands() -> None:
    names = {(doc, command.split()[1]) for doc, command, _ in SHOWN}
    assert {("statistics.md", "odds"), ("statistics.md", "simulate")} <= names
    assert sum(1 for doc, command, _ in SHOWN if command.split()[1] == "odds") >= 2


@pytest.mark.parametrize(("doc", "command", "rows"), SHOWN, ids=[f"{d}: {c[16:70]}" for d, c, _ in SHOWN])
def test_a_table_in_the_docs_is_what_its_command_prints(cli, doc: str, command: str,
                                                        rows: list[list[str]]) -> None:
    if command.split()[1] in _LONG and not LONG:
        pytest.skip("a simulation of many deals: CI's long runs check it (PIQUET_VARIANTS_LONG_TESTS=1)")
    code, out, err = cli(*shlex.split(command)[1:])
    assert code == 0, err
    printed = _rows(out)
    stale = [row for row in rows if row not in printed]
    assert not stale, f"{doc}: `{command}` no longer prints {len(stale)} of its rows, the first: {stale[0]}"
