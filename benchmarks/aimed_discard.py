"""What choosing the discard for the partie is worth, measured at the discards themselves, not by a duel.

    python benchmarks/aimed_discard.py PARTIES SEED [DEALS_LEFT] [DRAWS]

Plays PARTIES parties of ``cavendish-rubicon`` with the default player in both
seats (the cards of ``benchmarks/duel.py``'s first seating, SEED), and at each
discard of a deal with DEALS_LEFT deals left (1, the last, by default) tries
the discards of the option ``aim`` (``discard_to_score.aims``) on DRAWS fresh
deals drawn from the player's view (150 by default), each played out by the
plain player (``learned+blind+quick``) and valued by the partie's outlook and
by the deal's points.  It prints, a partie (the mean of the two seats, as a
duel counts it):

- what ``learned+aim`` gains over ``learned+blind+aim`` where the deal is at
  stake (where they choose differently, the outlook's value of the one less
  the other's on those drawn deals): the gain the duel of the two measures,
  but without the luck of the rest of the partie, which makes a duel's
  interval some ten times as wide;
- the most any choice among those discards could gain by the partie over the
  best for the points (each judged on the same DRAWS deals, so a little
  flattered by the chance of the draw): what the option could be worth with
  a perfect measure;
- the best for the points over the book's, valued by the outlook and by the
  points.
"""

from __future__ import annotations

import random
import sys
import time
from math import sqrt

from piquet_variants.engine.deal import Deal, Phase
from piquet_variants.players import discard_to_score
from piquet_variants.players.learned import LearnedPlayer, measured
from piquet_variants.players.rollout import at_stake
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import pair_cards
from piquet_variants.simulate.parties import MOST_DEALS_IN_A_PARTIE, play_partie

RULES = load_ruleset("cavendish-rubicon").rules


class Probe:
    """The default player, who at each discard of the deal looked at measures the discards of ``aim``."""

    def __init__(self, deals_left: int, draws: int):
        self.deals_left, self.draws = deals_left, draws
        self.default = LearnedPlayer(random.Random(0))
        self.aware = LearnedPlayer(random.Random(0), frozenset({"aim"}))
        self.blind = LearnedPlayer(random.Random(0), frozenset({"aim", "blind"}))
        self.plain = LearnedPlayer(random.Random(0), frozenset({"blind", "quick"}))
        self.gains: list[float] = []
        self.bound = self.by_worth = self.by_points = 0.0
        self.discards = 0

    def _measure(self, view: View, legal: Legal, candidates: list[int]) -> tuple[list[float], list[float]]:
        """Each discard's mean value by the outlook and by the deal's points, on the same fresh drawn deals."""
        m = measured(RULES)
        context = view.context
        rng = random.Random(f"measure:{view.role}:{view.hand}:{(context.totals, context.deals_left, context.games)}")
        worth = [0.0] * len(candidates)
        points = [0.0] * len(candidates)
        n = 0
        for _ in range(self.draws):
            dealt, elder_discard = discard_to_score._draw(view, legal, rng)
            if any(Deal(RULES, dealt).blanche_dealt):
                continue
            n += 1
            for i, score in enumerate(discard_to_score.outcomes(view, dealt, elder_discard, candidates, self.plain)):
                mine, his = score.totals[view.role], score.totals[1 - view.role]
                worth[i] += m.outlook.worth(view.context, view.role, mine, his)
                points[i] += mine - his
        return [w / max(1, n) for w in worth], [p / max(1, n) for p in points]

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.EXCHANGE and view.context.deals_left == self.deals_left:
            self.discards += 1
            candidates = discard_to_score.aims(view, legal)
            worth, points = self._measure(view, legal, candidates)
            best_points = max(range(len(candidates)), key=lambda i: points[i])
            self.bound += max(worth) - worth[best_points]
            self.by_worth += worth[best_points] - worth[0]
            self.by_points += points[best_points] - points[0]
            m = measured(RULES)
            whole = RULES.deal.hand
            reach = (m.most[view.role][whole], m.most[view.opponent][whole])
            if at_stake(m.outlook, view.context, view.role, 0, 0, reach):
                a, b = self.aware.choose(view, legal), self.blind.choose(view, legal)
                self.gains.append(worth[candidates.index(a)] - worth[candidates.index(b)] if a != b else 0.0)
        return self.default.choose(view, legal)


def main(parties: int, seed: int, deals_left: int, draws: int) -> None:
    start = time.process_time()
    probe = Probe(deals_left, draws)
    for index in range(parties):
        cards, first = pair_cards(seed, index)
        play_partie(RULES, [probe, probe], cards, first, MOST_DEALS_IN_A_PARTIE)
    g = probe.gains
    mean = sum(g) / max(1, len(g))
    spread = sqrt(sum((x - mean) ** 2 for x in g) / max(1, len(g) - 1) / max(1, len(g)))
    a_partie = len(g) / parties / 2  # each player makes one discard a deal: the aware one, one of the two
    print(f"{parties} parties, seed {seed}, the deal with {deals_left} left, {draws} drawn deals a discard: "
          f"{probe.discards} discards, {len(g)} at stake, {sum(1 for x in g if x)} chosen differently")
    print(f"  learned+aim over learned+blind+aim, a partie: {mean * a_partie:+.2f} "
          f"[{(mean - 1.96 * spread) * a_partie:+.2f}, {(mean + 1.96 * spread) * a_partie:+.2f}]")
    print(f"  the best discard for the partie over the best for the points, a partie: {probe.bound / parties / 2:+.2f}")
    print(f"  the best for the points over the book's, a partie: {probe.by_worth / parties / 2:+.2f} by the partie, "
          f"{probe.by_points / parties / 2:+.2f} points; {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]), int(a[1]), int(a[2]) if len(a) > 2 else 1, int(a[3]) if len(a) > 3 else 150)
