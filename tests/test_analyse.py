"""``analyse``: every decision of a recorded deal annotated, the costly ones marked, what cannot be annotated said,
the same for a seed, and the partie's settlement where the deal ends the partie."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from piquet_variants import api
from piquet_variants.analysis import COSTLY, Annotation, Choice, PartieSettlement, Valued, steps_of
from piquet_variants.engine.partie import Partie
from piquet_variants.engine.scoring import DealScore
from piquet_variants.ruleset.compiler import load_ruleset

from .conftest import ROOT
from .test_simulate import _await_workers

DEALS = ROOT / "docs" / "deals"


def _decisions(name: str) -> int:
    """The decisions of a record's deals, counted from its replay: two discards, six calls, and each card."""
    rep = api.replay(next(api.read(DEALS / name)))
    return sum(2 + 6 + 2 * len(d.deal.tricks) for d in rep.deals if d.deal is not None)


def test_analyse_traite_art12_annotates_every_decision(cli) -> None:
    code, out, err = cli("analyse", "example:traite-art12", "--format", "json", "--samples", "2", "-q")
    assert code == 0, err
    [result] = json.loads(out)["results"]
    [deal] = result["deals"]
    decisions = deal["decisions"]
    assert len(decisions) == _decisions("traite-art12.piquet")
    assert deal["skipped"] == []
    assert [d["decision"] for d in decisions[:3]] == ["discard", "discard", "call"]
    assert [d["index"] for d in decisions] == list(range(len(decisions)))
    for d in decisions:
        assert d["loss"] >= 0 and d["costly"] == (d["loss"] >= COSTLY)
        if d["alternatives"] > 1:  # valued: the best is at least the recorded choice
            assert d["best"]["value"] >= d["recorded"]["value"]
        else:
            assert d["recorded"]["value"] is None and d["recorded"]["action"] == d["best"]["action"]
    assert {d["by"] for d in decisions} == {deal["elder"], deal["younger"]}


def test_the_same_seed_gives_the_same_annotations_on_any_number_of_processes(cli) -> None:
    args = ("analyse", "example:traite-art12", "--format", "json", "--samples", "1", "-q", "--seed", "5")
    one = cli(*args, "--jobs", "1")
    two = cli(*args, "--jobs", "2")
    assert one[0] == two[0] == 0
    assert json.loads(one[1]) == json.loads(two[1])


def test_a_costly_choice_is_marked_at_the_threshold() -> None:
    def annotated(recorded: float, best: float) -> Annotation:
        return Annotation(0, Choice.CARD, 0, None, (), Valued(1, recorded), Valued(2, best), Valued(2, best), 2, 4)
    assert annotated(0.0, COSTLY).costly
    assert not annotated(0.0, COSTLY - 0.5).costly
    assert annotated(3.0, 3.0).loss == 0.0


def _annotated_and_skipped(cli, name: str) -> tuple[list[str], list[tuple[str, str]]]:  # noqa: ANN001
    """The decisions a record's one deal has annotated, and what it skipped and why."""
    code, out, err = cli("analyse", str(DEALS / name), "--format", "json", "--samples", "1", "-q")
    assert code == 0, err
    [deal] = json.loads(out)["results"][0]["deals"]
    return [d["decision"] for d in deal["decisions"]], [(s["decision"], s["reason"]) for s in deal["skipped"]]


def test_calls_the_laws_ruled_on_are_skipped_and_said(cli) -> None:
    assert _annotated_and_skipped(cli, "cavendish-miscall.piquet") == (["discard", "discard"],
                                                                       [("call", "laws_of_calling")])
    code, out, _ = cli("analyse", str(DEALS / "cavendish-miscall.piquet"), "--samples", "1", "-q", "--lang", "fr")
    assert "les lois de l'annonce ont statué" in out and "laws_of_calling" not in out


def test_the_text_marks_the_costly_and_speaks_french(cli) -> None:
    code, out, _ = cli("analyse", "example:traite-art12", "--samples", "1", "-q", "--lang", "fr", "-f", "markdown")
    assert code == 0
    assert "| l'écart |" in out and "meilleur trouvé" in out and "discard" not in out


def test_a_deal_that_ends_the_partie_is_worth_its_settlement() -> None:
    rules = load_ruleset("cavendish-rubicon").rules
    before = Partie(rules, dealer=1)
    before.resume((90, 30), rules.game.deals - 1)
    score = DealScore([20, 5], [{}, {}], [], {}, True)
    settled = PartieSettlement(before)
    # the elder (player 0) ends on 110 against 35: rubiconed, the loser pays both totals and the bonus
    won = 110 + 35 + rules.game.rubicon_bonus
    assert settled.value(score, 0) == won and settled.value(score, 1) == -won
    assert before.totals == [90, 30]  # the partie before the deal is left as it was
    assert PartieSettlement(None).value(score, 0) == 15


