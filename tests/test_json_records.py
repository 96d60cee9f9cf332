"""JSON records are read as JSON: what no JSON reader accepts is refused at its line and column, and every value
keeps the position a message or a check names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import piquet_variants as pv
from piquet_variants.errors import RecordError
from piquet_variants.records.json_reader import JsonPlaces, json_records

DEALS = Path(__file__).parent.parent / "docs" / "deals"
RECORD = {"players": ["A", "B"], "deals": [{"dealer": "B", "scores": {"A": 10, "B": 3}}]}


@pytest.mark.parametrize("text, line, column, words", [
    ("{'players': ['A', 'B'], 'deals': []}", 1, 2, "property name enclosed in double quotes"),
    ('{"players": ["A", "B"],\n "deals": [{"dealer": "B",}]}', 2, 27, "property name"),
    ('{"players": ["A", "B"], # two\n "deals": []}', 1, 25, "double quotes"),
    ('[\n' + json.dumps(RECORD) + ',\n]', 2, len(json.dumps(RECORD)) + 1, "trailing comma"),
    ('{"players": ["A", "B"], "deals": [{"dealer": "B", "scores": {"A": NaN}}]}', 1, 67, "not a JSON number"),
    ('{"players": ["A", "B"], "players": ["C", "D"], "deals": []}', 1, 25, "duplicate key 'players'"),
    ('{"players": ["A", "B"], "deals": [{"dealer": "B", "scores": {"A": 1' + "0" * 30 + '}}]}', 1, 67, "out of range"),
    (json.dumps(RECORD) + "\nx", 2, 1, "extra data"),
    (json.dumps(RECORD) + "\n" + json.dumps(RECORD) + " 7", 2, len(json.dumps(RECORD)) + 2, "extra data"),
])
def test_what_json_refuses_is_refused_at_its_place(text: str, line: int, column: int, words: str) -> None:
    (error,) = [r for r in json_records(text, "bad.json") if isinstance(r, RecordError)]
    problem = error.problems[0]
    assert (problem.line, problem.column) == (line, column) and words in str(problem.message), problem


def test_a_json_file_with_yaml_flow_syntax_is_refused_through_the_api(tmp_path: Path) -> None:
    path = tmp_path / "flow.json"
    path.write_text("{players: [A, B], deals: [{dealer: B, scores: {A: 1}}],}\n", "utf-8")
    with pytest.raises(RecordError, match=r"flow.json:1:2: not valid JSON"):
        list(pv.read(path))


def test_each_value_stands_where_it_was_written() -> None:
    text = '[\n  {"players": ["A", "B"],\n   "deals": [{"dealer": "B", "scores": {"A\\u0041": 1}}]}\n]'
    places = JsonPlaces(text)
    assert places.at((0,)) == (2, 3) and places.at((0, "players")) == (2, 4) and places.at((0, "players", 1)) == (2, 21)
    assert places.at((0, "deals", 0, "dealer")) == (3, 15) and places.at((0, "deals", 0, "scores", "AA")) == (3, 41)


def test_a_bad_record_of_an_array_spoils_only_itself_and_is_named_by_its_index() -> None:
    bad = dict(RECORD, deals=[{"dealer": 7}])
    results = list(json_records(json.dumps([RECORD, bad, RECORD], indent=1), "three.json"))
    assert [type(r).__name__ for r in results] == ["Read", "RecordError", "Read"]
    problem = results[1].problems[0]  # type: ignore[union-attr]
    assert problem.path == "[1].deals[0].dealer" and problem.line == 24


@pytest.mark.parametrize("path", sorted(DEALS.rglob("*.json")), ids=lambda p: p.name)
def test_every_shipped_json_record_reads_as_before(path: Path) -> None:
    records = list(pv.read(path))
    data = json.loads(path.read_text("utf-8"))
    # as the file has it, the format and the language (English where unstated) written out
    assert [r.data for r in records] == [_stated(d) for d in (data if isinstance(data, list) else [data])]


def _stated(data: dict) -> dict:
    """A record's data with its format and language written out, as ``Record.data`` always gives them."""
    return {"format": "piquet-record/1", "lang": "en", **data}


def test_json_lines_are_read_a_record_a_line_each_at_its_line(tmp_path: Path) -> None:
    bad = dict(RECORD, deals=[{"dealer": 7}])
    path = tmp_path / "lines.json"
    path.write_text("\n".join(json.dumps(r) for r in (RECORD, bad, RECORD)) + "\n", "utf-8")
    errors: list[RecordError] = []
    assert [r.data for r in pv.read(path, on_error=errors.append)] == [_stated(RECORD), _stated(RECORD)]
    (problem,) = errors[0].problems
    assert (problem.line, problem.path) == (2, "deals[0].dealer"), problem


@pytest.mark.parametrize("text", [
    json.dumps([RECORD, dict(RECORD, deals=[{"dealer": 7}]), RECORD], indent=1),
    json.dumps(dict(RECORD, players=["A", 'B\\"q'])),
    json.dumps(RECORD) + "\n" + json.dumps(dict(RECORD, deals=[{"dealer": 7}])) + "\n",
    json.dumps(dict(RECORD, note="x\\ud800")),
    "[\n" + json.dumps(RECORD) + ",\n]",
    "[" + json.dumps(RECORD) + " " + json.dumps(RECORD) + "]",
    '[{"a": "x\\ny',
], ids=["array", "escaped quote", "lines", "half a character", "trailing comma", "no comma", "open string"])
def test_a_text_read_in_pieces_of_any_size_reads_as_it_does_whole(text: str) -> None:
    """The reader takes a file in pieces and lets each record's text go once it is read: what it finds, and where
    each value and each fault stands, is the same whatever the pieces."""
    def seen(results: list[object]) -> list[object]:
        return [[(p.line, p.column, p.path, p.message) for p in r.problems] if isinstance(r, RecordError)
                else (r.record, r.located.where(("deals", 0, "dealer")),  # type: ignore[attr-defined]
                      r.located.where(("players", 1)))  # type: ignore[attr-defined]
                for r in results]
    whole = seen(list(json_records(text, "f.json")))
    for size in (1, 2, 7, 64):
        assert seen(list(json_records(iter([text[i:i + size] for i in range(0, len(text), size)]), "f.json"))) \
            == whole, size
