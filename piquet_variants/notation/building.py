"""One record being built from its statements: the place of each value it fills, and its numbers, names and cards
read as the record's typed values (a card as ``cards.py``'s int), each fault a problem where it stands."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import cast

from ..cards import parse_card
from ..errors import CardError, Message, NotationError, Problem, msg
from ..located import Located, caret
from ..records.model import Cards
from .numbers import read_number
from .parser import unquote
from .placing import CardPlaces
from .statements import Card, Number, Piece, Pos, Run, Score, Tok, pos
from .vocabulary import card_codes, part_codes, role_of


class Building:
    """Fills one record from statements, noting the position of each value."""

    def __init__(self, name: str, lines: Sequence[str]):
        self.name, self.lines = name, lines
        self.located = Located(name, None, lines=lines)
        self.marks = self.located.marks
        self.use("en")

    def use(self, lang: str) -> None:
        """Read compact cards in ``lang`` from here on (``AC`` is the ace of clubs in en, of hearts in fr)."""
        self.lang, self.codes, self.part_codes = lang, card_codes(lang), part_codes(lang)

    def problem(self, pos: Pos, message: Message) -> Problem:
        return Problem(self.name, pos[0], pos[1], "", message, caret(self.lines, *pos))

    def fail(self, pos: Pos, message: Message) -> NotationError:
        return NotationError([self.problem(pos, message)])

    def mark(self, path: tuple[str | int, ...], pos: Pos) -> None:
        self.marks.setdefault(path, pos)

    def number(self, value: Number) -> int:
        return self.figures(value.text, value.pos)

    def figures(self, text: str, where: Pos) -> int:
        """A number as written, or a problem where it stands if it is no number."""
        try:
            return read_number(text)
        except CardError as exc:
            raise self.fail(where, exc.message) from None

    def card(self, c: Card) -> int:
        """The card written, or a problem at its place if it is no card."""
        found = self.codes.get(c.text)  # every compact card, and "?"
        if found is not None:
            return found
        try:
            return parse_card(c.text, self.lang)
        except CardError as exc:
            raise self.fail(c.pos, exc.message) from None

    def piece(self, piece: Piece) -> list[int]:
        """A piece's cards; a run is read in C-level passes, and its cards placed only if one is no card."""
        if isinstance(piece, Run):
            words = piece.text.split()
            found = list(map(self.codes.get, words)) if words[0] in self.codes else [None]
            if None in found:  # not each card written whole ("A♠ 10♠"): ranks grouped under a sign ("A R D ♠")
                found = list(map(self.part_codes.get, piece.parts()))
            return list(map(self.card, piece.cards())) if None in found else cast(list[int], found)
        return list(map(self.card, piece))

    def cards(self, pieces: list[Piece], path: tuple[str | int, ...]) -> Cards:
        """The cards of a statement, each placed only when a message needs it."""
        if pieces and (not isinstance(pieces[0], list) or pieces[0]):
            first = pieces[0]
            self.marks.setdefault(path, (first.line, first.column) if isinstance(first, Run) else first[0].pos)
        self.located.places[path] = CardPlaces(pieces)
        return tuple(chain.from_iterable(map(self.piece, pieces)))

    def who(self, tok: Tok) -> str:
        """A player by his quoted name, or by his role."""
        return unquote(tok.value) if tok.type == "STRING" else role_of(tok.value).value

    def scores(self, scores: list[Score], path: tuple[str | int, ...], into: dict[str, int]) -> None:
        for score in scores:
            who = self.who(score.who)
            if who in into:
                raise self.fail(pos(score.who), msg("score-twice", "a score for {who} is already given here", who=who))
            self.mark(path + (who,), pos(score.who))
            into[who] = self.number(score.points)
