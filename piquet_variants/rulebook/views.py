"""What the ``rulesets`` commands report, as plain data.

The JSON of the ``rulesets`` commands is built here (``summary``, ``show``,
``diff``, ``cite``); the CLI only chooses a format.  Values are given in
ruleset terms (as written in the YAML), never in engine indices.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from ..errors import PiquetError, echo, msg
from ..i18n import Lang, t
from ..lexicon import lexicon, rule_name, value_words
from ..render import OutputFormat
from ..ruleset.applicability import Condition, failing
from ..ruleset.bibliography import Source
from ..ruleset.model import Citation, RuleEntry, Ruleset, plain
from ..ruleset.passages import shipped
from ..ruleset.registry import sources
from ..schemas import did_you_mean
from . import citing


class UnknownRule(PiquetError):
    """A rule path that no ruleset leaf has."""


def title(rs: Ruleset, lang: Lang) -> str:
    return rs.title_fr if lang == "fr" and rs.title_fr else rs.title


def summary(rs: Ruleset, lang: Lang = "en") -> dict[str, Any]:
    return {"id": rs.id, "title": title(rs, lang), "extends": rs.extends, "sources": list(rs.sources),
            "options": {o.name: [c.name for c in o.choices] for o in rs.options}, "file": rs.file}


def _condition_words(c: Condition, values: dict[str, Any], lang: Lang) -> str:
    """A condition a ruleset fails, as what its rules are: "how the partie ends: First to the target"."""
    if c.any:
        return "; ".join(_condition_words(each, values, lang) for each in c.any)
    assert c.rule is not None
    if c.lacks_some_of is not None:
        return t("{rule}: all of {other}", lang).format(rule=rule_name(c.rule, lang),
                                                               other=rule_name(c.lacks_some_of, lang))
    return t("{rule}: {value}", lang).format(rule=rule_name(c.rule, lang), value=value_words(values[c.rule], lang, c.rule))


def notapplying(rs: Ruleset, lang: Lang = "en") -> dict[str, str]:
    """The rules whose value cannot matter under ``rs``'s other rules (``applicability``), each with the reason in
    words: the values of the rules that make it so."""
    values = {e.path: plain(e.value) for e in rs.entries}
    return {path: "; ".join(_condition_words(c, values, lang) for c in failed)
            for path, failed in failing(rs).items()}


def does_not_apply(reason: str, lang: Lang) -> str:
    return t("does not apply ({reason})", lang).format(reason=reason)


def shown_value(doc: dict[str, Any], lang: Lang = "en") -> str:
    """A value of ``entry_doc``, ``diff``, ``history`` or ``matrix`` as a table cell shows it: its words, or that it
    does not apply (the reason goes below the table, ``unapplied``, so that a column stays narrow)."""
    return str(doc["value_label"]) if doc["applies"] else t("does not apply", lang)


def unapplied(found: list[tuple[str, dict[str, Any]]], lang: Lang = "en") -> list[str]:
    """Below a table, each value that does not apply, named by ``found``'s label, with the reason."""
    return [t("{rule}: {value}", lang).format(rule=label, value=does_not_apply(doc["applies_reason"], lang))
            for label, doc in found if not doc["applies"]]


def value_text(rs: Ruleset, e: RuleEntry, lang: Lang = "en") -> str:
    """A rule's value as a reader is shown it: its words, or that it does not apply and why."""
    reason = notapplying(rs, lang).get(e.path)
    return value_words(e.value, lang, e.path) if reason is None else does_not_apply(reason, lang)


def applying(rs: Ruleset | None, e: RuleEntry, lang: Lang) -> dict[str, Any]:
    """JSON's ``applies`` (and, where false, ``applies_reason`` in words); the value itself is kept."""
    reason = notapplying(rs, lang).get(e.path) if rs is not None else None
    return {"applies": True} if reason is None else {"applies": False, "applies_reason": reason}


def entry_doc(e: RuleEntry, lang: Lang = "en", rs: Ruleset | None = None) -> dict[str, Any]:
    """A rule as JSON: its path and value as ids, with their words as ``label`` and ``value_label``, and whether
    it applies under the ruleset's other rules."""
    return {"path": e.path, "label": rule_name(e.path, lang), "value": plain(e.value),
            "value_label": value_words(e.value, lang, e.path), **applying(rs, e, lang),
            "citations": [c.as_dict() for c in e.citations], "defined_in": e.defined_in.label}


def show(rs: Ruleset, lang: Lang = "en") -> dict[str, Any]:
    return {"id": rs.id, "title": title(rs, lang), "extends": rs.extends, "sources": list(rs.sources),
            "description": rs.description, "options": dict(rs.chosen),
            "rules": [entry_doc(e, lang, rs) for e in rs.entries]}


#: Attestations that put a value in the source's mouth: its words, read plainly (stated), by consequence
#: (implied), through a later author (secondary), or one way of a contested reading (disputed).
ATTESTED = ("stated", "implied", "secondary", "disputed")
Label = Literal["disagreement", "filled", "option"]


def attestation(e: RuleEntry) -> str:
    """How well a rule's value is attested: by its first citation, the one that gives the value (the others
    support or qualify it; an inherited rule's first citation is the reason it is inherited)."""
    return e.citations[0].attestation


def from_option(e: RuleEntry) -> bool:
    return e.defined_in.option is not None


Standing = Literal["option", "source", "filled"]


def standing(e: RuleEntry) -> Standing:
    """Whose a value is: a chosen option's, the source's word (``ATTESTED``), or the project's, filled in."""
    if from_option(e):
        return "option"
    return "source" if attestation(e) in ATTESTED else "filled"


