"""The user's paths, timed in one run as ratios: simulation, start-up, replay, Dask, against a C lower bound.

    python benchmarks/paths.py [ROUNDS] [--replay RECORDS] [--dask DEALS] [--only deals,startup,replay,dask]

Every figure is a command as a user types it, run in a fresh interpreter
(``python -m piquet_variants``: the package this interpreter imports, plain
Python with ``PYTHONPATH=`` a checkout, compiled from an installed wheel), and
timed by the CPU time of the processes it ran (``RUSAGE_CHILDREN``, workers
included), since the machine is shared and its wall time is other people's.
The things measured take turns within each round, and each figure is given as
its minimum, median and maximum over the ROUNDS rounds.

* **A deal, per extra deal.**  Each command runs twice, with few deals and
  with many; the difference of CPU time over the difference of deals is the
  cost of one more deal, without the start-up.  The C program
  ``benchmarks/cbound.c`` (built here, where a C compiler is at hand) deals,
  exchanges, declares, plays random legal cards and scores under the same
  counting, with nothing read from a ruleset: the bound.  ``simulate
  --players random:random`` is given as a fraction of its rate (target: at
  least 1/15), and cavendish and the default players beside it.  Without a
  compiler the bound is left out and the rates are given alone.
* **Start-up.**  ``python -c "import typer, lark, yaml, jsonschema"`` (the
  bare imports) against the README's command and ``--help`` (target: at most
  1.5 times), the caches warm.
* **Replay** of a file of many records (random legal deals the engine played,
  as ``benchmarks/records.py`` writes them), per record.
* **Dask.**  The same simulation (``random:random``, the cheapest deals and so
  the most overhead for each) on ``--jobs 2`` and on a local cluster of two
  worker processes of one thread each; here the figure is wall time, since a
  cluster's cost is the waiting (target: at most 1.3 times).  The cluster is
  started once, before the rounds, as it is by whoever runs one.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

CLI = [sys.executable, "-m", "piquet_variants"]
BARE = [sys.executable, "-c", "import typer, lark, yaml, jsonschema"]
README = CLI + ["replay", "example:traite-art12", "--ruleset", "traite", "--ruleset", "cavendish-rubicon"]
HELP = CLI + ["--help"]
#: Deals of each simulation: few (start-up and the first chunk) and many; the difference is timed.  The many are
#: about a CPU-second past the few for each pair of players: a difference of a twentieth of a second, as 2,000
#: deals of the cavendish player now are, is within the start-up's own spread, and gave rates below zero.
FEW = 200
MANY = {"random": 60_200, "cavendish": 40_200, "learned": 4_200}
C_FEW, C_MANY = 100_000, 1_100_000


def _cpu(argv: list[str], cwd: str, ok: tuple[int, ...] = (0,)) -> float:
    """CPU seconds (user and system) of ``argv`` and every process it waited for."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _wall(argv: list[str], cwd: str) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
    return time.perf_counter() - start


def _simulate(players: str, deals: int, *more: str) -> list[str]:
    return CLI + ["simulate", "-r", "cavendish-rubicon", "-p", players, "-n", str(deals), "--format", "json",
                  *more]


def _per_deal(argv_few: list[str], argv_many: list[str], extra: int, cwd: str) -> float:
    """CPU seconds of one more deal: the two runs' difference over their difference in deals."""
    return (_cpu(argv_many, cwd) - _cpu(argv_few, cwd)) / extra


def _build_bound(folder: str) -> str | None:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        return None
    binary = str(Path(folder, "cbound"))
    source = str(Path(__file__).with_name("cbound.c"))
    if subprocess.run([cc, "-O2", "-o", binary, source], capture_output=True).returncode:
        return None
    return binary


def _replay_file(folder: str, records: int) -> Path:
    import random

    import piquet_variants as pv
    from parse import random_record
    from piquet_variants.ruleset.compiler import load_ruleset
    rules = load_ruleset("cavendish-rubicon").rules
    rng = random.Random(1)
    path = Path(folder, "many.piquet")
    path.write_text(pv.write([random_record(rules, rng) for _ in range(records)]), "utf-8")
    return path


def _spread(values: list[float], unit: str = "", scale: float = 1.0) -> str:
    lo, mid, hi = min(values), statistics.median(values), max(values)
    return f"min {lo * scale:.3g}{unit}, median {mid * scale:.3g}{unit}, max {hi * scale:.3g}{unit}"


PARTS = ("deals", "startup", "replay", "dask")


