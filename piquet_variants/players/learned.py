"""The ``learned`` player: plays the cards as near as it can to the ``search`` player, by weights fitted to its choices.

The search player (``search``) plays each card by solving many drawn deals
exactly, some two deals a second; this one scores each playable card by a
weighted sum of a few features of what the card would do (``features``) and
plays the best, at a few times the heuristic player's cost.  A card played to
a lead is weighed also by the value of each of its counts and by each pair of
its yes-or-no features that are both yes (``Model``): a throw or a win is
worth what the rest of its features make it, which one weight a feature
cannot say.  The weights were
fitted to the search player's choices on positions of real play
(``players.training``, a deterministic script: the same command gives the
same file) and ship as data (``learned.json``, read as JSON, never
unpickled).  They were fitted to the search player's choices alone, never to
Cavendish's figures, which are the test of the result.

It calls as the ``cavendish`` player does.  It plays to the
partie: where the partie's outlook
(``outlook``, on the spread of a deal's scores measured once a ruleset from its
own blind deals) says every point it makes costs it, it scores as little as it
can and sinks what it gains by sinking (``score``); and where the deal may
settle the partie and the score makes a point worth more or less than a point,
it plays each card of the hand's end by rollouts valued by the partie
(``rollout``), and with the option ``discard`` chooses its discard there by
rollouts too (``discard_to_score``: stronger, at six times the time, which the
default player cannot spend), and with ``aim`` among discards that differ in what
they make sure of (a suit kept whole, a set, the high cards), each played out
many times by the book's player, the best for the deal's points unless another
is surely better for the partie.  Elsewhere it discards among the same candidates
by weights fitted to that search (``fitted_discard``), at about the book's cost:
stronger than the book's own discard by some fifteen points a partie; with the
option ``book`` it discards by the book's rule (``cavendish``), as the player
did before.  With the option ``blind`` it values by the
deal's points alone (the searches included, in the same positions, so that a
duel with the blind player measures the valuation, not the search); with
``quick`` it plays every card by the weights; the options ``score`` and
``sink`` are the older fixed rules, each named in a simulation's output.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import ClassVar, Final

from ..engine.combos import KINDS, tables
from ..engine.deal import Phase
from ..engine.derived import per_ruleset
from .cavendish import CavendishPlayer
from .discard_to_score import aims, best_discard
from .fitted_discard import WEIGHTS as DISCARD_WEIGHTS, fitted_discard, json_number, ranked
from .features import (FOLLOW_COUNTS, FOLLOW_NAMES, FOLLOW_PAIRED, LEAD_NAMES, TOP, Features, Situation,
                       describe_follow, describe_lead)
from ..engine.deal import ELDER, YOUNGER, random_dealt
from ..engine.scoring import DealScore, score_deal
from ..ruleset.model import Rules
from ..stored import digest, files_digest, stored_data
from .outlook import Outlook, spread
from .rollout import ENDGAME, Valued, at_stake, best_by_rollouts
from .score import costs_to_score, hopeless, lose, plays_to_lose, sinks, sinks_to_score, so_far
from .table import play_deal
from .view import Legal, View

WEIGHTS: Final = Path(__file__).resolve().parent / "learned.json"


#: The weights are used as whole thousandths: compiled, a sum of ints allocates nothing, where one of floats boxes each.
SCALE: Final = 1000


#: The pairs of features weighed together, each as the two features' places among ``FOLLOW_NAMES``, in the order
#: the weights file lists them; the features weighed by value, as their places.
PAIRS: Final[tuple[tuple[int, int], ...]] = tuple(
    (FOLLOW_NAMES.index(a), FOLLOW_NAMES.index(b)) for k, a in enumerate(FOLLOW_PAIRED) for b in FOLLOW_PAIRED[k + 1:])
COUNTS: Final[tuple[int, ...]] = tuple(FOLLOW_NAMES.index(n) for n in FOLLOW_COUNTS)
#: The values a count is weighed at apart: 2 to ``TOP``, the last for ``TOP`` or more.
SPAN: Final = TOP - 1


#: The paired features are weighed by two tables of their pairs, this many features in the first: each card's pairs
#: are three or four lookups, where one lookup a pair was some fifteen.
HALF: Final = 10


def _within(pairs: list[int], n: int, group: list[int]) -> list[int]:
    """By each mask of the features of ``group`` (bit ``k`` for ``group[k]``): the weights of its pairs summed."""
    out = []
    for m in range(1 << len(group)):
        chosen = [i for k, i in enumerate(group) if m >> k & 1]
        out.append(sum(pairs[a * n + b] for x, a in enumerate(chosen) for b in chosen[x + 1:]))
    return out


class Model:
    """How one kind of choice is scored, in thousandths: a weight a feature; a weight for each value from 2 to
    ``TOP`` of some (at ``i * SPAN + value - 2`` for feature ``i``, empty where there are none); and a weight for each
    pair of some that are both 1 (at ``i * n + j`` for features ``i < j``), with ``paired`` the mask of those.

    The pairs are also summed ahead (``Scored.score``): each paired feature has its bit among them (``slots``, 0 for
    a feature not paired); the first ``HALF`` of them and the rest each have the sums of their own pairs by mask
    (``first``, ``second``), and each of the first the sums of its pairs with the rest (``across``, at ``k <<
    len(rest) | mask``)."""

    __slots__ = ("weights", "by_value", "pairs", "paired", "slots", "split", "first", "second", "across")

    def __init__(self, weights: list[int], by_value: list[int], pairs: list[int], paired: int):
        self.weights = weights
        self.by_value = by_value
        self.pairs = pairs
        self.paired = paired
        n = len(weights)
        members = [i for i in range(n) if paired >> i & 1]
        self.slots = [0] * n
        for k, i in enumerate(members):
            self.slots[i] = 1 << k
        self.split = min(len(members), HALF)
        head, rest = members[:self.split], members[self.split:]
        self.first = _within(pairs, n, head)
        self.second = _within(pairs, n, rest)
        self.across = [sum(pairs[a * n + b] for k, b in enumerate(rest) if m >> k & 1)
                       for a in head for m in range(1 << len(rest))]


class Weights:
    """The models of leads and of cards played to a lead."""

    __slots__ = ("lead", "follow")

    def __init__(self, lead: Model, follow: Model):
        self.lead = lead
        self.follow = follow


def parse_weights(text: str, where: str) -> Weights:
    """The weights of a JSON file: ``"lead"`` and ``"follow"``, each feature's name to its weight; ``"follow by
    value"``, each of ``FOLLOW_COUNTS`` to its weights for the values 2 to ``TOP``; ``"follow pairs"``, each of
    ``FOLLOW_PAIRED`` to each after it to their weight.  Every one named, no other."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"{where}: the weights must be a JSON object")
    out = []
    for kind, names in (("lead", LEAD_NAMES), ("follow", FOLLOW_NAMES)):
        table = data.get(kind)
        if not isinstance(table, dict) or set(table) != set(names) or not all(json_number(table[n]) for n in names):
            raise ValueError(f"{where}: {kind!r} must map each of the {len(names)} features to a number")
        out.append([round(table[n] * SCALE) for n in names])
    n = len(FOLLOW_NAMES)
    by_value = [0] * (n * SPAN)
    values = data.get("follow by value")
    if not isinstance(values, dict) or set(values) != set(FOLLOW_COUNTS) \
            or not all(isinstance(v, list) and len(v) == SPAN and all(map(json_number, v)) for v in values.values()):
        raise ValueError(f"{where}: 'follow by value' must map each of the {len(FOLLOW_COUNTS)} counts to "
                         f"{SPAN} numbers, its weights for the values 2 to {TOP} ({TOP} or more)")
    for i, name in zip(COUNTS, FOLLOW_COUNTS):
        for k, w in enumerate(values[name]):
            by_value[i * SPAN + k] = round(w * SCALE)
    pairs = [0] * (n * n)
    rows = data.get("follow pairs")
    for i, j in PAIRS:
        row = rows.get(FOLLOW_NAMES[i]) if isinstance(rows, dict) else None
        w = row.get(FOLLOW_NAMES[j]) if isinstance(row, dict) else None
        if not json_number(w):
            raise ValueError(f"{where}: 'follow pairs' must map each of {len(FOLLOW_PAIRED)} features to each "
                             f"feature after it among them, to a number; {FOLLOW_NAMES[i]!r} and "
                             f"{FOLLOW_NAMES[j]!r} have none")
        pairs[i * n + j] = round(w * SCALE)
    named = 0
    for row in rows.values() if isinstance(rows, dict) else ():
        named += len(row) if isinstance(row, dict) else 1
    if named != len(PAIRS):
        raise ValueError(f"{where}: 'follow pairs' names a pair that is not weighed together")
    paired = 0
    for i, j in PAIRS:
        paired |= 1 << i | 1 << j
    return Weights(Model(out[0], [], [], 0), Model(out[1], by_value, pairs, paired))


