"""Scoring a deal: the order of reckoning, the hazards, and the penalties.

The deal's scores are laid out as a list of events in the ruleset's order of
reckoning (Cavendish Law 67's categories, or the chronological order of the
table), with named checkpoints between them.  Pique and repique are then
found by walking that list with running totals, so the same walk serves every
ruleset: only the order and the thresholds change.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import RANKS_PER_SUIT, rank_of, suit_of
from ..ruleset.model import Rules
from .combos import KINDS, SEQUENCES, SETS, Combo, combos
from .deal import ELDER, YOUNGER, Deal, Phase

CATEGORIES = ("carte_blanche", "point", "sequences", "sets", "play", "cards", "pique", "repique", "capot",
              "penalty")
HAND = frozenset(("carte_blanche", "point", "sequences", "sets"))
MARK = -1  # the "player" of a checkpoint event


@dataclass(frozen=True, slots=True)
class Event:
    """A score (``points`` to ``player`` under ``category``) or, with player MARK, a named checkpoint."""

    player: int
    category: str
    points: int
    label: str


@dataclass(frozen=True, slots=True)
class KindResult:
    """How one kind of declaration went: the calls, who won it and what he reckons."""

    kind: str
    calls: tuple[Combo | None, Combo | None]
    winner: int | None  # None: equal, or nobody declared
    reckoned: tuple[Combo, ...]
    score: int


@dataclass(slots=True)
class DealScore:
    totals: list[int]
    by: list[dict[str, int]]
    events: list[tuple[Event, tuple[int, int]]]  # each event with the running totals after it
    checkpoints: dict[str, tuple[int, int]]
    kinds: dict[str, KindResult]
    complete: bool
    void: bool = False
    forfeit: int | None = None
    notes: list[str] = field(default_factory=list)


def _bar(rules: Rules, call: Combo | None, shown: int | None, barred_out: bool) -> int:
    if barred_out:
        return -1
    key = call.key if call is not None else -1
    if shown is not None and rules.declarations.shown_bars:
        key = max(key, shown)
    return key


def judge_kind(deal: Deal, kind: str) -> KindResult:
    rules = deal.rules
    calls = deal.calls[kind]
    bars = [_bar(rules, calls[p], deal.shown[kind][p], deal.reckons_nothing[p] and not
                 rules.penalties.reckons_nothing_bars) for p in (ELDER, YOUNGER)]
    if bars[ELDER] == bars[YOUNGER]:
        return KindResult(kind, (calls[0], calls[1]), None, (), 0)
    w = ELDER if bars[ELDER] > bars[YOUNGER] else YOUNGER
    call = calls[w]
    if call is None or call.key < bars[1 - w]:
        return KindResult(kind, (calls[0], calls[1]), None, (), 0)
    if kind in (SEQUENCES, SETS) and rules.declarations.winner_reckons == "all_of_kind":
        held = combos(rules, kind, deal.declared_hands[w])
        if rules.declarations.undercall == "reckon_equal_or_inferior":
            held = [c for c in held if c.key <= call.key]
        reckoned = tuple(held)
    else:
        reckoned = (call,)
    return KindResult(kind, (calls[0], calls[1]), w, reckoned, sum(c.score for c in reckoned))


def _hand_events(deal: Deal, kinds: dict[str, KindResult], p: int) -> list[Event]:
    rules = deal.rules
    out = []
    if deal.blanche[p]:
        out.append(Event(p, "carte_blanche", rules.carte_blanche.score, "carte_blanche"))
    for kind in rules.declarations.order:
        res = kinds.get(kind)
        if res is not None and res.winner == p and res.score:
            out.append(Event(p, kind, res.score, kind))
    return out


def _trick_events(deal: Deal, n: int) -> tuple[list[Event], list[Event]]:
    """Trick ``n`` (from 1): the lead's events, and the rest (the win, the last trick)."""
    play = deal.rules.play
    counting = play.counting_ranks
    leader, lead, follow = deal.tricks[n - 1]
    follower = 1 - leader
    lead_events = [Event(leader, "play", play.lead, f"trick:{n}:lead")] if rank_of(lead) in counting and play.lead else []
    rest = []
    follower_wins = suit_of(follow) == suit_of(lead) and follow < lead
    if follower_wins and rank_of(follow) in counting and play.win_opponent_lead:
        rest.append(Event(follower, "play", play.win_opponent_lead, f"trick:{n}:win"))
    if deal.over and n == len(deal.tricks) and play.last_trick_bonus:
        rest.append(Event(follower if follower_wins else leader, "play", play.last_trick_bonus, f"trick:{n}:last"))
    return lead_events, rest


