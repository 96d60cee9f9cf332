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

``record_of`` builds the model from a record's data once the schema has
checked it (the JSON reader's decoded document, a record's data given to a
writer), so it trusts the types; the notation's reader builds the model from
its statements itself, with no data between.  ``data_of``
gives back the data of a typed record, in its language or another, for the
JSON writer and to check a record made in code against the schema.  The
notation's writer, the narrative and a script's ``Visitor`` read the typed
record itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import MISSING, Field, dataclass, field, fields, is_dataclass
from enum import Enum
from typing import Any, Generic, NamedTuple, TypeVar, Union

from ..cards import RANKS_PER_SUIT, SUITS, UNKNOWN, card_of, card_text
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


def _cards(value: list[str] | None, lang: str) -> Cards | None:
    return None if value is None else tuple(card_of(text, lang) for text in value)


def _pairs(value: dict[str, Any] | None) -> Pairs[str, Any] | None:
    return None if value is None else Pairs(tuple(value.items()))


#: Each class's field names, found once: ``dataclasses.fields`` was half the cost of typing a record.
_NAMES: dict[type[Any], frozenset[str]] = {}


def _build(cls: type[Any], data: dict[str, Any], **typed: Any) -> Any:
    """An instance of ``cls`` from ``data``'s plain fields, with ``typed`` for those that need building."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = frozenset(f.name for f in fields(cls))
    return cls(**{k: v for k, v in data.items() if k in names and k not in typed}, **typed)


def _call(value: Any, lang: str) -> Call:
    if isinstance(value, dict):
        return Shown(_call(value["call"], lang), _cards(value.get("shown", []), lang) or (),  # type: ignore[arg-type]
                     _cards(value.get("sinks", []), lang) or ())
    return value if isinstance(value, str) else tuple(card_of(text, lang) for text in value)


def _calls(data: dict[str, Any], lang: str) -> Calls:
    def call(role: str) -> Call | None:
        return None if data.get(role) is None else _call(data[role], lang)
    return Calls(call("elder"), call("younger"), tuple(_build(Said, s, by=Role(s["by"])) for s in data.get("said", [])))


def _incident(data: dict[str, Any], lang: str) -> Incident:
    called = data.get("called")
    return _build(Incident, data, player=Role(data["player"]) if "player" in data else None,
                  which_cards=_cards(data.get("which_cards"), lang),
                  called=_build(Called, called, cards=_cards(called.get("cards"), lang)) if called is not None
                  else None)


def _claim(data: dict[str, Any]) -> Claim:
    running = []
    for point in data.get("running", []):
        at = Checkpoint.read(point["at"])
        if at is None:  # the schema's pattern admits only checkpoints
            raise ValueError(f"no checkpoint {point['at']!r}")
        running.append(RunningClaim(at, Pairs(tuple((k, v) for k, v in point.items() if k != "at"))))
    won = tuple(TricksWonClaim(p["after"], Pairs(tuple((k, v) for k, v in p.items() if k != "after")))
                for p in data.get("tricks_won", []))
    by = data.get("by")
    return Claim(_pairs(data.get("final")), Pairs(tuple((k, Pairs(tuple(v.items()))) for k, v in by.items()))
                 if by is not None else None, tuple(running), won)


def _exchange(data: dict[str, Any], lang: str) -> RecordedExchange:
    def side(s: dict[str, Any] | None) -> ExchangeSide | None:
        return None if s is None else _build(ExchangeSide, s, discard=_cards(s["discard"], lang),
                                             takes=_cards(s.get("takes"), lang), leaves=_cards(s.get("leaves"), lang))
    return RecordedExchange(side(data.get("elder")), side(data.get("younger")))


def _deal(data: dict[str, Any], lang: str) -> RecordedDeal:
    hands = data.get("hands")
    declarations = data.get("declarations")
    return _build(
        RecordedDeal, data, scores=_pairs(data.get("scores")),
        hands=Hands(_cards(hands["elder"], lang) or (), _cards(hands["younger"], lang) or ())
        if hands is not None else None,
        talon=_cards(data.get("talon"), lang), incidents=tuple(_incident(i, lang) for i in data.get("incidents", [])),
        exchange=_exchange(data["exchange"], lang) if "exchange" in data else None,
        declarations=Declarations(**{k: _calls(v, lang) for k, v in declarations.items()}) if declarations else None,
        tricks=tuple(_cards(t, lang) or () for t in data["tricks"]) if "tricks" in data else None,
        claimed=_claim(data["claimed"]) if "claimed" in data else None,
        comments=tuple(Comment(**c) for c in data.get("comments", [])),
        counts=tuple(Count(**c) for c in data.get("counts", [])),
        carte_blanche=tuple(Role(r) for r in data.get("carte_blanche", [])))


def _partie_claim(data: dict[str, Any]) -> PartieClaim:
    return _build(PartieClaim, data, totals=_pairs(data.get("totals")),
                  winner=Winner(data["winner"]) if "winner" in data else None)


def record_of(data: dict[str, Any]) -> TypedRecord:
    """The typed record of a record's data, as the schema has checked it."""
    players, lang = data["players"], data.get("lang", "en")
    so_far, sitting, cut = data.get("so_far"), data.get("sitting"), data.get("cut")
    return _build(TypedRecord, data, players=(players[0], players[1]),
                  deals=tuple(_deal(d, lang) for d in data["deals"]),
                  options=Pairs(tuple(data.get("options", {}).items())),
                  source=Pairs(tuple(data.get("source", {}).items())),
                  claimed=_partie_claim(data["claimed"]) if "claimed" in data else None,
                  so_far=SoFar(so_far["deals"], Pairs(tuple(so_far["scores"].items())), _pairs(so_far.get("games")))
                  if so_far is not None else None,
                  sitting=Sitting(tuple(sitting["players"]), _pairs(sitting.get("card")))
                  if sitting is not None else None,
                  cut=Pairs(tuple((name, card_of(text, lang)) for name, text in cut.items()))
                  if cut is not None else None,
                  cut_lifted=_pairs(data.get("cut_lifted")),
                  comments=tuple(Comment(**c) for c in data.get("comments", [])))


