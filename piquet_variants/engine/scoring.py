"""Scoring a deal: the order of reckoning, the hazards, and the penalties.

The deal's scores are events in the ruleset's order of reckoning (Cavendish
Law 67's categories, or the chronological order of the table), with named
checkpoints between them.  Pique and repique are found by walking the events
with running totals, so the same walk serves every ruleset: only the order
and the thresholds change.

The events are kept in pieces (the hand's, then each trick's, which is the
ruleset's table entry for that trick, not a copy): the walk stops as soon as
both players have scored, the totals are summed by category as the pieces are
chosen, and the pieces are laid end to end only when something reads
``DealScore.events`` (a replay, a narrative; a simulation never does).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, cast

from ..cards import RANKS_PER_SUIT, SUITS
from ..compiled import Pickled
from ..records.checks import DECLARATIONS, FINAL, HAND_ELDER, HAND_YOUNGER, PLAY, Checkpoint, lead, trick
from ..ruleset.model import Rules
from .combos import KINDS, POINT, Combo, good_against_the_cards, tables
from .deal import ELDER, NO_CARD, YOUNGER, Deal, Phase, follower_wins
from .derived import Reads, reading
from .notes import Note, Noted

CATEGORIES: Final[tuple[str, ...]] = ("carte_blanche", "point", "sequences", "sets", "play", "cards", "pique",
                                      "repique", "capot", "penalty")
HAND: Final = frozenset(("carte_blanche", "point", "sequences", "sets"))
MARK: Final = -1  # the "player" of a checkpoint event
#: The category of what a player holds that does not score but saves him from pique and repique (a penalty's
#: cards, Cavendish Description; a point barred by his reply, Case I): walked with the hazards, never reckoned.
SHADOW: Final = "shadow"

#: A score event ``(player, category, points, label)``; with player MARK, its label is the checkpoint it marks.
ScoreEvent = tuple[int, str, int, str | Checkpoint]

_MAX_TRICKS: Final = 18
_LEAD: Final = [f"trick:{n}:lead" for n in range(_MAX_TRICKS + 1)]
_WIN: Final = [f"trick:{n}:win" for n in range(_MAX_TRICKS + 1)]
_LAST: Final = [f"trick:{n}:last" for n in range(_MAX_TRICKS + 1)]
_MARK_LEAD: Final[list[ScoreEvent]] = [(MARK, "", 0, lead(n)) for n in range(_MAX_TRICKS + 1)]
_MARK_TRICK: Final[list[ScoreEvent]] = [(MARK, "", 0, trick(n)) for n in range(_MAX_TRICKS + 1)]
# Each mark an event of its own, not looked up by its checkpoint in a dict: a checkpoint hashes by the interpreted
# method of a frozen dataclass, four times a deal.
_MARK_HAND_ELDER: Final[ScoreEvent] = (MARK, "", 0, HAND_ELDER)
_MARK_HAND_YOUNGER: Final[ScoreEvent] = (MARK, "", 0, HAND_YOUNGER)
_MARK_DECLARATIONS: Final[ScoreEvent] = (MARK, "", 0, DECLARATIONS)


# The dataclasses made for every deal write their own ``__init__`` (``init=False``): compiled, it is native code,
# where the one ``dataclass`` would generate is Python, run by the interpreter at every call.  They pickle by their
# fields (``compiled.Pickled``), which their ``__init__`` takes in the order they are declared.


@dataclass(slots=True, init=False)
class KindResult(Pickled):
    """How one kind of declaration went: the calls, who won it and what he reckons."""

    kind: str
    calls: tuple[Combo | None, Combo | None]
    winner: int | None  # None: equal, or nobody declared
    reckoned: tuple[Combo, ...]
    score: int
    saves: int | None  # who holds a combination that wins without scoring (reckoned too late, barred by a reply)

    def __init__(self, kind: str, calls: tuple[Combo | None, Combo | None], winner: int | None,
                 reckoned: tuple[Combo, ...], score: int, saves: int | None) -> None:
        self.kind = kind
        self.calls = calls
        self.winner = winner
        self.reckoned = reckoned
        self.score = score
        self.saves = saves


@dataclass(slots=True, init=False)
class DealScore(Pickled):
    """A deal's scores by role (0 elder, 1 younger), with the events in the order they reckon."""

    totals: list[int]
    by: list[dict[str, int]]
    parts: list[Sequence[ScoreEvent]]  # the events in pieces, in the order of reckoning: ``events`` lays them out
    kinds: dict[str, KindResult]
    complete: bool
    void: bool
    forfeit: int | None
    notes: list[Note]

    def __init__(self, totals: list[int], by: list[dict[str, int]], parts: list[Sequence[ScoreEvent]],
                 kinds: dict[str, KindResult], complete: bool, void: bool = False, forfeit: int | None = None,
                 notes: list[Note] | None = None) -> None:
        self.totals = totals
        self.by = by
        self.parts = parts
        self.kinds = kinds
        self.complete = complete
        self.void = void
        self.forfeit = forfeit
        self.notes = notes if notes is not None else []

    @property
    def events(self) -> list[ScoreEvent]:
        """Every event ``(player, category, points, label)`` in the order of reckoning, checkpoints among them.

        Laid out when first read, and kept.
        """
        parts = self.parts
        if len(parts) == 1 and isinstance(parts[0], list):
            return parts[0]
        events = _end_to_end(parts)
        self.parts = [events]
        return events

    def running(self) -> list[tuple[ScoreEvent, tuple[int, int]]]:
        """Each event with both running totals after it."""
        t = [0, 0]
        out = []
        for e in self.events:
            if e[0] != MARK:
                t[e[0]] += e[2]
            out.append((e, (t[0], t[1])))
        return out

    def most(self, role: int) -> int:
        """A bound on ``role``'s running total anywhere in the deal: the sum of his categories that are positive.

        Every category's events add, but the penalty's and the point's (one
        event), which may take away: no running total passes this sum.
        """
        most = 0
        for points in self.by[role].values():  # a loop, not ``sum`` of a generator, which compiled is an object
            if points > 0:
                most += points
        return most

    def checkpoints(self) -> dict[Checkpoint, tuple[int, int]]:
        """Both running totals at each checkpoint the deal reached."""
        marks = {cast(Checkpoint, e[3]): totals for e, totals in self.running() if e[0] == MARK}
        marks[FINAL] = (self.totals[0], self.totals[1])
        return marks


