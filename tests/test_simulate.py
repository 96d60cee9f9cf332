"""Simulation: the same figures for any --jobs and on a Dask cluster, the JSON contract, Ctrl-C, the duel."""

from __future__ import annotations

import json
import multiprocessing
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from piquet_variants.players.registry import DEFAULT_PLAYER
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import duel
from piquet_variants.simulate.run import BATCHES_PER_WORKER, CHUNK, Plan, batches, simulate

RULES = (load_ruleset("cavendish-rubicon").rules, load_ruleset("traite").rules)


def _plan(deals: int = 3 * CHUNK + 37, players: tuple[str, str] = ("cavendish", "random")) -> Plan:
    return Plan(RULES, players, 42, deals)


def test_same_figures_for_any_jobs_and_on_dask() -> None:
    """With the default players (and one with options), as with any."""
    plan = _plan(players=(DEFAULT_PLAYER, "learned+score+sink"))
    one, two = simulate(plan, jobs=1), simulate(plan, jobs=2)
    assert not one.partial and one.deals_done == 2 * plan.deals
    assert one.tallies == two.tallies
    distributed = pytest.importorskip("dask.distributed", reason="the [cluster] extra is not installed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_dask = simulate(plan, scheduler=cluster.scheduler_address)
    assert on_dask.tallies == one.tallies


@pytest.mark.parametrize("workers", [1, 2, 3, 40])
def test_a_cluster_gets_each_chunk_once_in_a_few_batches_of_one_ruleset(workers: int) -> None:
    plan = _plan(deals=7 * CHUNK + 5)
    cut = batches(plan, workers)
    assert [task for batch in cut for task in batch] == plan.tasks()
    assert all(len({task[0] for task in batch}) == 1 for batch in cut)
    assert len(cut) <= len(plan.rules) * BATCHES_PER_WORKER * workers
    assert len(cut) >= len(plan.rules) * min(8, BATCHES_PER_WORKER * workers) // 2


def test_a_different_seed_gives_different_deals() -> None:
    a = simulate(Plan(RULES[:1], ("random", "random"), 1, CHUNK))
    b = simulate(Plan(RULES[:1], ("random", "random"), 2, CHUNK))
    assert a.tallies[0].scores != b.tallies[0].scores


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_gives_a_partial_result_and_stops_the_workers(jobs: int) -> None:
    plan = _plan(deals=20 * CHUNK)

    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    out = simulate(plan, jobs=jobs, progress=interrupt)
    assert out.partial and 0 < out.deals_done < 2 * plan.deals
    assert out.tallies[0].deals + out.tallies[1].deals == out.deals_done
    deadline = time.monotonic() + 10
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not multiprocessing.active_children()


def test_simulate_command_json_contract(cli, tmp_path: Path) -> None:
    code, out, err = cli("simulate", "-r", "cavendish-rubicon", "-r", "traite", "--deals", "300", "--seed", "5",
                         "--players", "cavendish:cavendish", "--jobs", "1", "--format", "json", "--quiet")
    assert code == 0, err
    data = json.loads(out)
    assert (data["seed"], data["deals"], data["players"]) == (5, 300, ["cavendish", "cavendish"])
    club, traite = data["results"]
    assert (club["ruleset"], traite["ruleset"]) == ("cavendish-rubicon", "traite")
    for res in data["results"]:
        assert set(res["show"]) == {"elder", "younger"}
        assert abs(sum(res["cards"].values()) - 1) < 1e-5
        for key in ("cards", "pique", "repique", "capot", "carte_blanche"):
            for hand, p in res[key].items():
                low, high = res[f"{key}_ci"][hand]
                assert 0 <= low <= p <= high <= 1
        for role in ("elder", "younger"):
            assert sum(res["bands"][role].values()) == 300 and list(res["bands"][role])[0] == "0-9"
        assert {"parties", "points_won", "rubicon", "length", "first_dealer_wins"} <= set(res["partie"])
    assert club["pique"]["younger"] == 0  # the club laws: only the elder can pique (Law 69)
    assert club["book"] and not traite["book"]  # Cavendish's figures stand beside the club game only
    shown = {(b["figure"], b["hand"]): b for b in club["book"]}
    assert shown[("show", "elder")]["book"] == "28" and "twenty-eight" in shown[("show", "elder")]["citation"]
    assert all(b["z"] is None or isinstance(b["z"], float) for b in club["book"])
    # the bands' total-variation distance from the book's: half the sum of the differences of the shares
    for role in ("elder", "younger"):
        ours, book = club["bands"][role], club["book_bands"][role]
        expected = sum(abs(ours[b] / 300 - book[b] / sum(book.values())) for b in book) / 2
        assert club["book_bands_distance"][role] == pytest.approx(expected, abs=1e-4) and 0 < expected < 1


def test_simulate_command_formats_and_plot(cli, tmp_path: Path) -> None:
    args = ("simulate", "-r", "cavendish-rubicon", "--deals", "200", "--jobs", "1", "--quiet")
    code, out, _ = cli(*args, "--format", "csv")
    assert code == 0 and out.splitlines()[0] == "ruleset,figure,hand,value,low,high,book,z"
    code, out, _ = cli(*args, "--format", "markdown", "--lang", "fr")
    assert code == 0 and "| la montre (marque médiane) | premier |" in out
    pytest.importorskip("matplotlib", reason="the [plot] extra is not installed")
    svg = tmp_path / "bands.svg"
    code, _, err = cli(*args, "--plot", str(svg))
    assert code == 0, err
    assert svg.read_text().lstrip().startswith("<?xml") and "<svg" in svg.read_text()


def test_simulate_command_bad_input(cli, tmp_path: Path) -> None:
    code, out, err = cli("simulate", "-r", "cavendish-rubicon", "--players", "cavendish:nobody", "--quiet")
    assert code == 1 and not out and "unknown player 'nobody'" in err
    code, out, err = cli("simulate", "-r", "cavendish-rubicon", "--deals", "0")
    assert code == 2
    code, out, err = cli("simulate", "-r", "cavendish-rubicon", "--deals", "10", "--plot", str(tmp_path / "no" / "x.svg"),
                         "--quiet", "--jobs", "1")
    assert code == 1 and not out and "cannot write the plot" in err


def test_cavendish_beats_random_over_seat_swapped_parties() -> None:
    res = duel(RULES[0], ("cavendish", "random"), pairs=12, seed=3)
    assert res.parties == 24 and res.points.separated and res.points.low > 0 and res.margin.low > 0


def _await_workers(pid: int, n: int, limit: float = 60.0) -> None:
    """Wait until process ``pid`` has ``n`` children (its workers: the run has begun), as ``/proc`` lists them.

    A fixed wait is not enough: where imports are slow (no bytecode cache, a loaded machine) the command may
    still be reading its ruleset after seconds, and a Ctrl-C then stops it before any deal.
    """
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        children = 0
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children += fields[1] == str(pid)
        if children >= n:
            return
        time.sleep(0.1)
    pytest.fail(f"no {n} workers after {limit} s")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers in /proc")
def test_ctrl_c_on_the_command_line() -> None:
    """A real SIGINT: the partial figures on stdout, marked partial, exit status 130, no worker left."""
    cmd = [sys.executable, "-c", "from piquet_variants.console import run; run()", "simulate", "-r", "cavendish-rubicon",
           "--deals", "5000000", "--jobs", "2", "--players", "cavendish:cavendish", "--format", "json"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _await_workers(proc.pid, 2)
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["partial"] is True and 0 < data["results"][0]["deals"] < 5_000_000
    assert "partial result" in err and "Traceback" not in err
