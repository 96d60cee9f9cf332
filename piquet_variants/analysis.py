"""A recorded deal annotated as a chess engine annotates a game: at each decision, what a player would choose, and
what the recorded choice gives up against the best found.

The decisions are rebuilt from the finished ``Deal`` a replay keeps (``engine.record.DealReplay.deal``): the
discards, each call (an index among ``Deal.candidates()``, or the sinking one past them), each card.  A lesser
call (a tierce out of a quart, three kings out of four: ``Deal.sink``) is a choice the laws allow but the table
does not offer its players; it is replayed as recorded, the cards sunk and then the call, and valued beside the
calls offered, as one more alternative (``Annotation.offered`` says the player never considers it).  They are
played again through the table (``players.table.play``) with a seat that plays the recorded action and stops at
the decision, so that the deciding player is seen through his own ``View``: what he knew then, and no more.

Each alternative is valued by rollouts.  A rollout draws the cards the deciding player could not see
(``determinize``): before the exchange, the other hand and the stock, shuffled; from the calls on, the
opponent's hand as the ``search`` player draws it (``players.search.deals_for``: consistent with the suits he
did not follow, the cards he showed and the calls he made).  On each drawn deal every alternative is played out
(the same draws for every alternative, so that they differ by the choice and not by the luck of the draw) by
the analysing player on both sides, or, with ``exact``, the cards by the double-dummy solver with every hand
open (``players.doubledummy``), and scored by the engine (``engine.scoring.score_deal``).  What a finished
deal is worth to the deciding player is a ``Settlement``: the deal's points for him less his adversary's, or,
where the deal ends the partie (its last deal, or a race it decides, from the score the record gives so far),
what the partie's settlement (``engine.partie``) pays him.  A partie's equity table, worth of a score in a
partie not yet over, is another ``Settlement``: this module takes any.

A discard is not chosen among all those the laws allow (1,585 for the elder at the club laws): the candidates
are the analysing player's discard, the recorded one, and ``DISCARD_SWAPS`` discards one card away from the
player's (a card of it kept, a card kept put out), drawn with the seed.

What cannot be replayed from the recorded deal with the laws alone is skipped, with its reason
(``Skipped``): the exchange of hands given only as played, calls the laws of calling ruled on (a miscall, a
penalty), the play after an irregularity.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Final, Protocol

from .cards import iter_cards
from .engine.combos import KINDS
from .engine.notes import Note, Noted
from .engine.deal import ELDER, YOUNGER, Deal, Dealt, Phase, deck_cards
from .engine.partie import Partie
from .engine.record import DealReplay, Replay
from .engine.scoring import DealScore, score_deal
from .errors import IllegalAction
from .players.doubledummy import Solver
from .players.registry import player_class
from .players.search import _value, deals_for
from .players.table import Player, play
from .players.view import Legal, View
from .ruleset.model import Rules

#: A recorded choice is marked costly where it gives up at least this many points of the settlement against the
#: best found: a point is the least a choice can cost, and two points is more than the rollouts' rounding.
COSTLY: Final = 2.0
#: The rollouts an alternative is valued by, at most: each is a deal played out, for every alternative.
MOST_SAMPLES: Final = 1000
#: Discards one card away from the player's own, besides his and the recorded one.
DISCARD_SWAPS: Final = 4


class Choice(Enum):
    """What kind of decision a step is, as the output names it."""

    DISCARD = "discard"
    CALL = "call"
    CARD = "card"


_CHOICE_OF = {Phase.EXCHANGE: Choice.DISCARD, Phase.DECLARE: Choice.CALL, Phase.PLAY: Choice.CARD}


class Reason(Enum):
    """Why a part of a deal was not annotated."""

    VOID = "void"  # the deal was void, or a misdeal stood: nothing was decided by the laws of play
    HANDS_AS_PLAYED = "hands_as_played"  # the record gives the hands as played, not the exchange
    IRREGULAR_EXCHANGE = "irregular_exchange"  # the exchange is not one the laws let a player make
    PENALTY = "penalty"  # a penalty of the exchange changes what follows (a peek, a forced suit)
    LAWS_OF_CALLING = "laws_of_calling"  # the calls were ruled on (a miscall, a false call, a penalty)
    IRREGULAR_PLAY = "irregular_play"  # a card the laws of play do not let follow


@dataclass(frozen=True, slots=True)
class Step:
    """One decision as recorded: the phase, who made it, the engine's action, a call's key (None: sunk) and the
    cards sunk before it (a lesser call: ``Deal.sink``)."""

    phase: int
    role: int
    action: int
    key: int | None = None
    sunk: int = 0


@dataclass(frozen=True, slots=True)
class Skipped:
    choice: Choice
    reason: Reason


@dataclass(frozen=True, slots=True)
class Valued:
    """An alternative and its average worth to the deciding player, in the settlement's points (None: the only
    action open, not valued)."""

    action: int
    value: float | None


@dataclass(frozen=True, slots=True)
class Annotation:
    """One decision annotated: the recorded choice, the analysing player's, the best found, and what the recorded
    one gives up (``loss``, never below zero).  A recorded lesser call is the action past the sinking one, its
    cards the last of ``options`` and those it sinks ``sunk``; ``offered`` is False where the recorded choice is
    not among those the table offers the player (a lesser call), valued all the same."""

    index: int
    choice: Choice
    role: int
    kind: str | None  # a call's kind
    options: tuple[int, ...]  # DECLARE: the cards of each call open, by index (the last, 0, sinks)
    recorded: Valued
    player: Valued
    best: Valued
    alternatives: int
    samples: int
    offered: bool = True
    sunk: int = 0

    @property
    def loss(self) -> float:
        best, recorded = self.best.value, self.recorded.value
        return 0.0 if best is None or recorded is None else max(0.0, best - recorded)

    @property
    def costly(self) -> bool:
        return self.loss >= COSTLY


@dataclass(slots=True)
class DealAnalysis:
    number: int
    players: tuple[str, str]  # (elder, younger)
    annotations: list[Annotation] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)


class Settlement(Protocol):
    """What a finished deal is worth to one role (0 elder, 1 younger), in points of the partie's settlement."""

    def value(self, score: DealScore, role: int) -> float:
        ...


