"""Each deliberately broken ruleset gets its precise, positioned message and exit 1."""

from __future__ import annotations

import pytest

from piquet_variants.schemas import rule_leaves

RULES = sum(len(specs) for specs in rule_leaves().values())
BROKEN = {
    "unknown-key": "tests/broken/unknown-key.yaml:6:5: rules.point.compair: unknown key 'compair'; "
                   "did you mean 'compare'?",
    "wrong-type": "tests/broken/wrong-type.yaml:7:7: rules.deal.hand.value: expected a whole number here, not text: "
                  "'twelve'\n          value: twelve\n          ^",
    "bad-enum": "tests/broken/bad-enum.yaml:7:7: rules.point.compare.value: 'lenght_then_value' is not one of "
                "value, length_then_value; did you mean 'length_then_value'?",
    "cycle-a": "tests/broken/cycle-b.yaml:3:1: extends: extends cycle: cycle-a -> cycle-b -> cycle-a",
    "missing-citation": "tests/broken/missing-citation.yaml:6:5: rules.cards.capot: 'cite' is required",
    "alias-bomb": "tests/broken/alias-bomb.yaml:3:64: document expands to more than 200000 values "
                  "(an alias bomb?); refusing to load it",
    "not-yaml": "tests/broken/not-yaml.yaml:2:8: not valid YAML: the quotation opened here with \" is never closed",
    "python-tag": "tests/broken/python-tag.yaml:2:8: tag 'tag:yaml.org,2002:python/object/apply:os.system' "
                  "is not allowed here",
    "bad-arithmetic": "tests/broken/bad-arithmetic.yaml:7:7: rules.deal.talon.value: 2 x hand (12) + talon (9) "
                      "must equal the deck size (32)",
    "stated-without-quote": "tests/broken/stated-without-quote.yaml:8:14: rules.cards.capot.cite[0]: "
                            "a value stated by a public-domain source needs a short quote",
    "unknown-source": "tests/broken/unknown-source.yaml:8:15: rules.cards.capot.cite[0].source: "
                      "unknown source 'cavendsh'; did you mean 'cavendish'?",
    "no-source": f"tests/broken/no-source.yaml:1:1: rules: {RULES} rule(s) left out, and no source to cite their "
                 "defaults under",
    "wrong-id": "tests/broken/wrong-id.yaml:1:1: id: id 'another-name' does not match the file name 'wrong-id'",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_ruleset(cli, name: str) -> None:
    code, out, err = cli("rulesets", "validate", f"tests/broken/{name}.yaml")
    assert code == 1
    assert out == ""
    assert err.startswith(BROKEN[name]), err
    assert "Traceback" not in err


def test_all_problems_reported_at_once(cli, tmp_path) -> None:
    bad = tmp_path / "two-faults.yaml"
    bad.write_text("id: two-faults\ntitle: t\nextends: traite\nrules:\n  point:\n    compair: {value: 1}\n"
                   "  deal:\n    hand: {value: x, cite: []}\n", encoding="utf-8")
    code, _, err = cli("rulesets", "validate", str(bad))
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) >= 3
    assert any("unknown key 'compair'" in ln for ln in lines)
    assert any("rules.deal.hand.value" in ln for ln in lines)
    assert any("rules.deal.hand.cite" in ln for ln in lines)


def test_huge_file_is_refused(cli, tmp_path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("id: big\n" + "# padding\n" * 200_000, encoding="utf-8")
    code, _, err = cli("rulesets", "validate", str(big))
    assert code == 1 and "larger than" in err


def test_missing_file(cli) -> None:
    code, _, err = cli("rulesets", "validate", "no/such/file.yaml")
    assert code == 1 and "cannot read file" in err
