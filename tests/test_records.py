"""Many records to a file: every error at once, the good records still replayed, and the Python API."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import piquet_variants as pv
from piquet_variants.errors import NotationError, RecordError
from piquet_variants.notation import parser as notation_parser
from piquet_variants.notation.reader import MAX_PROBLEMS
from piquet_variants.narrative import said as in_words
from piquet_variants.records.checks import figure_id

from .reading import read_records

from .conftest import ROOT

DEALS = ROOT / "docs" / "deals"


def _text(name: str) -> str:
    return (DEALS / name).read_text("utf-8")


@pytest.fixture(params=[True, False], ids=["lark-cython", "pure-python"])
def either_parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test with lark-cython's parser, then with Lark's own: the same grammar, the same records."""
    if request.param:
        pytest.importorskip("lark_cython")
        monkeypatch.delenv("PIQUET_VARIANTS_PURE_PARSER", raising=False)
    else:
        monkeypatch.setenv("PIQUET_VARIANTS_PURE_PARSER", "1")
    assert notation_parser.accelerated() == request.param
    return bool(request.param)


def _four_records() -> tuple[str, list[tuple[int, str]]]:
    """Three deals and a partie; three of them spoilt, each in its own way, and where each fault is."""
    capot = _text("misdeal-thirteen-capot.piquet").replace("  elder: A K Q J ♠", "  elder A K Q J ♠")  # syntax
    art12 = _text("traite-art12.piquet")  # good
    peek = _text("languedoc-peek.piquet").replace("1. R♦ A♦", "1. R♦ A♥").replace("9. 7♥ A♥", "9. 7♥ A♦")  # a revoke
    partie = _text("cavendish-rubicon-306.piquet").replace('deal 4, dealer "A"', 'deal 4, dealer "C"')  # no player
    text = "\n".join((capot, art12, peek, partie))
    lines = text.splitlines()

    def at(fragment: str) -> int:
        return next(i for i, line in enumerate(lines, 1) if fragment in line)

    return text, [(at("elder A K Q J ♠"), "a hand is written 'elder: cards'"),
                  (at("1. R♦ A♥"), "trick 1"), (at('deal 4, dealer "C"'), "'C' is not one of the players")]


def test_three_bad_records_of_four_give_three_positioned_errors_and_the_good_ones_result(
        cli, tmp_path: Path, either_parser: bool) -> None:
    text, faults = _four_records()
    path = tmp_path / "four.piquet"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(path), "--format", "json")
    assert code == 1 and "Traceback" not in err
    results = json.loads(out)["results"]
    assert [(r["record"], r["ruleset"]) for r in results] == [(2, "traite")]
    assert results[0]["deals"][0]["scores"]["Premier"]["total"] == 201
    reported = [line for line in err.splitlines() if line.startswith(f"{path}:")]
    assert len(reported) == 3 and err.count("^") == 3
    for (line, words), problem in zip(sorted(faults), reported):
        assert problem.startswith(f"{path}:{line}:") and words in problem, (problem, words)


def test_every_problem_of_every_record_is_reported_by_the_reader() -> None:
    text, faults = _four_records()
    results = read_records(text, "four.piquet")
    assert [type(r).__name__ for r in results] == ["NotationError", "Record", "Record", "NotationError"]
    partie = _text("cavendish-rubicon-306.piquet").replace('dealer "A"', 'dealer "C"', 2)  # deals 2 and 4
    (bad,) = read_records(partie, "partie.piquet")
    assert isinstance(bad, NotationError) and len(bad.problems) == 2  # each deal of a partie checked


def test_the_problems_are_bounded() -> None:
    bad = '[Players "A" "B"]\ndeal 1, dealer B\nend deal\n'
    results = read_records(bad * (MAX_PROBLEMS + 20), "many.piquet")
    problems = [p for r in results if isinstance(r, NotationError) for p in r.problems]
    assert len(problems) == MAX_PROBLEMS + 1 and "the reading stops here" in str(problems[-1].message)


