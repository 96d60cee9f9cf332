"""Rules across many rulesets: where the sources disagree, a rule's history, the N-way matrix.

A ruleset speaks for the date of its rules (``Ruleset.date``: its own, else
that of the first dated source it follows), which these views show and sort
by; a ruleset whose rules have no known date sorts last and shows "n.d.".  The
copy a citation quotes has its own edition and dates (``Source.copy``), which
the citations print.  A citation puts a value in its source's mouth when it is
``stated``, ``implied``, ``secondary`` or ``disputed`` (``views.ATTESTED``) and
the value is not an option's; a value the project filled in (unstated,
reconstructed, inherited) is never put forward as a source's position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from ..errors import echo, msg
from ..i18n import Lang, t
from ..ruleset.applicability import failing
from ..ruleset.bibliography import Date, Source, unmarked
from ..ruleset.model import Citation, RuleEntry, Ruleset, plain
from ..schemas import did_you_mean, rule_leaves
from ..lexicon import lexicon, value_words
from .views import ATTESTED, UnknownRule, applying, attestation, from_option, quote_checked, quoted

UNDATED = 10_000  # sorts after every year


def ruleset_date(rs: Ruleset) -> Date | None:
    """The date a ruleset speaks for (the compiler's: its own date, else its own first dated source's)."""
    return rs.date


def _century(year: int, lang: Lang) -> str:
    """The century a year of an estimate falls in, as the years a span names are written (1700: the 18th)."""
    n = left = year // 100 + 1
    roman = ""
    for value, numeral in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        roman += numeral * (left // value)
        left %= value
    return lexicon(lang).dates["century"].format(n=n, roman=roman)


def date_text(d: Date | None, lang: Lang = "en") -> str:
    """A date as a reader takes it: a year where a source gives one; a span of years, which is our estimate, as a
    conjecture in centuries ("[18th–19th c.]"), never as if it were a year of publication."""
    if d is None:
        return lexicon(lang).dates["undated"]
    if not d.last:
        return str(d.year)
    first, last = _century(d.first[0], lang), _century(d.last[0], lang)
    return lexicon(lang).dates["conjecture"].format(span=first if first == last else f"{first}–{last}")


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
        raise UnknownRule(msg("no-rule", "no rule {rule}{hint}", rule=echo(path),
                              hint=did_you_mean(path, [e.path for e in rs.entries]))) from None


def history(rulesets: list[Ruleset], path: str, lang: Lang = "en") -> dict[str, Any]:
    """One rule in every ruleset, oldest rules first: value, the date of the rules, source, locator, attestation and
    quote, and the edition and dates of the copy quoted (``copy``)."""
    rows = []
    for rs in by_date(rulesets):
        e = _entry(rs, path)
        c = e.citations[0]
        rows.append({"ruleset": rs.id, "value": plain(e.value), "value_label": value_words(e.value, lang, path),
                     **applying(rs, e, lang), "date": date_text(ruleset_date(rs), lang),
                     "copy": rs.source(c.source).copy.as_dict(),
                     "source": c.source, "locator": c.locator, "attestation": c.attestation, "quote": c.quote,
                     "defined_in": e.defined_in.label, "citations": _citation_docs(e)})
    return {"path": path, "rows": rows}


def _counts_the_pack(path: str) -> bool:
    """Whether a rule's value counts cards of the pack (its ranks, the talon, the elder's share of it), so that
    two packs give it two values by arithmetic, not by a rule (the schema's ``x-counts-the-pack``)."""
    group, key = path.split(".")
    return bool(rule_leaves()[group][key].get("x-counts-the-pack"))


def _comparable(values: list[Any]) -> list[Any]:
    """The values as they can be compared across packs: a table by rank or by length (card values, sequence
    scores) only on the keys every value has, since a pack without sixes cannot disagree about the six."""
    plains = [plain(v) for v in values]
    if plains and all(isinstance(v, dict) for v in plains):
        common = set.intersection(*(set(v) for v in plains))
        return [{k: v[k] for k in v if k in common} for v in plains]
    return plains


def _work(source: Source) -> str:
    """The book a source is part of (its container, else itself): the club laws, au Cent and Cavendish's
    treatise are one book, and what one book reports of two usages is no disagreement between sources."""
    return unmarked(source.container_title or source.title).casefold()


#: How firmly a citation puts a value in its source's mouth, firmest first.
_FIRMNESS = ("stated", "implied", "secondary", "disputed")


@dataclass
class _Claim:
    """One source's word on a rule as rulesets cite it: the value shown, every value its passages bear out, and
    the pack it speaks of."""

    source: str
    work: str
    value: Any
    values: frozenset[str]
    deck: int
    date: str
    rulesets: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)

    @property
    def firmness(self) -> int:
        return min(_FIRMNESS.index(c.attestation) for c in self.citations)

    def against(self, other: _Claim, by_pack: bool) -> bool:
        """Whether the two are a disagreement: two books, of one pack where the value counts it, bearing out no
        value in common."""
        return (self.work != other.work and not self.values & other.values
                and not (by_pack and self.deck != other.deck))


def _borne(e: RuleEntry, c: Citation) -> list[Any]:
    """The values a citation bears out, the one a table shows it under first: the rule's value where it is one."""
    if not c.bears_out:
        return [e.value]
    return ([e.value] if e.value in c.bears_out else []) + [v for v in c.bears_out if v != e.value]


