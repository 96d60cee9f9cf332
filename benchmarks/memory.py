"""Peak memory of ``replay`` and ``convert`` as a record file grows: the records must stream through the commands.

    python benchmarks/memory.py [MB ...] [replay|convert ...] [notation|json]
        (sizes in MB, default 10 50; both commands; both formats)
    PIQUET_TREE=/other/checkout python benchmarks/memory.py ...   (the same files, through another checkout)

For each size, a notation file of random but legal deals (``parse.random_record``,
each a record of its own, named by its ruleset so that none is replayed with a
warning) is written, and a JSON array of the same records.  Each command runs
in a fresh process (``python -m piquet_variants``, its output to ``/dev/null``),
watched by a process of its own that reports the command's peak resident
memory (``getrusage(RUSAGE_CHILDREN)``) and its time.  The target: every peak
under 200 MB, whatever the size, and the time in proportion to the size.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from parse import random_record  # noqa: E402  (the benchmarks' own corpus of random deals)

RULESET = "cavendish-rubicon"
#: The records drawn; a file of any size repeats them.
DRAWN = 500


def watch(argv: list[str]) -> dict[str, float]:
    """Run ``argv`` in a process of its own, its output thrown away: its seconds and its peak memory (MB), as a
    fresh process that waits for it alone sees them."""
    code = ("import json, resource, subprocess, sys, time\n"
            "t = time.perf_counter()\n"
            "rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode\n"
            "s = time.perf_counter() - t\n"
            "peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
            "print(json.dumps({'seconds': s, 'peak': peak, 'status': rc}))\n")
    out = subprocess.run([sys.executable, "-c", code, *argv], check=True, capture_output=True, text=True,
                         cwd=tempfile.gettempdir())  # not the checkout, which ``-m`` would put before PYTHONPATH
    return json.loads(out.stdout)


def corpus(folder: Path, megabytes: float) -> tuple[Path, Path]:
    """A notation file of about ``megabytes`` MB and a JSON array of the same records."""
    import piquet_variants as pv
    from piquet_variants.ruleset.compiler import load_ruleset
    rules = load_ruleset(RULESET).rules
    rng = random.Random(1)
    drawn = [dict(random_record(rules, rng), ruleset=RULESET) for _ in range(DRAWN)]
    text = pv.write(drawn)
    block = json.dumps(drawn, ensure_ascii=False)[1:-1]  # the records, without the array's brackets
    copies = max(1, round(megabytes * 1e6 / len(text.encode("utf-8"))))
    notation, as_json = folder / f"records-{megabytes:g}mb.piquet", folder / f"records-{megabytes:g}mb.json"
    with notation.open("w", encoding="utf-8") as out:
        for _ in range(copies):
            out.write(text + "\n")
    with as_json.open("w", encoding="utf-8") as out:
        out.write("[")
        out.write(",\n".join([block] * copies))
        out.write("\n]\n")
    return notation, as_json


def main(sizes: list[float], commands: list[str], formats: list[str]) -> None:
    command = [sys.executable, "-m", "piquet_variants"]
    tree = os.environ.get("PIQUET_TREE", str(Path(__file__).resolve().parent.parent))  # another checkout, to compare
    os.environ["PYTHONPATH"] = os.pathsep.join([tree, os.environ.get("PYTHONPATH", "")])
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            notation, as_json = corpus(Path(folder), size)
            for path in [p for p, f in ((notation, "notation"), (as_json, "json")) if f in formats]:
                runs = {"replay": ["replay", str(path)], "convert": ["convert", str(path), "-O", str(Path(folder, "out"))]}
                for argv in (runs[c] for c in commands):
                    got = watch(command + argv)
                    shown = " ".join(["piquet-variants", argv[0], path.name] + (["-O", "out"] if len(argv) > 2 else []))
                    print(f"{shown}: {path.stat().st_size / 1e6:.1f} MB in {got['seconds']:.1f} s, "
                          f"peak {got['peak']:.0f} MB (exit status {got['status']})", flush=True)
            notation.unlink()
            as_json.unlink()


if __name__ == "__main__":
    args = sys.argv[1:]
    main([float(a) for a in args if a[0].isdigit()] or [10.0, 50.0],
         [a for a in args if a in ("replay", "convert")] or ["replay", "convert"],
         [a for a in args if a in ("notation", "json")] or ["notation", "json"])
