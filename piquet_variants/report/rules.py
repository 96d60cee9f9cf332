"""The rules side of the report: the rulesets by date, the matrix, each ruleset, each rule's history, the
conflicts and the bibliography, as data for the templates.

Everything is read from the library's views (``rulebook.views``, ``rulebook.evidence``): the dating, the note
numbers of the matrix, what counts as a disagreement between sources or as a gap the project filled.  A cell
of the matrix is marked by its value's standing (``views.standing``): a chosen option, a value the project
filled in (unstated, reconstructed, inherited), or the source's word, and a source's word as a disagreement
where the rule is one of ``evidence.conflicts``.
"""

from __future__ import annotations

from typing import Any

from ..i18n import Lang
from ..lexicon import SECTIONS, option_words, rule_name, section, section_of, value_words
from ..rulebook import citing, evidence, views
from ..ruleset.bibliography import Source, unmarked
from ..ruleset.model import Ruleset
from .citations import Citations


def _group(path: str) -> str:
    return path.split(".")[0]


def _options(rs: Ruleset, lang: Lang) -> list[tuple[str, str]]:
    """Each option of a ruleset: its choice, and that choice in words ("a set of 100")."""
    chosen = dict(rs.chosen)
    out = []
    for o in rs.options:
        choice = chosen.get(o.name, o.default)
        described = next((c.description for c in o.choices if c.name == choice), "")
        out.append((choice, option_words(o.name, choice, lang, described)))
    return out


def chosen_words(rs: Ruleset, lang: Lang) -> list[str]:
    """The options chosen for a ruleset (rather than left at their defaults), in words."""
    chosen = dict(rs.chosen)
    return [words for o, (_, words) in zip(rs.options, _options(rs, lang)) if o.name in chosen]


def ruleset_rows(rulesets: list[Ruleset], lang: Lang) -> list[dict[str, Any]]:
    """The rulesets (already in date order) for the index: date, title, sources, parent and options."""
    chosen = {rs.id for rs in rulesets}
    return [{"id": rs.id, "title": views.title(rs, lang), "date": evidence.date_text(evidence.ruleset_date(rs), lang),
             "sources": [{"id": s, "title": unmarked(rs.source(s).title_short or rs.source(s).title)}
                         for s in rs.sources],
             "extends": rs.extends, "extends_here": rs.extends in chosen,
             "options": chosen_words(rs, lang)} for rs in rulesets]


def _mark(rs: Ruleset, path: str, disputed: set[str]) -> str:
    standing = views.standing(rs.entry(path))
    if standing == "source":
        return "disagreement" if path in disputed else ""
    return standing


#: Rulesets a printed page of the matrix holds side by side (A4 landscape), the rule column repeated on each.
PRINTED_COLUMNS = 5


def matrix(rulesets: list[Ruleset], cites: Citations, lang: Lang) -> dict[str, Any]:
    """Rules as rows, under the headings of the game (``lexicon.SECTIONS``), rulesets as columns (in date order),
    each cell a value in words, its mark and its note number; the notes, each the citations of the first cell
    that has them; and the groups of columns a printed page holds."""
    doc = evidence.matrix(rulesets)
    disputed = conflicted(rulesets)
    by_id = {rs.id: rs for rs in rulesets}
    first: dict[int, tuple[Ruleset, str]] = {}
    rows = []
    for row in doc["rows"]:
        path = row["path"]
        cells = []
        for rs in rulesets:
            number = row["cells"][rs.id]["note"]
            first.setdefault(number, (rs, path))
            cells.append({"ruleset": rs.id, "value": views.value_text(rs, rs.entry(path), lang), "note": number,
                          "mark": _mark(rs, path, disputed), "attestation": row["cells"][rs.id]["attestation"]})
        values = {repr(row["cells"][rs.id]["value"]) for rs in rulesets}
        rows.append({"path": path, "name": rule_name(path, lang), "section": section_of(path), "cells": cells,
                     "differs": len(values) > 1, "conflict": path in disputed})
    notes = [{"number": n, "ruleset": rs.id, "path": path,
              "citations": cites.all(rs.entry(path).citations, rs)}
             for n, (rs, path) in sorted(first.items())]
    columns = [{"id": i, "date": evidence.date_text(evidence.ruleset_date(by_id[i]), lang)} for i in doc["rulesets"]]
    sections = [{"key": key, "title": section(key, lang), "rows": [r for r in rows if r["section"] == key]}
                for key in SECTIONS]
    printed = [list(range(i, min(i + PRINTED_COLUMNS, len(columns)))) for i in range(0, len(columns), PRINTED_COLUMNS)]
    return {"rulesets": columns, "sections": [s for s in sections if s["rows"]], "notes": notes,
            "printed": printed}


