"""--lang fr says bad input in French too: every command, given a file that does not read, a ruleset that does not
validate, a bad option or an output it refuses, says what is wrong with no English word of the program's own.

The English words are taken from the catalogues and the lexicon themselves (every word of an English label that
no French label or lexicon word uses), so a message added in English only is caught.  What the tool repeats back
is left out: the file names, the excerpt under a message (the input's own line), what the input says (quoted),
and ids (a ruleset's, an option's, a rule's path).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from piquet_variants.lexicon import lexicon

from .catalogues import labels
from .conftest import ROOT
from .test_french import _lexicon_pairs

DEALS = ROOT / "docs" / "deals"
#: English words that are French words too, or names the tool does not translate (a library, a format, a unit).
ALSO_FRENCH = {"a", "as", "de", "on", "fin", "page", "pas", "plus", "points", "pique", "place", "score", "sets",
               "options", "tag", "tags", "yaml", "json", "utf", "csl", "dask", "matplotlib", "piquet", "variants",
               "pip", "install", "tcp", "id", "ids", "s"}


@cache
def english_words() -> frozenset[str]:
    """The words of the program's English (its catalogue and its lexicon) that none of its French uses."""
    def words(text: str) -> set[str]:
        return {w.lower() for w in re.findall(r"[^\W\d_]+", re.sub(r"\{\w*\}", " ", text))}
    french, english, said_in = set(), set(), labels("fr")
    for text in said_in.values():
        french |= words(text)
    for key, text in labels("en").items():
        if said_in[key] != text:
            english |= words(text)
    for en, fr in _lexicon_pairs():
        english |= words(en)
        french |= words(fr)
    french |= {w for note in lexicon("fr").notes.values() for w in words(note)}
    return frozenset(english - french - ALSO_FRENCH)


def _repeated_back(text: str, *names: str) -> str:
    """The text less what it repeats of the input: the file names, the excerpts (the input's line and its caret,
    indented), quoted values, and ids (words joined by '-', '_', '.', ':', '=' or '/')."""
    for name in names:
        text = text.replace(name, " ")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("    "))
    text = re.sub(r"(?<=\d: )[\w.\[\]]+(?=: )", " ", text)  # a value's path in its file, after its place
    text = re.sub(r"\b[A-Z][A-Z_]+\b", " ", text)  # what a usage line names (FILE, RULESET, OPTIONS)
    text = re.sub(r"piquet-variants(?: [a-z]+)*", " ", text)  # a command, as it is typed
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"|«[^»]*»|“[^”]*”", " ", text)
    text = re.sub(r"\S*[-_.:=/]\S*[\w)]", " ", text)
    return re.sub(r"\b(?:random|cavendish|search|learned)\b", " ", text)  # the players, by the names they are given


def english_in(text: str, *names: str) -> list[str]:
    found = english_words()
    return [w for w in re.findall(r"[^\W\d_]+", _repeated_back(text, *names)) if w.lower() in found]


def _bad_inputs(folder: Path) -> dict[str, Path]:
    """A file of each kind that does not read, each with a fault the issue names."""
    notation = (DEALS / "traite-art12.piquet").read_text("utf-8")
    bad = {
        "card.piquet": notation.replace("talon : D♣ 8♠", "talon : D♣ Z9", 1),
        "unclosed.piquet": notation.replace("end deal", "").replace("fin de donne", ""),
        "card.json": (DEALS / "cases" / "case-01.json").read_text("utf-8").replace('"KS"', '"Z9"', 1),
        "record.json": json.dumps({"players": ["A", "B"], "ruleset": "traite", "deals": "none"}),
        "syntax.json": '{"players": ["A", "B"], "deals": [',
        "quote.yaml": 'id: quote\ntitle: "never closed\nrules: {}\n',
        "typed.yaml": "id: typed\ntitle: 3\nsources: [cavendish]\nrules:\n  deck:\n    size: {value: many}\n"
                      "  nonsense: 1\n",
        "deep.yaml": "id: deep\ntitle: x\ntitle: y\n",
    }
    paths = {}
    for name, text in bad.items():
        paths[name] = folder / name
        paths[name].write_text(text, "utf-8")
    (folder / "taken").mkdir()
    (folder / "taken" / "mine.txt").write_text("not the report's", "utf-8")
    return paths


