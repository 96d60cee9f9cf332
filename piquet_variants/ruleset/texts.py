"""Checking a ruleset's quotes against transcriptions of its sources, at the locator.

``rulesets validate --texts DIR`` reads, for each source a file cites, the
transcription the record names (``text``, below DIR; else ``ID.txt`` or
``ID.md``) and looks for each quote in the part of it the locator names:
numbered paragraphs (Law 12, arts. 10-11), pages marked ``[p. N]``, a chapter
(ch. IV, the heading ``CHAP. IV.``; a page given with it is the narrower part), or a
heading (L'écart).  A locator that names no part found in the text
is checked against the whole text.  Spacing, case, accents and punctuation
are ignored, and an OCR text is matched fuzzily, since its quotes are
corrected readings.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..located import LoadFailure, Located, read_source
from .bibliography import Source

_NUMBERED = re.compile(r"(?m)^\s*(\d+)\.\s")
_PAGE_MARK = re.compile(r"\[p\. (\d+)\]")
_HEADING = re.compile(r"(?m)^(#+)\s*(.+?)\s*$")
_NUMBERS = re.compile(r"(\d+)(?:\s*[-–]\s*(\d+))?")
_CHAPTER = re.compile(r"\bch(?:ap)?\.?\s*([IVXLC]+)\b\.?")
_PAGES = re.compile(r"\bpp?\.\s*(\d+)(?:\s*[-–]\s*(\d+))?")


def letters(text: str) -> str:
    """Only the letters and digits, unaccented and in lower case: what two spellings of a quote share."""
    text = unicodedata.normalize("NFKD", text.replace("œ", "oe").replace("æ", "ae"))
    return "".join(ch for ch in text.lower() if ch.isalnum() and not unicodedata.combining(ch))


def fuzzy_in(fragment: str, text: str, cutoff: float = 0.8) -> bool:
    """Whether ``fragment`` stands in ``text`` nearly letter for letter (OCR errors apart)."""
    if fragment in text:
        return True
    n = len(fragment)
    for start in range(0, max(1, len(text) - n + 1), 3):
        sm = difflib.SequenceMatcher(None, fragment, text[start:start + n + n // 8], autojunk=False)
        if sm.real_quick_ratio() >= cutoff and sm.quick_ratio() >= cutoff and sm.ratio() >= cutoff:
            return True
    return False


def _numbers(spec: str) -> list[int]:
    out: list[int] = []
    for first, last in _NUMBERS.findall(spec):
        out += range(int(first), int(last or first) + 1)
    return out


class Transcription:
    """One source's text, cut into the parts a locator can name."""

    def __init__(self, text: str):
        self.text = text
        parts = _NUMBERED.split(text)
        self.numbered = {int(n): body for n, body in zip(parts[1::2], parts[2::2])}
        marks = list(_PAGE_MARK.finditer(text))
        self.pages = {int(m[1]): text[m.end():nxt.start() if nxt else len(text)]
                      for m, nxt in zip(marks, marks[1:] + [None])}
        heads = list(_HEADING.finditer(text))
        self.sections = []
        for i, h in enumerate(heads):
            end = next((o.start() for o in heads[i + 1:] if len(o[1]) <= len(h[1])), len(text))
            self.sections.append((letters(h[2]), text[h.start():end]))

    def at(self, locator: str) -> str | None:
        """The parts of the text the locator names, or None where it names none that is there."""
        found = [self.pages[p] for first, last in _PAGES.findall(locator)
                 for p in range(int(first), int(last or first) + 1) if p in self.pages]
        rest = _PAGES.sub("", locator)
        chapters = [letters("chap" + m[1]) for m in _CHAPTER.finditer(rest)]
        if not found:  # a page, where given, is the narrower part
            found += [body for head, body in self.sections if head in chapters]
        rest = _CHAPTER.sub("", rest)
        numbers = _numbers(rest) if re.search(r"\b(?:Laws?|arts?\.|articles?|§)", rest, re.I) else []
        if numbers and all(n in self.numbered for n in numbers):
            found += [self.numbered[n] for n in numbers]
        for part in re.split(r"[,;()]", rest):
            key = letters(part)
            if len(key) >= 3 and not numbers:
                found += [body for head, body in self.sections if key in head]
        return "\n".join(found) if found else None


@cache
def _transcription(path: Path) -> Transcription:
    return Transcription(read_source(path))


def text_files(source: Source, folder: Path) -> list[Path] | None:
    """The transcription's files below ``folder``, or None where there is none."""
    names = list(source.text) or [f"{source.id}.txt", f"{source.id}.md"]
    found = [folder / n for n in names if (folder / n).is_file()]
    if source.text:
        return found if len(found) == len(names) else None
    return found[:1] or None


def _citations(doc: Located) -> Iterator[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """Every citation a ruleset file writes, with its path: the rules', the options' and inherit_cite."""
    if "inherit_cite" in doc.data:
        yield ("inherit_cite",), doc.data["inherit_cite"]
    trees: list[tuple[tuple[str | int, ...], dict[str, Any]]] = [(("rules",), doc.data.get("rules", {}))]
    for name, spec in (doc.data.get("options") or {}).items():
        for choice, body in ((spec or {}).get("choices") or {}).items():
            trees.append((("options", name, "choices", choice, "rules"), body.get("rules", {})))
    for at, tree in trees:
        for group, rules in tree.items():
            for key, rule in rules.items():
                for i, cite in enumerate(rule["cite"]):
                    yield at + (group, key, "cite", i), cite


def check_quotes(doc: Located, known: dict[str, Source], folder: Path) -> list[Problem]:
    """A problem for each quote of the file not found at its locator in its source's transcription."""
    problems: list[Problem] = []
    missing: set[str] = set()
    for at, cite in _citations(doc):
        source = known.get(cite["source"])
        if not cite.get("quote") or source is None or source.id in missing:
            continue
        files = text_files(source, folder)
        if files is None:
            missing.add(source.id)
            looked = ", ".join(source.text) or f"{source.id}.txt or {source.id}.md"
            problems.append(doc.problem(at + ("source",), f"no transcription of {source.id!r} in {folder} "
                                                          f"(looked for {looked})"))
            continue
        try:
            texts = [_transcription(f) for f in files]
        except LoadFailure as exc:
            problems.append(exc.problem)
            missing.add(source.id)
            continue
        whole = "\n".join(t.text for t in texts)
        scoped = [part for t in texts if (part := t.at(cite["locator"])) is not None]
        where = letters("\n".join(scoped)) if scoped else letters(whole)
        for fragment in re.split(r"\.\.\.|…", cite["quote"]):
            frag = letters(fragment)
            if not frag or (fuzzy_in(frag, where) if source.ocr else frag in where):
                continue
            elsewhere = scoped and (fuzzy_in(frag, letters(whole)) if source.ocr else frag in letters(whole))
            hint = " (it is elsewhere in the text)" if elsewhere else ""
            problems.append(doc.problem(at + ("quote",), f"{fragment.strip()!r} is not in {source.id} at "
                                                         f"{cite['locator']!r}{hint}"))
    return problems
