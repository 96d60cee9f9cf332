"""The club laws on calling, showing and irregularities not exercised by the Cases: each test names its law."""

from __future__ import annotations

import random
from typing import Any

import pytest

from piquet_variants.saying import say_note
from piquet_variants.cards import mask, parse_cards
from piquet_variants.engine.combos import SEQUENCES, claim, good_against_the_cards
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Dealt, Phase, deck_cards
from piquet_variants.engine.irregular import (exchange_wrongly, in_time, miscall, mixed_talon, unannounced_misdeal)
from piquet_variants.engine.partie import Partie
from piquet_variants.engine.scoring import score_deal
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.players.random_player import finish_randomly


def rules(rid: str) -> Any:
    return load_ruleset(rid).rules


def dealt(rid: str, elder_n: int = 12, younger_n: int = 12, seed: int = 3) -> Dealt:
    cards = deck_cards(rules(rid))
    random.Random(seed).shuffle(cards)
    return Dealt(mask(cards[:elder_n]), mask(cards[elder_n:elder_n + younger_n]), tuple(cards[elder_n + younger_n:]))


def as_played(rid: str, elder: str, younger: str) -> Deal:
    r = rules(rid)
    e, y = mask(parse_cards(elder.split())), mask(parse_cards(younger.split()))
    d = Deal(r, Dealt(e, y, tuple(c for c in deck_cards(r) if not (e | y) >> c & 1)))
    d.skip_exchange()
    return d


def test_moments_in_time() -> None:
    """'Before his own first card' is the elder's lead for the elder, the first trick for the younger."""
    assert in_time(ELDER, "before_next_call", "before_own_first_card")
    assert in_time(ELDER, "before_elder_leads", "before_own_first_card")
    assert not in_time(ELDER, "before_first_trick", "before_own_first_card")
    assert in_time(YOUNGER, "before_first_trick", "before_own_first_card")
    assert not in_time(YOUNGER, "before_reply", "never") and not in_time(ELDER, None, "before_first_trick")


@pytest.mark.parametrize("choice,void", [("fresh_deal", True), ("stand", False)])
def test_laws_28_29_mixing_the_stock_reckons_nothing_or_a_fresh_deal(choice: str, void: bool) -> None:
    d = Deal(rules("cavendish-rubicon"), dealt("cavendish-rubicon"))
    mixed_talon(d, YOUNGER, 1, choice)
    assert d.void is void and d.reckons_nothing[YOUNGER] is not void


def test_au_cent_mixing_the_stock_loses_the_game() -> None:
    r = rules("cavendish-au-cent")
    d = Deal(r, dealt("cavendish-au-cent"))
    mixed_talon(d, ELDER, 1, None)
    partie = Partie(r, dealer=1)
    partie.add(score_deal(d))
    assert d.over and partie.games == [0, 1]


def test_law_44_the_adversary_may_waive_reckoning_nothing() -> None:
    d = Deal(rules("cavendish-rubicon"), dealt("cavendish-rubicon"))
    mixed_talon(d, YOUNGER, 1, "stand", waived=True)
    assert not d.reckons_nothing[YOUNGER] and "his adversary does not enforce the penalty" in say_note(d.notes[-1])
    d = Deal(rules("royall-1651"), dealt("royall-1651"))  # no such choice in 1651
    hand = d.hands[ELDER]
    exchange_wrongly(d, hand & -hand, 2, waived=True)
    assert d.irregular is not None and d.irregular.hand_void[ELDER]


@pytest.mark.parametrize("rid,take,penalized", [("cavendish-rubicon", 4, False), ("royall-1651", 8, True),
                                                ("cavendish-au-cent", 4, False)])
def test_law_39_a_misdeal_not_announced(rid: str, take: int, penalized: bool) -> None:
    """Law 39: the option lost, three left for the younger; 1651 ch. XII p. 35: the penalty for too many cards."""
    d = Deal(rules(rid), dealt(rid, 13, 12))
    assert d.phase == Phase.MISDEAL
    unannounced_misdeal(d)
    assert d.phase == Phase.EXCHANGE and d.take_range(ELDER)[1] == take
    assert (d.irregular is not None and d.irregular.hand_void[ELDER]) is penalized


def _declared(d: Deal) -> None:
    while d.phase == Phase.DECLARE:
        d.apply(0)


def test_law_55_a_miscall_shown_before_playing_has_no_penalty() -> None:
    """A calls a quint major, holding the quart and having put out the ten (so he could have held it, Law 54)."""
    r = rules("cavendish-rubicon")
    elder = mask(parse_cards("AS KS QS JS 10S 9H 8H 7H AD KD QD 8C".split()))
    younger = mask(parse_cards("9S 8S 7S KH QH JH 10D 9D 8D KC QC 7C".split()))
    talon = tuple(parse_cards("AH 10H AC JC 10C 9C JD 7D".split()))
    for shown, penalized in ((True, False), (False, True)):
        d = Deal(r, Dealt(elder, younger, talon))
        d.apply(mask(parse_cards(["10S"])))
        d.apply(mask(parse_cards(["7C"])))
        _declared(d)
        quint = claim(d.rules, SEQUENCES, [], length=5, top=0)  # a quint major he does not hold
        miscall(d, ELDER, SEQUENCES, quint, None, shown=shown)
        assert d.reckons_nothing[ELDER] is penalized