def _claims(ordered: list[Ruleset], path: str, lang: Lang) -> list[_Claim]:
    """Every source's word on a rule: each citation that attests a value (``ATTESTED``), of each ruleset whose
    value is its own (not an option's, not inherited) and applies under its other rules."""
    cited = []
    for rs in ordered:
        e = rs.entry(path)
        if from_option(e) or e.citations[0].attestation == "inherited" or path in failing(rs):
            continue
        cited += [(rs, e, c) for c in e.citations if c.attestation in ATTESTED]
    borne = [_borne(e, c) for _, e, c in cited]
    flat = iter(_comparable([v for values in borne for v in values]))
    comparable = [[next(flat) for _ in values] for values in borne]
    claims: dict[tuple[str, str, str, frozenset[str], int], _Claim] = {}
    for (rs, e, c), values_of in zip(cited, comparable):
        value, values = values_of[0], frozenset(plain_key(v) for v in values_of)
        key = (c.source, c.locator, plain_key(value), values, rs.rules.deck.size)
        claim = claims.setdefault(key, _Claim(c.source, _work(rs.source(c.source)), value, values,
                                              rs.rules.deck.size, date_text(ruleset_date(rs), lang)))
        if rs.id not in claim.rulesets:
            claim.rulesets.append(rs.id)
        if c not in claim.citations:
            claim.citations.append(c)
    return list(claims.values())


_VERB = {"stated": "{source} ({date}) states {value}", "implied": "{source} ({date}) implies {value}",
         "secondary": "{source} ({date}) reports {value}", "disputed": "{source} ({date}) reads it as {value}"}


def _said(claim: _Claim, path: str, lang: Lang) -> dict[str, Any]:
    attestation = _FIRMNESS[claim.firmness]
    return {"source": claim.source, "date": claim.date, "attestation": attestation, "value": plain(claim.value),
            "text": t(_VERB[attestation], lang).format(source=claim.source, date=claim.date,
                                                       value=quoted(value_words(claim.value, lang, path), lang))}


def _reason(pairs: list[tuple[_Claim, _Claim]], path: str, lang: Lang) -> dict[str, Any]:
    """Why a rule is a conflict: its firmest pair of claims that disagree, each side in words."""
    a, b = min(pairs, key=lambda p: (max(p[0].firmness, p[1].firmness), min(p[0].firmness, p[1].firmness)))
    sides = [_said(a, path, lang), _said(b, path, lang)]
    texts = [side.pop("text") for side in sides]
    return {"text": t("{a}; {b}", lang).format(a=texts[0], b=texts[1]), "between": sides}


def conflicts(rulesets: list[Ruleset], lang: Lang = "en") -> list[dict[str, Any]]:
    """Every rule on which two sources state different values, each value with its sources' quotes, and the
    reason: the firmest pair of sources that disagree.

    Every citation that attests a value counts, not only a value's first:
    a source's word is a value a passage states, implies, reports or reads
    (``views.ATTESTED``), or any of the values it is said to bear out
    (``bears_out``).  Two claims disagree only where they come from two
    books (one book reporting two usages is no disagreement), bear out no
    value in common, speak of one pack where the value counts the pack's
    cards, and apply (a value its ruleset's other rules leave without effect
    is no position).  A claim's date is its ruleset's, as in ``history``.
    """
    ordered = by_date(rulesets)
    out = []
    for path in [e.path for e in ordered[0].entries] if ordered else []:
        claims = _claims(ordered, path, lang)
        by_pack = _counts_the_pack(path)
        pairs = [(a, b) for i, a in enumerate(claims) for b in claims[i + 1:] if a.against(b, by_pack)]
        if not pairs:
            continue
        values: dict[str, tuple[Any, list[dict[str, Any]]]] = {}
        for claim in claims:
            values.setdefault(plain_key(claim.value), (claim.value, []))[1].append(
                {"source": claim.source, "date": claim.date, "rulesets": claim.rulesets,
                 "citations": [c.as_dict() for c in claim.citations]})
        out.append({"path": path, "reason": _reason(pairs, path, lang),
                    "values": [{"value": plain(v), "claims": cs} for v, cs in values.values()]})
    return out


def plain_key(value: Any) -> str:
    """A value as a key that compares: two values are one when their plain forms are."""
    return repr(plain(value))


def _note_text(e: RuleEntry, lang: Lang) -> str:
    parts = []
    for c in e.citations:
        text = f"{c.source}, {c.locator} ({t(c.attestation, lang)})"
        if c.quote:
            text += f": “{c.quote}”" + ("" if quote_checked(c.source) else
                                        f" ({t('the text is not shipped: the quote is not checked', lang)})")
        parts.append(text + (f" {c.note}" if c.note and c.attestation not in ATTESTED else ""))
    return "; ".join(parts)


def matrix(rulesets: list[Ruleset], pattern: str = "*", lang: Lang = "en") -> dict[str, Any]:
    """Every rule matching ``pattern`` (a glob on the dotted path) in every ruleset, each value with a note
    number; rulesets giving a rule the same citations share the note, whose attestations are in ``lang``."""
    paths = [e.path for e in rulesets[0].entries if fnmatchcase(e.path, pattern)] if rulesets else []
    if not paths:
        raise UnknownRule(msg("no-rule-matches", "no rule matches {pattern} (rules are dotted paths, e.g. point.* or "
                              "game.end)", pattern=echo(pattern)))
    notes: dict[str, int] = {}
    rows = []
    for path in paths:
        cells = {}
        for rs in rulesets:
            e = rs.entry(path)
            number = notes.setdefault(_note_text(e, lang), len(notes) + 1)
            cells[rs.id] = {"value": plain(e.value), "value_label": value_words(e.value, lang, path),
                            **applying(rs, e, lang), "attestation": attestation(e), "note": number}
        rows.append({"path": path, "cells": cells})
    return {"rulesets": [rs.id for rs in rulesets], "rows": rows,
            "notes": [{"number": n, "text": text} for text, n in notes.items()]}
