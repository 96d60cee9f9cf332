"""A record's events in the order the table sees them, with each comment where it was written.

``walk(record)`` yields a typed record (``records.model``) as a sequence of ``RecordEvent`` values: the
tags, each deal's head, hands, talon, exchange, declarations, tricks and
claims, each incident where it happened (a misdeal with the deal, a miscall
after the declarations, a question before its trick), the partie's claims,
and every comment just before the event it stands before.  The canonical writer is one consumer of this walk;
a ``Visitor`` is another, for those who script their corpus (python-chess's
PGN visitors are the model): subclass it, override ``visit_trick`` or any other
of its methods, one a kind of event, and call ``visitor.visit_record(record)``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from ..cards import card_text
from ..records.model import Incident, RecordedDeal, Role, TypedRecord

#: A tag ``[Source_KEY "…"]`` fills the source's field KEY.
SOURCE_TAG_PREFIX = "Source_"
_TAG_ORDER = (("event", "Event"), ("date", "Date"), ("title", "Source"), ("locator", "Locator"),
              ("note", "SourceNote"))


class Told(StrEnum):
    """What kind of thing a record says; its value is the word a script may compare with (``"trick"``)."""

    TAG = "tag"
    COMMENT = "comment"
    BEGIN_PARTIE = "begin_partie"
    END_PARTIE = "end_partie"
    BEGIN_DEAL = "begin_deal"
    END_DEAL = "end_deal"
    NOTE = "note"
    HAND = "hand"
    TALON = "talon"
    INCIDENT = "incident"
    EXCHANGE = "exchange"
    BLANCHE = "blanche"
    DECLARATION = "declaration"
    TRICKS = "tricks"
    TRICK = "trick"
    TRICKS_WON = "tricks_won"
    RUNNING = "running"
    BY = "by"
    FINAL = "final"
    SHEET = "sheet"
    TOTALS = "totals"
    WINNER = "winner"
    POINTS_WON = "points_won"


class RecordEvent(NamedTuple):
    """One thing a record says.

    ``kind`` names it (a ``Told``); ``deal`` is the deal's number (0 outside
    a deal); ``data`` is the typed part of the record it tells (see ``docs/api.md``
    and each ``Visitor`` method): for a comment, its ``Comment``.
    """

    kind: Told
    deal: int
    data: Any


def _per_player(numbers: Mapping[str, int], signed: bool = False) -> list[str]:
    """A tag's values for a number by player: each name, then its number (with its sign, as a scoring card
    writes a gain or a loss)."""
    return [x for name, n in numbers.items() for x in (name, f"{n:+d}" if signed and n else str(n))]


def _tags(record: TypedRecord) -> Iterator[tuple[str, list[str]]]:
    source = record.source
    for key, tag in _TAG_ORDER:
        if key in source:
            yield tag, [source[key]]
    known = {k for k, _ in _TAG_ORDER}
    yield from ((f"{SOURCE_TAG_PREFIX}{k}", [v]) for k, v in source.items() if k not in known)
    if record.ruleset is not None:
        yield "Ruleset", [record.ruleset]
    yield from (("Option", [f"{k}={v}"]) for k, v in record.options.items())
    yield "Players", list(record.players)
    yield "Lang", [record.lang]
    if record.cut is not None:
        yield "Cut", [x for name, c in record.cut.items() for x in (name, card_text(c, record.lang))]
    if record.higher_chose is not None:
        yield "HigherChose", [record.higher_chose]
    if record.cut_lifted is not None:
        yield "CutLifted", _per_player(record.cut_lifted)
    so_far = record.so_far
    if so_far is not None:
        yield "DealsSoFar", [str(so_far.deals)]
        yield "ScoreSoFar", _per_player(so_far.scores)
        if so_far.games is not None:
            yield "GamesSoFar", _per_player(so_far.games)
    sitting = record.sitting
    if sitting is not None:
        yield "Sitting", list(sitting.players)
        if sitting.card is not None:
            yield "ScoringCard", _per_player(sitting.card, signed=True)
    if record.note is not None:
        yield "Note", [record.note]

#: Where an incident is told: with the deal (0), after the exchange (1), after the declarations (2), in play (3),
#: after the play, with the deal's score (4).
_INCIDENT_PLACE = {"blanche_shown_late": 1, "retakes_discard": 1, "mixed_into_discard": 1, "alters_discard": 1,
                   "takes_up_left_cards": 1,
                   "miscall": 2, "reply": 2, "omission": 2, "takes_left_card": 3, "question": 3, "retract": 3,
                   "throws_down": 3, "score_corrected": 4}


def _incident_places(incidents: tuple[Incident, ...], tricks: int) -> list[tuple[int, int]]:
    """Each incident's place in the deal's telling: (part of the deal, the trick it comes before, in play).

    An incident in play comes before its trick (after the last trick written,
    if its trick is not).  The record's list keeps its order, so the incidents
    are told where they happened only if that order allows; otherwise all are
    told with the deal, in the list's order.
    """
    places = [(_INCIDENT_PLACE.get(inc.type, 0), 0) for inc in incidents]
    places = [(part, min(max(inc.before_trick or 1, 1), tricks + 1) if part == 3 else 0)
              for (part, _), inc in zip(places, incidents)]
    return places if places == sorted(places) else [(0, 0)] * len(incidents)


def walk(record: TypedRecord) -> Iterator[RecordEvent]:
    """Every event of a record, comments in place.

    A comment whose anchor names nothing the record says (a JSON record may)
    comes at the end, so that none is lost.
    """
    comments = record.comments
    placed: set[str] = set()

    def before(anchor: str, n: int = 0) -> Iterator[RecordEvent]:
        placed.add(anchor)
        return (RecordEvent(Told.COMMENT, n, c) for c in comments if c.before == anchor)

    seen: set[str] = set()
    for tag, values in _tags(record):
        if tag not in seen:
            seen.add(tag)
            yield from before(f"tag:{tag}")
        yield RecordEvent(Told.TAG, 0, (tag, values))
    partie = len(record.deals) > 1 or record.claimed is not None
    yield from before("deal:1")
    if partie:
        yield RecordEvent(Told.BEGIN_PARTIE, 0, None)
    for n, deal in enumerate(record.deals, 1):
        if n > 1:
            yield from before(f"deal:{n}")
        yield from _deal(deal, n)
    claimed = record.claimed
    if claimed is not None:
        for kind, anchor, value in ((Told.TOTALS, "partie:totals", claimed.totals),
                                    (Told.WINNER, "partie:winner", claimed.winner),
                                    (Told.POINTS_WON, "partie:won", claimed.points_won)):
            if value is not None:
                yield from before(anchor)
                yield RecordEvent(kind, 0, value)
    yield from before("end")
    yield from (RecordEvent(Told.COMMENT, 0, c) for c in comments if c.before not in placed)
    if partie:
        yield RecordEvent(Told.END_PARTIE, 0, None)


def _deal(deal: RecordedDeal, n: int) -> Iterator[RecordEvent]:
    notes = deal.comments
    placed = {"end"}

    def put(anchor: str, kind: Told, data: Any) -> Iterator[RecordEvent]:
        placed.add(anchor)
        yield from (RecordEvent(Told.COMMENT, n, c) for c in notes if c.before == anchor)
        yield RecordEvent(kind, n, data)

    yield RecordEvent(Told.BEGIN_DEAL, n, deal)
    if deal.note is not None:
        yield from put("note", Told.NOTE, deal.note)
    if deal.hands is not None:
        yield from put("hands.elder", Told.HAND, (Role.ELDER, deal.hands.elder))
        yield from put("hands.younger", Told.HAND, (Role.YOUNGER, deal.hands.younger))
    if deal.talon is not None:
        yield from put("talon", Told.TALON, deal.talon)
    tricks = deal.tricks or ()
    places = _incident_places(deal.incidents, len(tricks))

    def incidents(place: tuple[int, int]) -> Iterator[RecordEvent]:
        for k, inc in enumerate(deal.incidents):
            if places[k] == place:
                yield from put(f"incident:{k}", Told.INCIDENT, inc)

    yield from incidents((0, 0))
    for role in Role:
        side = deal.exchange.of(role.seat) if deal.exchange is not None else None
        if side is not None:
            yield from put(f"exchange.{role.value}", Told.EXCHANGE, (role, side))
    for role in deal.carte_blanche:
        yield from put(f"carte_blanche.{role.value}", Told.BLANCHE, role)
    yield from incidents((1, 0))
    for kind, calls in deal.declarations.kinds() if deal.declarations is not None else ():
        yield from put(f"declarations.{kind}", Told.DECLARATION, (kind, calls))
    yield from incidents((2, 0))
    claimed = deal.claimed
    won = list(enumerate(claimed.tricks_won if claimed is not None else ()))
    if tricks:
        yield from put("tricks", Told.TRICKS, None)
    counts = {(c.trick, c.card): c.count for c in deal.counts}
    for t in range(len(tricks) + 1):
        if t:
            yield from incidents((3, t))
            spoken = tuple(counts.get((t, j)) for j in range(1, len(tricks[t - 1]) + 1))
            yield from put(f"trick:{t}", Told.TRICK, (t, tricks[t - 1], spoken))
        for k, point in won:
            if point.after == t or (t == len(tricks) and point.after > t):
                yield from put(f"claim:tricks_won:{k}", Told.TRICKS_WON, point)
    yield from incidents((3, len(tricks) + 1))
    yield from incidents((4, 0))
    if claimed is not None:
        for k, running in enumerate(claimed.running):
            yield from put(f"claim:running:{k}", Told.RUNNING, running)
        for category, scores in (claimed.by or {}).items():
            yield from put(f"claim:by:{category}", Told.BY, (category, scores))
        if claimed.final is not None:
            yield from put("claim:final", Told.FINAL, claimed.final)
    if deal.scores is not None:
        yield from put("sheet", Told.SHEET, deal.scores)
    yield from (RecordEvent(Told.COMMENT, n, c) for c in notes if c.before == "end" or c.before not in placed)
    yield RecordEvent(Told.END_DEAL, n, deal)


class Visitor:
    """Walks a record's events, calling the method for each one's kind: ``visit_trick`` for a trick; each does
    nothing here, and a subclass overrides those it wants.

    ``visit_record`` returns ``result()``, which a subclass overrides to give
    what it gathered (python-chess's ``BaseVisitor.result``).
    """

    def visit_record(self, record: TypedRecord) -> Any:
        for event in walk(record):
            self.visit(event)
        return self.result()

    def visit(self, event: RecordEvent) -> None:
        match event.kind:
            case Told.TAG:
                self.visit_tag(event)
            case Told.COMMENT:
                self.visit_comment(event)
            case Told.BEGIN_PARTIE:
                self.visit_begin_partie(event)
            case Told.END_PARTIE:
                self.visit_end_partie(event)
            case Told.BEGIN_DEAL:
                self.visit_begin_deal(event)
            case Told.END_DEAL:
                self.visit_end_deal(event)
            case Told.NOTE:
                self.visit_note(event)
            case Told.HAND:
                self.visit_hand(event)
            case Told.TALON:
                self.visit_talon(event)
            case Told.INCIDENT:
                self.visit_incident(event)
            case Told.EXCHANGE:
                self.visit_exchange(event)
            case Told.BLANCHE:
                self.visit_blanche(event)
            case Told.DECLARATION:
                self.visit_declaration(event)
            case Told.TRICKS:
                self.visit_tricks(event)
            case Told.TRICK:
                self.visit_trick(event)
            case Told.TRICKS_WON:
                self.visit_tricks_won(event)
            case Told.RUNNING:
                self.visit_running(event)
            case Told.BY:
                self.visit_by(event)
            case Told.FINAL:
                self.visit_final(event)
            case Told.SHEET:
                self.visit_sheet(event)
            case Told.TOTALS:
                self.visit_totals(event)
            case Told.WINNER:
                self.visit_winner(event)
            case Told.POINTS_WON:
                self.visit_points_won(event)

    def visit_tag(self, event: RecordEvent) -> None:
        """A tag: ``(name, values)``."""

    def visit_comment(self, event: RecordEvent) -> None:
        """A comment, where it was written: its ``Comment`` (``before``, ``text``)."""

    def visit_begin_partie(self, event: RecordEvent) -> None:
        """A partie begins (the data is None)."""

    def visit_end_partie(self, event: RecordEvent) -> None:
        """The partie ends (the data is None)."""

    def visit_begin_deal(self, event: RecordEvent) -> None:
        """A deal begins: its ``RecordedDeal``."""

    def visit_end_deal(self, event: RecordEvent) -> None:
        """A deal ends: its ``RecordedDeal``."""

    def visit_note(self, event: RecordEvent) -> None:
        """The deal's note: its text."""

    def visit_hand(self, event: RecordEvent) -> None:
        """A hand dealt: ``(role, cards)``, a ``Role`` and the cards as written."""

    def visit_talon(self, event: RecordEvent) -> None:
        """The talon: its cards, top first."""

    def visit_incident(self, event: RecordEvent) -> None:
        """An incident, where it happened: its ``Incident``."""

    def visit_exchange(self, event: RecordEvent) -> None:
        """An exchange: ``(role, side)``, a ``Role`` and its ``ExchangeSide``."""

    def visit_blanche(self, event: RecordEvent) -> None:
        """A carte blanche shown: the ``Role``."""

    def visit_declaration(self, event: RecordEvent) -> None:
        """A kind of declaration: ``(kind, calls)``, ``point``, ``sequences`` or ``sets`` and its ``Calls``."""

    def visit_tricks(self, event: RecordEvent) -> None:
        """The tricks begin (the "tricks:" line; the data is None)."""

    def visit_trick(self, event: RecordEvent) -> None:
        """A trick: ``(number, cards, the counts said after each card or None)``."""

    def visit_tricks_won(self, event: RecordEvent) -> None:
        """The tricks each claims to have won: a ``TricksWonClaim`` (``after``, ``won``)."""

    def visit_running(self, event: RecordEvent) -> None:
        """A running score claimed: a ``RunningClaim`` (``at``, a checkpoint; ``scores``)."""

    def visit_by(self, event: RecordEvent) -> None:
        """A category's scores claimed: ``(category, {player: score})``."""

    def visit_final(self, event: RecordEvent) -> None:
        """The deal's final scores claimed: ``{player: score}``."""

    def visit_sheet(self, event: RecordEvent) -> None:
        """The scoring sheet's line for the deal: ``{player: score}``."""

    def visit_totals(self, event: RecordEvent) -> None:
        """The partie's totals claimed: ``{player: score}``."""

    def visit_winner(self, event: RecordEvent) -> None:
        """The partie's winner claimed: a ``Winner`` (``name`` None: nobody)."""

    def visit_points_won(self, event: RecordEvent) -> None:
        """The points the partie's winner is claimed to win."""

    def result(self) -> Any:
        return None