def test_replay_over_several_files_reports_each_and_exits_with_the_worst(cli, tmp_path: Path) -> None:
    good = str(DEALS / "traite-art12.piquet")
    bad = tmp_path / "bad.piquet"
    bad.write_text('[Players "A" "B"]\ndeal 1, dealer B\nend deal\n', encoding="utf-8")
    wrong = tmp_path / "wrong.piquet"
    wrong.write_text(_text("traite-art12.piquet").replace('"Premier" deux cent un', '"Premier" deux cent deux'),
                     encoding="utf-8")
    code, out, err = cli("replay", good, str(bad), str(wrong), "--format", "json")
    assert code == 1 and f"{bad}:2:" in err
    assert [r["file"] for r in json.loads(out)["results"]] == [good, str(wrong)]
    code, out, err = cli("replay", good, str(wrong))
    assert code == 3 and err == "" and f"{good}: traite" in out and f"{wrong}: traite" in out


def test_a_json_file_holds_several_records(cli, tmp_path: Path) -> None:
    many = tmp_path / "many.json"
    assert cli("convert", str(DEALS / "cavendish-description.piquet"), "-O", str(many))[0] == 0
    code, out, _ = cli("replay", str(many), "--format", "json")
    assert code == 0 and [r["record"] for r in json.loads(out)["results"]] == [1, 2, 3]
    data = json.loads(many.read_text("utf-8"))
    data[1]["deals"][0]["tricks"] = [["AH", "XX"]]
    many.write_text(json.dumps(data, indent=1), encoding="utf-8")
    code, out, err = cli("replay", str(many), "--format", "json")
    assert code == 1 and "[1].deals[0].tricks[0][1]" in err and "not a card" in err
    assert [r["record"] for r in json.loads(out)["results"]] == [1, 3]


def test_compare_and_convert_take_each_record(cli, tmp_path: Path) -> None:
    code, out, err = cli("compare", str(DEALS / "cavendish-description.piquet"), "-r", "cavendish-rubicon",
                         "-r", "marquoir", "--format", "json")
    assert code == 0 and [d["record"] for d in json.loads(out)["deals"]] == [1, 2, 3]
    back = tmp_path / "back.piquet"
    assert cli("convert", str(DEALS / "cavendish-description.piquet"), "--to", "notation", "-O", str(back))[0] == 0
    assert back.read_text("utf-8").count("[Players") == 3
    bad = tmp_path / "bad.piquet"
    bad.write_text(_four_records()[0], encoding="utf-8")
    out_file = tmp_path / "out.json"
    code, out, err = cli("convert", str(bad), "-O", str(out_file))
    assert code == 1 and not out_file.exists() and err.count(f"{bad}:") == 2  # the syntax and the dealer


# -- the API ---------------------------------------------------------------------

def test_read_write_and_replay() -> None:
    records = list(pv.read(DEALS / "cavendish-description.piquet"))
    assert len(records) == 3 and all(isinstance(r, pv.Record) for r in records)
    assert list(pv.read(pv.write(records))) == records  # text of several lines: read as text
    assert list(pv.read(pv.write_json(records))) == records
    result = pv.replay(records[0])  # the record's own ruleset
    assert isinstance(result, pv.Replay) and result.mismatches == []
    assert result.deals[0].totals == (11, 17) and result.deals[0].score.by[1]["sets"] == 17
    assert pv.replay(records[1], "marquoir").deals[0].score.by[0]["repique"] == 60
    assert {c.at.label for c in result.checks} >= {"sets.count", "sets.call", "tricks_won:3"}


def test_read_calls_on_error_for_each_bad_record_and_goes_on() -> None:
    text = _four_records()[0]
    with pytest.raises(NotationError):
        list(pv.read(text))
    errors: list[RecordError] = []
    good = list(pv.read(text, on_error=errors.append))
    assert len(good) == 2 and len(errors) == 2 and all(e.problems[0].line for e in errors)


