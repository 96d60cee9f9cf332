"""Every engine rule is read by the engine: a leaf of ``Rules`` that no code under ``engine/`` reads is a defect.

The engine reads a rule as ``….group.leaf`` or through a local name bound to
the group (``pq = rules.pique`` … ``pq.threshold``).  The test parses the
engine's source and collects both forms, so a new leaf in the schema (and the
model) fails here until the engine acts on it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from piquet_variants.schemas import rule_leaves

ENGINE = Path(__file__).resolve().parent.parent / "piquet_variants" / "engine"


def rules_read(source: str) -> set[tuple[str, str]]:
    """(group, leaf) pairs read in one module."""
    groups = set(rule_leaves())
    tree = ast.parse(source)
    aliases: dict[str, str] = {}  # local name -> the group it was bound to
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = node.targets[0].elts if isinstance(node.targets[0], ast.Tuple) else node.targets
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            for target, value in zip(targets, values):
                if isinstance(target, ast.Name) and isinstance(value, ast.Attribute) and value.attr in groups:
                    aliases[target.id] = value.attr
    read = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        if isinstance(owner, ast.Attribute) and owner.attr in groups:
            read.add((owner.attr, node.attr))
        elif isinstance(owner, ast.Name) and owner.id in aliases:
            read.add((aliases[owner.id], node.attr))
    return read


def test_the_reader_sees_both_forms() -> None:
    code = "def f(rules):\n    pq, g = rules.pique, rules.game\n    return pq.threshold + rules.repique.bonus + g.target\n"
    assert rules_read(code) >= {("pique", "threshold"), ("repique", "bonus"), ("game", "target")}


def test_every_engine_rule_is_read_by_the_engine() -> None:
    read: set[tuple[str, str]] = set()
    for module in sorted(ENGINE.glob("*.py")):
        read |= rules_read(module.read_text("utf-8"))
    leaves = {(group, leaf) for group, specs in rule_leaves().items() for leaf in specs}
    unread = sorted(f"{g}.{k}" for g, k in leaves - read)
    assert not unread, f"rules no code under piquet_variants/engine/ reads: {', '.join(unread)}"
