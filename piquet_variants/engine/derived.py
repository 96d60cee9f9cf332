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

import sys
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import wraps
from typing import Final, TypeVar

from ..compiled import Pickled
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


@dataclass(frozen=True, slots=True)
class Reads(Pickled):
    """The rules the engine reads at every deal, once per ruleset, as native values.

    A rule is a generic attribute of a ruleset's (interpreted) frozen
    dataclasses, looked up by name at each read, and a deal read some
    seventy; compiled, a field of this record is read as a C struct's.  The
    rules read only where something irregular happens (a misdeal, a short
    talon, a penalty) are read from the ruleset itself where they are used,
    which is where a new rule is read too.
    """

    hand: int  # deal.hand
    talon: int  # deal.talon
    must_follow: bool  # play.must_follow
    order: tuple[str, ...]  # declarations.order, each kind the interned string the engine's tables are keyed by
    elder_max: int  # exchange
    elder_min: int
    younger_rest: bool  # the younger may take the rest of the talon ("remaining")
    younger_max: int  # else as many as this
    younger_min: int
    elder_may_see_left: bool
    all_of_kind: bool  # declarations.winner_reckons == "all_of_kind"
    reckon_all: bool  # declarations.undercall == "reckon_all"
    equal_or_inferior: bool  # declarations.undercall == "reckon_equal_or_inferior"
    neither_reckons: bool  # declarations.equality == "neither_reckons"
    chronological: bool  # reckoning.order == "chronological"
    pique_threshold: int  # pique
    pique_bonus: int
    pique_by_either: bool  # pique.who == "either"
    pique_by_play: bool  # pique.reached_by == "play"
    pique_counts_the_cards: bool
    pique_with_repique: bool
    repique_threshold: int  # repique
    repique_bonus: int
    blanche_counts: bool  # carte_blanche.counts_toward_hazards
    # what the partie reads as each deal is added (engine/partie.py)
    game_end: str  # game.end
    game_deals: int  # game.deals
    game_target: int  # game.target
    in_reckoning: bool  # game.race_check == "reckoning_order": the target judged as the deal reckons
    deal_multipliers: tuple[int, ...]  # game.deal_multipliers
    alternate: bool  # deal.alternate
    by_rubicon: bool  # game.settlement == "rubicon"
    rubicon: int  # game.rubicon
    rubicon_bonus: int  # game.rubicon_bonus


@per_ruleset
def reads(rules: Rules) -> Reads:
    """The rules a deal reads, gathered.

    The kinds' order is of interned strings: a ruleset read from its file or its cache holds strings of its own,
    equal to the engine's names of the kinds (interned constants) but not the same objects, and each deal looks a
    kind up by it some thirty times, where a key found by its identity is not compared character by character.
    """
    ex, dec, pq, rp = rules.exchange, rules.declarations, rules.pique, rules.repique
    return Reads(rules.deal.hand, rules.deal.talon, rules.play.must_follow, tuple(sys.intern(k) for k in dec.order),
                 ex.elder_max, ex.elder_min,
                 ex.younger_max == "remaining", 0 if ex.younger_max == "remaining" else ex.younger_max,
                 ex.younger_min, ex.elder_may_see_left,
                 dec.winner_reckons == "all_of_kind", dec.undercall == "reckon_all",
                 dec.undercall == "reckon_equal_or_inferior", dec.equality == "neither_reckons",
                 rules.reckoning.order == "chronological", pq.threshold, pq.bonus, pq.who == "either",
                 pq.reached_by == "play", pq.counts_the_cards, pq.with_repique, rp.threshold, rp.bonus,
                 rules.carte_blanche.counts_toward_hazards, rules.game.end, rules.game.deals, rules.game.target,
                 rules.game.race_check == "reckoning_order",
                 rules.game.deal_multipliers, rules.deal.alternate,
                 rules.game.settlement == "rubicon", rules.game.rubicon, rules.game.rubicon_bonus)
