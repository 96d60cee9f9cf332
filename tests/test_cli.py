"""The command line's conventions: --version, -h, completion, python -m, stdin, per-ruleset options,
warnings, incomplete deals, convert's refusal to overwrite, validate --format json, the shipped examples."""

from __future__ import annotations

import json
import importlib.util
import os
import stat
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from piquet_variants import examples
from piquet_variants.cli.common import choose_rulesets
from piquet_variants.errors import NotationError

from .conftest import ROOT

DEALS = ROOT / "docs" / "deals"
ART12 = DEALS / "traite-art12.piquet"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def _run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None,
         cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "piquet_variants", *args], input=stdin, capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, cwd=cwd, timeout=120)


def test_version(cli) -> None:
    code, out, err = cli("--version")
    assert (code, out, err) == (0, f"piquet-variants {VERSION}\n", "")


@pytest.mark.parametrize("args", [(), ("replay",), ("compare",), ("convert",), ("rulesets", "show"),
                                  ("rulesets", "validate"), ("examples",), ("examples", "copy")])
def test_dash_h_is_help(cli, args: tuple[str, ...]) -> None:
    code, out, _ = cli(*args, "-h")
    assert code == 0 and "Usage: piquet-variants" in out
    assert cli(*args, "--help")[1] == out


def test_python_dash_m_is_the_same_command(tmp_path: Path) -> None:
    done = _run("--version", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, f"piquet-variants {VERSION}\n")
    done = _run("rulesets", "list", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0 and "traite" in [r["id"] for r in json.loads(done.stdout)]


def test_shell_completion_installs_and_completes(tmp_path: Path) -> None:
    # run from bash (not exec'd by it), which is the shell typer detects and installs for
    done = subprocess.run(["bash", "-c", f"'{sys.executable}' -m piquet_variants --install-completion; exit $?"],
                          capture_output=True, text=True, env={**os.environ, "HOME": str(tmp_path)}, timeout=120)
    assert done.returncode == 0, done.stderr
    script = tmp_path / ".bash_completions" / "piquet-variants.sh"
    assert "_PIQUET_VARIANTS_COMPLETE" in script.read_text() and str(script) in (tmp_path / ".bashrc").read_text()
    done = _run(env={"_PIQUET_VARIANTS_COMPLETE": "complete_bash", "COMP_WORDS": "piquet-variants rep",
                     "COMP_CWORD": "1"})
    assert done.stdout.split() == ["replay", "report"]


@pytest.mark.parametrize("name", ["traite-art12.piquet", "traite-art12.json"])
def test_dash_reads_standard_input(name: str) -> None:
    done = _run("replay", "-", "--format", "json", stdin=(DEALS / name).read_text("utf-8"))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)["results"][0]
    assert result["file"] == "<stdin>" and result["ruleset"] == "traite"
    assert result["deals"][0]["scores"]["Premier"]["total"] == 201


def test_bad_standard_input_is_a_located_error() -> None:
    done = _run("replay", "-", stdin="{\"format\": \"piquet-record/1\", \"players\": [\"A\"]}")
    assert done.returncode == 1 and done.stderr.startswith("<stdin>:1:") and "Traceback" not in done.stderr


def test_per_ruleset_options() -> None:
    both = choose_rulesets(["traite:end=race-100", "cavendish-rubicon"], None)
    assert dict(both[0].chosen)["end"] == "race-100" and dict(both[1].chosen)["partie"] == "six-deals"
    named = choose_rulesets(["traite", "cavendish-rubicon"],
                            ["traite:end=race-100", "cavendish-rubicon:partie=four-deals"])
    assert dict(named[0].chosen)["end"] == "race-100" and dict(named[1].chosen)["partie"] == "four-deals"
    # a bare option goes to the rulesets that have it, and only to them
    bare = choose_rulesets(["traite", "cavendish-rubicon", "traite-languedoc"], ["end=race-100"])
    assert [dict(rs.chosen).get("end") for rs in bare] == ["race-100", None, "race-100"]
    assert bare[0].rules.game.end == "race" and bare[0].rules.game.target == 100


