"""Every value class that mypyc compiles (setup.py's list) pickles and unpickles to the same value.

Compiled, a class unpickles only through its ``__reduce__`` (``compiled.Pickled``), and a record kept by
``stored``, a partie's result sent back by a worker, are pickled.  The instances are not made up for the test:
they are found in what a real run leaves (random parties with every player, shipped records read and replayed),
so that a class the run makes in a new way is still tried.  The suite runs against the compiled wheel in CI too.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import inspect
import pickle
import random
from typing import Any

import pytest

import piquet_variants as pv
from piquet_variants import examples
from piquet_variants.engine import deal as deal_module
from piquet_variants.engine.combos import tables
from piquet_variants.engine.deal import random_dealt
from piquet_variants.engine.scoring import _play_table
from piquet_variants.players.random_player import random_partie
from piquet_variants.notation.numbers import read_number
from piquet_variants.players.registry import player_class
from piquet_variants.players.table import play_deal
from piquet_variants.players.view import Context, Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids
from piquet_variants.simulate.parties import play_parties

from .conftest import ROOT


def compiled_modules() -> list[str]:
    """The modules setup.py compiles, as dotted names."""
    setup = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    paths = next(ast.literal_eval(node.value) for node in setup.body
                 if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "COMPILED")
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def compiled_classes() -> dict[str, type]:
    found = {}
    for name in compiled_modules():
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == name:
                found[f"{name}.{cls.__qualname__}"] = cls
    return found


#: The compiled classes that are not values, and why none is ever pickled: each holds a deal in play, a player's
#: memory or a parser's place, made and dropped in one process.
NOT_VALUES = {
    "piquet_variants.compiled.Pickled": "the base of the value classes, never made itself",
    "piquet_variants.engine.deal.Phase": "a namespace of constants, never made",
    "piquet_variants.engine.deal.Deal": "a deal in play, driven step by step in one process",
    "piquet_variants.engine.deal.Hands": "the hands of a deal in play, part of the deal",
    "piquet_variants.players.table.Player": "a protocol",
    "piquet_variants.players.view.View": "a player's memory of the deal in play",
    "piquet_variants.players.view.Legal": "the actions open at one step of a deal in play",
    "piquet_variants.players.cavendish.CavendishPlayer": "a player, made for each deal by the table's runner",
    "piquet_variants.players.search.SearchPlayer": "a player, made for each deal by the table's runner",
    "piquet_variants.players.random_player.RandomPlayer": "a player, made for each deal by the table's runner",
    "piquet_variants.players.learned.LearnedPlayer": "a player, made for each deal by the table's runner",
    "piquet_variants.players.discard_to_score._Seat": "both seats of a drawn deal, made for each discard tried",
    "piquet_variants.players.learned.Weights": "the shipped weights, read from their JSON once in each process",
    "piquet_variants.players.learned.Model": "a part of the shipped weights, read from their JSON once in each process",
    "piquet_variants.players.learned.Measured": "a ruleset's deals measured and its outlook, made once a process for "
                                                "each ruleset, kept in the cache as plain data",
    "piquet_variants.players.outlook.Outlook": "the partie's outlook with its tables, made once a process for each "
                                               "ruleset",
    "piquet_variants.players.outlook.Spread": "a part of an outlook, made with it",
    "piquet_variants.players.rollout._Replay": "a drawn deal played again, within one choice of a card",
    "piquet_variants.players.features.Situation": "a player's reading of one position, made for each card",
    "piquet_variants.players.features.Features": "the base of what a card's features are told to, never made itself",
    "piquet_variants.players.features.Listed": "a card's features kept for the fit, made for each card",
    "piquet_variants.players.learned.Scored": "a card's score being summed, made for each choice of a card",
    "piquet_variants.players.doubledummy.Solver": "a search in progress, with its table of positions",
    "piquet_variants.players.doubledummy._Scores": "what a search scores, made for each search",
    "piquet_variants.notation.numbers._Words": "a parser's place in the words of a number",
    "piquet_variants.notation.building.Building": "a parser's place in a record being built",
    "piquet_variants.notation.drafts.DealDraft": "a deal being read, frozen into the record's deal at its end",
    "piquet_variants.notation.drafts.RecordDraft": "a record being read, frozen into the typed record at its end",
    "piquet_variants.notation.reader._Count": "the problems found so far in a file being read",
}


def _walk(root: object, wanted: tuple[type, ...], found: dict[type, object]) -> None:
    """The first instance of each of ``wanted`` reachable from ``root`` (through containers, fields and slots)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, type)) or obj is None:
            continue
        seen.add(id(obj))
        if isinstance(obj, wanted):
            found.setdefault(type(obj), obj)
        if isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif isinstance(obj, (list, tuple, set, frozenset)):
            stack.extend(obj)
        else:
            stack.extend(_attributes(obj))


