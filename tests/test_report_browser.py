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
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from piquet_variants.cli import main

from .chromium import Chromium, executable, problems, requested
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
    assert main(["report", "-o", str(out), *ARGS]) == 0
    return out


def test_every_page_renders_without_errors_and_every_link_resolves(browser: Chromium, site: Path) -> None:
    seen: dict[str, dict[str, object]] = {}
    for page in sorted(site.rglob("*.html")):
        url = page.as_uri()
        events = browser.open(url)
        assert problems(events) == [], url
        fetched = requested(events)
        assert fetched and all(u.startswith("file://") for u in fetched), fetched  # no network
        assert url in fetched and (site / "style.css").as_uri() in fetched
        info = json.loads(browser.evaluate(_PAGE))
        assert info["lang"] == "en" and "Georgia" in info["font"] and info["height"] > 100, url  # styled
        seen[url] = info
    assert len(seen) > 80
    checked = 0
    for url, info in seen.items():
        for link in info["links"]:  # type: ignore[attr-defined]
            parts = urlsplit(link)
            if parts.scheme in ("http", "https"):
                continue
            target = parts._replace(fragment="").geturl()
            assert target in seen, f"{url}: {link} leads to no page"
            if parts.fragment:
                assert unquote(parts.fragment) in seen[target]["ids"], f"{url}: {link} has no such anchor"
            checked += 1
    assert checked > 2000


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
    assert (251, 227, 200) in colours and (228, 231, 247) in colours  # a disagreement's shade, and a filled gap's
    target = os.environ.get("PIQUET_VARIANTS_SCREENSHOT")
    if target:
        Path(target).write_bytes(png)


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
        deal = browser.evaluate("getComputedStyle(document.querySelector('section.deal')).breakBefore")
        link = browser.evaluate("getComputedStyle(document.querySelector('main a')).textDecorationLine")
    finally:
        browser.call("Emulation.setEmulatedMedia", session=True, media="")
    assert (nav, deal, link) == ("none", "page", "none")
    pdf = base64.b64decode(browser.call("Page.printToPDF", session=True, printBackground=True)["data"])
    assert pdf.startswith(b"%PDF-") and len(pdf) > 20_000
