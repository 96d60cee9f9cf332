"""The compiled engine of this checkout against that of an earlier commit, in the same run.

    python benchmarks/against.py REV [ROUNDS] [DEALS] [BENCHMARK]

The machine is shared, so a figure measured yesterday says little about one
measured today.  This builds both engines compiled (``pip install`` with mypyc,
as a user gets them), each into its own virtual environment under a temporary
folder, and runs each tree's own ``benchmarks/engine.py`` (or BENCHMARK, e.g.
``simulate.py``) in turn, ROUNDS times.  For the engine benchmark it prints
each run's deals per CPU second under the club laws and the geometric mean
over the shipped rulesets, and their ratio; for any other it prints both
outputs as they are.  It takes a few minutes: two compiled builds.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str | Path, cwd: Path | None = None) -> str:
    return subprocess.run([str(a) for a in args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def _install(tree: Path, where: Path) -> Path:
    """A virtual environment with ``tree`` installed compiled; its python."""
    venv.create(where, with_pip=True)
    python = where / "bin" / "python"
    # The build needs the runtime dependencies and mypy where the compiled modules' imports can find them:
    # an earlier commit's setup.py may not build in an isolated environment without them.
    deps = re.search(r"dependencies = \[(.*?)\]", (tree / "pyproject.toml").read_text(encoding="utf-8"), re.S)
    assert deps is not None, "no dependencies in pyproject.toml"
    _run(python, "-m", "pip", "install", "-q", "setuptools>=77", "mypy>=1.11,<3", *re.findall(r'"([^"]+)"',
                                                                                               deps.group(1)))
    _run(python, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps", tree)
    compiled = _run(python, "-c", "from piquet_variants.engine import deal; print(deal.__file__)", cwd=where)
    if compiled.strip().endswith(".py"):
        raise SystemExit(f"{tree} did not compile (no C compiler?)")
    return python


def _engine_figures(out: str) -> tuple[float, float]:
    rates = {m.group(1): float(m.group(2)) for m in re.finditer(r"^(\S+)\s+\d+\s+(\d+)\s", out, re.M)}
    return rates["cavendish-rubicon"], statistics.geometric_mean(rates.values())


def main(rev: str, rounds: int, deals: int, benchmark: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = Path(tmp) / "old"
        old_tree.mkdir()
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", old_tree], input=archive, check=True)
        print(f"building {rev} and this checkout, compiled ...", file=sys.stderr)
        trees = {rev: old_tree, "this checkout": ROOT}
        pythons = {name: _install(tree, Path(tmp) / f"venv-{i}") for i, (name, tree) in enumerate(trees.items())}
        ratios = []
        for _ in range(rounds):
            load = os.getloadavg()[0]
            outs = {name: _run(pythons[name], trees[name] / "benchmarks" / benchmark, str(deals), cwd=Path(tmp))
                    for name in trees}
            if benchmark != "engine.py":
                for name, out in outs.items():
                    print(f"== {name} (load {load:.2f})\n{out}")
                continue
            (old_club, old_mean), (new_club, new_mean) = (_engine_figures(outs[name]) for name in trees)
            ratios.append(new_mean / old_mean)
            print(f"load {load:.2f}  {rev}: {old_mean:7.0f} deals/s (club laws {old_club:.0f})  this checkout: "
                  f"{new_mean:7.0f} (club laws {new_club:.0f})  x{new_mean / old_mean:.2f}", flush=True)
        if ratios:
            print(f"this checkout over {rev}: median x{statistics.median(ratios):.2f} of {rounds} runs "
                  "(geometric mean of the shipped rulesets' deals per CPU second)")


if __name__ == "__main__":
    a = sys.argv[1:]
    if not a:
        raise SystemExit(__doc__)
    main(a[0], int(a[1]) if len(a) > 1 else 3, int(a[2]) if len(a) > 2 else 5000, a[3] if len(a) > 3 else "engine.py")
