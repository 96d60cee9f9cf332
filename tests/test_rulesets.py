"""The shipped rulesets: complete, cited, and faithful to the seeds on sampled values."""

from __future__ import annotations

import json
import typing
from dataclasses import fields

import pytest

from piquet_variants.ruleset import model
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids, sources
from piquet_variants.schemas import rule_leaves

SHIPPED = ["modern-fr", "marquoir", "traite", "traite-languedoc", "cavendish-rubicon", "cavendish-au-cent", "royall-1651",
           "cotton-1674", "academie"]


def test_the_shipped_rulesets() -> None:
    assert sorted(shipped_ids()) == sorted(SHIPPED)


def test_schema_leaves_are_the_dataclass_fields() -> None:
    hints = typing.get_type_hints(model.Rules)
    assert [f.name for f in fields(model.Rules)] == list(rule_leaves())
    for group, leaves in rule_leaves().items():
        assert [f.name for f in fields(hints[group])] == list(leaves), group


def test_every_leaf_has_a_description_and_default() -> None:
    for group, leaves in rule_leaves().items():
        for key, spec in leaves.items():
            assert spec.get("description"), f"{group}.{key}"
            assert "default" in spec, f"{group}.{key}"


def test_compiled_rules_hold_no_raw_containers() -> None:
    for rid in SHIPPED:
        rules = load_ruleset(rid).rules
        for group in fields(rules):
            for f in fields(getattr(rules, group.name)):
                value = getattr(getattr(rules, group.name), f.name)
                assert not isinstance(value, (dict, list)), (rid, group.name, f.name)


