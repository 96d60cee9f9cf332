"""The chance-only events of a deal that the ``odds`` command reports, each with its exact probability.

An event is a typed value: what is dealt or taken in (``Chance``), for which
hand (``None`` where either hand as dealt has the same chance), and the
lengths or counts it names.  Its ``key`` (``take:2of4``) is its id in JSON
and in the book's figures (``book.odds_figure``), written from those fields
and never read back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from ..engine.deal import ROLES
from .exact import ELDER, YOUNGER, Layout, carte_blanche, point_at_most, sequence_below, sets_below, taking_in

#: The named cards the taking-in rows go up to when "at least k of n" (both of Cavendish's tables stop at four).
MOST_NAMED = 4



class Chance(Enum):
    """What an event deals or takes in."""

    CARTE_BLANCHE = "carte_blanche"
    POINT = "point"  # a point of ``cards`` cards (the longest suit)
    NO_SEQUENCE = "no_sequence"
    SEQUENCE = "sequence"  # a longest sequence of ``cards`` cards
    QUATORZE = "quatorze"
    TRIO = "trio"  # a trio or a quatorze
    TAKE = "take"  # at least ``cards`` of ``named`` named cards taken in


@dataclass(frozen=True, slots=True)
class OddsEvent:
    """One chance-only event and its exact probability under one ruleset."""

    chance: Chance
    hand: str | None
    probability: Fraction
    cards: int = 0
    named: int = 0

    @property
    def key(self) -> str:
        if self.chance is Chance.TAKE:
            return f"take:{self.cards}of{self.named}"
        if self.chance in (Chance.POINT, Chance.SEQUENCE):
            return f"{self.chance.value}:{self.cards}"
        return self.chance.value


def events(lay: Layout) -> Iterator[OddsEvent]:
    """Every event the ruleset's layout allows, in a fixed order (dealt hands, then taking in)."""
    blanche = carte_blanche(lay)
    if blanche is not None:
        yield OddsEvent(Chance.CARTE_BLANCHE, None, blanche)
    width = len(lay.ranks)
    for n in range(1, min(width, lay.hand) + 1):
        p = point_at_most(lay, n) - point_at_most(lay, n - 1)
        if p:
            yield OddsEvent(Chance.POINT, None, p, n)
    yield OddsEvent(Chance.NO_SEQUENCE, None, sequence_below(lay, lay.min_sequence))
    for n in range(lay.min_sequence, min(width, lay.hand) + 1):
        yield OddsEvent(Chance.SEQUENCE, None, sequence_below(lay, n + 1) - sequence_below(lay, n), n)
    if lay.set_ranks:
        yield OddsEvent(Chance.QUATORZE, None, 1 - sets_below(lay, lay.suits))
        yield OddsEvent(Chance.TRIO, None, 1 - sets_below(lay, lay.suits - 1))
    for role in (ELDER, YOUNGER):
        take = lay.takes[role]
        for n in range(1, take + 1):
            yield OddsEvent(Chance.TAKE, ROLES[role], taking_in(lay, role, n, n), n, n)
        for n in range(2, min(MOST_NAMED, lay.unseen) + 1):
            for k in range(1, min(n - 1, take) + 1):
                yield OddsEvent(Chance.TAKE, ROLES[role], taking_in(lay, role, k, n), k, n)