def _commands(folder: Path, bad: dict[str, Path]) -> list[tuple[str, ...]]:
    """Every command, each given bad input of the kinds it reads."""
    records = [str(bad[n]) for n in ("card.piquet", "unclosed.piquet", "record.json", "syntax.json", "card.json")]
    rulesets = [str(bad[n]) for n in ("quote.yaml", "typed.yaml", "deep.yaml")]
    return [
        ("replay", *records), ("compare", records[0], "-r", "traite", "-r", "marquoir"),
        ("compare", records[2], "-r", "traite"), ("convert", records[0]), ("convert", records[2]),
        ("analyse", records[1]), ("chouette", records[3]),
        ("report", "-O", str(folder / "out"), "--deals", records[1]), ("report", "-O", str(folder / "taken")),
        ("report", "-O", "/"), ("convert", "example:traite-art12", "-O", str(folder)),
        ("replay", "example:traite-art12", "--format", "xml"), ("replay", "example:traite-art12", "--nope"),
        ("rulesets", "show"),
        ("examples", "copy", "/"), ("examples", "path", "nosuch"), ("replay", "example:nosuch"),
        ("rulesets", "validate", *rulesets), ("rulesets", "show", rulesets[1]), ("rulesets", "show", "nosuch"),
        ("rulesets", "diff", "traite", "traite-x"), ("rulesets", "history", "deal.nosuch"),
        ("rulesets", "cite", "traite", "deal.nosuch"), ("rulesets", "laws", "traite:nope=1"),
        ("rulesets", "matrix", "--rules", "nosuch.*"), ("rulesets", "find", "x", "-r", "nosuch"),
        ("replay", "example:traite-art12", "-o", "nope=1"), ("replay", "example:traite-art12", "-r", "traite:end=z"),
        ("replay", "example:traite-art12", "-o", "nothing"),
        ("simulate", "-r", "nosuch", "--deals", "1"),
        ("simulate", "-r", "traite", "--players", "nosuch:random", "--deals", "1"),
        ("simulate", "--deals", "abc"), ("simulate", "--deals", "0"), ("simulate", "--deals", "1.5"),
        ("simulate", "--connect-timeout", "abc"), ("simulate", "--connect-timeout", "0"), ("replai",), ("rulesets", "lst"),
        ("odds", "-r", rulesets[0]), ("sources", "show", "nosuch"), ("sources", "text", "nosuch"),
    ]


def test_every_command_says_bad_input_in_french(cli, tmp_path: Path) -> None:
    bad = _bad_inputs(tmp_path)
    said = []
    for args in _commands(tmp_path, bad):
        code, out, err = cli(*args, "--lang", "fr")
        assert code != 0 and err.strip(), (args, code, out, err)
        assert "internal error" not in err and "erreur interne" not in err, (args, err)
        assert english_in(err, str(tmp_path)) == [], (args, err)
        said.append(err)
    whole = "\n".join(said)
    # the places and what is wrong, in French: the cases the issue names among them
    assert re.search(r"card\.piquet:12:14: ce n'est pas une carte : 'Z9'", whole) and re.search(
        r"card\.json:\d+:\d+: [\w.\[\]]+: ce n'est pas une carte : 'Z9'", whole)
    assert "il manque sa 'fin de donne'" in whole and "la citation ouverte ici par \" n'est jamais fermée" in whole
    assert "clé 'nonsense' inconnue" in whole or "clé inconnue 'nonsense'" in whole
    assert "attendu ici : texte, non un nombre entier : 3" in whole
    assert "abc n'est pas un nombre entier" in whole and "0 n'est pas dans l'intervalle 1<=x<=" in whole
    assert "abc n'est pas un nombre\n" in whole and "0 n'est pas dans l'intervalle 0,1<=x<=600" in whole


@pytest.mark.parametrize("lang,said", [("en", ("abc is not a number", "0 is not in the range 0.1<=x<=600")),
                                       ("fr", ("abc n'est pas un nombre", "0 n'est pas dans l'intervalle 0,1<=x<=600"))])
def test_a_figure_an_option_refuses_is_said_in_the_tool_s_words(cli, lang: str, said: tuple[str, str]) -> None:
    """A figure option's refusal is the tool's own message, in the reader's language, whole or not, at the source
    (the option's type), with the option's names as the place."""
    for value, words in zip(("abc", "0"), said):
        code, out, err = cli("simulate", "-r", "traite", "--connect-timeout", value, "--lang", lang)
        assert code == 2 and out == "" and err.rstrip().endswith(f"'--connect-timeout'{' :' if lang == 'fr' else ':'} "
                                                                 f"{words}"), err
    code, _, err = cli("analyse", "example:traite-art12", "--samples", "1.5", "--lang", lang)
    assert code == 2 and "'--samples' / '-n'" in err and ("1.5 is not a whole number" if lang == "en" else
                                                           "1.5 n'est pas un nombre entier") in err, err
    # a seed is a figure too, bounded where every JSON reader holds it exactly, in both commands that take one
    for command in (("simulate", "-r", "traite", "--deals", "1"), ("analyse", "example:traite-art12")):
        for seed in ("-1", str(2 ** 53), "x"):
            code, out, err = cli(*command, "--seed", seed, "--lang", lang)
            assert code == 2 and out == "" and "'--seed' / '-s'" in err and (
                f"{seed} is not" if lang == "en" else f"{seed} n'est pas") in err, err


