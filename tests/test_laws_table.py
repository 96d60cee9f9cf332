"""The table of laws: every law of the club code and every au Cent paragraph accounted for, each with its test.

The table is data (``rulesets/laws/``); this test holds it to the code: every
number listed once, every test it names a test that exists, every rule leaf
it names a leaf of its ruleset.
"""

from __future__ import annotations

import ast
import json
from functools import cache
from pathlib import Path

import pytest

from piquet_variants.rulebook import laws
from piquet_variants.ruleset.compiler import load_ruleset

from .conftest import ROOT

COUNTS = {"cavendish-rubicon": 78, "cavendish-au-cent": 30}


@cache
def _tests_in(file: str) -> frozenset[str]:
    tree = ast.parse((ROOT / file).read_text("utf-8"))
    return frozenset(node.name for node in tree.body if isinstance(node, ast.FunctionDef))


def test_every_law_is_listed_once_with_a_test() -> None:
    assert laws.tabled() == sorted(COUNTS)
    for rid, count in COUNTS.items():
        table = laws.load(rid)
        assert table.count == count and [law.number for law in table.laws] == list(range(1, count + 1))
        for law in table.laws:
            assert law.tests, (rid, law.number)
            assert ("no_effect" in law.kinds) == (law.reason is not None), (rid, law.number)
            assert law.how("en") or law.rules, (rid, law.number)  # a rule leaf, or words saying what is done


@pytest.mark.parametrize("rid", sorted(COUNTS))
def test_every_test_named_exists(rid: str) -> None:
    for law in laws.load(rid).laws:
        for node in law.tests:
            file, _, name = node.partition("::")
            assert (ROOT / file).is_file() and name in _tests_in(file), (rid, law.number, node)


@pytest.mark.parametrize("rid", sorted(COUNTS))
def test_every_rule_named_is_a_leaf_of_the_ruleset(rid: str) -> None:
    rs = load_ruleset(rid)
    leaves = {e.path for e in rs.entries}
    for law in laws.load(rid).laws:
        assert set(law.rules) <= leaves, (rid, law.number, set(law.rules) - leaves)


def test_the_laws_that_change_a_score_are_modelled_not_left_out() -> None:
    """The laws that change a score are held by the engine or a rule, never 'no effect'."""
    club = {law.number: law for law in laws.load("cavendish-rubicon").laws}
    for n in (13, 16, 25, 26, 32, 70, 74, 75):
        assert "no_effect" not in club[n].kinds and ("engine" in club[n].kinds or club[n].rules), n
    au_cent = {law.number: law for law in laws.load("cavendish-au-cent").laws}
    for n in (5, 12, 18, 21, 22, 27):
        assert "no_effect" not in au_cent[n].kinds, n


@pytest.mark.parametrize("rid,count,unit", [("cavendish-rubicon", 78, "laws"), ("cavendish-au-cent", 30, "paragraphs")])
def test_the_command_accounts_for_every_law(cli, rid: str, count: int, unit: str) -> None:
    code, out, _ = cli("rulesets", "laws", rid, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["count"] == doc["accounted"] == count == len(doc["laws"])
    code, out, _ = cli("rulesets", "laws", rid)
    assert code == 0 and f"{count} of {count} {unit}" in out
    code, out, _ = cli("rulesets", "laws", rid, "--format", "markdown", "--lang", "fr")
    assert code == 0 and out.startswith("| ") and "sans effet sur le relevé" in out and f"{count} " in out
    assert "no effect" not in out


def test_a_ruleset_without_a_table_is_refused(cli) -> None:
    code, out, err = cli("rulesets", "laws", "traite")
    assert code == 1 and out == "" and "no table of laws for ruleset 'traite'" in err and "Traceback" not in err


def test_a_table_that_leaves_a_law_out_is_refused(monkeypatch, tmp_path: Path) -> None:
    text = (laws.folder() / "cavendish-au-cent.yaml").read_text("utf-8")
    (tmp_path / "cavendish-au-cent.yaml").write_text(text.replace("  - {law: 4,", "  - {law: 40,"), "utf-8")
    monkeypatch.setattr(laws, "folder", lambda: tmp_path)
    with pytest.raises(laws.RulesetError, match=r"missing \[4\], repeated or out of range \[40\]"):
        laws.load("cavendish-au-cent")
