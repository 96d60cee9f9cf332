"""Play chunks of simulated deals, anywhere, and add up their tallies.

A run is a ``Plan``: the rulesets (compiled, so that a worker needs no file),
the two players by name, the seed and the number of deals.  It is cut into
chunks of ``CHUNK`` deals; each chunk's chance comes only from the seed and
the chunk's index (the cards from one generator, each player's choices from
his own), so a chunk gives the same tally wherever it runs, and the run the
same result for any ``--jobs`` and any scheduler.  The same seeds serve every
ruleset, so rulesets are compared on the same shuffles.

Within a chunk, parties are played one after another until the chunk's deals
are done; every deal counts in the deal statistics, and a partie that the
chunk's end cuts short does not count in the partie statistics.
"""

from __future__ import annotations

import random
import signal
from collections.abc import Callable, Generator
from contextlib import closing
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from ..engine.deal import Deal, random_dealt
from ..engine.partie import Partie
from ..engine.scoring import DealScore, score_deal
from ..errors import PiquetError
from ..players.registry import player_class
from ..players.table import Player, play_deal
from ..players.view import Context
from ..ruleset.model import Rules
from .tally import Tally

#: Deals in a chunk: the unit of work and of seeding (it must not depend on the number of workers).
CHUNK = 200
#: A partie that has not ended after this many deals is abandoned (a race nobody can win would never end).
MOST_DEALS_IN_A_PARTIE = 1000

#: Chunks queued for each worker process at a time.
QUEUED = 4

Task = tuple[int, int, int]  # (ruleset index, chunk index, deals)


class SchedulerError(PiquetError):
    """A Dask scheduler that cannot be reached, or Dask not installed."""


@dataclass(frozen=True)
class Plan:
    rules: tuple[Rules, ...]
    players: tuple[str, str]
    seed: int
    deals: int

    def tasks(self) -> list[Task]:
        return [(r, c, min(CHUNK, self.deals - c * CHUNK)) for r in range(len(self.rules))
                for c in range(-(-self.deals // CHUNK))]


_INTERNED: dict[Rules, Rules] = {}


def _intern(rules: Rules) -> Rules:
    """One object for equal rules in a worker, so that the tables built per ruleset object are built once."""
    return _INTERNED.setdefault(rules, rules)


def play_partie(rules: Rules, players: list[Player], cards: random.Random, first: int, most: int,
                on_deal: Callable[[Deal, DealScore], None] | None = None) -> tuple[Partie, int]:
    """A partie between ``players`` (by seat), ``first`` dealing first, of at most ``most`` deals; and its deals played.

    The cards come from ``cards`` alone (the packet size, then each shuffle),
    so the same generator deals the same cards whoever sits where.
    """
    packet = rules.deal.packets[int(cards.random() * len(rules.deal.packets))]
    partie = Partie(rules, first)
    game = rules.game
    played = 0
    while not partie.finished and played < most:
        elder = partie.elder
        left = game.deals - partie.deals_counted if game.end == "deals" else 0
        context = Context((partie.totals[elder], partie.totals[1 - elder]), left)
        deal = play_deal(rules, random_dealt(rules, cards, packet), (players[elder], players[1 - elder]), context)
        score = score_deal(deal)
        if on_deal is not None:
            on_deal(deal, score)
        partie.add(score)
        played += 1
    return partie, played


def run_chunk(plan: Plan, task: Task) -> Tally:
    """One chunk: its parties, seeded from the plan's seed and the chunk's index alone."""
    index, chunk, deals = task
    rules = _intern(plan.rules[index])
    cards = random.Random(f"{plan.seed}:{chunk}:cards")
    players = [player_class(name)(random.Random(f"{plan.seed}:{chunk}:player:{i}"))
               for i, name in enumerate(plan.players)]
    tally = Tally()
    while tally.deals < deals:
        first = 0 if cards.random() < 0.5 else 1
        partie, played = play_partie(rules, players, cards, first, min(deals - tally.deals, MOST_DEALS_IN_A_PARTIE),
                                     tally.add_deal)
        if partie.finished:
            tally.add_partie(rules, partie.result(), first, played)
    return tally


@dataclass
class Outcome:
    """The tallies by ruleset, and whether the run was stopped before every chunk was done."""

    tallies: list[Tally]
    partial: bool
    deals_done: int


Progress = Callable[[int], None]  # told the deals done so far


def _reduce(plan: Plan, done: dict[Task, Tally], partial: bool) -> Outcome:
    tallies = [Tally() for _ in plan.rules]
    for task in plan.tasks():  # in a fixed order (integer sums do not care, but the reader may)
        if task in done:
            tallies[task[0]].merge(done[task])
    return Outcome(tallies, partial, sum(t.deals for t in done.values()))


def simulate(plan: Plan, jobs: int = 1, scheduler: str | None = None, progress: Progress | None = None) -> Outcome:
    """Run the plan on ``jobs`` local processes (in this one if 1) or on a Dask scheduler; Ctrl-C stops it early."""
    done: dict[Task, Tally] = {}
    if scheduler is not None:
        chunks = _on_dask(plan, scheduler)
    elif jobs <= 1:
        chunks = ((task, run_chunk(plan, task)) for task in plan.tasks())
    else:
        chunks = _on_processes(plan, jobs)
    deals = 0
    try:
        with closing(chunks):
            for task, tally in chunks:
                done[task] = tally
                deals += tally.deals
                if progress is not None:
                    progress(deals)
    except KeyboardInterrupt:
        return _reduce(plan, done, True)
    return _reduce(plan, done, False)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (it stops the workers), not each worker's to die of."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_processes(plan: Plan, jobs: int) -> Generator[tuple[Task, Tally], None, None]:
    """The chunks on ``jobs`` worker processes, a few queued for each at a time (not all at once: a long run
    has tens of thousands, and what is queued is what Ctrl-C must drop)."""
    tasks = iter(plan.tasks())
    running: dict[Future[Tally], Task] = {}
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        while True:
            while len(running) < QUEUED * jobs:
                task = next(tasks, None)
                if task is None:
                    break
                running[pool.submit(run_chunk, plan, task)] = task
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for f in finished:
                yield running.pop(f), f.result()
    except BaseException:  # Ctrl-C, or the run dropped: drop what has not started, and stop the workers
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        raise
    pool.shutdown()


def _on_dask(plan: Plan, address: str) -> Generator[tuple[Task, Tally], None, None]:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise SchedulerError("--scheduler needs Dask: pip install 'piquet-variants[cluster]'") from None
    try:
        client: Any = Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as err:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    tasks = plan.tasks()
    try:
        futures = client.map(run_chunk, [plan] * len(tasks), tasks, pure=False)
        try:
            where = {f.key: task for f, task in zip(futures, tasks)}
            for f in as_completed(futures):
                yield where[f.key], f.result()
        finally:  # also on Ctrl-C: the cluster drops what is left
            client.cancel(futures)
    finally:
        client.close()
