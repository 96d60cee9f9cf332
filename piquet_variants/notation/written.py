"""What the notation writes in the statements: a number, a card, a run of cards, a score, each as written and
where it stands.

They are named tuples, apart from the statements' dataclasses (``statements.py``): they are made by the thousand
for each file, and a parsed record kept by ``stored`` holds the runs and cards that place its cards, so that
reading such a record back needs this module alone, not the statements' classes nor the parser.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Protocol

#: A line and a column, both from 1.
Pos = tuple[int, int]


class Tok(Protocol):
    """A token as either parser gives it (Lark's is a ``str``, lark-cython's is not): read ``.value``."""

    @property
    def type(self) -> str: ...

    @property
    def value(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int: ...


def pos(tok: Tok) -> Pos:
    """Where a token starts."""
    return tok.line, tok.column


class Number(NamedTuple):
    """A number as written, in figures or words (``-`` before it for a score below nothing), and where it stands:
    the reader reads it, and places its message there if it is no number."""

    text: str
    pos: Pos


class Card(NamedTuple):
    """A card as written: its text (``AS``, ``A♠``, ``?``) and where it stands."""

    text: str
    pos: Pos


_SIGNS = re.compile("([♠♥♦♣♤♡♢♧])")
_RANKS = frozenset(("10", "A", "K", "Q", "J", "T", "R", "D", "V", "9", "8", "7", "6"))
_WORD = re.compile(r"\S+")


class Run(NamedTuple):
    """A run of compact cards as written (one CARDS token), from ``line``:``column``.

    The reader names the cards from ``parts()``, a split on the suit signs;
    where each card stands (``cards()``) is worked out only when a message needs it.
    """

    text: str
    line: int
    column: int

    def parts(self) -> list[tuple[str, str, str]]:
        """Each card's (rank, suit after it, suit of its group); three empty parts for "?".

        The grammar has read the run, so each word is "?", a bare rank (of the
        group the next sign closes), a sign, or a rank with its suit letter or sign.
        """
        out = []
        pieces = _SIGNS.split(self.text)  # words, sign, words, sign, ..., words
        for i in range(0, len(pieces), 2):
            sign = pieces[i + 1] if i + 1 < len(pieces) else ""
            for word in pieces[i].split():
                if word == "?":
                    out.append(("", "", ""))
                elif word in _RANKS:
                    out.append((word, "", sign))
                else:
                    out.append((word[:-1], word[-1], ""))
        return out

    def cards(self) -> list[Card]:
        """Each card with its own line and column: one pass over the words, a group's sign given to its ranks."""
        out: list[Card] = []
        group: list[tuple[str, Pos]] = []  # bare ranks waiting for the sign that ends their group
        text, line, start = self.text, self.line, -self.column  # a word at offset i stands at column i - start
        done = 0
        for m in _WORD.finditer(text):
            i, word = m.start(), m.group()
            newline = text.rfind("\n", done, i)
            if newline >= 0:
                line += text.count("\n", done, i)
                start = newline
            done = i
            if word in _RANKS:
                group.append((word, (line, i - start)))
            elif _SIGNS.match(word[-1]):  # a sign ends the group before it, alone or after a rank ("D♠")
                out += [Card(rank + word[-1], place) for rank, place in group]
                group = []
                if len(word) > 1:
                    out.append(Card(word, (line, i - start)))
            else:  # "AS", "10H", "?"
                out.append(Card(word, (line, i - start)))
        return out


#: Cards as written in one piece: a run of compact cards, or the books' long form (``ace, king of spades``).
Piece = Run | list[Card]


class Score(NamedTuple):
    """A player (his role or his quoted name) and his figure, in a claim, a score sheet or a partie's totals."""

    who: Tok
    points: Number


class Played(NamedTuple):
    """The cards of a trick written in one piece, and the running score their player says after them, if he does
    (``= fourteen``)."""

    cards: Piece
    score: Number | None
