"""The club laws and au Cent paragraphs that change a score, driven through the engine: each test names its law."""

from __future__ import annotations

import random
from typing import Any

import pytest

from piquet_variants.saying import say_note
from piquet_variants.cards import iter_cards, mask, parse_cards
from piquet_variants.engine.combos import POINT, SEQUENCES
from piquet_variants.engine.deal import ELDER, NO_CARD, YOUNGER, Deal, Dealt, Phase, deck_cards
from piquet_variants.engine.irregular import (exposed_in_dealing, incorrect_pack, left_cards_seen, mixed_into_discard,
                                              omission, retake_discard, younger_alters_discard)
from piquet_variants.engine.partie import Partie
from piquet_variants.engine.scoring import score_deal
from piquet_variants.errors import IllegalAction
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.players.random_player import finish_randomly


def rules(rid: str) -> Any:
    return load_ruleset(rid).rules


def dealt(rid: str, seed: int = 3) -> Dealt:
    cards = deck_cards(rules(rid))
    random.Random(seed).shuffle(cards)
    return Dealt(mask(cards[:12]), mask(cards[12:24]), tuple(cards[24:]))


def low(m: int, n: int) -> int:
    """The first ``n`` cards of a mask, as a mask."""
    return mask(list(iter_cards(m))[:n])


@pytest.mark.parametrize("whose,called,void", [("elder", True, True), ("stock", True, True),
                                               ("elder", False, False), ("dealer", True, False)])
def test_law_13_a_card_exposed_in_dealing(whose: str, called: bool, void: bool) -> None:
    d = Deal(rules("cavendish-rubicon"), dealt("cavendish-rubicon"))
    exposed_in_dealing(d, whose, called)
    assert d.void is void
    d = Deal(rules("royall-1651"), dealt("royall-1651"))  # 1651: a card faced in dealing is dealt on
    exposed_in_dealing(d, whose, called)
    assert not d.void


@pytest.mark.parametrize("rid,dealers", [
    # B (player 1) should deal the third deal; A deals it, found late: B, elder of that deal, then deals twice.
    ("cavendish-rubicon", [1, 0, 0, 1, 1, 0]),
    ("cavendish-au-cent", [1, 0, 0, 1, 0, 1]),  # au Cent para. 5: no remedy, the turn goes on from the wrong deal
])
def test_law_16_and_au_cent_5_a_deal_out_of_turn_found_late(rid: str, dealers: list[int]) -> None:
    partie = Partie(rules(rid), dealer=1)
    seen = []
    for n in range(6):
        if n == 2:
            assert partie.out_of_turn(found_before_hands_taken_up=False)
        seen.append(partie.dealer)
        partie.add_totals(10, 5)
    assert seen == dealers


def test_law_16_found_early_the_right_dealer_deals() -> None:
    partie = Partie(rules("cavendish-rubicon"), dealer=1)
    partie.add_totals(10, 5)
    assert not partie.out_of_turn(found_before_hands_taken_up=True) and partie.dealer == 0


def test_law_16_no_second_deal_when_the_next_is_the_last() -> None:
    partie = Partie(rules("cavendish-rubicon"), dealer=1)
    seen = []
    for n in range(6):
        if n == 4:  # the fifth deal out of turn: the sixth is the last of the partie
            partie.out_of_turn(found_before_hands_taken_up=False)
        seen.append(partie.dealer)
        partie.add_totals(10, 5)
    assert seen == [1, 0, 1, 0, 0, 1]


def _exchanged(rid: str) -> Deal:
    d = Deal(rules(rid), dealt(rid))
    d.apply(low(d.hands[ELDER], 3))
    return d


def test_law_25_retaking_the_discard_plays_thirteen_and_reckons_nothing() -> None:
    d = _exchanged("cavendish-rubicon")
    retake_discard(d, ELDER, low(d.discards[ELDER], 1))
    assert d.hands[ELDER].bit_count() == 13 and d.reckons_nothing[ELDER]
    d.apply(low(d.hands[YOUNGER], 2))
    finish_randomly(d, random.Random(1))
    score = score_deal(d)
    assert d.over and score.totals[ELDER] == 0 and len(d.tricks) == 12  # the thirteenth card is no trick


def test_law_25_retaken_after_the_younger_exchanged_the_calls_count_thirteen_cards() -> None:
    d = _exchanged("cavendish-rubicon")
    d.apply(low(d.hands[YOUNGER], 2))
    card = low(d.discards[ELDER], 1)
    retake_discard(d, ELDER, card)
    assert d.declared_hands[ELDER] & card and d.phase == Phase.DECLARE
    with pytest.raises(IllegalAction):
        retake_discard(d, YOUNGER, low(d.hands[YOUNGER], 1))  # not in his discard


