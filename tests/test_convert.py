"""``convert``: notation to JSON and back, the same record both ways, and nothing written on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from piquet_variants.engine.record import load_record
from piquet_variants.notation.reader import read_file

from .conftest import ROOT

CORPUS = sorted((ROOT / "docs" / "deals").glob("*.piquet"))


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.stem)
def test_notation_to_json_and_back_is_the_same_record(cli, tmp_path: Path, path: Path) -> None:
    as_json, back = tmp_path / "deal.json", tmp_path / "deal.piquet"
    assert cli("convert", str(path), "-O", str(as_json)) == (0, "", "")
    record = load_record(as_json).data  # validates against the record schema
    assert record == read_file(path).data
    assert cli("convert", str(as_json), "-O", str(back))[0] == 0
    assert read_file(back).data == record


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
    assert code == 1 and "cannot write" in err and list(tmp_path.iterdir()) == []
