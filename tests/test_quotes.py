"""Every quote in the rulesets is found in its source, at the locator it gives.

Each source text is split at its own divisions (laws, articles, paragraphs,
section headings, chapters and pages, Cases), and a citation's locator names
some of those parts: the quote must be in them, not merely somewhere in the
file.  Every locator, quoted or not, must name parts that exist.  Spacing and
punctuation are ignored; the OCR'd treatise is matched fuzzily, since its
quotes are corrected readings.  The texts are those shipped with the tool
(texts/, installed as package data), so these checks run in any copy; the
Marquoir page, which is not shipped, is checked in test_quotes_unshipped.py
where the project's shared sources are at hand.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

from piquet_variants.resources import data_dir
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids

from .conftest import SHARED

#: The one source whose text is not shipped (its licence is unknown).
UNSHIPPED = "marquoir"

FILES = {"wikipedia-fr": "seeds/000_*.txt", "marquoir": "seeds/003_*.txt", "traite": "seeds/004_*.txt",
         "cavendish": "sources/cavendish-laws-of-piquet.md",
         "cavendish-au-cent": "sources/cavendish-laws-of-piquet-au-cent.md",
         "royall-1651": "sources/royall-game-of-picquet-1651.md",
         "cotton-1674": "sources/cotton-compleat-gamester-1674-picket.md"}
# The treatise that goes with the club laws, one file a chapter: "Description, Calling and showing".
TREATISE = {"Description": "description", "Historical": "historical", "Odds": "odds", "Discarding": "discarding",
            "Calling": "calling", "Playing the cards": "playing-the-cards", "Conduct of the game": "conduct-of-the-game",
            "Cases and decisions": "cases-and-decisions"}
# The treatise's articles, by the first words of each as our OCR copy has them (its numbers are garbled).
TRAITE_ARTICLES = ["article premier", "toutes les cartes valent", "quand on est convenu", "il faut continuer",
                   "on donne donc les cartes", "avant que depasser plus loin", "vous remarquerez que, lorsque",
                   "remarquerez encore que la severite", "est a propos , pour l'intelligence", "le rcpic a lieu",
                   "le pic a lieu", "le capot , c'est", "observez que lorsque"]
WIKIPEDIA_HEADINGS = ["Règles", "L'écart", "La déclaration", "Le comptage des annonces", "Le jeu de la carte",
                      "Les hasards"]
MARQUOIR_HEADINGS = ["Setup", "How to play", "Scoring", "End of the game", "House rules and pitfalls",
                     "Frequently asked questions", "The box"]
ROMAN = {r: n for n, r in enumerate("I II III IV V VI VII VIII IX X XI XII".split(), 1)}


def letters(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("œ", "oe"))
    return "".join(ch for ch in text.lower() if ch.isalnum() and not unicodedata.combining(ch))


@cache
def source_text(path: str) -> str:
    """A source's text: the shipped copy, or (the Marquoir page) the project's shared one."""
    found = list(data_dir("texts").glob(path)) or list(Path(SHARED).glob(path))
    return found[0].read_text("utf-8")


class Unlocated(Exception):
    """A locator that names no part of its source."""


def _numbers(spec: str) -> list[int]:
    """'12', '41, 43', '3-5', '53-54' as the numbers they cover."""
    out: list[int] = []
    for a, b in re.findall(r"(\d+)(?:\s*[-–]\s*(\d+))?", spec):
        out += range(int(a), int(b or a) + 1)
    return out


# -- the club laws: numbered laws ------------------------------------------

@cache
def _laws() -> dict[int, str]:
    parts = re.split(r"(?m)^\s*(\d+)\.\s", source_text(FILES["cavendish"]))
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2])}


def _cavendish(locator: str) -> list[str]:
    """'Law 9', 'Laws 41, 43', 'Law 59 IV', 'Law 71, note', 'Law 4; Law 66'."""
    out = []
    for part in locator.split(";"):
        m = re.fullmatch(r"\s*Laws? ([\d ,\-–]+?)(?: [IVX]+)?(?:, note)?\s*", part)
        if not m or any(n not in _laws() for n in _numbers(m.group(1))):
            raise Unlocated(part)
        out += [_laws()[n] for n in _numbers(m.group(1))]
    return out


# -- au Cent: unnumbered paragraphs, cited by their place -------------------

@cache
def _paragraphs(path: str) -> list[str]:
    body = source_text(path).split("\n", 1)[1]  # below the title
    return [p for p in re.split(r"\n\s*\n", body) if p.strip()]


def _au_cent(locator: str) -> list[str]:
    """'para. 15 (calling)', 'paras. 28-29 (the game)'."""
    m = re.fullmatch(r"paras?\. ([\d ,\-–]+?) \([^)]+\)", locator)
    paragraphs = _paragraphs(FILES["cavendish-au-cent"])
    if not m or any(not 1 <= n <= len(paragraphs) for n in _numbers(m.group(1))):
        raise Unlocated(locator)
    return [paragraphs[n - 1] for n in _numbers(m.group(1))]


# -- the old French treatise: articles -------------------------------------

@cache
def _articles() -> dict[int, str]:
    text = source_text(FILES["traite"])
    flat = unicodedata.normalize("NFKD", text)
    flat = "".join(ch for ch in flat if not unicodedata.combining(ch)).lower()
    starts = [flat.index(anchor) for anchor in TRAITE_ARTICLES]
    assert starts == sorted(starts), "the articles' anchors are out of order"
    return {n: flat[a:b] for n, (a, b) in enumerate(zip(starts, starts[1:] + [len(flat)]), 1)}


def _traite(locator: str) -> list[str]:
    """'art. 8', 'arts. 10-11', or 'ch. 1' for the whole chapter."""
    if locator == "ch. 1":
        return [source_text(FILES["traite"])]
    m = re.fullmatch(r"arts?\. ([\d ,\-–]+)", locator)
    if not m or any(n not in _articles() for n in _numbers(m.group(1))):
        raise Unlocated(locator)
    return [_articles()[n] for n in _numbers(m.group(1))]


# -- pages with section headings: the Wikipedia and Marquoir pages ---------

def _sections(text: str, headings: list[str]) -> dict[str, str]:
    """Each heading's text, up to the next heading (a heading is a line that begins with it)."""
    lines = text.splitlines()
    marks = [(i, h) for i, line in enumerate(lines) for h in headings if line.strip().startswith(h)
             and len(line.strip()) < len(h) + 40]
    marks.append((len(lines), ""))
    return {h: "\n".join(lines[i:j]) for (i, h), (j, _) in zip(marks, marks[1:])}


