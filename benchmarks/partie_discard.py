"""What the last deal's discard is worth to the partie, with a measure that its own luck does not flatter.

    python benchmarks/partie_discard.py PARTIES SEED [DRAWS] [JOBS] [OUT]

Plays PARTIES parties of ``cavendish-rubicon`` with the default player in both
seats (the cards of ``benchmarks/duel.py``'s first seating, SEED), and at each
discard of the last deal tries the candidates of the fitted discard
(``fitted_discard.ranked``: the default's own first, then the other discards of
the aims) on 2 × DRAWS fresh deals drawn from the player's view (100 by
default), each played out by the plain player (``learned+blind+quick``) and
valued both by the partie's outlook (exact in the last deal: the settlement)
and by the deal's points.  The draws are split in two halves, A and B: a
discard is chosen on A and valued on B, so that what a choice gains is not
flattered by the chance of the draws it was chosen on.  It prints, a partie
(the mean of the two seats, as a duel counts it):

- the best discard for the partie over the default's, both judged on all the
  draws: the most a perfect measure could gain, flattered by the draws' luck;
- the discard best for the partie on A over the one best for the points on
  A, valued on B: what a measure of DRAWS deals a candidate gains by valuing
  them by the partie rather than by the points (the search the option ``aim``
  makes, without its guard), free of that luck;
- the same over the default's own discard, valued on B.

With OUT, each discard measured is written to that file as a line of JSON
(the role, the totals before the deal, each candidate's aspects for the
fitted discard, its mean value by the partie and by the points on A and on B),
to try rules for a cheap discard to the partie offline.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from piquet_variants.engine.deal import Phase
from piquet_variants.players.discard_to_score import aims, played_out
from piquet_variants.players.fitted_discard import aspects, ranked
from piquet_variants.players.learned import LearnedPlayer, measured
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.parties import MOST_DEALS_IN_A_PARTIE, play_partie

RULES = load_ruleset("cavendish-rubicon").rules
T = TypeVar("T")


@dataclass
class Measured:
    """The discards of the last deal measured in one partie: each a line of data."""

    rows: list[dict[str, object]] = field(default_factory=list)


class Probe:
    """The default player, who at each discard of the last deal measures the fitted discard's candidates."""

    def __init__(self, draws: int, out: Measured):
        self.draws = draws
        self.out = out
        self.default = LearnedPlayer(random.Random(0))
        self.plain = LearnedPlayer(random.Random(0), frozenset({"blind", "quick"}))

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.EXCHANGE and view.context.deals_left == 1:
            candidates = ranked(view, legal)
            if len(candidates) > 1:
                self._measure(view, legal, candidates)
        return self.default.choose(view, legal)

    def _measure(self, view: View, legal: Legal, candidates: list[int]) -> None:
        outlook = measured(RULES).outlook
        context, role = view.context, view.role
        rng = random.Random(f"measure:{role}:{view.hand}:{context.totals}")
        scores = played_out(view, legal, candidates, self.plain, rng, 2 * self.draws)
        half = len(scores[0]) // 2
        row: dict[str, object] = {"role": role, "totals": list(context.totals), "candidates": []}
        most = legal.take[1] + legal.excess
        book = aims(view, legal)[0]
        for discard, by_draw in zip(candidates, scores):
            worth = [outlook.worth(context, role, s.totals[role], s.totals[1 - role]) for s in by_draw]
            points = [float(s.totals[role] - s.totals[1 - role]) for s in by_draw]
            row["candidates"].append({  # type: ignore[attr-defined]
                "aspects": list(aspects(RULES, legal.hand, most, discard, discard == book)),
                "worth": [sum(worth[:half]) / half, sum(worth[half:]) / (len(worth) - half)],
                "points": [sum(points[:half]) / half, sum(points[half:]) / (len(points) - half)]})
        self.out.rows.append(row)


def partie(seed: int, index: int, draws: int) -> list[dict[str, object]]:
    out = Measured()
    probe = Probe(draws, out)
    cards = random.Random(f"{seed}:{index}:cards")
    first = 0 if cards.random() < 0.5 else 1
    play_partie(RULES, [probe, probe], cards, first, MOST_DEALS_IN_A_PARTIE)
    return out.rows


def report(rows: list[dict[str, object]], parties: int) -> None:
    """The gains of the summary, a partie (each player discards once a deal: a partie's two seats are two)."""
    flattered = chosen = over_default = 0.0
    for row in rows:
        cands = row["candidates"]
        assert isinstance(cands, list)
        both = [(c["worth"][0] + c["worth"][1]) / 2 for c in cands]
        flattered += max(both) - both[0]
        by_worth = max(range(len(cands)), key=lambda i: cands[i]["worth"][0])
        by_points = max(range(len(cands)), key=lambda i: cands[i]["points"][0])
        chosen += cands[by_worth]["worth"][1] - cands[by_points]["worth"][1]
        over_default += cands[by_worth]["worth"][1] - cands[0]["worth"][1]
    n = 2 * parties
    print(f"  the best for the partie over the default's, on all draws (flattered): {flattered / n:+.2f} a partie")
    print(f"  chosen on A for the partie over chosen on A for the points, valued on B: {chosen / n:+.2f} a partie")
    print(f"  chosen on A for the partie over the default's, valued on B: {over_default / n:+.2f} a partie")


def over_parties(measure: Callable[[int, int, int], T], parties: int, seed: int, draws: int, jobs: int) -> list[T]:
    """``measure(seed, index, draws)`` of each of ``parties`` parties, on ``jobs`` processes."""
    args = ([seed] * parties, range(parties), [draws] * parties)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(measure, *args))
    return list(map(measure, *args))


def main(parties: int, seed: int, draws: int, jobs: int, out: str | None) -> None:
    start = time.perf_counter()
    found = over_parties(partie, parties, seed, draws, jobs)
    rows = [r for part in found for r in part]
    print(f"{parties} parties, seed {seed}, {2 * draws} drawn deals a discard (two halves): {len(rows)} discards "
          f"of the last deal with a choice, {time.perf_counter() - start:.0f} s")
    report(rows, parties)
    if out:
        with open(out, "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]), int(a[1]), int(a[2]) if len(a) > 2 else 100, int(a[3]) if len(a) > 3 else 1,
         a[4] if len(a) > 4 else None)