def judged(deal: Deal) -> dict[str, KindResult]:
    """Every kind judged (``judge_kind``), once the calls are over.

    The table judges them to show what each reckons, and the score again at
    the end: they are judged once, kept on the deal, and judged anew where
    anything they were judged from may have changed since, which in a deal
    played by the rules is nothing (the calls are made, and the play changes
    none of what is judged).  Kept with them: the calls (the results hold
    them: the same objects, or a call changed), the hands declared from and
    the discards (which say whether an undercall was good against the cards),
    and the ruleset.  An irregularity, a penalty that leaves a player nothing
    to reckon, or a combination shown, each of which the laws of calling may
    bring at any time, are never kept.
    """
    kept = deal.judged
    if kept is not None:
        kinds, rules, seen = cast(tuple[dict[str, KindResult], object, tuple[int, int, int, int]], kept)
        if rules is deal.rules and _seen(deal) == seen and _unchanged(deal, kinds):
            return kinds
    kinds = {k: judge_kind(deal, k) for k in KINDS}
    deal.judged = (kinds, deal.rules, _seen(deal)) if _regular(deal) else None
    return kinds


def _regular(deal: Deal) -> bool:
    """Whether no irregularity, nor a penalty that leaves a player nothing to reckon, bears on the kinds: a
    judgement is kept only then, and used only while it is still so."""
    return deal.irregular is None and not deal.reckons_nothing[ELDER] and not deal.reckons_nothing[YOUNGER]


def _seen(deal: Deal) -> tuple[int, int, int, int]:
    """The hands declared from and the discards, which the kinds are judged from (whether an undercall was good
    against the cards)."""
    hands, discards = deal.declared_hands, deal.discards
    return hands[ELDER], hands[YOUNGER], discards[ELDER], discards[YOUNGER]


