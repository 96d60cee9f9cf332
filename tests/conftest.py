from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from piquet_variants.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """Run the command line in-process: (exit status, stdout, stderr)."""
    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err
    return run
