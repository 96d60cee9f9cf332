"""A record as typed values: one frozen dataclass for each object of ``schemas/record.schema.json``.

Written by hand, not generated: the schema's unions (a call is ``best``, cards
or a call with cards shown; a line of the dialogue is one of six shapes) read
better as one class with the fields any shape may hold than as six generated
ones, and each class says in its docstring what the schema's description says.
``tests/test_record_model.py`` holds them to the schema: every property of every
object of the schema is a field of its class, and every field a property.

The model says what the record says, not how it was written: a card is a
card (``cards.py``'s int, ``cards.UNKNOWN`` for the book's "?"), not its text
in the record's language, and a table of figures or names is a ``Pairs``, so
that every part is frozen and hashable, and a deal read in French, in English
or from JSON is the same value (``lang`` is kept, for writing it back as it
was, but takes no part in equality).

The notation's reader builds the model from its statements itself;
``data.py`` makes it of a record's data (JSON) and gives the data back.  The
notation's writer, the narrative and a script's ``Visitor`` read the typed
record itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, NamedTuple, TypeVar, Union

from ..located import Located
from .checks import Checkpoint


class Role(Enum):
    ELDER = "elder"
    YOUNGER = "younger"

    @property
    def seat(self) -> int:
        """The engine's number for the role: the elder leads first (0), the younger deals (1)."""
        return 0 if self is Role.ELDER else 1


K = TypeVar("K")
V = TypeVar("V")


@dataclass(frozen=True, slots=True, eq=False)
class Pairs(Mapping[K, V], Generic[K, V]):
    """A small table (each player's score, the options chosen, the source's fields) as pairs in the order written:
    read as a mapping, equal to any mapping of the same pairs whatever their order, and hashable as a dict is not.

    A table of a record holds two or three pairs, and the order written is the order written back, so the pairs
    are looked up in turn rather than hashed."""

    pairs: tuple[tuple[K, V], ...] = ()

    @classmethod
    def of(cls, table: Mapping[K, V] | Iterable[tuple[K, V]]) -> Pairs[K, V]:
        return cls(tuple(table.items() if isinstance(table, Mapping) else table))

    def __getitem__(self, key: K) -> V:
        for k, v in self.pairs:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self) -> Iterator[K]:
        return (k for k, _ in self.pairs)

    def __len__(self) -> int:
        return len(self.pairs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.pairs) == dict(other.items())

    def __hash__(self) -> int:
        return hash(frozenset(self.pairs))

    def __repr__(self) -> str:
        return f"Pairs({dict(self.pairs)!r})"


def pairs_or_none(table: Mapping[K, V] | None) -> Pairs[K, V] | None:
    """A table as pairs; None where it is not written."""
    return None if table is None else Pairs.of(table)


Card = int  # cards.py's card; cards.UNKNOWN where the source does not give it
Cards = tuple[Card, ...]
Scores = Pairs[str, int]  # by role or by player name


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment kept in place: it stands before the statement named (``deal:2``, ``trick:5``…) or at the end."""

    before: str
    text: str


@dataclass(frozen=True, slots=True)
class Hands:
    elder: Cards
    younger: Cards


@dataclass(frozen=True, slots=True)
class ExchangeSide:
    """One player's exchange: his discard, and what the book says he took and left (checked)."""

    discard: Cards
    looked_at_left: bool | None = None
    takes: Cards | None = None
    leaves: Cards | None = None
    took: int | None = None  # how many he took in, where not as many as he discarded
    waived: bool | None = None


@dataclass(frozen=True, slots=True)
class RecordedExchange:
    """The exchange as the book records it: each player's side."""

    elder: ExchangeSide | None = None
    younger: ExchangeSide | None = None

    def of(self, seat: int) -> ExchangeSide | None:
        return self.elder if seat == 0 else self.younger


def _named(length: int | None, top: str | None, set_: int | None, value: int | None) -> frozenset[str]:
    """What a call in the words of the dialogue names of its combination: its length, top card, set or value."""
    return frozenset(name for name, given in (("length", length), ("top", top), ("set", set_), ("value", value))
                     if given is not None)


@dataclass(frozen=True, slots=True)
class Called:
    """What a player first called in a miscall, in the words of the dialogue."""

    length: int | None = None
    top: str | None = None
    value: int | None = None
    set: int | None = None
    rank: str | None = None
    cards: Cards | None = None

    def named(self) -> frozenset[str]:
        return _named(self.length, self.top, self.set, self.value)


@dataclass(frozen=True, slots=True)
class Incident:
    """An event outside the normal course of the deal, judged by the ruleset; ``type`` says which, and which of
    the other fields it uses."""

    type: str
    choice: str | None = None
    position: int | None = None
    player: Role | None = None
    cards: int | None = None
    suit_named: str | None = None
    note: str | None = None
    kind: str | None = None
    called: Called | None = None
    corrected: str | None = None
    reckoned: str | None = None
    reply: str | None = None
    mixed: bool | None = None
    waived: bool | None = None
    announced: bool | None = None
    shown: bool | None = None
    before_trick: int | None = None
    suit: str | None = None
    answer: int | None = None
    reason: str | None = None
    which_cards: Cards | None = None
    whose: str | None = None
    found: str | None = None
    points: int | None = None
    when: str | None = None
    own_sheet: bool | None = None


