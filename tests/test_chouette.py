"""Chouette: the rotation, the rounding, the stakes and the book's sitting of five parties (Cavendish, Description)."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from piquet_variants.engine.chouette import (NoChouette, Played, Seats, first_seats, next_seats, reckoned, settle,
                                             stakes)
from piquet_variants.engine.partie import PartieResult
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
    with pytest.raises(ValueError, match="partie 4 is played by players 1 and 3; by the rotation player 2 is single"):
        settle(RULES, BOOK[:3] + [Played((A, C), _partie(1, 141))])


def test_an_unfinished_partie_is_refused() -> None:
    with pytest.raises(ValueError, match="partie 1 is not finished"):
        settle(RULES, [Played((A, B), PartieResult([0, 0], None, 0, [0, 0], False))])


@pytest.mark.parametrize("rid", ["traite", "royall-1651", "cavendish-au-cent", "modern-fr", "marquoir"])
def test_rulesets_without_chouette_refuse_a_sitting(rid: str) -> None:
    with pytest.raises(NoChouette, match="does not describe chouette"):
        settle(load_ruleset(rid).rules, BOOK)
