"""A probability as the books give odds: "3 to 1 against", "5 to 2 on", "1791 to 1".

Cavendish gives odds as the ratio of the chances against to the chances for,
in small numbers where the ratio is small ("5 to 4", "3 to 2 on") and to the
nearest whole number where it is large ("113 to 1"), and exactly where the
small forms would hide which way the odds lie ("29 to 28 on", *Discarding*,
Calculations).  The rule here: the ratio with the smallest second term, up to
4, that is within 2.5% of the true one; else the exact ratio where both its
terms are under a hundred; else the ratio with the smallest second term, up
to 20, within 1% ("about 9 to 5").  It is a way of
rounding, applied alike to every figure; the book's own figure is printed
beside ours where it states one, so a reader sees both.  ``book_odds`` gives
the figures and which way they lie; their words, in either language, are the
lexicon's (``lexicon.odds_words``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

#: (largest second term tried, how far the rounded ratio may stray from the exact one), coarse then fine.
ROUNDINGS = ((4, Fraction(1, 40)), (20, Fraction(1, 100)))
#: An exact ratio is said as it is when both terms are under this.
EXACT_BELOW = 100


def ratio(odds: Fraction) -> tuple[int, int]:
    """``odds`` (at least 1) as "N to M" in the books' rounding."""
    for most, tolerance in ROUNDINGS:
        for to in range(1, most + 1):
            n = round(odds * to)
            if n >= to and abs(Fraction(n, to) - odds) <= tolerance * odds:
                return n, to
        if odds.numerator < EXACT_BELOW:
            break
    exact = odds.limit_denominator(10_000)
    return exact.numerator, exact.denominator


def against(p: Fraction) -> str:
    """The odds against, literally: the chances against to the chances for ("1791 to 1", "2 to 3")."""
    if p == 0:
        return "1 to 0"
    if p == 1:
        return "0 to 1"
    odds = (1 - p) / p
    if odds >= 1:
        n, m = ratio(odds)
        return f"{n} to {m}"
    m, n = ratio(1 / odds)
    return f"{n} to {m}"


class Way(Enum):
    """Which way odds lie, or that there are none to give."""

    AGAINST = "against"
    ON = "on"
    EVENS = "evens"
    IMPOSSIBLE = "impossible"
    CERTAIN = "certain"


@dataclass(frozen=True, slots=True)
class BookOdds:
    """Odds as a book gives them: "``larger`` to ``smaller``", against or on (no figures for evens, or where the
    event is impossible or certain)."""

    way: Way
    larger: int = 0
    smaller: int = 0


def book_odds(p: Fraction) -> BookOdds:
    """The odds as a book phrases them: against when under even, on when over ("5 to 2 on")."""
    if p in (0, 1):
        return BookOdds(Way.IMPOSSIBLE if p == 0 else Way.CERTAIN)
    if p == Fraction(1, 2):
        return BookOdds(Way.EVENS)
    odds = (1 - p) / p
    n, m = ratio(odds if odds > 1 else 1 / odds)
    return BookOdds(Way.AGAINST if odds > 1 else Way.ON, n, m)
