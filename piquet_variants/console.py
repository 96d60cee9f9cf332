"""The console script's first code: Ctrl-C and a full device said in a line, from the very start.

The command line (``cli``) imports Typer and Click, a good part of a second
on a slow machine; Ctrl-C in that time would print Python's traceback of the
import.  This module, which imports nothing heavy, stops quietly on Ctrl-C
until the command runs (Click then says "Aborted!" itself, and a simulation
keeps its partial figures), and says a standard output that cannot be
written (``> /dev/full``) is the device's fault, not the tool's.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from types import FrameType

#: The exit status of a command stopped by Ctrl-C, as a shell gives it (128 + SIGINT).
EXIT_INTERRUPTED = 130
#: The errors of a device that cannot take what is written to it: full, over its quota, a file too large for it.
DEVICE_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


def _stopped(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(EXIT_INTERRUPTED)


def device_full(exc: BaseException) -> str | None:
    """What to say of an error writing the output to a device that cannot take it; None for any other error."""
    if isinstance(exc, OSError) and exc.errno in DEVICE_FULL:
        return f"piquet-variants: cannot write the output: {os.strerror(exc.errno)} (the device is full)"
    return None


def run() -> None:
    """Console-script entry point: ``cli.main`` with start-up made quiet, and standard output flushed here."""
    previous = signal.signal(signal.SIGINT, _stopped)
    from .cli import main  # the heavy import, interruptible without a traceback
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
    sys.exit(status)