@dataclass(frozen=True, slots=True)
class Shown:
    """A call made together with a better combination shown (which may still bar the opponent), or with cards sunk
    (which he calls and reckons the kind as though he did not hold: a tierce called out of a quart)."""

    call: str | Cards  # "best", "sink", or the cards called
    shown: Cards = ()
    sinks: Cards = ()


#: A call: "best" (the default), "sink", the cards of the combination called, or a call with cards shown.
Call = Union[str, Cards, Shown]


@dataclass(frozen=True, slots=True)
class Said:
    """A line of the table's dialogue, by one of the two: a call by length (and top), a set, a value, asking
    what it makes, a reply, or a count said aloud."""

    by: Role
    length: int | None = None
    top: str | None = None
    set: int | None = None
    rank: str | None = None
    value: int | None = None
    ask: bool | None = None
    reply: str | None = None
    count: int | None = None

    def named(self) -> frozenset[str]:
        return _named(self.length, self.top, self.set, self.value)


@dataclass(frozen=True, slots=True)
class Calls:
    """One kind's calls (each player's, ``best`` by default) and its dialogue."""

    elder: Call | None = None
    younger: Call | None = None
    said: tuple[Said, ...] = ()

    def of(self, seat: int) -> Call | None:
        return self.elder if seat == 0 else self.younger


@dataclass(frozen=True, slots=True)
class Declarations:
    point: Calls | None = None
    sequences: Calls | None = None
    sets: Calls | None = None

    def of(self, kind: str) -> Calls | None:
        """One kind's calls, by the engine's name of the kind."""
        match kind:
            case "point":
                return self.point
            case "sequences":
                return self.sequences
            case "sets":
                return self.sets
        return None

    def kinds(self) -> tuple[tuple[str, Calls], ...]:
        """The kinds the record states calls for, in the order of the game."""
        return tuple((k, c) for k, c in (("point", self.point), ("sequences", self.sequences), ("sets", self.sets))
                     if c is not None)


@dataclass(frozen=True, slots=True)
class RunningClaim:
    """A running score claimed at a checkpoint, by role or player name."""

    at: Checkpoint
    scores: Scores


@dataclass(frozen=True, slots=True)
class TricksWonClaim:
    """How many tricks each had won after the first ``after``, by role or player name."""

    after: int
    won: Scores


@dataclass(frozen=True, slots=True)
class Claim:
    """The figures the book gives for a deal: its totals, each category's, running scores, tricks won."""

    final: Scores | None = None
    by: Pairs[str, Scores] | None = None
    running: tuple[RunningClaim, ...] = ()
    tricks_won: tuple[TricksWonClaim, ...] = ()


@dataclass(frozen=True, slots=True)
class Count:
    """A running score said while playing: after card 1 (the lead) or 2 of a trick, by the player of that card."""

    trick: int
    card: int
    count: int


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """One deal: the cards, the choices, and what the book claims; or only its scores, for a score sheet."""

    dealer: str | None = None  # None: the one the laws' order of dealing gives
    packets: int | None = None
    scores: Scores | None = None
    hands: Hands | None = None
    talon: Cards | None = None
    incidents: tuple[Incident, ...] = ()
    exchange: RecordedExchange | None = None
    declarations: Declarations | None = None
    tricks: tuple[Cards, ...] | None = None
    claimed: Claim | None = None
    note: str | None = None
    comments: tuple[Comment, ...] = ()
    counts: tuple[Count, ...] = ()
    carte_blanche: tuple[Role, ...] = ()


@dataclass(frozen=True, slots=True)
class Winner:
    """The winner the book names: a player, or nobody (``name`` None, a partie left undecided)."""

    name: str | None


@dataclass(frozen=True, slots=True)
class PartieClaim:
    """What the book claims of the whole partie (a field None: the book does not say)."""

    totals: Scores | None = None
    winner: Winner | None = None
    points_won: int | None = None


@dataclass(frozen=True, slots=True)
class SoFar:
    """A partie in progress: the deals played before the record's first, and each player's score then (the
    current game's, where the partie is a race or counts games), by player name."""

    deals: int
    scores: Scores
    games: Scores | None = None


@dataclass(frozen=True, slots=True)
class Sitting:
    """This partie is one of a sitting of three (chouette): its players in the order of the cut, and the book's
    scoring card after it, by player name (in steps, the naughts omitted)."""

    players: tuple[str, str, str]
    card: Scores | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TypedRecord:
    """One deal or a whole partie, as recorded (its fields in the schema's order, which the JSON writer keeps).

    ``lang`` is the language it was written in, and is written back in unless another is asked for; two records
    that differ only in it are the same record."""

    format: str = "piquet-record/1"
    ruleset: str | None = None
    options: Pairs[str, str] = Pairs()
    source: Pairs[str, str] = Pairs()
    lang: str = field(default="en", compare=False)
    players: tuple[str, str]
    deals: tuple[RecordedDeal, ...]
    claimed: PartieClaim | None = None
    so_far: SoFar | None = None
    sitting: Sitting | None = None
    note: str | None = None
    cut: Pairs[str, Card] | None = None
    higher_chose: str | None = None
    cut_lifted: Scores | None = None
    comments: tuple[Comment, ...] = ()


class Read(NamedTuple):
    """A record as a reader gives it: the typed record, and where each of its values was written (the side table
    that a message consults, by the value's path in the record: ``("deals", 0, "hands", "elder", 3)``)."""

    record: TypedRecord
    located: Located
