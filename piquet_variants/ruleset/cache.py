"""Compiled shipped rulesets, kept on disk between runs.

Compiling a ruleset means parsing YAML with positions, validating it
against the JSON Schema and checking every citation. That is most of a
short command's start-up, and for a shipped ruleset it gives the same
result every time. The compiled object is therefore pickled into the
user's cache folder under a key made from everything it depends on: the
ruleset files, the schemas and the compiler's own code. A changed input
gives a new key, and a cache that cannot be read or written, or that another
user could have written, is simply not used (``stored``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path

from ..resources import data_dir
from ..stored import files_digest, stored
from . import model

_CODE = Path(__file__).resolve().parent
_SCHEMAS = _CODE.parent / "schemas"


@cache
def _inputs_key() -> str:
    return files_digest(sorted(data_dir("rulesets").glob("*.yaml")) + sorted(_SCHEMAS.glob("*.json"))
                        + sorted(_CODE.glob("*.py")) + [_CODE.parent / "cards.py"])


def cached(ruleset_id: str, options: tuple[tuple[str, str], ...],
           compile_it: Callable[[], model.Ruleset]) -> model.Ruleset:
    """The compiled ruleset from the cache, or compiled now and stored."""
    def name() -> str:
        chosen = hashlib.sha256(repr((ruleset_id, options)).encode()).hexdigest()[:16]
        return f"ruleset-{_inputs_key()}-{chosen}.pickle"

    return stored(name, compile_it, lambda found: isinstance(found, model.Ruleset) and found.id == ruleset_id)
