"""Compiled shipped rulesets, kept on disk between runs.

Compiling a ruleset means parsing YAML with positions, validating it
against the JSON Schema and checking every citation. That is most of a
short command's start-up, and for a shipped ruleset it gives the same
result every time. The compiled object is therefore pickled into the
user's cache folder under a key made from everything it depends on: the
ruleset files, the schemas and the compiler's own code. A changed input
gives a new key, and a cache that cannot be read or written is simply not
used. Lark keeps its compiled grammar in the same way.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from functools import cache
from pathlib import Path

from ..files import replace_whole
from ..resources import data_dir
from . import model

_CODE = Path(__file__).resolve().parent
_SCHEMAS = _CODE.parent / "schemas"


def cache_dir() -> Path:
    """``$PIQUET_VARIANTS_CACHE``, else the XDG cache folder."""
    explicit = os.environ.get("PIQUET_VARIANTS_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "piquet-variants"


@cache
def _inputs_key() -> str:
    digest = hashlib.sha256()
    files = (sorted(data_dir("rulesets").glob("*.yaml")) + sorted(_SCHEMAS.glob("*.json"))
             + sorted(_CODE.glob("*.py")) + [_CODE.parent / "cards.py"])
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def cached(ruleset_id: str, options: tuple[tuple[str, str], ...],
           compile_it: Callable[[], model.Ruleset]) -> model.Ruleset:
    """The compiled ruleset from the cache, or compiled now and stored."""
    if os.environ.get("PIQUET_VARIANTS_CACHE") == "off":
        return compile_it()
    try:
        folder = cache_dir()
        name = hashlib.sha256(repr((ruleset_id, options)).encode()).hexdigest()[:16]
        path = folder / f"ruleset-{_inputs_key()}-{name}.pickle"
    except OSError:
        return compile_it()
    try:
        with path.open("rb") as f:
            found = pickle.load(f)
        if isinstance(found, model.Ruleset) and found.id == ruleset_id:
            return found
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
        pass
    ruleset = compile_it()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        replace_whole(path, pickle.dumps(ruleset, protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        pass
    return ruleset
