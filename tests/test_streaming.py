"""Records stream: a file of any size is read a block of records at a time, each record bounded, the file not;
positions stay the file's own in every block."""

from __future__ import annotations

from pathlib import Path

import pytest

import piquet_variants as pv
from piquet_variants.errors import NotationError
from piquet_variants.notation import reader

#: A record of a score sheet, with a comment that makes it some 1,300 characters long.
RECORD = ('[Players "A" "B"]\n{{record {n}: ' + "kept in place " * 90 + '}}\n\ndeal 1, dealer "B"\n'
          '  sheet "A" {n}, "B" 5\nend deal\n\n')


def _file(tmp_path: Path, count: int, bad: int | None = None) -> Path:
    text = "".join(RECORD.format(n=n) if n != bad else RECORD.format(n=n).replace("sheet", "shet")
                   for n in range(count))
    path = tmp_path / "many.piquet"
    path.write_text(text, "utf-8")
    return path


def test_a_file_of_several_blocks_reads_every_record_in_order(tmp_path: Path) -> None:
    count = 3 * reader.BLOCK // len(RECORD.format(n=10_000)) + 100
    path = _file(tmp_path, count)
    assert path.stat().st_size > 2.5 * reader.BLOCK
    read = pv.read(path)
    first = next(read)  # yielded before the file is read to its end
    assert first.data["deals"][0]["scores"] == {"A": 0, "B": 5}
    rest = [r.data["deals"][0]["scores"]["A"] for r in read]
    assert rest == list(range(1, count))


def test_a_fault_in_a_late_block_is_told_at_the_files_own_line(tmp_path: Path) -> None:
    count = 2 * reader.BLOCK // len(RECORD.format(n=10_000)) + 50
    bad = count - 10
    path = _file(tmp_path, count, bad)
    errors: list[NotationError] = []
    good = list(pv.read(path, on_error=errors.append))  # type: ignore[arg-type]
    assert len(good) == count - 1 and len(errors) == 1
    problem = errors[0].problems[0]
    line = RECORD.count("\n") * bad + 5
    assert (problem.line, problem.column) == (line, 3), problem
    assert problem.excerpt.splitlines()[0].strip().startswith("shet")


def test_a_record_longer_than_a_block_is_refused_and_the_reading_stops(tmp_path: Path) -> None:
    path = tmp_path / "long.piquet"
    path.write_text('[Players "A" "B"]\n{' + "x" * (reader.BLOCK + 10) + "}\n", "utf-8")
    with pytest.raises(NotationError, match=r"long.piquet:1:1: a record longer than 1048576 characters"):
        list(pv.read(path))


def test_a_parsed_record_pickles_with_its_places_and_says_where_its_cards_stand() -> None:
    import pickle
    record = next(pv.read("example:traite-art12"))
    again = pickle.loads(pickle.dumps(record))
    for path in (("deals", 0, "hands", "elder", 3), ("deals", 0, "tricks", 2, 1), ("deals", 0, "talon", 0)):
        assert again.located.where(path) == record.located.where(path) != (1, 1)
    assert again.located.lines == record.located.lines and again == record and again.data == record.data
