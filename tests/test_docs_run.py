"""The command lines the README and docs/*.md show run as written, from a folder that is not the checkout.

Every line of an indented or fenced shell block that calls ``piquet-variants`` is run in-process, in a fresh
folder; the files a line names as the reader's own (a ruleset, a record, a transcription, a simulation's
JSON) are written there first, as a reader would have them.  A simulation runs 200 deals where the line asks
for more: the line is checked as written, and the figures it gives are the simulation tests' to check.  Where a
fenced command is followed by the table it prints, and the table does not hang on a simulation's deals (whose
figures move with their number, and whose runs in the docs are of thousands of deals), the command is run and
its table compared, row by row.  The Python blocks are run by tests/test_docs_python.py.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from piquet_variants.cli import main

from .conftest import ROOT
from .test_own_rulesets import HOYLE, HOYLE_SOURCES, HOYLE_TEXT

DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A shell line of a code block: indented four spaces (or in a fence), calling the command, maybe after an install.
_LINE = re.compile(r"^(?: {4}|)(?:python -m pip install [^&]*&& )?(piquet-variants .*)$")


def _commands() -> list[tuple[str, int, str]]:
    found = []
    for doc in DOCS:
        fenced = False
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                fenced = not fenced
                continue
            if not (fenced or line.startswith("    ")):
                continue
            match = _LINE.match(line.strip() if fenced else line)
            # a pipe or a redirection is the shell's; "[-r B …]" is a synopsis, not an example
            if match and not re.search(r"[|>]|\[-|…", match[1]):
                found.append((doc.name, n, match[1]))
    return found


COMMANDS = _commands()


def _readers_files(folder: Path) -> None:
    """What the docs' lines name as the reader's own, made from the shipped files and a user's ruleset."""
    (folder / "hoyle.yaml").write_text(HOYLE, encoding="utf-8")
    (folder / "sources.yaml").write_text(HOYLE_SOURCES, encoding="utf-8")
    (folder / "transcriptions").mkdir()
    (folder / "transcriptions" / "hoyle.txt").write_text(HOYLE_TEXT, encoding="utf-8")
    rules = (ROOT / "rulesets" / "traite.yaml").read_text(encoding="utf-8")
    (folder / "my-ruleset.yaml").write_text(rules.replace("id: traite\n", "id: my-ruleset\n", 1), encoding="utf-8")
    shutil.copy(ROOT / "docs" / "deals" / "rubicon-partie.piquet", folder / "game.piquet")
    (folder / "my-deals").mkdir()
    shutil.copy(ROOT / "docs" / "deals" / "traite-art12.piquet", folder / "my-deals")
    shutil.copy(ROOT / "tests" / "data" / "simulation.json", folder / "simulation.json")
    shutil.copy(ROOT / "tests" / "data" / "agreement.json", folder / "agreement.json")


def test_the_docs_show_commands() -> None:
    assert len(COMMANDS) >= 10 and {doc for doc, _, _ in COMMANDS} >= {"README.md", "cli.md", "report.md"}


@pytest.mark.parametrize(("doc", "line", "command"), COMMANDS, ids=[f"{d}:{n}" for d, n, _ in COMMANDS])
def test_a_docs_command_runs_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys,  # noqa: ANN001
                                             doc: str, line: int, command: str) -> None:
    _readers_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PIQUET_VARIANTS_PATH", raising=False)
    args = shlex.split(command, comments=True)[1:]
    if args[0] == "simulate" and "--deals" in args:
        # the command is what is tested, not its figures: a search player (who solves each card on drawn deals)
        # plays one deal
        players = args[args.index("--players") + 1] if "--players" in args else ""
        most = 1 if "search" in players else 200
        args[args.index("--deals") + 1] = str(min(most, int(args[args.index("--deals") + 1])))
    code = main(args)
    err = capsys.readouterr().err
    assert code in (0, 3), f"{doc}:{line}: {command}: status {code}\n{err}"  # 3: a book's figure disagrees


def _shown() -> list[tuple[str, int, str, list[str]]]:
    """Each fenced command followed by a table (before the next block or heading): where it is, the command,
    and the table's rows as shown."""
    found = []
    for doc in DOCS:
        lines = doc.read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            match = _LINE.match(line)
            if not (match and n and lines[n - 1] == "```" and n + 1 < len(lines) and lines[n + 1] == "```"):
                continue
            rest = lines[n + 2:]
            while rest and not rest[0].startswith(("|", "```", "#")):  # the prose that comes before the table
                rest = rest[1:]
            table = []
            while rest and rest[0].startswith("|"):
                table, rest = table + [rest[0]], rest[1:]
            if table and not re.search(r"\[-|…|\bsimulate\b", match[1]):
                found.append((doc.name, n + 1, match[1], table))
    return found


SHOWN = _shown()


def test_the_docs_show_a_command_with_its_output() -> None:
    assert SHOWN


@pytest.mark.parametrize(("doc", "line", "command", "table"), SHOWN, ids=[f"{d}:{n}" for d, n, _, _ in SHOWN])
def test_a_docs_table_is_what_its_command_prints(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys,  # noqa: ANN001
                                                 doc: str, line: int, command: str, table: list[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "400")
    assert main(shlex.split(command)[1:]) in (0, 3)
    printed = [row for row in capsys.readouterr().out.splitlines() if row.startswith("|")]
    assert printed == table, f"{doc}:{line}: {command} prints another table"
