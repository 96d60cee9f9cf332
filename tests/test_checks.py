"""What a replay checks is typed: checkpoints are values (a stage and a number), not text read back."""

from __future__ import annotations

import pytest

import piquet_variants as pv
from piquet_variants.records.checks import (FINAL, HAND_ELDER, Category, Check, Checkpoint, Dialogue, Stage,
                                            TricksWon, lead, trick)


@pytest.mark.parametrize("text, mark", [("lead:3", lead(3)), ("trick:12", trick(12)), ("hand:elder", HAND_ELDER),
                                        ("final", FINAL), ("declarations", Checkpoint(Stage.DECLARATIONS))])
def test_a_checkpoint_is_read_from_the_records_word_and_says_it_back(text: str, mark: Checkpoint) -> None:
    assert Checkpoint.read(text) == mark and mark.label == text


@pytest.mark.parametrize("text", ["lead", "lead:", "lead:x", "play:3", "hand", "trick:٣", "Final"])
def test_a_word_that_names_no_checkpoint_is_none(text: str) -> None:
    assert Checkpoint.read(text) is None


def test_the_engines_checkpoints_are_typed_and_a_replays_checks_fall_on_them() -> None:
    record = next(pv.read("example:traite-art12"))
    result = pv.replay(record)
    score = result.deals[0].score
    assert score is not None
    marks = score.checkpoints()
    assert all(isinstance(m, Checkpoint) for m in marks) and {HAND_ELDER, lead(1), trick(1), FINAL} <= set(marks)
    assert all(isinstance(c, Check) for c in result.checks)
    places = {type(c.at) for c in result.checks}
    assert {Dialogue, TricksWon} <= places or {Dialogue, Category} <= places
    check = result.checks[0]
    assert check.agrees == (check.claimed == check.engine) and hash(check) == hash(Check(**{
        f: getattr(check, f) for f in ("deal", "at", "player", "claimed", "engine", "line", "column")}))
