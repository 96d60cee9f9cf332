"""Bibliographic records of the sources, and their CSL-JSON.

A record holds what CSL-JSON can (type, title, names, container, edition,
imprint, dates, pages, URL) and what a reader of our quotes must know (the
licence, the transcription, a note on the copy).  CSL-JSON is the one
interchange form: citeproc-py formats notes from it (``citing``) and the
exports start from it (``export``), so a note made from an exported file is
the note the tool prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..errors import echo

#: Identifiers under their usual names, in the order a catalogue gives them.
IDENTIFIER_NAMES = {"wing": "Wing", "estc": "ESTC", "eebo_tcp": "EEBO-TCP", "isbn": "ISBN", "oclc": "OCLC"}

_DATE = re.compile(r"^(\d{3,4})(?:-(\d{2}))?(?:-(\d{2}))?$")
_MARKUP = re.compile(r"<[^>]+>")


def unmarked(text: str) -> str:
    """A title without CSL-JSON's rich-text markup (``<span class="nocase">``, ``<i>``)."""
    return _MARKUP.sub("", text)


@dataclass(frozen=True, slots=True)
class Name:
    family: str | None = None
    given: str | None = None
    literal: str | None = None
    #: The real name behind a pseudonym (``literal``), which a catalogue adds in brackets.
    real_name: str | None = None

    @property
    def whole(self) -> str | None:
        """A body or a pseudonym as it is printed, with the real name behind a pseudonym in brackets, as a library
        catalogue gives it: Cavendish [Henry Jones]."""
        return f"{self.literal} [{self.real_name}]" if self.literal and self.real_name else self.literal

    def csl(self) -> dict[str, str]:
        return {k: v for k, v in (("family", self.family), ("given", self.given), ("literal", self.whole)) if v}

    def natural(self) -> str:
        """As a reader writes it: Charles Cotton; a body or pseudonym as it stands."""
        return self.whole or " ".join(p for p in (self.given, self.family) if p)

    def inverted(self) -> str:
        """As a catalogue files it: Cotton, Charles."""
        return self.whole or ", ".join(p for p in (self.family, self.given) if p)


@dataclass(frozen=True, slots=True)
class Date:
    """A date as far as it is known, or a span of years (first, last)."""

    first: tuple[int, ...]
    last: tuple[int, ...] | None = None

    @classmethod
    def parse(cls, raw: str | int) -> Date:
        parts = []
        for part in str(raw).split("/"):
            found = _DATE.match(part)
            if found is None:
                raise ValueError(f"not a date: {echo(raw)}")
            parts.append(tuple(int(x) for x in found.groups() if x))
        return cls(parts[0], parts[1] if len(parts) > 1 else None)

    @property
    def year(self) -> int:
        return self.first[0]

    def csl(self) -> dict[str, Any]:
        return {"date-parts": [list(self.first)] + ([list(self.last)] if self.last else [])}

    def text(self) -> str:
        """ISO 8601 (and EDTF's first/last for a span), as BibTeX's ``date`` and RIS's ``DA`` take it."""
        iso = lambda d: "-".join(f"{n:02d}" if i else str(n) for i, n in enumerate(d))  # noqa: E731
        return iso(self.first) + (f"/{iso(self.last)}" if self.last else "")


@dataclass(frozen=True, slots=True)
class Copy:
    """The copy a citation quotes, apart from the date of the rules it gives (``Ruleset.date``): its edition, its
    own date if printed, and the date the work was first published.  Cavendish's 8th edition, undated, first
    published 1873, gives the club laws of 1882."""

    edition: str | None
    issued: Date | None
    first_published: Date | None

    def as_dict(self) -> dict[str, str | None]:
        return {"edition": self.edition, "issued": self.issued.text() if self.issued else None,
                "first_published": self.first_published.text() if self.first_published else None}


