"""Complete random deals per second under each shipped ruleset (one process, one core).

    python benchmarks/engine.py [N] [ROUNDS]

It says whether the engine it runs is compiled: ``pip install .`` compiles it
where a C compiler is at hand, an editable install never does.

Each deal is dealt from a seeded shuffle, exchanged, declared and played with
uniformly random legal actions, then scored (pique, repique and all): through
the table, two random players choosing each action from their views, as
``simulate --players random:random`` plays it (there is no other way through
a deal).  The
machine is shared and noisy, so the time is the process's CPU time, the
rulesets take turns, ROUNDS times, and each keeps its best round; every figure is also given as a ratio to the
median of the 32-card rulesets in the same run, which is what to compare
across runs (the 36-card pack of the oldest rules should stay within 15%).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from piquet_variants.engine import deal
from piquet_variants.players.random_player import random_deal
from piquet_variants.engine.scoring import score_deal
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids


def deals_per_second(rid: str, n: int) -> float:
    rules = load_ruleset(rid).rules
    rng = random.Random(2026)
    start = time.process_time()
    for _ in range(n):
        score_deal(random_deal(rules, rng))
    return n / (time.process_time() - start)


def main(n: int, rounds: int) -> None:
    print("engine:", "plain Python" if deal.__file__.endswith(".py") else "compiled (mypyc; see setup.py)")
    best = dict.fromkeys(shipped_ids(), 0.0)
    for _ in range(rounds):
        for rid in best:
            best[rid] = max(best[rid], deals_per_second(rid, n))
    pack = {rid: load_ruleset(rid).rules.deck.size for rid in best}
    baseline = statistics.median(rate for rid, rate in best.items() if pack[rid] == 32)
    print(f"{'ruleset':20s} {'pack':>4s} {'deals/s':>9s} {'a deal':>10s}  ratio to the 32-card median")
    for rid, rate in best.items():
        print(f"{rid:20s} {pack[rid]:4d} {rate:9.0f} {1e6 / rate:7.1f} us  {rate / baseline:.3f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000, int(sys.argv[2]) if len(sys.argv) > 2 else 4)
