"""Which rules cannot matter under a ruleset's other rules, read from the schema.

A rule's value may be one the engine never reaches: the number of deals of a
partie that is a race, the points of a grand coup where no penalty is one, the
bonus for a last trick won by a card that does not count where every card
counts.  Such a value is still the ruleset's (a reader may ask for it, and JSON
keeps it), but it is no position of its source: shown, compared or set against
another source's, it must say that it does not apply.

The relation is data, declared in the ruleset schema beside the rule it
governs (``x-applies-when``: a list of conditions, all of which must hold), so
that a new rule brings its own and no ruleset is named here.  A condition reads
another rule's value: ``is`` (one of the values listed), ``lacks_some_of`` (a
list of ranks missing one of another rule's ranks), ``at_least`` (a number),
or ``any`` of several conditions.  ``tests/test_applicability.py`` plays deals
and replays records with each value said not to apply changed, and finds the
same scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from ..schemas import schema
from .model import Ruleset, plain


@dataclass(frozen=True, slots=True)
class Condition:
    """One test of another rule's value; exactly one of ``is_``, ``lacks_some_of``, ``at_least`` or ``any`` is set."""

    rule: str | None = None
    is_: tuple[Any, ...] | None = None
    lacks_some_of: str | None = None
    at_least: int | None = None
    any: tuple[Condition, ...] = ()

    def rules(self) -> tuple[str, ...]:
        """Every rule the condition reads."""
        if self.any:
            return tuple(r for c in self.any for r in c.rules())
        return tuple(r for r in (self.rule, self.lacks_some_of) if r)


def _condition(raw: dict[str, Any]) -> Condition:
    if "any" in raw:
        return Condition(any=tuple(_condition(c) for c in raw["any"]))
    return Condition(rule=raw["rule"], is_=tuple(raw["is"]) if "is" in raw else None,
                     lacks_some_of=raw.get("lacks_some_of"), at_least=raw.get("at_least"))


@cache
def conditions() -> dict[str, tuple[Condition, ...]]:
    """Each rule that applies only under conditions, by its dotted path, with those conditions."""
    groups = schema("ruleset")["$defs"]["rules"]["properties"]
    return {f"{group}.{key}": tuple(_condition(c) for c in leaf["x-applies-when"])
            for group, g in groups.items() for key, leaf in g.get("properties", {}).items() if "x-applies-when" in leaf}


def holds(c: Condition, values: dict[str, Any]) -> bool:
    """Whether a condition holds for a ruleset's values (in ruleset terms, by path)."""
    if c.any:
        return any(holds(each, values) for each in c.any)
    assert c.rule is not None
    value = values[c.rule]
    if c.is_ is not None:
        return any(type(value) is type(v) and value == v for v in c.is_)
    if c.lacks_some_of is not None:
        return bool(set(values[c.lacks_some_of]) - set(value))
    assert c.at_least is not None
    return bool(value >= c.at_least)


def failing(rs: Ruleset) -> dict[str, tuple[Condition, ...]]:
    """The rules of ``rs`` that do not apply, each with the conditions its other rules fail."""
    values = {e.path: plain(e.value) for e in rs.entries}
    out = {}
    for path, needed in conditions().items():
        failed = tuple(c for c in needed if not holds(c, values))
        if failed:
            out[path] = failed
    return out
