"""Simulated deals per second by player type, and the speed-up of --jobs 2 over --jobs 1.

    python benchmarks/simulate.py [DEALS]

Each figure is a whole simulation as ``simulate`` runs it (dealing, the
players' choices through their views, scoring, the tallies), in one process
for the rates by player, then the same cavendish run on one and on two
processes, timed in the same run (the machine is shared: compare the ratio,
not the seconds).  It says whether the engine and players it runs are compiled.
"""

from __future__ import annotations

import sys
import time

from piquet_variants.players import cavendish
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.run import Plan, simulate


def rate(plan: Plan, jobs: int) -> float:
    start = time.perf_counter()
    simulate(plan, jobs)
    return plan.deals / (time.perf_counter() - start)


def main(deals: int) -> None:
    compiled = not cavendish.__file__.endswith(".py")
    print("players and engine:", "compiled (mypyc; see setup.py)" if compiled else "plain Python")
    rules = (load_ruleset("cavendish-rubicon").rules,)
    for pair, n in ((("random", "random"), deals), (("cavendish", "cavendish"), deals),
                    (("search", "cavendish"), max(24, deals // 500))):
        print(f"{':'.join(pair):20s} {rate(Plan(rules, pair, 1, n), 1):9.1f} deals/s  (one process, {n} deals)")
    plan = Plan(rules, ("cavendish", "cavendish"), 2, deals)
    one, two = rate(plan, 1), rate(plan, 2)
    print(f"cavendish:cavendish --jobs 1 {one:9.0f} deals/s, --jobs 2 {two:9.0f} deals/s: x{two / one:.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
