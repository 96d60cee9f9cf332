"""The ``random`` player: every legal action equally likely.

It is also what plays a random deal (``random_deal``): the tests, the
benchmarks and the fuzzers play their random deals through the table, as
``simulate`` does, so that there is one path through a deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb
from typing import Final

from ..cards import cards_of
from ..engine.deal import Deal, Phase, random_card, random_dealt
from ..engine.partie import Partie, cut_for_deal, random_cut
from ..engine.scoring import score_deal
from ..ruleset.model import Rules
from .table import play
from .view import Legal, View


#: The most cards ``random.sample`` draws from a list it copies (its "small set" size, 21, with no extra for
#: samples of five cards or fewer; a larger sample only raises it): ``sample_mask``'s draws are its draws up to here.
SMALL_POOL: Final = 21


def sample_mask(pool: list[int], k: int, bits: Callable[[int], int]) -> int:
    """``k`` cards of ``pool`` (which it spoils) as a mask: the cards ``random.sample(pool, k)`` draws, by the same
    draws of the generator whose ``getrandbits`` is ``bits``, where ``pool`` holds no more than ``SMALL_POOL`` cards.

    ``random.sample`` draws from such a pool by swapping each card drawn with the last of those left, each place
    drawn by ``getrandbits`` of the bits of the number of cards left, drawn again until below it.  The same,
    compiled, costs a fraction of the interpreted original (the random player's discard, the search's and the
    rollouts' drawn hands); ``tests/test_players.py`` holds the two to the same cards.
    """
    drawn = 0
    left = len(pool)
    for _ in range(k):
        width = left.bit_length()
        j = bits(width)
        while j >= left:
            j = bits(width)
        drawn |= 1 << pool[j]
        left -= 1
        pool[j] = pool[left]
    return drawn


def sample_cards(pool: list[int], k: int, rng: random.Random, bits: Callable[[int], int]) -> int:
    """``k`` cards of ``pool`` (which it may spoil) as a mask: the cards ``rng.sample(pool, k)`` draws, and the
    generator left where ``sample`` leaves it.  Drawn by ``sample_mask`` (``bits`` being ``rng.getrandbits``, bound
    once by a caller that draws often) where ``rng`` is a plain ``random.Random`` and the pool one ``sample`` draws
    from in a copy; else by ``sample`` itself: a larger pool is drawn another way, and a generator of another class
    may draw otherwise.  The random player's discards and the search's drawn hands are both drawn here."""
    if type(rng) is random.Random and 0 <= k <= len(pool) <= SMALL_POOL:
        return sample_mask(pool, k, bits)
    drawn = 0
    for c in rng.sample(pool, k):
        drawn |= 1 << c
    return drawn


def _cumulative(n: int, fewest: int, most: int) -> list[float]:
    """How many ways there are to choose from ``n`` cards ``fewest`` of them, then up to each number to ``most``.

    As floats, to be compared with a draw: exact, for a hand's numbers are far below 2 ** 53.
    """
    out: list[float] = []
    total = 0
    for k in range(fewest, most + 1):
        total += comb(n, k)
        out.append(float(total))
    return out


class RandomPlayer:
    """Chooses uniformly among the legal actions, without listing them where they are many (the discards)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        # The generator's methods, bound once: compiled, each lookup on the generator is a generic attribute read
        # that makes a bound method, some thirty times a deal.
        self.rand = rng.random
        self.bits = rng.getrandbits
        # _cumulative's, by its arguments packed in an int (compiled, a tuple key is made and hashed at each look-up)
        self.sizes: dict[int, list[float]] = {}

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.PLAY:
            return random_card(legal.cards, self.rand)
        if legal.phase != Phase.EXCHANGE:
            return int(self.rand() * legal.choices)
        # each discard alike: a size weighted by how many discards have it (one draw, as ``random.choices``
        # makes it), then the cards
        hand = cards_of(legal.hand)
        n = len(hand)
        fewest = legal.take[0] + legal.excess
        most = legal.take[1] + legal.excess
        shape = (n << 8 | fewest) << 8 | most  # each below 256: a hand holds at most 36 cards
        cumulative = self.sizes.get(shape)
        if cumulative is None:
            cumulative = self.sizes[shape] = _cumulative(n, fewest, most)
        # the first size whose running count passes the draw, the last at most (``bisect`` with ``hi``)
        x = self.rand() * cumulative[-1]
        i, last = 0, len(cumulative) - 1
        while i < last and cumulative[i] <= x:
            i += 1
        return sample_cards(hand, fewest + i, self.rng, self.bits)


def finish_randomly(deal: Deal, rng: random.Random) -> Deal:
    """Play a deal on to its end with every legal action equally likely, both seats drawing from ``rng``."""
    player = RandomPlayer(rng)
    return play(deal, (player, player))


def random_deal(rules: Rules, rng: random.Random) -> Deal:
    """One complete deal with random legal actions (a fresh deal is possible only with incidents)."""
    return finish_randomly(Deal(rules, random_dealt(rules, rng, rules.deal.packets[int(rng.random()
                                                                                         * len(rules.deal.packets))])),
                           rng)


def random_partie(rules: Rules, rng: random.Random, max_deals: int = 1000) -> Partie:
    """A partie of random deals, the first dealer cut at random."""
    partie = Partie(rules, cut_for_deal(rules, random_cut(rules, rng), rng.random() < 0.5))
    for _ in range(max_deals):
        if partie.finished:
            break
        partie.add(score_deal(random_deal(rules, rng)))
    return partie
