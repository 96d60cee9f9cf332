"""The sources registry as bibliographic records, and notes formatted from them by citeproc-py."""

from __future__ import annotations

import json
import re

import pytest

from piquet_variants.rulebook import citing
from piquet_variants.ruleset.registry import sources

from .conftest import SHARED


def test_records_carry_what_the_headers_give() -> None:
    s = sources()
    cav = s["cavendish"]
    assert cav.author[0].natural() == "Cavendish [Henry Jones]" and cav.edition == "8"
    assert (cav.publisher, cav.publisher_place, cav.original_date.year) == ("Thomas De La Rue & Co.", "London", 1873)
    assert cav.issued is None  # the 8th edition's year is in none of our texts
    royall = s["royall-1651"]
    assert dict(royall.identifiers) == {"wing": "R2100", "estc": "R209301", "eebo_tcp": "A92043"}
    assert royall.issued.year == 1651 and royall.licence.startswith("CC0")
    cotton = s["cotton-1674"]
    assert (cotton.author[0].family, cotton.pages, cotton.issued.year) == ("Cotton", "80-89", 1674)
    assert dict(cotton.identifiers) == {"eebo_tcp": "A34637"}
    assert s["wikipedia-fr"].revision is None and s["wikipedia-fr"].accessed is None  # not recorded: not invented
    assert s["traite"].issued.first == (1700,) and s["traite"].issued.last == (1899,)


@pytest.mark.skipif(not (SHARED / "sources").is_dir(), reason="../shared sources not present")
def test_records_agree_with_the_headers_of_the_texts() -> None:
    """Each fact a record takes from a text's header is in that header."""
    header = lambda name: "".join((SHARED / "sources" / name).read_text("utf-8").splitlines(True)[:2])  # noqa: E731
    royall = header("royall-game-of-picquet-1651.md")
    assert all(x in royall for x in ("Wing R2100", "ESTC R209301", "A92043", "J. Martin and J. Ridley", "1651"))
    cotton = header("cotton-compleat-gamester-1674-picket.md")
    assert all(x in cotton for x in ("Charles Cotton", "A34637", "R. Cutler", "1674", "pp. 80-89"))
    treatise = header("cavendish-calling.md")
    assert all(x in treatise for x in ("8th edition", "London", "De La Rue", "first edition 1873", "513dfab"))


def test_no_internal_label_leaks_into_a_note() -> None:
    for s in sources().values():
        text = citing.note(s.csl(), "p. 1") + citing.bibliography_entry(s.csl())
        assert "seed" not in text and "<span" not in text, s.id
        exported = s.csl().get("note", "") + (s.transcription or "")  # what a reference manager keeps as a note
        assert "seed 0" not in exported and "NOTES" not in exported, s.id
    # the treatise's period is a span of years conjectured, printed in brackets, never as a publication date
    assert citing.bibliography_entry(sources()["traite"].csl()).endswith("17–22, [1700–1899?].")


def test_chicago_puts_the_comma_and_period_inside_the_quotation_marks() -> None:
    cavendish = sources()["cavendish"].csl()
    assert "“Laws of Piquet,” in" in citing.note(cavendish, "Law 67")
    assert citing.bibliography_entry(cavendish).startswith("Cavendish [Henry Jones]. “Laws of Piquet.” In")
    assert "«\u00a0Laws of Piquet\u00a0», in" in citing.note(cavendish, "Law 67", lang="fr")


def test_an_undated_edition_is_not_printed_with_its_first_edition_s_year() -> None:
    """The 8th edition is undated; 1873 is the first edition's year, and the Laws' imprint is inferred."""
    cavendish = sources()["cavendish"]
    note = citing.note(cavendish.csl(), "Law 67")
    assert "(1873;" not in note and "8th ed., first published 1873 (London: Thomas De La Rue & Co., n.d.)" in note
    assert "inferred" in (cavendish.transcription or "") and "inferred" in cavendish.csl()["note"]


