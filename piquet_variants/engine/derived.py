"""Values derived once from a compiled ruleset, looked up by the ruleset's identity.

The engine turns rules into tables (combination keys, the pack's bits, the
packet layout) once and reads them on every deal.  The cache is keyed by
identity: hashing a whole frozen ruleset on every lookup would cost more than
the lookups save, and a compiled ruleset is never rebuilt in place.  The cache holds
``KEPT`` rulesets at most, so that its memory is bounded.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Final, TypeVar

from ..ruleset.model import Rules

T = TypeVar("T")

#: The rulesets whose tables are kept at once, the oldest dropped first: every ruleset a run plays under, and more;
#: but ``attribution`` replays a record under hundreds of counterfactual rulesets, whose tables must not all stay.
KEPT: Final = 64


def per_ruleset(build: Callable[[Rules], T]) -> Callable[[Rules], T]:
    """Memoise ``build(rules)`` per ruleset object."""
    cache: dict[int, tuple[Rules, T]] = {}

    @wraps(build)
    def get(rules: Rules) -> T:
        hit = cache.get(id(rules))
        if hit is not None and hit[0] is rules:
            return hit[1]
        value = build(rules)
        if len(cache) >= KEPT:
            del cache[next(iter(cache))]
        cache[id(rules)] = (rules, value)
        return value

    return get
