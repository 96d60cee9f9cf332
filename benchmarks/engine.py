"""Complete random deals per second under each shipped ruleset (one process, one core).

    python benchmarks/engine.py [N]

It says whether the engine it runs is compiled: ``pip install .`` compiles it
where a C compiler is at hand, an editable install never does.

Each deal is dealt from a seeded shuffle, exchanged, declared and played with
uniformly random legal actions, then scored (pique, repique and all).
"""

from __future__ import annotations

import random
import sys
import time

from piquet_variants.engine import deal
from piquet_variants.engine.partie import play_random_deal
from piquet_variants.engine.scoring import score_deal
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids


def main(n: int) -> None:
    print("engine:", "plain Python" if deal.__file__.endswith(".py") else "compiled (mypyc; see setup.py)")
    for rid in shipped_ids():
        rules = load_ruleset(rid).rules
        rng = random.Random(2026)
        start = time.perf_counter()
        for _ in range(n):
            score_deal(play_random_deal(rules, rng))
        elapsed = time.perf_counter() - start
        print(f"{rid:20s} {n / elapsed:9.0f} deals/s  ({elapsed * 1e6 / n:.1f} us a deal)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
