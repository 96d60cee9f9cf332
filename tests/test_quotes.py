"""Every quote in the rulesets is found in the source it cites (and, for the laws, in the law cited).

The sources live beside the project in ../shared; the test is skipped where
they are absent.  Spacing and punctuation are ignored; the OCR'd treatise is
matched fuzzily, since its quotes are corrected readings.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import cache
from pathlib import Path

import pytest

from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids

from .conftest import SHARED

FILES = {"wikipedia-fr": "seeds/000_*.txt", "marquoir": "seeds/003_*.txt", "traite": "seeds/004_*.txt",
         "cavendish": "sources/cavendish-laws-of-piquet.md",
         "cavendish-au-cent": "sources/cavendish-laws-of-piquet-au-cent.md"}

pytestmark = pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="../shared sources not present")


def letters(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.replace("œ", "oe"))
    return "".join(ch for ch in text.lower() if ch.isalnum() and not unicodedata.combining(ch))


@cache
def source_text(source: str) -> str:
    return next(Path(SHARED).glob(FILES[source])).read_text("utf-8")


@cache
def laws(source: str) -> dict[int, str]:
    parts = re.split(r"(?m)^\s*(\d+)\.\s", source_text(source))
    return {int(n): letters(body) for n, body in zip(parts[1::2], parts[2::2])}


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


def all_quotes() -> list[tuple[str, str, str, str]]:
    out = set()
    for rid in shipped_ids():
        rs = load_ruleset(rid)
        for option in rs.options:
            for choice in option.choices:
                rs_opt = load_ruleset(rid, ((option.name, choice.name),))
                out |= {(rid, e.path, c.source, c.locator, c.quote) for e in rs_opt.entries for c in e.citations
                        if c.quote}
    return sorted(out)


@pytest.mark.parametrize("rid,path,source,locator,quote", all_quotes())
def test_quote_is_in_the_source(rid: str, path: str, source: str, locator: str, quote: str) -> None:
    text = letters(source_text(source))
    if source == "cavendish":
        numbers = [int(n) for n in re.findall(r"\d+", locator)]
        text = "".join(laws(source)[n] for n in numbers) if numbers else text
    for fragment in re.split(r"\.\.\.|…", quote):
        frag = letters(fragment)
        if not frag:
            continue
        if source == "traite":
            assert fuzzy_in(frag, text), f"{rid} {path}: {fragment!r} not found near enough in {source}"
        else:
            assert frag in text, f"{rid} {path}: {fragment!r} not in {source} {locator}"
