"""The discard chosen for the partie where the deal in hand may settle it: a few discards played out on drawn deals.

The ``cavendish`` player discards for the most points of the deal.  Where the
deal may settle the partie and the settlement makes a point worth more or less
than a point over what the whole deal may bring (``rollout.at_stake``), the book
discards to the score instead: "the elder, if he wants only a few points to
save the rubicon, should discard so as to make sure of them, rather than for
the most points" (Cavendish, *Discarding*; *Playing the cards*, Playing to the
score).  There the player tries a few discards: the book's own, and those
next to it by the book's order of the cards' worth (``cavendish.keeping_order``:
the last card it puts out swapped for the first it keeps, or the next), each
the change of one card at the margin of the book's choice.  For each, the
cards it cannot see (the opponent's hand and the talon; for the younger, the
elder's hand, his discard and the talon left) are drawn ``SAMPLES`` times,
the same draws for every discard, and each drawn deal is played out by the
plain player in both seats and valued by the partie's outlook (``Valued``; the
blind player, who searches the same positions so that a duel between the two
measures the valuation and not the search, by the deal's points).  The book's
discard stands unless another beats it by ``rollout.SURE`` standard errors of
the paired difference, as a card does (``rollout.surest``): a threshold makes a
few drawn deals a noisy measure, and a discard chosen by noise costs points.

The discards one card apart rarely differ in what the partie makes of
them: a threshold is crossed by what a discard makes sure of, not by a card
at its margin.  The player's option ``aim`` tries instead the discards of
other aims (``aims``): each of the longest suits kept whole (the point, the
sequence in it), each rank held most often kept (a trio or a quatorze to
take in to), the highest cards kept (the cards, the guards), and the
book's with a card left in the stock: the book's "bold discard" under a
rubicon and its "safe discard, with the view of dividing or winning the
cards".  They are played out many times, by the
book's own player (``cavendish``, a fifth of the plain player's time), for a
threshold makes few drawn deals a noisy measure; and the choice is made in
two steps on the same drawn deals: the best for the deal's points (the
``surest`` against the book's), then another only where it beats that one
for the partie by ``rollout.SURE`` standard errors.  The partie's valuation
thus moves the choice only where it surely differs from the points', and the
blind player, whose valuation is the points', makes the first step's choice.

The draws are seeded by the hand alone, not the score, so that the blind
player's discard does not depend on the score where it searches.  A drawn deal
with a carte blanche is drawn again: it changes the deal's calls and is rare.
The younger's draw takes the elder to have taken every card of the talon not
left to him (``legal.take``, where the younger takes what remains).

Measured in duels on seeds of their own (``docs/statistics.md``), the search
is worth some points a partie against the book's discard whether valued by
the partie or by the deal's points: the valuation itself, the search being
the same, was not separated from nothing.  So with ``aim``: its discards,
chosen for the points, are worth some four or five points a partie against
the book's in the last deal, and the partie's valuation adds some two tenths
of a point to them, short of what a duel separates.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from ..cards import RANKS_PER_SUIT, SUIT_MASKS, cards_of, count, mask
from ..engine.combos import tables
from ..engine.deal import ELDER, Deal, Dealt, Phase
from ..engine.scoring import DealScore, score_deal
from .cavendish import keeping_order
from .rollout import Valued, surest
from .table import Player, play
from .view import Legal, View

#: Deals drawn for each discard tried.
SAMPLES: Final = 12
#: Draws tried for one deal without a carte blanche before the discards are tried on those drawn so far.
TRIES: Final = 3


def tried(view: View, legal: Legal) -> list[int]:
    """The discards tried, the book's first: each of the others one card from it at the margin of the book's
    order of the cards' worth."""
    order = keeping_order(view, legal)
    n = legal.take[1] + legal.excess
    if not n or n >= len(order):
        return [mask(order[:n])]
    out = []
    for put, kept in ((None, None), (n - 1, n), (n - 1, n + 1), (n - 2, n)):
        cards = list(order[:n])
        if put is not None and kept is not None:
            if put < 0 or kept >= len(order):
                continue
            cards[put] = order[kept]
        out.append(mask(cards))
    return out


#: The suits kept whole, and the ranks kept for a set, that the discards for an aim are tried for: the longest ones.
AIMED: Final = 2


def _keeping(order: list[int], n: int, keep: int) -> int:
    """The ``n`` cards to put out that keep ``keep``: the least worth keeping by the book's ``order`` among the
    others, then among ``keep`` where the others are too few."""
    out = 0
    left = n
    for kept in range(2):  # the others, then ``keep``
        for c in order:
            if left and keep >> c & 1 == kept:
                out |= 1 << c
                left -= 1
    return out


def _most_first(masks: list[int], least: int) -> list[int]:
    """The masks of ``least`` cards or more, the most cards first, in their order where they hold as many (a stable
    sort by count, made without a key function: compiled, each call of one goes through the interpreter)."""
    counts = [count(m) for m in masks]
    most = 0
    for n in counts:
        if n > most:
            most = n
    out = []
    for k in range(most, least - 1, -1):
        for i in range(len(masks)):
            if counts[i] == k:
                out.append(masks[i])
    return out