def _attributes(obj: object) -> list[object]:
    names = set(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.update((slots,) if isinstance(slots, str) else slots)
    names.update(getattr(type(obj), "__mypyc_attrs__", ()))
    out = []
    for name in names:
        try:
            out.append(getattr(obj, name))
        except AttributeError:  # a slot not set
            pass
    return out


class _Watching:
    """A player who keeps the views he was shown: the table drops them when the deal is over."""

    def __init__(self, player: Any, seen: list[object]) -> None:
        self.player, self.seen = player, seen

    def choose(self, view: View, legal: Legal) -> int:
        self.seen.append(view)
        return self.player.choose(view, legal)


def _a_run() -> list[object]:
    """What a run leaves: parties under every shipped ruleset, deals between players, a simulation's tally, the
    shipped records read and replayed, a number misread, and the tables the engine makes of a ruleset."""
    out: list[object] = []
    rng = random.Random(25)
    for rid in shipped_ids():
        rules = load_ruleset(rid).rules
        partie = random_partie(rules, rng, max_deals=3)
        out += [partie, partie.result(), tables(rules), deal_module._dealing(rules), _play_table(rules)]
    rules = load_ruleset("cavendish-rubicon").rules
    for name in ("random", "cavendish"):  # the search player makes the same values, a thousand times slower
        players = (_Watching(player_class(name)(rng), out), _Watching(player_class(name)(rng), out))
        out.append(play_deal(rules, random_dealt(rules, rng, 3), players, Context((10, 20), 4)))
    out.append(play_parties(rules, [player_class("random")(rng), player_class("random")(rng)], rng, 20))
    for path in examples.files():
        if path.suffix in (".piquet", ".json"):
            for record in pv.read(path):
                out.append(record)
                out.append(pv.replay(record))
    try:
        read_number("twenty-and-ninety")
    except ValueError as err:
        out.append(err)
    return out


@functools.cache
def _values() -> dict[type, object]:
    wanted = tuple(cls for name, cls in compiled_classes().items() if name not in NOT_VALUES)
    found: dict[type, object] = {}
    for root in _a_run():
        _walk(root, wanted, found)
    return found


def test_every_compiled_class_is_a_value_or_says_why_not() -> None:
    classes = compiled_classes()
    assert set(NOT_VALUES) <= set(classes), set(NOT_VALUES) - set(classes)
    missing = {name for name, cls in classes.items() if name not in NOT_VALUES} - {
        f"{cls.__module__}.{cls.__qualname__}" for cls in _values()}
    assert not missing, f"no instance found in a run, or not listed in NOT_VALUES: {sorted(missing)}"


@pytest.mark.parametrize("cls, value", sorted(_values().items(), key=lambda kv: kv[0].__qualname__),
                         ids=lambda x: x.__qualname__ if isinstance(x, type) else "")
def test_a_compiled_value_round_trips_through_pickle(cls: type, value: Any) -> None:
    back = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    assert type(back) is cls
    if isinstance(value, BaseException):
        assert back.args == value.args
    elif dataclasses.is_dataclass(value) or isinstance(value, tuple):
        assert back == value
    else:  # the same state, for the classes that do not compare
        assert pickle.dumps(back) == pickle.dumps(value)
