"""A value said not to apply (the schema's ``x-applies-when``) really changes nothing, and the views say so.

Each rule a shipped ruleset's other rules leave without effect is set to
another value, and the same random parties are played and every example
record is replayed: the scores must be the same.  A relation that went stale
(a rule the engine came to read in more cases) fails here.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from piquet_variants import api, examples
from piquet_variants.attribution import category_figures, with_values
from piquet_variants.players.random_player import random_partie
from piquet_variants.engine.record import replay
from piquet_variants.rulebook import views
from piquet_variants.ruleset.applicability import conditions, failing
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.model import Rules, Ruleset, plain
from piquet_variants.ruleset.registry import known_ids
from piquet_variants.schemas import rule_leaves, schema

SHIPPED = sorted(known_ids())


def _leaf(path: str) -> dict[str, Any]:
    group, key = path.split(".")
    return schema("ruleset")["$defs"]["rules"]["properties"][group]["properties"][key]["properties"]["value"]


def _other(path: str, value: Any) -> Any:
    """A value of the rule other than ``value``, as the schema allows it."""
    spec = _leaf(path)
    if "enum" in spec:
        return next(v for v in spec["enum"] if v != value)
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, list):
        return value[1:] if value else [spec["items"]["enum"][0]]
    raise AssertionError(f"no other value for {path}: {value!r}")


def _changed(rs: Ruleset, paths: list[str]) -> Rules:
    return with_values(rs.rules, {p: _other(p, plain(rs.entry(p).value)) for p in paths})


def _parties(rules: Rules, seed: int, n: int) -> list[Any]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        p = random_partie(rules, rng, max_deals=12)
        out.append((p.totals, p.games, p.winner, p.deals_counted, p.result()))
    return out


def test_every_relation_names_rules_and_values_the_schema_has() -> None:
    leaves = {f"{g}.{k}" for g, specs in rule_leaves().items() for k in specs}
    assert conditions(), "no rule declares when it applies"
    for path, needed in conditions().items():
        assert path in leaves
        for c in needed:
            for other in c.rules():
                assert other in leaves and other != path, (path, other)


@pytest.mark.parametrize("ruleset_id", SHIPPED)
def test_a_value_that_does_not_apply_changes_no_score_in_play(ruleset_id: str) -> None:
    rs = load_ruleset(ruleset_id)
    paths = sorted(failing(rs))
    assert paths, f"{ruleset_id}: every rule applies"
    same = _parties(rs.rules, 11, 6)
    for path in paths:  # each alone, then all together
        assert _parties(_changed(rs, [path]), 11, 6) == same, path
    assert _parties(_changed(rs, paths), 11, 6) == same


def test_a_value_that_applies_does_change_play() -> None:
    """The experiment can see a change: the rules a partie of six deals reads do move its result."""
    rs = load_ruleset("cavendish-rubicon")
    assert "game.deals" not in failing(rs)
    assert _parties(_changed(rs, ["game.deals"]), 11, 6) != _parties(rs.rules, 11, 6)


def _records() -> list[Any]:
    out = []
    for f in examples.files():
        out += api.read(f, on_error=lambda error: None)  # a record the rules cannot read is no test of them
    return out


def test_a_value_that_does_not_apply_changes_no_recorded_score() -> None:
    """The example records (their incidents and penalties too) score the same with every such value changed."""
    replayed = 0
    for doc in _records():
        rs = load_ruleset(doc.data.get("ruleset", "modern-fr"), tuple(doc.data.get("options", {}).items()))
        paths = sorted(failing(rs))
        record = doc.model
        before = replay(record, rs.rules, doc.located)
        after = replay(record, _changed(rs, paths), doc.located)
        assert category_figures(after) == category_figures(before), doc.file
        assert after.partie == before.partie, doc.file
        replayed += 1
    assert replayed >= 20


def test_the_views_say_does_not_apply_with_the_reason(cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # a table's rows on one line each
    code, out, _ = cli("rulesets", "history", "game.deals", "--format", "json")
    rows = {r["ruleset"]: r for r in json.loads(out)["rows"]}
    assert rows["royall-1651"]["value"] == 6 and rows["royall-1651"]["applies"] is False
    assert rows["cavendish-rubicon"]["applies"] is True
    code, out, _ = cli("rulesets", "history", "game.deals")
    row = next(x for x in out.splitlines() if "royall-1651" in x)
    assert "does not apply" in row and " 6 " not in row
    assert "royall-1651: does not apply (how the partie ends: First to the target)" in out.splitlines()
    code, out, _ = cli("rulesets", "history", "game.deals", "--lang", "fr")
    assert "sans objet (comment finit la partie : Le premier au but)" in out
    for args in (("show", "royall-1651"), ("diff", "royall-1651", "cavendish-rubicon"),
                 ("matrix", "royall-1651", "cavendish-rubicon", "--rules", "game.*")):
        code, out, _ = cli("rulesets", *args)
        assert code == 0 and "does not apply (how the partie ends: First to the target)" in out, args
    code, out, _ = cli("rulesets", "show", "royall-1651", "--format", "json")
    deals = next(r for r in json.loads(out)["rules"] if r["path"] == "game.deals")
    assert deals["value"] == 6 and deals["applies"] is False and "First to the target" in deals["applies_reason"]
