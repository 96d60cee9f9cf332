"""Misdeals, faced cards and peeking at the talon, under each ruleset that treats them."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from piquet_variants.saying import say_note
from piquet_variants.cards import mask, parse_cards
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Dealt, Phase, deal_pack, deck_cards
from piquet_variants.engine.scoring import judge_kind, score_deal
from piquet_variants.errors import IllegalAction
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.players.random_player import finish_randomly


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
    finish_randomly(d, random.Random(seed))


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


def test_a_peek_that_loses_the_game() -> None:
    """Au cent's penalty for taking up stock cards is the game; no shipped ruleset gives it for seeing them (au cent
    keeps club Law 27 for that), so au cent's rules are given the penalty here."""
    from piquet_variants.engine.partie import Partie
    base = rules("cavendish-au-cent")
    assert base.penalties.seeing_opponent_talon == "reckons_nothing"
    r = dataclasses.replace(base, penalties=dataclasses.replace(base.penalties, seeing_opponent_talon="loses_game"))
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


# -- the cards left in the talon, and who may see them --

def _exchanged(rid: str, elder_takes: int, younger_takes: int, **exchange: object) -> Deal:
    r = rules(rid)
    if exchange:
        r = dataclasses.replace(r, exchange=dataclasses.replace(r.exchange, **exchange))
    d = Deal(r, dealt(12, 12))
    for p, k in ((ELDER, elder_takes), (YOUNGER, younger_takes)):
        hand = d.hands[p]
        discard = 0
        for _ in range(k):
            discard |= hand & -hand
            hand &= hand - 1
        d.apply(discard)
    return d


def test_the_younger_looks_at_the_cards_left_and_the_elder_may_see_them_too() -> None:
    """Cavendish Law 36: if the younger looks, the elder is also entitled to see them."""
    d = _exchanged("cavendish-rubicon", 5, 1)
    d.look_at_left(YOUNGER, True)
    assert say_note(d.notes[-1]) == ("the younger looks at the 2 card(s) left in the talon; the elder may see them "
                                 "too, once he has named his first suit or led")
    assert "le premier peut les voir aussi" in say_note(d.notes[-1], "fr")
    d = _exchanged("cavendish-rubicon", 5, 1)
    d.look_at_left(YOUNGER, False)
    assert say_note(d.notes[-1]).endswith("neither player may see them")


def test_the_elder_looks_at_the_cards_he_leaves() -> None:
    """Law 33: if the elder leaves any cards he is entitled to look at them."""
    d = _exchanged("cavendish-rubicon", 3, 3)
    d.look_at_left(ELDER, True)
    assert say_note(d.notes[-1]) == "the elder looks at the 2 card(s) he leaves to the younger"


def test_looking_needs_cards_left_and_the_ruleset_s_leave() -> None:
    with pytest.raises(IllegalAction, match="left no cards"):  # he has not exchanged yet
        Deal(rules("cavendish-rubicon"), dealt(12, 12)).look_at_left(ELDER, True)
    d = _exchanged("cavendish-rubicon", 5, 3)
    for p in (ELDER, YOUNGER):
        with pytest.raises(IllegalAction, match="left no cards"):
            d.look_at_left(p, True)
    d = _exchanged("cavendish-rubicon", 5, 1, younger_may_see_left="no")
    with pytest.raises(IllegalAction, match="may not look"):
        d.look_at_left(YOUNGER, True)
    d.look_at_left(YOUNGER, False)
    d = _exchanged("cavendish-rubicon", 5, 1, younger_may_see_left="freely")
    d.look_at_left(YOUNGER, True)
    assert say_note(d.notes[-1]).endswith("the elder does not see them")


def test_looking_at_the_cards_left_is_read_from_the_record(cli, tmp_path) -> None:
    text = Path("docs/deals/carte-blanche-younger-repique.piquet").read_text("utf-8")
    path = tmp_path / "looks.piquet"
    path.write_text(text.replace("without looking", "looks at the rest"), encoding="utf-8")
    code, out, err = cli("replay", str(path), "-r", "cavendish-rubicon")
    assert code == 0 and "the younger looks at the 2 card(s) left in the talon; the elder may see them too" in out
    elder = next(t for t in text.splitlines() if t.strip().startswith("elder discards"))
    path.write_text(text.replace(elder, elder + ", looks at the rest"), encoding="utf-8")
    code, out, err = cli("replay", str(path), "-r", "cavendish-rubicon")
    line = text.splitlines().index(elder) + 1
    assert code == 1 and f"{path}:{line}:" in err and "the elder left no cards to look at" in err


@pytest.mark.parametrize("rid,said", [
    ("cavendish-rubicon", "the younger has carte blanche: he announces it as soon as he is aware of it; "
                          "he shows it once his opponent has discarded"),
    ("traite", "the younger has carte blanche: he announces it before his own discard; "
               "he shows it as he announces it")])
def test_carte_blanche_is_announced_and_shown_when_the_ruleset_says(rid: str, said: str) -> None:
    """Cavendish Law 20 against the French usage (the treatise's arts. 1-13 say nothing: unstated)."""
    r = rules(rid)
    blanche = mask(parse_cards(["AS", "10S", "9S", "8S", "7S", "AH", "10H", "9H", "8H", "AD", "10D", "9D"]))
    rest = [c for c in deck_cards(r) if not blanche >> c & 1]
    d = Deal(r, Dealt(mask(rest[:12]), blanche, tuple(rest[12:])))
    assert [say_note(n) for n in d.notes] == [said]


@pytest.mark.parametrize("packet", [2, 3])
def test_a_pack_dealt_by_packets_top_packet_to_the_elder(packet: int) -> None:
    """Cavendish Law 9: by two or by three, 'giving the top cards to his adversary'; the rest is the stock."""
    r = rules("cavendish-rubicon")
    pack = deck_cards(r)
    random.Random(packet).shuffle(pack)
    d = deal_pack(r, pack, packet)
    assert d.elder == mask(pack[i] for i in range(24) if i // packet % 2 == 0)
    assert d.younger == mask(pack[i] for i in range(24) if i // packet % 2 == 1)
    assert d.talon == tuple(pack[24:])
    assert deal_pack(r, pack, 5 - packet) != d
