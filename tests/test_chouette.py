"""Chouette: the rotation, the rounding, the stakes and the book's sitting of five parties (Cavendish, Description)."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from piquet_variants.engine.chouette import (NoChouette, Played, Seats, first_seats, next_seats, payments, reckoned,
                                             settle, stakes)
from piquet_variants.engine.partie import PartieResult
from .reading import read_records, read_text
from piquet_variants.api import write
from piquet_variants.ruleset.compiler import load_ruleset

RULES = load_ruleset("cavendish-rubicon").rules
A, B, C = 0, 1, 2


def _text_rule(seats: Seats, single_won: bool) -> Seats:
    """The paragraph, read as written: after a win "C takes B's place, and B advises C"; after a loss "the player
    who advised in that partie (say C) takes A's place. B plays against the other two, and A advises C"."""
    if single_won:
        return Seats(single=seats.single, player=seats.adviser, adviser=seats.player)
    return Seats(single=seats.player, player=seats.adviser, adviser=seats.single)


@pytest.mark.parametrize("outcomes", [o for n in range(1, 5) for o in itertools.product((True, False), repeat=n)])
def test_rotation_for_every_run_of_wins_and_losses(outcomes: tuple[bool, ...]) -> None:
    seats = expected = first_seats()
    for won in outcomes:
        seats, expected = next_seats(RULES, seats, won), _text_rule(expected, won)
        assert seats == expected
        assert sorted((seats.single, seats.player, seats.adviser)) == [A, B, C]


def test_the_first_seats_follow_the_cut() -> None:
    assert first_seats() == Seats(single=A, player=B, adviser=C)


def test_the_book_paragraph() -> None:
    seats = next_seats(RULES, next_seats(RULES, first_seats(), True), True)
    assert seats == Seats(A, B, C)
    seats = next_seats(RULES, seats, False)  # A loses: B single, C plays, A advises C
    assert seats == Seats(B, C, A)
    assert next_seats(RULES, seats, False) == Seats(C, A, B)  # C wins: A takes B's place, B advises A
    assert next_seats(RULES, seats, True) == Seats(B, A, C)  # C loses: A takes C's place, C advises A


def test_a_draw_keeps_the_single_player() -> None:
    assert next_seats(RULES, first_seats(), None) == Seats(A, C, B)


@pytest.mark.parametrize("points,steps", [(416, 42), (141, 14), (415, 41), (5, 0), (6, 1), (0, 0), (150, 15),
                                          (476, 48), (126, 13), (-416, -42), (-415, -41), (-6, -1)])
def test_rounding(points: int, steps: int) -> None:
    assert reckoned(RULES, points) == steps


def test_rounding_reads_the_rule() -> None:
    assert reckoned(replace(RULES, chouette=replace(RULES.chouette, partie_step=100, rounds_up_above=49)), 150) == 2


def test_stakes() -> None:
    assert stakes(RULES, Seats(A, B, C), 15) == (30, -15, -15)
    assert stakes(RULES, Seats(B, C, A), -14) == (14, -28, 14)
    assert stakes(replace(RULES, chouette=replace(RULES.chouette, single_stakes=1)), Seats(A, B, C), 15) == (15, -15, 0)


@pytest.mark.parametrize(("totals", "paid"), [
    ((190, -500, 310), [(B, A, 190, 150), (B, C, 310, 300)]),
    ((300, -120, -180), [(B, A, 120, 100), (C, A, 180, 150)]),
    ((0, 60, -60), [(C, B, 60, 50)]),
    ((0, 0, 0), []),
])
def test_each_amount_receivable_neglects_its_fraction(totals: tuple[int, ...], paid: list[tuple[int, ...]]) -> None:
    assert [(p.payer, p.payee, p.owed, p.paid) for p in payments(RULES, totals)] == paid


def _partie(winner: int | None, points: int) -> PartieResult:
    return PartieResult([0, 0], winner, points, [0, 0], True)


#: The scoring card's five parties (Description, Scoring), as the sitting played them: the single player first.
BOOK = [Played((A, B), _partie(0, 150)), Played((A, C), _partie(0, 416)), Played((A, B), _partie(1, 476)),
        Played((B, C), _partie(1, 141)), Played((C, A), _partie(0, 126))]


def test_the_books_sitting() -> None:
    sitting = settle(RULES, BOOK)
    assert [line.card for line in sitting.lines] == [(30, -15, -15), (114, -57, -57), (18, -9, -9), (32, -37, 5),
                                                     (19, -50, 31)]
    assert [line.marks[A] for line in sitting.lines[:3]] == [30, 84, -96]
    assert sitting.totals == (190, -500, 310)


