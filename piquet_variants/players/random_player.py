"""The ``random`` player: every legal action equally likely."""

from __future__ import annotations

import random
from math import comb

from ..cards import iter_cards
from ..engine.deal import Phase
from .view import Legal, View


class RandomPlayer:
    """Chooses uniformly among the legal actions, without listing them where they are many (the discards)."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, view: View, legal: Legal) -> int:
        rng = self.rng
        if legal.phase == Phase.PLAY:
            cards = list(iter_cards(legal.cards))
            return cards[int(rng.random() * len(cards))]
        if legal.phase != Phase.EXCHANGE:
            return int(rng.random() * legal.choices)
        # each discard alike: a size weighted by how many discards have it, then the cards
        hand = list(iter_cards(legal.hand))
        sizes = [k + legal.excess for k in range(legal.take[0], legal.take[1] + 1)]
        size = rng.choices(sizes, weights=[comb(len(hand), n) for n in sizes])[0]
        return sum(1 << c for c in rng.sample(hand, size))
