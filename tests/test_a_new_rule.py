"""A new rule is added in four places: the schema, the rule model, the engine code that reads it, and the lexicon.

The test does it, in a copy of the tree: a rule that adds points to the capot, read where the capot is scored,
worded in both languages.  The five shipped rulesets that extend nothing are not touched: each takes the rule at
its default, cited as unstated.  ``docs/rulesets.md`` is regenerated from the schema, as it always is (it is the
reference page the schema writes, not a file one edits).  Then the tests that hold the tree together run in the
copy: every rule read by the engine and worded in both lexicons, every shipped ruleset valid and its reference
page current, a user's rulesets, the architecture, and the replays of the shipped examples.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT

#: The rule's schema entry: its description and its default, which every ruleset that leaves it out takes.
SCHEMA = {"$ref": "#/$defs/rule", "description": "Added to the capot by a house rule.", "default": 0,
          "properties": {"value": {"type": "integer", "minimum": 0}}}

#: The other three files (the lexicon is one a language), each with an anchor already there and the text after it.
EDITS = {
    "piquet_variants/ruleset/model.py": ("    capot: int\n", "    capot_extra: int\n"),
    "piquet_variants/engine/scoring.py": ('[(w, "capot", c.capot', " + c.capot_extra"),
    "piquet_variants/lexicon/en.yaml": ("  cards.capot: {name: scored for capot}\n",
                                        "  cards.capot_extra: {name: added to the capot}\n"),
    "piquet_variants/lexicon/fr.yaml": ("  cards.capot: {name: compté pour le capot}\n",
                                        "  cards.capot_extra: {name: ajouté au capot}\n"),
}

TESTS = ["tests/test_engine_reads_rules.py", "tests/test_lexicon.py", "tests/test_rulesets.py",
         "tests/test_own_rulesets.py", "tests/test_broken_rulesets.py", "tests/test_architecture.py",
         "tests/test_replay.py"]


def _copy(to: Path) -> None:
    shutil.copytree(ROOT / "piquet_variants", to / "piquet_variants",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    for folder in ("rulesets", "grammar", "docs", "texts", "tests"):
        shutil.copytree(ROOT / folder, to / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy(ROOT / name, to / name)


def _edit(root: Path, name: str, anchor: str, added: str) -> None:
    path = root / name
    text = path.read_text("utf-8")
    assert text.count(anchor) == 1, f"{name}: the anchor is not found once"
    path.write_text(text.replace(anchor, anchor + added), "utf-8")


def test_a_new_rule_is_added_in_four_files_and_the_tree_holds(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    _copy(tree)
    schema_file = tree / "piquet_variants/schemas/ruleset.schema.json"
    schema = json.loads(schema_file.read_text("utf-8"))
    schema["$defs"]["rules"]["properties"]["cards"]["properties"]["capot_extra"] = SCHEMA
    schema_file.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", "utf-8")
    for name, (anchor, added) in EDITS.items():
        _edit(tree, name, anchor, added)
    env = {**os.environ, "PYTHONPATH": str(tree), "PIQUET_VARIANTS_CACHE": "off"}
    env.pop("PYTEST_XDIST_WORKER", None)
    reference = subprocess.run([sys.executable, "-m", "piquet_variants.rulebook.reference"], cwd=tree, env=env,
                               capture_output=True, text=True, timeout=300)
    assert reference.returncode == 0, reference.stderr
    (tree / "docs" / "rulesets.md").write_text(reference.stdout, "utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *TESTS], cwd=tree,
                         env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    # the rule is there, at its default, in a shipped root ruleset, cited as unstated; and the engine scores it
    probe = ("from piquet_variants.ruleset.compiler import load_ruleset, DEFAULT_NOTE\n"
             "r = load_ruleset('traite')\n"
             "e = next(e for e in r.entries if e.path == 'cards.capot_extra')\n"
             "print(r.rules.cards.capot_extra, e.citations[0].attestation, e.citations[0].note == DEFAULT_NOTE)\n")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tree, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.stdout.split() == ["0", "unstated", "True"], out.stderr
    # a user's ruleset sets it, and the capot of the treatise's coup scores five more
    (tmp_path / "house.yaml").write_text(
        "id: house\ntitle: A house rule\nextends: traite\n"
        "inherit_cite: {source: traite, locator: art. 12, attestation: unstated, note: As the treatise.}\n"
        "rules:\n  cards:\n    capot_extra:\n      value: 5\n"
        "      cite: [{source: traite, locator: art. 12, attestation: unstated, note: A house rule.}]\n", "utf-8")
    replay = subprocess.run([sys.executable, "-m", "piquet_variants", "replay", "example:traite-art12", "-r",
                             str(tmp_path / "house.yaml"), "--format", "json"], cwd=tree, env=env,
                            capture_output=True, text=True, timeout=300)
    scores = json.loads(replay.stdout)["results"][0]["deals"][0]["scores"]["Premier"]["by"]
    assert scores["capot"] == 45, replay.stderr
