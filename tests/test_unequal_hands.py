"""Hands of eleven to thirteen cards in play, through the engine, the replay and its narrative.

A player who takes in one card more or fewer than he discards (Cavendish
Laws 30, 31; 1651, ch. XII) plays a hand of thirteen or eleven cards; the
last trick may then be a card led to nothing, and a card beyond a full hand
is no trick (Case XIX).  Every path through the replay and the narrative
must take such a play without an internal error.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_variants.cards import card_name, iter_cards
from piquet_variants.cli import main
from piquet_variants.engine.deal import ELDER, NO_CARD, YOUNGER, Deal, Phase, random_dealt
from piquet_variants.engine.irregular import exchange_wrongly
from piquet_variants.engine.scoring import score_deal
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.players.random_player import finish_randomly

_RULESETS = ("cavendish-rubicon", "cavendish-au-cent", "royall-1651", "traite", "modern-fr")


def _cards(m: int) -> str:
    return " ".join(card_name(c, symbols=True) for c in iter_cards(m))


def _record(rid: str, deal: Deal, took: tuple[int, int]) -> str:
    """The deal in the notation: the hands dealt, each exchange with the number taken in, and the tricks."""
    d = deal.dealt
    lines = [f'[Ruleset "{rid}"]', '[Players "A" "B"]', '[Lang "en"]', "", 'deal 1, dealer "B"',
             f"  elder: {_cards(d.elder)}", f"  younger: {_cards(d.younger)}",
             "  talon: " + " ".join(card_name(c, symbols=True) for c in d.talon)]
    for role, name in ((ELDER, "elder"), (YOUNGER, "younger")):
        taken = f", takes in {took[role]}" if took[role] != deal.discards[role].bit_count() else ""
        lines.append(f"  {name} discards {_cards(deal.discards[role])}{taken}")
    lines.append("  tricks:")
    for n, (_, lead, follow) in enumerate(deal.tricks, 1):
        second = "" if follow == NO_CARD else " " + card_name(follow, symbols=True)
        lines.append(f"  {n}. {card_name(lead, symbols=True)}{second}")
    return "\n".join(lines + ["end deal", ""])


def _play(rid: str, seed: int, sizes: tuple[int, int]) -> tuple[Deal, tuple[int, int]]:
    """A random deal whose players take in so as to play hands of ``sizes`` cards (11 to 13)."""
    rules = load_ruleset(rid).rules
    rng = random.Random(seed)
    deal = Deal(rules, random_dealt(rules, rng))
    took = [0, 0]
    for role in (ELDER, YOUNGER):
        assert deal.phase == Phase.EXCHANGE and deal.player == role
        take = 2 + sizes[role] - rules.deal.hand  # discarding two: one to three taken
        hand = list(iter_cards(deal.hands[role]))
        discard = sum(1 << c for c in rng.sample(hand, 2))
        took[role] = take
        if take == 2:
            deal.apply(discard)
        else:
            exchange_wrongly(deal, discard, take)
    finish_randomly(deal, rng)
    return deal, (took[0], took[1])


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_RULESETS), st.integers(0, 2**32 - 1), st.integers(11, 13), st.integers(11, 13))
def test_short_and_long_hands_score_and_replay(rid: str, seed: int, elder_n: int, younger_n: int) -> None:
    deal, took = _play(rid, seed, (elder_n, younger_n))
    assert deal.over
    score = score_deal(deal)
    tricks = len(deal.tricks)
    assert tricks == min(max(elder_n, younger_n), deal.rules.deal.hand)  # a card beyond a full hand is no trick
    # every trick is won by one player; a card led to nothing is the leader's (Law 57)
    assert sum(deal.won) == tricks
    assert all(follow != NO_CARD or deal.hands[1 - leader] == 0 for leader, _, follow in deal.tricks)
    if deal.won[ELDER] != deal.won[YOUNGER]:
        winner = ELDER if deal.won[ELDER] > deal.won[YOUNGER] else YOUNGER
        capot = deal.won[1 - winner] == 0
        if not deal.reckons_nothing[winner]:
            assert (score.by[winner]["capot"] > 0) is (capot and deal.rules.cards.capot > 0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "unequal.piquet"
        path.write_text(_record(rid, deal, took), encoding="utf-8")
        for extra in ([], ["--narrative"], ["--narrative", "--lang", "fr"], ["--format", "json"],
                      ["--format", "markdown", "--narrative"]):
            assert main(["replay", str(path), *extra]) == 0, (extra, path.read_text())


def test_a_hand_dealt_short_is_no_carte_blanche() -> None:
    """Law 18: 'a hand dealt, consisting of at least twelve cards, without king, queen, or knave'."""
    from piquet_variants.cards import mask, parse_cards
    from piquet_variants.engine.deal import Dealt, deck_cards
    r = load_ruleset("cavendish-rubicon").rules
    blanche = parse_cards(["AS", "10S", "9S", "8S", "7S", "AH", "10H", "9H", "8H", "AD", "10D", "9D", "8D"])
    for n, dealt in ((13, True), (12, True), (11, False)):
        hand = mask(blanche[:n])
        rest = [c for c in deck_cards(r) if not hand >> c & 1]
        other = 24 - n
        d = Deal(r, Dealt(hand, mask(rest[:other]), tuple(rest[other:])))
        assert d.blanche_dealt[ELDER] is dealt, n


def _capot_against_thirteen(rid: str) -> Deal:
    """The elder discards four and takes in five (thirteen cards); the younger, holding the aces, kings and queens
    of every suit, takes the first trick and leads out the rest."""
    from piquet_variants.cards import mask, parse_cards
    from piquet_variants.engine.deal import Dealt
    r = load_ruleset(rid).rules
    cards = lambda text: mask(parse_cards(text.split()))  # noqa: E731
    elder = cards("JS 9S 8S 7S 10H 9H 8H 7H 10D 9D 8D 7D")
    younger = cards("AS KS QS 10S AH KH QH JH AD KD QD JD")
    talon = tuple(parse_cards("7C 8C 9C 10C JC QC KC AC".split()))
    d = Deal(r, Dealt(elder, younger, talon))
    exchange_wrongly(d, cards("9S 10H 9H 10D"), 5)
    d.apply(cards("10S JH JD"))
    while d.phase == Phase.DECLARE:
        d.apply(0)
    finish_randomly(d, random.Random(0))
    return d


@pytest.mark.parametrize("rid", [rid for rid in _RULESETS if load_ruleset(rid).rules.deck.size == 32])
def test_the_last_trick_presupposes_twelve_cards_each(rid: str) -> None:
    """Case XIX: 'The word "last," in Law 65, presupposes that each player has twelve cards.'  Against a hand of
    thirteen the twelfth trick is the last and the thirteenth card no trick: the younger, winning all twelve,
    scores the last trick's two and the capot (Law 66), and the elder keeps his thirteenth card in his hand."""
    d = _capot_against_thirteen(rid)
    assert d.over and len(d.tricks) == d.rules.deal.hand == 12 and d.won == [0, 12]
    assert d.hands[ELDER].bit_count() == 1 and d.hands[YOUNGER] == 0
    score = score_deal(d)
    last = [e for e in score.events if e[3] == "trick:12:last"]
    assert last == [(YOUNGER, "play", d.rules.play.last_trick_bonus, "trick:12:last")]
    assert score.by[YOUNGER]["capot"] == d.rules.cards.capot and score.by[YOUNGER]["cards"] == 0
    assert not [e for e in score.events if str(e[3]).startswith("trick:13")]
