"""What one layer makes and another reads is a typed value, never a string parsed again; JSON keeps its ids, each
made from the typed value by one function."""

from __future__ import annotations

import json
from collections.abc import Callable

from piquet_variants.api import get_ruleset
from piquet_variants.players.registry import with_options
from piquet_variants.rulebook.views import from_option
from piquet_variants.ruleset.model import DefinedIn


def test_a_rule_an_options_choice_gives_says_so_by_its_fields() -> None:
    rs = get_ruleset("traite", (("end", "partie-liee"),))
    entry = next(e for e in rs.entries if e.path == "game.end")
    assert entry.defined_in == DefinedIn("traite", "end", "partie-liee")
    assert from_option(entry)
    own = next(e for e in rs.entries if e.path == "point.compare")
    assert own.defined_in == DefinedIn("traite") and not from_option(own)


def test_json_keeps_the_id_made_from_the_typed_value(cli: Callable[..., tuple[int, str, str]]) -> None:
    code, out, err = cli("rulesets", "show", "traite:end=partie-liee", "--format", "json")
    assert code == 0, err
    rules = {r["path"]: r for r in json.loads(out)["rules"]}
    assert rules["game.end"]["defined_in"] == "traite (option end=partie-liee)"
    assert rules["point.compare"]["defined_in"] == "traite"


def test_a_players_options_are_read_once_by_the_players_layer(cli: Callable[..., tuple[int, str, str]]) -> None:
    """The command line names a player with options (``learned+score``) by its plain name's words, as the
    registry reads the name: the same function, not a second reading."""
    assert with_options("learned+score+sink") == ("learned", ["score", "sink"])
    code, out, err = cli("simulate", "-r", "traite", "--deals", "4", "--players", "learned+score:random",
                         "--lang", "fr")
    assert code == 0, err
    assert "appris (learned+score) contre" in out.splitlines()[0]