@cache
def shipped() -> Weights:
    return parse_weights(WEIGHTS.read_text(encoding="utf-8"), str(WEIGHTS))


class Scored(Features):
    """A card's score by one model, in thousandths, summed as its features are told (``features.Features``): a
    weight a feature, with the weight of each count's value and of each pair of paired features both 1.

    Two thirds of the features are 0 and most others 1, and compiled, a product is a call: skipping the zeros and
    adding the ones' weights makes the sum three times as fast.  A weight below zero is taken off as its opposite's
    product: compiled, a product with a factor below zero goes to the interpreter (mypyc's test of overflow reads the
    factors unsigned), a hundred times the cost.  Only a few of the paired features are 1 for any card, so a handful
    of pairs are looked up, not all of them.
    """

    def __init__(self, model: Model):
        self.weights = model.weights
        self.by_value = model.by_value
        self.valued = bool(model.by_value)
        self.paired = model.paired
        self.slots = model.slots
        self.split = model.split
        self.first = model.first
        self.second = model.second
        self.across = model.across
        self.at = 0
        self.total = 0
        self.ones = 0

    def start(self) -> None:
        """Ready for the next card."""
        self.at = self.total = self.ones = 0

    def put(self, value: int) -> None:
        i = self.at
        self.at = i + 1
        if not value:
            return
        if value == 1:
            self.total += self.weights[i]
            if self.paired:  # a lead weighs no pairs: the lookup is left out
                self.ones |= self.slots[i]
        else:
            w = self.weights[i]
            if w < 0:
                self.total -= -w * value
            else:
                self.total += w * value
            if self.valued:
                self.total += self.by_value[i * SPAN + (value if value < TOP else TOP) - 2]

    def score(self) -> int:
        """The card's score, its features all told: the pairs of its paired features that are 1 (``ones``, by their
        bits among the paired) looked up by the model's sums."""
        total = self.total
        ones = self.ones
        if ones:
            split = self.split
            head = ones & ((1 << split) - 1)
            rest = ones >> split
            total += self.first[head] + self.second[rest]
            row = len(self.second)
            while head:
                low = head & -head
                head ^= low
                total += self.across[(low.bit_length() - 1) * row + rest]
        return total


