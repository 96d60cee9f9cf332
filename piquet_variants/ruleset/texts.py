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

Every step is linear in the text (or n·log n): the fuzzy match is a bounded
edit distance computed a character at a time, a range in a locator is
answered from the parts the text has (``pp. 1-99999999999`` looks at the
pages there are, not at a hundred thousand million numbers), the headings'
sections are found in one pass and kept as offsets, and a run of more than
nine digits is no part's number.  A text is read only from inside the folder
given: no absolute name, no ``..``, no link that leads out.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..files import quietly
from ..located import LoadFailure, Located, read_source
from .bibliography import Source

#: A part's number in a text: at most nine digits, standing alone (a longer run of digits numbers no part).
_N = r"(?<!\d)(\d{1,9})(?!\d)"
#: No part has a number this large: a locator's longer number stands for it (beyond the text's parts).
BEYOND = 10 ** 9
_NUMBERED = re.compile(rf"(?m)^\s*{_N}\.\s")
_PAGE_MARK = re.compile(rf"\[p\. {_N}\]")
_HEADING = re.compile(r"(?m)^(#+)[ \t]*(.+?)[ \t]*$")
_NUMBERS = re.compile(r"(\d+)(?:\s*[-–]\s*(\d+))?")
_CHAPTER = re.compile(r"\bch(?:ap)?\.?\s*([IVXLC]+)\b\.?")
_PAGES = re.compile(r"\bpp?\.\s*(\d+)(?:\s*[-–]\s*(\d+))?")


def letters(text: str) -> str:
    """Only the letters and digits, unaccented and in lower case: what two spellings of a quote share."""
    text = unicodedata.normalize("NFKD", text.replace("œ", "oe").replace("æ", "ae"))
    return "".join(ch for ch in text.lower() if ch.isalnum() and not unicodedata.combining(ch))


def fuzzy_in(fragment: str, text: str, cutoff: float = 0.8) -> bool:
    """Whether ``fragment`` stands in ``text`` nearly letter for letter (OCR errors apart): some stretch of the
    text is at most ``1 - cutoff`` of the fragment's length of edits (a letter changed, added or dropped) away.

    Myers' bit-parallel algorithm: one column of the edit distances of the
    fragment's prefixes a character of the text, held as bits of an integer,
    so the time is linear in the text (and in the fragment's length / 64).
    """
    if fragment in text:
        return True
    m = len(fragment)
    most = int(m * (1 - cutoff))
    peq: dict[str, int] = {}
    for i, ch in enumerate(fragment):
        peq[ch] = peq.get(ch, 0) | 1 << i
    full, last = (1 << m) - 1, 1 << (m - 1)
    pv, mv, score = full, 0, m
    for ch in text:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & full)
        mh = pv & xh
        if ph & last:
            score += 1
        elif mh & last:
            score -= 1
        ph = (ph << 1) & full
        mh = (mh << 1) & full
        pv = mh | (~(xv | ph) & full)
        mv = ph & xv
        if score <= most:
            return True
    return False


def _number(digits: str) -> int:
    """A locator's number; ``BEYOND`` for more than nine digits (which ``int`` would take time or refuse to read)."""
    return int(digits) if len(digits) <= 9 else BEYOND


def _spans(spec: str) -> list[tuple[int, int]]:
    """The ranges ``12``, ``10-11``, ``3 – 5`` a locator names, each as (first, last)."""
    return [(_number(first), _number(last or first)) for first, last in _NUMBERS.findall(spec)]


def _within(keys: list[int], first: int, last: int) -> list[int]:
    """The sorted ``keys`` from ``first`` to ``last``: looked up, not counted out."""
    return keys[bisect_left(keys, first):bisect_right(keys, last)]


