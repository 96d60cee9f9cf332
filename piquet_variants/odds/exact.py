"""Exact probabilities of what chance alone decides: the hand dealt, and the cards taken in.

Every figure is a count of equally likely hands (or draws) over the number of
them, as an exact ``Fraction``.  Hands are counted by multiplying one small
polynomial per suit (or per rank): the coefficient of ``x**k`` is the number
of ways that suit (or rank) can hold ``k`` cards and still satisfy the
condition, so the coefficient of ``x**hand`` in the product counts the whole
hands that satisfy it in every suit.  No hand is ever listed, so a 36-card
pack costs what a 32-card one does.

What is counted comes from the compiled ruleset alone (``Layout.from_rules``):
the pack's ranks, the hand and stock sizes, how many cards each hand takes
in when he takes all his own, which ranks spoil a carte blanche, the shortest
sequence and the ranks that make trios and quatorzes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..cards import SUITS
from ..ruleset.model import Rules

ELDER, YOUNGER = 0, 1
Poly = list[int]  # coefficient k: the ways of holding k cards


@dataclass(frozen=True, slots=True)
class Layout:
    """The part of a ruleset that chance depends on."""

    ranks: tuple[int, ...]  # rank indices in the pack, highest first (adjacent here = in sequence)
    suits: int
    hand: int
    takes: tuple[int, int]  # cards the elder and the younger take in when each takes all his own
    blanche_spoilers: tuple[int, ...] | None  # ranks that spoil a carte blanche; None: the ruleset has none
    min_sequence: int
    set_ranks: tuple[int, ...]  # ranks that make trios and quatorzes

    @classmethod
    def from_rules(cls, rules: Rules) -> Layout:
        ranks = tuple(sorted(rules.deck.ranks))
        ex = rules.exchange
        elder = min(ex.elder_max, rules.deal.talon)
        own = rules.deal.talon - elder  # the younger's part, when the elder takes all his
        younger = own if ex.younger_max == "remaining" else min(ex.younger_max, own)
        cb = rules.carte_blanche
        return cls(ranks, SUITS, rules.deal.hand, (elder, younger),
                   tuple(r for r in ranks if r in cb.excludes) if cb.enabled else None,
                   rules.sequences.min_length, tuple(r for r in ranks if r <= rules.sets.lowest_rank))

    @property
    def cards(self) -> int:
        return len(self.ranks) * self.suits

    @property
    def unseen(self) -> int:
        """The cards a player cannot see before he takes in: all but his own hand."""
        return self.cards - self.hand


def _times(a: Poly, b: Poly, most: int) -> Poly:
    out = [0] * (min(len(a) + len(b) - 1, most + 1))
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[:most + 1 - i]):
                out[i + j] += x * y
    return out


def hands_where(groups: Sequence[Poly], hand: int) -> int:
    """How many hands of ``hand`` cards hold, in each group (suit or rank), one of the allowed holdings."""
    total: Poly = [1]
    for g in groups:
        total = _times(total, g, hand)
    return total[hand] if hand < len(total) else 0


def _by_size(masks: Iterator[int], width: int) -> Poly:
    out = [0] * (width + 1)
    for m in masks:
        out[m.bit_count()] += 1
    return out


def _suit_holdings(lay: Layout, allowed: Callable[[int], bool]) -> Poly:
    """A suit's holdings by size, among those ``allowed`` (a mask over the pack's ranks, highest first)."""
    width = len(lay.ranks)
    return _by_size((m for m in range(1 << width) if allowed(m)), width)


def longest_run(mask: int) -> int:
    """The longest run of adjacent set bits: the longest sequence in a suit held as ``mask``."""
    longest = 0
    while mask:
        mask &= mask >> 1
        longest += 1
    return longest


def _dealt(lay: Layout, suit: Callable[[int], bool]) -> Fraction:
    """The chance that a hand dealt satisfies ``suit`` in every suit."""
    return Fraction(hands_where([_suit_holdings(lay, suit)] * lay.suits, lay.hand), comb(lay.cards, lay.hand))


def carte_blanche(lay: Layout) -> Fraction | None:
    """A named hand dealt without any card that spoils a carte blanche (Cavendish Law 18: no king, queen or knave)."""
    if lay.blanche_spoilers is None:
        return None
    spoil = sum(1 << lay.ranks.index(r) for r in lay.blanche_spoilers)
    return _dealt(lay, lambda m: not m & spoil)


def point_at_most(lay: Layout, n: int) -> Fraction:
    """A hand dealt whose longest suit has ``n`` cards or fewer."""
    return _dealt(lay, lambda m: m.bit_count() <= n)


def sequence_below(lay: Layout, n: int) -> Fraction:
    """A hand dealt whose longest run in any suit is shorter than ``n`` cards."""
    return _dealt(lay, lambda m: longest_run(m) < n)


def sets_below(lay: Layout, n: int) -> Fraction:
    """A hand dealt with fewer than ``n`` cards of every rank that makes trios and quatorzes."""
    groups = [[comb(lay.suits, k) if k < n or r not in lay.set_ranks else 0 for k in range(lay.suits + 1)]
              for r in lay.ranks]
    return Fraction(hands_where(groups, lay.hand), comb(lay.cards, lay.hand))


def taking_in(lay: Layout, role: int, at_least: int, named: int) -> Fraction:
    """The chance that ``role``, taking all his cards, takes in at least ``at_least`` of ``named`` named cards.

    The named cards are among those he cannot see; the cards he takes in are,
    to him, any of those equally likely (hypergeometric).
    """
    take, unseen = lay.takes[role], lay.unseen
    ways = sum(comb(named, i) * comb(unseen - named, take - i) for i in range(at_least, min(named, take) + 1))
    return Fraction(ways, comb(unseen, take))
