"""The README's command and ``--help`` against the bare imports they cannot do without, in turn, in one run.

    python benchmarks/startup.py [ROUNDS]

Each of ROUNDS rounds runs, in a fresh interpreter and from a temporary
folder outside the checkout, ``python -c "import typer, lark, yaml,
jsonschema"`` (the floor: the libraries the command line is built on), the
README's command and ``--help``, one after the other, so that the machine's
load falls on all three alike.  Each is timed by the CPU time of its process
(``RUSAGE_CHILDREN``, user and system), since the machine is shared and wall
time is other people's; each figure and each round's ratio to the bare
imports is given as its minimum, median and maximum over the rounds.  The
target is a ratio of at most 1.5 for both.

The command is the console script of this interpreter's environment (a
virtual environment with the wheel installed: the compiled package, as users
get it), or ``python -m piquet_variants`` where there is none; run with
``PYTHONPATH=`` a checkout to time the plain-Python source.  The caches (the
compiled rulesets, the parsed notation file) are warmed first, as they are for
every run on a file but the first; ``PIQUET_VARIANTS_CACHE=off`` times the
cold command instead.  ``python -X importtime`` on the command shows where
the time goes.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

BARE = [sys.executable, "-c", "import typer, lark, yaml, jsonschema"]
#: The README's main command, run by the console script of this interpreter's environment.
README = ["replay", "example:traite-art12", "--ruleset", "traite", "--ruleset", "cavendish-rubicon"]
HELP = ["--help"]


def _command() -> list[str]:
    script = Path(sys.executable).with_name("piquet-variants")
    return [str(script)] if script.exists() else [sys.executable, "-m", "piquet_variants"]


#: The children's environment: bytecode written and read, as a user's Python does (a checkout's modules are not
#: compiled again on every run, whatever this shell says).
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cpu(argv: list[str], cwd: str) -> float:
    """CPU seconds (user and system) of ``argv``'s process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, cwd=cwd, env=_ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 3):  # 3: the club laws disagree with the book, as the README says
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def spread(values: list[float], unit: str = "", scale: float = 1.0) -> str:
    """A figure over the rounds: its minimum, median and maximum."""
    lo, mid, hi = min(values), statistics.median(values), max(values)
    return f"min {lo * scale:.3g}{unit}, median {mid * scale:.3g}{unit}, max {hi * scale:.3g}{unit}"


def main(rounds: int = 20) -> None:
    command = _command()
    measured = {"bare": BARE, "readme": command + README, "help": command + HELP}
    with tempfile.TemporaryDirectory() as cwd:
        for argv in measured.values():  # warm the caches (and the OS's)
            cpu(argv, cwd)
        figures: dict[str, list[float]] = {name: [] for name in measured}
        for _ in range(rounds):
            for name, argv in measured.items():
                figures[name].append(cpu(argv, cwd))
    import piquet_variants.engine.deal as deal  # noqa: PLC0415 - only to say which package was timed
    built = "plain Python" if deal.__file__ and deal.__file__.endswith(".py") else "compiled (mypyc)"
    cache = "nothing cached (PIQUET_VARIANTS_CACHE=off)" if os.environ.get("PIQUET_VARIANTS_CACHE") == "off" \
        else "caches warm"
    print(f"{Path(command[-1]).name} {' '.join(README)}: {built}, {cache}; {rounds} rounds, CPU time")
    print(f"  bare imports    {spread(figures['bare'], ' ms', 1000)}")
    print(f"  README command  {spread(figures['readme'], ' ms', 1000)}")
    print(f"  --help          {spread(figures['help'], ' ms', 1000)}")
    for name, label in (("readme", "README / bare"), ("help", "--help / bare")):
        ratios = [x / b for x, b in zip(figures[name], figures["bare"])]
        print(f"{label}, same round: {spread(ratios)}  (target at most 1.5)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
