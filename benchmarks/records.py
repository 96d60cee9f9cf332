"""Read whole record files through ``pv.read``: time and peak memory as the file grows, and JSON beside notation.

    python benchmarks/records.py [N]     (N records in the small file, default 2,000; the large one holds 10 N)
    PIQUET_TREE=/other/checkout python benchmarks/records.py [N]   (the same files, read through another checkout)

Random but legal deals (``parse.random_record``, the engine plays them), each a
record of its own with its tags, written once as a notation file of N records,
one of 10 N, and a JSON file (an array) of N and one of 10 N.  Each file is read in a fresh
process, each record let go as the next is read (as a script that replays a
corpus does), and the process reports its time and its peak resident memory;
the interpreter, the parser and the compiled grammar are loaded before the
clock starts, and their memory is given apart (``base``).  The files are read
in alternating rounds, and each figure is the best round's, since the machine
is shared.

Targets: each large file in at most 14 times the small one's time, with a peak
at most twice its peak (notation and JSON alike); the JSON file in at most
twice the notation's time.
"""

from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The checkout whose reader is measured: this one's source by default (not an installed copy of the package).
TREE = os.environ.get("PIQUET_TREE", str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(1, TREE)
from parse import random_record  # noqa: E402  (the benchmarks' own corpus of random deals)

ROUNDS = 3


def _peak_mb() -> float:
    """This process's own peak resident memory.  Linux's ``VmHWM`` is the high-water mark of the process's image,
    which starts afresh at ``exec``; ``ru_maxrss`` keeps the parent's from the fork (here the parent holds every
    generated record), so it is the fallback only where there is no ``/proc``."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")) / 1024


def _measure(path: str) -> None:
    """In a fresh process: read every record of ``path``, and print seconds, peak and base memory (MB)."""
    import piquet_variants as pv
    from piquet_variants.notation import parser
    parser.parser()
    base = _peak_mb()
    start = time.perf_counter()
    count = sum(1 for _ in pv.read(Path(path)))
    elapsed = time.perf_counter() - start
    peak = _peak_mb()
    print(json.dumps({"records": count, "seconds": elapsed, "peak": peak, "base": base}))


def _run(path: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--measure", str(path)], check=True, capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    return json.loads(out.stdout)


def main(n: int) -> None:
    import piquet_variants as pv
    from piquet_variants.ruleset.compiler import load_ruleset
    rules = load_ruleset("cavendish-rubicon").rules
    rng = random.Random(1)
    records = [random_record(rules, rng) for _ in range(n)]
    with tempfile.TemporaryDirectory() as folder:
        small, large = Path(folder, "small.piquet"), Path(folder, "large.piquet")
        as_json, large_json = Path(folder, "small.json"), Path(folder, "large.json")
        text = pv.write(records)
        small.write_text(text, "utf-8")
        large.write_text("\n".join([text] * 10), "utf-8")
        as_json.write_text(json.dumps(records, ensure_ascii=False, indent=1), "utf-8")
        large_json.write_text(json.dumps(records * 10, ensure_ascii=False, indent=1), "utf-8")
        del records, text
        best: dict[Path, dict[str, float]] = {}
        for _ in range(ROUNDS):
            for path in (small, large, as_json, large_json):
                got = _run(path)
                if path not in best or got["seconds"] < best[path]["seconds"]:
                    best[path] = dict(got, peak=min(got["peak"], best.get(path, got)["peak"]))
        for path in (small, large, as_json, large_json):
            b = best[path]
            print(f"{path.name}: {int(b['records']):,} records, {path.stat().st_size / 1e6:.1f} MB: {b['seconds']:.2f} s, "
                  f"peak {b['peak']:.0f} MB (base {b['base']:.0f} MB)")
        for what, s, lg in (("notation", best[small], best[large]), ("JSON", best[as_json], best[large_json])):
            print(f"{what}, 10x the records: {lg['seconds'] / s['seconds']:.1f}x the time (target at most 14), "
                  f"{lg['peak'] / s['peak']:.2f}x the peak (at most 2), "
                  f"{(lg['peak'] - lg['base']) / max(s['peak'] - s['base'], 1):.1f}x above the base")
        print(f"JSON: {best[as_json]['seconds'] / best[small]['seconds']:.2f}x the notation's time (target at most 2)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--measure"]:
        _measure(sys.argv[2])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 2_000)