def test_law_26_a_card_mixed_into_the_discard_plays_eleven() -> None:
    d = _exchanged("cavendish-rubicon")
    mixed_into_discard(d, ELDER, low(d.hands[ELDER], 1))
    d.apply(low(d.hands[YOUNGER], 2))
    finish_randomly(d, random.Random(2))
    assert d.over and not d.reckons_nothing[ELDER] and len(d.tricks) == 12
    assert any(follow == NO_CARD for _, _, follow in d.tricks)  # his adversary counts as tricks what he cannot answer
    assert sum(d.won) == 12


@pytest.mark.parametrize("declared,altered", [(False, True), (True, False)])
def test_law_32_the_younger_alters_his_discard(declared: bool, altered: bool) -> None:
    d = Deal(rules("cavendish-rubicon"), dealt("cavendish-rubicon"))
    d.apply(low(d.hands[ELDER], 3))  # he leaves two
    first, second = low(d.hands[YOUNGER], 3), low(d.hands[YOUNGER], 5)
    younger_alters_discard(d, first, second, elder_declared=declared)
    assert d.taken[YOUNGER].bit_count() == (5 if altered else 3)


@pytest.mark.parametrize("rid,moment,taken", [("cavendish-rubicon", "before_next_hand", True),
                                              ("cavendish-rubicon", "during_game", False),
                                              ("cavendish-au-cent", "during_game", True),
                                              ("cavendish-au-cent", "after_game", False)])
def test_law_70_and_au_cent_27_scores_corrected(rid: str, moment: str, taken: bool) -> None:
    partie = Partie(rules(rid), dealer=1)
    partie.add_totals(20, 5)
    assert partie.correct(0, 4, moment) is taken
    assert partie.totals[0] == (24 if taken else 20)


def test_law_74_the_players_own_score_of_his_hand_is_taken() -> None:
    partie = Partie(rules("cavendish-rubicon"), dealer=1)
    partie.add_totals(20, 5)
    assert not partie.correct(0, 4, "before_next_hand", own_sheet=False) and partie.totals == [20, 5]


def test_law_75_an_incorrect_pack_voids_the_deal_and_the_deals_before_stand() -> None:
    r = rules("cavendish-rubicon")
    partie = Partie(r, dealer=1)
    partie.add_totals(20, 5)
    d = _exchanged("cavendish-rubicon")
    incorrect_pack(d)
    partie.add(score_deal(d))
    assert d.void and partie.totals == [20, 5] and partie.deals_counted == 1


