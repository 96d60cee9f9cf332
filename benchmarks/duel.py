"""Is one player better than another?  Seat-swapped parties on the same cards, with 95% intervals.

    python benchmarks/duel.py FIRST SECOND PAIRS [RULESET] [JOBS] [SEED]

e.g. ``python benchmarks/duel.py search cavendish 40`` or ``... cavendish random 100``.
The player ``duel:Weighed`` is the learned player with the weights of the file
``PIQUET_WEIGHTS`` names (a feature it does not name weighed zero), so that
one fit may be matched against another, e.g. the weights an earlier commit
shipped: ``PIQUET_WEIGHTS=old.json python benchmarks/duel.py learned duel:Weighed 400``.
The player ``duel:Deeper`` plays more of a deal that may settle the partie by
rollouts (``Deeper``): ``PIQUET_DEEPER=12,64 python benchmarks/duel.py
duel:Deeper duel:Deeper+blind 1000 cavendish-rubicon 2 101``.
Prints the first player's points won a partie (the settlement) and his
partie total less the other's, each averaged over both seatings, with its
interval; the parties played; and the time.  The first player is better, at
95%, where an interval lies above zero.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

from piquet_variants.engine import deal
from piquet_variants.players.features import FOLLOW_COUNTS, FOLLOW_NAMES, LEAD_NAMES
from piquet_variants.engine.deal import Phase
from piquet_variants.players.learned import OPTIONS, PAIRS, SPAN, LearnedPlayer, parse_weights
from piquet_variants.players.rollout import ENDGAME, best_by_rollouts
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import duel


class Weighed:
    """The learned player with the weights of the file ``PIQUET_WEIGHTS`` names, each feature it lacks at zero,
    each count's values and each pair of features it does not weigh at zero (it holds one: a compiled class cannot be
    subclassed here)."""

    def __init__(self, rng: random.Random, options: frozenset[str] = frozenset()):
        path = os.environ["PIQUET_WEIGHTS"]
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for kind, names in (("lead", LEAD_NAMES), ("follow", FOLLOW_NAMES)):
            data[kind] = {n: data[kind].get(n, 0.0) for n in names}
        given = data.get("follow pairs", {})
        pairs: dict[str, dict[str, float]] = {}
        for i, j in PAIRS:
            a, b = FOLLOW_NAMES[i], FOLLOW_NAMES[j]
            pairs.setdefault(a, {})[b] = given.get(a, {}).get(b, 0.0)
        data["follow pairs"] = pairs
        given_values = data.get("follow by value", {})
        data["follow by value"] = {n: given_values.get(n, [0.0] * SPAN) for n in FOLLOW_COUNTS}
        self.player = LearnedPlayer(rng, options, parse_weights(json.dumps(data), path))

    def choose(self, view: View, legal: Legal) -> int:
        return self.player.choose(view, legal)


class Deeper:
    """The learned player, who plays by rollouts the cards of a deal that may settle the partie from the ``N``-th
    card from the end of the hand, not the fifth, on ``K`` drawn deals a card before the last five, where
    ``PIQUET_DEEPER`` is ``N,K`` (``N,K,leader``: only where the other is short of the rubicon and he is not); the
    last five as the default plays them.  With ``blind``, the same search by the deal's points.  A measure of where
    playing to the partie could gain, not a player shipped (``docs/statistics.md``, Where the worth of playing to
    the partie lies).  It holds the player (a compiled class cannot be subclassed here)."""

    OPTIONS = OPTIONS

    def __init__(self, rng: random.Random, options: frozenset[str] = frozenset()):
        cards, samples, *who = os.environ["PIQUET_DEEPER"].split(",")
        self.cards, self.samples, self.leader = int(cards), int(samples), who == ["leader"]
        self.player = LearnedPlayer(rng, options)
        self.plain = LearnedPlayer(rng, frozenset({"blind", "quick"}))

    def choose(self, view: View, legal: Legal) -> int:
        left = view.hand.bit_count()
        if legal.phase == Phase.PLAY and ENDGAME < left <= self.cards and legal.cards & (legal.cards - 1) \
                and self._at_stake(view, left):
            return best_by_rollouts(view, legal, self.plain, self.player._valued(view), self.samples)
        return self.player.choose(view, legal)

    def _at_stake(self, view: View, left: int) -> bool:
        totals, rubicon = view.context.totals, view.rules.game.rubicon
        if self.leader and not totals[view.opponent] < rubicon <= totals[view.role]:
            return False
        return self.player._at_stake_with(view, left)


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
