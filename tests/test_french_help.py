"""--help follows --lang: under ``--lang fr`` (before or after the command's name, or ``-l fr``), the help of the
program and of every command and sub-command is French throughout, its examples as typed.

Every command is found by walking Click's tree of commands, not listed by hand, and its help is held to the check
of ``test_french_messages``: no English word of the program's own (its catalogues' and its lexicon's) remains,
and no English word of a metavar (``FILE``, ``RULESET``) either.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import typer
from typer._click.core import Context

from piquet_variants.cli import app

from .test_french_messages import english_in, english_words


def _paths(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Each command of the tree under ``command`` (itself first), by the names that run it."""
    yield path, command
    ctx = Context(command)
    for name in getattr(command, "list_commands", lambda _: [])(ctx):
        yield from _paths(command.get_command(ctx, name), (*path, name))


COMMANDS = dict(_paths(typer.main.get_command(app)))


def _english(text: str) -> list[str]:
    """The program's English words in a help: in its text, and in its metavars (``FILE``, which the check of
    messages leaves, a usage error repeating them as the command line names them); not the commands' names."""
    text = re.sub(r"^  [a-z][\w-]*(?=  )", " ", text, flags=re.M)  # a command's name, in a list of commands
    metavars = [w for w in re.findall(r"(?<![\w-])[A-Z][A-Z_]+(?![\w-])", text)
                if any(part.lower() in english_words() for part in w.split("_"))]
    return english_in(text) + metavars


def _flat(text: str) -> str:
    """The help with its lines joined, as before Click wrapped it (its non-breaking spaces kept)."""
    return re.sub(r"[ \n]+", " ", text)


def _takes_lang(command: Any) -> bool:
    return any(param.name == "lang" for param in command.params)


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda path: " ".join(path) or "piquet-variants")
def test_the_help_of_every_command_is_french_under_lang_fr(cli, path: tuple[str, ...]) -> None:
    code, before, err = cli("--lang", "fr", *path, "--help")
    assert code == 0 and not err, err
    assert _english(before) == [], before
    assert before.startswith("Usage\u00a0: piquet-variants") and "Afficher ce message et quitter." in before
    if path and _takes_lang(COMMANDS[path]):  # the command's own --lang, after its name, says the same
        code, after, _ = cli(*path, "-l", "fr", "-h")
        assert code == 0 and after == before


def test_the_same_helps_in_english_are_caught_by_the_check() -> None:
    """The check above would see English: each command's help in English is full of the words it looks for."""
    missed = []
    for path, command in COMMANDS.items():
        said = command.get_help(Context(command, info_name="piquet-variants"))
        if not _english(said):
            missed.append(path)
    assert not missed


def test_a_figure_option_s_help_gives_its_default_and_range_in_the_reader_s_words(cli) -> None:
    code, out, _ = cli("simulate", "--help", "--lang", "fr")
    assert code == 0
    flat = _flat(out)
    assert "-n, --deals ENTIER Donnes selon chaque jeu de règles. [défaut\u00a0: 10000\u00a0; 1<=x<=10000000]" in flat
    assert "[défaut\u00a0: 3,0\u00a0; 0,1<=x<=600]" in flat and "[requis]" in flat
    code, out, _ = cli("simulate", "--help")
    flat = _flat(out)
    assert "-n, --deals INTEGER Deals under each ruleset. [default: 10000; 1<=x<=10000000]" in flat
    assert "[default: 3.0; 0.1<=x<=600]" in flat and "<int range>" not in flat


def test_examples_stay_as_typed_and_lang_before_a_command_s_name_is_the_command_s(cli, tmp_path) -> None:
    code, out, _ = cli("-l", "fr", "replay", "-h")
    assert code == 0 and "Exemples\u00a0:" in out
    assert "\n    piquet-variants replay example:traite-art12 -r traite -r cavendish-rubicon --format json\n" in out
    code, _, err = cli("--lang", "fr", "replay", str(tmp_path / "nosuch.piquet"))
    assert code == 1 and "le fichier ne se lit pas" in err, err
    code, _, err = cli("rulesets", "-l", "fr", "show", "nosuch")  # a group's --lang, for its command
    assert code == 1 and "jeu de règles inconnu 'nosuch'" in err, err
    code, _, err = cli("--lang", "fr", "replay", str(tmp_path / "nosuch.piquet"), "--lang", "en")  # the command's
    assert code == 1 and "cannot read file" in err, err


def test_every_figure_option_is_the_tool_s_own_type() -> None:
    """A figure an option takes is refused in the tool's words, and its range shown in the reader's (``Figure``):
    no option is Click's IntRange or FloatRange, whose refusal and range are Click's English."""
    from typer._click.types import _NumberRangeBase

    from piquet_variants.cli.common import Figure
    params = [(path, param) for path, command in COMMANDS.items() for param in command.params]
    assert not [(path, p.name) for path, p in params if isinstance(p.type, _NumberRangeBase)]
    assert len([p for _, p in params if isinstance(p.type, Figure)]) >= 8


def test_a_usage_error_names_the_argument_as_the_french_help_does(cli) -> None:
    """A command line refused says its usage and the argument missing with the help's words for them."""
    code, _, err = cli("replay", "--lang", "fr")
    assert code == 2 and "Usage : piquet-variants replay [OPTIONS] {FICHIER}" in err
    assert "Il manque l'argument 'FICHIER'." in err, err
    code, _, err = cli("rulesets", "cite", "--lang", "fr")
    assert code == 2 and "Valeur non valide pour RÈGLE : nommez la règle" in err, err
    code, _, err = cli("replay")
    assert code == 2 and "Missing argument 'FILE'." in err, err


@pytest.mark.parametrize("lang,said", [("en", "No such command 'replai'. Did you mean 'replay'?"),
                                       ("fr", "Pas de commande 'replai'. Vouliez-vous dire 'replay' ?")])
def test_a_command_the_program_has_not_is_said_in_the_reader_s_words(cli, lang: str, said: str) -> None:
    """A command not found is the tool's own message (with the commands close to it, which the list of commands
    names without loading them), not Click's English."""
    code, _, err = cli("--lang", lang, "replai")
    assert code == 2 and err.rstrip().endswith(said), err
    code, _, err = cli("--lang", lang)
    assert code == 2 and err.rstrip().endswith("Missing command." if lang == "en" else "Il manque la commande."), err
