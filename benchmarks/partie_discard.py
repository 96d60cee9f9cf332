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

- the best discard for the partie over the best for the points, both judged
  on all the draws: about the most a perfect measure could gain, flattered by
  the draws' luck;
- the discard best for the partie on A over the one best for the points on
  A, valued on B: what a measure of DRAWS deals a candidate gains by valuing
  them by the partie rather than by the points (the search the option ``aim``
  makes, without its guard), free of that luck; the same with A and B
  swapped, the two averaged, and that by where the partie stands (who is
  short of the rubicon, and by how much);
- the same over the default's own discard, valued on B.

With OUT, each discard measured is written to that file as a line of JSON
(the role, the totals before the deal, each candidate's aspects for the
fitted discard, its mean value by the partie and by the points on A and on B),
to try rules for a cheap discard to the partie offline:

    python benchmarks/partie_discard.py rules TRAIN.jsonl TEST.jsonl PARTIES

tries, on the discards of TEST (of PARTIES parties) where the player or the
other is short of the rubicon by 1 to 30, the candidates re-ranked by a
least-squares fit of the settlement on what each keeps, fitted on TRAIN's,
against the blind twin's re-ranking by the same fit of the points; and the
rule of keeping the most high cards.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from piquet_variants.engine.deal import Phase
from piquet_variants.players.discard_to_score import aims, played_out
from piquet_variants.players.fitted_discard import aspects, ranked
from piquet_variants.players.learned import LearnedPlayer, measured
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import pair_cards
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
    cards, first = pair_cards(seed, index)
    play_partie(RULES, [probe, probe], cards, first, MOST_DEALS_IN_A_PARTIE)
    return out.rows


Row = dict[str, Any]
#: Where the partie stands before the last deal, from the discarding player's side, and the points short of the
#: rubicon that make a class.
NEAR: Final = 30


def stands(row: Row) -> str:
    """Who is short of the rubicon before the last deal, and by how much: the classes the gains are told by."""
    mine, his = row["totals"][row["role"]], row["totals"][1 - row["role"]]
    rubicon = RULES.game.rubicon
    if mine < rubicon <= his:
        return f"the player short of the rubicon by 1 to {NEAR}" if rubicon - mine <= NEAR else "the player short by more"
    if his < rubicon <= mine:
        return f"the other short of it by 1 to {NEAR}" if rubicon - his <= NEAR else "the other short by more"
    return "both short" if mine < rubicon else "neither short"


def _mean(c: Row, key: str, half: int | None = None) -> float:
    return float(c[key][half]) if half is not None else (c[key][0] + c[key][1]) / 2


def report(rows: list[Row], parties: int) -> None:
    """The gains of the summary, a partie (each player discards once a deal: a partie's two seats are two)."""
    flattered = chosen = both_ways = over_default = 0.0
    by_class: dict[str, float] = {}
    for row in rows:
        cands = row["candidates"]
        k = range(len(cands))
        every = [_mean(c, "worth") for c in cands]
        flattered += max(every) - every[max(k, key=lambda i: _mean(cands[i], "points"))]
        for a in (0, 1):
            by_worth = max(k, key=lambda i: _mean(cands[i], "worth", a))
            by_points = max(k, key=lambda i: _mean(cands[i], "points", a))
            gain = _mean(cands[by_worth], "worth", 1 - a) - _mean(cands[by_points], "worth", 1 - a)
            both_ways += gain / 2
            by_class[stands(row)] = by_class.get(stands(row), 0.0) + gain / 2
            if a == 0:
                chosen += gain
                over_default += _mean(cands[by_worth], "worth", 1) - _mean(cands[0], "worth", 1)
    n = 2 * parties
    print(f"  the best for the partie over the best for the points, on all draws (flattered): {flattered / n:+.2f} "
          "a partie")
    print(f"  chosen on A for the partie over chosen on A for the points, valued on B: {chosen / n:+.2f} a partie "
          f"(and the halves' roles swapped, the two averaged: {both_ways / n:+.2f})")
    for name in sorted(by_class):
        print(f"    where {name}: {by_class[name] / n:+.3f}")
    print(f"  chosen on A for the partie over the default's, valued on B: {over_default / n:+.2f} a partie")


