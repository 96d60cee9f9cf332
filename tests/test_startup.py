"""Start-up imports only what the command run uses: ``--help`` lists the commands without loading one, and the
README's replay (its caches warm) loads neither the other commands nor the libraries it does not use.

Held by what a fresh interpreter has imported when the command is done, not by its time (``benchmarks/startup.py``
times it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from piquet_variants.cli import _COMMANDS, _command

from .conftest import ROOT

#: Runs the command line on the arguments after the first, then writes the names of the modules imported to the
#: file the first names.
_PROBE = ("import json, sys\n"
          "from piquet_variants.cli import main\n"
          "status = main(sys.argv[2:])\n"
          "sys.stdout.flush()\n"
          "open(sys.argv[1], 'w', encoding='utf-8').write(json.dumps(sorted(sys.modules)))\n"
          "sys.exit(status)\n")
README = ["replay", "example:traite-art12", "--ruleset", "traite", "--ruleset", "cavendish-rubicon"]
#: What no command needs merely to start, nor the README's replay once its caches are warm.
UNUSED = ("jinja2", "citeproc", "jsonschema", "yaml", "dask", "piquet_variants.report", "piquet_variants.simulate",
          "piquet_variants.analysis", "piquet_variants.players", "piquet_variants.odds", "piquet_variants.rulebook")
#: What the README's replay needs no more than its caches warm: a record read back from the cache is built without
#: the notation's parser.
UNPARSED = ("lark", "piquet_variants.notation.parser", "piquet_variants.notation.statements")


def _imported(tmp_path: Path, *args: str, expect: int = 0) -> set[str]:
    out = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", _PROBE, str(out), *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PIQUET_VARIANTS_CACHE": str(tmp_path / "cache")}, timeout=120)
    assert done.returncode == expect, done.stderr
    return set(json.loads(out.read_text("utf-8")))


def _loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def _commands_modules(but: str = "") -> tuple[str, ...]:
    return tuple(f"piquet_variants.cli.{e.module}" for name, e in _COMMANDS.items() if name != but)


@pytest.mark.parametrize("name", list(_COMMANDS))
def test_each_summary_is_the_first_sentence_of_the_commands_own_help(name: str) -> None:
    assert _command(name).get_short_help_str() == _COMMANDS[name].summary


def test_help_loads_no_command(tmp_path: Path) -> None:
    modules = _imported(tmp_path, "--help")
    assert _loaded(modules, _commands_modules() + UNUSED + ("rich",)) == []


def test_help_in_french_loads_no_command_and_no_more_than_the_catalogue(tmp_path: Path) -> None:
    """The French help reads the catalogue (and what saying a message needs), nothing of a command."""
    english = _imported(tmp_path, "--help")
    modules = _imported(tmp_path, "--lang", "fr", "--help")
    assert _loaded(modules, _commands_modules() + UNUSED + ("rich",)) == []
    assert "piquet_variants.i18n" in modules and "piquet_variants.i18n" not in english


def test_the_readme_command_loads_only_its_own(tmp_path: Path) -> None:
    _imported(tmp_path, *README, expect=3)  # the caches filled (3: a book's figure disagrees, as the README says)
    modules = _imported(tmp_path, *README, expect=3)
    assert "piquet_variants.cli.replay" in modules
    assert _loaded(modules, _commands_modules(but="replay") + UNUSED + UNPARSED) == []


def test_the_console_script_collects_garbage_while_a_command_works(tmp_path: Path) -> None:
    """Collection is off while the console script starts, and on again (what start-up made frozen) once the
    command is about to work, so that a long command's memory stays bounded."""
    probe = ("import atexit, gc, sys\n"
             "sys.argv = ['piquet-variants', 'rulesets', 'list', '--format', 'json']\n"
             "atexit.register(lambda: print('collecting', gc.isenabled(), gc.get_freeze_count() > 0, file=sys.stderr))\n"
             "from piquet_variants.console import run\n"
             "run()\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PIQUET_VARIANTS_CACHE": str(tmp_path / "cache")})
    assert done.returncode == 0 and "collecting True True" in done.stderr, done.stderr
