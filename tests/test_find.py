"""``rulesets find``: a rule found by its words, in either language, with its words and its path."""

from __future__ import annotations

import json
from typing import Callable

import pytest

from piquet_variants.api import get_ruleset
from piquet_variants.lexicon import lexicon
from piquet_variants.rulebook import finding

Cli = Callable[..., tuple[int, str, str]]


def _group(name: str) -> list[str]:
    return [e.path for e in get_ruleset("traite").entries if e.path.split(".")[0] == name]


def _found(cli: Cli, *args: str) -> list[dict]:
    code, out, err = cli("rulesets", "find", *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def test_carte_blanche_lists_the_carte_blanche_rules_first(cli: Cli) -> None:
    code, out, _ = cli("rulesets", "find", "carte blanche")
    assert code == 0
    group = _group("carte_blanche")
    assert len(group) >= 8 and all(path in out for path in group)  # each rule by its path…
    assert "who may score carte blanche" in out and "in its name" in out  # …and its words
    found = _found(cli, "carte", "blanche")  # the words as one argument or several
    assert [f["path"] for f in found[:len(group)]] == group  # found in its name, first, in the schema's order
    assert all(f["found_in"][0] != "name" for f in found[len(group):])


@pytest.mark.parametrize("words,group", [("misdeal", "misdeal"), ("maldonne", "misdeal"), ("faced card", "faced_card")])
def test_a_group_is_found_by_its_words_in_either_language(cli: Cli, words: str, group: str) -> None:
    paths = [f["path"] for f in _found(cli, words)]
    assert set(_group(group)) <= set(paths[:len(_group(group))] + paths)
    assert paths[:len(_group(group))] == _group(group)


def test_rubicon_and_ecart_with_or_without_accents(cli: Cli) -> None:
    assert _found(cli, "rubicon")[0]["path"] == "game.rubicon"
    ecart = _found(cli, "écart")
    assert ecart == _found(cli, "ECART") and "exchange.elder_max" in [f["path"] for f in ecart]
    code, out, _ = cli("rulesets", "find", "écart", "--lang", "fr", "--format", "markdown")
    assert code == 0 and out.startswith("| règle | trouvée |") and "`exchange.elder_max`" in out
    assert lexicon("fr").rules["exchange.elder_max"]["name"] in out


def test_a_word_found_only_in_a_quote_is_found_there(cli: Cli) -> None:
    """"Gamesters" is the 1651 book's word, in no rule's name: the rules that quote it are found by their quote."""
    found = _found(cli, "gamesters")
    assert any(f["found_in"] == ["quotes"] for f in found) and not any("name" in f["found_in"] for f in found)
    assert [f["score"] for f in found] == sorted((f["score"] for f in found), reverse=True)


def test_nothing_found_and_bad_searches(cli: Cli) -> None:
    assert cli("rulesets", "find", "zzzyx") == (0, "no rule holds these words\n", "")
    for words in ("the of", "x" * (finding.MAX_QUERY + 1)):
        code, out, err = cli("rulesets", "find", words)
        assert code == 2 and out == "" and "WORDS" in err


def test_help_has_examples(cli: Cli) -> None:
    code, out, _ = cli("rulesets", "find", "--help")
    assert code == 0 and "piquet-variants rulesets find carte blanche" in out


def test_a_search_needs_every_word() -> None:
    rules = [finding.RuleWords("a.b", (("name", frozenset({"cartes", "blanches"})),)),
             finding.RuleWords("c.d", (("notes", frozenset({"carte"})),))]
    assert [f.path for f in finding.find(rules, "Carte blanche")] == ["a.b"]
    assert [(f.path, f.where) for f in finding.find(rules, "carte")] == [("a.b", ("name",)), ("c.d", ("notes",))]