def _solve(rows: list[list[float]], ys: list[float], ridge: float) -> list[float]:
    """The least-squares weights of ``ys`` on ``rows``, each weight pulled toward zero by ``ridge``: the normal
    equations, solved by elimination (a score of some twenty weights)."""
    m = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j else 0.0) for j in range(m)] for i in range(m)]
    b = [sum(r[i] * y for r, y in zip(rows, ys)) for i in range(m)]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(m):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(m)]


def _apart(row: Row, c: Row) -> list[float]:
    """What a candidate keeps less what the default's keeps (the aspects of ``fitted_discard``), the role, and one."""
    return [float(x - y) for x, y in zip(c["aspects"], row["candidates"][0]["aspects"])] + [float(row["role"]), 1.0]


def _reranked(rows: list[Row], weights: list[float], margin: float) -> list[int]:
    """Each discard's candidate the weights rank first, where it beats the default's by ``margin``, else the
    default's."""
    out = []
    for row in rows:
        scores = [sum(w * x for w, x in zip(weights, _apart(row, c))) for c in row["candidates"]]
        best = max(range(len(scores)), key=lambda i: scores[i])
        out.append(best if best and scores[best] > margin else 0)
    return out


def rules(train_file: str, test_file: str, parties: int) -> None:
    """Cheap rules for the discard to the partie, tried on a seed's discards (``test_file``, of ``parties``
    parties) where the player or the other is short of the rubicon by 1 to ``NEAR``: the candidates re-ranked by a
    least-squares fit of the settlement on what each keeps, fitted on another seed's (``train_file``), against the
    blind twin's re-ranking by the same fit of the points; and the rule of keeping the most high cards."""
    def load(path: str) -> list[Row]:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f]
    train, test = load(train_file), load(test_file)
    n = 2 * parties
    for near in (f"the player short of the rubicon by 1 to {NEAR}", f"the other short of it by 1 to {NEAR}"):
        fit_rows = [r for r in train if stands(r) == near]
        rows = [r for r in test if stands(r) == near]
        xs = [_apart(r, c) for r in fit_rows for c in r["candidates"][1:]]
        weights = {key: _solve(xs, [_mean(c, key) - _mean(r["candidates"][0], key)
                                    for r in fit_rows for c in r["candidates"][1:]], 10.0)
                   for key in ("worth", "points")}
        for margin in (0.0, 5.0, 10.0):
            aware, blind = _reranked(rows, weights["worth"], margin), _reranked(rows, weights["points"], margin)
            gain = sum(_mean(r["candidates"][i], "worth") - _mean(r["candidates"][j], "worth")
                       for r, i, j in zip(rows, aware, blind))
            print(f"  where {near}, re-ranked by the fit of the settlement (margin {margin:.0f}) over the blind "
                  f"twin's by the fit of the points: {gain / n:+.3f} a partie")
        high = 0.0
        for r in rows:
            cands = r["candidates"]
            kept = [sum(c["aspects"][8:11]) for c in cands]  # the aces, kings and queens kept
            best = max(range(len(cands)), key=lambda i: (kept[i], -i))
            high += _mean(cands[best], "worth") - _mean(cands[0], "worth")
        print(f"  where {near}, the candidate keeping the most high cards over the default's: {high / n:+.3f} a partie")


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
    if a and a[0] == "rules":
        rules(a[1], a[2], int(a[3]))
        sys.exit()
    main(int(a[0]), int(a[1]), int(a[2]) if len(a) > 2 else 100, int(a[3]) if len(a) > 3 else 1,
         a[4] if len(a) > 4 else None)
