"""docs/architecture.md matches the tree: every path it names exists, and it names every package and module."""

from __future__ import annotations

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
