"""A record's events in the order the table sees them, with each comment where it was written.

``walk(record)`` yields the record as a sequence of ``RecordEvent`` values: the
tags, each deal's head, hands, talon, exchange, declarations, tricks and
claims, each incident where it happened (a misdeal with the deal, a miscall
after the declarations, a question before its trick), the partie's claims,
and every comment just before the event it stands before.  The canonical writer is one consumer of this walk;
a ``Visitor`` is another, for those who script their corpus (python-chess's
PGN visitors are the model): subclass it, define ``visit_trick`` or any other
``visit_<kind>``, and call ``visitor.visit_record(record)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

#: A tag ``[Source_KEY "…"]`` fills the source's field KEY.
SOURCE_TAG_PREFIX = "Source_"
_TAG_ORDER = (("event", "Event"), ("date", "Date"), ("title", "Source"), ("locator", "Locator"),
              ("note", "SourceNote"))


class RecordEvent(NamedTuple):
    """One thing a record says.

    ``kind`` names it (``tag``, ``comment``, ``begin_partie``, ``begin_deal``,
    ``note``, ``hand``, ``talon``, ``incident``, ``exchange``, ``blanche``,
    ``declaration``, ``tricks``, ``trick``, ``tricks_won``, ``running``,
    ``by``, ``final``, ``sheet``, ``end_deal``, ``totals``, ``winner``,
    ``points_won``, ``end_partie``); ``deal`` is the deal's number (0 outside
    a deal); ``data`` is what the record holds for it (see ``docs/api.md``): for
    a comment, the record's ``{"before": anchor, "text": …}``.
    """

    kind: str
    deal: int
    data: Any


def _per_player(numbers: dict[str, int], signed: bool = False) -> list[str]:
    """A tag's values for a number by player: each name, then its number (with its sign, as a scoring card
    writes a gain or a loss)."""
    return [x for name, n in numbers.items() for x in (name, f"{n:+d}" if signed and n else str(n))]


def _tags(record: dict[str, Any]) -> Iterator[tuple[str, list[str]]]:
    source = record.get("source", {})
    for key, tag in _TAG_ORDER:
        if key in source:
            yield tag, [source[key]]
    known = {k for k, _ in _TAG_ORDER}
    yield from ((f"{SOURCE_TAG_PREFIX}{k}", [v]) for k, v in source.items() if k not in known)
    if "ruleset" in record:
        yield "Ruleset", [record["ruleset"]]
    yield from (("Option", [f"{k}={v}"]) for k, v in record.get("options", {}).items())
    yield "Players", list(record["players"])
    yield "Lang", [record.get("lang", "en")]
    if "cut" in record:
        yield "Cut", [x for pair in record["cut"].items() for x in pair]
    if "higher_chose" in record:
        yield "HigherChose", [record["higher_chose"]]
    if "cut_lifted" in record:
        yield "CutLifted", _per_player(record["cut_lifted"])
    so_far = record.get("so_far", {})
    if "deals" in so_far:
        yield "DealsSoFar", [str(so_far["deals"])]
    for key, tag in (("scores", "ScoreSoFar"), ("games", "GamesSoFar")):
        if key in so_far:
            yield tag, _per_player(so_far[key])
    sitting = record.get("sitting", {})
    if "players" in sitting:
        yield "Sitting", list(sitting["players"])
    if "card" in sitting:
        yield "ScoringCard", _per_player(sitting["card"], signed=True)
    if "note" in record:
        yield "Note", [record["note"]]


def walk(record: dict[str, Any]) -> Iterator[RecordEvent]:
    """Every event of a record (the ``piquet-record/1`` dict), comments in place.

    A comment whose anchor names nothing the record says (a JSON record may)
    comes at the end, so that none is lost.
    """
    comments = record.get("comments", [])
    placed: set[str] = set()

    def before(anchor: str, n: int = 0, notes: list[dict[str, str]] = comments) -> Iterator[RecordEvent]:
        placed.add(anchor)
        return (RecordEvent("comment", n, c) for c in notes if c["before"] == anchor)

    seen: set[str] = set()
    for tag, values in _tags(record):
        if tag not in seen:
            seen.add(tag)
            yield from before(f"tag:{tag}")
        yield RecordEvent("tag", 0, (tag, values))
    partie = len(record["deals"]) > 1 or "claimed" in record
    yield from before("deal:1")
    if partie:
        yield RecordEvent("begin_partie", 0, None)
    for n, deal in enumerate(record["deals"], 1):
        if n > 1:
            yield from before(f"deal:{n}")
        yield from _deal(deal, n)
    claimed = record.get("claimed", {})
    for key, anchor in (("totals", "partie:totals"), ("winner", "partie:winner"), ("points_won", "partie:won")):
        if key in claimed:
            yield from before(anchor)
            yield RecordEvent(key, 0, claimed[key])
    yield from before("end")
    yield from (RecordEvent("comment", 0, c) for c in comments if c["before"] not in placed)
    if partie:
        yield RecordEvent("end_partie", 0, None)


def _deal(deal: dict[str, Any], n: int) -> Iterator[RecordEvent]:
    notes = deal.get("comments", [])
    placed = {"end"}

    def put(anchor: str, kind: str, data: Any) -> Iterator[RecordEvent]:
        placed.add(anchor)
        yield from (RecordEvent("comment", n, c) for c in notes if c["before"] == anchor)
        yield RecordEvent(kind, n, data)

    yield RecordEvent("begin_deal", n, deal)
    if "note" in deal:
        yield from put("note", "note", deal["note"])
    for role in ("elder", "younger"):
        if role in deal.get("hands", {}):
            yield from put(f"hands.{role}", "hand", (role, deal["hands"][role]))
    if "talon" in deal:
        yield from put("talon", "talon", deal["talon"])
    tricks = deal.get("tricks", [])
    places = _incident_places(deal.get("incidents", []), len(tricks))

    def incidents(place: tuple[int, int]) -> Iterator[RecordEvent]:
        for k, inc in enumerate(deal.get("incidents", [])):
            if places[k] == place:
                yield from put(f"incident:{k}", "incident", inc)

    yield from incidents((0, 0))
    for role in ("elder", "younger"):
        if role in deal.get("exchange", {}):
            yield from put(f"exchange.{role}", "exchange", (role, deal["exchange"][role]))
    for role in deal.get("carte_blanche", []):
        yield from put(f"carte_blanche.{role}", "blanche", role)
    yield from incidents((1, 0))
    for kind in ("point", "sequences", "sets"):
        if kind in deal.get("declarations", {}):
            yield from put(f"declarations.{kind}", "declaration", (kind, deal["declarations"][kind]))
    yield from incidents((2, 0))
    claimed = deal.get("claimed", {})
    won = list(enumerate(claimed.get("tricks_won", [])))
    if tricks:
        yield from put("tricks", "tricks", None)
    counts = {(c["trick"], c["card"]): c["count"] for c in deal.get("counts", [])}
    for t in range(len(tricks) + 1):
        if t:
            yield from incidents((3, t))
            spoken = [counts.get((t, j)) for j in range(1, len(tricks[t - 1]) + 1)]
            yield from put(f"trick:{t}", "trick", (t, tricks[t - 1], spoken))
        for k, point in won:
            if point["after"] == t or (t == len(tricks) and point["after"] > t):
                yield from put(f"claim:tricks_won:{k}", "tricks_won", point)
    yield from incidents((3, len(tricks) + 1))
    yield from incidents((4, 0))
    for k, point in enumerate(claimed.get("running", [])):
        yield from put(f"claim:running:{k}", "running", point)
    for category, scores in claimed.get("by", {}).items():
        yield from put(f"claim:by:{category}", "by", (category, scores))
    if "final" in claimed:
        yield from put("claim:final", "final", claimed["final"])
    if "scores" in deal:
        yield from put("sheet", "sheet", deal["scores"])
    yield from (RecordEvent("comment", n, c) for c in notes if c["before"] == "end" or c["before"] not in placed)
    yield RecordEvent("end_deal", n, deal)


#: Where an incident is told: with the deal (0), after the exchange (1), after the declarations (2), in play (3),
#: after the play, with the deal's score (4).
_INCIDENT_PLACE = {"blanche_shown_late": 1, "retakes_discard": 1, "mixed_into_discard": 1, "alters_discard": 1,
                   "miscall": 2, "reply": 2, "omission": 2, "takes_left_card": 3, "question": 3, "retract": 3,
                   "throws_down": 3, "score_corrected": 4}


def _incident_places(incidents: list[dict[str, Any]], tricks: int) -> list[tuple[int, int]]:
    """Each incident's place in the deal's telling: (part of the deal, the trick it comes before, in play).

    An incident in play comes before its trick (after the last trick written,
    if its trick is not).  The record's list keeps its order, so the incidents
    are told where they happened only if that order allows; otherwise all are
    told with the deal, in the list's order.
    """
    places = [(_INCIDENT_PLACE.get(inc["type"], 0), 0) for inc in incidents]
    places = [(part, min(max(inc.get("before_trick", 1), 1), tricks + 1) if part == 3 else 0)
              for (part, _), inc in zip(places, incidents)]
    return places if places == sorted(places) else [(0, 0)] * len(incidents)


class Visitor:
    """Walks a record's events, calling ``visit_<kind>(event)`` for each kind it defines.

    ``visit_record`` returns ``result()``, which a subclass overrides to give
    what it gathered (python-chess's ``BaseVisitor.result``).
    """

    def visit_record(self, record: dict[str, Any]) -> Any:
        for event in walk(record):
            method = getattr(self, f"visit_{event.kind}", None)
            if method is not None:
                method(event)
        return self.result()

    def result(self) -> Any:
        return None