def test_per_ruleset_options_on_the_command_line(cli) -> None:
    code, out, err = cli("replay", "example:rubicon-partie", "-r", "traite", "-r", "cavendish-rubicon",
                         "-o", "end=race-100", "--format", "json")
    # the treatise's race to 100 is won in the second deal: the four written after it are named, under it alone
    assert code in (0, 3) and [line.split(": ", 5)[3:5] for line in err.splitlines()] == [
        ["traite", f"deal {n}"] for n in (3, 4, 5, 6)] and "written after the partie was decided" in err
    assert [r["ruleset"] for r in json.loads(out)["results"]] == ["traite", "cavendish-rubicon"]
    code, _, err = cli("replay", "example:rubicon-partie", "-r", "cavendish-rubicon", "-o", "end=race-100")
    assert code == 1 and "no ruleset given has an option 'end'" in err and "cavendish-rubicon: partie" in err
    code, _, err = cli("replay", "example:rubicon-partie", "-r", "cavendish-rubicon", "-o", "traite:end=race-100")
    assert code == 1 and "'traite' is not one of the rulesets given" in err
    code, _, err = cli("replay", "example:rubicon-partie", "-r", "traite:end=race-9")
    assert code == 1 and "option 'end' has no choice 'race-9'" in err and "Traceback" not in err


def _art12(tmp_path: Path, name: str, change) -> Path:
    """The art. 12 record as JSON, changed, in a file of its own."""
    record = json.loads((DEALS / "traite-art12.json").read_text("utf-8"))
    change(record)
    path = tmp_path / name
    path.write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    return path


def test_a_warning_when_the_ruleset_is_assumed(cli, tmp_path: Path) -> None:
    path = _art12(tmp_path, "untagged.json", lambda r: r.pop("ruleset"))
    code, out, err = cli("replay", str(path), "--format", "json")
    assert err == f"piquet-variants: warning: {path}: no Ruleset tag and no --ruleset: replayed under modern-fr\n"
    assert json.loads(out)["results"][0]["ruleset"] == "modern-fr" and code == 3
    assert cli("replay", str(path), "-r", "traite")[2] == ""  # chosen, not assumed
    assert cli("replay", str(DEALS / "traite-art12.json"))[2] == ""  # named by the record


def test_a_deal_not_played_out_is_flagged(cli, tmp_path: Path) -> None:
    def last_trick_of_one_card(record: dict) -> None:
        deal = record["deals"][0]
        deal["tricks"][-1] = deal["tricks"][-1][:1]
        del deal["claimed"]

    path = _art12(tmp_path, "short.json", last_trick_of_one_card)
    code, out, err = cli("replay", str(path))
    flag = "deal 1 is not played out (11 tricks played and a lead)"
    assert code == 0 and f"! {flag}" in out and "\npartie:" not in out  # a single deal: no partie line
    assert err.startswith(f"piquet-variants: warning: {path}: {flag}")
    code, out, _ = cli("replay", str(path), "--format", "json")
    assert json.loads(out)["results"][0]["deals"][0]["complete"] is False


def test_convert_does_not_overwrite_its_input_unless_in_place(cli, tmp_path: Path) -> None:
    path = _art12(tmp_path, "art12.json", lambda r: None)
    original = path.read_text("utf-8")
    code, out, err = cli("convert", str(path), "-O", str(path))
    assert code == 2 and "--in-place" in err and path.read_text("utf-8") == original
    os.chmod(path, 0o640)
    inode = path.stat().st_ino
    code, _, err = cli("convert", str(path), "--in-place")
    assert code == 0 and err == ""
    assert path.stat().st_ino != inode and stat.S_IMODE(path.stat().st_mode) == 0o640  # replaced, mode kept
    # in its own format, JSON still, the same record, its language (English, unstated) now written out
    assert json.loads(path.read_text("utf-8")) == dict(json.loads(original), lang="en")
    code, _, err = cli("convert", "example:traite-art12", "--in-place")
    assert code == 2 and "only a file of your own" in err


def test_convert_keeps_an_existing_outputs_permissions(cli, tmp_path: Path) -> None:
    out = tmp_path / "art12.json"
    out.write_text("{}", "utf-8")
    os.chmod(out, 0o604)
    assert cli("convert", "example:traite-art12", "-O", str(out))[0] == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o604 and json.loads(out.read_text("utf-8"))["ruleset"] == "traite"
    new = tmp_path / "new.json"
    assert cli("convert", "example:traite-art12", "-O", str(new))[0] == 0
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask  # not a temporary file's 0600