def _unchanged(deal: Deal, kinds: dict[str, KindResult]) -> bool:
    """Whether nothing the kinds were judged from has changed but the hands and the ruleset (``judged``)."""
    if not _regular(deal):
        return False
    for kind, result in kinds.items():
        calls, shown = deal.calls[kind], deal.shown[kind]
        if (result.calls[ELDER] is not calls[ELDER] or result.calls[YOUNGER] is not calls[YOUNGER]
                or shown[ELDER] is not None or shown[YOUNGER] is not None):
            return False
    return True


def judge_kind(deal: Deal, kind: str) -> KindResult:
    """Who wins one kind: the better call, unless a combination shown, or a penalty, bars it."""
    calls = deal.calls[kind]
    pair = calls[ELDER], calls[YOUNGER]
    bars = _bars(deal, kind, calls)
    if bars[ELDER] == bars[YOUNGER] and (bars[ELDER] < 0 or deal.reads.neither_reckons):
        return KindResult(kind, pair, None, (), 0, None)
    w = ELDER if bars[ELDER] >= bars[YOUNGER] else YOUNGER  # equal: the elder's prerogative
    call = pair[w]
    if call is None or call.key < bars[1 - w]:  # he wins only with what may not score: it saves him
        irregular = deal.irregular
        saves = w if irregular is not None and irregular.omitted[kind][w] is not None else None
        return KindResult(kind, pair, None, (), 0, saves)
    reckoned = _reckoned(deal, kind, w, call)
    score = 0
    for c in reckoned:
        score += c.score
    return KindResult(kind, pair, w, reckoned, score, None)


def _bars(deal: Deal, kind: str, calls: list[Combo | None]) -> list[int]:
    """By role, the key each player's hand opposes in one kind (-1: nothing): his call (of ``calls``, the deal's of
    the kind), or better shown or omitted, unless a penalty leaves him nothing."""
    # The deal's state is read before the rules that apply to it: a rule is a generic attribute of an interpreted
    # dataclass, and most deals have nothing shown and nobody reckoning nothing.
    rules = deal.rules
    bars = [-1 if c is None else c.key for c in calls]
    shown = deal.shown[kind]
    if (shown[ELDER] is not None or shown[YOUNGER] is not None) and rules.declarations.shown_bars:
        for p, key in enumerate(shown):  # a better combination shown still bars the opponent
            if key is not None and key > bars[p]:
                bars[p] = key
    penalised = deal.reckons_nothing
    if (penalised[ELDER] or penalised[YOUNGER]) and not rules.penalties.reckons_nothing_bars:
        for p, nothing in enumerate(penalised):
            if nothing:
                bars[p] = -1
    irregular = deal.irregular
    if irregular is not None:  # a call reckoned too late, or barred by a reply, may still bar; a forfeited hand not
        for p, key in enumerate(irregular.omitted[kind]):
            if key is not None and key > bars[p]:
                bars[p] = key
        for p, void in enumerate(irregular.hand_void):
            if void:
                bars[p] = -1
    return bars


def _reckoned(deal: Deal, kind: str, w: int, call: Combo) -> tuple[Combo, ...]:
    """What the winner of a kind reckons: his call, or every combination of the kind he holds where the ruleset
    says so, as far as a lesser call binds him."""
    got = deal.reads
    if kind == POINT or not got.all_of_kind:
        return (call,)
    held = deal.holding(kind, w)
    if not got.reckon_all and held and call.key < held[0].key and _bound_by_call(deal, kind, w, call):
        held = [c for c in held if c.key <= call.key]
        if call not in held:  # a lesser call that stands (engine/irregular.py): what it names, and what is lower
            held = [call] + [c for c in held if c.key < call.key]
    return tuple(held)


def _bound_by_call(deal: Deal, kind: str, w: int, call: Combo) -> bool:
    """Whether the winner, having called less than his best, may reckon only what is equal to his call or lower.

    Under the club laws only the elder is bound, and not when his call was good
    against the cards (Law 49; the Description: 'The younger hand is not bound').
    """
    if deal.reads.equal_or_inferior:
        return True
    seen = deal.declared_hands[ELDER] | deal.discards[ELDER]
    return w == ELDER and not good_against_the_cards(deal.tables, kind, call.key, seen)


