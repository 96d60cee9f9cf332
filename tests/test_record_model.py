"""The typed record model is held to the record schema: every property of every object the schema defines is a
field of its class, and every field a property (or the field that holds the object's other keys); and every
shipped record builds into it."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest

import piquet_variants as pv
from piquet_variants.records import data, model
from piquet_variants.errors import Message, Problem
from piquet_variants.records.checks import Checkpoint, Stage
from piquet_variants.schemas import schema

DEALS = Path(__file__).parent.parent / "docs" / "deals"

#: Each object of the schema (by where it is defined) and its class; a class's field for the object's other keys.
CLASSES: dict[str, tuple[type[Any], str | None]] = {
    "": (model.TypedRecord, None),
    "/properties/comments/items": (model.Comment, None),
    "/$defs/deal": (model.RecordedDeal, None),
    "/$defs/deal/properties/hands": (model.Hands, None),
    "/$defs/exchange_side": (model.ExchangeSide, None),
    "/$defs/deal/properties/exchange": (model.RecordedExchange, None),
    "/$defs/deal/properties/incidents/items": (model.Incident, None),
    "/$defs/deal/properties/incidents/items/properties/called": (model.Called, None),
    "/$defs/deal/properties/declarations": (model.Declarations, None),
    "/$defs/calls": (model.Calls, None),
    "/$defs/call/oneOf/2": (model.Shown, None),
    "/$defs/said": (model.Said, None),
    "/$defs/deal/properties/claimed": (model.Claim, None),
    "/$defs/deal/properties/claimed/properties/running/items": (model.RunningClaim, "scores"),
    "/$defs/deal/properties/claimed/properties/tricks_won/items": (model.TricksWonClaim, "won"),
    "/$defs/deal/properties/counts/items": (model.Count, None),
    "/$defs/deal/properties/comments/items": (model.Comment, None),
    "/$defs/partie_claim": (model.PartieClaim, None),
    "/properties/so_far": (model.SoFar, None),
    "/properties/sitting": (model.Sitting, None),
}


def _resolve(pointer: str) -> dict[str, Any]:
    node: Any = schema("record")
    for part in pointer.split("/")[1:]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if "$ref" in node:
        return _resolve(node["$ref"][1:])
    return node


def _properties(node: dict[str, Any]) -> set[str]:
    """An object's properties; of a union of objects (oneOf), those of any of its shapes."""
    if "oneOf" in node:
        return set().union(*(_properties(shape) for shape in node["oneOf"]))
    return set(node.get("properties", {}))


def _objects(node: Any, pointer: str = "") -> set[str]:
    """Where the schema defines an object with properties (its own, or its shapes')."""
    if pointer.endswith("/if"):  # a condition on an incident's type, not an object of its own
        return set()
    found = {pointer} if isinstance(node, dict) and ("properties" in node and node.get("type") != "array") else set()
    if isinstance(node, dict):
        for key, child in node.items():
            found |= _objects(child, f"{pointer}/{key}")
    elif isinstance(node, list):
        for i, child in enumerate(node):
            found |= _objects(child, f"{pointer}/{i}")
    return found


def test_every_object_of_the_schema_has_its_class() -> None:
    said_shapes = {f"/$defs/said/oneOf/{i}" for i in range(6)}
    call_shapes = {"/$defs/call/oneOf/2/properties/call"}
    assert _objects(schema("record")) - said_shapes - call_shapes == set(CLASSES) - {"/$defs/said"}


@pytest.mark.parametrize("pointer", sorted(CLASSES))
def test_a_class_has_a_field_for_each_property_and_no_other(pointer: str) -> None:
    cls, others = CLASSES[pointer]
    names = {f.name for f in fields(cls)}
    assert names - ({others} if others else set()) == _properties(_resolve(pointer))


@pytest.mark.parametrize("path", sorted(DEALS.rglob("*.piquet")) + sorted(DEALS.rglob("*.json")), ids=lambda p: p.name)
def test_every_shipped_record_builds_into_the_model(path: Path) -> None:
    for record in pv.read(path):
        typed = data.record_of(record.data)
        assert typed.players == tuple(record.data["players"]) and len(typed.deals) == len(record.data["deals"])
        for deal, raw in zip(typed.deals, record.data["deals"]):
            running = raw.get("claimed", {}).get("running", [])
            assert [r.at.label for r in (deal.claimed.running if deal.claimed else ())] == [r["at"] for r in running]


