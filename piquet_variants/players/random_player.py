"""The ``random`` player: every legal action equally likely.

It is also what plays a random deal (``random_deal``): the tests, the
benchmarks and the fuzzers play their random deals through the table, as
``simulate`` does, so that there is one path through a deal.
"""

from __future__ import annotations

import random
from bisect import bisect
from math import comb

from ..cards import iter_cards
from ..engine.deal import Deal, Phase, random_card, random_dealt
from ..engine.partie import Partie, cut_for_deal, random_cut
from ..engine.scoring import score_deal
from ..ruleset.model import Rules
from .table import play
from .view import Legal, View


class RandomPlayer:
    """Chooses uniformly among the legal actions, without listing them where they are many (the discards)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: View, legal: Legal) -> int:
        rng = self.rng
        if legal.phase == Phase.PLAY:
            cards = legal.cards
            return random_card(cards, cards.bit_count(), rng.random)
        if legal.phase != Phase.EXCHANGE:
            return int(rng.random() * legal.choices)
        # each discard alike: a size weighted by how many discards have it (one draw, as ``random.choices``
        # makes it), then the cards
        hand = list(iter_cards(legal.hand))
        fewest = legal.take[0] + legal.excess
        cumulative: list[int] = []
        total = 0
        for n in range(fewest, legal.take[1] + legal.excess + 1):
            total += comb(len(hand), n)
            cumulative.append(total)
        size = fewest + bisect(cumulative, rng.random() * total, 0, len(cumulative) - 1)
        return sum(1 << c for c in rng.sample(hand, size))


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
