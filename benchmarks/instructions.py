"""Machine instructions per complete random deal, counted by valgrind: a measure that does not drift.

    python benchmarks/instructions.py [RULESET]

Wall time on a shared 2-core machine varies by a tenth from one minute to the
next, more than most single changes to the engine are worth.  The number of
instructions the interpreter executes for a deal does not vary at all, so it
tells whether a change did less work.  It is not the speed: cache misses and
allocation do not show in it (a change that saved a quarter of the
instructions once saved only a twentieth of the time), so confirm with
``benchmarks/engine.py`` too.

It counts the checkout's source as plain Python (it runs from the checkout's
root, which shadows an installed, compiled copy): that is the engine whose
instructions a change to the source moves one for one.

Runs the deal loop of ``benchmarks/engine.py`` for 300 and for 1,300 deals
under callgrind and divides the difference by 1,000, which leaves out start-up
and the tables built once per ruleset.  Needs valgrind (``apt-get install
valgrind``) and takes about half a minute.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

_LOOP = """
import random, sys
from piquet_variants.players.random_player import random_deal
from piquet_variants.engine.scoring import score_deal
from piquet_variants.ruleset.compiler import load_ruleset
rules = load_ruleset(sys.argv[2]).rules
rng = random.Random(1)
for _ in range(int(sys.argv[1])):
    score_deal(random_deal(rules, rng))
"""


def _count(deals: int, ruleset: str) -> int:
    # The interpreter itself, not a launcher script (a pyenv shim would be counted instead).
    python = os.path.realpath(sys.executable)
    run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c", _LOOP,
                          str(deals), ruleset], capture_output=True, text=True, cwd=Path(__file__).parent.parent,
                         env=dict(os.environ, PYTHONHASHSEED="0"), check=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"valgrind gave no count:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main(ruleset: str) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    per_deal = (_count(1300, ruleset) - _count(300, ruleset)) / 1000
    print(f"{ruleset}: {per_deal:,.0f} instructions a deal")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "cavendish-rubicon")
