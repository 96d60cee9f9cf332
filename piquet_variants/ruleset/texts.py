"""Checking a ruleset's quotes against transcriptions of its sources, at the locator.

``rulesets validate --texts DIR`` reads, for each source a file cites, the
transcription the record names (``text``, below DIR; else ``ID.txt`` or
``ID.md``) and looks for each quote in the part of it the locator names:
numbered paragraphs (Law 12, arts. 10-11), paragraphs counted (para. 12), pages
marked ``[p. N]``, a chapter (ch. IV, the heading ``CHAP. IV.``; a page given
with it is the narrower part: the page's text within the chapter), or a heading
by its opening words, a section within the one named before it (L'écart (Le
point); Cases and decisions, Case IV).  A text that does not mark its parts so
(an OCR that garbles the articles' numbers, a page copied as plain lines) has
them mapped in ``parts.yaml`` beside the shipped texts, by the file name its
source record gives.  A locator that names no part found in the text is an
error, as is a quote not found in the part named.  Spacing, case, accents and
punctuation are ignored, and an OCR text is matched fuzzily, since its quotes
are corrected readings.

Every step is linear in the text (or n·log n): the fuzzy match is a bounded
edit distance computed a character at a time, a range in a locator is
answered from the parts the text has (``pp. 1-99999999999`` looks at the
pages there are, not at a hundred thousand million numbers), the headings'
sections are found in one pass and kept as offsets, the parts a locator names
are met in one pass over both, each name of a path is looked for only inside
the section before it, and a run of more than nine digits is no part's number.
A text is read only from inside the folder given: no absolute name, no ``..``,
no link that leads out.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import Problem, msg
from ..files import quietly
from ..located import LoadFailure, Located, read_source
from ..resources import data_dir
from .bibliography import Source

#: A part's number in a text: at most nine digits, standing alone (a longer run of digits numbers no part).
_N = r"(?<!\d)(\d{1,9})(?!\d)"
#: No part has a number this large: a locator's longer number stands for it (beyond the text's parts).
BEYOND = 10 ** 9
_NUMBERED = re.compile(rf"(?m)^\s*{_N}\.\s")
_PAGE_MARK = re.compile(rf"\[p\. {_N}\]")
_HEADING = re.compile(r"(?m)^(#+)[ \t]*(.+?)[ \t]*$")
_NUMBERS = re.compile(r"(\d+)(?:\s*[-–]\s*(\d+))?")
_CHAPTER = re.compile(r"\b(?i:ch(?:ap)?)\.?\s*([IVXLC]+|\d{1,9})\b\.?")
_LAWS = re.compile(r"\b(?:Laws?|arts?\.|articles?|§)\s*\d", re.I)
_PARAS = re.compile(r"\bparas?\.\s*([\d\s,\-–]+)", re.I)
_BLANK = re.compile(r"\n(?:[ \t]*+\n)+")
_NO_PARAGRAPH = re.compile(r"\s*+(?:#|<!--)")
#: The most words of a heading's opening that it is looked up by (the rest are compared).
_KEY_WORDS = 12
#: The most pieces of a locator (between its commas) that one heading's name is taken to run over.
_MOST_NAMES = 8
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


@dataclass(frozen=True)
class Heading:
    """A heading the text does not mark: the words that open its line, its level (1 the highest), the name a
    locator gives it where that is not its opening words, and whether its part is only the paragraph it opens
    (a bullet: "• Le point : ...")."""
    at: str
    level: int = 1
    name: str = ""
    paragraph: bool = False


@dataclass(frozen=True)
class Parts:
    """Where the parts begin in a text that does not mark them as ``texts.Transcription`` reads marks (numbered
    lines, ``[p. N]``, Markdown headings): each found by the words that open it, in the text's order, since
    an OCR garbles the numbers (``parts.yaml`` beside the shipped texts says why for each)."""
    numbered: tuple[str, ...] = ()
    pages: tuple[tuple[int, str], ...] = ()
    headings: tuple[Heading, ...] = ()
    whole: tuple[str, ...] = ()


def _plain(text: str) -> str:
    """The text unaccented and in lower case."""
    if text.isascii():
        return text.lower()
    text = unicodedata.normalize("NFKD", text.replace("œ", "oe").replace("æ", "ae"))
    return "".join(ch for ch in text.lower() if not unicodedata.combining(ch))


def _words(text: str) -> tuple[str, ...]:
    """The words of a name, unaccented and in lower case: what a locator and a heading's opening share."""
    return tuple(re.findall(r"\w+", _plain(text)))


