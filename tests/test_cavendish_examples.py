"""Cavendish's worked examples (Discarding, Calling, Playing the Cards), each a record under
docs/deals/cavendish-examples/, replayed under the club laws the book plays.

The records are the book's hands and the book's recommended play; where the book gives
only part of a deal, the rest is constructed and the record's comment says which cards
are whose.  Every record must replay without a problem, and every figure it claims must
agree with the engine, except a figure the book gets wrong, which the record marks and
the table below names with the engine's figure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "deals" / "cavendish-examples"
FILES = sorted(FOLDER.glob("*.piquet"))

#: The book's figures that the club laws do not bear out: file -> the replay's mismatch lines.
BOOK_SLIPS: dict[str, list[str]] = {}


def test_the_folder_holds_examples_and_the_readme_lists_each() -> None:
    readme = (FOLDER / "README.md").read_text("utf-8")
    listed = set(re.findall(r"`([a-z-]+-\d\d\.piquet)`", readme))
    assert FILES and {p.name for p in FILES} == listed


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_example_replays_and_its_claims_agree(cli, path: Path) -> None:
    code, out, err = cli("replay", str(path), "--format", "json")
    results = json.loads(out)["results"]
    mismatches = [m for r in results for d in r["deals"] for m in d["mismatches"]]
    expected = BOOK_SLIPS.get(path.name, [])
    assert code == (3 if expected else 0), err
    assert [str(m) for m in mismatches] == expected
    for r in results:
        assert r["ruleset"] == "cavendish-rubicon"
        assert r["deals"] and all(not d["void"] for d in r["deals"])
