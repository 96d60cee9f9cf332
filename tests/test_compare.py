"""``compare`` names a rule only when changing that rule alone changes the figure (attribution by experiment)."""

from __future__ import annotations

import json

from piquet_variants.attribution import Cause, attribute, category_figures, with_values
from piquet_variants.api import replay
from .reading import read_file
from piquet_variants.ruleset.compiler import load_ruleset

from .conftest import ROOT

DEALS = ROOT / "docs" / "deals"


def _causes(cli, *args: str) -> list[dict]:
    code, out, err = cli("compare", *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)["deals"][0]["causes"]


def test_art12_names_only_the_rules_that_move_the_point(cli) -> None:
    causes = _causes(cli, str(DEALS / "traite-art12.piquet"), "-r", "traite", "-r", "modern-fr")
    point = [r["rule"] for c in causes if c["category"] == "point" for r in c["rules"]]
    assert point == ["point.tierce_majeure_score"]
    assert [r["rule"] for c in causes if c["category"] == "pique" for r in c["rules"]] == ["pique.with_repique"]
    # The two rules the old attribution blamed differ between the rulesets, yet a treatise that takes
    # modern-fr's values for both scores the deal exactly as the treatise does.
    traite, modern = load_ruleset("traite"), load_ruleset("modern-fr")
    changed = {p: modern.entry(p).value for p in ("point.compare", "declarations.point_call")}
    assert all(traite.entry(p).value != v for p, v in changed.items())
    doc = read_file(DEALS / "traite-art12.piquet")
    counterfactual = with_values(traite.rules, changed)
    assert counterfactual.point.compare == "value" and counterfactual.declarations.point_call == "value"
    assert category_figures(replay(doc, counterfactual)) == category_figures(replay(doc, traite.rules))
    assert category_figures(replay(doc, counterfactual))[(1, "point")] == (4, 0)


def test_the_one_rule_named_does_give_the_other_figure() -> None:
    doc = read_file(DEALS / "traite-art12.piquet")
    traite, modern = load_ruleset("traite"), load_ruleset("modern-fr")
    moved = with_values(traite.rules, {"point.tierce_majeure_score": modern.entry("point.tierce_majeure_score").value})
    assert category_figures(replay(doc, moved))[(1, "point")] == category_figures(replay(doc, modern.rules))[(1, "point")] == (3, 0)


def test_where_no_single_rule_explains_the_smallest_set_is_named() -> None:
    # A faced card: the club laws call a fresh deal (Law 14), the treatise lets the deal stand (art. 7).
    # Letting it stand alone moves the point from 0 to 3; the treatise's 4 needs its tierce majeure rule too.
    doc = read_file(DEALS / "traite-faced-card-art7.piquet")
    club, traite = load_ruleset("cavendish-rubicon"), load_ruleset("traite")
    causes = [c for c in attribute(doc.model, doc.located, club, traite) if c.category == "point"]
    assert Cause(1, "point", ("faced_card.fresh_deal_when",), True) in causes
    together = [c for c in causes if not c.alone]
    assert together == [Cause(1, "point", ("faced_card.fresh_deal_when", "point.tierce_majeure_score"), False)]
    both = with_values(club.rules, {p: traite.entry(p).value for p in together[0].rules})
    assert category_figures(replay(doc, both))[(1, "point")] == category_figures(replay(doc, traite.rules))[(1, "point")] == (4, 0)


def test_values_print_as_show_prints_them(cli) -> None:
    code, out, _ = cli("compare", str(DEALS / "traite-art12.piquet"), "-r", "traite", "-r", "modern-fr")
    assert code == 0
    assert "point.tierce_majeure_score: traite = 4, modern-fr = none" in out
    assert "pique.with_repique: traite = yes, modern-fr = no" in out
    assert not {"None", "True", "False", "None,", "True,", "False,"} & set(out.split())


def test_one_ruleset_under_two_options_is_told_apart(cli) -> None:
    code, out, _ = cli("compare", "example:rubicon-partie", "-r", "traite", "-r", "traite:end=partie-liee",
                       "--format", "json")
    assert code == 0 and json.loads(out)["rulesets"] == ["traite:end=race-100", "traite:end=partie-liee"]


def test_counterfactual_rulesets_do_not_stay_in_the_engines_tables() -> None:
    """Attribution replays a record under hundreds of counterfactual rulesets (the report does it for every record
    and ruleset); the engine's tables, kept per ruleset, keep a bounded number of them (``derived.KEPT``), not
    every one, which took the report over the whole corpus past half a gigabyte."""
    import gc

    from piquet_variants.engine.derived import KEPT
    from piquet_variants.ruleset.model import Rules

    from piquet_variants.ruleset.registry import shipped_ids

    def alive() -> int:
        gc.collect()
        return sum(isinstance(o, Rules) for o in gc.get_objects())

    before = alive()
    for name, own in (("rubicon-partie", "cavendish-rubicon"), ("traite-art12", "traite"),
                      ("traite-faced-card-art7", "traite")):
        doc, base = read_file(DEALS / f"{name}.piquet"), load_ruleset(own)
        for other in shipped_ids():
            attribute(doc.model, doc.located, base, load_ruleset(other))
    # Some 150 counterfactuals were made; no more than the engine keeps stay, with the shipped rulesets compiled.
    assert alive() - before <= KEPT + len(shipped_ids())