def _bullets(text: str) -> dict[str, str]:
    """The named bullets of a section ('• Le point : ...'), by name."""
    out = {}
    for para in re.split(r"\n\s*\n", text):
        m = re.match(r"\s*•\s*(Le point|Les séquences|Trois cartes et quatorze|Le pic|Le repic|Le capot)", para)
        if m:
            out[m.group(1)] = para
    return out


def _headed(source: str, headings: list[str], whole: str) -> Callable[[str], list[str]]:
    def locate(locator: str) -> list[str]:
        """'Heading', 'Heading (Bullet)', or the whole page."""
        text = source_text(FILES[source])
        if locator == whole:
            return [text]
        m = re.fullmatch(r"(.+?)(?: \((.+)\))?", locator)
        assert m
        sections = _sections(text, headings)
        if m.group(1) not in sections:
            raise Unlocated(locator)
        section = sections[m.group(1)]
        if m.group(2) is None:
            return [section]
        bullets = _bullets(section)
        if m.group(2) not in bullets:
            raise Unlocated(locator)
        return [bullets[m.group(2)]]
    return locate


# -- the seventeenth-century books: chapters and pages ----------------------

@cache
def _pages(source: str) -> list[tuple[int, int, str]]:
    """The text as (chapter, page, text) runs: a chapter begins at '## CHAP. N', a page at '[p. N]'."""
    runs = []
    chapter, page = 0, 1
    for piece in re.split(r"(\[p\. \d+\]|^## CHAP\.? [IVX]+\.?.*$)", source_text(FILES[source]), flags=re.M):
        head = re.fullmatch(r"\[p\. (\d+)\]", piece)
        chap = re.fullmatch(r"## CHAP\.? ([IVX]+)\.?.*", piece)
        if head:
            page = int(head.group(1))
        elif chap:
            chapter = ROMAN[chap.group(1)]
        else:
            runs.append((chapter, page, piece))
    return runs