@dataclass(frozen=True, slots=True)
class Source:
    """One source as the registry records it."""

    id: str
    title: str
    public_domain: bool
    type: str = "book"
    title_short: str | None = None
    author: tuple[Name, ...] = ()
    editor: tuple[Name, ...] = ()
    container_title: str | None = None
    edition: str | None = None
    publisher: str | None = None
    publisher_place: str | None = None
    issued: Date | None = None
    original_date: Date | None = None
    pages: str | None = None
    url: str | None = None
    accessed: Date | None = None
    revision: str | None = None
    identifiers: tuple[tuple[str, str], ...] = ()
    language: str | None = None
    licence: str | None = None
    transcription: str | None = None
    text: tuple[str, ...] = ()
    ocr: bool = False
    note: str | None = None
    note_fr: str | None = None

    def note_in(self, lang: str) -> str | None:
        """The note a reader of ``lang`` is shown: the French one under French, else the note itself."""
        return (self.note_fr or self.note) if lang == "fr" else self.note

    @property
    def copy(self) -> Copy:
        """The edition and dates of the copy cited: what every citation of the source prints."""
        return Copy(self.edition, self.issued, self.original_date)

    @property
    def date(self) -> Date | None:
        """The date a ruleset that gives no date of its rules takes from the source it follows: the copy's, else
        the first edition's (the compiler's ``_date``)."""
        return self.issued or self.original_date

    def identifier_text(self) -> str:
        return "; ".join(f"{IDENTIFIER_NAMES.get(k, k)} {v}" for k, v in self.identifiers)

    def extra(self) -> list[str]:
        """What CSL has no variable for, as ``Key: value`` lines (the convention Zotero reads from ``note``)."""
        lines = [f"{IDENTIFIER_NAMES.get(k, k)}: {v}" for k, v in self.identifiers]
        lines += [f"{k}: {v}" for k, v in (("Revision", self.revision), ("Licence", self.licence),
                                            ("Transcription", self.transcription)) if v]
        return lines

    def csl(self) -> dict[str, Any]:
        """The record as a CSL-JSON item."""
        item: dict[str, Any] = {"id": self.id, "type": self.type, "title": self.title}
        simple = (("title-short", self.title_short), ("container-title", self.container_title),
                  ("edition", self.edition), ("publisher", self.publisher),
                  ("publisher-place", self.publisher_place), ("page", self.pages), ("URL", self.url),
                  ("language", self.language))
        item.update((k, v) for k, v in simple if v)
        for key, names in (("author", self.author), ("editor", self.editor)):
            if names:
                item[key] = [n.csl() for n in names]
        for key, date in (("issued", self.issued), ("original-date", self.original_date),
                          ("accessed", self.accessed)):
            if date:
                item[key] = date.csl()
        notes = ([self.note] if self.note else []) + self.extra()
        if notes:
            item["note"] = "\n".join(notes)
        return item


def _name(raw: str | dict[str, str]) -> Name:
    return Name(literal=raw) if isinstance(raw, str) else Name(**raw)


def source_from(sid: str, e: dict[str, Any]) -> Source:
    """A registry entry, already validated against the sources schema, as a record."""
    text = e.get("text", ())
    date = lambda key: Date.parse(e[key]) if key in e else None  # noqa: E731
    string = lambda key: str(e[key]) if key in e else None  # noqa: E731
    return Source(id=sid, title=e["title"], public_domain=e["public_domain"], type=e.get("type", "book"),
                  title_short=string("title_short"), author=tuple(_name(n) for n in e.get("author", ())),
                  editor=tuple(_name(n) for n in e.get("editor", ())), container_title=string("container_title"),
                  edition=string("edition"), publisher=string("publisher"), publisher_place=string("publisher_place"),
                  issued=date("issued"), original_date=date("original_date"), pages=string("pages"),
                  url=string("url"), accessed=date("accessed"), revision=string("revision"),
                  identifiers=tuple(e.get("identifiers", {}).items()), language=string("language"),
                  licence=string("licence"), transcription=string("transcription"),
                  text=(text,) if isinstance(text, str) else tuple(text), ocr=e.get("ocr", False), note=string("note"),
                  note_fr=string("note_fr"))
