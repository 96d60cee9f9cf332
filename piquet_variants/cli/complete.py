"""Shell completion of what a user types back: ruleset ids (with their options), example names, option choices.

Each function is a Typer ``autocompletion`` callback: it takes what has been typed of the word and returns the
words it may become.  They read the rulesets on the search path and the shipped examples, nothing else.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import PiquetError


def _options(rid: str) -> list[tuple[str, list[str]]]:
    from .common import resolve_ruleset
    try:
        return [(o.name, [c.name for c in o.choices]) for o in resolve_ruleset(rid).options]
    except PiquetError:
        return []


def _ids() -> list[str]:
    from ..ruleset.registry import known_ids
    return known_ids()


def rulesets(incomplete: str) -> list[str]:
    """A ruleset id, or ``ID:NAME=CHOICE`` once the id is typed with its colon."""
    rid, colon, _ = incomplete.partition(":")
    if not colon:
        return [i for i in _ids() if i.startswith(incomplete)]
    return [f"{rid}:{name}={choice}" for name, choices in _options(rid) for choice in choices]


def options(incomplete: str) -> list[str]:
    """An ``--option``: ``NAME=CHOICE`` for any ruleset that has it, or ``RULESET:NAME=CHOICE`` for one."""
    if ":" in incomplete:
        return rulesets(incomplete)
    found = dict.fromkeys(f"{name}={choice}" for rid in _ids() for name, choices in _options(rid)
                          for choice in choices)
    return [w for w in found if w.startswith(incomplete)] + [f"{i}:" for i in _ids() if i.startswith(incomplete)]


def records(incomplete: str) -> list[str]:
    """A record: ``example:NAME`` for a shipped example, or a file or folder below the one typed."""
    from ..examples import PREFIX, files, name_of
    found = [PREFIX + name_of(p) for p in files()]
    folder = Path(incomplete).parent if incomplete else Path(".")
    try:
        found += sorted(str(p) + ("/" if p.is_dir() else "") for p in folder.iterdir()
                        if str(p).startswith(incomplete.removeprefix("./")) or str(p).startswith(incomplete))
    except OSError:
        pass
    return [w for w in found if w.startswith(incomplete)]


def examples(incomplete: str) -> list[str]:
    """A shipped example's name."""
    from ..examples import files, name_of
    return [name_of(p) for p in files() if name_of(p).startswith(incomplete)]


def rules(incomplete: str) -> list[str]:
    """A rule path of the shipped schema."""
    from ..lexicon import lexicon
    return [p for p in lexicon("en").rules if p.startswith(incomplete)]
