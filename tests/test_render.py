"""Every --format markdown output renders (markdown-it-py) to the structure meant; every table fits the terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

from piquet_variants import render
from piquet_variants.engine.scoring import CATEGORIES
from piquet_variants.i18n import t
from piquet_variants.ruleset.registry import shipped_ids

from .conftest import ROOT

DEALS = ROOT / "docs" / "deals"
CORPUS = sorted(p for p in DEALS.iterdir() if p.suffix in (".piquet", ".json"))
_MD = MarkdownIt("commonmark").enable("table")


def blocks(md: str) -> list[tuple[str, Any]]:
    """The rendered document's top-level blocks: ("heading", (level, text)), ("paragraph", text),
    ("list", [(depth, text)]), ("table", (headers, rows)); an ordered list or code block is ("other", kind)."""
    out: list[tuple[str, Any]] = []
    tokens = _MD.parse(md)
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == "heading_open":
            out.append(("heading", (int(tok.tag[1]), _plain(tokens[i + 1]))))
            i += 3
        elif tok.type == "paragraph_open":
            out.append(("paragraph", _plain(tokens[i + 1])))
            i += 3
        elif tok.type == "bullet_list_open":
            items, depth = [], 0
            while True:
                t = tokens[i]
                depth += t.nesting if t.type in ("bullet_list_open", "bullet_list_close") else 0
                if t.type == "inline":
                    items.append((depth - 1, _plain(t)))
                i += 1
                if depth == 0:
                    break
            out.append(("list", items))
        elif tok.type == "table_open":
            rows, row = [], []
            while tokens[i].type != "table_close":
                if tokens[i].type == "inline":
                    row.append(_plain(tokens[i]))
                elif tokens[i].type == "tr_close":
                    rows.append(row)
                    row = []
                i += 1
            out.append(("table", (rows[0], rows[1:])))
            i += 1
        else:
            out.append(("other", tok.type))
            i += 1
    return out


def _plain(inline: Any) -> str:
    """The text a reader sees: what markdown-it renders as text, markup dropped (no emphasis or links); the one
    markup allowed is a rule path as code on a line of its own under its words, for those who type it back."""
    children = inline.children or []
    kinds = {c.type for c in children}
    assert kinds <= {"text", "softbreak", "code_inline", "html_inline"}, f"markup in {inline.content!r}: {kinds}"
    assert all(c.content == "<br>" for c in children if c.type == "html_inline"), inline.content
    return "".join(c.content if c.type in ("text", "code_inline") else " " for c in children)


def _md(cli, *args: str) -> list[tuple[str, Any]]:
    code, out, err = cli(*args, "--format", "markdown")
    assert code in (0, 3) and "Traceback" not in err, err
    return blocks(out)


def _tables(doc: list[tuple[str, Any]]) -> list[tuple[list[str], list[list[str]]]]:
    return [v for k, v in doc if k == "table"]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_replay_markdown_renders_to_its_scores_notes_and_narrative(cli, path: Path) -> None:
    rulesets = ["-r", "traite", "-r", "cavendish-rubicon"] if "art12" in path.name else []
    doc = _md(cli, "replay", str(path), *rulesets)
    code, out, _ = cli("replay", str(path), *rulesets, "--format", "json")
    results = json.loads(out)["results"]
    several = len({r["record"] for r in results}) > 1
    where = [f"{path} #{r['record']}" if several else str(path) for r in results]
    assert [v[1] for k, v in doc if k == "heading"] == [f"{w}: {r['ruleset']}" for w, r in zip(where, results)]
    assert not [v for k, v in doc if k == "other"]  # no ordered list, code block or stray rule
    scored = [d for r in results for d in r["deals"] if not d.get("void")]
    tables = _tables(doc)
    assert len(tables) == len(scored)
    for (headers, rows), deal in zip(tables, scored):
        players = list(deal["scores"])
        assert headers == ["category", *players]
        # every row is a category the deal scored, with the JSON's figures, and nothing else is a row
        wanted = [[t(c), *(str(deal["scores"][p]["by"][c]) for p in players)]
                  for c in CATEGORIES if any(deal["scores"][p]["by"][c] for p in players)]
        assert rows[:-1] == wanted
        assert rows[-1] == ["total", *(str(deal["scores"][p]["total"]) for p in players)]
        assert all(not cell.startswith("!") for row in rows for cell in row)
    notes = [text for k, v in doc if k == "list" for _, text in v if text.startswith("! ")]
    mismatches = [m for r in results for d in r["deals"] for m in d["mismatches"]] + \
                 [m for r in results for m in r["mismatches"]]
    assert len(notes) >= len(mismatches)


def test_replay_markdown_of_art12_under_the_club_laws(cli) -> None:
    doc = _md(cli, "replay", str(DEALS / "traite-art12.piquet"), "-r", "cavendish-rubicon")
    kinds = [k for k, _ in doc]
    table = kinds.index("table")
    # the score table, then its nine mismatch notes as a list outside it
    assert kinds[table + 1:] == ["list"]  # a single coup is no partie: nothing said of one
    notes = doc[table + 1][1]
    assert [text.split(",")[0].split(":")[0] for _, text in notes] == ["! sequences", "! quatorzes and trios",
                                                         "! quatorzes and trios", "! the first lead",
                                                         "! the final score", "! point", "! pique",
                                                         "! the elder's hand", "! the play"]
    narrative = doc[kinds.index("list")][1]
    assert (0, "1. Premier leads A♠") in narrative and (1, "Premier: play +1 «One hundred and nineteen»") in narrative
    assert (1, "point, what it makes: ✓ book 31") in narrative  # nested under the point's dialogue


def test_compare_markdown(cli) -> None:
    doc = _md(cli, "compare", str(DEALS / "traite-art12.piquet"), "-r", "traite", "-r", "modern-fr",
              "-r", "cavendish-rubicon")
    assert doc[0] == ("heading", (2, "deal 1"))
    headers, rows = doc[1][1]
    assert headers == ["category"] + [f"{r}: {p}" for r in ("traite", "modern-fr", "cavendish-rubicon")
                                      for p in ("Premier", "Dernier")]
    assert rows[-1] == ["total", "201", "0", "170", "0", "170", "0"]
    causes = [v for k, v in doc if k == "paragraph"]
    assert "point: rule responsible point.tierce_majeure_score: traite = 4, modern-fr = none" in causes
    cites = [text for k, v in doc if k == "list" for _, text in v]
    assert cites and all(c.startswith(("traite: ", "modern-fr: ", "cavendish-rubicon: ")) for c in cites)
    assert any("Du Piquet" in c for c in cites)


def test_rulesets_markdown(cli) -> None:
    code, out, _ = cli("rulesets", "list", "--format", "json")
    listed = json.loads(out)
    (headers, rows), = _tables(_md(cli, "rulesets", "list"))
    assert headers == ["id", "title", "sources", "extends", "options"]
    assert [(r[0], r[1]) for r in rows] == [(d["id"], d["title"]) for d in listed]
    doc = _md(cli, "rulesets", "show", "traite")
    assert doc[0][0] == "heading" and doc[0][1][1].startswith("traite: ")
    (headers, rows), = _tables(doc)
    assert "pique with repique in one deal pique.with_repique" in [r[0] for r in rows] and all(len(r) == len(headers) for r in rows)
    code, out, _ = cli("rulesets", "diff", "traite", "cavendish-rubicon", "--format", "json")
    (headers, rows), = _tables(_md(cli, "rulesets", "diff", "traite", "cavendish-rubicon"))
    assert [r[0].split()[-1] for r in rows] == [d["path"] for d in json.loads(out)]
    # cite: a heading, then each citation an ordered item whose title is in italics (real emphasis), with
    # its quote and attestation a list under it; then the bibliography
    code, out, _ = cli("rulesets", "cite", "cavendish-rubicon", "pique.with_repique", "--format", "markdown")
    tokens = MarkdownIt("commonmark").parse(out)
    kinds = [tok.type for tok in tokens if tok.nesting >= 0 and tok.type != "inline"]
    assert kinds[:3] == ["heading_open", "ordered_list_open", "list_item_open"]
    inlines = [tok for tok in tokens if tok.type == "inline"]
    assert "".join(c.content for c in inlines[0].children or []) == ("cavendish-rubicon: pique with repique in one deal "
                                                                     "(pique.with_repique): no")
    assert "em_open" in {c.type for c in inlines[1].children or []} and "Law" in inlines[1].content


def test_validate_markdown(cli) -> None:
    files = [str(ROOT / "rulesets" / f"{r}.yaml") for r in ("traite", "marquoir")]
    said = [f"{files[0]}: valid", f"{files[1]}: valid (quotes not checked, the text not being shipped: marquoir)"]
    assert _md(cli, "rulesets", "validate", *files) == [("list", [(0, line) for line in said])]


def test_examples_markdown(cli) -> None:
    (headers, rows), = _tables(_md(cli, "examples"))
    shipped = sorted(p for p in DEALS.rglob("*") if p.suffix in (".piquet", ".json"))  # the Cases' folder too
    assert [r[1] for r in rows] == [p.relative_to(DEALS).as_posix() for p in shipped]


def test_markdown_escapes_what_would_be_markup() -> None:
    awkward = ["1. A♠", "- x", "# 3", "+4", "a|b", "*x* _y_ `z` [l](u) <b> &amp; ~s~", "  indented", "a\nb"]
    report = render.Report().heading("# h").paragraph(awkward[0]).items([(0, t) for t in awkward])
    report.table(["a|b", "c"], [[t, t] for t in awkward])
    doc = blocks(report.render("markdown"))
    seen = [t.strip().replace("\n", " ") for t in awkward]
    assert doc[0] == ("heading", (2, "# h")) and doc[1] == ("paragraph", "1. A♠")
    assert doc[2] == ("list", [(0, t) for t in seen])
    assert doc[3] == ("table", (["a|b", "c"], [[t, t] for t in seen]))


# Tables: every one printed by these commands, captured as printed.
TABLE_COMMANDS = [
    ("rulesets", "list"), ("rulesets", "list", "--lang", "fr"), ("rulesets", "show", "traite"),
    ("rulesets", "show", "cavendish-au-cent"), ("examples",),
    *[("rulesets", "diff", a, b) for a, b in (("traite", "cavendish-rubicon"), ("modern-fr", "marquoir"),
                                               ("cavendish-au-cent", "traite-languedoc"))],
    ("compare", "example:traite-art12", "-r", "traite", "-r", "modern-fr", "-r", "cavendish-rubicon"),
    ("compare", "example:rubicon-partie", *[a for r in shipped_ids() for a in ("-r", r)]),
    ("replay", "example:rubicon-partie", "-r", "cavendish-rubicon", "-r", "marquoir", "--lang", "fr"),
]


@pytest.mark.parametrize("args", TABLE_COMMANDS, ids=" ".join)
def test_every_table_fits_80_columns(cli, monkeypatch, args: tuple[str, ...]) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    printed: list[str] = []
    drawn = render.table

    def table(headers: Any, rows: Any) -> str:
        printed.append(drawn(headers, rows))
        return printed[-1]

    monkeypatch.setattr(render, "table", table)
    code, out, _ = cli(*args)
    assert code in (0, 3) and printed
    for text in printed:
        assert text in out
        assert max(len(line) for line in text.splitlines()) <= 80, text
    if args[:2] in (("rulesets", "list"), ("rulesets", "diff"), ("examples",)):  # nothing but the table
        assert max(len(line) for line in out.splitlines()) <= 80


def test_piped_tables_are_plain_and_whole(cli, monkeypatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    code, out, _ = cli("rulesets", "list")
    assert "\x1b" not in out
    code, listed, _ = cli("rulesets", "list", "--format", "json")
    for d in json.loads(listed):  # each row on one line: grep finds it
        assert any(line.startswith(d["id"] + " ") and d["title"] in line for line in out.splitlines())


def _on_a_terminal(env: dict[str, str]) -> str:
    """``rulesets list`` run with its output on a pseudo-terminal."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "piquet_variants", "rulesets", "list"], stdout=follower,
                            stderr=subprocess.PIPE, env={k: v for k, v in {**os.environ, **env}.items() if v})
    os.close(follower)
    out = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closes when the command exits
            break
        if not chunk:
            break
        out += chunk
    os.close(leader)
    assert proc.wait(timeout=60) == 0
    return out.decode()


def test_colour_on_a_terminal_and_none_under_no_color() -> None:
    coloured = _on_a_terminal({"TERM": "xterm-256color", "NO_COLOR": "", "COLUMNS": "100"})
    assert "\x1b[1;36m" in coloured  # bold cyan headers
    plain = _on_a_terminal({"TERM": "xterm-256color", "NO_COLOR": "1", "COLUMNS": "100"})
    assert "\x1b[1m" in plain and "36m" not in plain  # still bold, no colour
    assert max(len(line) for line in coloured.replace("\x1b[1;36m", "").replace("\x1b[0m", "").splitlines()) <= 100
