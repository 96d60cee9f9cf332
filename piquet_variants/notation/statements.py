"""The notation's statements as the parser gives them: one frozen dataclass a kind of statement.

Each names its words and where they stand, so that the reader takes a
statement's parts by name, and a statement the grammar gains is one more class
here, one more method of the parser's transformer, and one more case of the
reader's ``match``.  The words are kept as written (``premier``, ``quinte``,
``forty-nine``): what they mean in the record, and whether a number is one,
is the reader's to say, at the place each word stands.

The small values (a number, a card, a run of cards, a score) are the named
tuples of ``written.py``, which a parsed record kept by ``stored`` holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..errors import Problem
# The small values, which the parser and the reader take from here with the statements.
from .written import Card, Number, Piece, Played, Pos, Run, Score, Tok, pos


@dataclass(frozen=True, slots=True)
class _Cards:
    """A statement that is cards alone: the talon, what a player takes or leaves, a call's cards, cards shown."""

    pos: Pos
    cards: list[Piece]


@dataclass(frozen=True, slots=True)
class _Scores:
    """A statement that is each player's figure: a partie's totals, the tricks won, a score sheet."""

    pos: Pos
    scores: list[Score]


# -- the file ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Comment:
    pos: Pos
    text: str


@dataclass(frozen=True, slots=True)
class Tag:
    pos: Pos
    name: str
    values: list[str]


@dataclass(frozen=True, slots=True)
class BadRecord:
    """A record whose syntax fails, where it begins: the problem stands for the whole record."""

    pos: Pos
    problem: Problem


@dataclass(frozen=True, slots=True)
class Dealer:
    pos: Pos
    name: str


@dataclass(frozen=True, slots=True)
class Packets:
    pos: Pos
    count: Number


@dataclass(frozen=True, slots=True)
class WrittenDeal:
    """A deal as the notation writes it, from ``deal N`` to ``end deal``: its number, the heads after it (dealer,
    packets), its statements, and where ``end deal`` stands (the next record's comments are told from its own by
    the lines after it)."""

    pos: Pos
    number: Number
    heads: list[Dealer | Packets]
    statements: list[DealStatement | Comment]
    end: Pos


@dataclass(frozen=True, slots=True)
class Partie:
    pos: Pos
    statements: list[WrittenDeal | PartieClaim | Comment]
    end: Pos


@dataclass(frozen=True, slots=True)
class Totals(_Scores):
    """The partie's totals as the source gives them."""


@dataclass(frozen=True, slots=True)
class Winner:
    """The partie's winner: a player, or the word for nobody (``NOBODY``)."""

    pos: Pos
    who: Tok


@dataclass(frozen=True, slots=True)
class PointsWon:
    pos: Pos
    points: Number


# -- a deal --------------------------------------------------------------------------------------------------
# A player is named by his role's word as written (elder, premier, younger, dernier).


@dataclass(frozen=True, slots=True)
class Hand:
    pos: Pos
    player: str
    cards: list[Piece]


@dataclass(frozen=True, slots=True)
class Talon(_Cards):
    """The cards left after the deal, which the players take in the exchange."""


@dataclass(frozen=True, slots=True)
class Takes(_Cards):
    """What a player takes from the talon, when the exchange names it."""


@dataclass(frozen=True, slots=True)
class Leaves(_Cards):
    """The cards of the talon a player leaves, when the exchange names them."""


@dataclass(frozen=True, slots=True)
class Took:
    """How many cards he took in: as many as the laws give for his discard, or not (too many or too few)."""

    pos: Pos
    count: Number


@dataclass(frozen=True, slots=True)
class WrittenExchange:
    """A player's exchange as the notation writes it: his discard, then what else it says, in order: what he takes, leaves or took, and the
    words (looks at the rest, does not look, penalty waived or enforced) as tokens."""

    pos: Pos
    player: str
    discard: list[Piece]
    parts: list[Takes | Leaves | Took | Tok]


@dataclass(frozen=True, slots=True)
class CarteBlanche:
    pos: Pos
    player: str


# The dialogue of a declaration: each player's turn, and what he says in it.

@dataclass(frozen=True, slots=True)
class Length:
    """A point or sequence called by its length (``five``)."""

    pos: Pos
    length: Number