def _book(source: str) -> Callable[[str], list[str]]:
    def locate(locator: str) -> list[str]:
        """'ch. VII, p. 12', 'ch. XII, pp. 53-54', or for a one-chapter extract 'p. 82'; several joined by ';'."""
        out = []
        for part in locator.split(";"):
            m = re.fullmatch(r"\s*(?:ch\. ([IVX]+), )?pp?\. ([\d\-–]+)\s*", part)
            if not m:
                raise Unlocated(part)
            chapter = ROMAN.get(m.group(1) or "", None)
            pages = _numbers(m.group(2))
            text = "".join(t for c, p, t in _pages(source) if p in pages and (chapter is None or c == chapter))
            if not text.strip():
                raise Unlocated(part)
            out.append(text)
        return out
    return locate


# -- the treatise that goes with the club laws: chapters and sections -------

@cache
def _treatise_sections(chapter: str) -> dict[str, str]:
    text = source_text(f"sources/cavendish-{TREATISE[chapter]}.md")
    lines = text.splitlines()
    heads = [(i, len(m.group(1)), m.group(2).strip()) for i, line in enumerate(lines)
             if (m := re.match(r"(#{2,3}) (.+)", line))]
    out = {"": text}
    for k, (i, level, name) in enumerate(heads):
        end = next((j for j, lv, _ in heads[k + 1:] if lv <= level), len(lines))
        out[name] = "\n".join(lines[i:end])
    return out


def _treatise(locator: str) -> list[str]:
    """'Description, Calling and showing', 'Cases and decisions, Case IV', or a whole chapter: 'Historical'."""
    chapter = next((c for c in TREATISE if locator == c or locator.startswith(c + ", ")), None)
    if chapter is None:
        raise Unlocated(locator)
    section = locator[len(chapter) + 2:]
    sections = _treatise_sections(chapter)
    if section not in sections:
        raise Unlocated(locator)
    return [sections[section]]


LOCATE: dict[str, Callable[[str], list[str]]] = {
    "cavendish": _cavendish, "cavendish-au-cent": _au_cent, "traite": _traite,
    "wikipedia-fr": _headed("wikipedia-fr", WIKIPEDIA_HEADINGS, "whole article"),
    "marquoir": _headed("marquoir", MARQUOIR_HEADINGS, "whole page"),
    "royall-1651": _book("royall-1651"), "cotton-1674": _book("cotton-1674"), "cavendish-treatise": _treatise,
}


