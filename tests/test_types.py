"""The package type-checks: the hints are a contract (mypyc compiles the engine from them), not decoration."""

from __future__ import annotations

import subprocess
import sys

from .conftest import ROOT


def test_mypy_passes() -> None:
    # Settings in pyproject.toml ([tool.mypy]): every function annotated, no stale ignore.
    run = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
