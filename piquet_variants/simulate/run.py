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

import os
import random
import re
import signal
import socket
import struct
import time
from collections.abc import Callable, Generator, Iterable
from contextlib import closing
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from ..errors import Message, PiquetError, msg
from ..players.registry import player_class
from ..ruleset.model import Rules
from .parties import play_parties
from .tally import Tally

#: Deals in a chunk: the unit of work and of seeding (it must not depend on the number of workers).
CHUNK = 200

#: Batches of chunks sent to each Dask worker over a run (``batches``).
BATCHES_PER_WORKER = 2
#: Chunks queued for each worker process at a time.
QUEUED = 4
#: Seconds to wait, after Ctrl-C, for the worker pool's own thread to see its workers stopped (a fraction of one
#: is usual); past it the command exits anyway.
MANAGER_JOIN = 10.0

Task = tuple[int, int, int]  # (ruleset index, chunk index, deals)
T = TypeVar("T")
R = TypeVar("R")


class SchedulerError(PiquetError):
    """A Dask scheduler that cannot be reached, does not answer as one, or Dask not installed."""


@dataclass(frozen=True)
class Timeouts:
    """How long, in seconds, a scheduler has to accept the connection, then to send its handshake, then to have a
    worker to run the chunks on (a scheduler with none would hold them for ever)."""

    connect: float = 3.0
    handshake: float = 1.5
    workers: float = 30.0


_NEEDS_DASK = msg("no-dask", "--scheduler needs Dask: pip install 'piquet-variants[cluster]'")
#: The largest handshake a Dask scheduler sends (a few hundred bytes): a longer length is not Dask's protocol.
MOST_HANDSHAKE = 1 << 20
_ADDRESS = re.compile(r"(?:tcp://)?(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<host>[^:/\[\]\s]+)):(?P<port>\d{1,5})")


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
#: The rules last interned, and what they were interned as: a run on this process passes the same object for every
#: chunk, and hashing a whole ruleset (the interpreted methods of some forty frozen dataclasses) is not free.
_LAST: list[tuple[Rules, Rules]] = []


def _intern(rules: Rules) -> Rules:
    """One object for equal rules in a worker, so that the tables built per ruleset object are built once."""
    if _LAST and _LAST[0][0] is rules:
        return _LAST[0][1]
    interned = _INTERNED.setdefault(rules, rules)
    _LAST[:] = [(rules, interned)]
    return interned


def run_chunk(plan: Plan, task: Task) -> Tally:
    """One chunk: its parties, seeded from the plan's seed and the chunk's index alone."""
    index, chunk, deals = task
    rules = _intern(plan.rules[index])
    cards = random.Random(f"{plan.seed}:{chunk}:cards")
    players = [player_class(name)(random.Random(f"{plan.seed}:{chunk}:player:{i}"))
               for i, name in enumerate(plan.players)]
    return play_parties(rules, players, cards, deals)


def run_batch(plan: Plan, batch: tuple[Task, ...]) -> Tally:
    """Chunks of one ruleset, run one after another and added up where they ran: one task and one tally for many
    chunks, so that a cluster's scheduler and client handle a few large results, not hundreds of small ones."""
    tally = Tally()
    for task in batch:
        tally.merge(run_chunk(plan, task))
    return tally