def _hand_events(deal: Deal, kinds: dict[str, KindResult], players: tuple[int, ...],
                 blanches: tuple[int, ...]) -> list[ScoreEvent]:
    """What the players reckon in hand, category by category (the carte blanche of each of ``blanches``, then each
    kind in the calling order).

    For both players at once this is Law 67's order, where the younger's
    good point reckons before the elder's sequences.
    """
    rules = deal.rules
    out: list[ScoreEvent] = []
    blanche = deal.blanche
    if blanche[ELDER] or blanche[YOUNGER]:
        for p in blanches:
            if blanche[p] and not (deal.irregular is not None and deal.irregular.hand_void[p]):
                out.append((p, "carte_blanche", rules.carte_blanche.score, "carte_blanche"))
    for kind in deal.order:
        res = kinds[kind]
        w = res.winner
        if w is None:
            if res.saves is not None and res.saves in players:
                out.append((res.saves, SHADOW, 1, kind))
        elif w in players:  # one event a combination, as he reckons them aloud ("fourteen, and three queens, seventeen")
            for c in res.reckoned:  # appended, not a list made and added: compiled, one list fewer
                if c.score:
                    out.append((w, kind, c.score, kind))
    return out


@dataclass(frozen=True, slots=True)
class _Trick(Pickled):
    """What one trick adds to the layout: its events around the lead's checkpoint, and the points it gives.

    A dataclass, not a named tuple: compiled, its fields are read as a struct's, not looked up by name.
    """

    before: tuple[ScoreEvent, ...]  # the lead's points, then the lead's checkpoint
    after: tuple[ScoreEvent, ...]  # the winner's points, the last trick's, then the trick's checkpoint
    events: tuple[ScoreEvent, ...]  # before + after
    points: int  # elder's + younger's << _PACK: one addition a trick sums both


_CARD_BITS: Final = (SUITS * RANKS_PER_SUIT - 1).bit_length()  # a card index fits in six bits
_PACK: Final = 20  # two players' play points in one int: a deal's play is far below 2 ** 20
# A trick's shape, as bits: the lead scores, the follower wins, the winning card scores, it is the last trick,
# the card that takes the trick (led or played) is one that scores (the last trick's bonus depends on it), the
# lead would score as the first trick's (play.first_lead_ranks; trick 1 reads this bit, the others the first).
_LEAD_SCORES: Final = 1
_FOLLOWER_WINS: Final = 2
_WIN_SCORES: Final = 4
_LAST_TRICK: Final = 8
_TAKER_COUNTS: Final = 16
_FIRST_LEAD_SCORES: Final = 32
_SHAPES: Final = 64
_LEADS: Final = _LEAD_SCORES | _FIRST_LEAD_SCORES


@dataclass(frozen=True, slots=True)
class _PlayTable(Pickled):
    """Every trick a ruleset can see, laid out once: ``tricks[n][leader][shape]``, ``shape`` from ``shapes``."""

    shapes: tuple[int, ...]  # [lead << _CARD_BITS | follow] -> the shape, less the last trick's bit
    tricks: tuple[tuple[tuple[_Trick, ...], ...], ...]


@reading("deck", "point", "sequences", "sets", "carte_blanche", "play")
def _play_table(rules: Rules) -> _PlayTable:
    play = rules.play
    tab = tables(rules)
    counting, winning, first = tab.counting_cards, tab.winning_cards, tab.first_lead_cards
    shapes = [0] * (1 << 2 * _CARD_BITS)
    for lead in range(SUITS * RANKS_PER_SUIT):
        for follow in (*range(SUITS * RANKS_PER_SUIT), NO_CARD):
            wins = follower_wins(lead, follow)
            taker_counts = winning >> follow & 1 if wins else counting >> lead & 1
            shapes[lead << _CARD_BITS | follow] = ((_LEAD_SCORES if play.lead and counting >> lead & 1 else 0)
                                          | (_FIRST_LEAD_SCORES if play.lead and first >> lead & 1 else 0)
                                          | (_FOLLOWER_WINS if wins else 0)
                                          | (_WIN_SCORES if wins and play.win_opponent_lead and winning >> follow & 1
                                             else 0)
                                          | (_TAKER_COUNTS if taker_counts else 0))

    def trick(n: int, leader: int, shape: int) -> _Trick:
        winner = 1 - leader if shape & _FOLLOWER_WINS else leader
        points = [0, 0]
        before: list[ScoreEvent] = []
        after: list[ScoreEvent] = []
        last = play.last_trick_bonus if shape & _TAKER_COUNTS else play.last_trick_low_bonus
        for bit, who, pts, label, side in ((_FIRST_LEAD_SCORES if n == 1 else _LEAD_SCORES, leader, play.lead, _LEAD[n],
                                            before),
                                           (_WIN_SCORES, winner, play.win_opponent_lead, _WIN[n], after),
                                           (_LAST_TRICK, winner, last, _LAST[n], after)):
            if shape & bit and pts:
                side.append((who, "play", pts, label))
                points[who] += pts
        before.append(_MARK_LEAD[n])
        after.append(_MARK_TRICK[n])
        return _Trick(tuple(before), tuple(after), tuple(before + after), points[ELDER] + (points[YOUNGER] << _PACK))

    return _PlayTable(tuple(shapes), tuple(tuple(tuple(trick(n, leader, shape) for shape in range(_SHAPES))
                                                 for leader in (ELDER, YOUNGER)) for n in range(_MAX_TRICKS + 1)))


