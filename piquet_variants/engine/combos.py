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

from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from ..cards import RANKS_PER_SUIT, SUITS
from ..ruleset.model import Rules

POINT, SEQUENCES, SETS = "point", "sequences", "sets"
KINDS = (POINT, SEQUENCES, SETS)

_SUIT_BITS = 1 << RANKS_PER_SUIT
_RANK_SPREAD = sum(1 << (s * RANKS_PER_SUIT) for s in range(SUITS))


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
class Tables:
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
    blanche_excludes: int  # cards whose presence spoils a carte blanche
    counting_cards: int  # cards that score for leading and winning in play


_TABLES: dict[int, tuple[Rules, Tables]] = {}


def tables(rules: Rules) -> Tables:
    """The tables of a ruleset, built once.

    Keyed by identity: hashing a whole frozen ruleset on every lookup would
    cost more than the lookups save.
    """
    hit = _TABLES.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    tab = _build_tables(rules)
    _TABLES[id(rules)] = (rules, tab)
    return tab


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


def _build_tables(rules: Rules) -> Tables:
    ranks = sorted(rules.deck.ranks)
    values = rules.point.card_values
    value_compare = rules.point.compare == "value"
    seq_scores = rules.sequences.scores
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
                Combo(length * 16 + RANKS_PER_SUIT - top, length * 16 + RANKS_PER_SUIT - top, SEQUENCES,
                      seq_scores[length], ((1 << length) - 1) << (shift + top), length, top, 0, s)
                for length, top in _runs(ranks, m, rules.sequences.min_length)))
        point.append(tuple(suit_points))
        runs.append(tuple(suit_runs))
    st = rules.sets
    sets = {}
    for r in ranks:
        if r > st.lowest_rank:
            continue
        all_four = [1 << (s * RANKS_PER_SUIT + r) for s in range(SUITS)]
        for n in (3, 4):
            for chosen in combinations(all_four, n):
                key = n * 16 + RANKS_PER_SUIT - r
                sets[sum(chosen)] = Combo(key, key, SETS, st.quatorze if n == 4 else st.trio, sum(chosen), n, r, 0, -1)
    excluded = 0
    for r in rules.carte_blanche.excludes:
        excluded |= _RANK_SPREAD << r
    counting = 0
    for r in rules.play.counting_ranks:
        counting |= _RANK_SPREAD << r
    return Tables(tuple(point), tuple(runs), sets, sum(1 << r for r in ranks if r <= st.lowest_rank), excluded,
                  counting)


def _suits(hand: int) -> tuple[int, int, int, int]:
    """The hand as four 9-bit suit masks."""
    return (hand & 511, hand >> 9 & 511, hand >> 18 & 511, hand >> 27 & 511)


def point_combos(rules: Rules, hand: int) -> list[Combo]:
    """Each non-empty suit as a possible point call, best first (the longest, then the highest)."""
    p0, p1, p2, p3 = tables(rules).point
    out = [c for c in (p0[hand & 511], p1[hand >> 9 & 511], p2[hand >> 18 & 511], p3[hand >> 27 & 511]) if c]
    out.sort(reverse=True)
    return out


def _point_score(rules: Rules, suit_bits: int, length: int, value: int) -> int:
    p = rules.point
    top3 = sorted(rules.deck.ranks)[:3]
    if p.tierce_majeure_score is not None and suit_bits == sum(1 << r for r in top3):
        return p.tierce_majeure_score
    score = length * p.score_per_card
    if value % 10 == 4:
        score += p.ending_in_four_adjust
    return score


def sequence_combos(rules: Rules, hand: int) -> list[Combo]:
    r0, r1, r2, r3 = tables(rules).runs
    out = [*r0[hand & 511], *r1[hand >> 9 & 511], *r2[hand >> 18 & 511], *r3[hand >> 27 & 511]]
    if len(out) > 1:
        out.sort(reverse=True)
    return out


def set_combos(rules: Rules, hand: int) -> list[Combo]:
    """Trios and quatorzes, found with bitwise majority over the four suits rather than a count per rank."""
    s0, s1, s2, s3 = _suits(hand)
    tab = tables(rules)
    at_least_3 = ((s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))) & tab.set_rank_mask
    out = []
    while at_least_3:
        low = at_least_3 & -at_least_3
        at_least_3 ^= low
        out.append(tab.sets[hand & (_RANK_SPREAD << (low.bit_length() - 1))])
    if len(out) > 1:
        out.sort(reverse=True)
    return out


COMBOS = {POINT: point_combos, SEQUENCES: sequence_combos, SETS: set_combos}


def combos(rules: Rules, kind: str, hand: int) -> list[Combo]:
    """The combinations of one kind a hand holds, best first."""
    return COMBOS[kind](rules, hand)


def is_carte_blanche(rules: Rules, hand: int) -> bool:
    return rules.carte_blanche.enabled and not hand & tables(rules).blanche_excludes
