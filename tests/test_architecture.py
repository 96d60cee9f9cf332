"""docs/architecture.md matches the tree: every path it names exists, it names every package and module, and
the package's imports keep to its drawing of the layers, with no module importing itself through others."""

from __future__ import annotations

import ast
import re
import shutil
from functools import cache
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

from .conftest import ROOT

PAGE = ROOT / "docs" / "architecture.md"
PACKAGE = ROOT / "piquet_variants"
_FILES = (".py", ".json", ".md", ".lark", ".yaml")


def _named() -> set[str]:
    """The paths the page names: in backquotes, and in its diagram."""
    text = PAGE.read_text(encoding="utf-8")
    quoted = set(re.findall(r"`([^`\s]+)`", text))
    diagram = text.split("```")[1]
    drawn = set(re.findall(r"[\w/]+(?:\.py|/)", diagram))
    return {p for p in quoted | drawn if "/" in p or p.endswith(_FILES)}


def _exists(path: str) -> bool:
    """A file or folder from the checkout's root or the package's; ``module.name`` is a name defined there."""
    for base in (ROOT, PACKAGE):
        if (base / path).exists():
            return True
        module, dot, name = path.rpartition(".")
        if dot and not path.endswith(_FILES) and (base / f"{module}.py").is_file():
            source = (base / f"{module}.py").read_text(encoding="utf-8")
            if re.search(rf"^(?:def|class) {re.escape(name)}\b|^{re.escape(name)}\b.*=", source, re.MULTILINE):
                return True
    return False


def test_every_path_the_page_names_exists() -> None:
    missing = sorted(p for p in _named() if not _exists(p))
    assert not missing, f"docs/architecture.md names what the tree does not have: {missing}"


def test_the_page_names_every_package_and_module() -> None:
    named = _named()
    wanted = [f"piquet_variants/{p.parent.name}/" for p in PACKAGE.glob("*/__init__.py")]
    unnamed = [p for p in wanted if not any(n.startswith(p) for n in named)]
    modules = [p.name for p in PACKAGE.glob("*.py") if not p.name.startswith("__")]
    unnamed += [m for m in modules if not any(n == m or n.endswith(f"/{m}") for n in named)]
    assert not unnamed, f"docs/architecture.md does not name: {unnamed}"


#: The page's layers, lowest first, each a band of its drawing: the parts of the package in it (a module, or a
#: sub-package whole).  A part imports only the parts of its own layer and of those below.  The presentation is
#: six layers of its own, each speaking through the one below it: the lexicon (ids and their words), the
#: interface's words (``i18n``), the rules and the engine's notes said (``rulebook``, ``saying``), a deal told
#: (``narrative``), the report's site, the command line; the console script sits on top.  ``render`` draws the
#: tables and Markdown every layer above hands it, and knows nothing of them: it is support.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("cards", "errors", "files", "stored", "resources", "examples", "compiled", "located", "schemas", "render"),
    ("ruleset", "records", "notation"),
    ("engine",),
    ("players",),
    ("attribution", "analysis", "agreement", "simulate", "odds"),
    ("api", "__init__"),
    ("lexicon",),
    ("i18n",),
    ("rulebook", "saying"),
    ("narrative",),
    ("report",),
    ("cli",),
    ("console", "__main__"),
)
RANK = {part: rank for rank, parts in enumerate(LAYERS) for part in parts}
#: Parts of one layer that sit side by side: neither imports the other (the rules and the records; the rules said
#: and the engine's notes said).
SIDE_BY_SIDE: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    (frozenset({"ruleset"}), frozenset({"records", "notation"})),
    (frozenset({"rulebook"}), frozenset({"saying"})),
)


def _part(module: str) -> str:
    """The part of the package a dotted module name belongs to (``piquet_variants.engine.deal``: ``engine``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_imports(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module of the package under ``root`` and the package's modules it imports, from its import statements
    wherever they stand (in a function, or for the type checker only: an import is a dependence all the same).
    ``from .x import name`` imports the module ``x.name`` where there is one, else ``x``."""
    paths = {}
    for path in (root / "piquet_variants").rglob("*.py"):
        dotted = ".".join(path.relative_to(root).with_suffix("").parts)
        paths[dotted.removesuffix(".__init__")] = path
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("piquet_variants")):
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]) if node.level else ""
                named = ".".join(filter(None, (base, node.module)))
                found |= {f"{named}.{a.name}" if f"{named}.{a.name}" in paths else named for a in node.names}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("piquet_variants.")}
        graph[module] = {m for m in found if m in paths and m != module}
    return graph


