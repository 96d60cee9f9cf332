"""The report in a real browser: Debian's chromium, headless, opens every page of a generated site from file://.

It checks that each page renders with no console error and loads nothing but
its own files, that every link and footnote anchor the browser sees leads to a
page and an element that are there, that a screenshot of the rules matrix is
not blank (its pixels read back with Pillow), that the bands chart is drawn,
and that the print stylesheet applies and prints.

Where chromium is missing the test is skipped, unless
``PIQUET_VARIANTS_REQUIRE_BROWSER`` is set (``.ci/run`` sets it, after
installing chromium), and then it fails.  ``PIQUET_VARIANTS_SCREENSHOT=PATH``
also writes the matrix's screenshot there (how ``docs/report-matrix.png`` is
made).
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from piquet_variants.cli import main

from .chromium import Chromium, executable, problems, requested
from .conftest import LONG
from .test_report import ARGS

REQUIRE = "PIQUET_VARIANTS_REQUIRE_BROWSER"
#: What a page tells of itself, read in the browser after it loads.
_PAGE = """JSON.stringify({
  ids: Array.from(document.querySelectorAll('[id]'), e => e.id),
  links: Array.from(document.querySelectorAll('a[href]'), a => a.href),
  lang: document.documentElement.lang,
  font: getComputedStyle(document.body).fontFamily,
  width: document.body.getBoundingClientRect().width,
  height: document.body.getBoundingClientRect().height})"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    program = executable()
    if program is None:
        if os.environ.get(REQUIRE):
            pytest.fail(f"chromium is not installed, and {REQUIRE} asks for the browser test")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    with Chromium(program) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("browser") / "site"
    assert main(["report", "-O", str(out), *ARGS]) == 0
    return out


def _pages(site: Path) -> list[Path]:
    """Every page under CI's long runs; else every page at the top and the first of each folder, one of each
    template, in seconds rather than a page a fifth of a second."""
    pages = sorted(site.rglob("*.html"))
    if LONG:
        return pages
    return [p for p in pages if p.parent == site or p == min(q for q in pages if q.parent == p.parent)]


def test_every_page_renders_without_errors_and_every_link_resolves(browser: Chromium, site: Path) -> None:
    seen: dict[str, dict[str, object]] = {}
    pages = _pages(site)
    for page in pages:
        url = page.as_uri()
        events = browser.open(url)
        assert problems(events) == [], url
        fetched = requested(events)
        assert fetched and all(u.startswith("file://") for u in fetched), fetched  # no network
        assert url in fetched and (site / "style.css").as_uri() in fetched
        info = json.loads(browser.evaluate(_PAGE))
        assert info["lang"] == "en" and "Georgia" in info["font"] and info["height"] > 100, url  # styled
        seen[url] = info
    assert len(seen) == len(pages) and len(list(site.rglob("*.html"))) > 80
    checked = 0
    for url, info in seen.items():
        for link in info["links"]:  # type: ignore[attr-defined]
            parts = urlsplit(link)
            if parts.scheme in ("http", "https"):
                continue
            target = parts._replace(fragment="").geturl()
            assert Path(unquote(parts.path)).is_file(), f"{url}: {link} leads to no page"
            if parts.fragment and target in seen:
                assert unquote(parts.fragment) in seen[target]["ids"], f"{url}: {link} has no such anchor"
            checked += 1
    assert checked > (2000 if LONG else 500)


def test_a_screenshot_of_the_matrix_is_not_blank(browser: Chromium, site: Path) -> None:
    from PIL import Image

    assert problems(browser.open((site / "matrix.html").as_uri())) == []
    box = json.loads(browser.evaluate("JSON.stringify(document.querySelector('table.matrix').getBoundingClientRect())"))
    assert box["width"] > 600 and box["top"] < 900  # the table is laid out, and starts on the first screen
    png = browser.screenshot()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (1280, 900)
    counts = image.getcolors(maxcolors=1 << 24)
    colours = {colour for _, colour in counts}
    ink = sum(n for n, colour in counts if sum(colour) < 600) / (image.width * image.height)
    assert len(colours) > 50 and ink > 0.01, (len(colours), ink)  # text, rules and shading, not one flat colour
    assert (176, 18, 43) in colours  # a disagreement's mark, red; a filled value is only grey and italic
    target = os.environ.get("PIQUET_VARIANTS_SCREENSHOT")
    if target:
        Path(target).write_bytes(png)


