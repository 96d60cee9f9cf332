"""Objects kept on disk between runs, under a name made from everything they depend on.

What is slow to build and gives the same result for the same inputs (a
compiled ruleset, a parsed notation file) is pickled into the user's cache
folder.  The name carries a digest of the inputs, so a changed input is
simply another name; a cache that cannot be read or written is not used,
and ``PIQUET_VARIANTS_CACHE=off`` turns it off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from .files import replace_whole

T = TypeVar("T")


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


def stored(name: Callable[[], str], build: Callable[[], T], fits: Callable[[Any], bool],
           keep: Callable[[T], bool] = lambda _: True) -> T:
    """The object kept as ``name()`` if it ``fits``, else ``build()``, kept for the next run if worth ``keep``ing.

    ``name`` is called here, so that an input that cannot be read to make
    the name only means the cache is not used.
    """
    if os.environ.get("PIQUET_VARIANTS_CACHE") == "off":
        return build()
    try:
        path = cache_dir() / name()
    except (OSError, ValueError):  # ValueError: a name with a NUL in it, which no file has
        return build()
    try:
        with path.open("rb") as f:
            found = pickle.load(f)
        if fits(found):
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    value = build()
    if not keep(value):
        return value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_whole(path, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass
    return value