def best_card(view: View, playable: int, weights: Weights) -> int:
    """The playable card of the highest score (of two alike, the higher card)."""
    sit = Situation(view, tables(view.rules).counting_cards)
    lead = view.lead_card
    scored = Scored(weights.lead if lead is None else weights.follow)
    best, best_score = -1, 0
    m = playable
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        scored.start()
        if lead is None:
            describe_lead(sit, c, scored)
        else:
            describe_follow(sit, lead, c, scored)
        s = scored.score()
        if best < 0 or s > best_score:
            best, best_score = c, s
    return best


#: Deals drawn for each discard tried by the option ``aim``: played out by the book's player, at a fifth of the plain
#: player's time a deal, many, for a threshold is a noisy measure.
AIM_SAMPLES: Final = 128
#: Deals played, once a ruleset, to measure the spread of a deal's scores that the partie's outlook is computed from.
MEASURED: Final = 1000
#: The measure's columns: each role's deal score, each one's points in play (the tricks, the cards, the capot), and
#: what the younger's best combination of each kind scores (what he reckons where the elder sinks the kind).
_PLAY: Final = ("play", "cards", "capot")


def _measure(rules: Rules) -> list[list[int]]:
    """Deals played by the blind player against itself, on cards of a fixed seed: each deal's measure."""
    cards = random.Random("outlook")
    blind = LearnedPlayer(random.Random(0), frozenset({"blind", "quick"}))
    out: list[list[int]] = []
    while len(out) < MEASURED:
        packet = rules.deal.packets[int(cards.random() * len(rules.deal.packets))]
        deal = play_deal(rules, random_dealt(rules, cards, packet), (blind, blind))
        score = score_deal(deal)
        if score.void:
            continue
        by = score.by
        held = [deal.holding(kind, YOUNGER) for kind in KINDS]
        out.append([*score.totals, *(sum(by[r].get(k, 0) for k in _PLAY) for r in (ELDER, YOUNGER)),
                    *(h[0].score if h else 0 for h in held)])
    return out