@pytest.mark.parametrize("rid", SHIPPED)
def test_validate_and_cite_every_leaf(cli, rid: str) -> None:
    code, out, err = cli("rulesets", "validate", f"rulesets/{rid}.yaml")
    assert (code, err) == (0, "")
    code, out, _ = cli("rulesets", "show", rid, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["id"] == rid
    assert len(doc["rules"]) == sum(len(v) for v in rule_leaves().values())
    for rule in doc["rules"]:
        assert rule["citations"], rule["path"]
        for c in rule["citations"]:
            assert set(c) >= {"source", "locator", "quote", "attestation"}
            assert c["source"] in sources()


@pytest.mark.parametrize("rid", SHIPPED)
def test_stated_citations_name_a_source_the_ruleset_follows(rid: str) -> None:
    """A rule cited as stated must be stated by one of the ruleset's own sources (or an option's)."""
    rs = load_ruleset(rid)
    for e in rs.entries:
        stated = [c for c in e.citations if c.attestation == "stated"]
        for c in stated:
            assert c.source in rs.sources or e.defined_in.option is not None, (e.path, c.source)
        for c in e.citations:
            if c.attestation in ("unstated", "reconstructed", "disputed"):
                assert c.note, e.path


def test_sample_values_against_the_seeds() -> None:
    assert load_ruleset("modern-fr").rules.point.compare == "value"
    assert load_ruleset("marquoir").rules.point.compare == "length_then_value"
    assert load_ruleset("modern-fr").rules.game.end == "race"
    assert load_ruleset("modern-fr").rules.game.target == 100
    assert load_ruleset("marquoir").rules.game.end == "deals"
    assert load_ruleset("marquoir").rules.game.deals == 6
    assert load_ruleset("traite").rules.pique.with_repique is True
    assert load_ruleset("traite").rules.point.tierce_majeure_score == 4
    assert load_ruleset("traite").rules.faced_card.fresh_deal_when == ("top_of_talon", "top_of_younger_part")
    assert load_ruleset("traite").rules.penalties.seeing_opponent_talon == "forced_suit"
    assert load_ruleset("traite-languedoc").rules.penalties.grand_coup_points == 170
    assert load_ruleset("cavendish-rubicon").rules.pique.who == "elder"
    assert load_ruleset("cavendish-rubicon").rules.reckoning.order == "by_category"
    assert load_ruleset("cavendish-rubicon").rules.game.settlement == "rubicon"
    assert load_ruleset("cavendish-au-cent").rules.deal.packets == (2,)
    assert load_ruleset("cavendish-au-cent").rules.game.games_to_win == 3
    assert load_ruleset("cavendish-rubicon", (("partie", "four-deals"),)).rules.game.deal_multipliers == (2, 1, 1, 2)


def test_option_changes_a_value(cli) -> None:
    assert load_ruleset("traite", (("end", "race-100"),)).rules.game.end == "race"
    code, out, _ = cli("rulesets", "show", "traite", "--option", "end=race-100", "--format", "json")
    assert code == 0 and json.loads(out)["options"] == {"end": "race-100"}
    code, _, err = cli("rulesets", "show", "traite", "--option", "end=race")
    assert code == 1 and "did you mean 'race-100'?" in err and "Traceback" not in err
    code, _, err = cli("rulesets", "show", "traite", "--option", "end")
    assert code == 1 and "expected NAME=CHOICE" in err


def test_list_contract(cli) -> None:
    code, out, _ = cli("rulesets", "list", "--format", "json")
    docs = json.loads(out)
    assert code == 0 and [d["id"] for d in docs] == sorted(SHIPPED)
    assert all(isinstance(d["title"], str) and isinstance(d["sources"], list) for d in docs)
    code, out, _ = cli("rulesets", "list", "--lang", "fr")
    assert "titre" in out and "Piquet moderne" in out


def test_diff_modern_fr_marquoir(cli) -> None:
    code, out, _ = cli("rulesets", "diff", "modern-fr", "marquoir", "--format", "json")
    rows = {r["path"]: r for r in json.loads(out)}
    assert code == 0
    assert {"point.compare", "game.end", "carte_blanche.enabled"} <= set(rows)
    assert rows["point.compare"]["a"]["value"] == "value"
    assert rows["point.compare"]["b"]["value"] == "length_then_value"
    assert rows["point.compare"]["a"]["citations"][0]["attestation"] == "disputed"
    assert rows["game.end"]["b"]["citations"][0]["source"] == "marquoir"
    code, md, _ = cli("rulesets", "diff", "modern-fr", "marquoir", "--format", "markdown")
    assert md.startswith("| rule | difference | modern-fr |")
    assert rows["point.compare"]["label"] == "disagreement" and rows["carte_blanche.enabled"]["label"] == "filled"


def test_languedoc_differs_only_in_its_penalty(cli) -> None:
    code, out, _ = cli("rulesets", "diff", "traite", "traite-languedoc", "--format", "json")
    paths = [r["path"] for r in json.loads(out)]
    assert paths and all(p.startswith("penalties.") for p in paths)
    assert "penalties.seeing_opponent_talon" in paths


def test_inherited_rules_say_so() -> None:
    entry = load_ruleset("cavendish-au-cent").entry("deal.hand")
    assert entry.citations[0].attestation == "inherited"
    assert entry.defined_in == model.DefinedIn("cavendish-rubicon")
    assert load_ruleset("cavendish-au-cent").entry("deal.packets").citations[0].attestation == "stated"


def test_cite_footnote(cli) -> None:
    code, out, _ = cli("rulesets", "cite", "cavendish-rubicon", "pique.who")
    assert code == 0
    assert "Law 69" in out and "being made by the elder hand" in out and "Cavendish" in out
    code, out, _ = cli("rulesets", "cite", "traite", "pique.with_repique", "--lang", "fr", "--format", "json")
    doc = json.loads(out)
    assert doc["value"] is True and "art. 12" in doc["citations"][0]["footnote"]
    code, _, err = cli("rulesets", "cite", "traite", "pique.whoo")
    assert code == 1 and "did you mean 'pique.who'?" in err


def test_unknown_ruleset(cli) -> None:
    code, out, err = cli("rulesets", "show", "travite")
    assert code == 1 and out == "" and "did you mean 'traite'?" in err


def test_docs_reference_is_generated_from_the_schema() -> None:
    from piquet_variants.rulebook.reference import render_reference
    from .conftest import ROOT
    committed = (ROOT / "docs" / "rulesets.md").read_text("utf-8")
    assert committed == render_reference(), "regenerate: python -m piquet_variants.rulebook.reference > docs/rulesets.md"
    for group, leaves in rule_leaves().items():
        for key in leaves:
            assert f"`{group}.{key}`" in committed


def test_usage_error_is_typers_not_a_traceback(cli) -> None:
    code, _, err = cli("rulesets", "show", "--bogus")
    assert code == 2 and "No such option" in err and "Traceback" not in err
