"""The Python the docs show runs as written, from a folder that is not the checkout, and says what they say.

Every ```python block of README.md and docs/*.md runs, the blocks of one page in order in one namespace (a
later block uses what an earlier one defined).  A statement whose line ends in a comment giving its result
is held to it: a ``print(...)`` must print the comment's first words (up to the first ``:``, ``,`` or ``…``),
and a bare expression must be them; a comment counts as a result where it begins with a figure (``# 377``) or a
message's place (``# <text>:46:18``).  The figures that a simulation gives are the simulation tests' to check.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import textwrap
from pathlib import Path

import pytest

from .conftest import ROOT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(r"^( *)```python\n(.*?)^\1```", re.M | re.S)
#: The result a comment gives: its words before the first ": ", ", ", " …" or "  ".
_RESULT = re.compile(r"#\s*(.+?)(?::\s|,\s| …|\s{2}|$)")


def _blocks(doc: Path) -> list[tuple[int, str]]:
    text = doc.read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 2, textwrap.dedent(m[2])) for m in _FENCE.finditer(text)]


PAGES = [(doc, _blocks(doc)) for doc in DOCS if _blocks(doc)]


def _said(line: str) -> str | None:
    """The result a line's comment gives, if it gives one: a figure, or a message's place (not prose)."""
    comment = line.partition("  #")[2]
    match = _RESULT.match("#" + comment) if comment else None
    return match[1] if match and re.match(r"[\d<]", match[1]) else None


def _run(block: str, first: int, namespace: dict[str, object], where: str) -> None:
    lines = block.splitlines()
    for stmt in ast.parse(block).body:
        own = lines[stmt.lineno - 1:stmt.end_lineno]
        at = f"{where}:{first + stmt.lineno - 1}"
        said = _said(own[0]) if len(own) == 1 else None
        if isinstance(stmt, ast.Expr) and said is not None and not _printed(own[0]):
            value = eval(compile(ast.Expression(stmt.value), at, "eval"), namespace)  # noqa: S307
            assert str(value) == said, f"{at}: {own[0].strip()} gives {value!r}, the page says {said}"
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(ast.Module([stmt], []), at, "exec"), namespace)  # noqa: S102
        for line in own:  # each print in the statement (in a loop, too) and what its comment says it prints
            said = _said(line) if _printed(line) else None
            assert said is None or said in out.getvalue(), f"{at}: {line.strip()} printed {out.getvalue()!r}"


def _printed(line: str) -> bool:
    return line.lstrip().startswith("print(")


def test_the_docs_show_python() -> None:
    assert {doc.name for doc, _ in PAGES} >= {"api.md", "engine.md"}


@pytest.mark.parametrize(("doc", "blocks"), PAGES, ids=[doc.name for doc, _ in PAGES])
def test_a_docs_python_block_runs_and_gives_what_it_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          doc: Path, blocks: list[tuple[int, str]]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PIQUET_VARIANTS_PATH", raising=False)
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for first, block in blocks:
        _run(block, first, namespace, doc.name)
