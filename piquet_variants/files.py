"""The user's paths: a file replaced whole, and a path looked at without raising.

A file replaced is written beside it, then renamed over it: a reader of the
file (a user, or another run using the same cache) sees the old file or the
new one, never half of either.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


def quietly(test: Callable[[Path], bool], path: Path) -> bool:
    """``test(path)`` (``Path.is_dir``, ``Path.exists``…), false where the path cannot be looked at: Python 3.11
    raises there, for a name too long for the system (OSError) or one with a NUL in it (ValueError)."""
    try:
        return test(path)
    except (OSError, ValueError):
        return False


def replace_whole(path: Path, data: bytes, private: bool = False) -> None:
    """Write ``data`` to ``path`` in one rename; on any ``OSError`` nothing is left behind (``replacing``)."""
    with replacing(path, private) as out:
        out.write(data)


@contextmanager
def replacing(path: Path, private: bool = False) -> Iterator[BinaryIO]:
    """A file to write ``path``'s new content into, as it is made: written beside it, and renamed over it once the
    block ends; where the block raises, nothing is left behind and ``path`` is as it was.

    The file keeps the permissions it had; a new file gets those any new
    file gets (the umask's), not the private ones of a temporary file.  A
    device or a pipe (``-O /dev/stdout``) is written to, never replaced by a
    file, once the block ends (what is written is kept in a temporary file
    meanwhile); a symbolic link is followed, and the file it names replaced.
    A ``private`` file (the cache's) is always made 0600 in place of whatever
    stands at ``path``, link or not.
    """
    if private:
        mode = 0o600
    else:
        path, mode = _target(path)
        if mode < 0:
            with tempfile.TemporaryFile() as kept:
                yield kept
                kept.seek(0)
                _write_to(path, kept)
            return
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        os.chmod(fd, mode)
        with os.fdopen(fd, "wb") as out:
            yield out
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _target(path: Path) -> tuple[Path, int]:
    """The file a user's output path names (a link followed) and the mode to give it; -1 for a device or a pipe,
    written to as it is."""
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        return path, -1
    path = Path(os.path.realpath(path))
    try:
        return path, stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return path, new_mode()


def new_mode(full: int = 0o666) -> int:
    """The mode any new file gets (``full`` 0666) or folder (0777): ``full`` less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return full & ~umask


def _write_to(path: Path, data: BinaryIO) -> None:
    """Write to a device or a pipe as it is.  A FIFO is opened without waiting for a reader: with none, the open
    fails at once (ENXIO, "no such device or address") where a plain open would wait for ever; with one, the
    writing then blocks as a pipe's does."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_NONBLOCK), "wb") as out:
        os.set_blocking(out.fileno(), True)
        shutil.copyfileobj(data, out)
