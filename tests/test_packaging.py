"""The wheel carries the rulesets, the grammar and the schemas as package data."""

from __future__ import annotations

import subprocess
import sys
import zipfile

from .conftest import ROOT


def test_wheel_ships_the_data(tmp_path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next(tmp_path.glob("piquet_variants-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for ruleset in (ROOT / "rulesets").glob("*.yaml"):
        assert f"piquet_variants/data/rulesets/{ruleset.name}" in names
    for grammar in (ROOT / "grammar").glob("*.lark"):
        assert f"piquet_variants/data/grammar/{grammar.name}" in names
    assert "piquet_variants/schemas/ruleset.schema.json" in names
    assert any(n.endswith("entry_points.txt") for n in names)