class Transcription:
    """One source's text, cut into the parts a locator can name."""

    def __init__(self, text: str):
        self.text = text
        parts = _NUMBERED.split(text)
        self.numbered = {int(n): body for n, body in zip(parts[1::2], parts[2::2])}
        self._numbers = sorted(self.numbered)
        marks = list(_PAGE_MARK.finditer(text))
        self.pages = {int(m[1]): text[m.end():nxt.start() if nxt else len(text)]
                      for m, nxt in zip(marks, marks[1:] + [None])}
        self._pages = sorted(self.pages)
        self._sections = self._headings(text)

    @staticmethod
    def _headings(text: str) -> list[tuple[str, int, int]]:
        """Each heading's letters and its section's offsets: to the next heading of its level or above, found in
        one pass with the open headings on a stack."""
        heads = list(_HEADING.finditer(text))
        ends = [len(text)] * len(heads)
        open_: list[int] = []
        for i, h in enumerate(heads):
            while open_ and len(heads[open_[-1]][1]) >= len(h[1]):
                ends[open_.pop()] = h.start()
            open_.append(i)
        return [(letters(h[2]), h.start(), end) for h, end in zip(heads, ends)]

    def at(self, locator: str) -> str | None:
        """The parts of the text the locator names, or None where it names none that is there.

        Each part is taken once, however often the locator names it, and the
        sections of nested headings as the stretch of text they cover together:
        what is found is never longer than the text.
        """
        pages = dict.fromkeys(p for m in _PAGES.finditer(locator)
                              for p in _within(self._pages, _number(m[1]), _number(m[2] or m[1])))
        found = [self.pages[p] for p in pages]
        rest = _PAGES.sub("", locator)
        chapters = [letters("chap" + m[1]) for m in _CHAPTER.finditer(rest)]
        if not found:  # a page, where given, is the narrower part
            found += [self.text[a:b] for a, b in _merged([(a, b) for head, a, b in self._sections if head in chapters])]
        rest = _CHAPTER.sub("", rest)
        spans = _spans(rest) if re.search(r"\b(?:Laws?|arts?\.|articles?|§)", rest, re.I) else []
        if spans and all(len(_within(self._numbers, first, last)) == last - first + 1 for first, last in spans):
            found += [self.numbered[n] for n in dict.fromkeys(n for first, last in spans
                                                              for n in _within(self._numbers, first, last))]
        keys = [key for part in re.split(r"[,;()]", rest) if len(key := letters(part)) >= 3] if not spans else []
        found += [self.text[a:b] for a, b in _merged([(a, b) for head, a, b in self._sections
                                                      if any(key in head for key in keys)])]
        return "\n".join(found) if found else None


def _merged(stretches: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Stretches of a text, those that overlap made one (a section and the sections nested in it)."""
    out: list[tuple[int, int]] = []
    for a, b in sorted(stretches):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


@cache
def _transcription(path: Path) -> Transcription:
    return Transcription(read_source(path))


def inside(folder: Path, name: str) -> Path | None:
    """``folder / name`` where it stays inside ``folder``: a relative name without ``..``, and no link on the way
    that leads out; else None."""
    path = Path(name)
    if path.is_absolute() or ".." in path.parts or "\0" in name:
        return None
    try:
        target, root = (folder / path).resolve(), folder.resolve()
    except (OSError, RuntimeError):  # a name too long, a loop of links
        return None
    return folder / path if target.is_relative_to(root) else None


def text_files(source: Source, folder: Path) -> list[Path] | None:
    """The transcription's files below ``folder``, or None where there is none (or one would be outside it)."""
    names = list(source.text) or [f"{source.id}.txt", f"{source.id}.md"]
    found = [p for n in names if (p := inside(folder, n)) is not None and quietly(Path.is_file, p)]
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
        outside = [n for n in source.text if inside(folder, n) is None]
        if outside:
            missing.add(source.id)
            problems.append(doc.problem(at + ("source",), f"the transcription of {source.id!r} is named "
                                                          f"{outside[0][:200]!r}, which is not inside {folder}"))
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
