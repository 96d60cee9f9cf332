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
from functools import lru_cache

from ..cards import RANKS_PER_SUIT, SUIT_MASKS, SUITS
from ..ruleset.model import Rules

POINT, SEQUENCES, SETS = "point", "sequences", "sets"
KINDS = (POINT, SEQUENCES, SETS)

_SUIT_BITS = 1 << RANKS_PER_SUIT
_RANK_SPREAD = sum(1 << (s * RANKS_PER_SUIT) for s in range(SUITS))


@dataclass(frozen=True, slots=True)
class Combo:
    """One combination a player holds: its kind, comparison key, score, and cards."""

    kind: str
    key: int
    score: int
    cards: int  # bitmask
    length: int
    top: int  # rank index of the top card (point: -1)
    value: int  # the point's total (others: 0)
    suit: int  # -1 for sets


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-suit lookups for one ruleset."""

    point_len: tuple[int, ...]
    point_value: tuple[int, ...]
    runs: tuple[tuple[tuple[int, int], ...], ...]  # per suit mask: (length, top) of each scoring run
    set_ranks: tuple[int, ...]
    value_compare: bool
    blanche_excludes: int  # cards whose presence spoils a carte blanche


@lru_cache(maxsize=64)
def tables(rules: Rules) -> Tables:
    ranks = rules.deck.ranks
    values = rules.point.card_values
    point_len, point_value, runs = [], [], []
    for m in range(_SUIT_BITS):
        present = [r for r in ranks if m >> r & 1]
        point_len.append(len(present))
        point_value.append(sum(values[r] for r in present))
        found, r = [], 0
        order = sorted(ranks)
        while r < len(order):
            if m >> order[r] & 1:
                start = r
                while r < len(order) and m >> order[r] & 1:
                    r += 1
                if r - start >= rules.sequences.min_length:
                    found.append((r - start, order[start]))
            else:
                r += 1
        runs.append(tuple(found))
    excluded = 0
    for r in rules.carte_blanche.excludes:
        excluded |= _RANK_SPREAD << r
    return Tables(tuple(point_len), tuple(point_value), tuple(runs),
                  tuple(r for r in ranks if r <= rules.sets.lowest_rank), rules.point.compare == "value", excluded)


def point_key(tab: Tables, length: int, value: int) -> int:
    return value if tab.value_compare else length * 1024 + value


def point_combos(rules: Rules, hand: int) -> list[Combo]:
    """Each non-empty suit as a possible point call, best first (the longest, then the highest)."""
    tab = tables(rules)
    out = []
    for s in range(SUITS):
        m = (hand >> (s * RANKS_PER_SUIT)) & (_SUIT_BITS - 1)
        n = tab.point_len[m]
        if n:
            v = tab.point_value[m]
            out.append(Combo(POINT, point_key(tab, n, v), point_score(rules, m, n, v), hand & SUIT_MASKS[s],
                             n, -1, v, s))
    out.sort(key=lambda c: (c.length, c.value), reverse=True)
    return out


def point_score(rules: Rules, suit_bits: int, length: int, value: int) -> int:
    p = rules.point
    top3 = sorted(rules.deck.ranks)[:3]
    if p.tierce_majeure_score is not None and suit_bits == sum(1 << r for r in top3):
        return p.tierce_majeure_score
    score = length * p.score_per_card
    if value % 10 == 4:
        score += p.ending_in_four_adjust
    return score


def sequence_combos(rules: Rules, hand: int) -> list[Combo]:
    tab = tables(rules)
    scores = rules.sequences.scores
    out = []
    for s in range(SUITS):
        m = (hand >> (s * RANKS_PER_SUIT)) & (_SUIT_BITS - 1)
        for length, top in tab.runs[m]:
            bits = ((1 << length) - 1) << (s * RANKS_PER_SUIT + top)
            out.append(Combo(SEQUENCES, length * 16 + (RANKS_PER_SUIT - top), scores[length], bits, length, top, 0, s))
    out.sort(key=lambda c: c.key, reverse=True)
    return out


def set_combos(rules: Rules, hand: int) -> list[Combo]:
    tab = tables(rules)
    st = rules.sets
    out = []
    for r in tab.set_ranks:
        bits = hand & (_RANK_SPREAD << r)
        n = bits.bit_count()
        if n >= 3:
            out.append(Combo(SETS, n * 16 + (RANKS_PER_SUIT - r), st.quatorze if n == 4 else st.trio, bits, n, r, 0, -1))
    out.sort(key=lambda c: c.key, reverse=True)
    return out


COMBOS = {POINT: point_combos, SEQUENCES: sequence_combos, SETS: set_combos}


def combos(rules: Rules, kind: str, hand: int) -> list[Combo]:
    """The combinations of one kind a hand holds, best first."""
    return COMBOS[kind](rules, hand)


def is_carte_blanche(rules: Rules, hand: int) -> bool:
    return rules.carte_blanche.enabled and not hand & tables(rules).blanche_excludes
