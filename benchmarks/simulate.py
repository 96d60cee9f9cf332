"""Simulated deals per second by player type, and the speed-up of --jobs 2 over --jobs 1.

    python benchmarks/simulate.py [DEALS] [ROUNDS]

Each figure is a whole simulation as ``simulate`` runs it (dealing, the
players' choices through their views, scoring, the tallies): first in one
process for each pair of players, then the same cavendish run on one and on two
processes, ROUNDS times in turn (the machine is shared: compare the ratio of
one round, not the seconds).  Each line gives the load average of the minute
before it, since another process on a core takes a share of that core from the
second worker.  It says whether the engine and players it runs are compiled.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from piquet_variants.players import cavendish
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.run import Plan, simulate


def rate(plan: Plan, jobs: int) -> float:
    start = time.perf_counter()
    simulate(plan, jobs)
    return plan.deals / (time.perf_counter() - start)


def load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def main(deals: int, rounds: int) -> None:
    compiled = not cavendish.__file__.endswith(".py")
    print("players and engine:", "compiled (mypyc; see setup.py)" if compiled else "plain Python",
          f"on {os.cpu_count()} cores")
    rules = (load_ruleset("cavendish-rubicon").rules,)
    for pair, n in ((("random", "random"), deals), (("cavendish", "cavendish"), deals),
                    (("search", "cavendish"), max(24, deals // 500))):
        before = load()
        print(f"{':'.join(pair):20s} {rate(Plan(rules, pair, 1, n), 1):9.1f} deals/s  (one process, {n} deals; "
              f"{before})")
    plan = Plan(rules, ("cavendish", "cavendish"), 2, deals)
    ratios = []
    for _ in range(rounds):
        before = load()
        one, two = rate(plan, 1), rate(plan, 2)
        ratios.append(two / one)
        print(f"cavendish:cavendish --jobs 1 {one:9.0f} deals/s, --jobs 2 {two:9.0f} deals/s: x{two / one:.2f}  "
              f"({before})")
    print(f"--jobs 2 over --jobs 1: best x{max(ratios):.2f}, median x{statistics.median(ratios):.2f} "
          f"of {rounds} rounds")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000, int(sys.argv[2]) if len(sys.argv) > 2 else 3)
