"""A user's own rulesets and sources: found on the search path, cited, validated against their own texts.

The files are the user's, written by the test; the Hoyle text below is a stand-in
written for the test, not a quotation of Hoyle.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import ROOT, SHARED

HOYLE_SOURCES = """\
sources:
  hoyle:
    type: book
    title: "A short treatise on the game of piquet"
    author: [{family: Hoyle, given: Edmond}]
    publisher_place: London
    issued: 1744
    public_domain: true
    text: hoyle.txt
"""

HOYLE = """\
id: hoyle
title: "Hoyle's piquet, as this user reads it"
extends: cavendish-rubicon
sources: [hoyle]
inherit_cite: {source: hoyle, locator: "Laws 1-3", attestation: unstated, note: "Assumed to be the club laws."}
rules:
  point:
    compare:
      value: value
      cite: [{source: hoyle, locator: "Law 3, p. 12", attestation: stated, quote: "the greatest number of pips wins the point"}]
"""

HOYLE_TEXT = """\
[p. 11]
1. A stand-in text for the test.
2. It is laid out as a book of numbered laws.
[p. 12]
3. Of the point: the greatest number of pips wins the point.
"""


@pytest.fixture
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder, made the working directory, holding a user's hoyle.yaml and its sources.yaml."""
    (tmp_path / "hoyle.yaml").write_text(HOYLE, encoding="utf-8")
    (tmp_path / "sources.yaml").write_text(HOYLE_SOURCES, encoding="utf-8")
    (tmp_path / "texts").mkdir()
    (tmp_path / "texts" / "hoyle.txt").write_text(HOYLE_TEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PIQUET_VARIANTS_PATH", raising=False)
    return tmp_path


def test_must_show_a_users_hoyle(cli, user_dir: Path) -> None:
    code, out, err = cli("rulesets", "validate", "hoyle.yaml", "--texts", "texts")
    assert (code, err) == (0, "") and "hoyle.yaml: valid" in out
    code, out, _ = cli("--rulesets", ".", "rulesets", "show", "hoyle", "--format", "json")
    rules = {r["path"]: r for r in json.loads(out)["rules"]}
    assert code == 0 and rules["point.compare"]["value"] == "value"
    assert rules["point.compare"]["citations"][0]["source"] == "hoyle"
    code, out, _ = cli("--rulesets", ".", "rulesets", "diff", "hoyle", "cavendish-rubicon", "--format", "json")
    assert code == 0 and [r["path"] for r in json.loads(out)] == ["point.compare"]
    record = ROOT / "docs" / "deals" / "traite-art12.piquet"
    code, out, _ = cli("--rulesets", ".", "replay", str(record), "-r", "hoyle", "--format", "json")
    assert code == 3 and json.loads(out)["results"][0]["ruleset"] == "hoyle"  # 170, not the book's 201
    code, out, _ = cli("--rulesets", ".", "rulesets", "sources", "hoyle", "--format", "bibtex")
    from pybtex.database import parse_string
    entries = parse_string(out, "bibtex").entries
    assert code == 0 and sorted(entries) == ["cavendish", "cavendish-treatise", "hoyle"]
    assert entries["hoyle"].fields["year"] == "1744" and str(entries["hoyle"].persons["author"][0]) == "Hoyle, Edmond"
    code, out, _ = cli("--rulesets", ".", "rulesets", "cite", "hoyle", "point.compare")
    assert code == 0 and "Edmond Hoyle, A Short Treatise on the Game of Piquet (London, 1744), Law 3, 12." in out


def test_the_search_path_from_the_environment(cli, user_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = cli("rulesets", "show", "hoyle")
    assert code == 1 and "unknown ruleset 'hoyle'" in err
    monkeypatch.setenv("PIQUET_VARIANTS_PATH", str(user_dir))
    code, out, _ = cli("rulesets", "list", "--format", "json")
    assert code == 0 and "hoyle" in [d["id"] for d in json.loads(out)]
    code, out, _ = cli("sources", "list", "--format", "json")
    assert "hoyle" in [d["id"] for d in json.loads(out)]


def test_extends_resolves_along_the_path(cli, user_dir: Path) -> None:
    elsewhere = user_dir / "more"
    elsewhere.mkdir()
    (elsewhere / "hoyle-later.yaml").write_text(
        "id: hoyle-later\ntitle: t\nextends: hoyle\nsources: [hoyle]\n", encoding="utf-8")
    code, out, err = cli("--rulesets", str(elsewhere), "--rulesets", ".", "rulesets", "show", "hoyle-later",
                         "--format", "json")
    rules = {r["path"]: r for r in json.loads(out)["rules"]}
    assert (code, err) == (0, "") and rules["point.compare"]["defined_in"] == "hoyle"


def test_a_records_ruleset_file_is_found_beside_the_record(cli, user_dir: Path, monkeypatch) -> None:
    record = json.loads((ROOT / "docs" / "deals" / "traite-art12.json").read_text("utf-8"))
    record["ruleset"] = "hoyle.yaml"
    (user_dir / "deal.json").write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.chdir(ROOT)
    code, out, err = cli("replay", str(user_dir / "deal.json"), "--format", "json")
    assert code == 3 and json.loads(out)["results"][0]["ruleset"] == "hoyle", err


def test_a_missing_rulesets_folder_is_a_usage_error(cli, user_dir: Path) -> None:
    code, _, err = cli("--rulesets", "no-such-folder", "rulesets", "list")
    assert code == 2 and "no-such-folder" in err


def test_inline_sources(cli, user_dir: Path) -> None:
    (user_dir / "inline.yaml").write_text("""\
id: inline
title: t
extends: marquoir
sources:
  - marquoir
  - cotgrave: {title: "Wit's interpreter", author: [{family: Cotgrave, given: John}], issued: 1662, public_domain: true}
rules:
  deal:
    packets:
      value: [2, 3]
      cite: [{source: cotgrave, locator: "p. 1", attestation: unstated, note: "A stand-in citation."}]
""", encoding="utf-8")
    code, out, err = cli("rulesets", "sources", "inline.yaml", "--format", "csl-json")
    items = {i["id"]: i for i in json.loads(out)}
    assert (code, err) == (0, "") and items["cotgrave"]["issued"] == {"date-parts": [[1662]]}


def test_unknown_listed_source_is_an_error(cli, user_dir: Path) -> None:
    (user_dir / "bad.yaml").write_text("id: bad\ntitle: t\nextends: traite\nsources: [traite, no-such-source]\n",
                                       encoding="utf-8")
    code, out, err = cli("rulesets", "validate", "bad.yaml")
    assert code == 1 and out == ""
    assert err.startswith("bad.yaml:4:19: sources[1]: unknown source 'no-such-source'"), err


def test_bad_inline_source_is_located(cli, user_dir: Path) -> None:
    (user_dir / "bad.yaml").write_text("id: bad\ntitle: t\nextends: traite\nsources:\n  - x: {title: t, publik_domain: true}\n",
                                       encoding="utf-8")
    code, _, err = cli("rulesets", "validate", "bad.yaml")
    assert code == 1 and "bad.yaml:5" in err and "Traceback" not in err


def test_a_misplaced_quote_is_found_out(cli, user_dir: Path) -> None:
    (user_dir / "hoyle.yaml").write_text(HOYLE.replace("Law 3, p. 12", "Law 2"), encoding="utf-8")
    code, _, err = cli("rulesets", "validate", "hoyle.yaml", "--texts", "texts")
    assert code == 1
    assert err.startswith("hoyle.yaml:10:") and "is not in hoyle at 'Law 2' (it is elsewhere in the text)" in err
    (user_dir / "texts" / "hoyle.txt").unlink()
    code, _, err = cli("rulesets", "validate", "hoyle.yaml", "--texts", "texts")
    assert code == 1 and "no transcription of 'hoyle' in texts (looked for hoyle.txt)" in err


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="../shared sources not present")
def test_shipped_quotes_are_at_their_locators(cli) -> None:
    files = sorted(str(p) for p in (ROOT / "rulesets").glob("*.yaml") if p.name != "sources.yaml")
    code, out, err = cli("rulesets", "validate", *files, "--texts", str(SHARED))
    assert (code, err) == (0, ""), err


def test_a_child_without_inherit_cite_shows_the_parents_rules_as_inherited(cli, tmp_path) -> None:
    """Never the parent's word as the child's own: inherited, under the parent's source and date; validate warns."""
    from piquet_variants.ruleset.compiler import compile_path
    path = tmp_path / "my-club.yaml"
    path.write_text('id: my-club\ntitle: "My club"\nextends: cavendish-rubicon\nrules:\n  cards:\n    capot:\n'
                    '      value: 40\n      cite: [{source: cavendish, locator: "Law 66", attestation: stated, '
                    'quote: "scores forty for the cards instead of ten"}]\n', encoding="utf-8")
    rs = compile_path(path)
    first = rs.entry("deal.hand").citations[0]
    assert (first.source, first.locator, first.attestation) == ("cavendish", "Law 9", "inherited")
    assert rs.entry("cards.capot").citations[0].attestation == "stated" and rs.date is not None and rs.date.year == 1882
    code, out, err = cli("rulesets", "validate", str(path))
    assert code == 0 and "valid" in out and "without inherit_cite" in err


def test_a_root_ruleset_that_leaves_rules_out_loads_them_at_their_defaults_unstated(cli) -> None:
    """A user's ruleset written before a rule existed still loads: each rule it leaves out holds the schema's
    default, cited under its own source as unstated, with the reason; what it gives stands as it wrote it."""
    from piquet_variants.ruleset.compiler import DEFAULT_NOTE, compile_path
    from piquet_variants.ruleset.model import frozen
    from piquet_variants.schemas import rule_leaves

    ruleset = compile_path(ROOT / "tests" / "rulesets" / "left-out.yaml")
    leaves = {f"{g}.{k}": spec for g, specs in rule_leaves().items() for k, spec in specs.items()}
    defaulted = [e for e in ruleset.entries if e.citations[0].note == DEFAULT_NOTE]
    assert len(defaulted) == len(leaves) - 1  # all but the capot it gives
    for entry in defaulted:
        cite = entry.citations[0]
        assert cite.attestation == "unstated" and cite.source == "traite" and cite.quote is None
        assert entry.value == frozen(leaves[entry.path]["default"])
    capot = next(e for e in ruleset.entries if e.path == "cards.capot")
    assert capot.citations[0].attestation == "stated" and ruleset.rules.cards.capot == 40
    code, out, err = cli("rulesets", "validate", str(ROOT / "tests" / "rulesets" / "left-out.yaml"))
    assert code == 0, err


def test_yaml_is_read_as_yaml_1_2_no_and_yes_are_words(tmp_path: Path) -> None:
    """An option's choices named no and yes, unquoted, are the words (YAML 1.1 would make them booleans and the
    file unreadable as a ruleset), in keys and in values alike."""
    from piquet_variants.located import load_text
    from piquet_variants.ruleset.compiler import compile_path

    assert load_text("no: yes\non: off\nx: true\ny: False\n", "t.yaml").data == {
        "no": "yes", "on": "off", "x": True, "y": False}
    (tmp_path / "mine.yaml").write_text(
        "id: mine\ntitle: t\nextends: cavendish-rubicon\n"
        "inherit_cite: {source: cavendish, locator: Laws, attestation: unstated, note: As the club laws.}\n"
        "options:\n  capot-fifty:\n    default: no\n    choices:\n      no: {rules: {}}\n"
        "      yes:\n        rules:\n          cards:\n            capot:\n              value: 50\n"
        "              cite: [{source: cavendish, locator: Law 66, attestation: unstated, note: A house rule.}]\n",
        encoding="utf-8")
    assert compile_path(tmp_path / "mine.yaml").rules.cards.capot == 40
    assert compile_path(tmp_path / "mine.yaml", (("capot-fifty", "yes"),)).rules.cards.capot == 50
