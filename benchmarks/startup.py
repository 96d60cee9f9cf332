"""The README's command against the bare imports it cannot do without, timed alternately in one run.

    python benchmarks/startup.py [N]

Each of N rounds runs, in a fresh interpreter and from a temporary folder
outside the checkout, first ``python -c "import typer, lark, yaml,
jsonschema"`` (the floor: the four libraries the command needs) and then the
README's command; the two alternate so that the machine's load falls on both
alike.  The medians and their ratio are printed; the target is a ratio of at
most 1.5.  The caches (the compiled rulesets, the parsed notation file) are
warmed first, as they are for every run on a file but the first;
``PIQUET_VARIANTS_CACHE=off`` times the cold command instead.  ``python -X
importtime`` on the command shows where the time goes.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = [sys.executable, "-c", "import typer, lark, yaml, jsonschema"]
#: The README's main command, run by the console script of this interpreter's environment.
README = ["replay", "example:traite-art12", "--ruleset", "traite", "--ruleset", "cavendish-rubicon"]


def _command() -> list[str]:
    script = Path(sys.executable).with_name("piquet-variants")
    return [str(script)] + README if script.exists() else [sys.executable, "-m", "piquet_variants"] + README


def _time(argv: list[str], cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 3):  # 3: the club laws disagree with the book, as the README says
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return elapsed


def main(rounds: int = 30) -> None:
    command = _command()
    with tempfile.TemporaryDirectory() as cwd:
        env_note = "PIQUET_VARIANTS_CACHE=off: nothing cached" if os.environ.get("PIQUET_VARIANTS_CACHE") == "off" \
            else "caches warm"
        _time(command, cwd), _time(BARE, cwd)  # warm the caches (and the OS's)
        bare, full = [], []
        for _ in range(rounds):
            bare.append(_time(BARE, cwd))
            full.append(_time(command, cwd))
    b, f = statistics.median(bare), statistics.median(full)
    print(f"bare imports   {b * 1000:7.1f} ms  (median of {rounds})")
    print(f"README command {f * 1000:7.1f} ms  ({Path(command[0]).name} {' '.join(README)}; "
          f"{env_note})")
    print(f"ratio          {f / b:7.2f}  (target at most 1.5)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