def data_of(record: TypedRecord, lang: str | None = None) -> dict[str, Any]:
    """The record's data as the JSON format holds it, in ``lang`` (by default the record's own): ``record_of``'s
    inverse.  What the record leaves out (None, or an empty default: no incidents, no options) is left out; the
    format and the language are always written."""
    lang = lang or record.lang
    data = _plain(record, lang)
    assert isinstance(data, dict)
    data["lang"] = lang
    if record.cut is not None:
        data["cut"] = {name: _card_text(c, lang) for name, c in record.cut.items()}
    return data


def _card_text(c: Any, lang: str) -> Any:
    """A card as the record writes it; what is no card (a record made in code) as it is, for the schema to refuse."""
    return card_text(c, lang) if type(c) is int and UNKNOWN <= c < SUITS * RANKS_PER_SUIT else c


def _plain(value: Any, lang: str) -> Any:
    """A typed value as the schema's JSON: a role or a checkpoint by its id, a claim at a checkpoint or after so many
    tricks with its scores beside, the winner by name (None: nobody), cards by their text in ``lang``, every other
    object by its fields."""
    if isinstance(value, Role):
        return value.value
    if isinstance(value, Winner):
        return value.name
    if isinstance(value, RunningClaim):
        return {"at": value.at.label, **value.scores}
    if isinstance(value, TricksWonClaim):
        return {"after": value.after, **value.won}
    if is_dataclass(value) and not isinstance(value, Pairs):
        return {f.name: _plain(v, lang) for f in fields(value) if not _left_out(v := getattr(value, f.name), f)}
    if isinstance(value, tuple):  # cards are the model's only tuples of ints
        return [_card_text(v, lang) if type(v) is int else _plain(v, lang) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v, lang) for k, v in value.items()}
    return value


def _left_out(value: Any, f: Field[Any]) -> bool:
    default = f.default_factory() if f.default_factory is not MISSING else f.default
    return value is None or (value == default and default in ((), {}, Pairs()))
