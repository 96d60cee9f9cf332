"""The API without traps: records hash as they compare, a text is never a path, examples by name, the collector
left alone, and only the project's errors for bad input."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import pytest

import piquet_variants as pv
from piquet_variants.errors import RecordError

TRAITE = Path(__file__).parent.parent / "docs" / "deals" / "traite-art12.piquet"


def test_two_equal_records_are_one_member_of_a_set() -> None:
    first, again = next(pv.read(TRAITE)), next(pv.read(pv.write(next(pv.read(TRAITE)))))
    assert first is not again and first == again and hash(first) == hash(again) and len({first, again}) == 1


def test_a_long_line_of_text_is_read_as_records_not_opened_as_a_file() -> None:
    with pytest.raises(pv.PiquetError) as caught:
        list(pv.read("deal 1 " + "x" * 300))
    assert caught.value.problems[0].file == "<text>"  # type: ignore[attr-defined]


def test_a_shipped_example_is_read_by_name_from_any_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    assert list(pv.read("example:traite-art12")) == list(pv.read(TRAITE))
    with pytest.raises(pv.PiquetError, match="no example"):
        list(pv.read("example:no-such-deal"))


def test_a_text_handle_is_read_to_its_end() -> None:
    assert list(pv.read(io.StringIO(TRAITE.read_text("utf-8")))) == list(pv.read(TRAITE))


def test_reading_leaves_the_garbage_collector_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise AssertionError("the reader turned the collector off")
    monkeypatch.setattr(gc, "disable", refuse)
    assert gc.isenabled()
    for record in pv.read(TRAITE):
        assert gc.isenabled()
    list(pv.read(TRAITE))
    assert gc.isenabled()


def test_a_file_that_cannot_be_read_as_json_raises_the_projects_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read file"):
        list(pv.read(tmp_path / "missing.piquet", fmt="json"))
    with pytest.raises(RecordError, match="cannot read file"):
        list(pv.read(tmp_path, fmt="json"))


@pytest.mark.parametrize("record", [
    {"players": ["A", "B"], "deals": [{"dealer": 3}]},
    {"players": ["A", "B"], "deals": [{"dealer": "A", "hands": {"elder": "AS", "younger": ["KS"]}}]},
    {"players": "AB", "deals": []},
    {"deals": [{"dealer": "A", "tricks": [[7]]}]},
])
def test_writing_a_dict_of_the_wrong_shape_names_what_is_wrong(record: dict[str, object]) -> None:
    for write in (pv.write, pv.write_json):
        with pytest.raises(RecordError) as caught:
            write(record)
        assert caught.value.problems


def test_read_is_the_one_reader_and_hands_each_error_on_in_its_place(tmp_path: Path) -> None:
    assert [name for name in pv.__all__ if "read" in name or "load" in name] == ["read"]
    bad = tmp_path / "bad.json"
    bad.write_text("{'players': ['A', 'B']}", "utf-8")
    errors: list[RecordError] = []
    assert list(pv.read(bad, on_error=errors.append)) == [] and "bad.json:1:2" in str(errors[0].problems[0])


def test_a_notation_text_opening_with_an_empty_comment_is_notation() -> None:
    """The writer writes an empty comment as ``{}``, which is also JSON's empty object: no record, so the text is
    the notation it is, and reads back as it was written."""
    pack = [f"{r}{s}" for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    record = {"format": "piquet-record/1", "players": ["A", "B"], "lang": "en",
              "deals": [{"dealer": "B", "hands": {"elder": pack[:12], "younger": pack[12:24]}, "talon": pack[24:]}],
              "comments": [{"before": "tag:Players", "text": ""}]}
    text = pv.write([record])
    assert text.startswith("{}\n") and [r.data for r in pv.read(text)] == [record]
