"""A record's data as the JSON format holds it (``schemas/record.schema.json``), and the typed record of it.

``record_of`` builds the model (``model.py``) from a record's data once the
schema has checked it (the JSON reader's decoded document, a record's data
given to a writer), so it trusts the types; ``data_of`` gives back the data of
a typed record, in its language or another, for the JSON writer and to check
a record made in code against the schema.  The notation's reader needs
neither: it builds the model from its statements.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, Field, fields, is_dataclass
from typing import Any

from ..cards import RANKS_PER_SUIT, SUITS, UNKNOWN, card_of, card_text
from .checks import Checkpoint
from .model import (Call, Called, Calls, Cards, Claim, Comment, Count, Declarations, ExchangeSide, Hands, Incident,
                    Pairs, PartieClaim, RecordedDeal, RecordedExchange, Role, RunningClaim, Said, Shown, Sitting, SoFar,
                    TricksWonClaim, TypedRecord, Winner, pairs_or_none)


def _cards(value: list[str] | None, lang: str) -> Cards | None:
    return None if value is None else tuple(card_of(text, lang) for text in value)


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
        running.append(RunningClaim(at, Pairs.of((k, v) for k, v in point.items() if k != "at")))
    won = tuple(TricksWonClaim(p["after"], Pairs.of((k, v) for k, v in p.items() if k != "after"))
                for p in data.get("tricks_won", []))
    by = data.get("by")
    return Claim(pairs_or_none(data.get("final")), Pairs.of((k, Pairs.of(v)) for k, v in by.items())
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
        RecordedDeal, data, scores=pairs_or_none(data.get("scores")),
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
    return _build(PartieClaim, data, totals=pairs_or_none(data.get("totals")),
                  winner=Winner(data["winner"]) if "winner" in data else None)


def record_of(data: dict[str, Any]) -> TypedRecord:
    """The typed record of a record's data, as the schema has checked it."""
    players, lang = data["players"], data.get("lang", "en")
    so_far, sitting, cut = data.get("so_far"), data.get("sitting"), data.get("cut")
    return _build(TypedRecord, data, players=(players[0], players[1]),
                  deals=tuple(_deal(d, lang) for d in data["deals"]),
                  options=Pairs.of(data.get("options", {})),
                  source=Pairs.of(data.get("source", {})),
                  claimed=_partie_claim(data["claimed"]) if "claimed" in data else None,
                  so_far=SoFar(so_far["deals"], Pairs.of(so_far["scores"]), pairs_or_none(so_far.get("games")))
                  if so_far is not None else None,
                  sitting=Sitting(tuple(sitting["players"]), pairs_or_none(sitting.get("card")))
                  if sitting is not None else None,
                  cut=Pairs.of((name, card_of(text, lang)) for name, text in cut.items())
                  if cut is not None else None,
                  cut_lifted=pairs_or_none(data.get("cut_lifted")),
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
