"""Cavendish's worked examples (Discarding, Calling, Playing the Cards), each a record under
docs/deals/cavendish-examples/, replayed under the club laws the book plays.

The records are the book's hands and the book's recommended play; where the book gives
only part of a deal, the rest is constructed and the record's comment says which cards
are whose.  Every record must replay without a problem, and every figure it claims (the
book's own: 98 and a rubicon, a partie of 130 against a rubicon of 291, thirteen in play)
must agree with the engine.  None of the book's figures written so far disagrees; one
that did would be claimed as the book gives it, and the test would name its mismatch.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "deals" / "cavendish-examples"
FILES = sorted(FOLDER.glob("*.piquet"))

Cli = Callable[..., tuple[int, str, str]]


def test_the_folder_holds_examples_and_the_readme_lists_each() -> None:
    readme = (FOLDER / "README.md").read_text("utf-8")
    listed = set(re.findall(r"`([a-z-]+-\d\d\.piquet)`", readme))
    assert FILES and {p.name for p in FILES} == listed


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_example_replays_and_its_claims_agree(cli: Cli, path: Path) -> None:
    code, out, err = cli("replay", str(path), "--format", "json")
    results = json.loads(out)["results"]
    assert code == 0, err
    assert [m for r in results for d in r["deals"] for m in d["mismatches"]] == []
    assert all(r["mismatches"] == [] for r in results)
    for r in results:
        assert r["ruleset"] == "cavendish-rubicon"
        assert r["deals"] and all(not d["void"] for d in r["deals"])


def _results(cli: Cli, name: str) -> list[dict[str, Any]]:
    code, out, err = cli("replay", str(FOLDER / name), "--format", "json")
    assert code == 0, err
    return json.loads(out)["results"]


def test_foregoing_the_pique_gains_161_as_the_book_reckons(cli: Cli) -> None:
    """Playing the Cards XVII: A 102, B 89, a rubicon of 291; with the pique, 130 to 100 and a partie of 130."""
    forgo, pique = (r["partie"] for r in _results(cli, "playing-17.piquet"))
    assert (forgo["totals"], forgo["winner"], forgo["points_won"]) == ({"A": 102, "B": 89}, "A", 291)
    assert (pique["totals"], pique["winner"], pique["points_won"]) == ({"A": 130, "B": 100}, "A", 130)
    assert forgo["points_won"] - pique["points_won"] == 161


def test_sinking_the_point_leaves_the_elder_rubiconed_at_98(cli: Cli) -> None:
    """Calling V: B sinks his six-card point; A reckons eleven in hand, scores 98 and is rubiconed."""
    (r,) = _results(cli, "calling-05.piquet")
    assert r["deals"][0]["scores"]["B"]["by"]["point"] == 0
    assert r["partie"]["totals"]["A"] == 98 and r["partie"]["winner"] == "B"


def test_sinking_point_and_ace_wins_the_capot_and_a_rubicon_of_311(cli: Cli) -> None:
    """Playing the Cards XVIII: A calls thirty-eight in diamonds, not his thirty-nine in clubs, and three aces out of
    four; B, believing the ace of clubs out, is capoted: A 17 in hand and 70 in all, 113 to 98, a rubicon of 311."""
    (r,) = _results(cli, "playing-18.piquet")
    a, b = (r["deals"][0]["scores"][p]["by"] for p in "AB")
    assert (a["point"], b["point"], a["sets"], a["capot"]) == (0, 4, 17, 40)
    assert (r["partie"]["totals"], r["partie"]["points_won"]) == ({"A": 113, "B": 98}, 311)


def test_leading_the_heart_saves_the_rubicon_by_one_point(cli: Cli) -> None:
    """Playing the Cards XIV: at ninety-four, the ten of hearts makes six in play (a hundred), the spades five
    (ninety-nine, rubiconed); B makes five or four; A wins three of the six tricks either way."""
    heart, spades = _results(cli, "playing-14.piquet")
    assert (heart["partie"]["totals"]["A"], spades["partie"]["totals"]["A"]) == (100, 99)
    assert (heart["partie"]["points_won"], spades["partie"]["points_won"]) == (122, 320)


def test_in_and_out_play_makes_thirteen_to_ten(cli: Cli) -> None:
    """Playing the Cards XVI: 'As played, A reckons thirteen and B ten', and A wins the cards."""
    (r,) = _results(cli, "playing-16.piquet")
    a, b = (r["deals"][0]["scores"][p]["by"] for p in "AB")
    assert (a["play"], b["play"], a["cards"]) == (13, 10, 10)


def test_calling_example_ii_sinks_the_king_of_hearts_and_reckons_six(cli) -> None:
    """"The elder hand gives up eleven points by sinking a king": three aces and three kings reckoned, not the
    quatorze of kings and the three aces (seventeen)."""
    (r,) = _results(cli, "calling-02.piquet")
    assert r["deals"][0]["scores"]["A"]["by"]["sets"] == 6


@pytest.mark.parametrize(("name", "who", "category", "reckoned"), [
    ("calling-01.piquet", "A", "sequences", 7),  # a quart major and a tierce to the king, the ten of diamonds sunk
    ("calling-04.piquet", "B", "point", 4),  # a point of four, thirty-nine, the king of spades sunk
])
def test_calling_examples_i_and_iv_reckon_the_lesser_call(cli, name: str, who: str, category: str,
                                                           reckoned: int) -> None:
    (r,) = _results(cli, name)
    assert r["deals"][0]["scores"][who]["by"][category] == reckoned


# -- the book's decisions against the engine (benchmarks/examples_agreement.py) ----------------------------------------

def _agreement() -> Any:
    """The agreement script as a module (benchmarks/ is not a package)."""
    import importlib.util
    path = FOLDER.parent.parent.parent / "benchmarks" / "examples_agreement.py"
    spec = importlib.util.spec_from_file_location("examples_agreement", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_example_says_which_decisions_are_the_books() -> None:
    from piquet_variants import api
    from piquet_variants.agreement import given
    books = 0
    for path in FILES:
        for record in api.read(path):
            books += len(given(record.data["source"]["Given"]))  # every record has the tag, well formed
    assert books > len(FILES)


@pytest.mark.parametrize("words", ["discard", "elder discards", "calls pique", "tricks 0-3", "tricks 5-2",
                                   "younger cards 13", "elder played 1"])
def test_a_tag_that_names_no_decision_is_refused(words: str) -> None:
    from piquet_variants.agreement import GivenError, given
    with pytest.raises(GivenError):
        given(words)


def test_the_agreement_counts_are_what_analyse_gives(cli: Cli) -> None:
    """The script's counts against analyse's own JSON, counted here by what the tags say: Discarding I (the elder's
    discard, then the younger's) and Playing the Cards III (B's discard, every call, both cards of tricks 1-5)."""
    from piquet_variants.agreement import Chapter
    from piquet_variants.analysis import Choice
    found = _agreement().figures([FOLDER / "discarding-01.piquet", FOLDER / "playing-03.piquet"], 1, 7, None, 1)
    chapters = dict(found.chapters)

    def books(name: str, record: int, d: dict[str, Any], trick: int) -> bool:
        if name.startswith("discarding"):
            return d["decision"] == "discard" and d["role"] == ("elder", "younger")[record - 1]
        return {"discard": d["role"] == "younger", "call": True, "card": trick <= 5}[d["decision"]]

    for name, chapter in (("discarding-01.piquet", Chapter.DISCARDING), ("playing-03.piquet", Chapter.PLAYING)):
        code, out, err = cli("analyse", str(FOLDER / name), "--format", "json", "--samples", "1", "--seed", "7",
                             "--jobs", "1", "--quiet")
        assert code == 0, err
        data = json.loads(out)
        decided = dict.fromkeys(("discard", "call", "card"), 0)
        agreed = dict.fromkeys(("discard", "call", "card"), 0)
        for result in data["results"] if "results" in data else [data]:
            for deal in result["deals"]:
                cards = [d for d in deal["decisions"] if d["decision"] == "card"]
                for d in deal["decisions"]:
                    trick = cards.index(d) // 2 + 1 if d in cards else 0
                    if books(name, result["record"], d, trick):
                        decided[d["decision"]] += 1
                        agreed[d["decision"]] += d["player"]["action"] == d["recorded"]["action"]
        assert {c.value: n for c, n in chapters[chapter].decisions.items()} == decided
        assert {c.value: n for c, n in chapters[chapter].agreed.items()} == agreed
    assert chapters[Chapter.DISCARDING].decisions[Choice.DISCARD] == 2
    assert chapters[Chapter.PLAYING].decisions == {Choice.DISCARD: 1, Choice.CALL: 6, Choice.CARD: 10}
    assert len(found.disagreements) == sum(
        sum(ch.decisions.values()) - sum(ch.agreed.values()) for ch in chapters.values())


def test_a_lesser_call_of_the_book_is_counted_and_shown_with_what_it_sinks() -> None:
    """Calling II's three kings out of four: every decision the book gives is annotated, and the call, which the
    player is never offered, is a disagreement shown with the king it sinks."""
    from piquet_variants.agreement import Chapter
    from piquet_variants.analysis import Choice
    from piquet_variants.cards import parse_card
    script = _agreement()
    found = script.figures([FOLDER / "calling-02.piquet"], 1, 7, None, 1)
    calling = dict(found.chapters)[Chapter.CALLING]
    assert sum(calling.not_annotated.values()) == 0 and calling.decisions[Choice.CALL] == 6
    [sets] = [d.seen for d in found.disagreements if d.seen.choice == Choice.CALL]
    assert (sets.kind, sets.sunk) == ("sets", (parse_card("KH"),))
    assert "(sinking K♥)" in script.markdown(found)