@dataclass(frozen=True, slots=True)
class PartieSettlement:
    """The partie's own settlement where the deal ends the partie; else the deal's points, his less his adversary's.

    ``before`` is the partie as it stood before the deal (None: a deal on its own).
    """

    before: Partie | None = None

    def value(self, score: DealScore, role: int) -> float:
        points = float(score.totals[role] - score.totals[1 - role])
        before = self.before
        if before is None or score.void or before.finished:
            return points
        partie = before.snapshot()
        his = before.elder if role == ELDER else before.dealer
        partie.add(score)
        if not partie.finished:
            return points
        result = partie.result()
        if result.winner is None:
            return 0.0
        return float(result.points_won if result.winner == his else -result.points_won)


@dataclass(frozen=True, slots=True)
class Plan:
    """What one deal's analysis needs, and nothing a worker process could not be sent."""

    rules: Rules
    dealt: Dealt
    steps: tuple[Step, ...]
    exchanged: bool  # the exchange was recorded (else the hands are as played)
    settlement: Settlement
    player: str
    samples: int
    seed: int
    exact: bool
    number: int


# -- the decisions of a recorded deal ----------------------------------------------------------------------------

def steps_of(deal: Deal) -> tuple[list[Step], list[Skipped], bool]:
    """The decisions of a finished deal as a fresh deal replays them, what could not be replayed and why, and
    whether the exchange was recorded."""
    fresh = Deal(deal.rules, deal.dealt)
    if fresh.phase != Phase.EXCHANGE or deal.void:
        return [], [Skipped(Choice.DISCARD, Reason.VOID)], False
    steps: list[Step] = []
    exchanged = bool(deal.discards[ELDER] or deal.discards[YOUNGER] or deal.taken[ELDER] or deal.taken[YOUNGER])
    stop = (_exchange_steps(deal, fresh, exchanged, steps) or _not_called(deal, fresh)
            or _call_steps(deal, fresh, steps) or _card_steps(deal, fresh, steps))
    skipped = [] if exchanged else [Skipped(Choice.DISCARD, Reason.HANDS_AS_PLAYED)]
    return steps, skipped + ([stop] if stop is not None else []), exchanged


def _exchange_steps(deal: Deal, fresh: Deal, exchanged: bool, steps: list[Step]) -> Skipped | None:
    if not exchanged:
        fresh.skip_exchange()
        return None
    for role in (ELDER, YOUNGER):
        try:
            fresh.apply(deal.discards[role])
        except IllegalAction:
            return Skipped(Choice.DISCARD, Reason.IRREGULAR_EXCHANGE)
        steps.append(Step(Phase.EXCHANGE, role, deal.discards[role]))
    if tuple(fresh.declared_hands) != tuple(deal.declared_hands):
        return Skipped(Choice.CALL, Reason.IRREGULAR_EXCHANGE)
    return None


