"""The table of laws: every law of the code a ruleset follows, and how each is modelled.

A code is numbered (Cavendish's 78 club laws, the 30 paragraphs of au Cent),
and a scholar must be able to see that none is left out: each is held by
rule leaves, by an engine behaviour, by a statement of the notation, or
has no effect on a score or a record, for a reason given.  The table is
data beside the shipped rulesets (``rulesets/laws/RULESET.yaml``), checked by
``laws.schema.json``; the words it prints for its headings, kinds and
reasons are the lexicon's (``laws`` in ``lexicon/en.yaml`` and ``fr.yaml``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import PiquetError, RulesetError, echo, msg
from ..i18n import Lang
from ..lexicon import lexicon
from ..resources import data_dir
from ..schemas import load_validated

def say(key: str, lang: Lang) -> str:
    """The table's word for a key (a heading, a topic, a way of modelling, a reason), from the lexicon."""
    return lexicon(lang).laws[key]


@dataclass(frozen=True, slots=True)
class Law:
    """One numbered law and how it is modelled."""

    number: int
    topic: str
    kinds: tuple[str, ...]  # rule, engine, notation, no_effect
    rules: tuple[str, ...]
    engine: dict[str, str] | None  # by language: what the engine does for it
    reason: str | None  # why it has no effect on a record
    tests: tuple[str, ...]
    statement: dict[str, str] | None = None  # by language: the notation statement that records it

    def how(self, lang: Lang) -> str:
        """What the engine does for it, or why it has no effect, in words; and the statement that records it."""
        parts = [self.engine[lang]] if self.engine else []
        if self.reason:
            parts.append(say(self.reason, lang))
        if self.statement:
            parts.append(say("written", lang).format(statement=self.statement[lang]))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class LawTable:
    ruleset: str
    code: str
    unit: str
    count: int
    laws: tuple[Law, ...]


class NoLawTable(PiquetError):
    """A ruleset with no table of laws."""


def folder() -> Path:
    return data_dir("rulesets") / "laws"


def tabled() -> list[str]:
    """The rulesets that have a table of laws."""
    return sorted(p.stem for p in folder().glob("*.yaml"))


def load(ruleset_id: str) -> LawTable:
    """The ruleset's table of laws, validated, with every number of its code listed once."""
    if ruleset_id not in tabled():
        raise NoLawTable(msg("no-law-table", "no table of laws for ruleset {ruleset}; there are tables for {tabled}",
                             ruleset=echo(ruleset_id), tabled=tuple(tabled())))
    path = folder() / f"{ruleset_id}.yaml"
    doc = load_validated(path, "laws", RulesetError)
    data = doc.data
    laws = tuple(Law(d["law"], d["topic"], tuple(d["as"]), tuple(d.get("rules", ())), d.get("engine"),
                     d.get("reason"), tuple(d["tests"]), d.get("statement")) for d in data["laws"])
    numbers = [law.number for law in laws]
    wanted = list(range(1, data["count"] + 1))
    if sorted(numbers) != wanted:
        missing = sorted(set(wanted) - set(numbers))
        extra = sorted({n for n in numbers if numbers.count(n) > 1 or n not in wanted})
        raise RulesetError([doc.problem(("laws",), msg(
            "law-numbers", "the table must list each of the {count} numbers once: missing {missing}, repeated or out "
            "of range {extra}", count=data['count'], missing=str(missing), extra=str(extra)))])
    return LawTable(data["ruleset"], data["code"], data.get("unit", "law"), data["count"], laws)
