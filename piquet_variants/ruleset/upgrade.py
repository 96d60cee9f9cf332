"""``rulesets upgrade``: a ruleset file of an older format rewritten to the current one, its comments kept.

The file is read and written by ruamel.yaml's round trip, which keeps the
comments, the order of keys and the quoting; only the renamed keys (with their
values, where those were renamed too) and the ``format`` line change.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.error import YAMLError

from ..errors import PiquetError, msg
from ..located import load_text
from ..schemas.formats import FORMAT, RENAMED


class UpgradeFailure(PiquetError):
    """A file the upgrade cannot read as a ruleset's YAML, or that holds an old key and its new one both."""


def _rule_trees(doc: Any) -> Iterator[tuple[str, Any]]:
    """Each ``rules`` mapping of the file, with where it stands: the file's own, and each option choice's."""
    yield "rules", doc.get("rules")
    options = doc.get("options")
    for name, spec in (options.items() if isinstance(options, dict) else ()):
        choices = spec.get("choices") if isinstance(spec, dict) else None
        for choice, body in (choices.items() if isinstance(choices, dict) else ()):
            if isinstance(body, dict):
                yield f"options.{name}.choices.{choice}.rules", body.get("rules")


def upgrade(text: str, name: str) -> tuple[str, list[str]]:
    """The file's text in the current format, and each change made, in words.

    The text is first read as every ruleset is (``located.load_text``, whose
    ``LoadFailure`` says where it is not YAML): its size, its nesting and its
    syntax are bounded there, where ruamel's round trip would recurse without
    bound on a document nested thousands deep.
    """
    load_text(text, name)
    yaml = YAML()
    yaml.preserve_quotes = True
    try:
        doc = yaml.load(text)
    except YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{name}:{mark.line + 1}:{mark.column + 1}" if mark is not None else name
        why = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise UpgradeFailure(msg("upgrade-not-yaml", "{where}: not YAML that can be upgraded: {why}", where=where,
                                 why=msg("yaml-reader", "the YAML reader says: {said}", said=why))) from None
    if not isinstance(doc, CommentedMap):
        raise UpgradeFailure(msg("upgrade-not-ruleset", "{name}: not a ruleset (a mapping of keys such as id, title "
                                 "and rules)", name=name))
    changes = []
    for at, rules in _rule_trees(doc):
        for r in RENAMED:
            group = rules.get(r.group) if isinstance(rules, dict) else None
            if not isinstance(group, CommentedMap) or r.old not in group:
                continue
            if r.new in group:
                raise UpgradeFailure(msg("upgrade-both", "{name}: {group} has both {old} and {new}: keep one", name=name,
                                         group=f"{at}.{r.group}", old=r.old, new=r.new))
            place, body = list(group).index(r.old), group[r.old]
            comment = group.ca.items.pop(r.old, None)
            del group[r.old]
            group.insert(place, r.new, body)
            if comment is not None:
                group.ca.items[r.new] = comment
            if isinstance(body, dict) and "value" in body:
                body["value"] = r.value(body["value"])
            changes.append(f"{at}.{r.group}.{r.old} is now {at}.{r.group}.{r.new}")
    if doc.get("format") != FORMAT:
        if "format" in doc:
            doc["format"] = FORMAT
        else:
            doc.insert(0, "format", FORMAT)
        changes.append(f"format: {FORMAT}")
    out = io.StringIO()
    yaml.dump(doc, out)
    return out.getvalue(), changes