@dataclass(frozen=True, slots=True)
class SequenceCall:
    """A sequence by its name (``quinte``), and its top card: the word major, or the rank after 'to the'."""

    pos: Pos
    name: str
    top: Tok | None


@dataclass(frozen=True, slots=True)
class SetCall:
    """A trio or a quatorze (``three kings``, ``brelan de rois``): how many, a number or the word trio, and the
    rank's word in the plural."""

    pos: Pos
    count: Number
    rank: str


@dataclass(frozen=True, slots=True)
class Making:
    """What a point is worth (``making forty-nine``), said after its length or in answer to 'making?'."""

    pos: Pos
    points: Number


@dataclass(frozen=True, slots=True)
class CallCards(_Cards):
    """The cards of a call, in brackets after it."""


@dataclass(frozen=True, slots=True)
class Shown(_Cards):
    """The cards a player shows after his call."""


@dataclass(frozen=True, slots=True)
class Sunk(_Cards):
    """The cards a player sinks in calling a kind: he calls and reckons it as though he did not hold them."""


@dataclass(frozen=True, slots=True)
class Count:
    """The speaker's running score, said aloud (``= fourteen``)."""

    pos: Pos
    score: Number


#: A call of the dialogue: by its length, a sequence, a set, or what it is worth.
Call = Length | SequenceCall | SetCall | Making
#: One thing said in a turn; the words good, not good, equal, making? and sinks are tokens.
Said = Call | CallCards | Shown | Sunk | Count | Tok


@dataclass(frozen=True, slots=True)
class Utterance:
    pos: Pos
    player: str
    said: list[Said]


@dataclass(frozen=True, slots=True)
class Declaration:
    """The dialogue of one kind (point, sequences, sets): its word as written, and each turn."""

    pos: Pos
    kind: str
    utterances: list[Utterance]


@dataclass(frozen=True, slots=True)
class Tricks:
    """The heading of the play (``tricks:``), before which a comment may stand."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick: its number in figures, which stands where the trick does, and its cards as played."""

    pos: Pos
    number: str
    played: list[Played]


@dataclass(frozen=True, slots=True)
class Claim:
    """A score the source claims: the deal's final one, one category's (its word), or at a checkpoint."""

    pos: Pos
    category: str | None
    checkpoint: Tok | None
    scores: list[Score]


@dataclass(frozen=True, slots=True)
class TricksWon(_Scores):
    """How many tricks each has won so far, after the last trick written."""


@dataclass(frozen=True, slots=True)
class Sheet(_Scores):
    """A score-sheet deal: each player's total, without the cards."""


@dataclass(frozen=True, slots=True)
class Note:
    pos: Pos
    text: str


# -- incidents -----------------------------------------------------------------------------------------------
# What the laws of calling and of irregularities judge.  Each incident names the record's incident it becomes
# (TYPE), and keeps the words after its head as ``clauses``, tokens in order (a choice, a yes or no, a moment,
# the trick before which it happened, whose card, a note): the same words in every incident, read alike.


@dataclass(frozen=True, slots=True)
class _DealIncident:
    """An incident of the deal itself, nobody's."""

    pos: Pos
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class _PlayerIncident:
    pos: Pos
    player: str
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class _DiscardIncident:
    """A player's incident that names cards of his discard."""

    pos: Pos
    player: str
    cards: list[Piece]
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class Misdeal(_DealIncident):
    TYPE: ClassVar[str] = "misdeal"


@dataclass(frozen=True, slots=True)
class FacedCard:
    """A card of the talon found face up: its place, from the top."""

    TYPE: ClassVar[str] = "faced_card"
    pos: Pos
    position: Number
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class FacedInDealing:
    TYPE: ClassVar[str] = "faced_in_dealing"
    pos: Pos
    count: Number
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class Peek:
    """A player who sees cards of the talon: how many, which where the source says (Laws 28-29), and the suit
    he names, if he does."""

    TYPE: ClassVar[str] = "peek"
    pos: Pos
    player: str
    count: Number
    seen: list[Piece] | None
    suit: str | None
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class StockTakenUp(Peek):
    """A player who takes up cards of his adversary's part of the stock without mixing them (Law 27; au Cent para.
    10): a peek's words, the cards taken up rather than seen."""

    TYPE: ClassVar[str] = "stock_taken_up"


