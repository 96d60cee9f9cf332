"""Where the shipped rulesets and the sources registry live.

They are package data in a wheel and the top-level ``rulesets/`` folder in a
checkout (see ``resources``), so an installed copy finds them from any
working directory.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..errors import RulesetError, UnknownRuleset
from ..resources import data_dir
from ..schemas import did_you_mean, load_validated
from .model import Source

SOURCES_FILE = "sources.yaml"


def ruleset_dir() -> Path:
    return data_dir("rulesets")


@cache
def shipped_ids() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in ruleset_dir().glob("*.yaml") if p.name != SOURCES_FILE))


def path_for(ruleset_id: str) -> Path:
    if ruleset_id not in shipped_ids():
        hint = did_you_mean(ruleset_id, list(shipped_ids()))
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}{hint} (known: {', '.join(shipped_ids())})")
    return ruleset_dir() / f"{ruleset_id}.yaml"


def read_sources(path: Path) -> dict[str, Source]:
    """A sources registry file, validated."""
    doc = load_validated(path, "sources", RulesetError)
    return {
        sid: Source(id=sid, title=e["title"], author=e.get("author"),
                    year=str(e["year"]) if "year" in e else None, edition=e.get("edition"),
                    url=e.get("url"), public_domain=e["public_domain"], ocr=e.get("ocr", False))
        for sid, e in doc.data["sources"].items()
    }


@cache
def sources() -> dict[str, Source]:
    return read_sources(ruleset_dir() / SOURCES_FILE)
