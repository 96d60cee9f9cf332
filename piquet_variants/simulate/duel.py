"""Which of two players is better: parties played twice on the same cards, the seats swapped.

Each pair of parties deals the same cards (one generator, seeded from the
seed and the pair's index) with the players in one seat and then in the
other, so the luck of the cards falls on both alike and what is left is the
players' difference.  The measure is the points the first player wins in a
partie (the ruleset's settlement; negative where he loses), averaged over the
two seatings, with a 95% interval over the pairs.
"""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from math import sqrt

from ..players.registry import player_class
from ..ruleset.model import Rules
from .parties import MOST_DEALS_IN_A_PARTIE, play_partie


@dataclass(frozen=True)
class PairResult:
    """The first player's points won in each seating (as seat 0, then seat 1), his totals less the other's, the deals."""

    points: tuple[int, int]
    margins: tuple[int, int]
    deals: int


def pair_cards(seed: int, index: int) -> tuple[random.Random, int]:
    """The cards of the pair ``index``, afresh for each seating: the generator its deals are dealt from, and the
    first dealer drawn from it.  A measure of the duel's own parties (``benchmarks/``) deals from here too."""
    cards = random.Random(f"{seed}:{index}:cards")
    return cards, 0 if cards.random() < 0.5 else 1


def play_pair(rules: Rules, names: tuple[str, str], seed: int, index: int) -> PairResult:
    points, margins = [], []
    deals = 0
    for seat in (0, 1):
        cards, first = pair_cards(seed, index)
        by_name = [player_class(n)(random.Random(f"{seed}:{index}:player:{i}")) for i, n in enumerate(names)]
        seats = by_name if seat == 0 else by_name[::-1]
        partie, played = play_partie(rules, seats, cards, first, MOST_DEALS_IN_A_PARTIE)
        result = partie.result()
        won = 0 if result.winner is None else result.points_won * (1 if result.winner == seat else -1)
        points.append(won)
        margins.append(result.totals[seat] - result.totals[1 - seat])
        deals += played
    return PairResult((points[0], points[1]), (margins[0], margins[1]), deals)


@dataclass(frozen=True)
class Estimate:
    """A mean over the pairs with its 95% interval."""

    mean: float
    low: float
    high: float

    @property
    def separated(self) -> bool:
        """Whether the 95% interval excludes no difference."""
        return self.low > 0 or self.high < 0


def _estimate(values: list[float]) -> Estimate:
    n = len(values)
    mean = sum(values) / n
    half = 1.96 * sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1) / n)
    return Estimate(round(mean, 2), round(mean - half, 2), round(mean + half, 2))


@dataclass(frozen=True)
class DuelResult:
    pairs: int
    parties: int
    deals: int
    points: Estimate  # the first player's points won a partie (the settlement), over both seatings
    margin: Estimate  # his partie total less the other's


def summarise(results: list[PairResult]) -> DuelResult:
    return DuelResult(len(results), 2 * len(results), sum(r.deals for r in results),
                      _estimate([(r.points[0] + r.points[1]) / 2 for r in results]),
                      _estimate([(r.margins[0] + r.margins[1]) / 2 for r in results]))


def duel(rules: Rules, names: tuple[str, str], pairs: int, seed: int = 1, jobs: int = 1) -> DuelResult:
    """``pairs`` seat-swapped pairs of parties between the players ``names``."""
    if jobs <= 1:
        results = [play_pair(rules, names, seed, i) for i in range(pairs)]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_pair, [rules] * pairs, [names] * pairs, [seed] * pairs, range(pairs)))
    return summarise(results)