def _lead_only(deal: Deal) -> list[Event]:
    """A lead not yet followed: it scores at once."""
    play = deal.rules.play
    if deal.lead_card is None or deal.lead_card % RANKS_PER_SUIT not in play.counting_ranks or not play.lead:
        return []
    return [Event(deal.player ^ 1, "play", play.lead, f"trick:{len(deal.tricks) + 1}:lead")]


def _layout(deal: Deal, kinds: dict[str, KindResult]) -> list[Event]:
    """All the deal's events so far, in the ruleset's order of reckoning, with checkpoints.

    By category (Cavendish Law 67) both hands reckon before the play; in the
    chronological order the younger reckons his hand after the elder's first lead.
    """
    out: list[Event] = []
    mark = lambda label: out.append(Event(MARK, "", 0, label))  # noqa: E731
    declared = deal.phase >= Phase.PLAY
    tricks = [_trick_events(deal, n) for n in range(1, len(deal.tricks) + 1)]
    if deal.lead_card is not None:
        tricks.append((_lead_only(deal), []))
    chronological = deal.rules.reckoning.order == "chronological"

    def younger_hand() -> None:
        out.extend(_hand_events(deal, kinds, YOUNGER) if declared else [])
        mark("hand:younger")
        mark("declarations")

    out += _hand_events(deal, kinds, ELDER) if declared else []
    mark("hand:elder")
    if not chronological:
        younger_hand()
    for n, (lead, rest) in enumerate(tricks, 1):
        out += lead
        mark(f"lead:{n}")
        if chronological and n == 1:
            younger_hand()
        out += rest
        if n <= len(deal.tricks):
            mark(f"trick:{n}")
    if deal.over and not deal.void:
        mark("play")
        out += _cards_events(deal)
    return out


def _cards_events(deal: Deal) -> list[Event]:
    c = deal.rules.cards
    won = deal.won
    if won[ELDER] == won[YOUNGER]:
        return [Event(p, "cards", c.divided, "cards") for p in (ELDER, YOUNGER) if c.divided]
    w = ELDER if won[ELDER] > won[YOUNGER] else YOUNGER
    if won[1 - w] == 0:
        return [Event(w, "capot", c.capot, "capot")] if c.capot else []
    return [Event(w, "cards", c.majority, "cards")] if c.majority else []


def score_deal(deal: Deal) -> DealScore:
    rules = deal.rules
    if deal.void:
        return DealScore([0, 0], [dict.fromkeys(CATEGORIES, 0) for _ in range(2)], [], {}, {}, True, True,
                         notes=[deal.void_reason])
    kinds = {k: judge_kind(deal, k) for k in KINDS} if deal.phase >= Phase.PLAY else {}
    layout = [e for e in _layout(deal, kinds) if e.player == MARK or not deal.reckons_nothing[e.player]]
    totals = [0, 0]
    hazard = [0, 0]
    repiqued = [False, False]
    piqued = [False, False]
    by = [dict.fromkeys(CATEGORIES, 0) for _ in range(2)]
    events: list[tuple[Event, tuple[int, int]]] = []
    checkpoints: dict[str, tuple[int, int]] = {}
    rp, pq = rules.repique, rules.pique

    def add(e: Event) -> None:
        totals[e.player] += e.points
        by[e.player][e.category] += e.points
        events.append((e, (totals[0], totals[1])))

    for e in layout:
        if e.player == MARK:
            checkpoints[e.label] = (totals[0], totals[1])
            events.append((e, (totals[0], totals[1])))
            continue
        p = e.player
        add(e)
        counts = not (e.category == "carte_blanche" and not rules.carte_blanche.counts_toward_hazards)
        if e.category in ("cards", "capot") and not pq.counts_the_cards:
            counts = False
        if counts:
            hazard[p] += e.points
        if totals[1 - p]:
            continue
        if e.category in HAND and not repiqued[p] and hazard[p] >= rp.threshold:
            repiqued[p] = True
            add(Event(p, "repique", rp.bonus, "repique"))
        elif (e.category not in HAND and counts and not piqued[p] and hazard[p] >= pq.threshold
              and (pq.who == "either" or p == ELDER) and (not repiqued[p] or pq.with_repique)):
            piqued[p] = True
            add(Event(p, "pique", pq.bonus, "pique"))
    for p in (ELDER, YOUNGER):
        if deal.grand_coup[p]:
            add(Event(p, "penalty", -rules.penalties.grand_coup_points, "penalty"))
    checkpoints["final"] = (totals[0], totals[1])
    return DealScore(totals, by, events, checkpoints, kinds, deal.over, False, deal.forfeit, list(deal.notes))