def _parts(deal: Deal, kinds: dict[str, KindResult]) -> tuple[list[Sequence[ScoreEvent]], list[dict[str, int]],
                                                               list[int]]:
    """The deal's events so far in the ruleset's order of reckoning, with checkpoints, in pieces; their sums by
    category, and in all.

    By category (Cavendish Law 67) both hands reckon before the play; in the
    chronological order the younger reckons his calls after the elder's first
    lead, but a carte blanche reckons when it is announced, which is before
    either player has discarded or the younger has taken in
    (``carte_blanche.announce``): before anything the elder scores ("juste
    avant de faire son écart", seed 000), so either's blanche comes first.
    A trick's piece is its entry in the ruleset's table, and its points are
    summed from the same entry, so that scoring never walks the play's events.
    """
    rules = deal.rules
    chronological = deal.reads.chronological
    table = _play_table(rules)
    shapes, tricks = table.shapes, table.tricks
    play = 0  # both players' play points, packed as in _Trick
    if deal.phase < Phase.PLAY:
        out, young, others = [], [], []
    elif chronological:
        out, young = _hand_events(deal, kinds, _ELDER, _BOTH), _hand_events(deal, kinds, _YOUNGER, ())
        others = out + young  # the hand's and the cards' events, summed at the end
    else:
        out, young = _hand_events(deal, kinds, _BOTH, _BOTH), []
        others = out[:]
    if deal.irregular is not None:
        others = [e for e in others if e[1] is not SHADOW]
    # appended one by one, here and below: compiled, ``+=`` of a tuple is a generic concatenation, some hundred and
    # fifty instructions more a time
    out.append(_MARK_HAND_ELDER)
    young.append(_MARK_HAND_YOUNGER)
    young.append(_MARK_DECLARATIONS)
    parts: list[Sequence[ScoreEvent]] = [out]
    if not chronological:
        parts.append(young)
    played = deal.tricks
    last = len(played) if deal.over else 0
    n = 0
    for leader, lead, follow in played:
        n += 1
        t = tricks[n][leader][shapes[lead << _CARD_BITS | follow] | (_LAST_TRICK if n == last else 0)]
        if chronological and n == 1:
            parts.append(t.before)
            parts.append(young)
            parts.append(t.after)
        else:
            parts.append(t.events)
        play += t.points
    if deal.lead_card is not None:  # a lead not yet followed scores at once
        t = tricks[n + 1][1 - deal.player][shapes[deal.lead_card << _CARD_BITS] & _LEADS]
        parts.append(t.before)
        play += t.points
        if chronological and n == 0:
            parts.append(young)
    if deal.over and not deal.void:
        conceded, cards = _conceded(deal)
        if not cards:
            cards = _cards_events(deal)
        parts.append(_PLAY_MARK)
        parts.append(cards)
        for e in cards:
            if e[1] != "play":
                others.append(e)
        play += conceded
    by, totals = _sums(others)
    elder_play, younger_play = play & (1 << _PACK) - 1, play >> _PACK
    by[ELDER]["play"], by[YOUNGER]["play"] = elder_play, younger_play
    totals[ELDER], totals[YOUNGER] = totals[ELDER] + elder_play, totals[YOUNGER] + younger_play
    return parts, by, totals


