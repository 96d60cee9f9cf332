"""A hand's combinations (point, sequences, sets), read from bitmasks by table lookup.

Everything a ruleset decides about combinations (card values, the shortest
sequence, the lowest rank of a set, how each kind compares) is folded into
per-suit tables once per ruleset, so analysing a hand is a dozen lookups and
never looks at a card object.

Each combination has an integer *key*: within one kind, a higher key beats a
lower one and equal keys are "equal".  Calls, bars and comparisons all work
on keys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Final, NamedTuple

from ..cards import RANKS_PER_SUIT, SUITS
from ..compiled import Pickled
from ..ruleset.model import Rules
from .derived import reading

POINT: Final = "point"
SEQUENCES: Final = "sequences"
SETS: Final = "sets"
KINDS: Final[tuple[str, ...]] = (POINT, SEQUENCES, SETS)

_SUIT_BITS: Final = 1 << RANKS_PER_SUIT
_SUIT_MASK: Final = _SUIT_BITS - 1
_RANK_SPREAD: Final = sum(1 << (s * RANKS_PER_SUIT) for s in range(SUITS))


class Combo(NamedTuple):
    """One combination a player holds.

    A named tuple rather than a dataclass: hands are analysed in the engine's
    hot loop, and tuples are cheap to make and sort (``order`` first: best
    first; ``key`` is what the ruleset compares).
    """

    order: int
    key: int
    kind: str
    score: int
    cards: int  # bitmask
    length: int
    top: int  # rank index of the top card (point: -1)
    value: int  # the point's total (others: 0)
    suit: int  # -1 for sets


@dataclass(frozen=True, slots=True)
class Tables(Pickled):
    """Every combination a ruleset recognises, built once, looked up by bitmask.

    The point and sequences of a suit depend only on that suit's 9-bit mask,
    and a trio or quatorze only on which cards of one rank are held, so each
    possible ``Combo`` is made once here and a hand's analysis allocates
    nothing but the list it returns.
    """

    point: tuple[tuple[Combo | None, ...], ...]  # [suit][suit mask]
    runs: tuple[tuple[tuple[Combo, ...], ...], ...]  # [suit][suit mask]: each scoring run
    sets: dict[int, Combo]  # cards of one rank held (3 or 4 of them) -> the trio or quatorze
    set_rank_mask: int  # 9-bit mask of the ranks that make trios and quatorzes
    blanche_spoilers: int  # cards whose presence spoils a carte blanche (every card, where the ruleset has none)
    counting_cards: int  # cards that score when led
    winning_cards: int  # cards that score when they win the opponent's lead
    first_lead_cards: int  # cards that score when led to the first trick
    pack: int  # every card of the pack


# How each kind's combinations compare, by the ruleset's name for it: a key function, higher beats lower.
_SEQUENCE_KEYS: Final[dict[str, Callable[[int, int], int]]] = {
    "length_then_top": lambda length, top: length * 16 + RANKS_PER_SUIT - top,
}
_SET_KEYS: Final[dict[str, Callable[[int, int], int]]] = {
    "quatorze_then_rank": lambda count, rank: count * 16 + RANKS_PER_SUIT - rank,
}


def _runs(ranks: list[int], m: int, min_length: int) -> list[tuple[int, int]]:
    """(length, top rank) of each maximal run of held ranks at least ``min_length`` long."""
    found, i = [], 0
    while i < len(ranks):
        if m >> ranks[i] & 1:
            start = i
            while i < len(ranks) and m >> ranks[i] & 1:
                i += 1
            if i - start >= min_length:
                found.append((i - start, ranks[start]))
        else:
            i += 1
    return found


@reading("deck", "point", "sequences", "sets", "carte_blanche", "play")
def tables(rules: Rules) -> Tables:
    """The tables of a ruleset, built once."""
    ranks = sorted(rules.deck.ranks)
    values = rules.point.card_values
    value_compare = rules.point.compare == "value"
    seq_scores = rules.sequences.scores
    seq_key = _SEQUENCE_KEYS[rules.sequences.compare]
    point: list[tuple[Combo | None, ...]] = []
    runs: list[tuple[tuple[Combo, ...], ...]] = []
    for s in range(SUITS):
        shift = s * RANKS_PER_SUIT
        suit_points: list[Combo | None] = []
        suit_runs: list[tuple[Combo, ...]] = []
        for m in range(_SUIT_BITS):
            held = [r for r in ranks if m >> r & 1]
            n, v = len(held), sum(values[r] for r in held)
            suit_points.append(Combo(n * 1024 + v, v if value_compare else n * 1024 + v, POINT,
                                     _point_score(rules, m, n, v), m << shift, n, -1, v, s) if n else None)
            suit_runs.append(tuple(
                Combo(seq_key(length, top), seq_key(length, top), SEQUENCES,
                      seq_scores[length], ((1 << length) - 1) << (shift + top), length, top, 0, s)
                for length, top in _runs(ranks, m, rules.sequences.min_length)))
        point.append(tuple(suit_points))
        runs.append(tuple(suit_runs))
    st = rules.sets
    set_key = _SET_KEYS[st.compare]
    sets = {}
    for r in ranks:
        if r > st.lowest_rank:
            continue
        all_four = [1 << (s * RANKS_PER_SUIT + r) for s in range(SUITS)]
        for n in (3, 4):
            for chosen in combinations(all_four, n):
                key = set_key(n, r)
                sets[sum(chosen)] = Combo(key, key, SETS, st.quatorze if n == 4 else st.trio, sum(chosen), n, r, 0, -1)
    excluded = 0
    for r in rules.carte_blanche.excludes if rules.carte_blanche.enabled else range(RANKS_PER_SUIT):
        excluded |= _RANK_SPREAD << r
    play = rules.play
    first_lead = play.counting_ranks if play.first_lead_ranks is None else play.first_lead_ranks
    counting, winning, first = (sum(_RANK_SPREAD << r for r in held)
                                for held in (play.counting_ranks, play.winning_ranks, first_lead))
    return Tables(tuple(point), tuple(runs), sets, sum(1 << r for r in ranks if r <= st.lowest_rank), excluded,
                  counting, winning, first, sum(_RANK_SPREAD << r for r in ranks))


def _point_score(rules: Rules, suit_bits: int, length: int, value: int) -> int:
    """What a good point reckons: per card, or by steps of its value (the 1651 ruffe: 35 reckons 4, 34 reckons 3)."""
    p = rules.point
    top3 = sorted(rules.deck.ranks)[:3]
    if p.tierce_majeure_score is not None and suit_bits == sum(1 << r for r in top3):
        return p.tierce_majeure_score
    if p.reckoned == "by_value":
        steps, rest = divmod(value, p.value_step)
        score = steps + (rest >= p.value_rounds_up_at)
    else:
        score = length * p.score_per_card
    if value % 10 == 4:
        score += p.ending_in_four_adjust
    return score


def holdings(tab: Tables, hand: int) -> tuple[list[Combo], list[Combo], list[Combo]]:
    """Every combination of each kind the hand holds (in ``KINDS`` order), best first within a kind.

    One pass over the hand's four suit masks serves all three kinds: the point
    and the runs of a suit are table entries, and trios and quatorzes are
    found by bitwise majority over the suits rather than a count per rank.
    """
    point: list[Combo] = []
    runs: list[Combo] = []
    points, suit_runs = tab.point, tab.runs
    for s in range(SUITS):
        m = hand >> s * RANKS_PER_SUIT & _SUIT_MASK
        if m:
            combo = points[s][m]
            if combo is not None:
                _insert(point, combo)
            for combo in suit_runs[s][m]:
                _insert(runs, combo)
    sets: list[Combo] = []
    s0, s1, s2, s3 = hand & _SUIT_MASK, hand >> 9 & _SUIT_MASK, hand >> 18 & _SUIT_MASK, hand >> 27 & _SUIT_MASK
    at_least_3 = ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))) & tab.set_rank_mask
    while at_least_3:
        low = at_least_3 & -at_least_3
        at_least_3 ^= low
        _insert(sets, tab.sets[hand & (_RANK_SPREAD << (low.bit_length() - 1))])
    return point, runs, sets


def _insert(best_first: list[Combo], combo: Combo) -> None:
    """Put ``combo`` in its place in a list kept best first, after any equal to it (as a stable sort would).

    A hand holds a few combinations of a kind, and this is a few comparisons, where a sort is a generic method
    call with a keyword (compiled).  Combinations are compared by their ``order`` first, a native integer, and
    whole (as tuples, generically) only where the orders are equal.
    """
    i = len(best_first)
    best_first.append(combo)
    order = combo.order
    while i:
        before = best_first[i - 1]
        if before.order > order or (before.order == order and not before < combo):
            break
        best_first[i] = before
        i -= 1
    best_first[i] = combo


def claim(rules: Rules, kind: str, held: list[Combo], length: int | None = None, top: int | None = None,
          value: int | None = None) -> Combo:
    """The combination a call describes: the first held that fits it, or else the one claimed, which is not held.

    A point is described by its length, its value or both; a sequence by its
    length and top card; a trio or quatorze by its count (``length``) and rank
    (``top``).  A combination claimed but not held has the key the ruleset
    compares, so that it can be judged good or not good, and no cards.
    """
    for c in held:
        if (length is None or c.length == length) and (top is None or c.top == top) \
                and (value is None or c.value == value):
            return c
    n, t, v = length or 0, -1 if top is None else top, value or 0
    if kind == POINT:
        key = v if rules.point.compare == "value" else n * 1024 + v
        return Combo(n * 1024 + v, key, POINT, _point_score(rules, 0, n, v), 0, n, -1, v, -1)
    if kind == SEQUENCES:
        key = _SEQUENCE_KEYS[rules.sequences.compare](n, t)
        scores = rules.sequences.scores
        return Combo(key, key, SEQUENCES, scores[n] if n < len(scores) else 0, 0, n, t, 0, -1)
    key = _SET_KEYS[rules.sets.compare](n, t)
    return Combo(key, key, SETS, rules.sets.quatorze if n == 4 else rules.sets.trio, 0, n, t, 0, -1)


def covered(kind: str, call: Combo, held: list[Combo]) -> bool:
    """Whether a call claims no more than is held: a point no better than one held, a sequence within a run held,
    a trio or quatorze of a rank held as many times or more.  A call not covered claims what is not held."""
    if kind == POINT:
        return any(c.key >= call.key for c in held)
    if kind == SEQUENCES:
        return any(c.top <= call.top and call.top + call.length <= c.top + c.length for c in held)
    return any(c.top == call.top and c.length >= call.length for c in held)


def good_against_the_cards(tab: Tables, kind: str, key: int, seen: int) -> bool:
    """Whether a call of ``key`` beats anything of its kind the opponent could hold in hand and discard together.

    He can hold only cards the caller has not seen (``seen``: the caller's
    hand and discard), so the call is good against the cards when nothing of
    its kind made of the rest of the pack is as good (Cavendish Laws 48-49).
    """
    rest = holdings(tab, tab.pack & ~seen)[KINDS.index(kind)]
    return not rest or key > rest[0].key