def _not_called(deal: Deal, fresh: Deal) -> Skipped | None:
    """Why the calls as made cannot be replayed by the laws of play alone, if they cannot."""
    if deal.irregular is not None or any(deal.shown[k][p] is not None for k in KINDS for p in (ELDER, YOUNGER)):
        return Skipped(Choice.CALL, Reason.LAWS_OF_CALLING)
    if (deal.forced_by is not None or any(deal.reckons_nothing) or any(deal.grand_coup) or deal.forfeit is not None
            or fresh.phase != Phase.DECLARE):
        return Skipped(Choice.CALL, Reason.PENALTY)
    return None


def _call_steps(deal: Deal, fresh: Deal, steps: list[Step]) -> Skipped | None:
    sunk = _sunk(deal)
    while fresh.phase == Phase.DECLARE:
        kind, p = fresh.declaring()
        cards = sunk.get((kind, p), 0)
        if cards:
            fresh.sink(p, kind, cards)  # the replay sank them in this very hand
        call = deal.calls[kind][p]
        cands = fresh.candidates()
        index = len(cands) if call is None else next((i for i, c in enumerate(cands) if c == call), -1)
        if index < 0:
            return Skipped(Choice.CALL, Reason.LAWS_OF_CALLING)
        steps.append(Step(Phase.DECLARE, p, index, None if call is None else call.key, cards))
        fresh.apply(index)
    return None


def _sunk(deal: Deal) -> dict[tuple[str, int], int]:
    """The cards each player sank in calling each kind, from the deal's notes."""
    kinds = {Note(Noted.of("kind", k)): k for k in KINDS}
    out: dict[tuple[str, int], int] = {}
    for n in deal.notes:
        if n.what == Noted.SUNK and n.kind in kinds and n.role is not None:
            where = (kinds[n.kind], n.role)
            out[where] = out.get(where, 0) | sum(1 << c for c in n.cards or ())
    return out


def _card_steps(deal: Deal, fresh: Deal, steps: list[Step]) -> Skipped | None:
    for _, lead, follow in deal.tricks:
        for card in (lead, follow):
            p = fresh.player
            try:
                fresh.apply(card)
            except IllegalAction:
                return Skipped(Choice.CARD, Reason.IRREGULAR_PLAY)
            steps.append(Step(Phase.PLAY, p, card))
            if fresh.over:
                return None
    return None


def plans(replay: Replay, player: str, samples: int, seed: int, exact: bool,
          settlements: Sequence[Settlement] | None = None) -> Iterator[tuple[Plan, list[Skipped]]]:
    """Each replayed deal's plan, and what of it is skipped; ``settlements`` (one a deal) value its outcomes,
    by default the partie's own (``PartieSettlement``)."""
    for i, d in enumerate(replay.deals):
        deal = d.deal
        if deal is None:  # a deal of a score sheet: no cards to annotate
            continue
        steps, skipped, exchanged = steps_of(deal)
        settlement = settlements[i] if settlements is not None else PartieSettlement(d.before)
        yield Plan(deal.rules, deal.dealt, tuple(steps), exchanged, settlement, player, samples, seed, exact,
                   d.number), skipped


# -- replaying the steps through the table ---------------------------------------------------------------------------

class _Reached(Exception):
    """The replay has come to the decision annotated: its view and what may be done."""

    def __init__(self, view: View, legal: Legal) -> None:
        super().__init__()
        self.view, self.legal = view, legal


class _Script:
    """Both seats of one replay: the steps, then (where ``stop`` is not None, at step ``stop``) a halt, or the
    alternative ``then`` (where it is the lesser call past the calls offered, the recorded ``lesser``), then each
    role's own player (``players``) or, for the cards, the solver (``solver``)."""

    def __init__(self, deal: Deal, steps: Sequence[Step], stop: int | None = None, then: int | None = None,
                 players: tuple[Player, Player] | None = None, solver: Solver | None = None,
                 lesser: Step | None = None) -> None:
        self.deal, self.steps, self.stop, self.then = deal, steps, stop, then
        self.players, self.solver, self.lesser = players, solver, lesser
        self.at = 0

    def choose(self, view: View, legal: Legal) -> int:
        at = self.at
        self.at += 1
        if at < len(self.steps) and at != self.stop:
            return _as_now(self.deal, self.steps[at], legal)
        if at == self.stop:
            if self.then is None:
                raise _Reached(view, legal)
            if self.lesser is not None and self.then == _lesser(legal):
                return _as_now(self.deal, self.lesser, legal)
            return self.then
        if self.solver is not None and legal.phase == Phase.PLAY:
            return _exact_card(self.solver, self.deal)
        assert self.players is not None
        return self.players[view.role].choose(view, legal)


