"""Scoring a deal: the order of reckoning, the hazards, and the penalties.

The deal's scores are laid out as a list of events in the ruleset's order of
reckoning (Cavendish Law 67's categories, or the chronological order of the
table), with named checkpoints between them.  Pique and repique are then
found by walking that list with running totals, so the same walk serves every
ruleset: only the order and the thresholds change.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import RANKS_PER_SUIT
from ..ruleset.model import Rules
from .combos import KINDS, SEQUENCES, SETS, Combo, tables
from .deal import ELDER, YOUNGER, Deal, Phase

CATEGORIES = ("carte_blanche", "point", "sequences", "sets", "play", "cards", "pique", "repique", "capot",
              "penalty")
HAND = frozenset(("carte_blanche", "point", "sequences", "sets"))
MARK = -1  # the "player" of a checkpoint event

#: A score event ``(player, category, points, label)``; with player MARK, a named checkpoint.
Event = tuple[int, str, int, str]

_MAX_TRICKS = 18
_LEAD = [f"trick:{n}:lead" for n in range(_MAX_TRICKS + 1)]
_WIN = [f"trick:{n}:win" for n in range(_MAX_TRICKS + 1)]
_LAST = [f"trick:{n}:last" for n in range(_MAX_TRICKS + 1)]
_MARK_LEAD = [(MARK, "", 0, f"lead:{n}") for n in range(_MAX_TRICKS + 1)]
_MARK_TRICK = [(MARK, "", 0, f"trick:{n}") for n in range(_MAX_TRICKS + 1)]
_MARK = {label: (MARK, "", 0, label) for label in ("hand:elder", "hand:younger", "declarations", "play")}


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
    """A deal's scores by role (0 elder, 1 younger), with the events in the order they reckon."""

    totals: list[int]
    by: list[dict[str, int]]
    events: list[Event]
    kinds: dict[str, KindResult]
    complete: bool
    void: bool = False
    forfeit: int | None = None
    notes: list[str] = field(default_factory=list)

    def running(self) -> list[tuple[Event, tuple[int, int]]]:
        """Each event with both running totals after it."""
        t = [0, 0]
        out = []
        for e in self.events:
            if e[0] != MARK:
                t[e[0]] += e[2]
            out.append((e, (t[0], t[1])))
        return out

    def checkpoints(self) -> dict[str, tuple[int, int]]:
        marks = {e[3]: totals for e, totals in self.running() if e[0] == MARK}
        marks["final"] = (self.totals[0], self.totals[1])
        return marks


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
        held = deal.holding(kind, w)
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
        out.append((p, "carte_blanche", rules.carte_blanche.score, "carte_blanche"))
    for kind in rules.declarations.order:
        res = kinds.get(kind)
        if res is not None and res.winner == p and res.score:
            out.append((p, kind, res.score, kind))
    return out


def _layout(deal: Deal, kinds: dict[str, KindResult]) -> list[Event]:
    """All the deal's events so far, in the ruleset's order of reckoning, with checkpoints.

    By category (Cavendish Law 67) both hands reckon before the play; in the
    chronological order the younger reckons his hand after the elder's first lead.
    """
    out: list[Event] = []
    declared = deal.phase >= Phase.PLAY
    chronological = deal.rules.reckoning.order == "chronological"
    play = deal.rules.play
    counting = tables(deal.rules).counting_cards
    lead_pts, win_pts, last_pts = play.lead, play.win_opponent_lead, play.last_trick_bonus

    def younger_hand() -> None:
        out.extend(_hand_events(deal, kinds, YOUNGER) if declared else [])
        out.append(_MARK["hand:younger"])
        out.append(_MARK["declarations"])

    out += _hand_events(deal, kinds, ELDER) if declared else []
    out.append(_MARK["hand:elder"])
    if not chronological:
        younger_hand()
    done = len(deal.tricks)
    for n, (leader, lead, follow) in enumerate(deal.tricks, 1):
        if lead_pts and counting >> lead & 1:
            out.append((leader, "play", lead_pts, _LEAD[n]))
        out.append(_MARK_LEAD[n])
        if chronological and n == 1:
            younger_hand()
        wins = follow < lead and follow // RANKS_PER_SUIT == lead // RANKS_PER_SUIT
        if wins and win_pts and counting >> follow & 1:
            out.append((1 - leader, "play", win_pts, _WIN[n]))
        if n == done and last_pts and deal.over:
            out.append((1 - leader if wins else leader, "play", last_pts, _LAST[n]))
        out.append(_MARK_TRICK[n])
    if deal.lead_card is not None:  # a lead not yet followed scores at once
        if lead_pts and counting >> deal.lead_card & 1:
            out.append((1 - deal.player, "play", lead_pts, _LEAD[done + 1]))
        out.append(_MARK_LEAD[done + 1])
        if chronological and done == 0:
            younger_hand()
    if deal.over and not deal.void:
        out.append(_MARK["play"])
        out += _cards_events(deal)
    return out


