"""Where playing to the partie could be worth points: the last deals of a duel, taken apart.

    python benchmarks/last_deal.py PAIRS SEED [FIRST] [SECOND] [JOBS]

Plays PAIRS seat-swapped pairs of ``cavendish-rubicon`` parties between FIRST
and SECOND (``learned`` and ``learned+blind`` by default) on the cards of
``benchmarks/duel.py`` (the same SEED deals the same cards), each player
watched: at each decision the first player's choice is set beside what its
blind twin (the same name with ``+blind``) would choose in the same view, and
a departure is counted by its class (the discard, a call, a card of the last
five or before).  Before the partie's last deal each seat's totals are noted.
It prints:

- the state before the last deal (how often the leader and the trailer are
  short of the rubicon, by how much, and the margin), and the end (rubicons,
  the loser's total near the rubicon, the margin near nothing), over every
  partie played (``learned+blind learned+blind`` for parties in which no one
  plays to the partie);
- what a threshold is worth there: per percentage point more of the close
  cases turned (the loser within W points short of the rubicon saving it,
  the loser within W of the winner winning), the points a partie the side
  that turned them would gain; so the share of the close cases a player must
  turn to gain one point a partie;
- the departures of the first player from its blind twin, by class and by
  deal, and the pairs whose two seatings differ, by what differs in the end
  (the rubicon, the winner, neither) with each class's share of the gain.

Deals before the last two are played alike by both (the outlook guides only
the last two), so the two seatings of a pair differ only by what the last two
deals' choices did.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from math import sqrt

from piquet_variants.engine.deal import Phase
from piquet_variants.engine.partie import settlement
from piquet_variants.players.registry import player_class, with_options
from piquet_variants.players.rollout import ENDGAME
from piquet_variants.players.table import Player
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import pair_cards
from piquet_variants.simulate.parties import MOST_DEALS_IN_A_PARTIE, play_partie

RULES = load_ruleset("cavendish-rubicon").rules
RUBICON = RULES.game.rubicon
WIDTHS = (5, 10, 20, 30)


def _twin(name: str) -> str:
    plain, options = with_options(name)
    return "+".join([plain, *sorted(set(options) | {"blind"})])


class Watched:
    """A player, and its blind twin asked the same question: each departure counted by its class and deal."""

    def __init__(self, name: str, rng_seed: str, watch: bool):
        self.player: Player = player_class(name)(random.Random(rng_seed))
        self.twin: Player | None = player_class(_twin(name))(random.Random(rng_seed)) if watch else None
        self.departures: Counter[str] = Counter()
        self.before_last: tuple[int, int] | None = None  # by role, his first: his total and the other's

    def choose(self, view: View, legal: Legal) -> int:
        context = view.context
        if context.deals_left == 1 and self.before_last is None:
            t = context.totals
            self.before_last = (t[view.role], t[1 - view.role])
        choice = self.player.choose(view, legal)
        if self.twin is not None and self.twin.choose(view, legal) != choice:
            if legal.phase == Phase.EXCHANGE:
                kind = "discard"
            elif legal.phase == Phase.DECLARE:
                kind = "call"
            elif view.hand.bit_count() <= ENDGAME:
                kind = "card of the last five"
            else:
                kind = "card before the last five"
            self.departures[f"{kind}, deal {RULES.game.deals + 1 - context.deals_left}"] += 1
        return choice


@dataclass
class Seating:
    """One partie of a pair: the first player's totals before the last deal and after (his first), his points."""

    before: tuple[int, int]
    after: tuple[int, int]
    points: int


@dataclass
class Pair:
    seatings: list[Seating] = field(default_factory=list)
    departures: Counter[str] = field(default_factory=Counter)


def play_pair(names: tuple[str, str], seed: int, index: int, watch: bool) -> Pair:
    """The duel's pair ``index`` (``simulate.duel.play_pair``'s cards and seats), each player watched."""
    out = Pair()
    for seat in (0, 1):
        cards, first = pair_cards(seed, index)
        by_name = [Watched(n, f"{seed}:{index}:player:{i}", watch and i == 0) for i, n in enumerate(names)]
        seats = by_name if seat == 0 else by_name[::-1]
        partie, _ = play_partie(RULES, list(seats), cards, first, MOST_DEALS_IN_A_PARTIE)
        result = partie.result()
        won = 0 if result.winner is None else result.points_won * (1 if result.winner == seat else -1)
        before = by_name[0].before_last or (0, 0)
        out.seatings.append(Seating(before, (result.totals[seat], result.totals[1 - seat]), won))
        out.departures.update(by_name[0].departures)
    return out


