"""What a player's options cost: pairs of players timed side by side, each as a ratio to the first pair's time.

    python benchmarks/players_time.py DEALS ROUNDS SEED PAIR [PAIR ...]

e.g. ``PYTHONPATH=. python benchmarks/players_time.py 1200 3 11 learned:learned learned+fitted:learned+fitted``.
Runs ``simulate -r cavendish-rubicon --deals DEALS --seed SEED --jobs 1`` with each pair in turn, ROUNDS times,
as ``benchmarks/default_player.py`` does for the default pair (its ``seconds_a_deal``, in CPU time), and prints
each run's time a deal and its ratio to the first pair's run of the same round, and each pair's median ratio.
"""

from __future__ import annotations

import os
import statistics
import sys

from default_player import seconds_a_deal

from piquet_variants.players.registry import parse_pair


def main(deals: int, rounds: int, seed: int, pairs: list[tuple[str, str]]) -> None:
    ratios: dict[tuple[str, str], list[float]] = {p: [] for p in pairs[1:]}
    for r in range(rounds):
        base = seconds_a_deal(pairs[0], deals, seed)
        line = [f"round {r + 1} (load {os.getloadavg()[0]:.2f}): {':'.join(pairs[0])} {base * 1000:.2f} ms a deal"]
        for pair in pairs[1:]:
            t = seconds_a_deal(pair, deals, seed)
            ratios[pair].append(t / base)
            line.append(f"{':'.join(pair)} {t * 1000:.2f} ms, x{t / base:.2f}")
        print("; ".join(line))
    for pair, values in ratios.items():
        print(f"{':'.join(pair)}: median x{statistics.median(values):.2f} the time of {':'.join(pairs[0])} "
              f"(x{min(values):.2f} to x{max(values):.2f})")


if __name__ == "__main__":
    a = sys.argv[1:]
    if len(a) < 5:
        raise SystemExit(__doc__)
    main(int(a[0]), int(a[1]), int(a[2]), [parse_pair(p) for p in a[3:]])
