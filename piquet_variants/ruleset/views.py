"""What the ``rulesets`` commands report, as plain data.

The JSON contracts of the issue are built here (``summary``, ``show``,
``diff``, ``cite``); the CLI only chooses a format.  Values are given in
ruleset terms (as written in the YAML), never in engine indices.
"""

from __future__ import annotations

from typing import Any

from ..errors import PiquetError
from ..i18n import Lang, t
from ..schemas import did_you_mean
from .model import Citation, RuleEntry, Ruleset
from .registry import sources


class UnknownRule(PiquetError):
    """A rule path that no ruleset leaf has."""


def plain(value: Any) -> Any:
    """A frozen rule value back in JSON terms (maps were frozen to pairs)."""
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str)
                                                  for v in value):
        return {k: plain(v) for k, v in value}
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def title(rs: Ruleset, lang: Lang) -> str:
    return rs.title_fr if lang == "fr" and rs.title_fr else rs.title


def summary(rs: Ruleset, lang: Lang = "en") -> dict[str, Any]:
    return {"id": rs.id, "title": title(rs, lang), "extends": rs.extends, "sources": list(rs.sources),
            "options": {o.name: [c.name for c in o.choices] for o in rs.options}}


def entry_doc(e: RuleEntry) -> dict[str, Any]:
    return {"path": e.path, "value": plain(e.value), "citations": [c.as_dict() for c in e.citations],
            "defined_in": e.defined_in}


def show(rs: Ruleset, lang: Lang = "en") -> dict[str, Any]:
    return {"id": rs.id, "title": title(rs, lang), "extends": rs.extends, "sources": list(rs.sources),
            "description": rs.description, "options": dict(rs.chosen),
            "rules": [entry_doc(e) for e in rs.entries]}


def diff(a: Ruleset, b: Ruleset) -> list[dict[str, Any]]:
    out = []
    for ea, eb in zip(a.entries, b.entries):
        if ea.value != eb.value:
            out.append({"path": ea.path,
                        "a": {"value": plain(ea.value), "citations": [c.as_dict() for c in ea.citations]},
                        "b": {"value": plain(eb.value), "citations": [c.as_dict() for c in eb.citations]}})
    return out


def find_entry(rs: Ruleset, path: str) -> RuleEntry:
    try:
        return rs.entry(path)
    except KeyError:
        hint = did_you_mean(path, [e.path for e in rs.entries])
        raise UnknownRule(f"ruleset {rs.id!r} has no rule {path!r}{hint}") from None


def footnote(c: Citation, lang: Lang = "en") -> str:
    """One citation as a footnote: work, locator, quote, and how well attested."""
    src = sources()[c.source]
    text = f"{src.footnote().rstrip('.')}, {c.locator}"
    if c.quote:
        text += f": « {c.quote} »" if lang == "fr" else f': "{c.quote}"'
    text += f" [{t(c.attestation, lang)}]"
    if c.note:
        text += f" {c.note.rstrip('.')}"
    if src.ocr:
        text += " (lecture corrigée de l'OCR)" if lang == "fr" else " (corrected reading of an OCR text)"
    return text + "."


def cite(rs: Ruleset, path: str, lang: Lang = "en") -> dict[str, Any]:
    e = find_entry(rs, path)
    return {"ruleset": rs.id, "path": e.path, "value": plain(e.value),
            "citations": [dict(c.as_dict(), footnote=footnote(c, lang)) for c in e.citations]}
