"""Where rulesets and sources are found: the user's folders, then the shipped ones.

The shipped rulesets and their ``sources.yaml`` are package data in a wheel
and the top-level ``rulesets/`` folder in a checkout (see ``resources``).  A
user's own rulesets live in folders named by ``--rulesets DIR`` (repeatable)
and ``PIQUET_VARIANTS_PATH`` (folders separated as in ``PATH``), searched in
that order before the shipped folder, as a shell searches ``PATH``.  A
ruleset's sources are the shipped registry, then the ``sources.yaml`` beside
each file of its ``extends`` chain, then the entries its files declare inline;
a nearer record wins.
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

from ..errors import Message, RulesetError, UnknownRuleset, echo, echo_name, msg
from ..files import quietly
from ..resources import data_dir
from ..schemas import did_you_mean, load_validated, schema
from .bibliography import Source, source_from

SOURCES_FILE = "sources.yaml"
PATH_VARIABLE = "PIQUET_VARIANTS_PATH"

_given: list[Path] = []


def ruleset_dir() -> Path:
    return data_dir("rulesets")


def set_search_path(dirs: list[Path]) -> None:
    """The folders given on the command line (``--rulesets``), searched first."""
    _given[:] = dirs


def search_path() -> list[Path]:
    """Every folder searched for a ruleset id, the shipped one last."""
    env = [Path(p) for p in os.environ.get(PATH_VARIABLE, "").split(os.pathsep) if p]
    return _given + env + [ruleset_dir()]


def _files_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.yaml") if p.name != SOURCES_FILE) if quietly(Path.is_dir, folder) else []


def _ids_in(folder: Path) -> list[str]:
    """The ruleset ids a folder holds: its files named as an id may be (a file named otherwise is ``misnamed``)."""
    return sorted(p.stem for p in _files_in(folder) if is_id(p.stem))


def misnamed() -> list[tuple[Path, Message]]:
    """Each ruleset file on the search path whose name is no ruleset id (``Mine.yaml``, ``a.b.yaml``), with why:
    no id finds it, so it is said rather than listed."""
    return [(p, why) for folder in search_path() for p in _files_in(folder) if (why := id_fault(p.stem))]


def id_fault(text: str) -> Message | None:
    """Why ``text`` is not a ruleset id, in words; None where it is one."""
    form = schema("ruleset")["$defs"]["ruleset_id"]
    if is_id(text):
        return None
    rule = msg("id-form", "an id is lower-case letters, digits and '-', beginning with a letter, at most {most} "
               "characters", most=form['maxLength'])
    if len(text) > form["maxLength"]:
        return msg("id-too-long", "{count} characters long: {rule}", count=len(text), rule=rule)
    bad = next((c for c in text if not ("a" <= c <= "z" or "0" <= c <= "9" or c == "-")), None)
    if bad is not None:
        return msg("id-character", "{char} is not allowed in it: {rule}", char=echo(bad), rule=rule)
    return msg("id-start", "it begins with {char}: {rule}", char=echo(text[:1]), rule=rule)


@cache
def shipped_ids() -> tuple[str, ...]:
    return tuple(_ids_in(ruleset_dir()))


def known_ids() -> list[str]:
    """Every ruleset id on the search path, each once (the first found hides the others)."""
    seen: dict[str, None] = {}
    for folder in search_path():
        seen.update((i, None) for i in _ids_in(folder))
    return sorted(seen)


def is_id(text: str) -> bool:
    """Whether ``text`` has the form of a ruleset id (the schema's ``ruleset_id``): a file name, nothing else."""
    form = schema("ruleset")["$defs"]["ruleset_id"]
    return len(text) <= form["maxLength"] and re.fullmatch(form["pattern"].strip("^$"), text) is not None


def path_for(ruleset_id: str) -> Path:
    """The file of a ruleset id: the first on the search path.  What is no id ('a/b', a NUL) is looked for nowhere."""
    for folder in search_path() if is_id(ruleset_id) else ():
        candidate = folder / f"{ruleset_id}.yaml"
        if quietly(Path.is_file, candidate) and candidate.name != SOURCES_FILE:
            return candidate
    found = next((p for p, _ in misnamed() if p.stem == ruleset_id), None)
    if found is not None:
        raise UnknownRuleset(msg("misnamed-ruleset", "{file}: {name} is not a valid ruleset id ({why}); rename the "
                                 "file and its id", file=found, name=echo_name(ruleset_id), why=id_fault(ruleset_id)))
    known = known_ids()
    raise UnknownRuleset(msg("unknown-ruleset", "unknown ruleset {ruleset}{hint} (known: {known}; searched: "
                             "{searched})", ruleset=echo(ruleset_id), hint=did_you_mean(ruleset_id, known),
                             known=tuple(known), searched=tuple(map(str, search_path()))))


def is_shipped(path: Path) -> bool:
    return path.resolve().parent == ruleset_dir().resolve()


def read_sources(path: Path) -> dict[str, Source]:
    """A sources registry file, validated."""
    doc = load_validated(path, "sources", RulesetError)
    return {sid: source_from(sid, e) for sid, e in doc.data["sources"].items()}


@cache
def sources() -> dict[str, Source]:
    """The shipped registry."""
    return read_sources(ruleset_dir() / SOURCES_FILE)


def sources_beside(path: Path) -> dict[str, Source]:
    """The registry in the folder of a ruleset file, if it has one (the shipped one for a shipped file)."""
    if is_shipped(path):
        return sources()
    beside = path.with_name(SOURCES_FILE)
    return read_sources(beside) if quietly(Path.is_file, beside) else {}


def all_sources() -> dict[str, Source]:
    """Every record on the search path; a nearer folder's record of an id wins."""
    found: dict[str, Source] = {}
    for folder in reversed(search_path()):
        registry = folder / SOURCES_FILE
        if quietly(Path.is_file, registry):
            found.update(read_sources(registry))
    return found