def test_a_span_of_years_is_exported_as_a_span() -> None:
    from piquet_variants.rulebook.export import export
    traite = [sources()["traite"]]
    ris = export(traite, "ris")
    assert "PY  -" not in ris and "DA  -" not in ris and "between 1700 and 1899" in ris
    assert "date = {1700/1899}" in export(traite, "bibtex") and "year =" not in export(traite, "bibtex")
    assert sources()["traite"].csl()["issued"] == {"date-parts": [[1700], [1899]]}


def test_must_show_cavendish_reckoning_order(cli) -> None:
    code, out, _ = cli("rulesets", "cite", "cavendish-rubicon", "reckoning.order")
    note = out.splitlines()[2]
    assert code == 0 and note.startswith("[1] Cavendish [Henry Jones]")
    for part in ("Cavendish on Piquet", "8th ed.", "London", "De La Rue", "Law 67"):
        assert part in note, part
    quote, attested = out.splitlines()[3:5]
    assert "reckon in the following order" in quote and attested.strip().startswith("Stated")
    assert "Bibliography" in out


def test_cite_json_and_french(cli) -> None:
    code, out, _ = cli("rulesets", "cite", "cavendish-rubicon", "reckoning.order", "--lang", "fr", "--format", "json")
    c = json.loads(out)["citations"][0]
    assert code == 0 and "loi 67" in c["citation"] and "8ᵉ éd." in c["citation"] and "s.\u00a0d." in c["citation"]
    assert c["attestation_text"].startswith("Énoncé") and c["quote_supports"] is True
    assert c["quote_text"].startswith("«\u00a0") and c["locator"] == "Law 67"


def test_two_locators_both_in_the_note() -> None:
    text = citing.note(sources()["cavendish"].csl(), "Law 67, p. 23")
    assert text.endswith("Law 67, 23.")  # Chicago's bare page, after the law
    assert citing.note(sources()["cotton-1674"].csl(), "p. 81").endswith(", 81.")


def test_licence_note_is_printed(cli) -> None:
    code, out, _ = cli("rulesets", "cite", "modern-fr", "deal.first_dealer")
    assert code == 0 and "CC BY-SA" in out and "Contributeurs de Wikipédia" in out


def test_an_unstated_quote_is_not_support(cli) -> None:
    code, out, _ = cli("rulesets", "cite", "cavendish-au-cent", "point.compare", "--format", "json")
    c = json.loads(out)["citations"][0]
    assert c["attestation"] == "unstated" and c["quote_supports"] is False
    assert c["quote_text"].startswith("Passage consulted, which does not state the value")
    code, out, _ = cli("rulesets", "cite", "cavendish-au-cent", "point.compare")
    assert re.search(r"^\s+Passage consulted, which does not state the value: “The elder hand must call", out, re.M)


def test_other_styles_and_a_bad_one(cli) -> None:
    code, out, _ = cli("rulesets", "cite", "cavendish-rubicon", "pique.who", "--style", "apa")
    assert code == 0 and "(Cavendish [Henry Jones], n.d., Law 69)" in out
    code, _, err = cli("rulesets", "cite", "cavendish-rubicon", "pique.who", "--style", "chicgo")
    assert code == 1 and "did you mean 'chicago'?" in err and "Traceback" not in err


def test_markdown_note_has_italics(cli) -> None:
    code, out, _ = cli("rulesets", "cite", "cavendish-rubicon", "pique.who", "--format", "markdown")
    assert code == 0 and "*Cavendish on Piquet: The Laws of Piquet" in out and out.startswith("# ")


# -- exports, each read back as a reference manager would --

def test_bibtex_parses_back_with_every_source(cli) -> None:
    from pybtex.database import parse_string
    code, out, _ = cli("sources", "export", "--format", "bibtex")
    db = parse_string(out, "bibtex")
    assert code == 0 and sorted(db.entries) == sorted(sources())
    royall = db.entries["royall-1651"]
    assert royall.type == "book" and royall.fields["year"] == "1651" and "Wing: R2100" in royall.fields["note"]
    cav = db.entries["cavendish"]
    assert cav.type == "incollection" and cav.fields["address"] == "London" and cav.fields["edition"] == "8"
    assert str(cav.persons["author"][0]) == "{Cavendish [Henry Jones]}"
    assert cav.fields["publisher"] == r"Thomas De La Rue \& Co." and "year" not in cav.fields
    assert str(db.entries["cotton-1674"].persons["author"][0]) == "Cotton, Charles"
    assert db.entries["cotton-1674"].fields["pages"] == "80--89"


