"""A discard chosen by weights fitted to a discard search: the search's choice at the cost of the book's rule.

The option ``aim`` (``discard_to_score``) tries a few discards that differ in
what they make sure of (``discard_to_score.aims``: the book's; each of the
longest suits kept whole; each rank held most often kept; the highest cards;
the book's with a card left) and plays each out on many drawn deals: worth
some points a partie over the book's discard, at some eleven times the
player's time, so only where the deal may settle the partie.  Here the same
candidates are scored instead by a weighted sum of a few features of what each
keeps (``features``): the aims the Discarding chapter names (the point, the
sequence, the sets toward a quatorze, the cards and the guards, whole suits
thrown, a card left in the stock), each for the elder and for the younger apart,
since the chapter gives the two hands different rules ("Elder hand ... should
freely unguard kings and queens"; the younger "should keep guards").  The one
scored highest is made (of two alike, the first, the book's before the others).

The weights were fitted to the search's values of these candidates, each
played out on drawn deals by the book's player and valued by the deal's points,
on discard positions of real play (``players.discard_training``, a
deterministic script), and ship as data (``fitted_discard.json``, read as
JSON and checked, never unpickled).  Nothing in them was fitted to Cavendish's
worked discards or figures, which are the test of the result.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Final, TypeGuard

from ..cards import ACE, KING, KNAVE, QUEEN, RANKS_PER_SUIT, SUIT_BITS, SUIT_COUNTS, SUIT_RANKS, SUITS, count
from ..engine.combos import Combo, Tables, tables
from ..engine.deal import ELDER
from ..engine.derived import per_ruleset
from ..ruleset.model import Rules
from .discard_to_score import aims
from .view import Legal, View

WEIGHTS: Final = Path(__file__).resolve().parent / "fitted_discard.json"

#: What a discard keeps or does, each counted for the hand it is made from (``features``).
ASPECTS: Final[tuple[str, ...]] = (
    "the book's discard",
    "cards of the longest suit kept",
    "the best point kept, its value in tens",
    "cards of the second longest suit kept",
    "the longest run of ranks kept",
    "quatorzes kept",
    "trios kept",
    "ranks of a set held twice",
    "aces kept",
    "kings kept",
    "queens kept",
    "knaves kept",
    "kings kept unguarded",
    "queens kept with fewer than two guards",
    "suits put out whole",
    "suits left with one card",
    "cards left in the stock")
#: The features weighed: each aspect for the elder, then each for the younger.
NAMES: Final[tuple[str, ...]] = tuple(f"{hand}: {aspect}" for hand in ("elder", "younger") for aspect in ASPECTS)


def _longest_run(suit: int, ranks: tuple[int, ...]) -> int:
    """The most ranks in a row of the pack (``ranks``, highest first) a suit's 9 bits hold."""
    best = run = 0
    for r in ranks:
        run = run + 1 if suit >> r & 1 else 0
        best = max(best, run)
    return best