def test_a_visitor_walks_the_events() -> None:
    class Tricks(pv.Visitor):
        def __init__(self) -> None:
            self.cards: list[str] = []
            self.comments = 0

        def visit_trick(self, event: pv.RecordEvent) -> None:
            self.cards += event.data[1]

        def visit_comment(self, event: pv.RecordEvent) -> None:
            self.comments += 1

        def result(self) -> tuple[int, int]:
            return len(self.cards), self.comments

    (record,) = pv.read(DEALS / "traite-art12.piquet")
    assert record.accept(Tricks()) == (24, 3)
    kinds = [e.kind for e in record.events()]
    assert kinds[0] == "comment" and kinds.index("begin_deal") < kinds.index("hand") < kinds.index("end_deal")


def test_importing_the_package_does_not_load_the_parser() -> None:
    code = ("import sys, piquet_variants as pv; assert 'lark' not in sys.modules; pv.write; pv.replay; "
            "assert 'lark' not in sys.modules; list(pv.read('docs/deals/traite-art12.piquet')); "
            "assert 'lark' in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


# -- the dialogue ---------------------------------------------------------------

def test_the_younger_calls_a_quatorze_then_a_trio_with_his_count_and_every_item_is_checked(tmp_path: Path, cli) -> None:  # noqa: ANN001, E501
    """Cavendish, Description: 'A has four tens and three knaves; B, three aces.' A is the younger here."""
    record = next(pv.read(DEALS / "cavendish-description.piquet"))
    said = record.data["deals"][0]["declarations"]["sets"]["said"]
    assert said == [{"by": "elder", "set": 3, "rank": "A"}, {"by": "younger", "reply": "not_good"},
                    {"by": "younger", "set": 4, "rank": "10"}, {"by": "younger", "count": 14},
                    {"by": "younger", "set": 3, "rank": "J"}, {"by": "younger", "count": 17}]
    result = pv.replay(record)
    checked = [(c.at.label, figure_id(c.claimed), figure_id(c.engine)) for c in result.checks
               if c.at.label.startswith("sets.")]
    assert checked == [("sets.set", "3xA", "3xA"), ("sets.reply", "not_good", "not_good"),
                       ("sets.set", "4x10", "4x10"), ("sets.count", 14, 14), ("sets.call", "3xJ", "3xJ"),
                       ("sets.count", 17, 17)]
    wrong = pv.write(record).replace("= seventeen", "= eighteen").replace("three knaves", "three queens")
    mismatched = {(m.at.label, figure_id(m.claimed), figure_id(m.engine))
                  for m in pv.replay(next(pv.read(wrong))).mismatches}
    assert mismatched == {("sets.call", "3xQ", "-"), ("sets.count", 18, 17)}
    # a call is a typed value, said in words; JSON keeps the record's own id
    call = next(m for m in pv.replay(next(pv.read(wrong))).mismatches if m.at.label == "sets.call")
    assert (in_words(call.claimed), in_words(call.claimed, "fr"), in_words(call.engine)) == (
        "three queens", "trois dames", "none held")
    tmp = tmp_path / "wrong.piquet"
    tmp.write_text(wrong, encoding="utf-8")
    code, out, _ = cli("replay", str(tmp), "--format", "json")
    assert code == 3 and '"claimed": "3xQ"' in out and '"engine": "-"' in out


def test_a_reply_of_not_good_then_the_winners_own_call() -> None:
    line = next(t for t in _text("traite-art12.piquet").splitlines() if t.startswith("  séquence"))
    text = _text("traite-art12.piquet").replace(line, "  séquence : premier tierce ; dernier pas bon, quatrième au roi")
    record = next(pv.read(text))
    said = record.data["deals"][0]["declarations"]["sequences"]["said"]
    assert said[1:] == [{"by": "younger", "reply": "not_good"}, {"by": "younger", "length": 4, "top": "K"}]
    checks = {(c.at.label, c.claimed, c.engine) for c in pv.replay(record, "traite").mismatches}
    assert ("sequences.reply", "not_good", "good") in checks  # the younger holds no quart: it was good


# -- inputs that once took exponential or quadratic time ---------------------------

@pytest.mark.parametrize("text", [
    '[Players "A" "B"]\ndeal 1, dealer "B"\n  elder: ' + "A♠ " * 24 + "\n  younger: 7♣\nend deal\n",
    '[Players "A" "B"]\ndeal 1, dealer "B"\n  elder: ' + "A♠ " * 48 + "\n  younger: 7♣\nend deal\n",
    '[Players "A" "B"]\ndeal 1, dealer "B"\n  elder: ' + "A♠ " * 48 + "x\nend deal\n",
    '[Players "A" "B"]\ndeal 1, dealer "B"\n  elder: ' + "A " * 64_000 + "♠\n  younger: 7♣\nend deal\n",
    '[Players "A" "B"]\ndeal 1, dealer "B"\n  elder: ' + "A " * 64_000 + "X\nend deal\n",
], ids=["24 A♠", "48 A♠", "48 A♠ then a fault", "64,000 ranks under one sign", "64,000 ranks and no sign"])
def test_pathological_lines_are_refused_at_once(text: str, either_parser: bool) -> None:
    notation_parser.parser()  # the grammar compiled before the clock starts
    start = time.process_time()  # its own time: the machine may be shared
    with pytest.raises(NotationError) as exc:
        list(pv.read(text))
    elapsed = time.process_time() - start
    problem = exc.value.problems[0]
    assert problem.line == 3 and problem.column > 1
    assert elapsed < 5.0, f"{elapsed:.2f} s"  # against exponential time, on a shared machine; not a speed


_CORPUS = [p.read_text("utf-8") for p in sorted(DEALS.glob("*.piquet"))]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_CORPUS), min_size=1, max_size=4), st.integers(0, 10_000), st.integers(0, 40),
       st.text(max_size=8), st.booleans())
