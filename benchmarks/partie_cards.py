"""What the last deal's cards are worth to the partie, with a measure that its own luck does not flatter.

    python benchmarks/partie_cards.py PARTIES SEED [DRAWS] [JOBS]

Plays PARTIES parties of ``cavendish-rubicon`` with the default player in both
seats (the cards of ``benchmarks/duel.py``'s first seating, SEED), and at each
card of the last deal with a choice, where the partie is at stake
(``rollout.at_stake``, as the default asks it), plays out each distinct card
on 2 × DRAWS opponent's hands drawn as the rollouts draw them (100 by
default), by the plain player (``learned+blind+quick``) in both seats, each
end valued by the partie's settlement and by the deal's points.  The draws
are split in two halves: a card is chosen on the first and valued on the
second (and the other way round, the two averaged), so that what a choice
gains is not flattered by the draws it was chosen on.  It prints, a partie
(the mean of the two seats, as a duel counts it), for the cards of the last
five and for those before, by where the partie stands (who is short of the
rubicon): the card best for the partie over the card best for the points,
each chosen on one half and valued on the other, summed over the positions
(what valuing by the partie is worth to a search of DRAWS deals a card, each
position's gain counted as though the rest of the deal were played plainly:
the gains of positions one after the other are not additive, as several
cards of a hand may each be the way to one and the same end); the same on all
the draws (flattered by their luck); and the held-out gain at each player's
first position at stake in the deal alone (no overlap, but the later
positions' gains left out).
"""

from __future__ import annotations

import random
import sys
import time

from piquet_variants.engine.deal import Phase
from piquet_variants.engine.combos import tables
from piquet_variants.engine.scoring import score_deal
from piquet_variants.players.doubledummy import _distinct
from piquet_variants.players.learned import LearnedPlayer, measured
from piquet_variants.players.rollout import ENDGAME, _history, _played_out
from piquet_variants.players.search import deals_for
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import pair_cards
from piquet_variants.simulate.parties import MOST_DEALS_IN_A_PARTIE, play_partie

from partie_discard import over_parties  # beside this script

RULES = load_ruleset("cavendish-rubicon").rules
CLASSES = ("the last five", "before the last five")
#: Where the partie stands before the last deal, from the player's side: the rubicon, and who is short of it.
STANDS = ("he is short of the rubicon", "the other is short of it", "both are short of it", "neither is")


def stands(view: View) -> str:
    mine, his = view.context.totals[view.role], view.context.totals[view.opponent]
    short = RULES.game.rubicon
    return STANDS[0 if mine < short <= his else 1 if his < short <= mine else 2 if mine < short else 3]


class Probe:
    """The default player, who at each card of the last deal at stake measures every distinct card."""

    def __init__(self, draws: int):
        self.draws = draws
        self.default = LearnedPlayer(random.Random(0))
        self.plain = LearnedPlayer(random.Random(0), frozenset({"blind", "quick"}))
        #: by class: positions, the held-out gain, the flattered gain, the held-out gain at each player's first
        #: position of the deal at stake alone
        self.found = {f"{c}, {w}": [0, 0.0, 0.0, 0.0] for c in CLASSES for w in STANDS}
        self.seen: set[int] = set()

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.PLAY and view.context.deals_left == 1 and legal.cards & (legal.cards - 1):
            self._measure(view, legal)
        return self.default.choose(view, legal)

    def _measure(self, view: View, legal: Legal) -> None:
        left = view.hand.bit_count()
        if not self.default._at_stake_with(view, left):  # as the default asks it
            return
        m = measured(RULES)
        live = view.unseen(view.pack) | view.hand | view.opponent_known()
        if view.lead_card is not None:
            live |= 1 << view.lead_card
        candidates = _distinct(legal.cards, live, tables(RULES).counting_cards)
        if len(candidates) < 2:
            return
        history = _history(view)
        context, role = view.context, view.role
        rng = random.Random(f"measure:{role}:{view.hand}:{view.played}:{context.totals}")
        worth: list[list[float]] = [[] for _ in candidates]
        points: list[list[float]] = [[] for _ in candidates]
        for hand in deals_for(view, rng, 2 * self.draws):
            for i, deal in enumerate(_played_out(view, hand, history, candidates, self.plain)):
                s = score_deal(deal)
                worth[i].append(m.outlook.worth(context, role, s.totals[role], s.totals[1 - role]))
                points[i].append(float(s.totals[role] - s.totals[1 - role]))
        half = self.draws
        k = range(len(candidates))

        def mean(row: list[float], part: slice) -> float:
            return sum(row[part]) / len(row[part])

        held = 0.0
        for a, b in ((slice(0, half), slice(half, None)), (slice(half, None), slice(0, half))):
            by_worth = max(k, key=lambda i: mean(worth[i], a))
            by_points = max(k, key=lambda i: mean(points[i], a))
            held += (mean(worth[by_worth], b) - mean(worth[by_points], b)) / 2
        every = slice(0, None)
        by_points = max(k, key=lambda i: mean(points[i], every))
        flattered = max(mean(worth[i], every) for i in k) - mean(worth[by_points], every)
        found = self.found[f"{CLASSES[0] if left <= ENDGAME else CLASSES[1]}, {stands(view)}"]
        found[0] += 1
        found[1] += held
        found[2] += flattered
        if role not in self.seen:
            self.seen.add(role)
            found[3] += held


def partie(seed: int, index: int, draws: int) -> dict[str, list[float]]:
    probe = Probe(draws)
    cards, first = pair_cards(seed, index)
    play_partie(RULES, [probe, probe], cards, first, MOST_DEALS_IN_A_PARTIE)
    return {c: [float(v) for v in found] for c, found in probe.found.items()}


def main(parties: int, seed: int, draws: int, jobs: int) -> None:
    start = time.perf_counter()
    found = over_parties(partie, parties, seed, draws, jobs)
    print(f"{parties} parties, seed {seed}, {2 * draws} drawn hands a card (two halves), "
          f"{time.perf_counter() - start:.0f} s")
    n = 2 * parties  # a partie's two seats: each player's choices count for the partie he plays
    for c in found[0]:
        positions = sum(f[c][0] for f in found)
        held = sum(f[c][1] for f in found)
        flattered = sum(f[c][2] for f in found)
        first = sum(f[c][3] for f in found)
        print(f"  the cards {c}: {positions / parties:.2f} positions at stake a partie; the card best for the partie "
              f"over the best for the points, a partie: {held / n:+.2f} chosen and valued on halves apart, "
              f"{flattered / n:+.2f} on all the draws (flattered), {first / n:+.2f} at each player's first position "
              f"at stake alone")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]), int(a[1]), int(a[2]) if len(a) > 2 else 100, int(a[3]) if len(a) > 3 else 1)