def _names(rest: str) -> list[tuple[str, ...]]:
    """The names a locator gives, between its commas and brackets, each as its words: read in one pass."""
    names: list[list[str]] = [[]]
    for token in re.findall(r"\w+|[,()]", _plain(rest)):
        if token in ",()":
            names.append([])
        else:
            names[-1].append(token)
    return [tuple(n) for n in names if n]


def _found(text: str, anchors: list[str], line: bool) -> list[int | None]:
    """Where each anchor opens in ``text``, each after the one before it (at a line's start where ``line``);
    None for one not found."""
    out: list[int | None] = []
    pos = 0
    for anchor in anchors:
        m = re.compile((r"(?m)^[ \t]*" if line else "") + re.escape(anchor)).search(text, pos)
        out.append(m.end() - len(anchor) if m else None)
        pos = m.end() if m else pos
    return out


Stretch = tuple[int, int]


class Transcription:
    """One source's text, cut into the parts a locator can name: each part a stretch of the text (its offsets)."""

    def __init__(self, text: str, parts: Parts | None = None):
        self.text = text
        parts = parts or Parts()
        starts = [(m.start(1), int(m[1]), m.start(1)) for m in _NUMBERED.finditer(text)]
        if parts.numbered:  # the parts' own numbers are garbled: the map's order numbers them
            starts = [(at, n, at) for n, at in enumerate(_found(text, list(parts.numbered), False), 1)
                      if at is not None]
        self.numbered = _cut(text, starts)
        self._numbers = sorted(self.numbered)
        marks = [(m.start(), int(m[1]), m.end()) for m in _PAGE_MARK.finditer(text)]  # a page without its mark
        marks += [(at, n, at) for (n, _), at in zip(parts.pages, _found(text, [a for _, a in parts.pages], True))
                  if at is not None]
        self.pages = _cut(text, marks)
        self._pages = sorted(self.pages)
        self._paragraphs = _paragraphs(text)
        self._sections: dict[tuple[str, ...], list[tuple[int, int, tuple[str, ...]]]] = {}
        for head, a, b in self._headings(text, parts.headings):  # by their opening words, in the text's order
            for k in range(1, min(len(head), _KEY_WORDS) + 1):
                self._sections.setdefault(head[:k], []).append((a, b, head))
        self._starts = {key: [a for a, _, _ in found] for key, found in self._sections.items()}
        self._whole = {_words(w) for w in parts.whole}

    @staticmethod
    def _headings(text: str, more: tuple[Heading, ...]) -> list[tuple[tuple[str, ...], int, int]]:
        """Each heading's words and its section's offsets: to the next heading of its level or above, found in
        one pass with the open headings on a stack."""
        heads = [(m.start(), len(m[1]), m[2], False) for m in _HEADING.finditer(text)]
        heads += [(at, h.level, h.name or h.at, h.paragraph)
                  for h, at in zip(more, _found(text, [h.at for h in more], True)) if at is not None]
        heads.sort()
        ends = [len(text)] * len(heads)
        open_: list[int] = []
        for i, (start, level, _, _) in enumerate(heads):
            while open_ and heads[open_[-1]][1] >= level:
                ends[open_.pop()] = start
            open_.append(i)
        return [(_words(name), start, min(end, m.start()) if alone and (m := _BLANK.search(text, start)) else end)
                for (start, _, name, alone), end in zip(heads, ends)]

    def at(self, locator: str) -> str | None:
        """The parts of the text the locator names, or None where any of it names none that is there.

        Pieces joined by ``;`` are each looked up; within a piece, each thing it names narrows the part: pages
        within a chapter, a section within the one named before it.  Each stretch of text is taken once,
        however often the locator names it: what is found is never longer than the text.
        """
        found: list[Stretch] = []
        for piece in locator.split(";"):
            part = self._piece(piece)
            if not part:
                return None
            found += part
        return "\n".join(self.text[a:b] for a, b in _merged(found))

    def _piece(self, piece: str) -> list[Stretch]:
        """The stretches one piece of a locator names: where all it names meet; none where any names nothing."""
        whole = [(0, len(self.text))]
        scope = whole
        if pages := [span for m in _PAGES.finditer(piece) for span in _spans(m[0])]:
            scope = _meet(scope, self._numbered_parts(self.pages, self._pages, pages))
        rest = _PAGES.sub("", piece)
        for chapter in _CHAPTER.finditer(rest):
            scope = _meet(scope, self._named(_words("chap " + chapter[1]), whole))
        rest = _CHAPTER.sub("", rest)
        if paras := _PARAS.search(rest):
            return _meet(scope, self._numbered_parts(self._paragraphs, list(self._paragraphs), _spans(paras[1])))
        if _LAWS.search(rest):
            return _meet(scope, self._numbered_parts(self.numbered, self._numbers, _spans(rest)))
        names = _names(rest)
        if not names:
            return scope if scope is not whole else []
        if tuple(w for n in names for w in n) in self._whole:
            return scope
        named, i = whole, 0
        while i < len(names) and named:
            within = _merged(named)
            for j in range(min(len(names), i + _MOST_NAMES), i, -1):  # the longest run that names a heading
                if found := self._named(tuple(w for n in names[i:j] for w in n), within):
                    named, i = [(a + 1, b) for a, b in found], j  # what is named next is nested inside
                    break
            else:
                return []
        return _meet(scope, [(a - 1, b) for a, b in named])

    @staticmethod
    def _numbered_parts(parts: dict[int, Stretch], keys: list[int], spans: list[tuple[int, int]]) -> list[Stretch]:
        """The parts numbered in ``spans``; none where a span names a number the text has no part for."""
        if not spans or any(len(_within(keys, first, last)) != last - first + 1 for first, last in spans):
            return []
        return [parts[n] for n in dict.fromkeys(n for first, last in spans for n in _within(keys, first, last))]

    def _named(self, words: tuple[str, ...], within: list[Stretch]) -> list[Stretch]:
        """The sections that begin within ``within`` (sorted, apart) and whose heading opens with ``words``: looked
        up by their first words, and only those that begin inside each stretch."""
        found = self._sections.get(words[:_KEY_WORDS], [])
        starts = self._starts.get(words[:_KEY_WORDS], [])
        return [(a, b) for x, y in within for a, b, head in found[bisect_left(starts, x):bisect_left(starts, y)]
                if head[:len(words)] == words]


