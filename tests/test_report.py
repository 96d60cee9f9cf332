"""The HTML report: what its pages hold, that they parse strictly and link only to themselves, and that the site is
written whole or not at all.  Its rendering in a real browser is tests/test_report_browser.py."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import html5lib
import pytest

from piquet_variants.cli import main
from piquet_variants.lexicon import lexicon
from piquet_variants.files import MANIFEST
from piquet_variants.report.deals import tree
from piquet_variants.report.stats import chart
from piquet_variants.api import get_ruleset
from piquet_variants.rulebook import evidence
from piquet_variants.ruleset.registry import shipped_ids

from .catalogues import po_path, read_po
from .conftest import ROOT

DATA = Path(__file__).parent / "data"
TEMPLATES = ROOT / "piquet_variants" / "report" / "templates"
#: The report the tests read: three rulesets (one with a non-default option), two records, the statistics, the
#: agreement with the book's worked examples (written by hand in the shape of examples_agreement.py's JSON).
ARGS = ["traite", "cavendish-rubicon", "modern-fr:end=six-deals", "--deals", "example:traite-art12",
        "--deals", "example:wikipedia-declaration.json", "--stats", str(DATA / "simulation.json"),
        "--agreement", str(DATA / "agreement.json")]
NS = {"h": "http://www.w3.org/1999/xhtml"}


def build(out: Path, *args: str) -> int:
    return main(["report", "-O", str(out), *args])


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "site"
    assert build(out, *ARGS) == 0
    return out


def parse(path: Path):  # noqa: ANN201 - an ElementTree element
    """The page parsed strictly, as html5lib's HTML5 parser: any parse error raises."""
    return html5lib.HTMLParser(strict=True, namespaceHTMLElements=True).parse(path.read_bytes())


def pages(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))


def text(element) -> str:  # noqa: ANN001
    return " ".join("".join(element.itertext()).split())


def test_every_page_parses_strictly_and_says_its_language(report: Path) -> None:
    found = pages(report)
    assert len(found) > 80  # index, matrix, conflicts, bibliography, rulesets, every rule's history, deals, stats
    for page in found:
        doc = parse(page)
        assert doc.get("lang") == "en", page
        assert doc.find(".//h:title", NS) is not None and doc.find(".//h:main", NS) is not None


def test_every_internal_link_and_footnote_resolves_and_nothing_is_fetched_from_outside(report: Path) -> None:
    ids = {page: {e.get("id") for e in parse(page).iter() if e.get("id")} for page in pages(report)}
    checked = 0
    for page in pages(report):
        doc = parse(page)
        for tag, attr in (("link", "href"), ("script", "src"), ("img", "src"), ("iframe", "src")):
            for e in doc.iter(f"{{{NS['h']}}}{tag}"):
                assert not urlsplit(e.get(attr, "")).scheme, f"{page}: {tag} from {e.get(attr)}"
        for a in doc.iter(f"{{{NS['h']}}}a"):
            href = a.get("href")
            parts = urlsplit(href)
            if parts.scheme in ("http", "https"):
                continue
            assert not parts.scheme, f"{page}: {href}"
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert target in ids, f"{page}: {href} leads to no page"
            assert not parts.fragment or unquote(parts.fragment) in ids[target], f"{page}: {href} has no anchor"
            checked += 1
    assert checked > 2000  # every footnote reference, rule and ruleset link, nav bar


def test_tables_have_captions_and_scoped_headers_and_figures_have_text(report: Path) -> None:
    for page in pages(report):
        doc = parse(page)
        for table in doc.iter(f"{{{NS['h']}}}table"):
            assert table.find("h:caption", NS) is not None, page
            headers = list(table.iter(f"{{{NS['h']}}}th"))
            assert headers and all(th.get("scope") in ("col", "row", "colgroup", "rowgroup") for th in headers), page
        for svg in doc.iter("{http://www.w3.org/2000/svg}svg"):
            assert svg.get("role") == "img"
            labels = svg.get("aria-labelledby").split()
            titled = {e.get("id"): text(e) for e in svg.iter() if e.get("id")}
            assert all(titled.get(i) for i in labels)  # a title and a description, both said
        for card in doc.iter():
            if "card" in (card.get("class") or "").split():
                assert card.get("role") == "img" and re.fullmatch(r"\w+ of \w+", card.get("aria-label")), page