def _end_to_end(parts: list[Sequence[ScoreEvent]]) -> list[ScoreEvent]:
    events: list[ScoreEvent] = []
    for part in parts:
        events += part
    return events


_NOTHING: Final = dict.fromkeys(CATEGORIES, 0)
_ELDER: Final[tuple[int, ...]] = (ELDER,)
_YOUNGER: Final[tuple[int, ...]] = (YOUNGER,)
_BOTH: Final[tuple[int, ...]] = (ELDER, YOUNGER)
_PLAY_MARK: Final[tuple[ScoreEvent, ...]] = ((MARK, "", 0, PLAY),)


def _sums(events: list[ScoreEvent]) -> tuple[list[dict[str, int]], list[int]]:
    """The events' points by player and category, and by player in all.

    Each total is summed with the categories, and kept with them as they change, not summed again from them at
    the end: compiled, a dictionary's values are walked one generic step at a time (some hundred instructions
    an entry), and ``sum`` of them is no faster.
    """
    by = [dict(_NOTHING), dict(_NOTHING)]
    totals = [0, 0]
    for p, cat, pts, _ in events:
        if p != MARK:
            sums = by[p]
            sums[cat] = sums[cat] + pts  # not ``+=``, which compiled is a generic operation on an item
            totals[p] = totals[p] + pts
    return by, totals


def _conceded(deal: Deal) -> tuple[int, list[ScoreEvent]]:
    """A hand thrown down: the adversary counts every trick still to play and the last, and the cards, but no
    capot, which he would have to play for (Cavendish, Description: 'tells his adversary to count every trick
    (thirteen), and the cards (ten)').  The play points packed as in ``_Trick``, and the events."""
    if deal.irregular is None or deal.irregular.thrown_down is None:
        return 0, []
    w = 1 - deal.irregular.thrown_down
    rules = deal.rules
    tricks = min(max(deal.hands[ELDER].bit_count(), deal.hands[YOUNGER].bit_count()),
                 deal.last_trick - len(deal.tricks))
    points = tricks * rules.play.lead + rules.play.last_trick_bonus
    events: list[ScoreEvent] = [(w, "play", points, "play")]
    if rules.cards.majority:
        events.append((w, "cards", rules.cards.majority, "cards"))
    return points << (_PACK if w == YOUNGER else 0), events


def _cards_events(deal: Deal) -> list[ScoreEvent]:
    c = deal.rules.cards
    won = deal.won
    if won[ELDER] == won[YOUNGER]:
        return [(p, "cards", c.divided, "cards") for p in (ELDER, YOUNGER) if c.divided]
    w = ELDER if won[ELDER] > won[YOUNGER] else YOUNGER
    if won[1 - w] == 0:
        return [(w, "capot", c.capot, "capot")] if c.capot else []
    return [(w, "cards", c.majority, "cards")] if c.majority else []


def _blanches_that_save(deal: Deal) -> list[int]:
    """A start for the running totals: one for a player whose carte blanche, barred by the other's, still saves him.

    A score of one before anything is reckoned is what stops the opponent's
    pique and repique; it is never added to the deal's totals.
    """
    cb = deal.rules.carte_blanche
    lost = deal.irregular.blanche_lost if deal.irregular is not None else [False, False]
    return [int(cb.bars_hazards and cb.who == "either" and deal.blanche_dealt[p] and not deal.blanche[p]
                and not lost[p]) for p in (ELDER, YOUNGER)]


