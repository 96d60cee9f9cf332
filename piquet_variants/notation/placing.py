"""Where the cards of a statement and of each trick stand, kept as the parser gave them and worked out only when a
message asks (most records never need one)."""

from __future__ import annotations

from typing import NamedTuple

from .written import Piece, Played, Pos, Run


class CardPlaces(NamedTuple):
    """Where the cards of a statement stand, written as runs and long-form pieces, found only when asked.

    A tuple, so that it pickles as it is (a parsed record is kept by ``stored``), compiled or not."""

    pieces: list[Piece]

    def at(self, rest: tuple[str | int, ...]) -> Pos | None:
        cards = [c for p in self.pieces for c in (p.cards() if isinstance(p, Run) else p)]
        if len(rest) == 1 and isinstance(rest[0], int) and 0 <= rest[0] < len(cards):
            return cards[rest[0]].pos
        return None


class TrickPlaces(NamedTuple):
    """Where each trick, and each of its cards, stands: its pieces, placed only when asked."""

    tricks: list[tuple[Pos, list[Played]]]  # (where, what was played)

    def at(self, rest: tuple[str | int, ...]) -> Pos | None:
        n = rest[0] if rest else None
        if not isinstance(n, int) or not 0 <= n < len(self.tricks):
            return None
        where, played = self.tricks[n]
        return CardPlaces([p.cards for p in played]).at(rest[1:]) or where if len(rest) == 2 else where