def test_csl_json_validates_and_gives_the_same_notes(cli) -> None:
    """tests/csl-data.json is the CSL input-data schema (citation-style-language/schema, draft 3, as the MIT-licensed
    csl-data 0.1.1 package ships it)."""
    import jsonschema
    from .conftest import ROOT
    code, out, _ = cli("sources", "export", "--format", "csl-json")
    items = json.loads(out)
    schema = json.loads((ROOT / "tests" / "csl-data.json").read_text("utf-8"))
    jsonschema.Draft3Validator(schema).validate(items)
    assert code == 0 and [i["id"] for i in items] == list(sources())
    for item in items:
        s = sources()[item["id"]]
        for locator in ("Law 67", "p. 23", None):
            assert citing.note(item, locator) == citing.note(s.csl(), locator)
        assert citing.bibliography_entry(item, "apa") == citing.bibliography_entry(s.csl(), "apa")


def test_ris_parses_back(cli) -> None:
    import rispy
    code, out, _ = cli("sources", "export", "royall-1651", "cotton-1674", "wikipedia-fr", "--format", "ris")
    entries = rispy.loads(out)
    assert code == 0 and [e["type_of_reference"] for e in entries] == ["BOOK", "CHAP", "ENCYC"]
    royall, cotton, wiki = entries
    assert royall["title"].startswith("The Royall and Delightfull Game of Picquet") and royall["year"] == "1651"
    assert royall["place_published"] == "London" and any("EEBO-TCP: A92043" in n for n in royall["notes"])
    assert cotton["authors"] == ["Cotton, Charles"] and (cotton["start_page"], cotton["end_page"]) == ("80", "89")
    assert cotton["secondary_title"] == "The compleat gamester"
    assert wiki["urls"] == ["https://fr.wikipedia.org/wiki/Piquet_(jeu_de_cartes)"]


def test_a_rulesets_bibliography_is_only_what_it_cites(cli) -> None:
    from pybtex.database import parse_string
    code, out, _ = cli("rulesets", "sources", "cavendish-au-cent", "--format", "bibtex")
    assert code == 0 and sorted(parse_string(out, "bibtex").entries) == ["cavendish", "cavendish-au-cent",
                                                                           "cavendish-treatise"]
    code, out, _ = cli("rulesets", "sources", "marquoir", "--format", "json")
    assert [d["id"] for d in json.loads(out)] == ["marquoir"]


def test_sources_list_show_and_errors(cli) -> None:
    code, out, _ = cli("sources", "list", "--format", "json")
    assert code == 0 and [d["id"] for d in json.loads(out)] == list(sources())
    code, out, _ = cli("sources", "show", "royall-1651")
    assert code == 0 and "Wing R2100; ESTC R209301; EEBO-TCP A92043" in out and "London: J. Martin" in out
    code, _, err = cli("sources", "show", "royal-1651")
    assert code == 1 and "did you mean 'royall-1651'?" in err
    code, _, err = cli("sources", "export", "--format", "endnote")
    assert code == 2


def test_html_notes_escape_the_records_text_and_keep_the_styles_markup() -> None:
    """citeproc-py's HTML formatter passes a variable's value through unescaped; the note the report prints does
    not: the publisher's '&' and a locator's '<' are escaped, the title's italics and CSL's nocase span are markup."""
    import html5lib
    s = sources()
    note = citing.note(s["cavendish-au-cent"].csl(), "Law 1 <a>", fmt="html")
    assert "Thomas De La Rue &amp; Co." in note and "Law 1 &lt;a&gt;" in note
    assert "<i>Cavendish on Piquet:" in note and "Laws of Piquet au Cent" in note and "nocase" not in note
    entry = citing.bibliography_entry(s["cotton-1674"].csl(), lang="fr", fmt="html")
    assert entry.startswith("Cotton, Charles.") and "<i>The Compleat Gamester</i>" in entry
    parser = html5lib.HTMLParser(strict=True)
    for text in (note, entry):
        parser.parseFragment(text)  # strict: raises on any parse error
    assert citing.note(s["cavendish"].csl(), "Law 1") == citing.note(s["cavendish"].csl(), "Law 1", fmt="table")
    assert "&amp;" not in citing.note(s["cavendish"].csl(), "Law 1")  # plain text stays plain


