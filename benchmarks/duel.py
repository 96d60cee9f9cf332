"""Is one player better than another?  Seat-swapped parties on the same cards, with 95% intervals.

    python benchmarks/duel.py FIRST SECOND PAIRS [RULESET] [JOBS] [SEED]

e.g. ``python benchmarks/duel.py search cavendish 40`` or ``... cavendish random 100``.
Prints the first player's points won a partie (the settlement) and his
partie total less the other's, each averaged over both seatings, with its
interval; the parties played; and the time.  The first player is better, at
95%, where an interval lies above zero.
"""

from __future__ import annotations

import sys
import time

from piquet_variants.engine import deal
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import duel


def main(first: str, second: str, pairs: int, ruleset: str, jobs: int, seed: int) -> None:
    print("engine:", "plain Python" if deal.__file__.endswith(".py") else "compiled (mypyc; see setup.py)")
    start = time.perf_counter()
    res = duel(load_ruleset(ruleset).rules, (first, second), pairs, seed, jobs)
    elapsed = time.perf_counter() - start
    print(f"{first} v {second} under {ruleset}, seed {seed}: {res.pairs} pairs = {res.parties} parties, "
          f"{res.deals} deals, {elapsed:.0f} s on {jobs} process(es)")
    for name, est in (("points won a partie", res.points), ("partie total less the other's", res.margin)):
        verdict = "separated at 95%" if est.separated else "not separated"
        print(f"  {first}'s {name}: {est.mean:+.1f} [{est.low:+.1f}, {est.high:+.1f}]  ({verdict})")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0], a[1], int(a[2]), a[3] if len(a) > 3 else "cavendish-rubicon", int(a[4]) if len(a) > 4 else 1,
         int(a[5]) if len(a) > 5 else 1)
