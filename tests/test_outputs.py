"""One meaning for a short option in every command: ``-o`` chooses a ruleset option, ``-O`` names the output."""

from __future__ import annotations

from typing import Any

import typer
from typer.main import get_command

from piquet_variants.cli import app


def _commands() -> list[tuple[str, Any]]:
    """Every command, by its words (``rulesets diff``), subcommands included."""
    found: list[tuple[str, Any]] = []
    todo: list[tuple[str, Any]] = [("", get_command(app))]
    while todo:
        words, command = todo.pop()
        if hasattr(command, "list_commands"):
            ctx = typer.Context(command)
            todo += [(f"{words} {name}".strip(), command.get_command(ctx, name)) for name in command.list_commands(ctx)]
        found.append((words, command))
    return found


def test_o_is_option_and_capital_o_is_output_in_every_command() -> None:
    short: dict[str, set[str]] = {"-o": set(), "-O": set()}
    for words, command in _commands():
        for param in command.params:
            for flag in ("-o", "-O"):
                if flag in param.opts:
                    short[flag].add(next(o for o in param.opts if o.startswith("--")))
                    assert param.opts[0].startswith("--"), (words, param.opts)
    assert short == {"-o": {"--option"}, "-O": {"--output"}}


def test_report_takes_o_as_option_and_capital_o_as_its_folder(cli, tmp_path) -> None:  # noqa: ANN001
    out = tmp_path / "site"
    code, _, err = cli("report", "-O", str(out), "traite", "-o", "nosuch=x")
    assert code == 1 and "no ruleset given has an option 'nosuch'" in err and not out.exists()
    code, _, err = cli("report", "-o", str(out), "traite")  # -o is no folder: the folder is missing
    assert code == 2 and "Missing option '--output' / '-O'" in err and not out.exists()