def test_law_49_an_undercall_good_against_the_cards_lets_the_elder_reckon_all() -> None:
    """The elder calls a tierce, holding a quart too: good against the cards, he reckons both; if not, the tierce."""
    elder, younger = "KS QS JS 10S AH KH QH 7H 9D 8D 9C 8C", "AS 9S 8S 7S JH 10H 9H 8H AD KD AC KC"
    d = as_played("cavendish-rubicon", elder, younger)
    _declared(d)
    tierce = next(c for c in d.holding(SEQUENCES, ELDER) if c.length == 3)
    d.calls[SEQUENCES][ELDER] = tierce
    seen = d.declared_hands[ELDER]
    assert not good_against_the_cards(d.tables, SEQUENCES, tierce.key, seen)  # the younger could hold a quart
    d.calls[SEQUENCES][YOUNGER] = None
    assert score_deal(d).by[ELDER]["sequences"] == 3  # bound by his call (the Description)
    assert good_against_the_cards(d.tables, SEQUENCES, tierce.key, d.tables.pack)  # had he seen every card
    d.discards[ELDER] = d.tables.pack & ~d.declared_hands[ELDER]
    assert score_deal(d).by[ELDER]["sequences"] == 4 + 3  # then he reckons his quart as well (Law 49)


def test_law_46_and_the_reply_bars_only_where_the_ruleset_says() -> None:
    from piquet_variants.engine.irregular import reply
    elder, younger = "AS KS QS JS AH KH 9H 8H AD KD AC KC", "QD JD 9D 8D 7D QC JC 10C 8C 10S 9S QH"
    for rid, barred in (("cavendish-rubicon", True), ("traite", False)):
        d = as_played(rid, elder, younger)
        _declared(d)
        reply(d, YOUNGER, "point", "equal", None)
        assert (score_deal(d).by[YOUNGER]["point"] == 0) is barred, rid


def _blanche_dealt(r: Any) -> Deal:
    """Case XX's cards: the elder is dealt a carte blanche."""
    cards = lambda text: mask(parse_cards(text.split()))  # noqa: E731
    return Deal(r, Dealt(cards("AS 10S 9S 8S AH 10H 9H AD 10D 9D AC 10C"), cards("KS QS JS 7S KH QH JH 7H KD QD JD 7D"),
                         tuple(parse_cards("KC QC JC 8H 8D 9C 8C 7C".split()))))


@pytest.mark.parametrize("fault", ["retakes_discard", "takes_in_too_many", "peek"])
@pytest.mark.parametrize("rid", ["cavendish-rubicon", "cavendish-au-cent", "traite", "modern-fr",
                                 "cavendish-rubicon/not-barring"])
def test_reckoning_nothing_never_reaches_the_carte_blanche(rid: str, fault: str) -> None:
    """Case XXI: 'A can reckon nothing after the carte blanche … This score accrues before the play of the hand
    commences, and before any cards are taken in.'  Every fault that makes a player reckon nothing falls at the
    exchange or later (Laws 25, 27, 31; a false call at the calls): the carte blanche he was dealt stands, and the
    rest of his scores go, whether or not his cards still bar (Law 58)."""
    import dataclasses
    from piquet_variants.engine.irregular import retake_discard
    r = rules(rid.split("/")[0])
    if rid.endswith("not-barring"):
        r = dataclasses.replace(r, penalties=dataclasses.replace(r.penalties, reckons_nothing_bars=False))
    if fault == "peek" and r.penalties.seeing_opponent_talon != "reckons_nothing":
        pytest.skip("seeing the stock is not punished by reckoning nothing here")
    d = _blanche_dealt(r)
    discard = mask(parse_cards("9S 8S 9H 9D 10C".split()))
    if fault == "peek":
        d.peek(ELDER, 1)
    if fault == "takes_in_too_many":
        exchange_wrongly(d, discard & ~mask(parse_cards(["10C"])), 5)
    else:
        d.apply(discard)
    d.apply(mask(parse_cards("7S 7H 7D".split())))
    if fault == "retakes_discard":
        retake_discard(d, ELDER, discard)
    finish_randomly(d, random.Random(5))
    score = score_deal(d)
    assert d.reckons_nothing[ELDER] and d.over
    assert score.by[ELDER]["carte_blanche"] == r.carte_blanche.score > 0
    assert score.totals[ELDER] == r.carte_blanche.score