def test_the_same_inputs_in_english_are_full_of_the_words_looked_for(cli, tmp_path: Path) -> None:
    """The check above would see an English message: the same commands in English are caught by it."""
    bad = _bad_inputs(tmp_path)
    missed = []
    for args in _commands(tmp_path, bad):
        code, _, err = cli(*args)
        if not english_in(err, str(tmp_path)):
            missed.append((args, err))
    assert not missed


def test_the_shipped_examples_and_the_corpus_replay_in_french_with_no_english_message(cli) -> None:
    from piquet_variants.examples import files, name_of
    examples = [f"example:{name_of(p)}" for p in files()]
    deals = sorted(str(p) for p in DEALS.rglob("*") if p.suffix in (".piquet", ".json"))
    code, _, err = cli("replay", *examples, *deals, "--lang", "fr", "--format", "json")
    assert code in (0, 1, 3)
    assert english_in(err, str(ROOT)) == [], err


def test_json_gives_each_problem_its_kind_and_its_words_in_the_language_asked(cli, tmp_path: Path) -> None:
    bad = _bad_inputs(tmp_path)
    code, out, _ = cli("rulesets", "validate", str(bad["typed.yaml"]), "--format", "json", "--lang", "fr")
    problems = json.loads(out)[0]["problems"]
    assert code == 1 and {"type", "unknown-key"} <= {p["kind"] for p in problems}
    assert any(p["message"].startswith("attendu ici") for p in problems)
    code, out, _ = cli("rulesets", "validate", str(bad["typed.yaml"]), "--format", "json")
    assert any(p["message"].startswith("expected") for p in json.loads(out)[0]["problems"])


@pytest.mark.parametrize("lang,words", [("en", "not a card: 'Z9'"), ("fr", "ce n'est pas une carte : 'Z9'")])
def test_a_deal_page_says_a_ruleset_s_problem_in_the_page_s_language(lang: str, words: str) -> None:
    from piquet_variants.errors import Problem, msg
    from piquet_variants.report.deals import _problem
    p = Problem("/somewhere/card.piquet", 3, 7, "deals[0]", msg("not-a-card", "not a card: {text} (expected rank then "
                                                                "suit, e.g. AS, 10H, RC or A♠)", text="'Z9'"))
    shown = _problem(p, lang)
    assert shown["message"].startswith(words) and "/somewhere" not in shown["where"]


@pytest.mark.parametrize("old,new,place", [("premier : A R D ♠  A", "premier : A R D ♠  Z", (10, 22, "'Z'")),
                                           ("talon : D♣ 8♠", "talon : D♣ Z", (12, 14, "'Z'")),
                                           ("1. A♠ =", "1. Z♠ =", (21, 6, "'Z♠'"))])
def test_a_word_that_is_no_card_among_cards_is_said_to_be_none(cli, tmp_path: Path, old: str, new: str, place) -> None:
    """In a hand, a talon or a trick, a word that is no card is named as such at itself, not as a deal left open."""
    line, column, word = place
    path = tmp_path / "bad.piquet"
    path.write_text((DEALS / "traite-art12.piquet").read_text("utf-8").replace(old, new, 1), "utf-8")
    for lang, said in (("en", f"not a card: {word}"), ("fr", f"ce n'est pas une carte : {word}")):
        code, _, err = cli("replay", str(path), "--lang", lang)
        assert code == 1 and err.startswith(f"{path}:{line}:{column}: {said} ("), err


def test_a_json_record_s_fault_is_shown_at_its_line_with_a_caret(cli, tmp_path: Path) -> None:
    """A duplicate key, a value of the wrong type and a syntax fault of a JSON record, each with its line and a caret
    under its place, as a ruleset's and a notation file's are."""
    texts = {"twice.json": '{"players": ["A", "B"],\n  "players": ["A", "B"], "deals": []}\n',
             "typed.json": '[{"players": ["A", "B"], "deals": [{"dealer": "B", "scores": {"A": 1, "B": 2}}]},\n'
                           ' {"players": ["A", "B"], "deals": [{"dealer": 7}]}]\n',
             "comma.json": '{"players": ["A", "B"]\n "deals": []}\n'}
    for name, text in texts.items():
        (tmp_path / name).write_text(text, "utf-8")
    code, _, err = cli("replay", *(str(tmp_path / name) for name in texts), "--lang", "fr")
    assert code == 1
    assert "twice.json:2:3: clé 'players' en double\n      \"players\": [\"A\", \"B\"], \"deals\": []}\n      ^" in err
    assert ("typed.json:2:37: [1].deals[0].dealer: attendu ici : texte, non un nombre entier : 7\n"
            '     {"players": ["A", "B"], "deals": [{"dealer": 7}]}]\n' + " " * 40 + "^") in err
    assert "comma.json:2:2: JSON non valide : une ',' est attendue\n     \"deals\": []}\n     ^" in err