def batches(plan: Plan, workers: int) -> list[tuple[Task, ...]]:
    """The plan's chunks cut, ruleset by ruleset, into ``BATCHES_PER_WORKER`` runs of consecutive chunks for each
    of ``workers``: few enough that the cluster's overhead for each is small against its deals, enough that a
    worker finishing early has another to take."""
    out: list[tuple[Task, ...]] = []
    for r in range(len(plan.rules)):
        tasks = [t for t in plan.tasks() if t[0] == r]
        size = -(-len(tasks) // (BATCHES_PER_WORKER * max(1, workers)))
        out += [tuple(tasks[i:i + size]) for i in range(0, len(tasks), size)]
    return out


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


def most_jobs(plan: Plan) -> int:
    """The most worker processes a run can use: no more than its chunks, nor than the machine's cores."""
    return max(1, min(len(plan.tasks()), os.cpu_count() or 1))


def simulate(plan: Plan, jobs: int = 1, scheduler: str | None = None, progress: Progress | None = None,
             timeouts: Timeouts = Timeouts()) -> Outcome:
    """Run the plan on ``jobs`` local processes (in this one if 1; never more than ``most_jobs``) or on a Dask
    scheduler, which has ``timeouts`` to answer; Ctrl-C stops it early."""
    done: dict[Task, Tally] = {}
    jobs = min(jobs, most_jobs(plan))
    if scheduler is not None:
        chunks = _on_dask(plan, scheduler, timeouts)
    elif jobs <= 1:
        chunks = ((task, run_chunk(plan, task)) for task in plan.tasks())
    else:
        chunks = on_processes(partial(run_chunk, plan), plan.tasks(), jobs)
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


def on_processes(work: Callable[[T], R], items: Iterable[T], jobs: int) -> Generator[tuple[T, R], None, None]:
    """``work`` done on each item on ``jobs`` worker processes, as each finishes, a few queued for each worker at
    a time (not all at once: a long run has tens of thousands, and what is queued is what Ctrl-C must drop).
    ``work`` and the items are sent to the workers: a function of a module, and values that pickle."""
    tasks = iter(items)
    running: dict[Future[R], T] = {}
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        while True:
            while len(running) < QUEUED * jobs:
                task = next(tasks, None)
                if task is None:
                    break
                running[pool.submit(work, task)] = task
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for f in finished:
                yield running.pop(f), f.result()
    except BaseException:  # Ctrl-C, or the run dropped: drop what has not started, and stop the workers
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        # The pool's thread closes its wake-up pipe once it sees the workers gone, and the interpreter's exit hook
        # writes to that pipe without a lock (CPython 3.11): let the thread finish first, or the two race and the
        # exit prints "Exception ignored ... Bad file descriptor" with a traceback after the partial result.
        if manager is not None:
            manager.join(MANAGER_JOIN)
        raise
    pool.shutdown()


def _endpoint(address: str) -> tuple[str, int]:
    """The host and port of ``tcp://HOST:PORT`` (or ``HOST:PORT``), the only scheduler address taken: another
    scheme (``tls://`` needs certificates, which the command does not take) is refused by name."""
    m = _ADDRESS.fullmatch(address)
    if m is None or not 0 < int(m["port"]) < 65536:
        scheme = address.partition("://")[0] if "://" in address else ""
        why = msg("scheme", "{scheme}:// is not supported", scheme=scheme) if scheme and scheme != "tcp" else msg(
            "expected-tcp", "expected tcp://HOST:PORT")
        raise SchedulerError(msg("bad-scheduler", "--scheduler {address}: {why} (a Dask scheduler's tcp://HOST:PORT)",
                                 address=repr(address[:200]), why=why))
    return m["v6"] or m["host"], int(m["port"])


def _unreached(address: str, err: Exception) -> Message:
    return msg("unreached", "cannot reach the Dask scheduler at {address}: {why}", address=address, why=str(err))


def _receive(sock: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes before ``deadline``; ``TimeoutError`` after it, ``EOFError`` if the peer closes first."""
    data = bytearray()
    while len(data) < size:
        sock.settimeout(max(0.001, deadline - time.monotonic()))
        piece = sock.recv(min(size - len(data), 1 << 16))
        if not piece:
            raise EOFError
        data += piece
    return bytes(data)


def probe(address: str, timeouts: Timeouts) -> None:
    """Raise ``SchedulerError`` unless a server at ``address`` accepts a connection within ``timeouts.connect`` and
    sends, within ``timeouts.handshake``, a handshake as Dask's own decoder reads one (a length of at most
    ``MOST_HANDSHAKE``, then as many bytes, decoded without unpickling anything).

    Dask's own client waits for ever on a server that accepts and never answers,
    and fails inside on one that speaks another protocol (it takes an HTTP
    reply's first bytes as a length of exabytes); this looks first, bounded in
    time and in memory.
    """
    host, port = _endpoint(address)
    try:
        sock = socket.create_connection((host, port), timeout=timeouts.connect)
    except (OSError, UnicodeError) as err:  # UnicodeError: a host name IDNA cannot encode
        raise SchedulerError(_unreached(address, err)) from None
    with sock:
        deadline = time.monotonic() + timeouts.handshake
        try:
            (size,) = struct.unpack("<Q", _receive(sock, 8, deadline))
            if size > MOST_HANDSHAKE:
                raise SchedulerError(msg("not-dask-size", "{address} is not a Dask scheduler: its first message "
                                         "would be {size} bytes long", address=address, size=f"{size:,}"))
            _decodes(_receive(sock, size, deadline), address)
        except (TimeoutError, socket.timeout):
            raise SchedulerError(msg("no-handshake", "{address} accepted the connection but sent no Dask handshake "
                                     "within {seconds} s", address=address, seconds=f"{timeouts.handshake:g}")) from None
        except EOFError:
            raise SchedulerError(msg("closed", "{address} closed the connection before a whole Dask handshake",
                                     address=address)) from None
        except OSError as err:
            raise SchedulerError(msg("handshake-failed", "{address}: the connection failed during the handshake: {why}",
                                     address=address, why=str(err))) from None


def _decodes(payload: bytes, address: str) -> None:
    """Raise ``SchedulerError`` unless ``payload`` is a Dask message (its frames, then a mapping), as Dask reads it."""
    try:
        from distributed.protocol.core import loads
        from distributed.protocol.utils import unpack_frames
    except ImportError:
        raise SchedulerError(_NEEDS_DASK) from None
    try:
        frames, beyond = unpack_frames(payload, partial=True)
        message = loads(frames, deserialize=False) if not beyond else None
    except Exception:  # noqa: BLE001 - whatever bytes make Dask's decoder raise, they are not its handshake
        message = None
    if not isinstance(message, dict):
        raise SchedulerError(msg("not-dask", "{address} is not a Dask scheduler: its first message is not a Dask "
                                 "handshake", address=address))


def _on_dask(plan: Plan, address: str, timeouts: Timeouts) -> Generator[tuple[Task, Tally], None, None]:
    probe(address, timeouts)  # first: a bad address or server is said without the second Dask takes to import
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise SchedulerError(_NEEDS_DASK) from None
    try:
        client: Any = Client(address, timeout=f"{timeouts.connect + timeouts.handshake}s")
    except (OSError, TimeoutError, ValueError) as err:
        raise SchedulerError(_unreached(address, err)) from None
    try:
        try:
            client.wait_for_workers(1, timeout=timeouts.workers)
        except TimeoutError:  # asyncio's, which is the builtin's
            raise SchedulerError(msg("no-worker", "no worker joined the Dask scheduler at {address} in {seconds} s: "
                                     "start one (dask worker {address}), or wait longer with --worker-timeout",
                                     address=address, seconds=f"{timeouts.workers:g}")) from None
        # The chunks go in a few batches, each added up on its worker; the plan is sent to the workers once.
        workers = sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values())
        cut = batches(plan, workers)
        shared = client.scatter(plan, broadcast=True)
        futures = client.map(run_batch, [shared] * len(cut), cut, pure=False)
        try:
            where = {f.key: batch for f, batch in zip(futures, cut)}
            for f in as_completed(futures):
                # a batch's tally stands for all its chunks: it is keyed by its first, and the others are not done
                # alone (the reduce adds each key's tally once)
                yield where[f.key][0], f.result()
        finally:  # also on Ctrl-C: the cluster drops what is left
            client.cancel(futures)
    finally:
        client.close()
