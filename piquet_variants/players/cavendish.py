"""The ``cavendish`` player: the principles of Cavendish's chapters on discarding, calling and playing.

Each principle is a few lines below, under the passage it follows
(docs/statistics.md lists them with his words).  The weights that turn a principle
into a choice are round numbers chosen once for the ordering the text gives
("Keeping the best suit for point is essential"; "Next in importance to the
point are the cards"), not fitted to the book's statistics.

What it leaves out: sinking (calling less than it holds), leaving cards in
the stock, playing in and out, and most of playing to the partie's score; it
always takes all its cards and calls its best.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import KING, QUEEN, RANKS_PER_SUIT, SUIT_BITS, SUIT_COUNTS, SUIT_MASKS, SUIT_RANKS, SUITS, mask
from ..engine.combos import Combo, tables
from ..engine.deal import ELDER, Phase
from .counting import higher_in_suit, opponent_may_hold, sure_winners, tricks_won
from .view import Legal, View

# How much a card is worth keeping, by rank index (ace first): the cards are won with high cards.
_RANK_WORTH: Final[tuple[int, ...]] = (10, 7, 5, 4, 3, 2, 1, 1, 0)
_POINT: Final = 12  # "Keeping the best suit for point is essential"
_SEQUENCE: Final = 3  # a card's worth in a sequence, a card of the sequence
_HIGH_SET: Final = 8  # a trio of aces or kings
_LOW_SET: Final = 2  # of queens, knaves or tens ("many a hand is ruined...")
_GUARD: Final = 6  # the younger's guard to a king or queen
_WHOLE_SUIT: Final = 3  # the elder's share, in each card, of its suit's strength: weak suits go out whole (tenths)
_SPAN: Final = 64  # more than any card's index


def _suit(hand: int, s: int) -> int:
    return hand >> (s * RANKS_PER_SUIT) & SUIT_BITS


def discard(view: View, legal: Legal) -> int:
    """The cards to put out: the ``n`` least worth keeping, where ``n`` takes all his cards."""
    return mask(keeping_order(view, legal)[:legal.take[1] + legal.excess])


def keeping_order(view: View, legal: Legal) -> list[int]:
    """The cards of the hand discarded from, the least worth keeping first (of two worth the same, the lower)."""
    tab = tables(view.rules)
    hand = legal.hand
    elder = view.role == ELDER
    suits = [_suit(hand, s) for s in range(SUITS)]
    point_suit, point_order = 0, -2  # the suit of the best point (the first, of two as good)
    rank_counts = [0] * RANKS_PER_SUIT
    for s in range(SUITS):
        order = _point_order(tab.point[s][suits[s]])
        if order > point_order:
            point_suit, point_order = s, order
        for r in SUIT_RANKS[suits[s]]:
            rank_counts[r] += 1
    # Each card's worth keeping, the lower card first of two worth the same, as one int: worth * _SPAN - card.
    keys = []
    for s in range(SUITS):
        m = suits[s]
        if not m:
            continue
        ranks = SUIT_RANKS[m]  # highest first
        strength = 0
        for r in ranks:
            strength += _RANK_WORTH[r]
        in_runs = 0
        for run in tab.runs[s][m]:
            in_runs |= run.cards
        for i, r in enumerate(ranks):
            c = s * RANKS_PER_SUIT + r
            w = _RANK_WORTH[r] * 10
            if s == point_suit:
                w += _POINT * 10
            if in_runs >> c & 1:
                w += _SEQUENCE * 10
            if rank_counts[r] >= 3 and tab.set_rank_mask >> r & 1:
                w += (_HIGH_SET if r <= KING else _LOW_SET) * 10 * (rank_counts[r] - 2)
            if elder:
                w += _WHOLE_SUIT * strength
            else:
                # a small card under a king (one guard) or a queen (two guards), or a suit's last small cards
                below = len(ranks) - 1 - i
                if (i and ranks[0] <= QUEEN and below < 2 and r > QUEEN) or len(ranks) <= 2:
                    w += _GUARD * 10
            keys.append(w * _SPAN - c)
    keys.sort()
    return [-key % _SPAN for key in keys]


def lead(view: View, playable: int) -> int:
    """The card to lead: a winning card from the longest suit holding one; else from the longest suit."""
    hand = view.hand & playable
    winners = sure_winners(view) & hand
    counts = [SUIT_COUNTS[_suit(hand, s)] for s in range(SUITS)]
    if counts[0] + counts[1] + counts[2] + counts[3] == 2 and winners and winners != hand:
        if tricks_won(view, view.role) != 5:  # one trick does not make the difference of the cards: the losing card, for the last trick
            return _lowest(hand & ~winners)
    best, most = -1, 0  # the longest suit (the first, of two as long) holding a winner
    if winners:
        for s in range(SUITS):
            if winners & SUIT_MASKS[s] and counts[s] > most:
                best, most = s, counts[s]
        return _highest(winners & SUIT_MASKS[best])
    top = 0  # else the longest suit, and of two as long the one with the higher top card (the first, of two alike)
    for s in range(SUITS):
        if counts[s] and (counts[s] > most or (counts[s] == most and -_top_rank(hand, s) > top)):
            best, most, top = s, counts[s], -_top_rank(hand, s)
    suit = hand & SUIT_MASKS[best]
    top = _highest(suit)
    # from a sequence to establish it (king, queen, knave...), the top card; else the lowest
    return top if (1 << (top + 1)) & suit else _lowest(suit)


def follow(view: View, playable: int) -> int:
    """The card to play to a lead: the lowest that wins it, else the least useful card."""
    lead_card = view.lead_card
    assert lead_card is not None
    same = playable & SUIT_MASKS[lead_card // RANKS_PER_SUIT]
    if same:
        beats = same & higher_in_suit(lead_card)
        return _lowest(beats) if beats else _lowest(same)
    return throw(view, playable)


def throw(view: View, playable: int) -> int:
    """A card thrown to a suit he cannot follow: keep winners and guards to kings and queens."""
    winners = sure_winners(view)
    against = opponent_may_hold(view)
    best, best_worth = -1, 1 << 30
    m = playable
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        suit = view.hand & SUIT_MASKS[c // RANKS_PER_SUIT]
        held = SUIT_COUNTS[_suit(view.hand, c // RANKS_PER_SUIT)]
        worth = (RANKS_PER_SUIT - c % RANKS_PER_SUIT) * 2
        if winners >> c & 1:
            worth += 40
        # a guard to a king (one card under it) or a queen (two), the king or queen not yet a winner
        top = _highest(suit)
        if c != top and top % RANKS_PER_SUIT in (KING, QUEEN) and not winners >> top & 1 \
                and held <= top % RANKS_PER_SUIT + 1:
            worth += 20
        if held == 1 and not (against & SUIT_MASKS[c // RANKS_PER_SUIT]):
            worth -= 5  # nothing of the suit against him: a card he cannot win or lose with
        if worth < best_worth:
            best, best_worth = c, worth
    return best


def _point_order(point: Combo | None) -> int:
    return point.order if point is not None else -1


def _lowest(m: int) -> int:
    """The lowest card of a mask (the highest index in its suit: take the last suit's lowest)."""
    return m.bit_length() - 1 if m else -1


def _highest(m: int) -> int:
    return (m & -m).bit_length() - 1


def _top_rank(hand: int, s: int) -> int:
    suit = _suit(hand, s)
    return (suit & -suit).bit_length() - 1


class CavendishPlayer:
    """Discards, calls and plays by the book's principles; it draws on no chance."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.PLAY:
            playable = legal.cards
            if playable & (playable - 1) == 0:
                return playable.bit_length() - 1
            return lead(view, playable) if view.lead_card is None else follow(view, playable)
        if legal.phase == Phase.DECLARE:
            return 0  # the best call: "Your object is to reckon all you can"
        if legal.phase == Phase.EXCHANGE:
            return discard(view, legal)
        return 0