def test_a_partie_played_by_the_wrong_pair_is_refused() -> None:
    with pytest.raises(ValueError, match="partie 4 is played by player 1 and player 3; by the rotation player 2 is single"):
        settle(RULES, BOOK[:3] + [Played((A, C), _partie(1, 141))])


def test_an_unfinished_partie_is_refused() -> None:
    with pytest.raises(ValueError, match="partie 1 is not finished"):
        settle(RULES, [Played((A, B), PartieResult([0, 0], None, 0, [0, 0], False))])


@pytest.mark.parametrize("rid", ["traite", "royall-1651", "cavendish-au-cent", "modern-fr", "marquoir"])
def test_rulesets_without_chouette_refuse_a_sitting(rid: str) -> None:
    with pytest.raises(NoChouette, match="does not describe chouette"):
        settle(load_ruleset(rid).rules, BOOK)


# -- the sitting as records: JSON, notation in both languages, the command ------------------------------------

DEALS = Path(__file__).resolve().parent.parent / "docs" / "deals"
EXAMPLE = DEALS / "cavendish-chouette.piquet"


@pytest.mark.parametrize("name", ["cavendish-chouette.piquet", "cavendish-chouette.json"])
def test_the_shipped_sitting_settles_to_the_books_figures(cli, name: str) -> None:
    code, out, err = cli("chouette", str(DEALS / name), "--format", "json")
    assert code == 0, err
    result = json.loads(out)["results"][0]
    assert result["totals"] == {"A": 190, "B": -500, "C": 310}
    assert [p["card"] for p in result["parties"]] == [
        {"A": 30, "B": -15, "C": -15}, {"A": 114, "B": -57, "C": -57}, {"A": 18, "B": -9, "C": -9},
        {"A": 32, "B": -37, "C": 5}, {"A": 19, "B": -50, "C": 31}]
    assert [p["single"] for p in result["parties"]] == ["A", "A", "A", "B", "C"]
    assert [p["counted"] for p in result["parties"]] == [15, 42, 48, 14, 13]
    assert result["next"] == {"single": "C", "player": "B", "adviser": "A"} and result["mismatches"] == []
    # "A wins 150 ... C wins 300 ... B gets off with a loss of forty-five" (shillings, at ten a hundred)
    assert result["payments"] == [{"payer": "B", "payee": "A", "owed": 190, "paid": 150},
                                  {"payer": "B", "payee": "C", "owed": 310, "paid": 300}]


def test_by_agreement_only_fractions_of_twenty_five_are_neglected(cli) -> None:
    code, out, err = cli("chouette", str(EXAMPLE), "-r", "cavendish-rubicon:fractions=twenty-five", "--format", "json")
    assert code == 0, err
    assert [p["paid"] for p in json.loads(out)["results"][0]["payments"]] == [175, 300]


def test_the_table_and_markdown_speak_both_languages(cli) -> None:
    code, out, _ = cli("chouette", str(EXAMPLE))
    assert code == 0 and "the sitting: A +190, B -500, C +310" in out and "single player" in out
    assert "A receives 150 from B (owed 190)" in out
    code, out, _ = cli("chouette", str(EXAMPLE), "--lang", "fr", "--format", "markdown")
    assert code == 0 and "la séance : A +190, B -500, C +310" in out and "joueur seul" in out
    assert "C reçoit 300 de B (dû 310)" in out
    assert "single_until_beaten" not in out


def test_convert_writes_the_sitting_back_and_reads_it_identically(cli, tmp_path: Path) -> None:
    code, out, err = cli("convert", str(EXAMPLE), "--to", "json")
    assert code == 0, err
    assert json.loads(out) == json.loads((DEALS / "cavendish-chouette.json").read_text("utf-8"))
    back = tmp_path / "back.json"
    back.write_text(out, "utf-8")
    code, out, err = cli("convert", str(back), "--to", "notation")
    assert code == 0 and out == EXAMPLE.read_text("utf-8"), err


def _french(record: dict) -> dict:
    return {**record, "lang": "fr"}


def test_french_tags_read_as_the_english_ones() -> None:
    records = [r.data for r in read_records(EXAMPLE.read_text("utf-8")) if not isinstance(r, Exception)]
    for record in records:
        fr = write(_french(record))
        assert "feuille" in fr and '[Sitting "A" "B" "C"]' in fr
        assert read_text(fr).data == _french(record)
        for alias in ("Chouette", "Séance", "Seance"):
            said = fr.replace("[Sitting ", f"[{alias} ").replace("[ScoringCard ", "[CarteDeMarque ")
            assert read_text(said).data == _french(record)