@dataclass(frozen=True, slots=True)
class CarteBlancheLate(_PlayerIncident):
    TYPE: ClassVar[str] = "blanche_shown_late"


@dataclass(frozen=True, slots=True)
class Called:
    """What a player first called, in the dialogue's words: a call, or the top card alone (major, or the rank
    after 'to the'), then what it is worth, then its cards, each where the source gives it."""

    pos: Pos
    call: Length | SequenceCall | SetCall | None
    top: Tok | None
    making: Making | None
    cards: CallCards | None


@dataclass(frozen=True, slots=True)
class Miscall:
    TYPE: ClassVar[str] = "miscall"
    pos: Pos
    player: str
    kind: str
    called: Called
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class Reply:
    """A reply the laws judge: the word said (good, equal, making?, which is out?)."""

    TYPE: ClassVar[str] = "reply"
    pos: Pos
    player: str
    kind: str
    reply: Tok
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class Omission:
    TYPE: ClassVar[str] = "omission"
    pos: Pos
    player: str
    kind: str
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class LeftCard(_PlayerIncident):
    """A player who takes up the card he left in the talon."""

    TYPE: ClassVar[str] = "takes_left_card"


@dataclass(frozen=True, slots=True)
class LeftTakenUp(_PlayerIncident):
    """A player who takes up the cards he left with those he takes in (Laws 33, 35)."""

    TYPE: ClassVar[str] = "takes_up_left_cards"


@dataclass(frozen=True, slots=True)
class Question:
    """``question: how many diamonds? elder answers two``: the suit asked, who answered, and his answer."""

    TYPE: ClassVar[str] = "question"
    pos: Pos
    suit: str
    player: str
    answer: Number
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class Retract:
    TYPE: ClassVar[str] = "retract"
    pos: Pos
    player: str
    reason: str
    clauses: list[Tok]


@dataclass(frozen=True, slots=True)
class Retake(_DiscardIncident):
    TYPE: ClassVar[str] = "retakes_discard"


@dataclass(frozen=True, slots=True)
class MixedDiscard(_DiscardIncident):
    TYPE: ClassVar[str] = "mixed_into_discard"


@dataclass(frozen=True, slots=True)
class AlterDiscard(_DiscardIncident):
    TYPE: ClassVar[str] = "alters_discard"


@dataclass(frozen=True, slots=True)
class Exposed(_DealIncident):
    """A card exposed by the dealer (whose card it is stands among the clauses)."""

    TYPE: ClassVar[str] = "exposed_by_dealer"


@dataclass(frozen=True, slots=True)
class OutOfTurn(_DealIncident):
    TYPE: ClassVar[str] = "out_of_turn"


@dataclass(frozen=True, slots=True)
class BadPack(_DealIncident):
    TYPE: ClassVar[str] = "incorrect_pack"


@dataclass(frozen=True, slots=True)
class ThrowDown(_PlayerIncident):
    TYPE: ClassVar[str] = "throws_down"


@dataclass(frozen=True, slots=True)
class Correction:
    """``score corrected: younger 4, before his next hand``: whose score, and by how much."""

    TYPE: ClassVar[str] = "score_corrected"
    pos: Pos
    player: str
    points: Number
    clauses: list[Tok]


Incident = (Misdeal | FacedCard | FacedInDealing | Peek | StockTakenUp | CarteBlancheLate | Miscall | Reply | Omission
            | LeftCard | LeftTakenUp | Question | Retract | Retake | MixedDiscard | AlterDiscard | Exposed | OutOfTurn
            | BadPack | ThrowDown | Correction)
#: What a deal holds after its heads, comments aside.
DealStatement = (Hand | Talon | WrittenExchange | CarteBlanche | Declaration | Tricks | Trick | Claim | TricksWon
                 | Sheet | Note | Incident)
PartieClaim = Totals | Winner | PointsWon
#: What the parser gives for a file, in order.
Statement = Comment | Tag | WrittenDeal | Partie | BadRecord
