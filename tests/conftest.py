from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from piquet_variants.cli import main

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
#: The long runs (the fuzz slices at full size, and the like), which CI sets (``.ci/run``): without it a slow test
#: runs its point in seconds, so that the README's test command stays short on a small machine.
LONG = os.environ.get("PIQUET_VARIANTS_LONG_TESTS", "") not in ("", "0")


def sized(long: int, short: int) -> int:
    """How many cases a slow test runs: ``long`` under CI's long runs, else ``short``."""
    return long if LONG else short


@pytest.fixture(autouse=True)
def no_terminal_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts with no ``COLUMNS`` or ``LINES``, as a pipe has: the tables then keep their lines whole,
    and a test that needs a width sets it.

    GNU readline, which pytest imports, writes ``COLUMNS=80`` and ``LINES=24`` into the C environment, unseen by
    ``os.environ`` but inherited by every child: pytest-xdist's workers start with them in ``os.environ``, and
    a command run as a subprocess sees them, so tables wrapped at 80 columns in parallel and whole in a serial
    run.  Both copies are cleared.
    """
    for name in ("COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
        os.unsetenv(name)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., tuple[int, str, str]]:
    """Run the command line in-process: (exit status, stdout, stderr)."""
    def run(*args: str) -> tuple[int, str, str]:
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err
    return run
