"""The wheel carries the rulesets, the grammar and the schemas as package data; the engine is compiled where CI expects it."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
import tomllib
import zipfile

import pytest
import yaml

from .conftest import ROOT


@pytest.mark.skipif(not os.environ.get("PIQUET_VARIANTS_WHEEL"),
                    reason="only where CI runs the suite against the wheel it built (.ci/run)")
def test_wheel_ships_the_data() -> None:
    wheel = zipfile.ZipFile(os.environ["PIQUET_VARIANTS_WHEEL"])
    names = set(wheel.namelist())
    for ruleset in (ROOT / "rulesets").glob("*.yaml"):
        assert f"piquet_variants/data/rulesets/{ruleset.name}" in names
    for table in (ROOT / "rulesets" / "laws").glob("*.yaml"):  # the tables of laws (rulesets laws)
        assert f"piquet_variants/data/rulesets/laws/{table.name}" in names
    assert "piquet_variants/schemas/laws.schema.json" in names
    for grammar in (ROOT / "grammar").glob("*.lark"):
        assert f"piquet_variants/data/grammar/{grammar.name}" in names
    assert "piquet_variants/schemas/ruleset.schema.json" in names
    assert "piquet_variants/schemas/simulation.schema.json" in names
    for template in (ROOT / "piquet_variants" / "report" / "templates").iterdir():  # the report's, read by Jinja2
        assert f"piquet_variants/report/templates/{template.name}" in names
    assert "piquet_variants/report/static/style.css" in names
    deals = ROOT / "docs" / "deals"
    for example in (p for p in deals.rglob("*") if p.is_file()):
        assert f"piquet_variants/data/deals/{example.relative_to(deals).as_posix()}" in names
    for lang in ("en", "fr"):  # the lexicon's words
        assert f"piquet_variants/lexicon/{lang}.yaml" in names
        assert f"piquet_variants/locale/{lang}/LC_MESSAGES/piquet_variants.mo" in names  # the interface's
    texts = ROOT / "texts"  # the source texts that may be shipped, with their licences; never the Marquoir page
    for text in (p for p in texts.rglob("*") if p.is_file()):
        assert f"piquet_variants/data/texts/{text.relative_to(texts).as_posix()}" in names
    assert "piquet_variants/data/texts/README.md" in names
    assert not any(n.startswith("piquet_variants/data/texts/seeds/003_") for n in names)
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    requires = [line for line in wheel.read(metadata).decode().splitlines()
                if line.startswith("Requires-Dist: ") and "extra ==" not in line]
    assert any(line.startswith("Requires-Dist: Jinja2") for line in requires)  # a plain install has the report
    assert any(n.endswith("entry_points.txt") for n in names)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_license_and_citation_agree_with_the_package() -> None:
    """LICENSE is the MIT text pyproject names; CITATION.cff cites this version under that licence."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0" and cff["type"] == "software"
    assert cff["version"] == project["version"] and cff["license"] == project["license"]
    assert cff["authors"] and all(a.get("name") or a.get("family-names") for a in cff["authors"])
    assert cff["title"].startswith(project["name"])


_COMPILED_ONLY = pytest.mark.skipif(not os.environ.get("PIQUET_VARIANTS_EXPECT_COMPILED"),
                                    reason="only where CI runs the suite against a wheel built with a C compiler")

# Seeded random parties under every shipped ruleset: which engine ran, then every deal's scores and each result.
_PARTIES = """
import random
from piquet_variants.engine import deal
from piquet_variants.players.random_player import random_deal, random_partie
from piquet_variants.engine.scoring import score_deal
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids
print(deal.__file__.endswith(".py"))
for rid in shipped_ids():
    rules = load_ruleset(rid).rules
    rng = random.Random(rid)
    for _ in range(300):
        s = score_deal(random_deal(rules, rng))
        print(rid, s.totals, s.by, s.events)
    for _ in range(5):
        print(rid, random_partie(rules, rng).result())
"""


@_COMPILED_ONLY
def test_engine_is_compiled() -> None:
    """Every module setup.py compiles is imported as compiled code, not as its source."""
    setup = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    paths = next(ast.literal_eval(node.value) for node in setup.body
                 if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "COMPILED")
    for path in paths:
        module = importlib.import_module(path.removesuffix(".py").replace("/", "."))
        assert not module.__file__.endswith(".py"), module.__file__


@_COMPILED_ONLY
def test_compiled_engine_plays_as_its_source(tmp_path) -> None:
    """The same seeds give the same deals, scores, events and parties compiled as in the checkout's plain source."""
    def run(env: dict[str, str]) -> list[str]:
        out = subprocess.run([sys.executable, "-c", _PARTIES], cwd=tmp_path, env={**os.environ, **env},
                             capture_output=True, text=True, check=True).stdout.splitlines()
        return out

    compiled, source = run({}), run({"PYTHONPATH": str(ROOT)})
    assert (compiled[0], source[0]) == ("False", "True")  # each ran the engine it should
    assert len(compiled) > 1800 and compiled[1:] == source[1:]
