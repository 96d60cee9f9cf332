"""--lang fr is French throughout: no English label in the output over the corpus.

The English words are taken from the catalogues themselves (the labels,
the engine's notes, the attestation words), so a label added in English
only is caught too.  What is not a label stays as written: player names,
file names, ruleset ids, rule paths and values (the ruleset's own terms),
and the sources' titles, quotes and notes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from piquet_variants import read
from piquet_variants.lexicon import lexicon
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids

from .catalogues import labels
from .test_catalogues import _messages
from .conftest import ROOT

DEALS = ROOT / "docs" / "deals"
CORPUS = sorted(p for p in DEALS.iterdir() if p.suffix in (".piquet", ".json"))
ATTESTATIONS = ("stated", "implied", "inherited", "reconstructed", "disputed", "unstated")
#: English labels that are French words as well ("as de pique").
ALSO_FRENCH = {"pique", "place"}


def _fragments(template: str) -> list[str]:
    return [f.strip(" :;,()'.?") for f in re.split(r"\{[^}]*\}", template)]


def english() -> re.Pattern[str]:
    phrases = set(ATTESTATIONS)
    french = labels("fr")
    messages = _messages()  # the messages of bad input are checked word by word (test_french_messages)
    for key, en in labels("en").items():  # a template's pieces between its fields, if they are words ("se" is French)
        if french[key] != en and key not in messages:
            phrases.update(f for f in _fragments(en) if "{" not in en or re.search(r"[a-z]{3}", f))
    phrases.update(f for f in map(_fragments, lexicon("en").notes.values()) for f in f if len(f.split()) > 1)
    phrases.update(f for en, fr in _lexicon_pairs() if en != fr for f in _fragments(en) if len(f) > 3)
    phrases = {p for p in phrases if p and p not in ALSO_FRENCH}
    return re.compile(r"(?<![\w.:/-])(" + "|".join(sorted(map(re.escape, phrases), key=len, reverse=True))
                      + r")(?![\w-])")


def _lexicon_pairs() -> list[tuple[str, str]]:
    """Each English word of the lexicon (rules, values, categories, checkpoints) with its French."""
    en, fr = lexicon("en"), lexicon("fr")
    pairs = []
    for field in ("sections", "groups", "values", "categories", "roles", "checkpoints", "said", "attestations"):
        pairs += [(getattr(en, field)[k], getattr(fr, field)[k]) for k in getattr(en, field)]
    for path, words in en.rules.items():
        pairs.append((words["name"], fr.rules[path]["name"]))
        pairs += [(v, fr.rules[path]["values"][k]) for k, v in words.get("values", {}).items()]
    return pairs


PATH = re.compile(r"\b[a-z_]+\.[a-z_]*")  # a rule path, an id, or its first part where it wraps


def _found(text: str, *names: str) -> list[str]:
    for name in names:
        text = text.replace(name, "")
    text = PATH.sub("", text)
    return english().findall(text)


def _rulesets_for(path: Path) -> list[str]:
    """Four rulesets of the pack the record is dealt from (the 1651 rules' 36 cards, or the later 32)."""
    own = next(read(path)).data.get("ruleset", "modern-fr")
    size = load_ruleset(own).rules.deck.size
    if size == 32:
        return ["traite", "cavendish-rubicon", "modern-fr", "marquoir"]
    return [r for r in shipped_ids() if load_ruleset(r).rules.deck.size == size]


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
@pytest.mark.parametrize("fmt", ["table", "markdown", "json"])
def test_replay_in_french_has_no_english_label(cli, path, fmt: str) -> None:
    rulesets = [a for r in _rulesets_for(path) for a in ("-r", r)]
    code, out, err = cli("replay", str(path), *rulesets, "--lang", "fr", "--format", fmt, "--narrative")
    assert code in (0, 3), err
    if fmt == "json":  # only the notes are words; the keys are the contract
        out = "\n".join(n for r in json.loads(out)["results"] for d in r["deals"] for n in d.get("notes", []))
    assert _found(out + err, str(path)) == []


def test_the_english_labels_are_found_in_english_output(cli) -> None:
    """The check above would see them: the same replay in English is full of them."""
    code, out, _ = cli("replay", str(DEALS / "traite-art12.piquet"), "-r", "cavendish-rubicon")
    assert {"deal", "elder", "book", "engine", "good", "leads", "plays", "category", "takes", "line",
            "quatorzes and trios"} <= set(_found(out))


def test_the_corpus_speaks_french_where_it_used_to_speak_english(cli) -> None:
    code, out, _ = cli("replay", str(DEALS / "traite-art12.piquet"), "-r", "cavendish-rubicon", "--lang", "fr")
    assert "point, la réponse: ✓ livre bon" in out and "séquences, la carte haute: ✓ livre as" in out
    assert "! la première entame: Premier livre 149, moteur 118 (ligne 21)" in out
    assert "partie inachevée" not in out  # one coup is no partie, and says nothing of one
    code, out, _ = cli("replay", str(DEALS / "rubicon-partie.piquet"), "--lang", "fr")
    assert "(partie inachevée)" not in out and "gagnant" in out


def test_rulesets_and_compare_in_french(cli) -> None:
    outputs = []
    for rid in shipped_ids():
        code, out, _ = cli("rulesets", "show", rid, "--lang", "fr")
        # the rules and values in words, the headers and the attestations (the rule paths, under their words for
        # those who type them back, are ids; the locators are the sources' own)
        outputs += [line.split()[-1] for line in out.splitlines()[3:] if line.strip()]
        outputs += [line.split("  ")[0] for line in out.splitlines()[2:]]
        outputs += re.findall(r"\[([^\]]+)\]", cli("rulesets", "cite", rid, "point.compare", "--lang", "fr")[1])
    outputs.append(cli("rulesets", "list", "--lang", "fr")[1].splitlines()[0])
    outputs.append(cli("examples", "--lang", "fr")[1].splitlines()[0])
    code, out, _ = cli("compare", str(DEALS / "traite-art12.piquet"), "-r", "traite", "-r", "cavendish-rubicon",
                       "--lang", "fr")
    # the category labels, the table, and each citation's attestation word
    outputs += [line for line in out.splitlines() if not line.startswith("  ")]
    outputs += re.findall(r"\[([^\]]+)\]", out)
    assert _found("\n".join(outputs)) == []
    assert {"énoncé", "implicite"} <= set(outputs)


def _labels_only(text: str) -> str:
    """The output less what is not a label: the sources' quotes and the project's notes (quoted, or in
    parentheses), which stay in their own language."""
    text = re.sub(r"“[^”]*”|«[^»]*»|\"[^\"\n]*\"", "", text, flags=re.S)
    text = re.sub(r"\n\n\[\^?1\]:? .*", "", text, flags=re.S)  # a matrix's notes: the citations, the project's notes
    text = re.sub(r"[\w-]+: [\w-]+(?:\\?\|[\w-]+)+", "", text)  # an option and its choices: ids
    text = re.sub(r"\bmarquoir (?:How to play|Setup|Scoring|End of the game)", "", text)  # a locator: the page's own
    text = re.sub(r"Cavendish[^|\n]*", "", text)  # an example's source and locator: the book's
    # a source's locator, between its id and its attestation ("cavendish-treatise Description, Calling [énoncé]")
    text = re.sub(r"(\b[a-z]+-[a-z0-9-]+) [^\[|\n]*?(\\?\[)", r"\1 \2", text)
    return re.sub(r"\([^()]*\)", "", text)


#: The commands on the shipped rulesets (the records' commands are above).  The sources' records (their type,
#: licence and transcription, as sources.yaml writes them) and the project's notes on a value are data in English,
#: which these checks cannot tell from a label, nor a quote a table gives unmarked (`rulesets history`), nor the
#: book's locators (`odds`): those commands are left to the tests above and to test_odds.
COMMANDS = [("rulesets", "list"), ("rulesets", "show", "royall-1651"), ("rulesets", "diff", "traite", "marquoir"),
            ("rulesets", "conflicts"), ("rulesets", "matrix", "--rules", "deal.*"),
            ("rulesets", "cite", "cavendish-rubicon", "pique.who"), ("examples",)]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_every_command_in_french_has_no_english_label(cli, monkeypatch, args: tuple[str, ...], fmt: str) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # whole cells: a label is matched whole
    code, out, err = cli(*args, "--lang", "fr", "--format", fmt)
    assert code in (0, 3), err
    assert _found(_labels_only(out + err)) == [], args


def _header(text: str) -> str:
    return text.splitlines()[0] if text else ""


def _no_citations(text: str) -> str:
    """The output less the sources' words: quoted passages, and the citations that name an English book."""
    text = re.sub(r"“[^”]*”|«[^»]*»|\"[^\"\n]*\"", "", text)
    return "\n".join(line for line in text.splitlines()
                     if not re.match(r"\s*(?:- )?(?:\[\d+\] )?(?:\([\w, -]+\) )?Cavendish \[Henry Jones\]", line)
                     and not line.startswith("  "))  # compare's citations, under each rule responsible


def _cells(text: str, *columns: int) -> str:
    """Some columns of a table (cells are two spaces or more apart): those a label fills, not a source."""
    rows = [re.split(r" {2,}", line.strip()) for line in text.splitlines() if line.strip() and "──" not in line]
    return "\n".join(row[c] for row in rows for c in columns if c < len(row))


#: Each command with a French output, the part of it the interface fills (not the sources' quotes, titles and
#: project notes, which are in their own language), and English words of the interface that would give it away.
#: ``rulesets validate``, ``sources text`` and ``convert`` have no --lang: they print a file's own words.
FRENCH_COMMANDS = [
    (("rulesets", "list"), _header, ["id title", "title", "extends", "options none"]),
    (("rulesets", "show", "traite"), lambda o: _cells(o, 0, 1, 3, 4),
     ["rule", "value", "locator", "stated", "implied", "unstated", "yes", "no", "none", "where"]),
    (("rulesets", "diff", "traite", "marquoir"), lambda o: _cells(o, 0, 1, 2),
     ["rule", "difference", "disagreement", "filled", "stated", "yes", "no"]),
    (("rulesets", "history", "point.compare"), lambda o: _cells(o, 0, 1, 2, 4),
     ["th c.]", "n.d.", "ruleset", "value", "by value", "stated", "implied", "inherited", "unstated"]),
    (("rulesets", "conflicts"), lambda o: _cells(o, 0, 1),
     ["th c.]", "n.d.", "stated", "implied"]),
    (("rulesets", "laws", "cavendish-rubicon"), lambda o: _cells(o, 0, 1, 2, 4),
     ["law", "topic", "modelled as", "how", "rule", "no effect on the record", "shuffling", "engine behaviour"]),
    (("sources", "list"), _header, ["work"]),
    (("sources", "show", "royall-1651"), lambda o: _cells(o, 0) + "\n" + _cells(o, 1).splitlines()[1],
     ["field", "value", "title", "publisher", "place", "issued", "book", "public domain", "Bibliography"]),
    (("odds", "-r", "cavendish-rubicon"), _no_citations,
     ["to 1", "against", "evens", "event", "hand", "odds", "book", "elder", "younger", r"0\.\d"]),
    (("simulate", "-r", "cavendish-rubicon", "--deals", "200"), _no_citations,
     ["to 1", "against", "share of deals", "deals scoring", "se", "the show", "average score", "elder", "younger",
      "figure", "hand", "seed", "players", "v", r"\d\.\d", "band"]),
    (("replay", str(DEALS / "rubicon-partie.piquet")), lambda o: o.replace(str(DEALS), ""),
     ["deal", "elder", "younger", "leads", "plays", "discards", "takes", "book", "winner", "points won", "not good",
      "good", "sequences", "the cards", "play", "category", "call", "count"]),
    (("compare", str(DEALS / "rubicon-partie.piquet"), "-r", "traite", "-r", "cavendish-rubicon"), _no_citations,
     ["deal", "category", "rule responsible", "sequences", "the cards", "play", "none", "yes", "no"]),
    (("examples",), _header, ["name", "file", "ruleset"]),
]


@pytest.mark.parametrize("args,interface,giveaways", FRENCH_COMMANDS, ids=[" ".join(c[0][:2]) for c in FRENCH_COMMANDS])
def test_each_command_in_french_has_none_of_its_english_words(cli, monkeypatch, args: tuple[str, ...],
                                                               interface, giveaways: list[str]) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # whole cells
    pattern = re.compile(r"(?<![\w.:/-])(" + "|".join(giveaways) + r")(?![\w-])")
    code, out, err = cli(*args, "--lang", "fr")
    assert code in (0, 3), err
    assert pattern.findall(interface(out)) == []
    code, english, _ = cli(*args)  # the same words are found in English: the check would see them
    assert pattern.findall(interface(english))


def test_every_command_takes_lang_fr() -> None:
    from typer.main import get_command

    from piquet_variants.cli import app

    from .test_conventions import _commands
    leaves = [(path, c) for path, c in _commands(get_command(app)) if not hasattr(c, "list_commands")]
    assert len(leaves) > 20
    refusing = [" ".join(path) for path, c in leaves
                if "--lang" not in [o for p in c.params for o in getattr(p, "opts", [])]]
    assert refusing == []


def test_what_the_last_commands_to_take_lang_say_is_french(cli, tmp_path: Path) -> None:
    code, out, _ = cli("rulesets", "validate", "traite", "--lang", "fr")
    assert code == 0 and out.strip().endswith("traite.yaml: valide")
    mine = tmp_path / "traite.yaml"
    mine.write_text((ROOT / "rulesets" / "traite.yaml").read_text("utf-8"), "utf-8")
    cli("rulesets", "upgrade", str(mine))
    code, out, _ = cli("rulesets", "upgrade", str(mine), "--lang", "fr")  # the second time, there is nothing to do
    assert code == 0 and "déjà au format" in out
    code, _, err = cli("convert", "example:traite-art12", "--in-place", "--lang", "fr")
    assert code == 2 and "seul un fichier à vous" in err
    for args in (("sources", "text", "royall-1651", "--at", "ch. IV"), ("sources", "export", "royall-1651"),
                 ("examples", "path", "traite-art12"), ("examples", "copy", str(tmp_path / "copies"))):
        assert cli(*args, "--lang", "fr")[0] == 0, args


def test_a_warning_a_simulation_and_the_matrix_notes_in_french(cli) -> None:
    code, _, err = cli("replay", "example:cases/case-04.json", "--lang", "fr")
    assert "piquet-variants: avertissement: " in err and "warning" not in err
    code, out, _ = cli("simulate", "-r", "traite", "--deals", "20", "--lang", "fr")
    assert code == 0 and "appris (learned) contre appris (learned)" in out.splitlines()[0]
    code, out, _ = cli("rulesets", "matrix", "--rules", "deal.*", "--lang", "fr")
    notes = out.split("\n\n[1] ", 1)[1]
    assert "(énoncé)" in notes and not re.search(r"\((?:" + "|".join(ATTESTATIONS) + r")\)", notes)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_a_book_figure_in_a_replay_is_in_words(cli, path: Path) -> None:
    for lang in ("en", "fr"):
        code, out, err = cli("replay", str(path), "--lang", lang)
        assert code in (0, 3), err
        assert not re.search(r"\b\d+x(?:[AKQJ]|10|9|8|7|6|as|roi|dame|valet|dix)\b|\b\d to (?:[AKQJ]|10|9|8|7)\b",
                             out), (lang, re.findall(r".*\d(?:x| to ).*", out)[:3])


def test_laws_name_rules_in_words_and_keep_test_ids_for_the_json(cli, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("COLUMNS", "400")  # whole cells
    code, out, _ = cli("rulesets", "laws", "cavendish-rubicon", "--lang", "fr")
    assert code == 0 and "tests/test_" not in out and "::" not in out
    assert "le moins de cartes qu'une coupe prend (deal.cut_minimum)" in out
    code, out, _ = cli("rulesets", "laws", "cavendish-rubicon", "--format", "json")
    assert all(t.startswith("tests/test_") for law in json.loads(out)["laws"] for t in law["tests"])
