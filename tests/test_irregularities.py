"""Misdeals, faced cards and peeking at the talon, under each ruleset that treats them."""

from __future__ import annotations

import random

import pytest

from piquet_variants.cards import mask, parse_cards
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Dealt, Phase, deck_cards
from piquet_variants.engine.scoring import judge_kind, score_deal
from piquet_variants.errors import IllegalAction
from piquet_variants.ruleset.compiler import load_ruleset


def rules(rid: str):
    return load_ruleset(rid).rules


def dealt(elder_n: int, younger_n: int, faced: int | None = None, seed: int = 1) -> Dealt:
    cards = deck_cards(rules("traite"))
    random.Random(seed).shuffle(cards)
    talon = tuple(cards[elder_n + younger_n:])
    return Dealt(mask(cards[:elder_n]), mask(cards[elder_n:elder_n + younger_n]), talon, faced)


def test_fourteen_cards_is_a_fresh_deal_everywhere() -> None:
    for rid in ("traite", "cavendish-rubicon", "cavendish-au-cent"):
        d = Deal(rules(rid), dealt(14, 12))
        assert d.void and d.over, rid


def test_thirteen_cards_elder_may_stand_or_refuse() -> None:
    d = Deal(rules("traite"), dealt(13, 12))
    assert d.phase == Phase.MISDEAL and d.legal_actions() == [0, 1]
    d.apply(1)
    assert d.void
    d = Deal(rules("traite"), dealt(13, 12))
    d.apply(0)
    # Treatise art. 6: the elder with 13 must leave three for the dealer: he takes at most four.
    assert d.take_range(ELDER) == (1, 4)


@pytest.mark.parametrize("rid,elder_most,younger_part", [("traite", 5, 2), ("cavendish-rubicon", 5, 2),
                                                          ("cavendish-au-cent", 4, 3)])
def test_dealer_with_thirteen(rid: str, elder_most: int, younger_part: int) -> None:
    """Art. 6: 'si le dernier a treize cartes, il en écarte trois et n'en prend que deux'; Law 43; au Cent."""
    d = Deal(rules(rid), dealt(12, 13))
    d.apply(0)
    assert d.take_range(ELDER)[1] == elder_most
    assert d.parts[1] == younger_part


def test_nine_card_talon_is_a_fresh_deal_under_the_club_laws() -> None:
    assert Deal(rules("cavendish-rubicon"), dealt(11, 12)).void  # Law 12


@pytest.mark.parametrize("position,void", [(1, True), (6, True), (3, False), (8, False)])
def test_treatise_faced_card(position: int, void: bool) -> None:
    """Art. 7: only the top card, or the first of the dealer's three, voids the deal."""
    assert Deal(rules("traite"), dealt(12, 12, faced=position - 1)).void is void


def test_club_faced_card_always_voids() -> None:
    assert Deal(rules("cavendish-rubicon"), dealt(12, 12, faced=3)).void  # Law 14


def _declare_best_and_play(d: Deal, seed: int = 3) -> None:
    while d.phase == Phase.DECLARE:
        d.apply(0)
    d.play_out(random.Random(seed))


def _peek_then_play(rid: str, who: int, cards: int) -> Deal:
    d = Deal(rules(rid), dealt(12, 12))
    d.peek(who, cards)
    d.apply(d.legal_actions()[0])
    d.apply(d.legal_actions()[0])
    _declare_best_and_play(d)
    return d


def test_club_peek_reckons_nothing() -> None:
    s = score_deal(_peek_then_play("cavendish-rubicon", ELDER, 1))
    assert s.totals[ELDER] == 0 and all(v == 0 for v in s.by[ELDER].values())


def test_languedoc_peek_costs_the_grand_coup_and_treatise_needs_several_cards() -> None:
    assert score_deal(_peek_then_play("traite-languedoc", YOUNGER, 1)).by[YOUNGER]["penalty"] == -170
    d = Deal(rules("traite"), dealt(12, 12))
    d.peek(YOUNGER, 1)  # one card: below the treatise's 'plusieurs'
    assert d.forced_by is None and d.notes


def test_treatise_forced_suit_on_the_first_lead() -> None:
    d = Deal(rules("traite"), dealt(12, 12))
    d.peek(ELDER, 2)
    d.apply(d.legal_actions()[0])
    d.apply(d.legal_actions()[0])
    assert d.phase == Phase.FORCED_SUIT and d.player == YOUNGER
    held = [s for s in range(4) if d.hands[ELDER] >> (9 * s) & 511]
    d.apply(held[0])
    while d.phase == Phase.DECLARE:
        d.apply(0)
    assert all(c // 9 == held[0] for c in d.legal_actions())
    with pytest.raises(IllegalAction):
        d.apply(next(c for c in range(36) if d.hands[ELDER] >> c & 1 and c // 9 != held[0]))


def test_au_cent_peek_loses_the_game() -> None:
    from piquet_variants.engine.partie import Partie
    r = rules("cavendish-au-cent")
    d = Deal(r, dealt(12, 12))
    d.peek(YOUNGER, 1)
    assert d.over
    p = Partie(r, dealer=1)
    p.add(score_deal(d))
    assert p.games == [1, 0]


def test_carte_blanche_scores_first_and_saves_the_repique() -> None:
    r = rules("cavendish-rubicon")
    elder = mask(parse_cards("AS AH AD AC 10S 10H 10D 10C 9S 8S 7S 9H".split()))
    younger = mask(parse_cards("KS QS JS KH QH JH KD QD JD KC QC 9D".split()))
    talon = tuple(parse_cards("JC 9C 8C 7C 8H 7H 8D 7D".split()))
    d = Deal(r, Dealt(elder, younger, talon))
    assert d.blanche == (True, False)
    d.apply(mask(parse_cards(["9H"])))
    d.apply(mask(parse_cards(["9D"])))
    _declare_best_and_play(d)
    s = score_deal(d)
    assert s.events[0][:3] == (ELDER, "carte_blanche", 10)
    assert s.by[YOUNGER]["repique"] == 0


def test_a_shown_sequence_bars_though_a_lesser_one_is_called() -> None:
    """Au cent: 'the show bars the younger hand from reckoning his sequences, if only equal or inferior'."""
    r = rules("cavendish-au-cent")
    elder = mask(parse_cards("AS KS QS JS 10S 7H 8H 9H 7D 8D 7C 8C".split()))
    younger = mask(parse_cards("KH QH JH 10H 9D 10D JD QD 9C 10C JC QC".split()))
    talon = tuple(c for c in deck_cards(r) if not (elder | younger) >> c & 1)
    d = Deal(r, Dealt(elder, younger, talon))
    d.skip_exchange()
    d.apply(0)  # point: best
    d.apply(0)
    quint = d.candidates()[0]
    tierce = len(d.candidates()) - 2  # his lesser tierce (9-8-7 of hearts)
    d.show(ELDER, "sequences", quint.key)
    d.apply(tierce)
    d.apply(0)  # younger calls his quart
    result = judge_kind(d, "sequences")
    assert result.winner == ELDER and all(c.key <= d.calls["sequences"][ELDER].key for c in result.reckoned)
