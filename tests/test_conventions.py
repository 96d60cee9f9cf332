"""The command line's conventions: words whole in a narrow terminal, one way to write options, ids where files
are taken, shell completion, and the source texts shipped with the tool."""

from __future__ import annotations

import json
import os
import re

import pytest
from typer._completion_classes import BashComplete  # Typer carries its own copy of Click, and its shells
from typer.main import get_command

from piquet_variants.cli import app
from piquet_variants.lexicon import rule_name
from piquet_variants.render import _wrap


def test_a_narrow_terminal_never_splits_a_rule_path_a_label_or_an_id(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = cli("rulesets", "diff", "royall-1651", "modern-fr")
    assert code == 0 and max(map(len, out.splitlines())) <= 80
    code, doc, _ = cli("rulesets", "diff", "royall-1651", "modern-fr", "--format", "json")
    rows = json.loads(doc)
    words = out.split()
    lines = out.splitlines()
    for row in rows:
        assert row["path"] in lines or row["path"].replace(".", ".\n", 1) in out, row["path"]
        assert " ".join(rule_name(row["path"]).split()) in " ".join(words)
        assert row["label"] in words
        for side in ("a", "b"):
            for c in row[side]["citations"]:
                assert c["source"] in words, c["source"]
    assert not re.search(r"\w-\n|…", out)  # nothing cut at a hyphen, nothing shortened


def test_wrapping_breaks_between_words_or_after_a_dot() -> None:
    assert _wrap("deal.packet_change_announced_before", 20) == ["deal.", "packet_change_announced_before"]
    assert _wrap("the elder may stand or call a fresh deal", 12) == ["the elder", "may stand or", "call a fresh",
                                                                     "deal"]


def test_options_are_written_one_way_in_diff(cli) -> None:
    code, out, _ = cli("rulesets", "diff", "cavendish-rubicon", "cavendish-rubicon:partie=four-deals", "-f", "json")
    assert code == 0 and {r["label"] for r in json.loads(out)} == {"option"}
    code, out2, _ = cli("rulesets", "diff", "cavendish-rubicon", "cavendish-rubicon", "-o",
                        "cavendish-rubicon:partie=four-deals", "-f", "json")
    assert code == 0
    assert cli("rulesets", "diff", "traite", "marquoir", "--a-option", "x=y")[0] == 2  # the old way is gone


def test_validate_takes_ids_and_files(cli) -> None:
    code, out, err = cli("rulesets", "validate", "traite", "rulesets/marquoir.yaml")
    assert code == 0, err
    assert "rulesets/traite.yaml: valid" in out and "rulesets/marquoir.yaml: valid" in out
    code, _, err = cli("rulesets", "validate", "no-such-ruleset")
    assert code == 1 and "unknown ruleset 'no-such-ruleset'" in err


def _complete(args: list[str], incomplete: str) -> list[str]:
    completion = BashComplete(get_command(app), {}, "piquet-variants", "_PIQUET_VARIANTS_COMPLETE")
    return [c.value for c in completion.get_completions(args, incomplete)]


def test_completion_of_ruleset_ids_options_and_examples() -> None:
    assert _complete(["rulesets", "show"], "cav") == ["cavendish-au-cent", "cavendish-rubicon"]
    assert "cavendish-rubicon:partie=four-deals" in _complete(["rulesets", "diff", "traite"], "cavendish-rubicon:")
    assert "traite" in _complete(["replay", "example:traite-art12", "-r"], "tra")
    assert "end=race-100" in _complete(["rulesets", "show", "traite", "--option"], "end=")
    assert "example:traite-art12.piquet" in _complete(["replay"], "example:tr")
    assert "traite-art12.json" in _complete(["examples", "path"], "traite")
    assert "traite" in _complete(["rulesets", "validate"], "tr")
    assert _complete(["rulesets", "history"], "pique.w") == ["pique.who", "pique.with_repique"]


def test_the_text_behind_a_citation(cli) -> None:
    code, out, _ = cli("sources", "text", "royall-1651", "--at", "ch. IV")
    assert code == 0 and out.startswith("## CHAP. IV.") and "THe Dealer, that is to say" in out
    assert "CHAP. V." not in out
    code, out, _ = cli("sources", "text", "cavendish", "--at", "Law 61")
    assert code == 0 and "Carte blanche scores ten" in out
    code, _, err = cli("sources", "text", "marquoir")
    assert code == 1 and "not shipped" in err
    code, _, err = cli("sources", "text", "royall-1651", "--at", "ch. XL")
    assert code == 1 and "names no part" in err
    code, out, _ = cli("sources", "show", "royall-1651")
    assert "piquet-variants sources text royall-1651 --at LOCATOR" in out


@pytest.mark.parametrize(("text", "line", "words", "shown"), [
    ("id: x\ntitle: y\nrules:\n  deal:\n    hand:\n      value: 12\n     cite: []\n", 7,
     "this line is indented 5, as no line above it is (line 5 is indented 4, line 6 6)", "     cite: []"),
    ("id: x\nrules:\n  deal\n    hand: 12\n", 3, "'deal' has no ':' after it, as a key must", "  deal"),
    ('id: x\ntitle: "Piquet\nrules: {}\n', 2, 'the quotation opened here with " is never closed', 'title: "Piquet'),
    ("id: x\ntitle: [a, b\nrules: {}\n", 2, "the list opened here with '[' is not closed", "title: [a, b"),
    ("id: x\nextends: [\n", 2, "the list opened here with '[' is not closed", "extends: ["),  # the file ends in it
    ("id: x\nextends: [a, {b: 1}\n", 2, "the list opened here with '[' is not closed", "extends: [a, {b: 1}"),
    ("id: x\n\ttitle: y\n", 2, "a tab indents this line", "title: y"),
    ("id: x\ntitle: a: b\n", 2, "a value that holds ': ' must be put in quotes", "title: a: b"),
    ('id: x\ntitle: "it says "so" here"\n', 2, 'the quotation ends here, before the rest of the value: a " inside',
     'title: "it says "so" here"'),
    ("id: x\ntitle: 'it's here'\n", 2, "a ' inside single quotes is written twice ('')", "title: 'it's here'"),
    ("id: x\ntitle: y\nid: z\n", 3, "duplicate key 'id': it is given already at line 1", "id: z"),
    ("id: x\ntitle: y\nextends: traite\nrules:\n  deal:\n    hand:\n      value: twelve\n      cite: []\n", 7,
     "expected a whole number here, not text: 'twelve'", "value: twelve"),
])
def test_a_yaml_syntax_error_names_its_line_shows_it_and_says_what_is_wrong(
        cli, tmp_path, text: str, line: int, words: str, shown: str) -> None:  # noqa: ANN001
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    code, _, err = cli("rulesets", "validate", str(path))
    first, excerpt, pointer = err.splitlines()[:3]
    assert code == 1 and first.startswith(f"{path}:{line}:") and words in first, err
    assert shown in excerpt and pointer.strip() == "^", err
    column = int(first.split(":")[2])
    assert pointer.index("^") - 4 == column - 1  # the caret under the column named


def _commands(command, path: tuple[str, ...] = ()):  # noqa: ANN001, ANN202 - Click's objects, Typer's copy
    """Every command's words as typed, and its Click command, the groups included."""
    from piquet_variants.cli import _command
    yield path, command
    names = command.list_commands(None) if hasattr(command, "list_commands") else []
    for name in names:
        sub = _command(name) if not path else command.get_command(None, name)
        yield from _commands(sub, path + (name,))


def test_help_wraps_between_words_and_keeps_names_and_examples_whole(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for path, command in _commands(get_command(app)):
        code, out, _ = cli(*path, "--help")
        assert code == 0, path
        lines = out.splitlines()
        examples = [line for line in lines if line.startswith("    ") and "piquet-variants" in line]
        assert all(len(line) <= 80 for line in lines if line not in examples), (path, out)
        assert not re.search(r"…|\.\.\.$", out.replace("[ARGS]...", "")), (path, out)  # nothing shortened
        for param in getattr(command, "params", []):
            for name in (param.opts + param.secondary_opts) * (param.param_type_name == "option"):
                assert re.search(rf"(^|[\s,/]){re.escape(name)}([\s,]|$)", out, re.M), (path, name, out)
            if param.metavar:
                assert param.metavar in out, (path, param.metavar, out)
        paragraphs = out.split("\n\n")
        for example in examples:  # an example is a paragraph of one line, typed back as it stands
            assert example in paragraphs or example + "\n" in paragraphs or out.endswith(example + "\n"), example


@pytest.mark.parametrize("args", [("rulesets", "matrix", "--rules", "point.compare"),
                                  ("rulesets", "history", "point.compare"), ("rulesets", "conflicts"),
                                  ("rulesets", "show"), ("rulesets", "sources"), ("rulesets", "laws")])
def test_a_ruleset_named_as_an_argument_is_named_as_well_with_r(cli, args: tuple[str, ...]) -> None:
    many = args[1] in ("matrix", "history", "conflicts")
    given = ("cavendish-rubicon", "traite") if many else ("cavendish-rubicon",)
    code, out, err = cli(*args, *given, "--format", "json")
    flagged = [w for g in given for w in ("-r", g)]
    assert code == 0 and cli(*args, *flagged, "--format", "json") == (0, out, err)


def test_diff_and_cite_take_their_rulesets_with_r(cli) -> None:
    code, out, _ = cli("rulesets", "diff", "traite", "marquoir", "--format", "json")
    assert code == 0 and cli("rulesets", "diff", "-r", "traite", "-r", "marquoir", "--format", "json")[1] == out
    assert cli("rulesets", "diff", "traite", "-r", "marquoir", "--format", "json")[1] == out
    code, out, _ = cli("rulesets", "cite", "traite", "point.compare", "--format", "json")
    assert code == 0 and cli("rulesets", "cite", "-r", "traite", "point.compare", "--format", "json")[1] == out
    assert cli("rulesets", "diff", "traite")[0] == 2 and cli("rulesets", "cite", "traite")[0] == 2


def test_a_report_takes_its_rulesets_with_r(cli, tmp_path) -> None:  # noqa: ANN001
    code, out, err = cli("report", "-r", "traite", "-r", "marquoir", "--output", str(tmp_path / "site"))
    assert code == 0, err
    assert {p.stem for p in (tmp_path / "site" / "rulesets").glob("*.html")} >= {"traite", "marquoir"}


def test_validate_and_laws_take_a_ruleset_with_its_options(cli) -> None:
    code, out, err = cli("rulesets", "validate", "traite:end=race-100")
    assert code == 0 and out.strip().endswith("traite.yaml: valid"), err
    code, _, err = cli("rulesets", "validate", "traite:end=no-such-end")
    assert code == 1 and "option 'end' has no choice 'no-such-end'" in err
    code, out, err = cli("rulesets", "laws", "cavendish-rubicon:partie=four-deals", "--format", "json")
    assert code == 0 and out == cli("rulesets", "laws", "cavendish-rubicon", "--format", "json")[1], err


def _typed_with_tab(tmp_path, line: str, wanted: str) -> str:  # noqa: ANN001
    """What a real interactive bash shows after ``line`` and a TAB, with the completion Typer installs (run under
    tmux, on a socket of the test's own): the line once it holds ``wanted``, or as it stands after 60 s."""
    import shutil
    import subprocess
    import sys
    import time

    from typer._completion_shared import get_completion_script

    from .conftest import ROOT
    if shutil.which("tmux") is None:
        pytest.skip("tmux is not installed")
    (tmp_path / "bin").mkdir(exist_ok=True)
    program = tmp_path / "bin" / "piquet-variants"
    program.write_text(f"#!/bin/sh\nPYTHONPATH='{ROOT}' exec '{sys.executable}' -m piquet_variants \"$@\"\n")
    program.chmod(0o755)
    script = tmp_path / "completion.sh"
    script.write_text(get_completion_script(prog_name="piquet-variants", complete_var="_PIQUET_VARIANTS_COMPLETE",
                                            shell="bash"))
    tmux = ["tmux", "-S", str(tmp_path / "tmux.sock")]
    env = {**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}", "PS1": "$ ", "HOME": str(tmp_path)}
    subprocess.run([*tmux, "new-session", "-d", "-x", "250", "-y", "10", "bash --norc --noprofile"], env=env,
                   check=True, cwd=tmp_path)
    try:
        subprocess.run([*tmux, "send-keys", f"source {script}; clear", "Enter"], check=True)
        subprocess.run([*tmux, "send-keys", line, "Tab"], check=True)
        shown, deadline = "", time.monotonic() + 60
        while wanted not in shown and time.monotonic() < deadline:
            time.sleep(0.2)  # polling the pane, not waiting a fixed time: it stops as soon as bash has answered
            shown = subprocess.run([*tmux, "capture-pane", "-p"], capture_output=True, text=True).stdout
        return shown
    finally:
        subprocess.run([*tmux, "kill-server"], check=False)


@pytest.mark.parametrize(("line", "completed"), [
    ("piquet-variants replay example:traite-a", "piquet-variants replay example:traite-art12."),
    ("piquet-variants replay example:traite-art12 -r traite:e", "-r traite:end="),
    ("piquet-variants rulesets show cavendish-rubicon:pa", "show cavendish-rubicon:partie="),
])
def test_completion_in_a_real_bash_keeps_what_comes_before_a_colon(tmp_path, line: str, completed: str) -> None:  # noqa: ANN001
    shown = _typed_with_tab(tmp_path, line, completed)
    assert completed in shown and "example:example:" not in shown and "traite:traite:" not in shown, shown


def test_the_matrix_notes_wrap_between_words_and_stay_whole_when_piped(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    code, piped, _ = cli("rulesets", "matrix", "--rules", "deal.*")
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = cli("rulesets", "matrix", "--rules", "deal.*")
    assert code == 0 and max(map(len, out.splitlines())) <= 80
    notes = [line for line in piped.splitlines() if re.match(r"\[\d+\] ", line)]
    assert len(notes) > 20 and max(map(len, notes)) > 80  # long enough to need wrapping
    told = " ".join(out.split())
    for note in notes:  # every note whole, its words in order, only the line breaks moved
        assert " ".join(note.split()) in told, note
