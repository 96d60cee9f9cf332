"""A record's Ruleset names a ruleset id, or a file of the record's own folder, and nothing else; a YAML file
there that is not a ruleset is said to be so, and what it holds is not echoed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import piquet_variants as pv
from piquet_variants.errors import RecordError

DEALS = Path(__file__).parent.parent / "docs" / "deals"
RULESETS = Path(__file__).parent.parent / "rulesets"


def _record(folder: Path, ruleset: str) -> Path:
    text = (DEALS / "traite-art12.piquet").read_text("utf-8")
    lines = [f'[Ruleset "{ruleset}"]' if line.startswith("[Ruleset ") else line for line in text.splitlines()]
    path = folder / "deal.piquet"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def _line(path: Path) -> int:
    return next(n for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if line.startswith("[Ruleset "))


@pytest.mark.parametrize("name", ["../traite.yaml", "sub/traite.yaml", "/etc/traite.yaml", "link.yaml", ".yaml"])
def test_a_ruleset_file_outside_the_records_folder_is_refused_at_its_line(tmp_path: Path, name: str,
                                                                          cli) -> None:
    outside = tmp_path / "traite.yaml"
    outside.write_text((RULESETS / "traite.yaml").read_text("utf-8"), "utf-8")
    folder = tmp_path / "records"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "traite.yaml").write_text(outside.read_text("utf-8"), "utf-8")
    os.symlink(outside, folder / "link.yaml")
    path = _record(folder, name)
    with pytest.raises(RecordError) as caught:
        pv.replay(next(pv.read(path)))
    problem = caught.value.problems[0]
    assert (problem.line, problem.path) == (_line(path), "ruleset") and "record's own folder" in str(problem.message)
    code, _, err = cli("replay", str(path))
    assert code == 1 and f"{path}:{_line(path)}:" in err and "record's own folder" in err


def test_a_ruleset_file_beside_the_record_is_read(tmp_path: Path) -> None:
    (tmp_path / "traite.yaml").write_text((RULESETS / "traite.yaml").read_text("utf-8"), "utf-8")
    result = pv.replay(next(pv.read(_record(tmp_path, "traite.yaml"))))
    assert result.partie.totals == pv.replay(next(pv.read(DEALS / "traite-art12.piquet")), "traite").partie.totals


def test_a_yaml_file_that_is_not_a_ruleset_has_its_keys_kept_to_itself(tmp_path: Path) -> None:
    (tmp_path / "notes.yaml").write_text("password: hunter2\napi_token: s3cret\n", "utf-8")
    with pytest.raises(RecordError) as caught:
        pv.replay(next(pv.read(_record(tmp_path, "notes.yaml"))))
    said = str(caught.value)
    assert "is not a ruleset file" in said and not {"password", "hunter2", "api_token", "s3cret"} & set(said.split())
    assert "password" not in said and "token" not in said