def fuzzy_in(fragment: str, text: str, cutoff: float = 0.8) -> bool:
    if fragment in text:
        return True
    n = len(fragment)
    best = 0.0
    for start in range(0, max(1, len(text) - n + 1), 3):
        sm = difflib.SequenceMatcher(None, fragment, text[start:start + n + n // 8], autojunk=False)
        if sm.real_quick_ratio() >= cutoff and sm.quick_ratio() >= cutoff:
            best = max(best, sm.ratio())
            if best >= cutoff:
                return True
    return False


@cache
def all_citations() -> list[tuple[str, str, str, str, str]]:
    """(ruleset, rule, source, locator, quote or '') of every citation, under every option."""
    out = set()
    for rid in shipped_ids():
        chosen = [()] + [((o.name, c.name),) for o in load_ruleset(rid).options for c in o.choices]
        for opt in chosen:
            out |= {(rid, e.path, c.source, c.locator, c.quote or "") for e in load_ruleset(rid, opt).entries
                    for c in e.citations}
    return sorted(out)


def test_every_source_is_split() -> None:
    assert {c[2] for c in all_citations()} <= set(LOCATE)
    assert len(_laws()) == 78 and len(_articles()) == 13 and len(_paragraphs(FILES["cavendish-au-cent"])) == 30
    assert {p for _, p, _ in _pages("royall-1651")} == set(range(1, 63))
    assert {c for c, _, _ in _pages("royall-1651")} == set(range(13))
    assert len(_treatise_sections("Cases and decisions")) == 1 + 22


def shipped_citations() -> list[tuple[str, str, str, str, str]]:
    return [c for c in all_citations() if c[2] != UNSHIPPED]


@pytest.mark.parametrize("rid,path,source,locator,quote", shipped_citations())
def test_citation_is_at_its_locator(rid: str, path: str, source: str, locator: str, quote: str) -> None:
    check_citation(rid, path, source, locator, quote)


def check_citation(rid: str, path: str, source: str, locator: str, quote: str) -> None:
    try:
        text = letters("".join(LOCATE[source](locator)))
    except Unlocated as exc:
        pytest.fail(f"{rid} {path}: {source} has no {exc}")
    for fragment in re.split(r"\.\.\.|…", quote):
        frag = letters(fragment)
        if not frag:
            continue
        if source == "traite":
            assert fuzzy_in(frag, text), f"{rid} {path}: {fragment!r} not found near enough in {source} {locator}"
        else:
            assert frag in text, f"{rid} {path}: {fragment!r} not in {source} {locator}"


def test_a_quote_elsewhere_in_its_source_is_refused() -> None:
    """The split matters: a true quote at the wrong law, article, page or section is not found there."""
    assert letters("Carte blanche scores ten.") in letters("".join(_cavendish("Law 61")))
    assert letters("Carte blanche scores ten.") not in letters("".join(_cavendish("Law 62")))
    assert letters("for Thirty, he is to reckon Three") in letters("".join(_book("royall-1651")("ch. VII, p. 12")))
    assert letters("for Thirty, he is to reckon Three") not in letters("".join(_book("royall-1651")("ch. VII, p. 11")))
    assert letters("neither of them both can reckon any thing") in letters("".join(_book("royall-1651")("ch. XI, p. 32")))
    with pytest.raises(Unlocated):  # page 32 is all in chapter XI
        _book("royall-1651")("ch. XII, p. 32")
    with pytest.raises(Unlocated):
        _treatise("Description, Cutting")


# -- the tool's own reading of the locators: every one opens its passage ------------------------------------------

def _shipped_locators() -> list[tuple[str, str]]:
    return sorted({(c[2], c[3]) for c in shipped_citations()})


#: Locators that name a whole text (or a whole chapter file), where a passage as long as the text is right.
WHOLE = {("wikipedia-fr", "whole article"), ("traite", "ch. 1"), ("cavendish-treatise", "Historical")}


@pytest.mark.parametrize("source,locator", _shipped_locators())
def test_every_locator_opens_its_passage(cli, source: str, locator: str) -> None:
    """``sources text SOURCE --at LOCATOR`` prints the part named, narrower than the text, holding the quotes
    cited there: the same reading ``rulesets validate`` checks them by."""
    code, out, err = cli("sources", "text", source, "--at", locator)
    assert (code, err) == (0, ""), err
    whole = letters(cli("sources", "text", source)[1])
    found = letters(out)
    assert (source, locator) in WHOLE or len(found) < len(whole) * 0.9, (source, locator)
    for quote in {c[4] for c in shipped_citations() if c[2:4] == (source, locator)}:
        for frag in filter(None, map(letters, re.split(r"\.\.\.|…", quote))):
            assert fuzzy_in(frag, found) if source == "traite" else frag in found, (source, locator, frag)


@pytest.mark.parametrize("locator,opens,not_in", [
    ("art. 1", "ARTICLE PREMIER", "Toutes les cartes valent"),
    ("art. 2", "I a. Toutes les cartes valent", "Quand on est convenu"),
    ("art. 4", "4* Il faut continuer", "On donne donc"),
    ("art. 5", "5, On donne donc", "Avant que dépasser"),
    ("art. 12", "1 2. Le Capot", "Observez que"),
    ("art. 13", "1 S. Observez que", "Le Capot"),
])
def test_the_treatises_garbled_article_numbers_are_mapped(cli, locator: str, opens: str, not_in: str) -> None:
    code, out, _ = cli("sources", "text", "traite", "--at", locator)
    assert code == 0 and out.startswith(opens) and not_in not in out


@pytest.mark.parametrize("source,locator", [("traite", "art. 14"), ("traite", "arts. 12-14"),
                                            ("wikipedia-fr", "Les atouts"), ("wikipedia-fr", "L'écart (Le pic)"),
                                            ("cavendish-au-cent", "para. 31 (the end)"), ("cavendish", "Law 79"),
                                            ("royall-1651", "ch. XII, p. 32"), ("cavendish-treatise", "Description, Cutting")])
def test_a_locator_that_names_nothing_is_an_error(cli, source: str, locator: str) -> None:
    code, out, err = cli("sources", "text", source, "--at", locator)
    assert (code, out) == (1, "") and "names no part of the text of " + source in err


def test_the_shipped_rulesets_quotes_are_each_in_its_own_passage(cli) -> None:
    """With the shipped texts alone (no shared sources): every locator names a part, every quote is in it."""
    files = sorted(str(p) for p in data_dir("rulesets").glob("*.yaml") if p.name != "sources.yaml")
    code, out, err = cli("rulesets", "validate", *files)
    assert (code, err) == (0, ""), err


@pytest.mark.parametrize("ruleset,source,right,wrong,quote", [
    ("traite", "traite", "art. 11", "art. 12", "l'on va en jouant jusqu'à trente; auquel cas"),
    ("modern-fr", "wikipedia-fr", "Le jeu de la carte", "La déclaration", "Celui qui remporte le dernier pli"),
    ("cavendish-au-cent", "cavendish-au-cent", "para. 28 (the game)", "para. 29 (the partie)", "A game is one hundred"),
])
def test_a_quote_moved_to_the_wrong_part_is_caught(cli, tmp_path: Path, ruleset: str, source: str, right: str,
                                                   wrong: str, quote: str) -> None:
    """A true quote cited at the wrong article, heading or paragraph is not in the part named there."""
    text = (data_dir("rulesets") / f"{ruleset}.yaml").read_text("utf-8")
    line = next(line for line in text.splitlines() if f'locator: "{right}"' in line and quote in line)
    (tmp_path / f"{ruleset}.yaml").write_text(text.replace(line, line.replace(right, wrong), 1), "utf-8")
    code, _, err = cli("rulesets", "validate", str(tmp_path / f"{ruleset}.yaml"))
    assert code == 1 and f"is not in {source} at {wrong!r} (it is elsewhere in the text)" in err, err


def test_every_anchor_of_the_parts_map_is_found() -> None:
    """The map of the parts of the texts that do not mark their own fits them: each part's opening words are there,
    in order (the Marquoir page's where the shared sources are at hand)."""
    from piquet_variants.ruleset.texts import _found, _maps
    for name, parts in _maps().items():
        path = data_dir("texts") / name
        if not path.is_file():
            path = Path(SHARED) / name
            if not path.is_file():
                continue
        text = path.read_text("utf-8")
        assert None not in _found(text, list(parts.numbered), False), name
        assert None not in _found(text, [a for _, a in parts.pages], True), name
        assert None not in _found(text, [h.at for h in parts.headings], True), name


def test_the_quotes_of_a_text_not_shipped_are_said_unchecked(cli) -> None:
    """The Marquoir page is not shipped: validate does not count its quotes as checked, and says so."""
    code, out, err = cli("rulesets", "validate", "marquoir", "traite")
    assert (code, err) == (0, "")
    assert "marquoir.yaml: valid (quotes not checked, the text not being shipped: marquoir)" in out
    assert out.splitlines()[1].endswith("traite.yaml: valid")
    code, out, _ = cli("rulesets", "validate", "modern-fr", "--format", "json")
    assert code == 0 and json.loads(out)[0]["unchecked"] == ["marquoir"]
