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
