"""The ``learned`` player: plays the cards as near as it can to the ``search`` player, by weights fitted to its choices.

The search player (``search``) plays each card by solving many drawn deals
exactly, some two deals a second; this one scores each playable card by a
weighted sum of a few features of what the card would do (``features``) and
plays the best, at a few times the heuristic player's cost.  The weights were
fitted to the search player's choices on positions of real play
(``players.training``, a deterministic script: the same command gives the
same file) and ship as data (``learned.json``, read as JSON, never
unpickled).  They were fitted to the search player's choices alone, never to
Cavendish's figures, which are the test of the result.

It discards and calls as the ``cavendish`` player does, and may play to the
score and sink (``score``), each an option a simulation names in its output.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import ClassVar, Final

from ..engine.combos import tables
from ..engine.deal import Phase
from .cavendish import CavendishPlayer
from .features import FOLLOW_NAMES, LEAD_NAMES, Situation, follow_features, lead_features
from .score import lose, plays_to_lose, sinks
from .view import Legal, View

WEIGHTS: Final = Path(__file__).resolve().parent / "learned.json"


#: The weights are used as whole thousandths: compiled, a sum of ints allocates nothing, where one of floats boxes each.
SCALE: Final = 1000


class Weights:
    """One weight a feature (in thousandths), for leads and for cards played to a lead."""

    __slots__ = ("lead", "follow")

    def __init__(self, lead: list[int], follow: list[int]):
        self.lead = lead
        self.follow = follow


def parse_weights(text: str, where: str) -> Weights:
    """The weights of a JSON file ``{"lead": {name: w}, "follow": {name: w}}``; every feature named, no other."""
    data = json.loads(text)
    out = []
    for kind, names in (("lead", LEAD_NAMES), ("follow", FOLLOW_NAMES)):
        table = data.get(kind) if isinstance(data, dict) else None
        if not isinstance(table, dict) or set(table) != set(names) \
                or not all(isinstance(table[n], (int, float)) for n in names):
            raise ValueError(f"{where}: {kind!r} must map each of the {len(names)} features to a number")
        out.append([round(table[n] * SCALE) for n in names])
    return Weights(out[0], out[1])


@cache
def shipped() -> Weights:
    return parse_weights(WEIGHTS.read_text(encoding="utf-8"), str(WEIGHTS))


def _score(weights: list[int], features: list[int]) -> int:
    """The weighted sum.  Two thirds of the features are 0 and most others 1, and compiled, a product is a call:
    skipping the zeros and adding the ones' weights makes the sum three times as fast."""
    total = 0
    i = 0
    for f in features:
        if f == 1:
            total += weights[i]
        elif f:
            total += weights[i] * f
        i += 1
    return total


def best_card(view: View, playable: int, weights: Weights) -> int:
    """The playable card of the highest score (of two alike, the higher card)."""
    sit = Situation(view, tables(view.rules).counting_cards)
    lead = view.lead_card
    best, best_score = -1, 0
    m = playable
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        if lead is None:
            s = _score(weights.lead, lead_features(sit, c))
        else:
            s = _score(weights.follow, follow_features(sit, lead, c))
        if best < 0 or s > best_score:
            best, best_score = c, s
    return best


#: The options a simulation may name after the player (``learned+score+sink``): what each departs from.
OPTIONS: Final[dict[str, str]] = {
    "score": "plays to the score: in the last deal, seeing he cannot reach the rubicon, scores as little as he can,"
             " once he has a trick and the cards are divided or out of reach",
    "sink": "sinks a tierce or a trio when he holds a king or queen unguarded"}


class LearnedPlayer:
    """Plays each card by the learned weights; discards and calls as ``cavendish``; it draws on no chance."""

    OPTIONS: ClassVar[dict[str, str]] = OPTIONS  # a class attribute, read by the registry on the class

    def __init__(self, rng: random.Random, options: frozenset[str] = frozenset(), weights: Weights | None = None):
        self.rng = rng
        self.book = CavendishPlayer(rng)
        self.weights = weights if weights is not None else shipped()
        self.to_score = "score" in options
        self.sinking = "sink" in options

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.PLAY:
            playable = legal.cards
            if playable & (playable - 1) == 0:
                return playable.bit_length() - 1
            if self.to_score and plays_to_lose(view):
                return lose(view, playable)
            return best_card(view, playable, self.weights)
        if legal.phase == Phase.DECLARE and self.sinking and sinks(view, legal):
            return len(legal.candidates)
        return self.book.choose(view, legal)