def test_a_spoilt_file_of_records_gives_positioned_problems_and_the_rest(texts: list[str], cut: int, length: int,
                                                                          insert: str, pure: bool) -> None:
    """Whatever the damage, each record is read or reported at a place in the file, by either parser."""
    text = "\n".join(texts)
    i = cut % (len(text) + 1)
    text = text[:i] + insert + text[i + length:]
    lines = text.count("\n") + 1
    saved = os.environ.pop("PIQUET_VARIANTS_PURE_PARSER", None)
    if pure:
        os.environ["PIQUET_VARIANTS_PURE_PARSER"] = "1"
    try:
        results = read_records(text, "spoilt.piquet")
    finally:
        os.environ.pop("PIQUET_VARIANTS_PURE_PARSER", None)
        if saved is not None:
            os.environ["PIQUET_VARIANTS_PURE_PARSER"] = saved
    assert results
    for r in results:
        if isinstance(r, NotationError):
            assert r.problems and all(1 <= p.line <= lines and p.column >= 1 for p in r.problems)


def test_each_kind_of_event_reaches_its_own_method() -> None:
    """The walk's kinds and the visitor's methods are one list, and the visitor calls for each event the method
    of its kind: a kind without its method would be skipped silently, a method without its kind never called."""
    from piquet_variants.notation.events import Told

    methods = {name.removeprefix("visit_") for name in vars(pv.Visitor) if name.startswith("visit_")}
    assert methods - {"record"} == {k.value for k in Told}

    class Every(pv.Visitor):
        def __init__(self) -> None:
            self.called: list[str] = []

        def result(self) -> list[str]:
            return self.called

    for kind in Told:  # each method notes its own name, so a call to the wrong one shows
        setattr(Every, f"visit_{kind.value}", lambda self, event, k=kind.value: self.called.append(k))
    for name in ("traite-art12.piquet", "club-laws-incidents.piquet", "rubicon-partie.piquet"):
        for record in pv.read(DEALS / name):
            kinds = [e.kind.value for e in record.events()]
            assert record.accept(Every()) == kinds
            assert {"tag", "hand", "trick"} <= set(kinds)