def aims(view: View, legal: Legal) -> list[int]:
    """The discards tried for what each makes sure of, the book's first, none twice: each of the ``AIMED`` longest
    suits of three cards or more kept whole (the point, and the sequence in it); each of the ``AIMED`` ranks held
    most often, twice or more, kept (a trio or a quatorze to take in to); the highest cards kept (the cards, and
    the guards); and the book's with a card left in the stock, where the laws allow it (the safest: "If he can make
    certain of not losing the partie, he should only discard two cards", *Discarding*).  Each puts out, of the
    cards its aim does not keep, those the book's order says are least worth keeping: they differ in what they
    keep, not by one card at the margin."""
    order = keeping_order(view, legal)
    n = legal.take[1] + legal.excess
    out = [mask(order[:n])]
    if not n or n >= len(order):
        return out
    hand = legal.hand
    suits = _most_first([hand & s for s in SUIT_MASKS], 3)
    set_ranks = tables(view.rules).set_rank_mask
    of_rank = [0] * RANKS_PER_SUIT
    for c in order:
        r = c % RANKS_PER_SUIT
        of_rank[r] = of_rank[r] | 1 << c  # not ``|=``: compiled, a generic operation on an item
    held = _most_first([of_rank[r] for r in range(RANKS_PER_SUIT) if set_ranks >> r & 1], 2)
    # the highest cards kept: the lowest put out, rank by rank from the lowest, the book's order within a rank (the
    # order read only in the rank where the cards put out end)
    lowest = 0
    left = n
    for r in range(RANKS_PER_SUIT - 1, -1, -1):
        k = count(of_rank[r])
        if k <= left:
            lowest |= of_rank[r]
            left -= k
            continue
        for c in order:
            if left and c % RANKS_PER_SUIT == r:
                lowest |= 1 << c
                left -= 1
        break
    aimed = [_keeping(order, n, keep) for keep in suits[:AIMED] + held[:AIMED]] + [lowest]
    if n - 1 >= legal.take[0] + legal.excess:
        aimed.append(mask(order[:n - 1]))  # the book's, one card left: safer, keeping the card most worth keeping
    for discard in aimed:
        if discard not in out:
            out.append(discard)
    return out


class _Seat:
    """Both seats of a drawn deal: the discard tried for the player, the drawn elder's discard where the player is
    the younger, and the plain player for the rest."""

    def __init__(self, role: int, discard: int, elder_discard: int, base: Player):
        self.role = role
        self.discard = discard
        self.elder_discard = elder_discard
        self.base = base

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.EXCHANGE:
            if view.role == self.role:
                return self.discard
            if self.elder_discard:
                return self.elder_discard
        return self.base.choose(view, legal)


def _draw(view: View, legal: Legal, rng: random.Random) -> tuple[Dealt, int]:
    """A deal the player could be in, with the elder's discard where the player is the younger (else 0)."""
    unseen = cards_of(view.unseen(view.pack) & ~view.hand)
    rng.shuffle(unseen)
    rules = view.rules
    hand = len(cards_of(view.hand))
    if view.role == ELDER:
        return Dealt(view.hand, mask(unseen[:hand]), tuple(unseen[hand:])), 0
    took = rules.deal.talon - legal.take[1]
    kept, taken, put = unseen[:hand - took], unseen[hand - took:hand], unseen[hand:hand + took]
    return Dealt(mask(kept + put), view.hand, tuple(taken + unseen[hand + took:])), mask(put)


def drawn(view: View, legal: Legal, rng: random.Random, samples: int) -> Iterator[tuple[Dealt, int]]:
    """Up to ``samples`` deals the player could be in (``_draw``), from ``rng``: a draw with a carte blanche is drawn
    again, ``TRIES`` times at most, and that sample left out after."""
    for _ in range(samples):
        for _ in range(TRIES):
            dealt, elder_discard = _draw(view, legal, rng)
            if not any(Deal(view.rules, dealt).blanche_dealt):
                yield dealt, elder_discard
                break


def outcomes(view: View, dealt: Dealt, elder_discard: int, candidates: list[int], base: Player) -> list[DealScore]:
    """A drawn deal (``_draw``) played out after each of the ``candidates``, by ``base`` in both seats, the drawn
    elder's discard where the player is the younger: each finished deal's score."""
    out = []
    for discard in candidates:
        seat = _Seat(view.role, discard, elder_discard, base)
        out.append(score_deal(play(Deal(view.rules, dealt), (seat, seat))))
    return out


def played_out(view: View, legal: Legal, candidates: list[int], base: Player, rng: random.Random,
               samples: int) -> list[list[DealScore]]:
    """Each of the ``candidates``' finished deals (by candidate, then by draw): up to ``samples`` deals drawn from
    ``rng`` (``drawn``), each played out after every candidate (``outcomes``), the same draws for every candidate."""
    scores: list[list[DealScore]] = [[] for _ in candidates]
    for dealt, elder_discard in drawn(view, legal, rng, samples):
        for i, score in enumerate(outcomes(view, dealt, elder_discard, candidates, base)):
            scores[i].append(score)
    return scores


def best_discard(view: View, legal: Legal, base: Player, valued: Valued, samples: int = SAMPLES,
                 candidates: list[int] | None = None, first: Valued | None = None) -> int:
    """The discard to make: the book's, unless another of ``candidates`` (the book's first; by default those
    ``tried``) does better over ``samples`` drawn deals, each played out by ``base`` after each discard, by more than
    ``rollout.SURE`` standard errors of the difference.  Where ``first`` is given, the discard so chosen by it
    stands in the book's place, and another is made only where it beats that one by ``valued`` so."""
    if candidates is None:
        candidates = tried(view, legal)
    if len(candidates) == 1:
        return candidates[0]
    scores = played_out(view, legal, candidates, base, random.Random(f"{view.role}:{view.hand}"), samples)
    values = [[valued(score, view.role) for score in row] for row in scores]
    start = surest([[first(score, view.role) for score in row] for row in scores], 0) if first is not None else 0
    return candidates[surest(values, start)]