def test_the_search_page_finds_a_rule_by_its_words_as_rulesets_find_does(browser: Chromium, site: Path) -> None:
    """Offline, from the small index beside the page: the rules found, in the order ``rulesets find`` gives."""
    from piquet_variants.api import get_ruleset
    from piquet_variants.rulebook import finding

    index = finding.index([get_ruleset("traite"), get_ruleset("cavendish-rubicon"),
                           get_ruleset("modern-fr", [("end", "six-deals")])])
    for words in ("carte blanche", "écart", "Rubicon"):
        events = browser.open((site / "search.html").as_uri() + "?q=" + words.replace(" ", "%20"))
        assert problems(events) == [] and all(u.startswith("file://") for u in requested(events))
        shown = json.loads(browser.evaluate("JSON.stringify(Array.from(document.querySelectorAll('#found li'), "
                                            "li => [li.querySelector('a').textContent, li.querySelector('code')"
                                            ".textContent]))"))
        assert [path for _, path in shown] == [f.path for f in finding.find(index, words)], words
        assert shown and browser.evaluate("document.getElementById('by-word').hidden") is True
    assert shown[0] == ["the score that saves the rubicon", "game.rubicon"]
    browser.open((site / "search.html").as_uri() + "?q=zzzq")
    assert browser.evaluate("document.getElementById('none').hidden") is False


def test_the_bands_chart_is_drawn(browser: Chromium, site: Path) -> None:
    assert problems(browser.open((site / "statistics.html").as_uri())) == []
    drawn = json.loads(browser.evaluate("""JSON.stringify(Array.from(document.querySelectorAll('svg.bars'), svg => ({
        box: svg.getBoundingClientRect().width,
        bars: Array.from(svg.querySelectorAll('rect.elder, rect.younger'), r => r.getBBox().height),
        title: svg.querySelector('title').textContent})))"""))
    assert len(drawn) == 2
    for chart in drawn:
        assert chart["box"] > 400 and sum(h > 0 for h in chart["bars"]) > 20
        assert chart["title"].endswith("deal scores in bands of ten")


def test_the_print_stylesheet_applies_and_the_page_prints(browser: Chromium, site: Path) -> None:
    assert problems(browser.open((site / "deals" / "traite-art12-piquet.html").as_uri())) == []
    browser.call("Emulation.setEmulatedMedia", session=True, media="print")
    try:
        nav = browser.evaluate("getComputedStyle(document.querySelector('header nav')).display")
        # the first deal follows the record's facts on the first page, which is not left blank
        deal = browser.evaluate("getComputedStyle(document.querySelector('section.deal')).breakBefore")
        link = browser.evaluate("getComputedStyle(document.querySelector('main a')).textDecorationLine")
    finally:
        browser.call("Emulation.setEmulatedMedia", session=True, media="")
    assert (nav, deal, link) == ("none", "auto", "none")
    pdf = base64.b64decode(browser.call("Page.printToPDF", session=True, printBackground=True)["data"])
    assert pdf.startswith(b"%PDF-") and len(pdf) > 20_000


def _printed(browser: Chromium, page: Path, pdf: Path) -> tuple[int, list[str]]:
    """``page`` printed as the browser prints it (its CSS page size): how many pages, and each page's text."""
    import shutil
    import subprocess

    if shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None:
        if os.environ.get(REQUIRE):
            pytest.fail(f"pdftotext and pdfinfo (poppler-utils) are not installed, and {REQUIRE} asks for them")
        pytest.skip("pdftotext and pdfinfo are not installed (apt-get install poppler-utils)")
    assert problems(browser.open(page.as_uri())) == []
    pdf.write_bytes(base64.b64decode(browser.call("Page.printToPDF", session=True, printBackground=True,
                                                  preferCSSPageSize=True)["data"]))
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True, timeout=60).stdout
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True,
                          timeout=60).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1)), text.split("\f")