@per_ruleset
def _pack(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pack's ranks, highest first, and by a suit's 9 bits the most ranks in a row of them it holds: read at
    every candidate of every discard, the runs looked up rather than counted."""
    ranks = tuple(sorted(rules.deck.ranks))
    return ranks, tuple(_longest_run(m, ranks) for m in range(SUIT_BITS + 1))


def aspects(rules: Rules, hand: int, most: int, discard: int, book: bool) -> tuple[int, ...]:
    """The aspects of ``ASPECTS`` of putting out ``discard`` from ``hand`` (``most`` the cards he may put out at
    most), each suit looked at once: a discard is chosen among its candidates at every deal."""
    return _aspects(tables(rules), _pack(rules), hand, most, discard, book)


def _aspects(tab: Tables, pack: tuple[tuple[int, ...], tuple[int, ...]], hand: int, most: int, discard: int,
             book: bool) -> tuple[int, ...]:
    """``aspects``, the ruleset's tables and pack (``_pack``) given: looked up once for all of a discard's
    candidates."""
    ranks, runs = pack
    kept = hand & ~discard
    longest = second = 0
    best: Combo | None = None  # the best point kept: of two as good, the first suit's
    run = 0
    by_rank = [0] * RANKS_PER_SUIT
    unguarded_kings = unguarded_queens = whole = single = 0
    for s in range(SUITS):
        m = kept >> (s * RANKS_PER_SUIT) & SUIT_BITS
        n = SUIT_COUNTS[m]
        if n > longest:
            longest, second = n, longest
        elif n > second:
            second = n
        point = tab.point[s][m]
        if point is not None and (best is None or point.order > best.order):
            best = point
        run = max(run, runs[m])
        for r in SUIT_RANKS[m]:
            by_rank[r] = by_rank[r] + 1  # not ``+=``: compiled, a generic operation on an item
        if m:
            top = SUIT_RANKS[m][0]
            if top == KING and n < 2:
                unguarded_kings += 1
            elif top == QUEEN and n < 3:
                unguarded_queens += 1
            if n == 1:
                single += 1
        elif hand >> (s * RANKS_PER_SUIT) & SUIT_BITS:
            whole += 1
    quatorzes = trios = pairs = 0
    for r in ranks:
        if tab.set_rank_mask >> r & 1:
            held = by_rank[r]
            if held == 4:
                quatorzes += 1
            elif held == 3:
                trios += 1
            elif held == 2:
                pairs += 1
    return (int(book), longest, (best.value if best is not None else 0) // 10, second, run, quatorzes, trios, pairs,
            by_rank[ACE], by_rank[KING], by_rank[QUEEN], by_rank[KNAVE], unguarded_kings, unguarded_queens,
            whole, single, most - count(discard))


def features(rules: Rules, role: int, hand: int, most: int, discard: int, book: bool) -> tuple[int, ...]:
    """The features of putting out ``discard`` from ``hand`` (``most`` the cards he may put out at most), in the
    order of ``NAMES``: the aspects of ``ASPECTS`` in the role's half, zeros in the other's."""
    zeros = (0,) * len(ASPECTS)
    mine = aspects(rules, hand, most, discard, book)
    return mine + zeros if role == ELDER else zeros + mine


def json_number(value: object) -> TypeGuard[float]:
    """A JSON number (not ``true`` or ``false``, which Python counts as ints): a weight, in either weights file."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def parse_weights(text: str, where: str) -> tuple[float, ...]:
    """The weights of a JSON file, in the order of ``NAMES``: its ``"weights"`` maps each feature's name to a number,
    every one named and no other (the file's other keys say how it was made)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{where}: line {e.lineno}, column {e.colno}: not JSON ({e.msg})") from None
    table = data.get("weights") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        raise ValueError(f"{where}: expected a JSON object with 'weights', each feature's name to its weight")
    missing = [n for n in NAMES if n not in table]
    unknown = sorted(set(table) - set(NAMES))
    if missing or unknown:
        raise ValueError(f"{where}: 'weights' must name each of the {len(NAMES)} features and no other"
                         + (f"; {missing[0]!r} is missing" if missing else f"; {unknown[0]!r} is not one"))
    wrong = [n for n in NAMES if not json_number(table[n])]
    if wrong:
        raise ValueError(f"{where}: the weight of {wrong[0]!r} must be a number")
    return tuple(float(table[n]) for n in NAMES)


@cache
def shipped() -> tuple[float, ...]:
    return parse_weights(WEIGHTS.read_text(encoding="utf-8"), str(WEIGHTS))


def best_of(rules: Rules, role: int, hand: int, most: int, candidates: list[int], weights: tuple[float, ...]) -> int:
    """The place among ``candidates`` (the book's first) of the one the weights score highest; of two alike, the
    first.  Only the role's half of the weights is read: the other half weighs the zeros of ``features``."""
    n = len(ASPECTS)
    start = 0 if role == ELDER else n
    tab, pack = tables(rules), _pack(rules)
    best, top = 0, 0.0
    for i, discard in enumerate(candidates):
        score = 0.0
        for k, f in enumerate(_aspects(tab, pack, hand, most, discard, i == 0)):
            if f:
                score += weights[start + k] * f
        if i == 0 or score > top:
            best, top = i, score
    return best


def ranked(view: View, legal: Legal, weights: tuple[float, ...] | None = None) -> list[int]:
    """The search's candidates (``discard_to_score.aims``), the one the weights (by default the shipped ones) score
    highest first, the others in their order: the player's own discard first, as the search of ``aim`` takes the
    first candidate for the one it must beat."""
    candidates = aims(view, legal)
    if len(candidates) == 1:
        return candidates
    chosen = best_of(view.rules, view.role, legal.hand, legal.take[1] + legal.excess, candidates,
                     shipped() if weights is None else weights)
    return [candidates[chosen], *candidates[:chosen], *candidates[chosen + 1:]]


def fitted_discard(view: View, legal: Legal, weights: tuple[float, ...] | None = None) -> int:
    """The discard to make: of the search's candidates, the one the weights score highest (``ranked``)."""
    return ranked(view, legal, weights)[0]