#: The share of deals in which a player makes no more than what he may hope to: a deal in fifty does better.
HOPE: Final = 0.98


def _hope(points: list[int]) -> int:
    """What a player makes or less in ``HOPE`` of these deals."""
    return sorted(points)[min(len(points) - 1, int(HOPE * len(points)))]


class Measured:
    """What the outlook of a ruleset is computed from, and the bounds the player weighs the rest of a deal by."""

    __slots__ = ("outlook", "most", "expected")

    def __init__(self, rules: Rules, rows: list[list[int]]):
        if not rows or any(len(r) != 4 + len(KINDS) for r in rows):
            raise ValueError("not a measure of deals")
        self.outlook = Outlook(rules, spread([(r[0], r[1]) for r in rows]))
        tricks = rules.deal.hand
        #: by role and by the tricks left to play: the most a player of that seat may hope to make in the rest of a
        #: deal (``HOPE``), the calls to come included where no trick is played (the whole deal), else as that
        #: share of his play
        self.most = [[_hope([r[role] for r in rows]) if left == tricks else
                      round(_hope([r[2 + role] for r in rows]) * left / tricks) for left in range(tricks + 1)]
                     for role in (ELDER, YOUNGER)]
        self.expected = {kind: sum(r[4 + i] for r in rows) / len(rows) for i, kind in enumerate(KINDS)}


@per_ruleset
def measured(rules: Rules) -> Measured:
    """The measure of a ruleset's deals, kept in the user's cache (plain data) under the ruleset's and the player's
    digest, and in the process by the ruleset's identity (asked at every card of a partie's last deals)."""
    def name() -> str:
        code = [Path(__file__), WEIGHTS, DISCARD_WEIGHTS, *(Path(__file__).with_name(f) for f in
                                                            ("cavendish.py", "features.py", "fitted_discard.py",
                                                             "discard_to_score.py"))]
        return f"outlook-{digest([repr(rules).encode(), files_digest(code).encode(), str(MEASURED).encode()])}"
    return stored_data(name, lambda: _measure(rules), lambda rows: Measured(rules, rows))


#: The options a simulation may name after the player (``learned+blind``, ``learned+blind+score+sink``): what each
#: departs from.
OPTIONS: Final[dict[str, str]] = {
    "blind": "ignores the score: values his choices by the points of the deal, not by the partie's settlement",
    "score": "plays to the score: in the last deal, seeing he cannot reach the rubicon, scores as little as he can,"
             " once he has a trick and the cards are divided or out of reach",
    "sink": "sinks a tierce or a trio when he holds a king or queen unguarded",
    "quick": "plays every card by the learned weights, never by rollouts where the partie is at stake",
    "discard": "where the deal may settle the partie, chooses its discard among the book's and three next to it by"
               " rollouts (some six times the player's time)",
    "aim": "where the deal may settle the partie, chooses its discard among the book's and those for other aims (a"
           " suit kept whole, a set, the high cards) by rollouts: the best for the deal's points, unless another is"
           " surely better for the partie",
    "book": "discards by the book's rule (the cavendish player's), not by the weights fitted to the discard search"}


def _points(score: DealScore, role: int) -> float:
    """A finished deal's worth by its points: his less the other's."""
    return float(score.totals[role] - score.totals[1 - role])