# -- the form of a citation, in every style asked for --

STYLES = ("chicago", "chicago-author-date", "apa", "mla", "harvard")


@pytest.mark.parametrize("style", STYLES)
def test_a_work_with_no_author_prints_its_title_once(style: str) -> None:
    """A style puts the title of an anonymous work in the author's place, and then not again (CSL's substitute)."""
    royall, traite = sources()["royall-1651"].csl(), sources()["traite"].csl()
    for item, title in ((royall, "Royall and Delightfull Game"), (traite, "Chapitre premier")):
        for text in (citing.note(item, "p. 8", style), citing.bibliography_entry(item, style)):
            assert text.count(title) == 1, (style, text)
    assert "In Du Piquet" in citing.bibliography_entry(traite, "chicago-author-date")  # the container is kept


@pytest.mark.parametrize("style", STYLES)
def test_a_conjectured_date_reads_as_a_conjecture(style: str) -> None:
    traite = sources()["traite"].csl()
    entry, note = citing.bibliography_entry(traite, style), citing.note(traite, "art. 3", style)
    assert "[1700–1899?]" in entry and entry.count("1700") == 1, entry
    assert "1700" not in note or "[1700–1899?]" in note and note.count("1700") == 1, note  # MLA's note has no date


@pytest.mark.parametrize("style", STYLES)
def test_a_pseudonym_reads_with_the_real_name_in_brackets(style: str) -> None:
    cavendish = sources()["cavendish"].csl()
    for text in (citing.note(cavendish, "Law 1", style), citing.bibliography_entry(cavendish, style)):
        assert "Cavendish [Henry Jones]" in text and "(Henry Jones)" not in text, (style, text)


def test_chicago_prints_chap_and_bare_pages_and_the_title_as_printed() -> None:
    royall = sources()["royall-1651"].csl()
    note = citing.note(royall, "ch. XII, pp. 34-35")
    assert note.endswith("1651), chap. XII, 34–35.")
    assert "Rendred into English out of the Last French Edition" in note
    assert citing.note(royall, "ch. XII, pp. 34-35", "apa").endswith("chap. XII, pp. 34–35)")  # APA labels its pages
    assert "and now rendred into English out of the last French Edition" in citing.bibliography_entry(royall, "apa")


def test_no_internal_wording_reaches_a_note_a_record_or_an_export(cli) -> None:
    internal = re.compile(r"our copy|as copied for the project|seeds/|\.txt\b|\.md\b", re.IGNORECASE)
    for s in sources().values():
        code, out, _ = cli("sources", "show", s.id)
        assert code == 0 and not internal.search(out), (s.id, internal.search(out))
        code, out, _ = cli("sources", "show", s.id, "--format", "json")
        assert not internal.search(out), s.id
    for fmt in ("bibtex", "ris", "csl-json"):
        code, out, _ = cli("sources", "export", "--format", fmt)
        assert code == 0 and not internal.search(out), (fmt, internal.search(out))
    code, out, _ = cli("rulesets", "cite", "traite", "point.tierce_majeure_score", "--format", "json")
    assert not internal.search(out)


def test_a_source_note_is_in_french_under_french(cli) -> None:
    code, out, _ = cli("sources", "show", "traite", "--lang", "fr")
    assert "lectures corrigées" in out and "corrected readings" not in out
    code, out, _ = cli("rulesets", "cite", "traite", "deal.packets", "--lang", "fr", "--format", "json")
    assert "lectures corrigées" in json.loads(out)["citations"][0]["source_note"]
    code, out, _ = cli("rulesets", "cite", "traite", "deal.packets", "--format", "json")
    assert "corrected readings" in json.loads(out)["citations"][0]["source_note"]
