"""Replaying the sources' worked examples from JSON records, with the figures the sources give."""

from __future__ import annotations

import json

import pytest

from .conftest import ROOT

DEALS = "docs/deals"


def _results(cli, *args: str) -> tuple[int, dict]:
    code, out, err = cli("replay", *args, "--format", "json")
    assert "Traceback" not in err
    return code, json.loads(out)


def test_treatise_art12_scores_201_with_pic_repic_and_capot(cli) -> None:
    code, doc = _results(cli, f"{DEALS}/traite-art12.json")
    assert code == 0
    elder = doc["results"][0]["deals"][0]["scores"]["Premier"]
    assert elder["total"] == 201
    assert elder["by"] == {"carte_blanche": 0, "point": 4, "sequences": 12, "sets": 42, "play": 13, "cards": 0,
                           "pique": 30, "repique": 60, "capot": 40, "penalty": 0}


def test_treatise_art12_under_the_club_laws_scores_170(cli) -> None:
    """31 fewer: no fourth point for the tierce majeure (1), and no pique after a repique (30)."""
    code, doc = _results(cli, f"{DEALS}/traite-art12.json", "--ruleset", "cavendish-rubicon")
    assert code == 3  # the book's 201 is not the club figure
    deal = doc["results"][0]["deals"][0]
    assert deal["scores"]["Premier"]["total"] == 170
    assert deal["scores"]["Premier"]["by"]["pique"] == 0 and deal["scores"]["Premier"]["by"]["point"] == 3
    assert {(m["at"], m["claimed"], m["engine"]) for m in deal["mismatches"]} >= {("final", 201, 170),
                                                                                  ("point", 4, 3), ("pique", 30, 0)}


def test_wikipedia_declaration_example(cli) -> None:
    for rid in ("modern-fr", "marquoir", "cavendish-rubicon"):
        code, doc = _results(cli, f"{DEALS}/wikipedia-declaration.json", "--ruleset", rid)
        assert code == 0, rid
        scores = doc["results"][0]["deals"][0]["scores"]
        assert scores["Premier"]["total"] == 13 and scores["Dernier"]["total"] == 17


@pytest.mark.parametrize("name,won,totals", [("cavendish-settlement-118", 118, {"A": 131, "B": 113}),
                                             ("cavendish-settlement-306", 306, {"A": 125, "B": 81})])
def test_cavendish_settlements(cli, name: str, won: int, totals: dict) -> None:
    code, doc = _results(cli, f"{DEALS}/{name}.json")
    partie = doc["results"][0]["partie"]
    assert code == 0 and partie["points_won"] == won and partie["totals"] == totals and partie["winner"] == "A"
    code, doc = _results(cli, f"{DEALS}/{name}.json", "--ruleset", "marquoir")
    assert code == 3 and doc["results"][0]["partie"]["points_won"] == totals["A"] - totals["B"]


def test_bad_record_names_its_json_path(cli, tmp_path) -> None:
    rec = json.load(open(f"{DEALS}/traite-art12.json", encoding="utf-8"))
    rec["deals"][0]["tricks"][0] = ["AS", "9H"]  # a revoke: the younger holds spades
    bad = tmp_path / "revoke.json"
    bad.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    code, out, err = cli("replay", str(bad))
    assert code == 1 and out == "" and "deals[0].tricks[0][1]" in err and "may not be played" in err
    rec["deals"][0]["tricks"][0] = ["AS", "XX"]
    bad.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    code, _, err = cli("replay", str(bad))
    assert code == 1 and "not a card: 'XX'" in err and f"{bad}:" in err
    rec["deals"][0]["tricks"][0] = ["AS", "?"]  # found by fuzzing: it reached the engine as card -1
    bad.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    code, _, err = cli("replay", str(bad))
    assert code == 1 and "deals[0].tricks[0][1]" in err and "must be given, not '?'" in err
    rec["deals"][0]["hands"]["elder"][0] = "10S"
    bad.write_text(json.dumps(rec, indent=1), encoding="utf-8")
    code, _, err = cli("replay", str(bad))
    assert code == 1 and "dealt twice" in err
    bad.write_text("{not json", encoding="utf-8")
    code, _, err = cli("replay", str(bad))
    assert code == 1 and "Traceback" not in err


def test_record_with_a_shown_combination(cli, tmp_path) -> None:
    rec = json.load(open(f"{DEALS}/traite-art12.json", encoding="utf-8"))
    deal = rec["deals"][0]
    deal["declarations"] = {"sets": {"elder": {"call": ["QS", "QH", "QD", "QC"], "shown": ["AS", "AH", "AD", "AC"]}}}
    del deal["claimed"]
    path = tmp_path / "shown.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    code, doc = _results(cli, str(path))
    assert code == 0
    # reckon_all (the treatise): a good call lets him reckon all his quatorzes anyway
    assert doc["results"][0]["deals"][0]["scores"]["Premier"]["by"]["sets"] == 42
    deal["declarations"]["sets"]["elder"]["shown"] = ["JS", "JH", "JD", "JC"]
    path.write_text(json.dumps(rec), encoding="utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 1 and "deals[0].declarations.sets.elder.shown" in err


def test_the_cut_decides_the_first_dealer(cli, tmp_path) -> None:
    rec = json.load(open(f"{DEALS}/traite-art12.json", encoding="utf-8"))
    rec["cut"] = {"Premier": "KH", "Dernier": "8S"}  # the lower card deals (art. 3): Dernier
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert _results(cli, str(path))[0] == 0
    rec["cut"] = {"Premier": "7H", "Dernier": "8S"}
    path.write_text(json.dumps(rec), encoding="utf-8")
    code, _, err = cli("replay", str(path))
    assert code == 1 and "Premier deals first" in err
    # Cavendish Law 4: the higher card chooses; Dernier cut higher and chose to deal.
    rec["higher_chose"] = "deal"
    rec["cut"] = {"Premier": "7H", "Dernier": "AS"}
    path.write_text(json.dumps(rec), encoding="utf-8")
    assert _results(cli, str(path), "--ruleset", "cavendish-rubicon")[1]["results"][0]["deals"][0]["elder"] == "Premier"


def test_a_deal_written_up_to_the_elders_exchange_is_told_as_far_as_it_goes(cli) -> None:
    """au Cent's younger who takes up stock cards loses the game, so the record stops after the elder's exchange;
    under the club laws the same deal goes on, and the record is a deal given in part, not a fault."""
    code, out, err = cli("replay", str(ROOT / "docs" / "deals" / "stock-taken-up.piquet"), "-r", "cavendish-rubicon")
    part = out.split("#2: cavendish-rubicon", 1)[1]
    assert code == 0 and "Pierre discards 5, takes 5" in part and "is not played out" in part, err


def test_an_exchange_left_out_before_the_calls_or_the_play_is_still_a_fault(cli, tmp_path) -> None:
    text = (ROOT / "docs" / "deals" / "stock-taken-up.piquet").read_text("utf-8").split("\n\n[Ruleset", 1)[0]
    text = text.replace("  younger discards J 10 7 ♠, takes 8♥ 9♣ 8♦\n", "")
    (tmp_path / "gap.piquet").write_text(text, "utf-8")
    code, out, err = cli("replay", str(tmp_path / "gap.piquet"))
    assert code == 1 and "the younger's exchange is missing" in err