def main(rounds: int, replay_records: int, dask_deals: int, only: tuple[str, ...] = PARTS) -> None:
    import piquet_variants.engine.deal as deal
    print("engine:", "plain Python" if deal.__file__.endswith(".py") else "compiled (mypyc; see setup.py)",
          f"on {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start")
    figures: dict[str, list[float]] = {}

    def note(name: str, value: float) -> None:
        figures.setdefault(name, []).append(value)

    with tempfile.TemporaryDirectory() as cwd:
        bound = _build_bound(cwd) if "deals" in only else None
        if bound is None and "deals" in only:
            print("no C compiler: the C bound is left out (the rates below stand alone)")
        many = _replay_file(cwd, replay_records) if replay_records and "replay" in only else None
        cluster = None
        if dask_deals and "dask" in only:
            from dask.distributed import LocalCluster
            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        try:
            _cpu(README, cwd, (0, 3)), _cpu(BARE, cwd)  # the caches warm, as for every run but the first
            for r in range(rounds):
                if bound is not None:
                    note("c", _per_deal([bound, str(C_FEW)], [bound, str(C_MANY)], C_MANY - C_FEW, cwd))
                for name, n in MANY.items() if "deals" in only else ():
                    note(name, _per_deal(_simulate(f"{name}:{name}", FEW, "-j", "1"),
                                         _simulate(f"{name}:{name}", n, "-j", "1"), n - FEW, cwd))
                for name, argv in (("bare", BARE), ("readme", README), ("help", HELP)) if "startup" in only else ():
                    note(name, _cpu(argv, cwd, (0, 3)))  # 3: the club laws disagree with the book, as the README says
                if many is not None:
                    note("replay", _cpu(CLI + ["replay", str(many), "-r", "cavendish-rubicon", "--format", "json"],
                                        cwd, (0, 3)) / replay_records)
                if cluster is not None:
                    jobs = _wall(_simulate("random:random", dask_deals, "-j", "2"), cwd)
                    on_dask = _wall(_simulate("random:random", dask_deals, "--scheduler", cluster.scheduler_address),
                                    cwd)
                    note("jobs2", jobs)
                    note("dask", on_dask)
                print(f"round {r + 1} of {rounds} done; load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
        finally:
            if cluster is not None:
                cluster.close()
    _report(figures, rounds, replay_records, dask_deals)


def _report(f: dict[str, list[float]], rounds: int, replay_records: int, dask_deals: int) -> None:
    if "random" in f:
        _report_deals(f, rounds)
    if "bare" in f:
        _report_startup(f)
    if "replay" in f:
        print(f"\nreplay of {replay_records:,} records: CPU per record {_spread(f['replay'], ' ms', 1000)}" +
              (f"; against a simulated random deal, same round: "
               f"{_spread([x / y for x, y in zip(f['replay'], f['random'])])}" if "random" in f else ""))
    if "dask" in f:
        print(f"\n{dask_deals:,} deals random:random, wall seconds: --jobs 2 {_spread(f['jobs2'], ' s')}; "
              f"two local Dask workers {_spread(f['dask'], ' s')}")
        print(f"Dask / --jobs 2, same round: {_spread([d / j for d, j in zip(f['dask'], f['jobs2'])])}  "
              f"(target at most 1.3)")


def _report_deals(f: dict[str, list[float]], rounds: int) -> None:
    print(f"\n{rounds} rounds; CPU time per extra deal (deals per CPU-second):")
    if "c" in f:
        print(f"  C bound (benchmarks/cbound.c)   {_spread([1 / x for x in f['c']], ' deals/s')}")
    for name in MANY:
        print(f"  simulate -p {name}:{name:10s} {_spread([1 / x for x in f[name]], ' deals/s')}")
    if "c" in f:
        ratios = [c / x for c, x in zip(f["c"], f["random"])]
        print(f"random:random / C bound, same round: {_spread(ratios)}  (1/15 = 0.0667; target at least)")
        for name in ("cavendish", "learned"):
            print(f"{name}:{name} / C bound, same round: {_spread([c / x for c, x in zip(f['c'], f[name])])}")


def _report_startup(f: dict[str, list[float]]) -> None:
    print("\nstart-up, CPU seconds (the caches warm):")
    print(f"  bare imports    {_spread(f['bare'], ' ms', 1000)}")
    print(f"  README command  {_spread(f['readme'], ' ms', 1000)}")
    print(f"  --help          {_spread(f['help'], ' ms', 1000)}")
    print(f"README / bare, same round: {_spread([x / b for x, b in zip(f['readme'], f['bare'])])}  (target at most 1.5)")
    print(f"--help / bare, same round: {_spread([x / b for x, b in zip(f['help'], f['bare'])])}  (target at most 1.5)")


def _option(name: str, default: int) -> int:
    if name in sys.argv:
        i = sys.argv.index(name)
        value = int(sys.argv[i + 1])
        del sys.argv[i:i + 2]
        return value
    return default


if __name__ == "__main__":
    replay, dask = _option("--replay", 20_000), _option("--dask", 100_000)
    only = PARTS
    if "--only" in sys.argv:
        i = sys.argv.index("--only")
        only = tuple(sys.argv[i + 1].split(","))
        del sys.argv[i:i + 2]
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3, replay, dask, only)