def test_a_deal_page_prints_every_rulesets_replay_open(browser: Chromium, site: Path, tmp_path: Path) -> None:
    """On screen only the record's own ruleset's replay is open; on paper every ruleset's is."""
    page = site / "deals" / "traite-art12-piquet.html"
    assert problems(browser.open(page.as_uri())) == []
    assert browser.evaluate("Array.from(document.querySelectorAll('details'), d => d.open).join()") == \
        "true,false,false"
    _, printed = _printed(browser, page, tmp_path / "deal.pdf")
    text = " ".join(" ".join(printed).split()).split("The deal told", 1)[1]
    for ruleset in ("traite", "cavendish-rubicon", "modern-fr"):
        told = text.split(f"under {ruleset}", 1)[1]
        assert told.lstrip().startswith("deal 1: Premier elder, Dernier younger Premier discards 1"), (ruleset, told[:80])
    assert text.count("Premier leads A♠") == 3


def test_a_deal_under_every_ruleset_fits_a_laptop_screen(browser: Chromium, tmp_path: Path) -> None:
    """At 1366 × 900, a deal replayed under the nine shipped rulesets: its score table ends inside the window, and
    the page does not scroll sideways."""
    out = tmp_path / "site"
    assert main(["report", "-O", str(out), "--deals", "example:traite-art12"]) == 0
    browser.call("Emulation.setDeviceMetricsOverride", session=True, width=1366, height=900, deviceScaleFactor=1,
                 mobile=False)
    try:
        assert problems(browser.open((out / "deals" / "traite-art12-piquet.html").as_uri())) == []
        laid = json.loads(browser.evaluate("""JSON.stringify({
            page: document.documentElement.scrollWidth, window: window.innerWidth,
            columns: document.querySelectorAll('table.scores thead tr:first-child th').length,
            lines: Array.from(document.querySelectorAll('table.scores thead tr:last-child th, table.scores td'))
                .filter(c => c.firstChild).map(c => {
                const r = document.createRange(); r.selectNodeContents(c.firstChild);  // a name, a figure: one line
                return r.getClientRects().length; }),
            tables: Array.from(document.querySelectorAll('main table'), t => t.getBoundingClientRect().right)})"""))
    finally:
        browser.call("Emulation.setDeviceMetricsOverride", session=True, width=1280, height=900, deviceScaleFactor=1,
                     mobile=False)
    assert laid["columns"] == 9 and laid["window"] == 1366
    assert laid["page"] <= 1366 and max(laid["tables"]) <= 1366, laid
    assert set(laid["lines"]) == {1}  # no name or figure broken to fit


def test_the_printed_matrix_names_every_ruleset_in_a_header_row(browser: Chromium, tmp_path: Path) -> None:
    """Printed (A4 landscape) the matrix of every shipped ruleset is split by groups of rulesets, the rule column
    on each: every ruleset's name is in a header row of the PDF, and no row is cut at the page's edge."""
    import shutil
    import subprocess

    from piquet_variants.ruleset.registry import shipped_ids

    if shutil.which("pdftotext") is None:
        if os.environ.get(REQUIRE):
            pytest.fail(f"pdftotext (poppler-utils) is not installed, and {REQUIRE} asks for the browser test")
        pytest.skip("pdftotext is not installed (apt-get install poppler-utils)")
    out = tmp_path / "site"
    assert main(["report", "-O", str(out)]) == 0
    assert problems(browser.open((out / "matrix.html").as_uri())) == []
    pdf = tmp_path / "matrix.pdf"
    pdf.write_bytes(base64.b64decode(browser.call("Page.printToPDF", session=True, printBackground=True,
                                                  preferCSSPageSize=True)["data"]))
    pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True,
                           timeout=60).stdout.split("\f")
    headers = [line.split() for page in pages for line in page.splitlines() if line.split()[:1] == ["rule"]]
    named = {word for line in headers for word in line}
    assert set(shipped_ids()) <= named, set(shipped_ids()) - named
    first = pages[0]
    assert "Rules matrix" in first and "the deal" in first  # the table starts on the first page
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True, timeout=60).stdout
    width, height = (float(x) for x in re.search(r"Page size:\s+([\d.]+) x ([\d.]+)", info).groups())
    assert width > height  # landscape
    # the table alone: its notes are a page of their own (matrix-notes.html), a link away
    count = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert count <= 40 and "source says it in so many words" not in "".join(pages), count
    assert "source says it in so many words" in (out / "matrix-notes.html").read_text(encoding="utf-8")
