"""docs/architecture.md matches the tree: every path it names exists, and it names every package and module."""

from __future__ import annotations

import ast
import re

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


#: The page's layers, lowest first: each part of the package and the layer it belongs to.  Records and rules sit
#: side by side (one rank, and neither imports the other).
LAYERS: dict[str, int] = {
    **dict.fromkeys(("cards", "errors", "files", "stored", "resources", "examples", "compiled", "located",
                     "schemas"), 0),
    **dict.fromkeys(("ruleset", "records", "notation"), 1),
    "engine": 2,
    "players": 3,
    **dict.fromkeys(("attribution", "analysis", "simulate", "odds"), 4),
    **dict.fromkeys(("api", "__init__"), 5),
    **dict.fromkeys(("cli", "report", "rulebook", "render", "lexicon", "i18n", "narrative", "saying", "__main__",
                     "console"), 6),
}
_SIDE_BY_SIDE = {"ruleset": {"records", "notation"}, "records": {"ruleset"}, "notation": {"ruleset"}}


def _part(module: str) -> str:
    """The part of the package a dotted module name belongs to (``piquet_variants.engine.deal``: ``engine``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _imports() -> set[tuple[str, str]]:
    """Each (importing part, imported part) pair of the package, from the modules' import statements."""
    pairs = set()
    for path in PACKAGE.rglob("*.py"):
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        package = dotted.removesuffix(".__init__") if path.name == "__init__.py" else dotted.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1])
                targets = [f"{base}.{node.module}"] if node.module else [f"{base}.{a.name}" for a in node.names]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("piquet_variants"):
                targets = [node.module or ""]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name.startswith("piquet_variants.")]
            else:
                continue
            pairs |= {(_part(dotted), _part(t)) for t in targets if _part(t) != _part(dotted)}
    return pairs


def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {p.parent.name for p in PACKAGE.glob("*/__init__.py")} | {p.stem for p in PACKAGE.glob("*.py")}
    assert parts <= set(LAYERS), sorted(parts - set(LAYERS))


def test_each_layer_imports_only_the_layers_below_it() -> None:
    upward = sorted((a, b) for a, b in _imports() if LAYERS[b] > LAYERS[a] or b in _SIDE_BY_SIDE.get(a, ()))
    assert not upward, f"imports against the layers of docs/architecture.md: {upward}"