@cache
def _the_package() -> dict[str, set[str]]:
    """The checkout's own module graph, read once for the tests that ask it."""
    return _module_imports()


def _imports(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Each (importing part, imported part) pair of a module graph."""
    return {(_part(a), _part(b)) for a, targets in graph.items() for b in targets if _part(a) != _part(b)}


def upward(pairs: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """The imports that run against the layers: up, or across between parts that sit side by side."""
    beside = {(a, b) for one, other in SIDE_BY_SIDE for a in one for b in other}
    return sorted((a, b) for a, b in pairs if RANK[b] > RANK[a] or (a, b) in beside or (b, a) in beside)


def cycle(graph: dict[str, set[str]]) -> list[str]:
    """A cycle of modules that import one another, through any number of others; none where there is none."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as found:
        return list(found.args[1])
    return []


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {p.parent.name for p in PACKAGE.glob("*/__init__.py")} | {p.stem for p in PACKAGE.glob("*.py")}
    assert parts <= set(RANK), sorted(parts - set(RANK))


def test_each_layer_imports_only_the_layers_below_it() -> None:
    assert not (found := upward(_imports(_the_package()))), f"imports against docs/architecture.md: {found}"


def test_no_module_imports_itself_through_others() -> None:
    assert not (found := cycle(_the_package())), f"modules that import one another: {' -> '.join(found)}"


def test_the_drawing_shows_each_layer_as_the_test_ranks_it() -> None:
    """The page's drawing, band by band from the bottom, is ``LAYERS``: every part drawn, each in its layer's
    band (the package's ``__init__`` and ``__main__`` go undrawn)."""
    diagram = PAGE.read_text(encoding="utf-8").split("```")[1]
    bands = [{re.split(r"[/.]", name)[0] for name in re.findall(r"[\w/]+(?:\.py|/)", band)}
             for band in re.split(r"\n\s*\|\s*\n", diagram)]
    assert bands[::-1] == [set(layer) - {"__init__", "__main__"} for layer in LAYERS]


_PRESENTED = [(below, above) for below, above in zip(LAYERS, LAYERS[1:]) if RANK["lexicon"] <= RANK[below[0]]]


@pytest.mark.parametrize("lower, upper", _PRESENTED, ids=[f"{a[0]}-{b[0]}" for a, b in _PRESENTED])
def test_an_import_up_between_the_presentations_layers_is_found(lower: tuple[str, ...],
                                                                upper: tuple[str, ...]) -> None:
    """Each presentation layer importing the one above it, in a graph of the package's own imports with that one
    added, is said to run up; the two sides of a layer importing each other, to run across."""
    added = {(lower[0], upper[-1])}
    assert upward(_imports(_the_package()) | added) == sorted(added)
    if len(lower) > 1:
        assert upward({(lower[0], lower[1])}) == [(lower[0], lower[1])]


def _copy(to: Path) -> Path:
    """The package's modules, copied under ``to`` (the rest of the tree plays no part in its imports)."""
    for path in PACKAGE.rglob("*.py"):
        (to / path.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, to / path.relative_to(ROOT))
    return to


def test_the_lexicon_importing_the_interfaces_words_again_fails_both_tests(tmp_path: Path) -> None:
    """The lexicon once took its language's type from ``i18n``, which reads the lexicon: in a copy of the tree
    with that import back (for the type checker only, as it was), the layers and the cycle are both found."""
    tree = _copy(tmp_path)
    lexicon = tree / "piquet_variants" / "lexicon" / "__init__.py"
    lexicon.write_text(lexicon.read_text(encoding="utf-8").replace(
        "from dataclasses import", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..i18n import t\n"
        "from dataclasses import", 1), encoding="utf-8")
    graph = _module_imports(tree)
    assert upward(_imports(graph)) == [("lexicon", "i18n")]
    assert set(cycle(graph)) == {"piquet_variants.lexicon", "piquet_variants.i18n"}


def test_two_commands_modules_importing_each_other_are_a_cycle(tmp_path: Path) -> None:
    """Inside one layer the imports may go either way but not round: ``cli.complete`` asking ``cli.common`` (which
    names ``complete``'s functions) for a ruleset again is found."""
    tree = _copy(tmp_path)
    complete = tree / "piquet_variants" / "cli" / "complete.py"
    complete.write_text(complete.read_text(encoding="utf-8") + "\n\ndef _back() -> None:\n"
                        "    from .common import resolve_ruleset\n", encoding="utf-8")
    graph = _module_imports(tree)
    assert not upward(_imports(graph))
    assert set(cycle(graph)) == {"piquet_variants.cli.common", "piquet_variants.cli.complete"}
