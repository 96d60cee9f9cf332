"""Explore the historical rule variants of Piquet: rulesets with their sources, and recorded deals replayed.

The scripting API (``docs/api.md``) is here: ``read`` (the one reader),
``write``, ``write_json``, ``replay``, ``get_ruleset``,
``Record``, ``Replay``, ``RecordEvent``, ``Visitor`` and ``PiquetError``.
Each is imported on first use, so that ``import piquet_variants`` stays
light (no parser, no Lark, until a notation file is read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .api import PiquetError, Record, RecordEvent, Replay, Visitor, get_ruleset, read, replay, write, write_json

__all__ = ["PiquetError", "Record", "RecordEvent", "Replay", "Visitor", "get_ruleset", "read", "replay", "write",
           "write_json"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import api
        return getattr(api, name)
    raise AttributeError(f"module 'piquet_variants' has no attribute {name!r}")