def test_validate_format_json(cli) -> None:
    good, bad = ROOT / "rulesets" / "traite.yaml", ROOT / "tests" / "broken" / "bad-enum.yaml"
    code, out, err = cli("rulesets", "validate", str(good), str(bad), "--format", "json")
    checked = json.loads(out)
    assert code == 1 and err == ""
    assert [(c["file"], c["valid"]) for c in checked] == [(str(good), True), (str(bad), False)]
    problem = checked[1]["problems"][0]
    assert problem["file"] == str(bad) and problem["line"] > 1 and problem["message"]
    assert cli("rulesets", "validate", str(good), "--format", "json")[0] == 0


def test_examples_list_path_and_copy(cli, tmp_path: Path) -> None:
    code, out, _ = cli("examples", "--format", "json")
    listed = json.loads(out)
    assert code == 0 and {e["file"] for e in listed} == {p.relative_to(DEALS).as_posix() for p in DEALS.rglob("*")
                                                         if p.suffix in (".piquet", ".json")}
    assert "cases/case-01.json" in {e["file"] for e in listed}  # the Cases, in their subfolder
    art12 = next(e for e in listed if e["file"] == "traite-art12.piquet")
    assert art12["ruleset"] == "traite" and "art. 12" in art12["source"]
    code, out, _ = cli("examples", "path", "traite-art12")
    assert code == 0 and Path(out.strip()).read_bytes() == ART12.read_bytes()
    assert cli("examples", "path", "traite-art12.json")[1].strip().endswith("traite-art12.json")
    code, _, err = cli("examples", "path", "traite-art21")
    assert code == 1 and "did you mean 'traite-art12'?" in err
    code, out, _ = cli("examples", "copy", str(tmp_path / "mine"))
    assert code == 0 and (tmp_path / "mine" / "traite-art12.piquet").read_bytes() == ART12.read_bytes()
    assert len(out.splitlines()) == len([p for p in examples.folder().rglob("*") if p.is_file()])
    assert (tmp_path / "mine" / "cases" / "case-01.json").is_file()
    code, _, err = cli("examples", "copy", str(tmp_path / "mine"))
    assert code == 1 and "already there; nothing was copied" in err


def test_examples_list_is_examples(cli) -> None:
    for args in ((), ("--format", "json"), ("--format", "markdown", "--lang", "fr")):
        code, out, err = cli("examples", "list", *args)
        assert code == 0 and out == cli("examples", *args)[1] and "traite-art12" in out, err
    assert "\nexample:traite-art12 " in cli("examples")[1]  # named in the table as it is typed


def test_an_example_replays_by_name_from_anywhere(tmp_path: Path) -> None:
    import piquet_variants  # the code this process tests, the checkout's or the installed one, run from elsewhere
    done = _run("replay", "example:traite-art12", "-r", "traite", "-r", "cavendish-rubicon", cwd=tmp_path,
                env={"PYTHONPATH": str(Path(piquet_variants.__file__).parent.parent)})
    assert done.returncode == 3 and "example:traite-art12: cavendish-rubicon" in done.stdout


def test_an_example_is_named_as_typed_not_by_where_it_is_installed(cli) -> None:
    folder = str(examples.folder())
    code, out, _ = cli("replay", "example:traite-art12", "-r", "traite")
    assert code == 0 and out.startswith("example:traite-art12: traite\n") and folder not in out
    code, out, _ = cli("replay", "example:traite-art12.json", "-r", "traite", "--format", "json")
    assert {r["file"] for r in json.loads(out)["results"]} == {"example:traite-art12.json"}
    code, out, _ = cli("chouette", "example:cavendish-chouette")
    assert folder not in out and "example:cavendish-chouette: " in out


#: Run in one interpreter: the command line imported, then each command in a child forked from it, which starts
#: as a fresh process would at that point, and says which of the watched modules it loaded; the interpreter's
#: start-up is paid once, not once a command.
_LOADED = """
import json, os, sys
from piquet_variants.cli import main
for args in json.loads(sys.argv[1]):
    read, write = os.pipe()
    child = os.fork()
    if child == 0:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        main(args)
        os.write(write, " ".join(m for m in ("pydantic", "rich", "jsonschema") if m in sys.modules).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as said:
        print(said.read())
    os.waitpid(child, 0)
"""


