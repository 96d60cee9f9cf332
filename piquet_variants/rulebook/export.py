"""Bibliographies for reference managers: CSL-JSON, BibTeX (as biblatex reads it) and RIS.

Each is written from the records' CSL-JSON, so the three say the same
things.  What a format has no field for (catalogue numbers, the licence, the
transcription) goes into its note, one ``Key: value`` a line, where Zotero
and biblatex users look for it.  Nothing is made up to fill a field a format
expects: a record without a date has no ``year``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Literal

from ..ruleset.bibliography import Date, Name, Source, unmarked
from ..ruleset.passages import shipped

ExportFormat = Literal["bibtex", "csl-json", "ris"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("bibtex", "csl-json", "ris")

_BIBTEX_TYPES = {"book": "book", "chapter": "incollection", "article-journal": "article", "thesis": "phdthesis",
                 "report": "techreport", "pamphlet": "booklet", "manuscript": "unpublished"}
_RIS_TYPES = {"book": "BOOK", "chapter": "CHAP", "webpage": "ELEC", "entry-encyclopedia": "ENCYC",
              "article-journal": "JOUR", "article": "GEN", "pamphlet": "PAMP", "manuscript": "MANSCPT",
              "report": "RPRT", "thesis": "THES"}
_TEX_SPECIAL = {ord(ch): rep for ch, rep in (("\\", r"\textbackslash{}"), ("&", r"\&"), ("%", r"\%"), ("$", r"\$"),
                                              ("#", r"\#"), ("_", r"\_"), ("{", r"\{"), ("}", r"\}"),
                                              ("~", r"\textasciitilde{}"), ("^", r"\textasciicircum{}"))}


def csl_json(records: Iterable[Source]) -> str:
    return json.dumps([s.csl() for s in records], ensure_ascii=False, indent=2) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _tex(text: str) -> str:
    return _one_line(text).translate(_TEX_SPECIAL)


def _tex_title(text: str) -> str:
    """Braced whole, so no BibTeX style recases a title spelt as the source spells it."""
    return "{" + _tex(unmarked(text)) + "}"


def _tex_name(n: Name) -> str:
    return "{" + _tex(n.whole) + "}" if n.whole else _tex(n.inverted())


def _notes(s: Source) -> list[str]:
    return ([s.note] if s.note else []) + s.extra()


def _bibtex_entry(s: Source) -> str:
    kind = _BIBTEX_TYPES.get(s.type, "misc")
    fields: list[tuple[str, str | None]] = [
        ("author", " and ".join(_tex_name(n) for n in s.author) or None),
        ("editor", " and ".join(_tex_name(n) for n in s.editor) or None),
        ("title", _tex_title(s.title)),
        ("booktitle" if kind == "incollection" else "howpublished",
         _tex_title(s.container_title) if s.container_title else None),
        ("edition", _tex(s.edition) if s.edition else None),
        ("publisher", _tex(s.publisher) if s.publisher else None),
        ("address", _tex(s.publisher_place) if s.publisher_place else None),
        ("year", str(s.issued.year) if s.issued and not s.issued.last else None),
        ("date", s.issued.text() if s.issued else None),
        ("origdate", s.original_date.text() if s.original_date else None),
        ("pages", s.pages.replace("-", "--") if s.pages else None),
        ("url", s.url), ("urldate", s.accessed.text() if s.accessed else None),
        ("langid", s.language),
        ("note", _tex("; ".join(n.rstrip(".") for n in _notes(s))) if _notes(s) else None),
    ]
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields if v)
    return f"@{kind}{{{s.id},\n{body}\n}}\n"


def bibtex(records: Iterable[Source]) -> str:
    return "\n".join(_bibtex_entry(s) for s in records)


def _ris_date(d: Date) -> str:
    """RIS's DA form: YYYY/MM/DD/ with unknown parts empty (a span has none: ``_ris_entry`` says it in a note)."""
    parts = [f"{n:04d}" if i == 0 else f"{n:02d}" for i, n in enumerate(d.first)]
    return "/".join(parts + [""] * (4 - len(parts)))


def _ris_entry(s: Source) -> str:
    tags: list[tuple[str, str | None]] = [("TY", _RIS_TYPES.get(s.type, "GEN"))]
    tags += [("AU", n.inverted()) for n in s.author] + [("ED", n.inverted()) for n in s.editor]
    tags += [("TI", unmarked(s.title)), ("T2", unmarked(s.container_title) if s.container_title else None),
             ("ET", s.edition), ("PB", s.publisher), ("CY", s.publisher_place),
             ("PY", str(s.issued.year) if s.issued and not s.issued.last else None),
             ("DA", _ris_date(s.issued) if s.issued and not s.issued.last else None),
             ("Y2", s.accessed.text() if s.accessed else None), ("UR", s.url), ("LA", s.language)]
    if s.pages:
        first, _, last = s.pages.partition("-")
        tags += [("SP", first), ("EP", last or None)]
    if s.issued and s.issued.last:  # RIS has no span: the range in words, and no year a reader would take for it
        tags.append(("N1", f"Date: between {s.issued.year} and {s.issued.last[0]} (conjectured; not printed)"))
    if s.original_date:
        tags.append(("N1", f"First published: {s.original_date.text()}"))
    tags += [("N1", line) for line in _notes(s)] + [("ID", s.id), ("ER", "")]
    return "\n".join(f"{k}  - {_one_line(v)}".rstrip() + (" " if k == "ER" else "") for k, v in tags
                     if v is not None) + "\n"


def ris(records: Iterable[Source]) -> str:
    return "\n".join(_ris_entry(s) for s in records)


def export(records: Iterable[Source], fmt: ExportFormat) -> str:
    return {"bibtex": bibtex, "csl-json": csl_json, "ris": ris}[fmt](list(records))


def record_doc(s: Source) -> dict[str, Any]:
    """A record for ``sources show --format json``: the CSL-JSON item and what CSL has no place for."""
    return {"id": s.id, "csl": s.csl(), "public_domain": s.public_domain, "ocr": s.ocr, "licence": s.licence,
            "transcription": s.transcription, "revision": s.revision,
            "identifiers": dict(s.identifiers), "shipped": shipped(s) is not None, "note": s.note,
            "note_fr": s.note_fr}
