"""Which player may be the default: each shipped player's speed against the ``cavendish`` player's, side by side.

    python benchmarks/default_player.py [DEALS] [ROUNDS] [SEED]

Runs the simulation ``simulate -r cavendish-rubicon --deals DEALS --seed SEED
--jobs 1`` (one process) with each pair of players in turn, ROUNDS times,
and prints each run's time and its ratio to the ``cavendish:cavendish`` run
of the same round, and over the rounds each pair's median, least and most
ratio; ``search`` is timed on a six-hundredth of the deals, and its
ratio scaled.  ``simulate``'s default players (``registry.DEFAULT_PAIR``)
must run at no less than a quarter of the ``cavendish`` player's speed, that
is, at most four times its time.  The time is the process's CPU time (the run
is in one process), not the clock's, which another user's load on a shared
machine stretches unevenly from one run to the next; still, compare the
ratios of one round, not the seconds.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

from piquet_variants.players import cavendish
from piquet_variants.players.registry import DEFAULT_PAIR, parse_pair
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.run import Plan, simulate

#: The limit: the default players' run takes at most this many times the cavendish players' run.
MOST = 4.0


def seconds_a_deal(pair: tuple[str, str], deals: int, seed: int) -> float:
    rules = (load_ruleset("cavendish-rubicon").rules,)
    start = time.process_time()
    simulate(Plan(rules, pair, seed, deals), 1)
    return (time.process_time() - start) / deals


def main(deals: int, rounds: int, seed: int) -> None:
    compiled = not cavendish.__file__.endswith(".py")
    # which copy ran: a script's folder, not the working one, heads the import path, so an installed package is
    # timed before the checkout unless PYTHONPATH names it
    print("players and engine:", "compiled (mypyc; see setup.py)" if compiled else "plain Python",
          "from", Path(cavendish.__file__).parents[2])
    pairs = [("cavendish", "cavendish"), parse_pair(DEFAULT_PAIR), ("search", "search")]
    ratios: dict[tuple[str, str], list[float]] = {p: [] for p in pairs[1:]}
    for r in range(rounds):
        base = seconds_a_deal(pairs[0], deals, seed)
        line = [f"round {r + 1} (load {os.getloadavg()[0]:.2f}): cavendish:cavendish {1 / base:,.0f} deals/s"]
        for pair in pairs[1:]:
            n = deals if pair != ("search", "search") else max(10, deals // 600)
            t = seconds_a_deal(pair, n, seed)
            ratios[pair].append(t / base)
            line.append(f"{':'.join(pair)} {1 / t:,.1f} deals/s, x{t / base:.2f} the time")
        print("; ".join(line))
    for pair, values in ratios.items():
        verdict = "within" if statistics.median(values) <= MOST else "beyond"
        print(f"{':'.join(pair)}: median x{statistics.median(values):.2f} the cavendish players' time (least "
              f"x{min(values):.2f}, most x{max(values):.2f}; {verdict} the x{MOST:.0f} allowed to the default)")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(int(a[0]) if a else 6000, int(a[1]) if len(a) > 1 else 3, int(a[2]) if len(a) > 2 else 11)