def conflicted(rulesets: list[Ruleset]) -> set[str]:
    """The rules on which two sources of these rulesets state different values (``evidence.conflicts``)."""
    return {c["path"] for c in evidence.conflicts(rulesets)}


def ruleset_page(rs: Ruleset, known: set[str], disputed: set[str], cites: Citations, lang: Lang) -> dict[str, Any]:
    """One ruleset: what it is, and every rule with its value, its mark (as the matrix marks it) and its
    citations, by group."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for e in rs.entries:
        groups.setdefault(_group(e.path), []).append({
            "path": e.path, "value": views.value_text(rs, e, lang), "mark": _mark(rs, e.path, disputed),
            "defined_in": "" if views.from_option(e) else e.defined_in.label, "note": e.note or "", "citations": cites.all(e.citations, rs)})
    return {"id": rs.id, "title": views.title(rs, lang), "description": rs.description,
            "date": evidence.date_text(evidence.ruleset_date(rs), lang), "sources": list(rs.sources),
            "extends": rs.extends, "extends_here": rs.extends in known,
            "options": [{"name": o.name, "description": o.description, "chosen": chosen, "words": words,
                         "choices": [c.name for c in o.choices]}
                        for o, (chosen, words) in zip(rs.options, _options(rs, lang))],
            "groups": list(groups.items())}


def rule_paths(rulesets: list[Ruleset]) -> list[tuple[str, list[str]]]:
    """Every rule path, by group, in the schema's order."""
    groups: dict[str, list[str]] = {}
    for e in rulesets[0].entries:
        groups.setdefault(_group(e.path), []).append(e.path)
    return list(groups.items())


def history(rulesets: list[Ruleset], path: str, disputed: set[str], cites: Citations, lang: Lang) -> dict[str, Any]:
    """One rule in every ruleset, oldest source first (``evidence.history``), with every citation, each value
    marked as the matrix marks it."""
    by_id = {rs.id: rs for rs in rulesets}
    rows = []
    for row in evidence.history(rulesets, path, lang)["rows"]:
        rs = by_id[row["ruleset"]]
        e = rs.entry(path)
        rows.append({"ruleset": rs.id, "date": row["date"], "value": views.value_text(rs, e, lang),
                     "mark": _mark(rs, path, disputed), "citations": cites.all(e.citations, rs)})
    values = {r["value"] for r in rows}
    return {"path": path, "rows": rows, "differs": len(values) > 1}


def conflicts(rulesets: list[Ruleset], cites: Citations, lang: Lang) -> list[dict[str, Any]]:
    """``evidence.conflicts``: each rule on which sources state different values, each value with its claims."""
    by_id = {rs.id: rs for rs in rulesets}
    out = []
    for conflict in evidence.conflicts(rulesets, lang):
        path = conflict["path"]
        values = []
        for v in conflict["values"]:
            claims = [{"source": claim["source"], "date": claim["date"], "rulesets": claim["rulesets"],
                       "citations": [cites.from_doc(c, by_id[claim["rulesets"][0]]) for c in claim["citations"]]}
                      for claim in v["claims"]]
            values.append({"value": value_words(v["value"], lang, path), "claims": claims})
        out.append({"path": path, "values": values, "reason": conflict["reason"]["text"]})
    return out


def bibliography(rulesets: list[Ruleset], lang: Lang) -> list[dict[str, Any]]:
    """Every source the rulesets follow or cite, once, as the style's bibliography orders them (by its text)."""
    found: dict[str, tuple[Source, list[str]]] = {}
    for rs in rulesets:
        for s in rs.bibliography:
            found.setdefault(s.id, (s, []))[1].append(rs.id)
    entries = [{"id": s.id, "entry": citing.bibliography_entry(s.csl(), lang=lang, fmt="html"),
                "sort": unmarked(citing.bibliography_entry(s.csl(), lang=lang)).casefold(),
                "licence": s.licence or "", "note": s.note_in(lang) or "", "rulesets": ids}
               for s, ids in found.values()]
    return sorted(entries, key=lambda e: e["sort"])