def test_start_up_imports_only_what_the_command_needs(tmp_path: Path) -> None:
    """No pydantic (typer 0.29 would import it to coerce every parameter); rich only where a table is printed;
    jsonschema only where JSON is validated without jsonschema-rs (the shipped rulesets come from the cache, once it
    is warm)."""
    commands = [["rulesets", "list", "--format", "json"],  # every shipped ruleset compiled, and kept
                ["rulesets", "list", "--format", "json"], ["replay", "example:traite-art12", "--format", "json"],
                ["replay", "example:traite-art12"], ["replay", "example:traite-art12.json", "--format", "json"]]
    done = subprocess.run([sys.executable, "-c", _LOADED, json.dumps(commands)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PIQUET_VARIANTS_CACHE": str(tmp_path)})
    loaded = [set(line.split()) for line in done.stdout.split("\n")[:len(commands)]]
    assert done.returncode == 0 and len(loaded) == len(commands), done.stderr
    assert loaded[1:4] == [set(), set(), {"rich"}]
    # A valid JSON record is checked by jsonschema-rs where it is installed, and needs jsonschema only for messages.
    fast = importlib.util.find_spec("jsonschema_rs") is not None
    assert loaded[4] == (set() if fast else {"jsonschema"})


def test_a_notation_file_is_parsed_once_until_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from piquet_variants.cli.common import load_deals
    from piquet_variants.notation import reader

    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "art12.piquet"
    path.write_text(ART12.read_text("utf-8"), "utf-8")
    (first,) = load_deals(path)
    parsed = []
    real = reader.records
    monkeypatch.setattr(reader, "records", lambda pieces, name: parsed.append(Path(name)) or real(pieces, name))
    (again,) = load_deals(path)
    assert parsed == [] and (again.file, again.model, again.located.lines) == (first.file, first.model,
                                                                                first.located.lines)
    path.write_text(ART12.read_text("utf-8").replace("Premier", "Primus"), "utf-8")
    (changed,) = load_deals(path)
    assert changed.model.players == ("Primus", "Dernier") and parsed == [path]
    path.write_text("donne 1, donneur", "utf-8")  # an error is said every time, never kept
    for _ in range(2):
        (bad,) = load_deals(path)
        assert isinstance(bad, NotationError)
    assert len(parsed) == 3


@pytest.mark.parametrize("lang,words", [
    ("en", "partie: A 91, B 91; the partie is tied after 6 deals: Law 71 asks for two more deals, one dealt by each "
           "player, before it is settled; 2 still to deal"),
    ("fr", "partie: A 91, B 91; la partie est à égalité après 6 donnes : chaque joueur donne encore une fois, deux "
           "donnes de plus, avant qu'elle soit réglée (loi 71) ; encore 2 à donner")])
def test_a_partie_tied_after_its_last_deal_is_said_aloud(cli: Any, tmp_path: Path, lang: str, words: str) -> None:
    """Six deals leave the totals equal (Case XXII's last deal, from A 62 and B 91): the replay says the partie is
    tied and what the ruleset's source asks for, in the reader's language, and warns; JSON says how many deals
    are still to deal."""
    text = (DEALS / "cases" / "case-22.piquet").read_text("utf-8")
    text = text.replace('[ScoreSoFar "A" "62" "B" "92"]', '[ScoreSoFar "A" "62" "B" "91"]')
    text = "\n".join(line for line in text.splitlines()
                     if not line.strip().startswith(("{", "totals", "winner", "points won")))
    path = tmp_path / "tied.piquet"
    path.write_text(text, encoding="utf-8")
    code, out, err = cli("replay", str(path), "--no-narrative", "--lang", lang)
    assert code == 0 and words in out and words.split("; ", 1)[1] in err
    code, out, _ = cli("replay", str(path), "--format", "json")
    partie = json.loads(out)["results"][0]["partie"]
    assert partie["finished"] is False and partie["winner"] is None and partie["tie_deals_left"] == 2
