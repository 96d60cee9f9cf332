"""Which rules make two rulesets score the same record differently, found by experiment.

Two rulesets differ in many rules, and most of those change nothing in a
given deal: naming every rule that governs a category (as ``compare`` once
did) blames rules that play no part.  Instead the record is replayed under
counterfactual rulesets: the first ruleset with one rule set to the other's
value.  A rule is named for a difference only if that change alone moves
the figure.  Where no single rule brings the figure to the other ruleset's,
the smallest set of differing rules that does is named as well, as one
cause.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .engine.reading import Placed
from .engine.record import Replay, replay
from .engine.scoring import CATEGORIES
from .errors import PiquetError
from .records.model import TypedRecord
from .ruleset.compiler import engine_value
from .ruleset.model import Rules, Ruleset, plain

#: The largest set of rules tried together.
MAX_SET = 3
#: The most deals replayed in the experiments of one command (every record of its file, every pair of rulesets),
#: each counterfactual ruleset counting as ``TRIAL`` deals more (its tables are built anew: engine/derived.py):
#: past it, a figure not yet explained is said to be so, and the command ends in a few seconds whatever it reads.
MAX_REPLAYED = 2000
TRIAL = 10

#: (deal number, category) -> each player's figure, in the record's order of players.
Figures = dict[tuple[int, str], tuple[int, int]]


@dataclass(frozen=True)
class Cause:
    """Rules that account for a difference in one category of one deal.

    ``alone``: each such rule, set by itself to the other ruleset's value,
    moves the figure; otherwise the rules together bring it to the other
    ruleset's figure, and no smaller set does.
    """

    deal: int
    category: str
    rules: tuple[str, ...]
    alone: bool
    #: No rules: the experiments stopped (``MAX_REPLAYED``) before they explained the difference.
    stopped: bool = False


def with_values(rules: Rules, values: dict[str, Any]) -> Rules:
    """``rules`` with some leaves (dotted path -> value in ruleset terms) set to other values."""
    groups: dict[str, dict[str, Any]] = {}
    for path, value in values.items():
        group, leaf = path.split(".")
        groups.setdefault(group, {})[leaf] = engine_value(path, plain(value))
    return dataclasses.replace(rules, **{g: dataclasses.replace(getattr(rules, g), **leaves)
                                        for g, leaves in groups.items()})


def category_figures(rep: Replay) -> Figures:
    """Every category's figure in every deal scored, for both players."""
    out: Figures = {}
    for d in rep.deals:
        if d.score is not None:
            for category in CATEGORIES:
                out[(d.number, category)] = (d.score.by[0][category], d.score.by[1][category])
    return out


def _figures_under(record: TypedRecord, doc: Placed, rules: Rules) -> Figures | None:
    """The figures under a counterfactual ruleset, or None where the record cannot be played under it.

    One rule changed alone can make a ruleset the record does not fit (a
    smaller pack) or that is not consistent (a pack size without its ranks).
    """
    try:
        return category_figures(replay(record, rules, doc))
    except (PiquetError, ValueError, IndexError, KeyError):
        return None


class Budget:
    """The deals the experiments may still replay: ``MAX_REPLAYED`` for a command, whatever it compares."""

    def __init__(self) -> None:
        self.left = MAX_REPLAYED
        self.spent = False  # an experiment was refused: the search stopped short

    def take(self, record: TypedRecord) -> bool:
        """Whether one more counterfactual replay of ``record`` may run; if so, its cost is taken."""
        cost = len(record.deals) + TRIAL
        if self.left < cost:
            self.spent = True
            return False
        self.left -= cost
        return True


def attribute(record: TypedRecord, doc: Placed, base: Ruleset, other: Ruleset,
              budget: Budget | None = None) -> list[Cause]:
    """The causes of every difference between ``base``'s figures and ``other``'s for a typed record (``doc`` says
    where its values were written), in deal and category order.

    The experiments stop when ``budget`` (one's own if not given) is spent: a
    difference they leave unexplained then has a cause that says so (``stopped``).
    """
    ref, target = (category_figures(replay(record, base.rules, doc)),
                   category_figures(replay(record, other.rules, doc)))
    apart = [key for key in ref if key in target and ref[key] != target[key]]
    if not apart:
        return []
    budget = budget or Budget()

    def under(chosen: dict[str, Any]) -> Figures | None:
        return _figures_under(record, doc, with_values(base.rules, chosen))

    values = {b.path: b.value for _, b in base.differing(other)}
    moved: dict[str, Figures] = {}
    for path, value in values.items():
        if not budget.take(record):
            break
        got = under({path: value})
        if got is not None:
            moved[path] = got
    causes: dict[tuple[int, str], list[Cause]] = {}
    unexplained = []
    for key in apart:
        singles = [p for p, f in moved.items() if f[key] != ref[key]]
        causes[key] = [Cause(key[0], key[1], (p,), True) for p in singles]
        if not any(moved[p][key] == target[key] for p in singles):
            unexplained.append(key)
    for key, rules in _smallest_sets(record, under, values, list(moved), unexplained, target, budget):
        causes[key].append(Cause(key[0], key[1], rules, False))
    for key in unexplained if budget.spent else ():  # what the search, stopped short, left unexplained
        causes[key].append(Cause(key[0], key[1], (), False, stopped=True))
    return [c for key in apart for c in causes[key]]


def _smallest_sets(record: TypedRecord, under: Callable[[dict[str, Any]], Figures | None], values: dict[str, Any],
                   usable: list[str],
                   keys: list[tuple[int, str]], target: Figures,
                   budget: Budget) -> Iterable[tuple[tuple[int, str], tuple[str, ...]]]:
    """For each figure no single rule explains, the first smallest set that gives the other ruleset's figure;
    ``keys`` keeps those the budget leaves unexplained."""
    for size in range(2, MAX_SET + 1):
        for chosen in combinations(usable, size):
            if not keys or not budget.take(record):
                return
            got = under({p: values[p] for p in chosen})
            if got is None:
                continue
            for key in [k for k in keys if got[k] == target[k]]:
                keys.remove(key)
                yield key, chosen