def test_bad_input_is_refused(cli) -> None:
    assert cli("analyse", "example:traite-art12", "--player", "nobody")[0] == 1
    assert cli("analyse", "example:traite-art12", "--samples", "0")[0] == 2
    assert cli("analyse", "no-such-file.piquet")[0] == 1


def test_hands_given_as_played_skip_the_discards() -> None:
    rep = api.replay(next(api.read(DEALS / "traite-art12.piquet")))
    deal = rep.deals[0].deal
    assert deal is not None
    steps, skipped, exchanged = steps_of(deal)
    assert exchanged and not skipped and steps[0].phase == 1


def test_the_report_deal_page_annotates_the_decisions(cli, tmp_path) -> None:  # noqa: ANN001
    out = tmp_path / "site"
    code, _, err = cli("report", "-O", str(out), "traite", "--deals", "example:traite-art12", "--annotate", "1")
    assert code == 0, err
    page = (out / "deals" / "traite-art12-piquet.html").read_text("utf-8")
    table = page[page.index('<table class="annotations">'):]
    table = table[:table.index("</table>")]
    assert table.count("<tr") - 1 == _decisions("traite-art12.piquet")  # a row a decision, under the headers
    code, _, _ = cli("report", "-O", str(tmp_path / "plain"), "traite", "--deals", "example:traite-art12")
    assert 'class="annotations"' not in (tmp_path / "plain" / "deals" / "traite-art12-piquet.html").read_text("utf-8")


def test_a_lesser_call_is_annotated_and_valued_beside_the_calls_offered(cli) -> None:
    """Three kings called out of four (Cavendish, Calling, sinking Example II): every decision is annotated, and the
    recorded call, which no player is offered, is valued all the same, and said so."""
    name = "cavendish-examples/calling-02.piquet"
    code, out, err = cli("analyse", str(DEALS / name), "--format", "json", "--samples", "2", "-q")
    assert code == 0, err
    [deal] = json.loads(out)["results"][0]["deals"]
    assert deal["skipped"] == [] and len(deal["decisions"]) == _decisions(name)
    [lesser] = [d for d in deal["decisions"] if not d["offered"]]
    assert (lesser["decision"], lesser["kind"], lesser["role"], lesser["sunk"]) == ("call", "sets", "elder", ["KH"])
    assert lesser["recorded"]["value"] is not None and "KH" not in lesser["recorded"]["action"]
    assert lesser["player"]["action"] != lesser["recorded"]["action"]  # the player is offered the quatorze, not this
    assert all(d["sunk"] == [] for d in deal["decisions"] if d is not lesser)
    assert _annotated_and_skipped(cli, "cavendish-sinking-ii.json")[1] == []
    code, out, _ = cli("analyse", str(DEALS / name), "--samples", "1", "-q", "--lang", "fr")
    assert "(en cachant RC; un choix qui n'est pas offert au joueur)" in out


def test_exact_play_values_the_cards_by_the_solver(cli) -> None:
    args = ("analyse", "example:carte-blanche-younger-repique", "--format", "json", "--samples", "1", "-q")
    exact = json.loads(cli(*args, "--exact")[1])["results"][0]
    played = json.loads(cli(*args)[1])["results"][0]
    assert exact["exact"] and not played["exact"]
    cards = [d for d in exact["deals"][0]["decisions"] if d["decision"] == "card" and d["alternatives"] > 1]
    assert cards and all(d["best"]["value"] >= d["recorded"]["value"] for d in cards)
    # the calls and the discards are played out the same way; the cards after them are not
    values = [[d["recorded"]["value"] for d in r["deals"][0]["decisions"] if d["decision"] == "card"]
              for r in (exact, played)]
    assert values[0] != values[1]


def test_ctrl_c_stops_the_workers_and_prints_nothing() -> None:
    """A real SIGINT once the workers run: status 130, nothing half-written on stdout, no traceback."""
    cmd = [sys.executable, "-c", "from piquet_variants.console import run; run()", "analyse", "example:traite-art12",
           "--samples", "1000", "--jobs", "2", "--format", "json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _await_workers(proc.pid, 2)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert out == "" and "stopped" in err and "Traceback" not in err