class _Seat:
    def __init__(self, script: _Script) -> None:
        self.script = script

    def choose(self, view: View, legal: Legal) -> int:
        return self.script.choose(view, legal)


def _as_now(deal: Deal, step: Step, legal: Legal) -> int:
    """A recorded step as an action of this deal: a call by its key (the drawn hand's index of it; where the draw
    holds none such, his best), its cards sunk first where this hand holds them (a drawn hand may not: the call
    is then made from the hand as it is), anything else as recorded."""
    if step.phase != Phase.DECLARE:
        return step.action
    candidates = legal.candidates
    if step.sunk:
        kind, p = deal.declaring()
        try:
            deal.sink(p, kind, step.sunk)
            candidates = deal.candidates()
        except IllegalAction:
            pass
    if step.key is None:
        return len(candidates)
    return next((i for i, c in enumerate(candidates) if c.key == step.key), 0)


def _lesser(legal: Legal) -> int:
    """The action that names a recorded lesser call: one past the sinking one."""
    return len(legal.candidates) + 1


def _run(deal: Deal, script: _Script) -> Deal:
    seat = _Seat(script)
    return play(deal, (seat, seat))


def _exact_card(solver: Solver, deal: Deal) -> int:
    """The card the double-dummy solver finds best for the player to move, every hand open."""
    me = deal.player
    hands = list(deal.hands)
    sign = 1 if me == ELDER else -1
    best, best_value = -1, 0
    for c in iter_cards(deal.playable()):
        v = sign * _value(solver, hands, me, c, deal.lead_card, deal.won[ELDER])
        if best < 0 or v > best_value:
            best, best_value = c, v
    return best


# -- drawing what the deciding player could not see ------------------------------------------------------------------

def _shuffled(cards: list[int], rng: random.Random) -> list[int]:
    out = list(cards)
    rng.shuffle(out)
    return out


def determinize(plan: Plan, index: int, view: View, rng: random.Random) -> tuple[Deal, list[Step]]:
    """A deal the deciding player of step ``index`` could be in, as its start, and the steps that bring it to the
    decision (those of the drawn deal)."""
    rules, dealt = plan.rules, plan.dealt
    step = plan.steps[index]
    pack = deck_cards(rules)
    if step.phase == Phase.EXCHANGE:
        mine = dealt.elder if step.role == ELDER else dealt.younger
        unseen = _shuffled([c for c in pack if not mine >> c & 1], rng)
        hand = rules.deal.hand
        other = sum(1 << c for c in unseen[:hand])
        talon = tuple(unseen[hand:])
        if step.role == ELDER:
            return Deal(rules, Dealt(mine, other, talon)), []
        put_out = _shuffled(list(iter_cards(other)), rng)[:plan.steps[0].action.bit_count()]
        return Deal(rules, Dealt(other, mine, talon)), [Step(Phase.EXCHANGE, ELDER, sum(1 << c for c in put_out))]
    me = step.role
    played = [0, 0]
    for s in plan.steps[:index]:
        if s.phase == Phase.PLAY:
            played[s.role] |= 1 << s.action
    hands = [0, 0]
    hands[me] = view.hand | played[me]
    hands[1 - me] = deals_for(view, rng, 1)[0] | played[1 - me]
    rest = tuple(c for c in pack if not (hands[0] | hands[1]) >> c & 1)
    world = Deal(rules, Dealt(hands[ELDER], hands[YOUNGER], rest))
    world.blanche = Deal(rules, dealt).blanche  # a carte blanche is of the hand dealt, not the hand after exchange
    world.skip_exchange()
    return world, [s for s in plan.steps[:index] if s.phase != Phase.EXCHANGE]


# -- valuing each decision -------------------------------------------------------------------------------------------

def _start(plan: Plan) -> Deal:
    deal = Deal(plan.rules, plan.dealt)
    if not plan.exchanged:
        deal.skip_exchange()
    return deal