@pytest.mark.parametrize("path", sorted(DEALS.rglob("*.piquet")) + sorted(DEALS.rglob("*.json")), ids=lambda p: p.name)
def test_the_writers_write_a_typed_record_as_its_data(path: Path) -> None:
    """``data_of`` undoes ``record_of``; the notation written from the typed record is the record's own, and its JSON
    is the record's data with the format and the language always stated."""
    for record in pv.read(path):
        typed = record.model
        assert data.record_of(data.data_of(typed)) == typed
        assert pv.write(typed) == pv.write(record)
        stated = {"format": "piquet-record/1", "lang": "en"}
        assert json.loads(pv.write_json(typed)) == dict(stated, **record.data)


def test_a_typed_record_made_wrong_is_refused_by_the_writers() -> None:
    deal = model.RecordedDeal(dealer="B", hands=model.Hands((0,), (3, "ZZ")))
    typed = model.TypedRecord(players=("A", "B"), deals=(deal,))
    with pytest.raises(pv.PiquetError, match=r"deals\[0\]\.hands\.younger\[1\]"):
        pv.write(typed)  # type: ignore[arg-type]


def test_a_claimed_running_score_is_a_typed_checkpoint() -> None:
    record = {"players": ["A", "B"], "deals": [{"dealer": "B", "claimed": {"running": [{"at": "lead:3", "A": 4}]}}]}
    (deal,) = data.record_of(record).deals
    assert deal.claimed is not None and deal.claimed.running[0] == model.RunningClaim(Checkpoint(Stage.LEAD, 3),
                                                                                      {"A": 4})


class _Nowhere:
    """The places of a record made in code: every value at line 1, column 1 of ``<made>``."""

    def where(self, path: tuple[str | int, ...]) -> tuple[int, int]:
        return 1, 1

    def problem(self, path: tuple[str | int, ...], message: Message) -> Problem:
        return Problem("<made>", 1, 1, ".".join(map(str, path)), message)


def test_the_engine_replays_a_typed_record_made_in_code() -> None:
    """The replay reads the typed record alone: one changed by ``dataclasses.replace`` (the book's total for the
    elder made wrong) replays to the same scores, and the changed claim is the one mismatch."""
    from piquet_variants.engine.record import replay
    from piquet_variants.ruleset.compiler import load_ruleset

    record = next(iter(pv.read(DEALS / "rubicon-partie.piquet")))
    typed = data.record_of(record.data)
    rules = load_ruleset("cavendish-rubicon").rules
    first = typed.deals[0]
    assert first.claimed is not None and first.claimed.final is not None
    elder = typed.players[1] if first.dealer == typed.players[0] else typed.players[0]
    wrong = dict(first.claimed.final, **{elder: first.claimed.final[elder] + 1})
    changed = replace(typed, deals=(replace(first, claimed=replace(first.claimed, final=wrong)),) + typed.deals[1:])
    right, made = replay(typed, rules, record.located), replay(changed, rules, _Nowhere())
    assert [d.totals for d in made.deals] == [d.totals for d in right.deals]
    assert [(m.deal, m.player, m.claimed, m.engine) for m in made.mismatches] == [
        (1, elder, wrong[elder], right.deals[0].totals[0])] + [(m.deal, m.player, m.claimed, m.engine)
                                                               for m in right.mismatches]


def test_a_fault_of_a_typed_record_is_placed_by_its_places() -> None:
    from piquet_variants.engine.record import replay
    from piquet_variants.errors import RecordError
    from piquet_variants.ruleset.compiler import load_ruleset

    typed = model.TypedRecord(players=("A", "B"), deals=(model.RecordedDeal(dealer="C"),))
    with pytest.raises(RecordError) as caught:
        replay(typed, load_ruleset("cavendish-rubicon").rules, _Nowhere())
    assert str(caught.value.problems[0]).startswith("<made>:1:1") and "dealer 'C' is not one of the players" in str(
        caught.value)
