"""The fast validator (jsonschema-rs) and the Python one (whose messages the tool prints) agree on what is a valid
record: over every shipped JSON record, and mutants of them with one value replaced by a wrong one."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from piquet_variants.located import Located
from piquet_variants.schemas import _fast, validate, validator

pytest.importorskip("jsonschema_rs")
DEALS = Path(__file__).parent.parent / "docs" / "deals"
WRONG: list[Any] = [True, 2.0, 1, -1, "x", "ZZ", "?", None, [], {}, ["AS", "AS"], {"x": 1}]


def _records() -> Iterator[dict[str, Any]]:
    for path in sorted(DEALS.rglob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        yield from data if isinstance(data, list) else [data]


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in children:
        yield from _leaves(child, path + (key,))


def _replaced(record: dict[str, Any], path: tuple[Any, ...], new: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    *parents, last = path
    place: Any = out
    for key in parents:
        place = place[key]
    place[last] = new
    return out


def test_both_validators_agree_on_every_record_and_on_mutants() -> None:
    """Every record whole, and 800 mutants drawn from all the (record, value, wrong value) triples."""
    assert _fast("record") is not None
    records = list(_records())
    triples = [(record, path, new) for record in records for path in list(_leaves(record))[1:] for new in WRONG]
    assert len(triples) > 5_000
    mutants = records + [_replaced(*triple) for triple in random.Random(1).sample(triples, 800)]
    for mutant in mutants:
        slow_valid = next(iter(validator("record").iter_errors(mutant)), None) is None
        assert (validate(Located("m.json", mutant), "record") == []) == slow_valid, mutant
