"""Values derived once from a compiled ruleset, looked up by the ruleset's identity.

The engine turns rules into tables (combination keys, the pack's bits, the
packet layout) once and reads them on every deal.  The cache is keyed by
identity: hashing a whole frozen ruleset on every lookup would cost more than
the lookups save, and a compiled ruleset is never rebuilt in place.  A table
that reads only some groups of rules (the pack, the point…) is also kept by
those groups' values, looked up only when the identity is new: ``compare``
replays a record under hundreds of rulesets that differ from one another in
a rule or two, and most share the tables (built anew, some 50 ms each).
Both caches keep the latest ``KEPT`` entries.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import wraps
from typing import Final, TypeVar

from ..ruleset.model import Rules

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: How many rulesets (and sets of group values) each table is kept for, the oldest dropped first: every ruleset a
#: run plays under, and more; but ``attribution`` replays a record under hundreds of counterfactual rulesets, whose
#: tables must not all stay.
KEPT: Final = 64


def per_ruleset(build: Callable[[Rules], T], groups: tuple[str, ...] = ()) -> Callable[[Rules], T]:
    """Memoise ``build(rules)`` per ruleset object and, where ``groups`` names every group of rules it reads, per
    those groups' values."""
    cache: dict[int, tuple[Rules, T]] = {}
    by_value: dict[Hashable, T] = {}
    # The ruleset last asked for and its value: a run asks under one ruleset deal after deal, several times a deal,
    # and an identity test is a fraction of the cost of making the key and looking it up.
    latest: list[tuple[Rules, T]] = []

    @wraps(build)
    def get(rules: Rules) -> T:
        if latest and latest[0][0] is rules:
            return latest[0][1]
        hit = cache.get(id(rules))
        if hit is not None and hit[0] is rules:
            latest[:] = [hit]
            return hit[1]
        key = tuple(getattr(rules, g) for g in groups) if groups else None
        if key is not None and key in by_value:
            value = by_value[key]
        else:
            value = build(rules)
            if key is not None:
                _keep(by_value, key, value)
        kept = (rules, value)
        _keep(cache, id(rules), kept)
        latest[:] = [kept]
        return value

    return get


#: The tables kept by the values of some groups of rules, by module and name: those groups.
READS: dict[str, tuple[str, ...]] = {}


def reading(*groups: str) -> Callable[[Callable[[Rules], T]], Callable[[Rules], T]]:
    """``per_ruleset`` for a table that reads only these groups of rules (``tests/test_fuzz.py`` checks the claim)."""
    def kept(build: Callable[[Rules], T]) -> Callable[[Rules], T]:
        READS[f"{build.__module__}.{build.__name__}"] = groups
        return per_ruleset(build, groups)
    return kept


def _keep(cache: dict[K, V], key: K, value: V) -> None:
    cache[key] = value
    if len(cache) > KEPT:
        del cache[next(iter(cache))]
