"""A bounded slice of the fuzz campaign (``benchmarks/fuzz.py``), and the compiler's and the engine's side of it.

Each category's inputs are made by the campaign's own generators, from a seed
and a number that hypothesis draws, and run through the command line in this
process: none may end in a traceback, a hang, memory exhausted, a flood on
stderr or a half-written file.  ``python benchmarks/fuzz.py --seed S --only
CATEGORY:N`` makes a failing input again, and ``--keep DIR`` writes it out.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import random
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from piquet_variants.engine.derived import READS
from piquet_variants.players.random_player import random_deal, random_partie
from piquet_variants.engine.scoring import score_deal
from piquet_variants.errors import RulesetError
from piquet_variants.ruleset.compiler import compile_path, load_ruleset

from .conftest import ROOT, sized


def _load_fuzz():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("piquet_fuzz", ROOT / "benchmarks" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


fuzz = _load_fuzz()
SEED = 12
#: What an input may end in here: "slow" too, since the suite runs on shared machines; the campaign, not a unit
#: test, holds the five seconds (a unit test's time limit is a generous bound against a hang, no more).
CLEAN = {"accepted", "positioned error", "other error", "slow"}
#: Inputs a category: a few hundred under CI's long runs, some 15 s each on a quiet machine; fewer of the newer
#: surfaces, whose inputs each compile a ruleset, wait on a server or call the API.  Otherwise a tenth: each
#: category's generators and its run through the command line are still tried, in a second or two.
EXAMPLES = {c: sized(n, max(n // 10, 3)) for c, n in {"notation": 250, "json": 250, "ruleset": 150, "args": 200,
                                                      "texts": 40, "path": 30, "scheduler": 12, "api": 60,
                                                      "files": 40, "csl": 30}.items()}


@pytest.fixture
def fuzz_run(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Run a case as a worker of the campaign does, with its time limit, in a fresh folder."""
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(tmp_path_factory.mktemp("cache")))
    previous = signal.signal(signal.SIGALRM, fuzz._on_alarm)

    def run(category: str, index: int) -> tuple[str, float, str]:
        return fuzz.run_case(fuzz.make_case(SEED, index, category), tmp_path_factory.mktemp(category), 60.0)
    yield run
    signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("category", sorted(EXAMPLES))
def test_fuzz_slice(fuzz_run, category: str) -> None:
    @settings(max_examples=EXAMPLES[category], deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, 2 ** 32))
    def one(index: int) -> None:
        outcome, took, detail = fuzz_run(category, index)
        assert outcome in CLEAN, (f"{category} input {index}: {outcome} ({took:.1f} s): {detail}; made again by "
                                  f"python benchmarks/fuzz.py --seed {SEED} --only {category}:{index} --keep DIR")
    one()


def test_a_users_file_changed_by_a_run_is_data_lost_whatever_its_status(fuzz_run, tmp_path: Path) -> None:
    """The campaign's own check: a file put there as the user's, changed or made by the run, is found."""
    case = fuzz.Case("files", "a copy over a name kept", ["examples", "copy", "{dir}/mine"],
                     {"mine/thesis.txt": b"keep me"}, kept=("mine/traite-art12.piquet",))
    outcome, _, detail = fuzz.run_case(case, tmp_path, 60.0)
    assert outcome == "data lost" and "mine/traite-art12.piquet" in detail


@pytest.mark.parametrize("category, method", [("files", "full stdout"), ("files", "report folder"),
                                              ("files", "dangling link"), ("csl", "loop"), ("csl", "cycle"),
                                              ("csl", "chain"), ("ruleset", "deep")])
def test_the_campaign_makes_inputs_of_each_new_class(category: str, method: str) -> None:
    """File-system faults, recursive styles and deep nesting are among the inputs a campaign makes."""
    made = [fuzz.make_case(SEED, i, category) for i in range(300)]
    assert any(method in c.method or (method == "deep" and " deep" in c.method) for c in made), method


def test_generated_rulesets_the_compiler_accepts_play_and_those_it_refuses_say_where(tmp_path: Path) -> None:
    """The engine row of the campaign, smaller: 40 rulesets the compiler accepts (8 outside the long runs), 50 deals
    and a partie each."""
    rng = random.Random(SEED)
    accepted = refused = 0
    while accepted < sized(40, 8):
        path = tmp_path / f"generated-{accepted + refused}.yaml"
        path.write_text(fuzz.ruleset_text(path.stem, fuzz.ruleset_values(rng)), encoding="utf-8")
        try:
            rules = compile_path(path).rules
        except RulesetError as exc:
            refused += 1
            assert all(p.file == str(path) and p.line > 1 for p in exc.problems), exc
            continue
        accepted += 1
        play = random.Random(path.name)
        for _ in range(fuzz.PLAYED_DEALS):
            score_deal(random_deal(rules, play))
        random_partie(rules, play)
    assert refused > 0  # the generator reaches the compiler's checks too