def _alternatives(plan: Plan, step: Step, legal: Legal, mine: int, rng: random.Random) -> list[int]:
    """The actions valued: every call or card open; for a discard, the player's, the recorded one and a few one
    card away from the player's."""
    if step.phase != Phase.EXCHANGE:
        return list(legal)
    out = [mine, step.action]
    kept = [c for c in iter_cards(legal.hand) if not mine >> c & 1]
    out_cards = list(iter_cards(mine))
    swaps = [mine ^ (1 << a) ^ (1 << b) for a in out_cards for b in kept]
    rng.shuffle(swaps)
    for swap in swaps[:DISCARD_SWAPS]:
        if swap not in out:
            out.append(swap)
    return list(dict.fromkeys(out))


def annotate(plan: Plan, index: int) -> Annotation:
    """Step ``index`` of a deal, annotated: every alternative valued over the same drawn deals."""
    step = plan.steps[index]
    rng = random.Random(f"{plan.seed}:{plan.number}:{index}")
    make = player_class(plan.player)
    start = _start(plan)
    try:
        _run(start, _Script(start, plan.steps, stop=index))
    except _Reached as reached:
        view, legal = reached.view, reached.legal
    else:
        raise ValueError(f"step {index} is never reached")
    lesser = step if step.phase == Phase.DECLARE and step.sunk else None
    recorded = _lesser(legal) if lesser is not None else step.action
    options: tuple[int, ...] = ()
    if step.phase == Phase.DECLARE:
        options = tuple(c.cards for c in legal.candidates) + (0,)
        if lesser is not None:  # the lesser call's cards: the reached deal sinks as recorded, and is done with
            options += (_call_cards(start, lesser),)
    mine = make(random.Random(rng.random())).choose(view, legal)
    actions = _alternatives(plan, step, legal, mine, rng)
    if recorded not in actions:
        actions.append(recorded)
    sums = dict.fromkeys(actions, 0.0)
    samples = plan.samples if len(actions) > 1 else 0
    for _ in range(samples):
        world, before = determinize(plan, index, view, rng)
        at = len(before)
        seed = rng.random()
        for a in actions:
            deal = _copy(world)
            players = (make(random.Random(seed)), make(random.Random(seed + 1)))
            solver = Solver(plan.rules, plan.rules.deal.hand) if plan.exact else None
            done = _run(deal, _Script(deal, before, stop=at, then=a, players=players, solver=solver, lesser=lesser))
            sums[a] += plan.settlement.value(score_deal(done), step.role)
    means = {a: s / samples if samples else 0.0 for a, s in sums.items()}
    best = max(actions, key=lambda a: (means[a], a == recorded))
    values: dict[int, float | None] = {a: means[a] if samples else None for a in actions}
    kind: str | None = None
    if step.phase == Phase.DECLARE:
        kind = plan.rules.declarations.order[sum(1 for s in plan.steps[:index] if s.phase == Phase.DECLARE) // 2]
    return Annotation(index, _CHOICE_OF[step.phase], step.role, kind, options, Valued(recorded, values[recorded]),
                      Valued(mine, values[mine]), Valued(best, values[best]), len(actions), samples,
                      recorded in legal, step.sunk if lesser is not None else 0)


def _call_cards(deal: Deal, step: Step) -> int:
    """The cards of a recorded lesser call, in the deal at its decision (which it sinks in)."""
    kind, p = deal.declaring()
    deal.sink(p, kind, step.sunk)
    return next((c.cards for c in deal.candidates() if c.key == step.key), 0)


def _copy(world: Deal) -> Deal:
    """A drawn deal afresh, for one alternative: the same cards, the same carte blanche."""
    deal = Deal(world.rules, world.dealt)
    deal.blanche = world.blanche
    if world.phase != Phase.EXCHANGE:
        deal.skip_exchange()
    return deal


def in_turn(found: list[Plan]) -> list[list[Annotation]]:
    """Every step of each deal annotated, one after another, here."""
    return [[annotate(plan, i) for i in range(len(plan.steps))] for plan in found]


def analyse(replay: Replay, player: str, samples: int, seed: int, exact: bool = False,
            run: Callable[[list[Plan]], list[list[Annotation]]] = in_turn) -> list[DealAnalysis]:
    """Every deal of a replay annotated (``run`` annotates the plans: here, in turn, or on processes)."""
    found = list(plans(replay, player, samples, seed, exact))
    annotated = run([plan for plan, _ in found])
    return [DealAnalysis(plan.number, replay.deals[plan.number - 1].players, annotations, skipped)
            for (plan, skipped), annotations in zip(found, annotated)]