def test_index_lists_the_rulesets_by_date_and_the_records(report: Path) -> None:
    doc = parse(report / "index.html")
    rows = doc.findall(".//h:table[1]/h:tbody/h:tr", NS)
    assert [text(r.find("h:th", NS)) for r in rows] == ["traite", "cavendish-rubicon", "modern-fr"]
    assert [text(r.find("h:td", NS)) for r in rows] == ["[18th–19th c.]", "1882", "n.d."]  # an estimate, a year
    assert "Laws of Piquet" in text(rows[1]) and "a partie of six deals" in text(rows[1])
    records = doc.findall(".//h:table[2]/h:tbody/h:tr", NS)
    assert len(records) == 2 and "Du Piquet, chapitre premier, art. 12" in text(records[0])


def _cells(doc, path: str) -> dict[str, object]:  # noqa: ANN001
    row = doc.find(f".//h:tr[@id='row-{path}']", NS)
    return dict(zip(["traite", "cavendish-rubicon", "modern-fr"], row.findall("h:td", NS)))


def test_the_matrix_marks_disagreements_filled_gaps_and_options_apart(report: Path) -> None:
    doc = parse(report / "matrix.html")
    sets = [get_ruleset("traite"), get_ruleset("cavendish-rubicon"), get_ruleset("modern-fr", [("end", "six-deals")])]
    head = [text(th) for th in doc.findall(".//h:table[@id='matrix']/h:thead/h:tr/h:th", NS)]
    assert head == ["rule", "traite [18th–19th c.]", "cavendish-rubicon 1882", "modern-fr n.d."]
    sections = doc.findall(".//h:table[@id='matrix']/h:tbody", NS)
    assert [text(s.find("h:tr/h:th", NS)) for s in sections] == ["the deal", "the exchange", "the declarations",
                                                                 "the play", "the partie", "penalties"]
    rows = [r for s in sections for r in s.findall("h:tr", NS) if r.get("id")]
    assert sorted(r.get("id") for r in rows) == sorted(f"row-{e.path}" for e in sets[0].entries)
    assert text(rows[0].find("h:th", NS)) == "cards in the pack deck.size"  # words, the path beneath
    conflicted = {c["path"] for c in evidence.conflicts(sets)}
    assert "pique.with_repique" in conflicted  # art. 12's pic with the repic; the club laws' Laws 68-69
    repique = _cells(doc, "pique.with_repique")
    assert repique["traite"].get("class") == repique["cavendish-rubicon"].get("class") == "disagreement"
    assert "(the sources disagree)" in text(repique["traite"])
    compare = _cells(doc, "point.compare")  # the treatise does not say how points compare: the project chose
    assert compare["traite"].get("class") == "filled" and "(filled in by the project)" in text(compare["traite"])
    options = [e.path for e in sets[2].entries if e.defined_in.option is not None]
    assert options and all(_cells(doc, p)["modern-fr"].get("class") == "option" for p in options)
    marks = {td.get("class") for r in rows for td in r.findall("h:td", NS)}
    assert marks == {"", "disagreement", "filled", "option"}


def _visible(element) -> str:  # noqa: ANN001
    """The text a reader sees of an element, the rule paths (code, under each rule's words) left out."""
    if element.tag == f"{{{NS['h']}}}code":
        return ""
    out = element.text or ""
    for child in element:
        out += _visible(child) + (child.tail or "")
    return out


def test_the_matrix_shows_words_not_program_terms(tmp_path: Path) -> None:
    out = tmp_path / "all"
    assert build(out) == 0  # every shipped ruleset
    doc = parse(out / "matrix.html")
    table = doc.find(".//h:table[@id='matrix']", NS)
    shown = _visible(table)
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", shown), re.findall(r"\b[a-z]+_[a-z_]+\b", shown)[:5]
    assert "Packets may be changed if announced beforehand" in shown and "The elder may stand" in shown
    # each rule path is there for those who type it back, and as the row's tooltip
    rule = table.find(".//h:tr[@id='row-deal.packet_change']/h:th/h:span", NS)
    assert rule.get("title") == "deal.packet_change" and text(rule.find("h:code", NS)) == "deal.packet_change"
    # the control that keeps only the rules whose values differ: hidden until its script shows it
    assert doc.find(".//h:p[@class='filter']", NS).get("hidden") is not None
    assert "only-differs" in text(doc.find(".//h:script", NS))
    # printed, the table is split into groups of rulesets, each with the rule column, every ruleset in one
    printed = doc.findall(".//h:div[@class='print']/h:table", NS)
    heads = [[text(a) for a in t.findall("h:thead/h:tr/h:th/h:a", NS)] for t in printed]
    assert len(printed) == 2 and sorted(sum(heads, [])) == sorted(shipped_ids())


