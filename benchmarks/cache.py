"""What the cache gains: the README's command with every cache warm, with only the parser's tables, and with none.

    python benchmarks/cache.py [N]

Each of N rounds runs the README's command (``benchmarks/startup.py``'s) in a
fresh interpreter three times, in turn: with the cache folder warm (the
parser's tables, kept with marshal, and the compiled rulesets and the parsed
record, kept with pickle); with a folder holding only the parser's tables (so
the rulesets are compiled and the record parsed, as the first run on a file
does); and with ``PIQUET_VARIANTS_CACHE=off``.  The medians are printed, and
each as a ratio to the warm run: what the pickled objects gain over the plain
data alone, and what the whole cache gains.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import _command  # noqa: E402


def _time(argv: list[str], cwd: str, cache: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          env={**os.environ, "PIQUET_VARIANTS_CACHE": cache})
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 3):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return elapsed


def main(rounds: int = 10) -> None:
    command = _command()
    with tempfile.TemporaryDirectory() as cwd:
        warm = Path(cwd) / "warm"
        _time(command, cwd, str(warm))
        tables = sorted(warm.glob("parser-*.marshal"))
        times: dict[str, list[float]] = {"warm": [], "parser only": [], "off": []}
        for k in range(rounds):
            fresh = Path(cwd) / f"tables-{k}"
            fresh.mkdir(mode=0o700)
            for f in tables:
                shutil.copy(f, fresh / f.name)
            times["warm"].append(_time(command, cwd, str(warm)))
            times["parser only"].append(_time(command, cwd, str(fresh)))
            times["off"].append(_time(command, cwd, "off"))
    base = statistics.median(times["warm"])
    print(f"command: {' '.join(command)}  (median of {rounds})")
    for label, values in times.items():
        m = statistics.median(values)
        print(f"{label:12} {m * 1000:7.1f} ms  ratio to warm {m / base:5.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