def _interval(values: list[float]) -> str:
    n = len(values)
    mean = sum(values) / n
    half = 1.96 * sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1) / n)
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def thresholds(parties: list[tuple[int, int]]) -> None:
    """The state of the parties' ends against the rubicon and the win: what turning close cases would be worth."""
    n = len(parties)
    print(f"\nthe ends of {n} parties (final totals):")
    rubicons = sum(1 for a, b in parties if a != b and min(a, b) < RUBICON)
    print(f"  rubicons: {rubicons / n:.3f}")
    print("  W   loser short by 1..W: share, swing if saved | loser within W of the winner: share, swing if won "
          "| a partie, per 1% more of them turned: rubicon, win")
    for w in WIDTHS:
        short = [(max(a, b), min(a, b)) for a, b in parties if a != b and RUBICON - w <= min(a, b) < RUBICON]
        swing_r = [settlement(RULES, RUBICON, hi) - settlement(RULES, lo, hi) for hi, lo in short]
        close = [(max(a, b), min(a, b)) for a, b in parties if 0 < abs(a - b) <= w]
        swing_w = [settlement(RULES, hi + 1, hi) - settlement(RULES, lo, hi) for hi, lo in close]
        mean_r = sum(swing_r) / max(1, len(swing_r))
        mean_w = sum(swing_w) / max(1, len(swing_w))
        print(f"  {w:>2}  {len(short) / n:.3f}, {mean_r:5.0f}"
              f" | {len(close) / n:.3f}, {mean_w:5.0f}"
              f" | {len(short) / n * mean_r / 100:.2f}, {len(close) / n * mean_w / 100:.2f}")


def before_last(states: list[tuple[int, int]]) -> None:
    n = len(states)
    leader_short = sum(1 for a, b in states if max(a, b) < RUBICON)
    trailer_short = [RUBICON - min(a, b) for a, b in states if min(a, b) < RUBICON]
    print(f"\nbefore the last deal ({n} parties): the leader short of the rubicon {leader_short / n:.3f}, "
          f"the trailer {len(trailer_short) / n:.3f}")
    for lo, hi in ((1, 10), (11, 20), (21, 30), (31, 40), (41, 60), (61, 100)):
        k = sum(1 for s in trailer_short if lo <= s <= hi)
        print(f"  trailer short by {lo}..{hi}: {k / n:.3f}")
    gaps = Counter(min(abs(a - b) // 20, 5) for a, b in states)
    print("  the margin: " + ", ".join(f"{20 * g}..{20 * g + 19 if g < 5 else ''}: {gaps[g] / n:.3f}"
                                      for g in sorted(gaps)))


def paired(pairs: list[Pair]) -> None:
    """The pairs whose seatings differ, by what differs at the end, and each class's share of the points."""
    classes: dict[str, list[float]] = {"the rubicon": [], "the winner": [], "neither": [], "alike": []}
    for p in pairs:
        a, b = p.seatings
        gain = (a.points + b.points) / 2
        rub = [min(s.after) < RUBICON and s.after[0] != s.after[1] for s in (a, b)]
        win = [s.after[0] > s.after[1] for s in (a, b)]
        # the two seatings deal the same cards to the same seats, the players swapped: played alike, the first
        # player's totals in one are the second's in the other, and he wins in one seating where he loses in the other
        if a.after == b.after[::-1]:
            key = "alike"
        elif rub[0] != rub[1]:
            key = "the rubicon"
        elif win[0] == win[1]:
            key = "the winner"
        else:
            key = "neither"
        classes[key].append(gain)
    n = len(pairs)
    print(f"\n{n} pairs, the first player's points won a partie: {_interval([(p.seatings[0].points + p.seatings[1].points) / 2 for p in pairs])}")
    for key, gains in classes.items():
        what = "played alike" if key == "alike" else f"differing by {key}"
        ahead = sum(1 for g in gains if g > 0) - sum(1 for g in gains if g < 0)
        print(f"  pairs {what}: {len(gains) / n:.3f} of pairs ({ahead / n:+.4f} net to the first player), "
              f"{sum(gains) / n:+.2f} a partie")
    departures: Counter[str] = Counter()
    for p in pairs:
        departures.update(p.departures)
    if departures:
        print("  the first player's departures from his blind twin, a partie:")
        for key in sorted(departures):
            print(f"    {key}: {departures[key] / (2 * n):.3f}")


def main(pairs: int, seed: int, first: str, second: str, jobs: int) -> None:
    start = time.perf_counter()
    watch = first != _twin(first)
    args = ([(first, second)] * pairs, [seed] * pairs, range(pairs), [watch] * pairs)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(play_pair, *args))
    else:
        results = list(map(play_pair, *args))
    print(f"{first} v {second}, cavendish-rubicon, seed {seed}: {pairs} pairs, {time.perf_counter() - start:.0f} s")
    seatings = [s for p in results for s in p.seatings]
    before_last([s.before for s in seatings])
    thresholds([s.after for s in seatings])
    paired(results)


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]), int(a[1]), a[2] if len(a) > 2 else "learned", a[3] if len(a) > 3 else "learned+blind",
         int(a[4]) if len(a) > 4 else 1)