#: What a reader must never see on a page: a program's id (``not_good``, ``last_trick_bonus``), a set as the record
#: writes it (``4xA``), an option as typed (``set=100``), a record's inner path (``deals[0].hands``), a card as
#: the notation codes it beside a message (``6H is``), and a path of the machine that built the site.
_PROGRAM_TERMS = {"id": r"\b[a-z]+_[a-z_]+\b", "set": r"\b\d+x(?:[AKQJ]|10|[6-9])\b", "option": r"\b[a-z-]+=[a-z0-9-]+\b",
                  "record path": r"\b[a-z_]+\[\d+\]", "card code": r"\b(?:[AKQJ]|10|[6-9])[SHDC]\b",
                  "absolute path": r"(?<![\w.:/])/(?:usr|home|root|tmp|work|opt|var|srv)/"}


def _words_shown(path: Path) -> str:
    """A page's visible text, as a reader sees it: without the rule paths (code, under each rule's words), scripts,
    web addresses, and the record's own comments (its writer's words, printed as written)."""
    hidden = {f"{{{NS['h']}}}{tag}" for tag in ("code", "script", "style")}

    def walk(element) -> str:  # noqa: ANN001
        if element.tag in hidden or "recorded" in (element.get("class") or "").split():
            return ""
        return (element.text or "") + "".join(walk(child) + (child.tail or "") for child in element)
    return re.sub(r"https?://\S+", " ", walk(parse(path).find("h:body", NS)))