def _paragraphs(text: str) -> dict[int, Stretch]:
    """The text's paragraphs, numbered from 1: the runs of lines between blank lines, headings and comments not
    counted (a text without numbers is cited by counting them, as au Cent's paragraphs are)."""
    bounds = [0] + [k for m in _BLANK.finditer(text) for k in (m.start(), m.end())] + [len(text)]
    runs = [(a, b) for a, b in zip(bounds[::2], bounds[1::2]) if text[a:b].strip()]
    return dict(enumerate(((a, b) for a, b in runs if not _NO_PARAGRAPH.match(text, a)), 1))


def _cut(text: str, starts: list[tuple[int, int, int]]) -> dict[int, Stretch]:
    """Numbered parts, each (where its mark begins, its number, where its text begins), cut to run from its text
    to where the next mark begins (the last to the end of the text)."""
    starts = sorted(starts)
    return {n: (body, nxt) for (_, n, body), nxt in zip(starts, [a for a, _, _ in starts[1:]] + [len(text)])}


def _merged(stretches: list[Stretch]) -> list[Stretch]:
    """Stretches of a text, those that overlap made one (a section and the sections nested in it)."""
    out: list[Stretch] = []
    for a, b in sorted(stretches):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _meet(ours: list[Stretch], theirs: list[Stretch]) -> list[Stretch]:
    """Where two sets of stretches overlap, as sorted stretches apart: one pass over both, merged first."""
    a, b = _merged(ours), _merged(theirs)
    out: list[Stretch] = []
    i = j = 0
    while i < len(a) and j < len(b):
        lo, hi = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if lo < hi:
            out.append((lo, hi))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


#: The map of the parts of the texts that do not mark their own, beside the shipped texts.
PARTS_FILE = "parts.yaml"