def _child(tmp_path: Path, name: str, rules: dict[str, object], parent: str = "modern-fr") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(fuzz.ruleset_text(name, rules, extends=parent), encoding="utf-8")
    return path


def test_fault_9_packets_that_do_not_divide_the_hand_are_refused_at_the_packets(tmp_path: Path) -> None:
    path = _child(tmp_path, "sixteen", {"deal.hand": 16, "deal.talon": 0, "deal.packets": [2, 3],
                                        "exchange.elder_max": 0, "exchange.elder_min": 0,
                                        "exchange.younger_max": 0, "exchange.younger_min": 0})
    with pytest.raises(RulesetError) as err:
        compile_path(path)
    assert [(str(p).split(": ", 1)[0], p.path) for p in err.value.problems] == [
        (f"{path}:33:5", "rules.deal.packets.value")]
    assert "packets of 3 do not divide a hand of 16" in str(err.value)


def test_fault_9_a_hand_of_one_card_deals_and_plays(tmp_path: Path) -> None:
    rules = compile_path(_child(tmp_path, "one", {"deal.hand": 1, "deal.talon": 30, "deal.packets": [1]})).rules
    rng = random.Random(1)
    for _ in range(50):
        deal = random_deal(rules, rng)
        assert deal.over and all(h == 0 for h in deal.hands)
    assert random_partie(rules, rng).deals_counted > 0


def test_fault_9_no_player_exchanges_more_cards_than_he_holds(tmp_path: Path) -> None:
    rules = compile_path(_child(tmp_path, "six", {"deal.hand": 6, "deal.talon": 20, "deal.packets": [1, 2, 3],
                                                  "exchange.younger_max": "remaining"})).rules
    rng = random.Random(3)
    for _ in range(50):
        deal = random_deal(rules, rng)
        assert all(d.bit_count() <= 6 for d in deal.discards)


def test_fault_10_a_childs_inconsistency_is_blamed_on_the_child(tmp_path: Path) -> None:
    path = _child(tmp_path, "short", {"deal.hand": 16, "deal.talon": 0, "deal.packets": [2, 4]})
    with pytest.raises(RulesetError) as err:
        compile_path(path)
    problems = err.value.problems
    assert [p.file for p in problems] == [str(path)]
    assert problems[0].path == "rules.deal.talon.value"
    assert "the elder may take 5 cards (exchange.elder_max), more than the talon of 0 holds" in str(problems[0].message)


@pytest.mark.parametrize("table", sorted(READS))
def test_a_table_kept_by_some_groups_of_rules_reads_no_other(table: str) -> None:
    """engine/derived.py keeps a table by the values of the groups it reads: that must be all it reads.

    Every other group of a shipped ruleset is replaced by something that
    cannot be read; the table is built again, and is the same.
    """
    module, name = table.rsplit(".", 1)
    build = getattr(importlib.import_module(module), name).__wrapped__
    rules = load_ruleset("cavendish-rubicon").rules
    others = {f.name: None for f in dataclasses.fields(rules) if f.name not in READS[table]}
    blind = dataclasses.replace(rules, **others)
    assert build(blind) == build(rules)


@pytest.mark.parametrize("category, make, name", [("notation", "other_digits", "deal.piquet"),
                                                  ("json", "half_characters", "deal.json")])
def test_digits_not_0_to_9_and_half_characters_end_in_a_message_at_their_place(
        fuzz_run, tmp_path_factory: pytest.TempPathFactory, category: str, make: str, name: str) -> None:
    """The campaign's class of Unicode digits and lone surrogates, on each command that reads records: each input
    is refused at its place (an internal error, a figure misread or a half-written file before)."""
    for index in range(12):
        rng = random.Random(f"unicode:{index}")
        argv, out = fuzz._record_commands(rng, name)
        case = fuzz.Case(category, make, argv, {name: getattr(fuzz, make)(rng).encode()}, output=out)
        outcome, took, detail = fuzz.run_case(case, tmp_path_factory.mktemp(category), 60.0)
        assert outcome == "positioned error", (index, argv, outcome, detail)