def _program_terms(site_root: Path, extra: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Each page that shows a program term, with the first it shows."""
    paths = {e.path for e in get_ruleset("traite").entries}
    found: dict[str, list[str]] = {}
    for page in pages(site_root):
        shown = _words_shown(page)
        hits = [m for rx in _PROGRAM_TERMS.values() for m in re.findall(rx, shown)]
        hits += [w for w in re.findall(r"\b[a-z_]+(?:\.[a-z_]+)+\b", shown) if w in paths]  # a rule by its path
        hits += [w for w in extra if w in shown]
        if hits:
            found[str(page.relative_to(site_root))] = sorted(set(hits))[:5]
    return found


#: The report each language is scanned in: in English every shipped ruleset and record, read from where the
#: package is installed; in French the records whose words differ most (a set, a reply, a pack too small).
_SCANNED = {"en": ("--deals", "{examples}"),
            "fr": ("traite", "royall-1651", "cavendish-rubicon", "--deals", "example:traite-art12", "--deals",
                   "example:royall-1651-ruffe", "--deals", "example:cavendish-description")}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_page_shows_words_not_program_terms(tmp_path: Path, lang: str) -> None:
    """Every page of a report: its words, the rule paths only in the code line beneath them, and no path of the
    builder's machine."""
    from piquet_variants import examples

    out = tmp_path / "site"
    assert build(out, *(a.format(examples=examples.folder()) for a in _SCANNED[lang]), "--lang", lang) == 0
    assert len(pages(out / "deals")) >= 3 and (out / "deals" / "traite-art12-piquet.html").is_file()
    assert _program_terms(out, (str(examples.folder()), str(ROOT), str(tmp_path))) == {}
    # the words said instead, from the lexicon
    said = " ".join(_words_shown(p) for p in pages(out / "deals"))
    assert all(w in said for w in {"en": ("four aces", "not good", "a set of 100", "tierce major", "six of hearts"),
                                   "fr": ("trois as", "pas bon", "une partie en 100", "tierce majeure")}[lang])
    history = " ".join(_words_shown(out / "rules" / "deck.size.html").split())
    assert re.search(r"\w\. (The rule in the matrix|La règle dans le tableau)", history), history[:300]


def test_the_program_terms_test_finds_them() -> None:
    """The scan above sees each kind of term it looks for."""
    shown = "book 4xA, not_good; royall-1651 (set=100) deals[0].hands: 6H is not /usr/lib/x"
    assert all(re.search(rx, shown) for rx in _PROGRAM_TERMS.values())


def _note(report: Path, link):  # noqa: ANN001, ANN202 - html5lib's elements
    """The note a matrix cell's number leads to: on the notes' own page, which links back to the rule's row."""
    page, _, anchor = link.get("href").partition("#")
    assert page == "matrix-notes.html"
    note = parse(report / page).find(f".//h:li[@id='{anchor}']", NS)
    assert note.find("h:span[@class='where']/h:a", NS).get("href").startswith("matrix.html#row-deal.packets")
    return note


def test_a_matrix_footnote_is_the_chicago_note_and_quote_of_its_value(report: Path) -> None:
    doc = parse(report / "matrix.html")
    note = _note(report, _cells(doc, "deal.packets")["traite"].find(".//h:sup/h:a", NS))
    said = text(note)
    assert "Du Piquet" in said and "art. 3" in said  # the note, at its locator
    assert note.find(".//h:span[@class='note']/h:i", NS) is not None  # citeproc-py's HTML: the title in italics
    quote = note.find(".//h:span[@class='quote']", NS)
    assert quote.get("lang") == "fr" and "les distribue deux à deux" in text(quote)
    assert "Stated: the source says it in so many words." in said


def test_a_quote_links_to_its_passage_in_the_shipped_text(report: Path) -> None:
    doc = parse(report / "matrix.html")
    note = _note(report, _cells(doc, "deal.packets")["traite"].find(".//h:sup/h:a", NS))
    passage = note.find(".//h:a[@class='passage-link']", NS)
    page = parse(report / passage.get("href"))
    said = text(page.find(".//h:blockquote", NS))
    assert "deux" in said and "art. 3" in text(page.find(".//h:h1", NS))  # the OCR text of art. 3, as it is
    assert "public domain" in text(page)  # with its licence
    # the Marquoir page is not shipped: its quotes link nowhere
    marquoir = parse(report / "rulesets" / "modern-fr.html")
    assert all("marquoir" not in (a.get("href") or "") for a in marquoir.iter(f"{{{NS['h']}}}a")
               if a.get("class") == "passage-link")


def test_every_shipped_option_is_in_words_in_both_languages() -> None:
    """A chosen option reads as words ("a set of 100") on a page: each choice of each shipped ruleset's options
    has its words in both lexicons, not only its description in the ruleset."""
    missing = [(lang, f"{o.name}={c.name}") for i in shipped_ids() for o in get_ruleset(i).options
               for c in o.choices for lang in ("en", "fr") if f"{o.name}={c.name}" not in lexicon(lang).options]
    assert missing == []


def test_the_search_page_lists_the_rules_by_word_without_its_script(report: Path) -> None:
    """The index the page's script searches is plain data beside it; without the script, the page lists every
    word of the rules' names with the rules that hold it; every page has the search box that leads there."""
    doc = parse(report / "search.html")
    entries = {text(dt): [a.get("href") for a in dd.iter(f"{{{NS['h']}}}a")]
               for dt, dd in zip(doc.iter(f"{{{NS['h']}}}dt"), doc.iter(f"{{{NS['h']}}}dd"))}
    named = [e.path for e in get_ruleset("traite").entries if "blanche" in lexicon("en").rules[e.path]["name"]]
    assert len(named) >= 8 and sorted(entries["blanche"]) == sorted(f"rules/{p}.html" for p in named)
    assert "misdeal" in entries and "the" not in entries  # the commonest words are no help
    script = (report / "search-index.js").read_text(encoding="utf-8")
    assert script.startswith("window.PIQUET_SEARCH = ") and script.endswith(";\n")
    data = json.loads(script[len("window.PIQUET_SEARCH = "):-2])
    assert [r["path"] for r in data["rules"]] == [e.path for e in get_ruleset("traite").entries]
    assert "ecart" in data["rules"][[r["path"] for r in data["rules"]].index("exchange.elder_max")]["words"]["name"]
    for page in (report / "index.html", report / "deals" / "traite-art12-piquet.html"):
        form = parse(page).find(".//h:header/h:form", NS)
        assert form.get("role") == "search" and form.get("action").endswith("search.html")
        assert form.find("h:input", NS).get("name") == "q"


def test_a_ruleset_page_has_every_rule_with_its_notes(report: Path) -> None:
    rs = get_ruleset("cavendish-rubicon")
    doc = parse(report / "rulesets" / "cavendish-rubicon.html")
    for e in rs.entries:
        row = doc.find(f".//h:tr[@id='rule-{e.path}']", NS)
        assert row is not None, e.path
        assert len(row.findall(".//h:ul[@class='citations']/h:li", NS)) == len(e.citations)
    # each part of a citation is parted from the next: a note's last sentence never runs into what follows
    glued = r"\w[.”](?:source:|Stated:|Implied:|Inherited:|Reconstructed:|Unstated:|The )"
    assert not re.search(glued, text(doc)), re.search(".{40}" + glued + ".{20}", text(doc))
    law = doc.find(".//h:tr[@id='rule-pique.with_repique']", NS)
    assert "Cavendish on Piquet" in text(law) and "Law 6" in text(law)


def test_a_rule_history_is_in_date_order(report: Path) -> None:
    doc = parse(report / "rules" / "pique.with_repique.html")
    rows = doc.findall(".//h:table/h:tbody/h:tr", NS)
    assert [text(r.find("h:th", NS)) for r in rows] == ["traite", "cavendish-rubicon", "modern-fr"]
    # the values in words, and marked as the matrix marks them (the sources disagree on this rule)
    assert [text(r.findall("h:td", NS)[1]) for r in rows][:2] == ["yes≠ (the sources disagree)",
                                                                 "no≠ (the sources disagree)"]


def test_a_value_that_does_not_apply_says_so_with_the_reason(report: Path) -> None:
    """The treatise's partie is a race: its number of deals is kept, and said not to apply, on the rule's history,
    the ruleset's page and the matrix."""
    doc = parse(report / "rules" / "game.deals.html")
    cells = {text(r.find("h:th", NS)): text(r.findall("h:td", NS)[1]) for r in doc.findall(".//h:table/h:tbody/h:tr", NS)}
    assert cells["traite"].startswith("does not apply (how the partie ends: First to the target)")
    assert cells["cavendish-rubicon"].startswith("6")
    for page in (report / "rulesets" / "traite.html", report / "matrix.html"):
        assert "does not apply (how the partie ends: First to the target)" in text(parse(page)), page


def test_conflicts_and_bibliography(report: Path) -> None:
    sets = [get_ruleset("traite"), get_ruleset("cavendish-rubicon"), get_ruleset("modern-fr", [("end", "six-deals")])]
    doc = parse(report / "conflicts.html")
    shown = [s.get("aria-labelledby")[len("conflict-"):] for s in doc.iter(f"{{{NS['h']}}}section")]
    assert shown == [c["path"] for c in evidence.conflicts(sets)]
    reasons = [text(p) for p in doc.findall(".//h:p[@class='reason']", NS)]
    assert reasons == [f"Why: {c['reason']['text']}" for c in evidence.conflicts(sets)]  # each row's, as the CLI's
    bib = parse(report / "bibliography.html")
    ids = [li.get("id") for li in bib.findall(".//h:ul[@class='bibliography']/h:li", NS)]
    assert sorted(ids) == sorted({f"src-{s.id}" for rs in sets for s in rs.bibliography})
    cavendish = bib.find(".//h:li[@id='src-cavendish']", NS)
    assert "London: Thomas De La Rue & Co." in text(cavendish)


def test_a_deal_page_replays_under_each_ruleset_and_names_the_rules_responsible(report: Path) -> None:
    doc = parse(report / "deals" / "traite-art12-piquet.html")
    hands = doc.find(".//h:table[@class='hands']", NS)
    hearts = [c for c in hands.iter() if c.get("class") == "card hearts"]
    assert len(hearts) == 8 and hearts[0].get("aria-label") == "ace of hearts" and text(hearts[0]) == "A♥"
    scores = doc.find(".//h:table[@class='scores']", NS)
    total = scores.find(".//h:tr[@class='total']", NS)
    assert [text(td) for td in total.findall("h:td", NS)] == ["201", "0", "170 ≠ (differs)", "0", "170 ≠ (differs)",
                                                               "0"]
    checks = doc.find(".//h:table[@class='checks']", NS)
    final = next(r for r in checks.findall(".//h:tbody/h:tr", NS) if text(r.find("h:th", NS)) == "the final score")
    cells = final.findall("h:td", NS)
    assert text(cells[2]) == "201" and cells[3].get("class") == "agree" and cells[4].get("class") == "disagree"
    assert text(cells[4]) == "✗ disagrees: 170"
    causes = text(doc.find(".//h:ul[@class='causes']", NS))
    # each rule in words, its path in the small code line beneath
    assert "pique: rule responsible pique with repique in one deal pique.with_repique (traite: yes; cavendish-rubicon: no)" in causes
    assert "point.tierce_majeure_score" in causes and "point.compare" not in causes
    told = doc.findall(".//h:details[@class='narrative']", NS)
    assert [text(d.find("h:summary", NS)) for d in told] == [f"under {r}" for r in
                                                              ("traite", "cavendish-rubicon", "modern-fr")]
    assert told[0].get("open") is not None and "Premier leads A♠" in text(told[0])


def test_the_statistics_page_tables_and_charts_the_simulation(report: Path) -> None:
    data = json.loads((DATA / "simulation.json").read_text(encoding="utf-8"))
    doc = parse(report / "statistics.html")
    figures = doc.find(".//h:table[@class='figures']", NS)
    assert [text(th) for th in figures.findall("h:thead/h:tr/h:th", NS)] == ["figure", "hand", "cavendish-rubicon",
                                                                             "traite"]
    rows = {(text(r.find("h:th", NS)), text(r.find("h:td", NS))): [text(td) for td in r.findall("h:td", NS)[1:]]
            for r in figures.findall("h:tbody/h:tr", NS)}
    assert rows[("the cards", "elder")] == ["53.30% [51.10% – 55.50%]", "55.00% [52.80% – 57.20%]"]
    assert rows[("the show (median score)", "elder")] == ["26 [25 – 27]", "30 [29 – 31]"]
    assert rows[("average score", "elder")] == ["30.50 [29.40 – 31.60]", "-"]
    assert rows[("longest rubicon streak", "")] == ["4", "-"]  # a key simulate may add, shown as written
    book = doc.find(".//h:table[@class='book']", NS)
    distances = [text(r.findall("h:td", NS)[4]) for r in book.findall("h:tbody/h:tr", NS)]
    assert distances == ["−6.3", "+4.9", "+2.1"]  # standard errors to one decimal, signed (not "-6.3000")
    charts = list(doc.iter("{http://www.w3.org/2000/svg}svg"))
    assert len(charts) == 2
    bands = len(data["results"][0]["bands"]["elder"])
    bars = [r for r in charts[0].iter("{http://www.w3.org/2000/svg}rect") if r.get("class") in ("elder", "younger")]
    assert len(bars) == 2 * bands + 2  # and the key's two swatches
    tallest = max(bars, key=lambda r: float(r.get("height")))
    assert "10-19, younger: 3,800" in text(tallest)  # 760 of 2,000 deals
    book = [line for line in charts[0].iter("{http://www.w3.org/2000/svg}line") if line.get("class") == "book"]
    assert len(book) == 2 * bands + 1
    assert not [line for line in charts[1].iter("{http://www.w3.org/2000/svg}line") if line.get("class") == "book"]
    table = doc.find(".//h:table[@class='bands']", NS)
    first = [text(td) for td in table.find("h:tbody/h:tr", NS).findall("h:td", NS)]
    assert first == ["180", "900", "810", "520", "2,600", "2,500"]


def _agreement_shown(page: Path) -> tuple[list[list[str]], list[list[str]], str]:
    """The statistics page's worked examples: the table's rows, the disagreements' rows, the words around them."""
    doc = parse(page)
    table, listed = (doc.find(f".//h:table[@class='{c}']", NS) for c in ("agreement", "disagreements"))
    rows = [[text(c) for c in r] for r in table.findall("h:tbody/h:tr", NS)]
    return rows, [[text(c) for c in r] for r in listed.findall("h:tbody/h:tr", NS)], text(doc.find(".//h:main", NS))


def test_the_statistics_page_shows_the_agreement_with_the_books_examples(report: Path) -> None:
    """The table by chapter (agreed out of the book's decisions annotated) and in all, and each disagreement with
    its record linked to its page, the decision, the book's choice (a lesser call with what it sinks), the
    player's, and their worths; in words, no program term."""
    rows, listed, said = _agreement_shown(report / "statistics.html")
    assert rows == [["Discarding", "2 / 3", "0 / 0", "0 / 0", "2 / 3 (67%)", "0"],
                    ["Calling", "0 / 0", "5 / 6", "12 / 12", "17 / 18 (94%)", "1"],
                    ["All", "2 / 3", "5 / 6", "12 / 12", "19 / 21 (90%)", "1"]]
    assert listed == [["Du Piquet, chapitre premier, art. 12", "younger", "the discard", "8♠ 7♠ 8♦", "J♠ Q♦ 8♦",
                       "+7.4", "+3.2"],
                      ["Calling, Examples of sinking, Example II", "elder", "call: quatorzes and trios",
                       "A♠ A♦ A♣ (sinking K♥)", "K♠ K♥ K♦ K♣", "+20.7", "+35.4"]]
    assert "the analysis values the book's choice higher in 1, the player's in 1" in said
    assert "a card the laws of play do not let follow" in said  # why a decision of the book's is not annotated
    links = parse(report / "statistics.html").findall(".//h:table[@class='disagreements']//h:a", NS)
    assert [a.get("href") for a in links] == ["deals/traite-art12-piquet.html"]  # the record the report replays
    assert "#examples" in " ".join(a.get("href") for a in parse(report / "index.html").iter(f"{{{NS['h']}}}a"))
    shown = _words_shown(report / "statistics.html")
    assert not [m for rx in _PROGRAM_TERMS.values() for m in re.findall(rx, shown)]
    assert not [w for w in ("irregular_play", "calling-02", ".piquet", "learned") if w in shown]


def test_the_agreement_in_french_and_alone(tmp_path: Path) -> None:
    """In French, every word of the agreement is French; without --stats the page holds the agreement alone."""
    out = tmp_path / "rapport"
    assert build(out, "traite", "--deals", "example:traite-art12", "--agreement", str(DATA / "agreement.json"),
                 "--lang", "fr") == 0
    rows, listed, said = _agreement_shown(out / "statistics.html")
    assert [r[0] for r in rows] == ["L'écart", "Les annonces", "En tout"] and rows[2][4] == "19 / 21 (90 %)"
    assert listed[1][1:] == ["premier", "annonce: quatorzes et brelans", "A♠ A♦ A♣ (en cachant R♥)",
                             "R♠ R♥ R♦ R♣", "+20,7", "+35,4"]
    assert "Sur 2 désaccords" in said and "Simulated" not in said and "Les exemples du livre face au joueur" in said
    assert not re.search(r"\b(?:the|discard|worth|chapter|record)\b", said)
    assert _program_terms(out, (str(tmp_path), str(DATA))) == {}


def test_a_bad_agreement_file_is_reported_at_its_place_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    bad = tmp_path / "agreement.json"
    data = json.loads((DATA / "agreement.json").read_text(encoding="utf-8"))
    data["disagreements"][1]["book"]["cards"] = ["AS", "ZZ"]
    data["chapters"][0]["decisions"]["discard"] = -1
    data["disagreements"] *= 1001  # above the bound of 2,000 (and the file below the bound of its size)
    bad.write_text(json.dumps(data, separators=(",", ":")))
    assert build(out, "traite", "--agreement", str(bad)) == 1
    err = capsys.readouterr().err
    assert f"{bad}:" in err and "chapters[0].decisions.discard" in err and "2000" in err.replace(",", "")
    assert not out.exists() and not list(tmp_path.glob(".site*"))
    data["disagreements"] = data["disagreements"][:2]
    bad.write_text(json.dumps(data, indent=1))
    assert build(out, "traite", "--agreement", str(bad)) == 1
    err = capsys.readouterr().err
    assert re.search(rf"{re.escape(str(bad))}:\d+:\d+", err) and "disagreements[1].book.cards[1]" in err
    bad.write_text("{ not json")
    assert build(out, "traite", "--agreement", str(bad)) == 1 and f"{bad}:1:" in capsys.readouterr().err
    assert build(out, "traite", "--agreement", str(tmp_path / "none.json")) == 1 and not out.exists()


def test_chart_scale_is_round_and_covers_the_tallest_bar() -> None:
    drawn = chart({"ruleset": "x", "deals": 100, "bands": {"elder": {"a": 37, "b": 0}, "younger": {"a": 1}}}, "en")
    assert [t["value"] for t in drawn["ticks"]] == ["0", "1,000", "2,000", "3,000", "4,000"]
    top = min(b["y"] for g in drawn["groups"] for b in g["bars"])
    assert top >= drawn["top"] and drawn["groups"][1]["bars"][1]["height"] == 0  # a band one side lacks is 0


def test_narrative_tree_nests_one_level_at_a_time() -> None:
    assert tree([(0, "a"), (1, "b"), (3, "c"), (0, "d")]) == [
        {"text": "a", "children": [{"text": "b", "children": [{"text": "c", "children": []}]}]},
        {"text": "d", "children": []}]


def test_french_report_has_no_english_label(tmp_path: Path) -> None:
    used = set()
    for template in TEMPLATES.iterdir():
        used |= set(re.findall(r"""_\((["'])(.+?)\1\)""", template.read_text(encoding="utf-8")))
    game = set(lexicon("fr").roles) | set(lexicon("fr").categories)  # the game's words: the lexicon's
    french = read_po(po_path("fr"))
    missing = sorted(key for _, key in used if not french.get(key) and key not in game)
    assert not missing
    out = tmp_path / "rapport"
    assert build(out, "traite", "cavendish-rubicon", "--deals", "example:traite-art12", "--stats",
                 str(DATA / "simulation.json"), "--lang", "fr") == 0
    matrix = parse(out / "matrix.html")
    assert matrix.get("lang") == "fr" and text(matrix.find(".//h:h1", NS)) == "Tableau des règles"
    assert "Énoncé : la source le dit en toutes lettres." in text(parse(out / "matrix-notes.html"))
    deal = text(parse(out / "deals" / "traite-art12-piquet.html"))
    assert "Premier entame A♠" in deal and "premier (Premier)" in deal and "✗ en désaccord : 170" in deal
    assert "R♥" in deal  # the king of hearts as French writes it
    stats = text(parse(out / "statistics.html"))
    assert "53,30 %" in stats and "les cartes" in stats and "2 000" in stats.replace("\u202f", " ")


def test_a_bad_record_or_statistics_file_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "piquet-record/1", "players": ["A", "B"], "deals": [{"dealer": "A", "hands": 3}]}')
    assert build(out, "traite", "--deals", str(bad)) == 1
    assert f"{bad}:1:" in capsys.readouterr().err and not out.exists()
    stats = tmp_path / "stats.json"
    data = json.loads((DATA / "simulation.json").read_text(encoding="utf-8"))
    data["results"][0]["cards"]["elder"] = 1.5
    del data["results"][1]["ruleset"]
    stats.write_text(json.dumps(data, indent=1))
    assert build(out, "traite", "--stats", str(stats)) == 1
    err = capsys.readouterr().err
    assert "results[0].cards.elder: 1.5 is greater than the maximum of 1" in err
    assert "results[1]: 'ruleset' is required" in err and f"{stats}:" in err
    assert not out.exists() and not list(tmp_path.glob(".site*"))
    stats.write_text("{ not json")
    assert build(out, "traite", "--stats", str(stats)) == 1 and not out.exists()