def _cards_events(deal: Deal) -> list[Event]:
    c = deal.rules.cards
    won = deal.won
    if won[ELDER] == won[YOUNGER]:
        return [(p, "cards", c.divided, "cards") for p in (ELDER, YOUNGER) if c.divided]
    w = ELDER if won[ELDER] > won[YOUNGER] else YOUNGER
    if won[1 - w] == 0:
        return [(w, "capot", c.capot, "capot")] if c.capot else []
    return [(w, "cards", c.majority, "cards")] if c.majority else []


def score_deal(deal: Deal) -> DealScore:
    """Score a deal, finished or not, and find its pique and repique.

    The hazards are looked for only while one player has scored nothing:
    once both have scored, neither can pique or repique.
    """
    rules = deal.rules
    if deal.void:
        return DealScore([0, 0], [dict.fromkeys(CATEGORIES, 0), dict.fromkeys(CATEGORIES, 0)], [], {}, True, True,
                         notes=[deal.void_reason])
    kinds = {k: judge_kind(deal, k) for k in KINDS} if deal.phase >= Phase.PLAY else {}
    nothing = deal.reckons_nothing
    totals = [0, 0]
    hazard = [0, 0]
    repiqued = [False, False]
    piqued = [False, False]
    by = [dict.fromkeys(CATEGORIES, 0), dict.fromkeys(CATEGORIES, 0)]
    events: list[Event] = []
    rp, pq = rules.repique, rules.pique
    blanche_counts = rules.carte_blanche.counts_toward_hazards
    open_ = True

    def credit(p: int, cat: str, pts: int, label: str) -> None:
        totals[p] += pts
        by[p][cat] += pts
        events.append((p, cat, pts, label))

    for e in _layout(deal, kinds):
        p, cat, pts, label = e
        if p == MARK:
            events.append(e)
            continue
        if nothing[p]:
            continue
        credit(p, cat, pts, label)
        if not open_:
            continue
        if (cat != "carte_blanche" or blanche_counts) and (cat not in ("cards", "capot") or pq.counts_the_cards):
            hazard[p] += pts
        if totals[1 - p]:
            open_ = not totals[p]
            continue
        if cat in HAND:
            if not repiqued[p] and hazard[p] >= rp.threshold:
                repiqued[p] = True
                credit(p, "repique", rp.bonus, "repique")
        elif (not piqued[p] and hazard[p] >= pq.threshold and (pq.who == "either" or p == ELDER)
              and (not repiqued[p] or pq.with_repique) and (cat == "play" or pq.counts_the_cards)):
            piqued[p] = True
            credit(p, "pique", pq.bonus, "pique")
    for p in (ELDER, YOUNGER):
        if deal.grand_coup[p]:
            credit(p, "penalty", -rules.penalties.grand_coup_points, "penalty")
    return DealScore(totals, by, events, kinds, deal.over, False, deal.forfeit, list(deal.notes))