def _hazards(got: Reads, parts: list[Sequence[ScoreEvent]], running: list[int],
             by: list[dict[str, int]]) -> list[tuple[int, int, ScoreEvent]]:
    """Pique and repique, walking the events in order while one player has still scored nothing.

    Each is added to ``by`` and returned with where it goes: (piece, place in
    the piece after the event that reached it, the event).  Once both players
    have scored, neither can pique or repique, and the walk stops.
    """
    hazard = [0, 0]
    repiqued = [False, False]
    piqued = [False, False]
    any_play = got.pique_by_play
    blanche_counts = got.blanche_counts
    counts_the_cards = got.pique_counts_the_cards
    found: list[tuple[int, int, ScoreEvent]] = []
    for i, part in enumerate(parts):
        place = 0
        for p, cat, pts, label in part:
            place += 1
            if p == MARK:
                continue
            running[p] = running[p] + pts  # not ``+=``, which compiled is a generic operation on an item
            if running[1 - p]:  # he can no longer pique or repique: his points need not count towards it
                if running[p]:
                    return found
                continue
            if cat is SHADOW:  # saves him, but reckons nothing
                continue
            if (cat != "carte_blanche" or blanche_counts) and (cat not in ("cards", "capot") or counts_the_cards):
                hazard[p] = hazard[p] + pts
            if cat in HAND:
                if not repiqued[p] and hazard[p] >= got.repique_threshold:
                    repiqued[p] = True
                    bonus = got.repique_bonus
                    running[p] += bonus
                    by[p]["repique"] += bonus
                    found.append((i, place, (p, "repique", bonus, "repique")))
            elif (not piqued[p] and hazard[p] >= got.pique_threshold and (got.pique_by_either or p == ELDER)
                  and (not repiqued[p] or got.pique_with_repique) and (cat == "play" or counts_the_cards)
                  and (any_play or label == _LEAD[1])):
                piqued[p] = True
                bonus = got.pique_bonus
                running[p] += bonus
                by[p]["pique"] += bonus
                found.append((i, place, (p, "pique", bonus, "pique")))
    return found


def score_deal(deal: Deal) -> DealScore:
    """Score a deal, finished or not, and find its pique and repique.

    The hazards are looked for only while one player has scored nothing:
    once both have scored, neither can pique or repique.
    """
    rules = deal.rules
    if deal.void:
        return DealScore([0, 0], [dict.fromkeys(CATEGORIES, 0), dict.fromkeys(CATEGORIES, 0)], [], {}, True, True,
                         notes=[deal.void_reason] if deal.void_reason else [])
    kinds = judged(deal) if deal.phase >= Phase.PLAY else {}
    nothing = deal.reckons_nothing
    parts, by, totals = _parts(deal, kinds)
    kept: list[Note] = []
    shadowed = deal.irregular is not None
    if nothing[ELDER] or nothing[YOUNGER]:
        # What he reckoned before the fault stands: the carte blanche "accrues before the play of the hand
        # commences, and before any cards are taken in" (Cavendish, Case XXI), and every fault that makes a player
        # reckon nothing falls at the exchange or later.
        layout = _end_to_end(parts)
        if rules.penalties.reckons_nothing_bars:  # his cards, not good to score, still save him (the Description)
            layout = [e if e[0] == MARK or not nothing[e[0]] or e[1] == "carte_blanche"
                      else (e[0], SHADOW, e[2], e[3]) for e in layout]
            shadowed = True
        else:
            layout = [e for e in layout if e[0] == MARK or not nothing[e[0]] or e[1] == "carte_blanche"]
        by, totals = _sums([e for e in layout if e[1] is not SHADOW])
        parts = [layout]
        kept = [Note(Noted.BLANCHE_KEPT, role=p) for p in (ELDER, YOUNGER) if nothing[p] and by[p]["carte_blanche"]]
    running = [0, 0]
    if deal.blanche[ELDER] != deal.blanche_dealt[ELDER] or deal.blanche[YOUNGER] != deal.blanche_dealt[YOUNGER]:
        running = _blanches_that_save(deal)
    for i, place, e in reversed(_hazards(deal.reads, parts, running, by)):
        part = parts[i]
        parts[i] = [*part[:place], e, *part[place:]]
        totals[e[0]] = totals[e[0]] + e[2]  # the bonus, which ``_hazards`` has added to his categories
    if shadowed:
        parts = [[e for e in _end_to_end(parts) if e[1] is not SHADOW]]
    coups = deal.grand_coup
    if coups[ELDER] or coups[YOUNGER]:
        for p in (ELDER, YOUNGER):
            if coups[p]:
                points = -rules.penalties.grand_coup_points
                by[p]["penalty"] += points
                totals[p] += points
                parts.append(((p, "penalty", points, "penalty"),))
    return DealScore(totals, by, parts, kinds, deal.over, False, deal.forfeit, deal.notes + kept)