def label(a: RuleEntry, b: RuleEntry) -> Label:
    """Why two rulesets differ on a rule: a chosen option, a value the project filled in, or the sources."""
    both = {standing(a), standing(b)}
    if "option" in both:
        return "option"
    return "disagreement" if both == {"source"} else "filled"


def _side(rs: Ruleset, e: RuleEntry, lang: Lang) -> dict[str, Any]:
    return {"value": plain(e.value), "value_label": value_words(e.value, lang, e.path), **applying(rs, e, lang),
            "attestation": attestation(e), "defined_in": e.defined_in.label, "citations": [c.as_dict() for c in e.citations]}


def diff(a: Ruleset, b: Ruleset, lang: Lang = "en") -> list[dict[str, Any]]:
    """Each rule whose value differs; ``label`` says how (disagreement, filled, option), ``rule_label`` and each
    side's ``value_label`` are the words."""
    return [{"path": ea.path, "rule_label": rule_name(ea.path, lang), "label": label(ea, eb),
             "a": _side(a, ea, lang), "b": _side(b, eb, lang)}
            for ea, eb in a.differing(b)]


def find_entry(rs: Ruleset, path: str) -> RuleEntry:
    try:
        return rs.entry(path)
    except KeyError:
        hint = did_you_mean(path, [e.path for e in rs.entries])
        raise UnknownRule(msg("no-rule-in", "ruleset {ruleset} has no rule {rule}{hint}", ruleset=repr(rs.id),
                              rule=echo(path), hint=hint)) from None


def attested_words(attestation: str, lang: Lang = "en") -> str:
    return lexicon(lang).attestation_meanings[attestation]


def quoted(text: str, lang: Lang) -> str:
    return f"«\u00a0{text}\u00a0»" if lang == "fr" else f"“{text}”"  # French sets them off by a no-break space


def _source(c: Citation, rs: Ruleset | None) -> Source:
    """The record a citation names: the ruleset's own (a user's source), else the shipped registry's."""
    return rs.source(c.source) if rs is not None else sources()[c.source]


def formatted(c: Citation, rs: Ruleset | None = None, lang: Lang = "en", style: str = citing.DEFAULT_STYLE,
              fmt: citing.Output = "table") -> dict[str, Any]:
    """One citation, formatted: the note in the style, the quote, and apart from both, the attestation in words.

    With ``fmt="html"`` the note and the bibliography entry are HTML (the rest stays plain text).

    The quote of an ``unstated`` citation is the passage consulted, not support, and is labelled so.
    """
    return dict(_formatted(c, _source(c, rs), lang, style, fmt))  # a copy: the one kept is shared


@lru_cache(maxsize=1024)
def _formatted(c: Citation, src: Source, lang: Lang, style: str, fmt: OutputFormat) -> dict[str, Any]:
    """``formatted``, kept: a style takes some 8 ms to format one note, and ``compare`` footnotes the same rules in
    every deal of a record (fifty records of a file, 15 s)."""
    quote = None
    if c.quote:
        quote = quoted(c.quote, lang) + (f" ({t('corrected reading of an OCR text', lang)})" if src.ocr else "")
        if not quote_checked(src.id):
            quote += f" ({t('the text is not shipped: the quote is not checked', lang)})"
        if c.attestation == "unstated":
            quote = f"{t('Passage consulted, which does not state the value:', lang)} {quote}"
    return {"citation": _note(src, c.locator, lang, style, fmt),
            "bibliography": _entry(src, lang, style, fmt),
            "quote_text": quote, "quote_supports": bool(c.quote) and c.attestation != "unstated",
            "quote_checked": bool(c.quote) and quote_checked(src.id),
            "attestation_text": attested_words(c.attestation, lang), "source_note": src.note_in(lang)}


def quote_checked(source_id: str) -> bool:
    """Whether a quote of this source is checked against its text: one of the tool's own sources whose text is not
    shipped (its licence unknown: the Marquoir page) is quoted unchecked, and every view says so."""
    known = sources()
    return source_id not in known or shipped(known[source_id]) is not None


@lru_cache(maxsize=1024)
def _note(src: Source, locator: str | None, lang: Lang, style: str, fmt: OutputFormat) -> str:
    """A note, kept by its source and locator: the report's matrix cites the same law from ruleset after ruleset
    (571 citations, some 4 ms each to format)."""
    return citing.note(src.csl(), locator, style, lang, fmt)


@lru_cache(maxsize=256)
def _entry(src: Source, lang: Lang, style: str, fmt: OutputFormat) -> str:
    """A source's bibliography entry, kept: the same for every citation of the source."""
    return citing.bibliography_entry(src.csl(), style, lang, fmt)


def _line(c: Citation, f: dict[str, Any]) -> str:
    parts = [f["citation"]] + ([f["quote_text"]] if f["quote_text"] else []) + [f["attestation_text"]]
    return " ".join(parts + ([c.note] if c.note else []))


def footnote(c: Citation, lang: Lang = "en", rs: Ruleset | None = None) -> str:
    """One citation on one line: the note, the quote, the attestation in words, and the project's comment."""
    return _line(c, formatted(c, rs, lang))


def cite(rs: Ruleset, path: str, lang: Lang = "en", style: str = citing.DEFAULT_STYLE,
         fmt: OutputFormat = "table") -> dict[str, Any]:
    e = find_entry(rs, path)
    out = []
    for c in e.citations:
        f = formatted(c, rs, lang, style, fmt)
        out.append(dict(c.as_dict(), **f, footnote=_line(c, f)))
    return {"ruleset": rs.id, "path": e.path, "value": plain(e.value), "style": style, "citations": out}
