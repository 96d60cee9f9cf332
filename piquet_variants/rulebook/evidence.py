"""Rules across many rulesets: where the sources disagree, a rule's history, the N-way matrix.

A ruleset speaks for the date of the first source it follows (that record's
``issued`` date, else its first edition's); a ruleset whose source has no
known date sorts last and shows "n.d.".  A value counts as a source's word
when the rule's first citation is ``stated``, ``implied``, ``secondary`` or
``disputed`` (``views.ATTESTED``) and the value is not an option's; a value
the project filled in (unstated, reconstructed, inherited) is never put
forward as a source's position.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Any

from ..errors import echo
from ..i18n import Lang, t
from ..ruleset.bibliography import Date
from ..ruleset.model import RuleEntry, Ruleset, plain
from ..schemas import did_you_mean
from .views import ATTESTED, UnknownRule, attestation, from_option

UNDATED = 10_000  # sorts after every year


def ruleset_date(rs: Ruleset) -> Date | None:
    """The date a ruleset speaks for (the compiler's: its own date, else its own first dated source's)."""
    return rs.date


_CENTURY = {"en": "{n}th", "fr": "{roman}e"}
_CONJECTURE = {"en": "[{span} c.]", "fr": "[{span} s.]"}


def _century(year: int, lang: Lang) -> str:
    """The century a year of an estimate falls in, as the years a span names are written (1700: the 18th)."""
    n = left = year // 100 + 1
    roman = ""
    for value, numeral in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        roman += numeral * (left // value)
        left %= value
    return _CENTURY[lang].format(n=n, roman=roman)


def date_text(d: Date | None, lang: Lang = "en") -> str:
    """A date as a reader takes it: a year where a source gives one; a span of years, which is our estimate, as a
    conjecture in centuries ("[18th–19th c.]"), never as if it were a year of publication."""
    if d is None:
        return "n.d." if lang == "en" else "s. d."
    if not d.last:
        return str(d.year)
    first, last = _century(d.first[0], lang), _century(d.last[0], lang)
    return _CONJECTURE[lang].format(span=first if first == last else f"{first}–{last}")


def _date_key(rs: Ruleset) -> tuple[int, str]:
    d = ruleset_date(rs)
    return (d.year if d else UNDATED, rs.id)


def by_date(rulesets: list[Ruleset]) -> list[Ruleset]:
    """The rulesets oldest source first (and by id among those of one year), the undated last."""
    return sorted(rulesets, key=_date_key)


def _citation_docs(e: RuleEntry) -> list[dict[str, Any]]:
    return [c.as_dict() for c in e.citations]


def _entry(rs: Ruleset, path: str) -> RuleEntry:
    try:
        return rs.entry(path)
    except KeyError:
        raise UnknownRule(f"no rule {echo(path)}{did_you_mean(path, [e.path for e in rs.entries])}") from None


def history(rulesets: list[Ruleset], path: str, lang: Lang = "en") -> dict[str, Any]:
    """One rule in every ruleset, oldest source first: value, source, date, locator, attestation and quote."""
    rows = []
    for rs in by_date(rulesets):
        e = _entry(rs, path)
        c = e.citations[0]
        rows.append({"ruleset": rs.id, "value": plain(e.value), "date": date_text(ruleset_date(rs), lang),
                     "source": c.source, "locator": c.locator, "attestation": c.attestation, "quote": c.quote,
                     "defined_in": e.defined_in, "citations": _citation_docs(e)})
    return {"path": path, "rows": rows}


#: Leaves that restate the pack's size: where packs differ, their values differ by arithmetic, not by a rule.
_FROM_THE_PACK = ("deck.ranks", "deal.talon")


def _comparable(path: str, values: list[Any]) -> list[Any]:
    """The values as they can be compared across packs: a table by rank or by length (card values, sequence
    scores) only on the keys every value has, since a pack without sixes cannot disagree about the six."""
    plains = [plain(v) for v in values]
    if plains and all(isinstance(v, dict) for v in plains):
        common = set.intersection(*(set(v) for v in plains))
        return [{k: v[k] for k in v if k in common} for v in plains]
    return plains


def conflicts(rulesets: list[Ruleset], lang: Lang = "en") -> list[dict[str, Any]]:
    """Every rule on which two sources state different values, each value with its sources' quotes.

    A value is one source's word as one ruleset cites it (its date the
    ruleset's, as in ``history``); two values conflict only if they come from
    two different sources (one source reporting two usages is not a conflict),
    and a leaf that restates the pack's size (``_FROM_THE_PACK``), or a table
    whose only difference is a key one pack cannot hold, is no conflict of its
    own.
    """
    ordered = by_date(rulesets)
    out = []
    for path in [e.path for e in ordered[0].entries] if ordered else []:
        if path in _FROM_THE_PACK:
            continue
        entries = [(rs, rs.entry(path)) for rs in ordered]
        entries = [(rs, e) for rs, e in entries if attestation(e) in ATTESTED and not from_option(e)]
        comparable = _comparable(path, [e.value for _, e in entries])
        claims: dict[tuple[str, str, tuple[str, ...]], dict[str, Any]] = {}
        for (rs, e), value in zip(entries, comparable):
            source = e.citations[0].source
            cited = [c for c in e.citations if c.attestation in ATTESTED]
            key = (source, plain_key(value), tuple(c.locator for c in cited))
            claim = claims.setdefault(key, {"source": source, "date": date_text(ruleset_date(rs), lang), "rulesets": [],
                                            "citations": [c.as_dict() for c in cited], "value": value})
            claim["rulesets"].append(rs.id)
        pairs = [(a, b) for a in claims.values() for b in claims.values()
                 if plain_key(a["value"]) < plain_key(b["value"]) and a["source"] != b["source"]]
        if not pairs:
            continue
        values: dict[str, tuple[Any, list[dict[str, Any]]]] = {}
        for claim in claims.values():
            value = claim.pop("value")
            values.setdefault(plain_key(value), (value, []))[1].append(claim)
        out.append({"path": path, "values": [{"value": plain(v), "claims": cs} for v, cs in values.values()]})
    return out


def plain_key(value: Any) -> str:
    """A value as a key that compares: two values are one when their plain forms are."""
    return repr(plain(value))


def _note_text(e: RuleEntry, lang: Lang) -> str:
    parts = []
    for c in e.citations:
        text = f"{c.source}, {c.locator} ({t(c.attestation, lang)})"
        if c.quote:
            text += f": “{c.quote}”"
        parts.append(text + (f" {c.note}" if c.note and c.attestation not in ATTESTED else ""))
    return "; ".join(parts)


def matrix(rulesets: list[Ruleset], pattern: str = "*", lang: Lang = "en") -> dict[str, Any]:
    """Every rule matching ``pattern`` (a glob on the dotted path) in every ruleset, each value with a note
    number; rulesets giving a rule the same citations share the note, whose attestations are in ``lang``."""
    paths = [e.path for e in rulesets[0].entries if fnmatchcase(e.path, pattern)] if rulesets else []
    if not paths:
        raise UnknownRule(f"no rule matches {echo(pattern)} (rules are dotted paths, e.g. point.* or game.end)")
    notes: dict[str, int] = {}
    rows = []
    for path in paths:
        cells = {}
        for rs in rulesets:
            e = rs.entry(path)
            number = notes.setdefault(_note_text(e, lang), len(notes) + 1)
            cells[rs.id] = {"value": plain(e.value), "attestation": attestation(e), "note": number}
        rows.append({"path": path, "cells": cells})
    return {"rulesets": [rs.id for rs in rulesets], "rows": rows,
            "notes": [{"number": n, "text": text} for text, n in notes.items()]}