def test_a_previous_report_is_replaced_and_nothing_else_even_with_force(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    assert build(out, "marquoir") == 0
    assert (out / MANIFEST).is_file() and (out / "rulesets" / "marquoir.html").is_file()
    assert build(out, "traite") == 0  # a previous report: replaced, its stale pages gone
    assert not (out / "rulesets" / "marquoir.html").exists() and (out / "rulesets" / "traite.html").is_file()
    assert not [p for p in tmp_path.iterdir() if p.name != "site"]  # no temporary folder left beside it
    (out / "rulesets" / "mine.txt").write_text("keep me")
    capsys.readouterr()
    assert build(out, "marquoir") == 2  # a file of the user's added: said, and kept
    assert "rulesets/mine.txt" in capsys.readouterr().err and (out / "rulesets" / "traite.html").is_file()
    assert build(out, "marquoir", "--force") == 0
    assert (out / "rulesets" / "mine.txt").read_text() == "keep me"
    assert (out / "rulesets" / "marquoir.html").is_file() and not (out / "rulesets" / "traite.html").exists()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    for force in ((), ("--force",)):
        assert build(mine, "traite", *force) == 2
        err = capsys.readouterr().err
        assert "notes.txt" in err and "not a report written by piquet-variants" in err
        assert [p.name for p in mine.iterdir()] == ["notes.txt"]
    (tmp_path / "file").write_text("x")
    assert build(tmp_path / "file", "traite") == 2
    here = os.getcwd()
    try:
        os.chdir(out)
        assert build(Path("."), "traite", "--force") == 2 and build(Path(".."), "traite", "--force") == 2
    finally:
        os.chdir(here)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert build(empty, "traite") == 0 and (empty / "index.html").is_file()


def test_options_and_rulesets_are_checked_before_anything_is_written(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    assert build(out, "traite", "traite") == 2 and "traite given twice" in capsys.readouterr().err
    assert build(out, "no-such-ruleset") == 1 and "unknown ruleset 'no-such-ruleset'" in capsys.readouterr().err
    assert build(out, "traite", "--option", "nothing=at-all") == 1
    assert build(out, "traite", "--deals", str(tmp_path / "missing.piquet")) == 1
    assert not out.exists()


def test_a_folder_of_records_and_a_record_with_no_ruleset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = tmp_path / "deals"
    deals.mkdir()
    for name in ("traite-art12.json", "wikipedia-declaration.json"):
        shutil.copy(ROOT / "docs" / "deals" / name, deals / name)
    untagged = json.loads((deals / "wikipedia-declaration.json").read_text(encoding="utf-8"))
    del untagged["ruleset"]
    (deals / "untagged.json").write_text(json.dumps(untagged), encoding="utf-8")
    (deals / "README.txt").write_text("not a record")
    out = tmp_path / "site"
    assert build(out, "modern-fr", "--deals", str(deals)) == 0
    captured = capsys.readouterr()
    assert "untagged.json: no Ruleset tag and no --ruleset: replayed under modern-fr" in captured.err
    assert captured.out.strip().endswith("pages")
    assert sorted(p.name for p in (out / "deals").iterdir()) == ["traite-art12-json.html", "untagged-json.html",
                                                                 "wikipedia-declaration-json.html"]


def test_help_shows_examples(cli) -> None:  # noqa: ANN001
    code, out, _ = cli("report", "--help")
    assert code == 0 and "piquet-variants report -O site" in out and "--stats" in out


@pytest.mark.parametrize("required", [False, True])
def test_the_browser_test_skips_without_chromium_unless_required(tmp_path: Path, required: bool) -> None:
    """Where chromium is missing the browser test skips; where CI requires it (``.ci/run``), it fails."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "PIQUET_VARIANTS_REQUIRE_BROWSER"}
    env["PATH"] = str(tmp_path)  # no chromium on it; pytest runs by its full path
    if required:
        env["PIQUET_VARIANTS_REQUIRE_BROWSER"] = "1"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(ROOT / "tests" / "test_report_browser.py")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    if required:
        assert done.returncode == 1 and "8 errors" in done.stdout and "asks for the browser test" in done.stdout
    else:
        assert done.returncode == 0 and "8 skipped" in done.stdout, done.stdout
