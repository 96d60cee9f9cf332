"""The console script's first code: Ctrl-C and a full device said in a line, from the very start.

The command line (``cli``) imports Typer and Click, a good part of a second
on a slow machine; Ctrl-C in that time would print Python's traceback of the
import.  This module, which imports nothing heavy, stops quietly on Ctrl-C
until the command runs (Click then says "Aborted!" itself, and a simulation
keeps its partial figures), and says a standard output that cannot be
written (``> /dev/full``) is the device's fault, not the tool's.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from types import FrameType

#: The exit status of a command stopped by Ctrl-C, as a shell gives it (128 + SIGINT).
EXIT_INTERRUPTED = 130


def _stopped(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(EXIT_INTERRUPTED)


def run() -> None:
    """Console-script entry point: ``cli.main`` with start-up made quiet and quick, and standard output flushed
    here.

    Start-up makes tens of thousands of objects (modules, classes, functions) that live until the end, and no
    garbage: the collector, left on, would look through them all several times for nothing (a sixth of a short
    command's time).  It is off until the command is about to work (``cli``, which freezes what start-up made
    and turns it on again), and what lives at the end is frozen too, so that Python's last collection at exit
    does not look through it either (nothing of ours waits on it: every file and pool is closed where it is
    used).
    """
    gc.disable()
    previous = signal.signal(signal.SIGINT, _stopped)
    from .cli import device_full, main  # the heavy import, interruptible without a traceback
    signal.signal(signal.SIGINT, previous)
    status = main()
    try:
        sys.stdout.flush()
    except OSError as exc:
        said = device_full(exc)
        if said is None:
            raise
        print(said, file=sys.stderr)
        status = status or 1
        # Python flushes standard output again on its way out: a device that could not take it is let go of.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    gc.freeze()
    sys.exit(status)