@pytest.mark.parametrize("rid,bound", [("cavendish-au-cent", True), ("cavendish-rubicon", False)])
def test_au_cent_12_the_cards_left_unseen_looked_at(rid: str, bound: bool) -> None:
    d = Deal(rules(rid), dealt(rid))
    d.apply(low(d.hands[ELDER], 5))
    d.apply(low(d.hands[YOUNGER], 1))  # he leaves two
    d.look_at_left(YOUNGER, False)
    while d.phase == Phase.DECLARE:
        d.apply(0)
    hearts = 1
    left_cards_seen(d, ELDER, hearts)
    suits = {c // 9 for c in iter_cards(d.hands[ELDER])}
    assert hearts in suits and len(suits) > 1
    assert all(c // 9 == hearts for c in d.legal_actions()) is bound
    finish_randomly(d, random.Random(4))
    assert d.tricks[0][1] // 9 == hearts or not bound
    assert d.forced_lead is None


def _calls(rid: str) -> Deal:
    """The elder holds the point (five hearts) and a quint; the younger a lesser point and a tierce."""
    r = rules(rid)
    e = mask(parse_cards("AH KH QH JH 10H AS KS AD KD AC KC 7S".split()))
    y = mask(parse_cards("9H 8H 7H QS JS 10S QD JD 10D QC JC 10C".split()))
    d = Deal(r, Dealt(e, y, tuple(c for c in deck_cards(r) if not (e | y) >> c & 1)))
    d.skip_exchange()
    while d.phase == Phase.DECLARE:
        d.apply(0)
    return d


def test_au_cent_18_a_call_not_shown_before_the_lead_is_lost_and_bars_nothing() -> None:
    d = _calls("cavendish-au-cent")
    omission(d, ELDER, POINT, "after_first_trick")
    assert score_deal(d).by[YOUNGER]["point"] == 3  # the adversary reckons his inferior point
    d = _calls("cavendish-rubicon")  # the club laws: what he omitted still bars (Case IV)
    omission(d, ELDER, POINT, "after_first_trick")
    assert score_deal(d).by[YOUNGER]["point"] == 0


@pytest.mark.parametrize("rid,reckoned", [("cavendish-au-cent", True), ("cavendish-rubicon", False)])
def test_au_cent_21_22_a_call_wrongly_disallowed_is_shown_after_the_lead(rid: str, reckoned: bool) -> None:
    d = _calls(rid)
    omission(d, ELDER, SEQUENCES, "after_first_trick", disallowed=True)
    assert (score_deal(d).by[ELDER]["sequences"] > 0) is reckoned


@pytest.mark.parametrize("rid,elder,younger", [("cavendish-rubicon", (1, 5), (1, 5)),
                                               ("cavendish-au-cent", (1, 5), (0, 5))])
def test_laws_21_22_34_and_au_cent_7_what_each_may_take(rid: str, elder: tuple[int, int],
                                                         younger: tuple[int, int]) -> None:
    """Elder five at most, at least one; younger three and what the elder leaves (Law 34), at least one (au Cent 7:
    none)."""
    d = Deal(rules(rid), dealt(rid))
    assert d.take_range(ELDER) == elder
    d.apply(low(d.hands[ELDER], 3))  # he leaves two, which the younger may take
    assert d.take_range(YOUNGER) == younger


def test_au_cent_13_thirteen_cards_need_take_none() -> None:
    r = rules("cavendish-au-cent")
    cards = deck_cards(r)
    random.Random(5).shuffle(cards)
    d = Deal(r, Dealt(mask(cards[:13]), mask(cards[13:25]), tuple(cards[25:])))
    d.apply(0)  # he stands the deal
    assert d.take_range(ELDER)[0] == 0 and rules("cavendish-rubicon").misdeal.over_hand_min_take == 1


@pytest.mark.parametrize("rid,kept_first_word", [("cavendish-au-cent", True), ("cavendish-rubicon", False)])
def test_au_cent_17_20_an_undercall_and_a_reply_abide(rid: str, kept_first_word: bool) -> None:
    """Au Cent 17: the elder abides by a smaller call; 20: the younger by his answer (club Laws 50, 51: correctable)."""
    from piquet_variants.engine.irregular import miscall, reply
    from piquet_variants.engine.combos import claim
    d = _calls(rid)
    tierce = claim(d.rules, SEQUENCES, d.holding(SEQUENCES, ELDER), length=3, top=0)  # a tierce major of his quint
    miscall(d, ELDER, SEQUENCES, tierce, "before_reply")
    assert (score_deal(d).by[ELDER]["sequences"] == 3) is kept_first_word
    d = _calls(rid)
    d.calls[POINT][ELDER] = d.holding(POINT, YOUNGER)[-1]  # the elder calls less than the younger's point
    reply(d, YOUNGER, POINT, "good", "before_next_call")
    assert (score_deal(d).by[YOUNGER]["point"] == 0) is kept_first_word


@pytest.mark.parametrize("rid,corrected", [("cavendish-au-cent", "before_first_trick"),
                                           ("cavendish-rubicon", "before_first_trick")])
def test_au_cent_23_a_false_quatorze_uncorrected_when_he_plays(rid: str, corrected: str) -> None:
    """Au Cent 23: corrected only before he plays a card; club Law 52: before the younger plays to the first trick."""
    from piquet_variants.engine.combos import SETS, claim
    from piquet_variants.engine.irregular import miscall
    d = _calls(rid)
    d.calls[SETS][YOUNGER] = None
    d.discards[ELDER] = d.tables.pack & ~d.declared_hands[ELDER]  # he could have held four queens
    four_queens = claim(d.rules, SETS, [], length=4, top=2)
    miscall(d, ELDER, SETS, four_queens, corrected)
    assert d.reckons_nothing[ELDER] is (rid == "cavendish-au-cent")


def test_au_cent_25_a_point_ending_in_four_by_agreement() -> None:
    elder, younger = "10H 9H 8H 7H AS KS QS AD KD AC KC QC", "AH KH QH JS 10S 9S JD 10D 9D JC 10C 9C"
    for option, points in ((("ending-in-four", "no"),), 4), ((("ending-in-four", "yes"),), 3):
        r = load_ruleset("cavendish-au-cent", option).rules
        e, y = mask(parse_cards(elder.split())), mask(parse_cards(younger.split()))
        d = Deal(r, Dealt(e, y, tuple(c for c in deck_cards(r) if not (e | y) >> c & 1)))
        d.skip_exchange()
        while d.phase == Phase.DECLARE:
            d.apply(0)
        assert score_deal(d).by[ELDER]["point"] == points  # 34: four cards, counted three


def test_au_cent_26_nines_eights_sevens_not_counting_by_agreement() -> None:
    play = load_ruleset("cavendish-au-cent", (("counting-cards", "ace-to-ten"),)).rules.play
    assert len(play.counting_ranks) == len(play.winning_ranks) == 5
    assert len(rules("cavendish-au-cent").play.counting_ranks) == 8


def test_au_cent_28_29_a_hundred_up_double_games_and_three_of_five() -> None:
    partie = Partie(rules("cavendish-au-cent"), dealer=1)
    partie.add_totals(104, 20)  # player 0, elder, a hundred before his adversary has fifty: a double game
    assert partie.games == [2, 0] and partie.game_totals == [0, 0]
    partie.add_totals(10, 60)  # player 1 now elder
    partie.add_totals(45, 45)  # player 0 elder: 105 against 55, a single game, the third
    assert partie.finished and partie.winner == 0 and partie.result().points_won == 3


def test_au_cent_1_2_6_the_cut_the_packets_and_the_younger_s_carte_blanche() -> None:
    """Au Cent 1: the lower card deals (club Law 4: the higher chooses); 2: by twos only; 6: the younger's carte
    blanche is declared once the elder has discarded and touched the stock."""
    from piquet_variants.engine.partie import cut_for_deal
    r = rules("cavendish-au-cent")
    king, eight = parse_cards(["KH", "8S"])
    assert cut_for_deal(r, (king, eight)) == 1 and cut_for_deal(rules("cavendish-rubicon"), (king, eight)) == 0
    assert r.deal.packets == (2,) and rules("cavendish-rubicon").deal.packets == (2, 3)
    blanche = mask(parse_cards(["AS", "10S", "9S", "8S", "7S", "AH", "10H", "9H", "8H", "AD", "10D", "9D"]))
    rest = [c for c in deck_cards(r) if not blanche >> c & 1]
    notes = [say_note(n) for n in Deal(r, Dealt(mask(rest[:12]), blanche, tuple(rest[12:]))).notes]
    club = [say_note(n) for n in Deal(rules("cavendish-rubicon"), Dealt(mask(rest[:12]), blanche, tuple(rest[12:]))).notes]
    assert len(notes) == 1 and notes != club and "touched the stock" in notes[0]


@pytest.mark.parametrize("partie", ["six-deals", "four-deals"])
def test_law_71_a_tie_each_deals_once_more_even_if_there_should_be_a_second_tie(partie: str) -> None:
    """Law 71: 'If both players score the same number in six deals, each deals once more, when the partie is
    concluded, even if there should be a second tie.'  Both extra deals are played whatever the first leaves, the
    higher total then wins, and a second tie ends the partie with no winner; the extra deals count single (the
    Note to Law 71)."""
    r = load_ruleset("cavendish-rubicon", (("partie", partie),)).rules
    n = r.game.deals

    def tied() -> Partie:
        p = Partie(r, dealer=1)
        for _ in range(n):
            p.add_totals(10, 10)
        assert p.totals[0] == p.totals[1] and not p.finished and p.result().tie_deals_left == 2
        return p

    p = tied()
    elder = p.elder
    p.add_totals(20, 5)  # the first extra deal leaves the totals apart: the second is still dealt
    assert not p.finished and p.result().tie_deals_left == 1 and p.totals[elder] == p.totals[1 - elder] + 15
    p.add_totals(0, 0)
    assert p.finished and p.winner == elder and p.deals_counted == n + 2 and p.result().tie_deals_left == 0
    p = tied()
    p.add_totals(20, 5)
    p.add_totals(20, 5)  # each made 25 in the pair: a second tie
    result = p.result()
    assert result.finished and result.winner is None and result.points_won == 0 and p.deals_counted == n + 2
    resumed = Partie(r, dealer=1)  # a record of the pair alone, from the tie
    resumed.resume((91, 91), n)
    resumed.add_totals(5, 0)
    assert not resumed.finished
    resumed.add_totals(3, 0)
    assert resumed.finished and resumed.totals == [91 + 5, 91 + 3] and resumed.winner == 0
    with pytest.raises(ValueError, match="leave none to play"):
        Partie(r, dealer=1).resume((91, 90), n)
    untied = Partie(r, dealer=1)
    for k in range(n):
        untied.add_totals(10 if k == 0 else 5, 5)
    assert untied.finished and untied.result().tie_deals_left == 0  # no tie, no extra deals