@cache
def _maps() -> dict[str, Parts]:
    """The shipped map, by the file name a source record gives its text: it serves that text wherever it is
    read from (the shipped copy, or the project's sources given to ``validate --texts``)."""
    import yaml  # here, not at start-up: only a quote checked or a passage shown reads it
    data = yaml.safe_load((data_dir("texts") / PARTS_FILE).read_text("utf-8"))
    return {name: Parts(numbered=tuple(d.get("numbered", ())), pages=tuple((n, a) for n, a in d.get("pages", ())),
                        headings=tuple(Heading(**h) for h in d.get("headings", ())), whole=tuple(d.get("whole", ())))
            for name, d in data.items()}


@cache
def _transcription(path: Path, name: str) -> Transcription:
    return Transcription(read_source(path), _maps().get(name))


def transcriptions(source: Source, folder: Path) -> list[Transcription] | None:
    """The source's text below ``folder``, each file cut into its parts; None where there is none.

    Raises ``LoadFailure`` for a file that cannot be read.
    """
    files = text_files(source, folder)
    return None if files is None else [_transcription(f, f.relative_to(folder).as_posix()) for f in files]


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


def without_text(doc: Located, known: dict[str, Source], folder: Path) -> list[str]:
    """The sources the file quotes that have no transcription in ``folder``: their quotes cannot be checked."""
    quoted = dict.fromkeys(c["source"] for _, c in _citations(doc) if c.get("quote") and c["source"] in known)
    return [i for i in quoted if text_files(known[i], folder) is None]


def check_quotes(doc: Located, known: dict[str, Source], folder: Path) -> list[Problem]:
    """A problem for each citation of the file whose locator names no part of its source's transcription, and for
    each quote not found in the part its locator names.

    A source cited with a quote must have a transcription in ``folder``; one cited only without quotes is
    checked where it has one.
    """
    problems: list[Problem] = []
    missing: set[str] = set()
    for at, cite in _citations(doc):
        source = known.get(cite["source"])
        if source is None or source.id in missing:
            continue
        outside = [n for n in source.text if inside(folder, n) is None]
        if outside:
            missing.add(source.id)
            problems.append(doc.problem(at + ("source",), msg(
                "transcription-outside", "the transcription of {source} is named {name}, which is not inside "
                "{folder}", source=repr(source.id), name=repr(outside[0][:200]), folder=folder)))
            continue
        try:
            texts = transcriptions(source, folder)
        except LoadFailure as exc:
            problems.append(exc.problem)
            missing.add(source.id)
            continue
        if texts is None:
            if cite.get("quote"):
                missing.add(source.id)
                looked = tuple(source.text) or msg("txt-or-md", "{source}.txt or {source}.md", source=source.id)
                problems.append(doc.problem(at + ("source",), msg(
                    "no-transcription", "no transcription of {source} in {folder} (looked for {looked})",
                    source=repr(source.id), folder=folder, looked=looked)))
            continue
        scoped = [part for t in texts if (part := t.at(cite["locator"])) is not None]
        if not scoped:
            problems.append(doc.problem(at + ("locator",), msg(
                "no-such-part", "{locator} names no part of the text of {source}",
                locator=repr(cite['locator'][:200]), source=source.id)))
            continue
        problems += _misquoted(doc, at, cite, source, texts, letters("\n".join(scoped)))
    return problems


def _misquoted(doc: Located, at: tuple[str | int, ...], cite: dict[str, Any], source: Source,
               texts: list[Transcription], where: str) -> list[Problem]:
    """A problem for each piece of the citation's quote (between ellipses) not found in ``where``, its passage."""
    problems = []
    for fragment in re.split(r"\.\.\.|…", cite.get("quote") or ""):
        frag = letters(fragment)
        if not frag or (fuzzy_in(frag, where) if source.ocr else frag in where):
            continue
        whole = letters("\n".join(t.text for t in texts))
        elsewhere = len(whole) > len(where) and (fuzzy_in(frag, whole) if source.ocr else frag in whole)
        problems.append(doc.problem(at + ("quote",), msg(
            "misquoted-elsewhere", "{quote} is not in {source} at {locator} (it is elsewhere in the text)",
            quote=repr(fragment.strip()), source=source.id, locator=repr(cite['locator'])) if elsewhere else msg(
            "misquoted", "{quote} is not in {source} at {locator}", quote=repr(fragment.strip()), source=source.id,
            locator=repr(cite['locator']))))
    return problems
