"""Objects kept on disk between runs, under a name made from everything they depend on.

What is slow to build and gives the same result for the same inputs (the
notation's compiled parser, a compiled ruleset, a parsed notation file) is
kept in the user's cache folder.  The name carries a digest of the inputs, so
a changed input is simply another name; a cache that cannot be read or
written is not used, and ``PIQUET_VARIANTS_CACHE=off`` turns every cache off.

Reading a kept object must never run what another user wrote.  The folder is
made private (0700), each file is written private (0600) and whole (to a
temporary name, then renamed), and a file is read only where the folder and
the file belong to the user and neither can be written by anyone else; a
folder or a file that fails this is not used, and one warning says why
(``CacheNotUsed``, through Python's ``warnings``: a script decides what to do
with it, and the command line says it among its own diagnostics).  The
parser's tables are plain data, kept with ``marshal`` (which builds values,
never runs them); compiled rulesets and parsed records are objects, kept
with ``pickle``, and so only ever read after those checks.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import stat
import warnings
from collections.abc import Callable, Iterable
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from .files import replace_whole

T = TypeVar("T")

#: The value of ``PIQUET_VARIANTS_CACHE`` that turns every cache off.
OFF = "off"


class Distrust(Enum):
    """Why a cache folder or file is not used: what another user has or could have done to it.  Each is the words
    of the warning, to be filled with the place and its figure (the owner's uid, or the mode), and a gettext msgid:
    the command line says it in the reader's language."""

    FOLDER_OWNED = ("the cache is not used: the folder {path} belongs to another user (uid {figure}); set "
                    "PIQUET_VARIANTS_CACHE to a folder of your own")
    FOLDER_WRITABLE = ("the cache is not used: the folder {path} can be written by other users (mode {figure:o}); "
                       "set PIQUET_VARIANTS_CACHE to a folder of your own")
    FILE_OWNED = "the cache is not used: the file {path} belongs to another user (uid {figure})"
    FILE_WRITABLE = "the cache is not used: the file {path} can be written by other users (mode {figure:o})"
    NOT_PLAIN = "the cache is not used: {path} is not a plain file"


class CacheNotUsed(UserWarning):
    """The cache is not used, and why: a typed warning, which the command line words in the reader's language
    (raised too, as the exception a check of a folder or a file gives up on)."""

    def __init__(self, why: Distrust, path: Path, figure: int = 0) -> None:
        super().__init__(why.value.format(path=path, figure=figure))
        self.why, self.path, self.figure = why, path, figure


def cache_dir() -> Path:
    """``$PIQUET_VARIANTS_CACHE``, else the XDG cache folder."""
    explicit = os.environ.get("PIQUET_VARIANTS_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "piquet-variants"


def digest(parts: Iterable[bytes]) -> str:
    out = hashlib.sha256()
    for part in parts:
        out.update(hashlib.sha256(part).digest())
    return out.hexdigest()[:20]


def files_digest(paths: Iterable[Path]) -> str:
    """A digest of files' names and contents (the code or data a cached object was built from)."""
    return digest(part for p in paths for part in (p.name.encode(), p.read_bytes()))


def _check_owned(info: os.stat_result, path: Path, folder: bool) -> None:
    """Raise ``CacheNotUsed`` unless ``info`` is the user's own and not writable by group or others."""
    if info.st_uid != os.getuid():
        raise CacheNotUsed(Distrust.FOLDER_OWNED if folder else Distrust.FILE_OWNED, path, info.st_uid)
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise CacheNotUsed(Distrust.FOLDER_WRITABLE if folder else Distrust.FILE_WRITABLE, path,
                           stat.S_IMODE(info.st_mode))


_warned: list[CacheNotUsed] = []


def _warn_once(warning: CacheNotUsed) -> None:
    """One warning a process: the cache is not used, and why."""
    if not _warned:
        _warned.append(warning)
        warnings.warn(warning, stacklevel=2)


@cache
def _folder(where: Path) -> Path | None:
    """The cache folder, made 0700 if missing; None where it cannot be made or is not the user's alone."""
    try:
        where.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = where.stat()
        if not stat.S_ISDIR(info.st_mode):
            return None
        _check_owned(info, where, folder=True)
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    except CacheNotUsed as why:
        _warn_once(why)
        return None
    return where


def _path(name: Callable[[], str]) -> Path | None:
    """Where the object named ``name()`` is kept, or None where the cache is off or not usable."""
    if os.environ.get("PIQUET_VARIANTS_CACHE") == OFF:
        return None
    folder = _folder(cache_dir())
    if folder is None:
        return None
    try:
        return folder / name()
    except (OSError, ValueError):  # an input that cannot be read to make the name
        return None


def _read(path: Path) -> bytes | None:
    """The file's bytes where it is the user's own and private to him (a link is not followed), else None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise CacheNotUsed(Distrust.NOT_PLAIN, path)
            _check_owned(info, path, folder=False)
            return f.read()
        except OSError:
            return None
        except CacheNotUsed as why:
            _warn_once(why)
            return None


def _write(path: Path, data: bytes) -> None:
    try:
        replace_whole(path, data, private=True)
    except OSError:
        pass


def stored(name: Callable[[], str], build: Callable[[], T], fits: Callable[[Any], bool],
           keep: Callable[[T], bool] = lambda _: True) -> T:
    """The object kept as ``name()`` if it ``fits``, else ``build()``, kept for the next run if worth ``keep``ing.

    ``name`` is called here, so that an input that cannot be read to make
    the name only means the cache is not used.
    """
    path = _path(name)
    if path is None:
        return build()
    found = _read(path)
    if found is not None:
        try:
            value = pickle.loads(found)
            if fits(value):
                return value
        except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError, IndexError):
            pass
    value = build()
    if keep(value):
        _write(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value


def stored_data(name: Callable[[], str], build: Callable[[], Any], use: Callable[[Any], T]) -> T:
    """``use(data)``: the plain data kept as ``name()`` where ``use`` takes it, else ``build()``'s, then kept.

    Plain data (dicts, lists, tuples, strings, numbers) is kept with
    ``marshal``; ``use`` turns it into the object wanted, and any exception
    it raises on what was kept (a file of an older shape) means building anew.
    """
    path = _path(name)
    if path is not None and (found := _read(path)) is not None:
        try:
            return use(marshal.loads(found))
        except Exception:  # noqa: BLE001 - whatever a stale or damaged file makes ``use`` raise, build anew
            pass
    data = build()
    if path is not None:
        _write(path, marshal.dumps(data))
    return use(data)
