"""Fit the ``learned`` player's weights to the ``search`` player's choices: a deterministic script.

    python -m piquet_variants.players.training [--deals N] [--seed S] [--jobs J] [--out FILE]

It deals ``N`` deals under the club laws (each from its own seed), lets the
``search`` player play both seats, and at every card with more than one
choice notes the features of each playable card (``features``) and the card
the search chose.  Then it fits, for leads and for cards played to a lead, the
weights of a softmax over the playable cards (the chance of each card grows
with the exponential of its weighted features) by stochastic gradient descent
on the cross-entropy, in an order drawn from the seed, with a small weight
decay.  The same arguments give the same file, on any number of jobs: each
deal's choices come from its own seeds, and the fit runs in one process.

The target is the search player's choices alone; nothing here reads
Cavendish's figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..engine.combos import tables
from ..engine.deal import Deal, Phase, random_dealt
from ..ruleset.compiler import load_ruleset
from ..ruleset.model import Rules
from .features import FOLLOW_NAMES, LEAD_NAMES, Situation, follow_features, lead_features
from .search import SearchPlayer
from .table import play
from .view import Legal, View

RULESET = "cavendish-rubicon"
EPOCHS = 12
RATE = 0.05
DECAY = 1e-4


@dataclass(frozen=True)
class Choice:
    """One decision: whether it was a lead, each playable card's features, and which of them the search chose."""

    lead: bool
    features: tuple[tuple[int, ...], ...]
    chosen: int


class _Recorder:
    """Plays as the search player, noting each card it chooses among several."""

    def __init__(self, rng: random.Random, out: list[Choice]):
        self.teacher = SearchPlayer(rng)
        self.out = out

    def choose(self, view: View, legal: Legal) -> int:
        action = self.teacher.choose(view, legal)
        cards = legal.cards
        if legal.phase != Phase.PLAY or cards & (cards - 1) == 0:
            return action
        sit = Situation(view, tables(view.rules).counting_cards)
        lead = view.lead_card
        feats: list[tuple[int, ...]] = []
        chosen = -1
        m = cards
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if c == action:
                chosen = len(feats)
            feats.append(tuple(lead_features(sit, c) if lead is None else follow_features(sit, lead, c)))
        self.out.append(Choice(lead is None, tuple(feats), chosen))
        return action


def choices_of_deal(rules: Rules, seed: int, index: int) -> list[Choice]:
    """The search player's choices in one deal, both seats, from the deal's own seeds."""
    cards = random.Random(f"{seed}:{index}:cards")
    packet = rules.deal.packets[int(cards.random() * len(rules.deal.packets))]
    out: list[Choice] = []
    players = (_Recorder(random.Random(f"{seed}:{index}:elder"), out),
               _Recorder(random.Random(f"{seed}:{index}:younger"), out))
    play(Deal(rules, random_dealt(rules, cards, packet)), players)
    return out


def _probabilities(weights: list[float], feats: tuple[tuple[int, ...], ...]) -> list[float]:
    scores = [sum(w * f for w, f in zip(weights, fs)) for fs in feats]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def fit(choices: list[Choice], names: tuple[str, ...], seed: int, epochs: int = EPOCHS) -> list[float]:
    """Softmax weights by stochastic gradient descent, the order of each epoch drawn from ``seed``."""
    weights = [0.0] * len(names)
    order = list(range(len(choices)))
    rng = random.Random(f"{seed}:fit:{len(names)}")
    for epoch in range(epochs):
        rng.shuffle(order)
        rate = RATE / (1 + epoch)
        for i in order:
            ch = choices[i]
            probs = _probabilities(weights, ch.features)
            for j, fs in enumerate(ch.features):
                g = (1.0 if j == ch.chosen else 0.0) - probs[j]
                if g:
                    for k, f in enumerate(fs):
                        if f:
                            weights[k] += rate * g * f
            for k in range(len(weights)):
                weights[k] -= rate * DECAY * weights[k]
    return [round(w, 4) for w in weights]


def agreement(choices: list[Choice], weights: list[float]) -> float:
    """The share of choices where the weights' best card is the search player's."""
    hits = 0
    for ch in choices:
        scores = [sum(w * f for w, f in zip(weights, fs)) for fs in ch.features]
        hits += scores.index(max(scores)) == ch.chosen
    return hits / len(choices) if choices else 0.0


def generate(deals: int, seed: int, jobs: int) -> list[Choice]:
    rules = load_ruleset(RULESET).rules
    if jobs <= 1:
        per_deal = [choices_of_deal(rules, seed, i) for i in range(deals)]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            per_deal = list(pool.map(choices_of_deal, [rules] * deals, [seed] * deals, range(deals), chunksize=8))
    return [c for deal in per_deal for c in deal]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Fit the learned player's weights to the search player's choices.")
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "learned.json")
    parser.add_argument("--choices", type=Path, default=None,
                        help="A JSON file of the search player's choices: read where it exists, else written.")
    args = parser.parse_args(argv)
    if args.choices is not None and args.choices.exists():
        choices = [Choice(bool(c[0]), tuple(tuple(f) for f in c[1]), int(c[2]))
                   for c in json.loads(args.choices.read_text(encoding="utf-8"))]
    else:
        choices = generate(args.deals, args.seed, args.jobs)
        if args.choices is not None:
            args.choices.write_text(json.dumps([[c.lead, c.features, c.chosen] for c in choices]), encoding="utf-8")
    out: dict[str, object] = {"deals": args.deals, "seed": args.seed, "ruleset": RULESET}
    for kind, names, lead in (("lead", LEAD_NAMES, True), ("follow", FOLLOW_NAMES, False)):
        mine = [c for c in choices if c.lead == lead]
        weights = fit(mine, names, args.seed)
        out[kind] = dict(zip(names, weights))
        print(f"{kind}: {len(mine)} choices, the search player's card chosen in {agreement(mine, weights):.1%}")
    args.out.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