class LearnedPlayer:
    """Plays each card by the learned weights; discards by the fitted discard's; calls as ``cavendish``; it draws on
    no chance.

    Unless blind, it plays to the partie (``outlook``): it sinks a kind where the partie's outlook says
    concealing it gains, and scores as little as it can, once it has a trick and the cards are divided or out of
    reach, where the outlook says that every point it makes costs it.  Where the deal may settle the partie, it
    plays the last cards (and with ``discard``, discards) by rollouts, valued by the partie (blind, by the deal's
    points).
    """

    OPTIONS: ClassVar[dict[str, str]] = OPTIONS  # a class attribute, read by the registry on the class

    def __init__(self, rng: random.Random, options: frozenset[str] = frozenset(), weights: Weights | None = None):
        self.rng = rng
        self.book = CavendishPlayer(rng)
        self.weights = weights if weights is not None else shipped()
        self.blind = "blind" in options
        self.to_score = "score" in options
        self.sinking = "sink" in options
        self.quick = "quick" in options
        #: whether he ever plays to lose a trick: the blind player only by the ``score`` option's rule
        self.may_lose = not self.blind or self.to_score
        self.discarding = "discard" in options
        self.aiming = "aim" in options
        self.fitting = "book" not in options
        self._base: LearnedPlayer | None = None

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.PLAY:
            playable = legal.cards
            if playable & (playable - 1) == 0:
                return playable.bit_length() - 1
            if not self.quick and self._at_stake(view):
                return best_by_rollouts(view, legal, self._plain(), self._valued(view))
            if self.may_lose and plays_to_lose(view, self._lost):
                return lose(view, playable)
            return best_card(view, playable, self.weights)
        if legal.phase == Phase.DECLARE and self._sinks(view, legal):
            return len(legal.candidates)
        if legal.phase == Phase.EXCHANGE and (self.discarding or self.aiming):
            m = measured(view.rules)
            whole = view.rules.deal.hand
            reach = (m.most[view.role][whole], m.most[view.opponent][whole])
            if at_stake(m.outlook, view.context, view.role, 0, 0, reach):
                if self.aiming:
                    tried = ranked(view, legal) if self.fitting else aims(view, legal)
                    return best_discard(view, legal, self.book, self._valued(view), AIM_SAMPLES, tried, _points)
                return best_discard(view, legal, self._plain(), self._valued(view))
        if legal.phase == Phase.EXCHANGE and self.fitting:
            return fitted_discard(view, legal)
        return self.book.choose(view, legal)

    def _at_stake(self, view: View) -> bool:
        """Whether the partie makes a point worth more or less than a point over what the rest of the deal may
        bring (``rollout.at_stake``).  The blind player asks it too, to search the same positions by the deal's
        points."""
        left = view.hand.bit_count()
        return left <= ENDGAME and self._at_stake_with(view, left)

    def _at_stake_with(self, view: View, left: int) -> bool:
        """``_at_stake`` with ``left`` cards in hand, however many: a measure of searching earlier in the hand asks it
        too (``benchmarks/duel.py``)."""
        m = measured(view.rules)
        if not m.outlook.sees(view.context):  # a deal the outlook does not see exactly settles nothing: the points
            return False                      # made so far, which cost a reading of the calls, need not be counted
        mine, his = so_far(view)
        reach = (m.most[view.role][left], m.most[view.opponent][left])
        return at_stake(m.outlook, view.context, view.role, mine, his, reach)

    def _plain(self) -> LearnedPlayer:
        """The player the rollouts are played out by, in both seats: blind, quick, the same weights."""
        if self._base is None:
            self._base = LearnedPlayer(self.rng, frozenset({"blind", "quick"}), self.weights)
        return self._base

    def _valued(self, view: View) -> Valued:
        """What a finished deal is worth to him: by the partie's outlook, or blind by its points, his less the
        other's."""
        if self.blind:
            return _points
        outlook, context = measured(view.rules).outlook, view.context
        return lambda score, role: outlook.worth(context, role, score.totals[role], score.totals[1 - role])

    def _lost(self, view: View) -> bool:
        """Whether every point he makes from now on costs him: by the outlook, or by the ``score`` option's rule."""
        if self.blind:
            return self.to_score and hopeless(view)
        m = measured(view.rules)
        return m.outlook.sees(view.context) and costs_to_score(view, m.outlook,
                                                               m.most[view.role][view.hand.bit_count()])

    def _sinks(self, view: View, legal: Legal) -> bool:
        if self.sinking and sinks(view, legal):
            return True
        if self.blind:
            return False
        m = measured(view.rules)
        return m.outlook.sees(view.context) and sinks_to_score(view, legal, m.outlook, m.most[view.role][view.rules.deal.hand],
                                                                    m.expected)
