"""``convert``: notation to JSON and back, the same record both ways, and nothing written on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import piquet_variants as pv

from .conftest import ROOT

CORPUS = sorted((ROOT / "docs" / "deals").glob("*.piquet"))


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_notation_to_json_and_back_is_the_same_record(cli, tmp_path: Path, path: Path) -> None:
    """Every record and every comment: a file of several records is a JSON array of them."""
    as_json, back = tmp_path / "deal.json", tmp_path / "deal.piquet"
    assert cli("convert", str(path), "-O", str(as_json)) == (0, "", "")
    records = list(pv.read(as_json))  # each validated against the record schema
    assert records == list(pv.read(path)) and records
    assert isinstance(json.loads(as_json.read_text("utf-8")), list) == (len(records) > 1)
    assert cli("convert", str(as_json), "-O", str(back))[0] == 0
    assert list(pv.read(back)) == records
    comments = [c for r in records for c in r.data.get("comments", []) + [
        c for d in r.data["deals"] for c in d.get("comments", [])]]
    assert len(comments) == path.read_text("utf-8").count("{")  # no brace but a comment's in the corpus


def test_stdout_by_default_and_the_target_from_the_extension(cli) -> None:
    code, out, _ = cli("convert", str(ROOT / "docs" / "deals" / "traite-art12.json"))
    assert code == 0 and out.startswith("[Source ") and "end deal" in out
    code, out, _ = cli("convert", str(ROOT / "docs" / "deals" / "traite-art12.piquet"))
    assert code == 0 and json.loads(out)["format"] == "piquet-record/1"
    code, out, _ = cli("convert", str(ROOT / "docs" / "deals" / "traite-art12.piquet"), "--to", "notation")
    assert code == 0 and "donne 1" in out


def test_bad_input_writes_nothing(cli, tmp_path: Path) -> None:
    bad, out = tmp_path / "bad.piquet", tmp_path / "out.json"
    out.write_text("kept\n")
    bad.write_text('[Players "A" "B"]\ndeal 1, dealer "B"\n  elder AS KS\nend deal\n')
    code, stdout, err = cli("convert", str(bad), "-O", str(out))
    assert code == 1 and stdout == "" and "bad.piquet:3:" in err and "Traceback" not in err
    assert out.read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.piquet", "out.json"]


def test_an_unwritable_output_is_a_clear_error(cli, tmp_path: Path) -> None:
    code, _, err = cli("convert", str(ROOT / "docs" / "deals" / "traite-art12.piquet"),
                       "-O", str(tmp_path / "missing" / "x.json"))
    assert code == 1 and "cannot write" in err


def test_a_folder_as_output_is_a_clear_error_and_leaves_nothing(cli, tmp_path: Path) -> None:
    code, _, err = cli("convert", str(ROOT / "docs" / "deals" / "traite-art12.piquet"), "-O", str(tmp_path))
    assert code == 1 and "is a folder, not a file" in err and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("target", ["out.json", "out.piquet", None])
def test_a_bad_record_after_good_ones_leaves_no_output_half_written(cli, tmp_path: Path, target: str | None) -> None:
    """Records stream through convert, written as each is read: a bad one late in the file still leaves the
    output as it was (a file, or standard output), and no temporary file beside it."""
    good = (ROOT / "docs" / "deals" / "traite-art12.piquet").read_text("utf-8")
    source = tmp_path / "many.piquet"
    source.write_text(good * 3 + '\n[Players "A" "B"]\ndeal 1, dealer "B"\n  elder AS KS\nend deal\n' + good, "utf-8")
    argv = ["convert", str(source)] + (["-O", str(tmp_path / target)] if target else ["--to", "json"])
    if target:
        (tmp_path / target).write_text("kept\n")
    code, stdout, err = cli(*argv)
    assert code == 1 and stdout == "" and "many.piquet:" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["many.piquet"] + ([target] if target else []))
    if target:
        assert (tmp_path / target).read_text() == "kept\n"