def _sitting_file(tmp_path: Path, change: Callable[[str], str]) -> Path:
    path = tmp_path / "sitting.piquet"
    path.write_text(change(EXAMPLE.read_text("utf-8")), "utf-8")
    return path


def _without_partie(text: str, n: int) -> str:
    records = text.split("\n\n[Source ")
    del records[n - 1]
    joined = "\n\n[Source ".join(records)
    return joined if joined.startswith("{") or joined.startswith("[") else "[Source " + joined


@pytest.mark.parametrize(("change", "says", "line"), [
    (lambda t: t.replace('[Sitting "A" "B" "C"]', '[Sitting "A" "B"]', 1), "[Sitting] takes 3 quoted values", 8),
    (lambda t: t.replace('[Sitting "A" "B" "C"]', '[Sitting "A" "B" "C" "D"]', 1), "[Sitting] takes 3 quoted values",
     8),
    (lambda t: t.replace('[Sitting "A" "B" "C"]', '[Sitting "A" "B" "B"]', 1), "three players, each once", 8),
    (lambda t: _without_partie(t, 2), "partie 2 is played by A and B; by the rotation A is single against C, B "
                                      "advising", 39),
    (lambda t: _without_partie(t, 1), "partie 1 is played by A and C; by the rotation A is single against B", 5),
    (lambda t: t.replace('[ScoringCard "A" "+30" "B" "-15" "C" "-15"]', '[ScoringCard "A" "+30" "B" "-15"]'),
     "[ScoringCard] takes 6 quoted values", 9),
    (lambda t: t.replace('"C" "-15"]', '"C" "-1x"]', 1), "his standing on the card", 9),
    (lambda t: t.replace('"C" "-15"]', '"D" "-15"]', 1), "D is not one of the sitting's three", 9),
    (lambda t: t.replace('[Sitting "A" "B" "C"]\n', "", 1), "a scoring card needs the sitting's three players", 8),
    (lambda t: t.replace('[Sitting "A" "B" "C"]\n[ScoringCard "A" "+30" "B" "-15" "C" "-15"]\n', "", 1),
     "each name its three players", 6),
    (lambda t: t.replace('[Sitting "A" "B" "C"]', '[Sitting "A" "C" "B"]', 2).replace(
        '[Sitting "A" "C" "B"]', '[Sitting "A" "B" "C"]', 1), "partie 2 is not of the sitting of A, B, C", 41),
])
def test_bad_sittings_are_refused_at_their_place(cli, tmp_path: Path, change: Callable[[str], str], says: str,
                                                 line: int) -> None:
    path = _sitting_file(tmp_path, change)
    code, out, err = cli("chouette", str(path))
    assert code == 1 and says in err and "Traceback" not in err, err
    assert f"{path}:{line}:" in err


def test_two_or_four_players_in_json_are_refused_by_the_schema(cli, tmp_path: Path) -> None:
    records = json.loads((DEALS / "cavendish-chouette.json").read_text("utf-8"))
    for players in (["A", "B"], ["A", "B", "C", "D"]):
        records[0]["sitting"]["players"] = players
        path = tmp_path / "sitting.json"
        path.write_text(json.dumps(records, indent=2), "utf-8")
        code, out, err = cli("chouette", str(path))
        assert code == 1 and f"{path}:" in err and "sitting.players" in err and "Traceback" not in err, err


def test_a_card_figure_the_settlement_does_not_reach_is_a_mismatch(cli, tmp_path: Path) -> None:
    path = _sitting_file(tmp_path, lambda t: t.replace('"C" "+5"]', '"C" "+6"]'))
    code, out, err = cli("chouette", str(path), "--format", "json")
    assert code == 3, err
    mismatch = json.loads(out)["results"][0]["mismatches"]
    assert [(m["partie"], m["player"], m["claimed"], m["engine"]) for m in mismatch] == [(4, "C", 6, 5)]
    code, out, err = cli("chouette", str(path))
    assert code == 3 and "the card after partie 4: C +6 in the book, +5 by the settlement" in out


def test_a_ruleset_without_chouette_is_refused(cli) -> None:
    code, out, err = cli("chouette", str(EXAMPLE), "-r", "traite")
    assert code == 1 and "does not describe chouette" in err and f"{EXAMPLE}:" in err


def test_the_command_shows_its_examples(cli) -> None:
    code, out, _ = cli("chouette", "--help")
    assert code == 0 and "piquet-variants chouette example:cavendish-chouette" in out


def test_an_empty_file_has_no_partie_to_settle(cli, tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text("[]", "utf-8")
    code, out, err = cli("chouette", str(path))
    assert code == 1 and f"{path}:1:1:" in err and "no partie to settle" in err and "Traceback" not in err, err
