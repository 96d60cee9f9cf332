"""The figures a record gives and a replay checks: where each falls (a checkpoint, a step of the dialogue, a
category, the partie) and the check itself, the book's figure beside the engine's.

Each place is a frozen value with a ``label``: the record format's own word
for it (``lead:3``, ``point.length``, ``tricks_won:4``), which the JSON output
keeps and a lexicon may render.  Nothing parses a label back but
``Checkpoint.read``, at the edge where a record's text is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union


class Stage(Enum):
    """The moments of a deal at which a running score can be stated."""

    HAND_ELDER = "hand:elder"  # the elder's hand reckoned
    HAND_YOUNGER = "hand:younger"  # the younger's hand reckoned
    DECLARATIONS = "declarations"  # both hands reckoned
    LEAD = "lead"  # a trick's card led (numbered)
    TRICK = "trick"  # a trick played (numbered)
    PLAY = "play"  # the play over, before the cards are counted
    FINAL = "final"  # the deal's totals

    @property
    def numbered(self) -> bool:
        return self in (Stage.LEAD, Stage.TRICK)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A moment of the deal: a stage, and for a lead or a trick its number (1 is the first trick)."""

    stage: Stage
    number: int = 0

    @property
    def label(self) -> str:
        return f"{self.stage.value}:{self.number}" if self.stage.numbered else self.stage.value

    @staticmethod
    def read(text: str) -> Checkpoint | None:
        """The checkpoint a record writes as ``text`` (``lead:3``, ``play``), or None where it names none."""
        word, colon, number = text.partition(":")
        if colon and word in _NUMBERED and number.isdigit() and number.isascii():
            return Checkpoint(_NUMBERED[word], int(number))
        stage = _UNNUMBERED.get(text)
        return Checkpoint(stage) if stage is not None else None


_NUMBERED = {s.value: s for s in Stage if s.numbered}
_UNNUMBERED = {s.value: s for s in Stage if not s.numbered}

HAND_ELDER = Checkpoint(Stage.HAND_ELDER)
HAND_YOUNGER = Checkpoint(Stage.HAND_YOUNGER)
DECLARATIONS = Checkpoint(Stage.DECLARATIONS)
PLAY = Checkpoint(Stage.PLAY)
FINAL = Checkpoint(Stage.FINAL)


def lead(n: int) -> Checkpoint:
    return Checkpoint(Stage.LEAD, n)


def trick(n: int) -> Checkpoint:
    return Checkpoint(Stage.TRICK, n)


@dataclass(frozen=True, slots=True)
class Dialogue:
    """A step of the dialogue of one kind of declaration: ``call``, ``length``, ``top``, ``set``, ``value``,
    ``count`` or ``reply``."""

    kind: str
    step: str

    @property
    def label(self) -> str:
        return f"{self.kind}.{self.step}"


@dataclass(frozen=True, slots=True)
class Category:
    """What one category of the deal's score came to (``pique``, ``point``, ``play``)."""

    name: str

    @property
    def label(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class BlancheShown:
    """A carte blanche the book says was shown: whether it was dealt."""

    @property
    def label(self) -> str:
        return "carte_blanche"


@dataclass(frozen=True, slots=True)
class TricksWon:
    """How many tricks each had won after the first ``after``."""

    after: int

    @property
    def label(self) -> str:
        return f"tricks_won:{self.after}"


@dataclass(frozen=True, slots=True)
class PartieFigure:
    """A figure of the whole partie: ``totals``, ``winner`` or ``points_won``."""

    key: str

    @property
    def label(self) -> str:
        return f"partie.{self.key}"


#: Where a checked figure falls.
Place = Union[Checkpoint, Dialogue, Category, BlancheShown, TricksWon, PartieFigure]

@dataclass(frozen=True, slots=True)
class SetCalled:
    """A quatorze or a trio as a call names it, or as the engine finds it held: ``count`` cards of ``rank`` (a
    rank's key, ``A``)."""

    count: int
    rank: str

    @property
    def label(self) -> str:
        return f"{self.count}x{self.rank}"


@dataclass(frozen=True, slots=True)
class RunCalled:
    """A later call of ``length`` cards ("… and a tierce"), to ``top`` (a rank's key) where the call names it."""

    length: int
    top: str | None = None

    @property
    def label(self) -> str:
        return f"{self.length}" + (f" to {self.top}" if self.top is not None else "")


#: A figure as the book or the engine gives it: a number, a word (a reply, ``good``; a rank's key, ``A``; ``-``,
#: nothing held), a call (four aces, a tierce to the king), or no one.
Figure = Union[int, str, SetCalled, RunCalled, None]


def figure_id(figure: Figure) -> int | str | None:
    """A figure as the record format writes it (``4xA``, ``3 to K``), for JSON, which keeps the ids."""
    return figure.label if isinstance(figure, (SetCalled, RunCalled)) else figure


@dataclass(frozen=True, slots=True)
class Check:
    """One figure the record gives, beside the engine's: of which deal (None: the partie), where, whose, and where
    in the record it is written."""

    deal: int | None
    at: Place
    player: str | None
    claimed: Figure
    engine: Figure
    line: int
    column: int

    @property
    def agrees(self) -> bool:
        return self.claimed == self.engine
