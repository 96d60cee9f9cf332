"""docs/rulesets.md, generated from the schema and the shipped rulesets.

The key reference is written from the JSON Schema itself, so the documentation
and the validator cannot drift apart; a test checks that the committed file is
what this module writes.  Regenerate with::

    python -m piquet_variants.ruleset.reference > docs/rulesets.md
"""

from __future__ import annotations

import json
from typing import Any

from ..render import markdown
from ..schemas import rule_leaves, schema
from .compiler import load_ruleset
from .registry import shipped_ids, sources

INTRO = """\
# Writing a ruleset

A ruleset is one YAML file in `rulesets/`, named after its `id`.  It is
validated against `piquet_variants/schemas/ruleset.schema.json` (JSON Schema
draft 2020-12), then compiled into frozen rule objects that the engine reads.
Check a file with:

    piquet-variants rulesets validate my-ruleset.yaml

Every problem is reported at once, as `FILE:LINE:COL: json.path: message`.

## The file

```yaml
id: traite-languedoc            # must match the file name
title: "The treatise, as played in Languedoc and Provence"
title_fr: "Le traité, à l'usage du Languedoc et de la Provence"
extends: traite                 # optional: inherit every rule, write only what differs
sources: [traite]               # ids from rulesets/sources.yaml
inherit_cite:                   # optional: why the parent's rules hold here
  {source: traite, locator: "art. 8", attestation: inherited, note: "..."}
rules:
  penalties:
    seeing_opponent_talon:
      value: grand_coup
      cite:
        - source: traite
          locator: "art. 8"
          quote: "de condamner au grand coup, c'est-à-dire, à perdre cent soixante-dix points"
          attestation: stated
options:                        # optional: named alternatives, one chosen with --option NAME=CHOICE
  end:
    description: "How the game ends."
    default: partie-liee
    choices:
      partie-liee: {description: "Six deals.", rules: {}}
      race-100: {description: "First to 100.", rules: {game: {end: {value: race, cite: [...]}}}}
```

A ruleset without `extends` must give every rule below.  One with `extends`
gives only what differs; an inherited option is withdrawn with `NAME: null`.

## Citations

Every rule value carries `cite`, a non-empty list of citations:

| key | meaning |
|---|---|
| `source` | an id of `rulesets/sources.yaml` |
| `locator` | where in the source: article, law, section heading |
| `quote` | a short quotation; required when a public-domain source states or reports the value. For the OCR'd treatise, our corrected reading |
| `attestation` | how well the source supports the value (below) |
| `note` | why, required for `reconstructed`, `disputed` and `unstated` |

| attestation | use it when |
|---|---|
| `stated` | the source says it in so many words |
| `implied` | it follows from what the source says (an example's arithmetic, a rule that presupposes it) |
| `inherited` | taken from the ruleset this one builds on, because the source says so or follows it |
| `secondary` | reported by a later source, not the rule-giver's own text (the Académie's changes, as Cavendish reports them) |
| `reconstructed` | the source is incomplete and the value is our reading of it |
| `disputed` | the source contradicts itself, or sources disagree on how to read it |
| `unstated` | the source is silent: the value is a choice, and the note says which and why |

A value that no source states is `unstated`; it is never passed off as the
source's word.  The test suite checks every quote against the source texts,
at its locator: the law, article, paragraph, section heading, chapter and
page, or Case it names (`ch. VII, p. 12`; `Law 48`; `art. 8`; `para. 16
(calling)`; `Description, Calling and showing`; `Cases and decisions, Case
IV`).

## Checks beyond the schema

The compiler also checks what a schema cannot: the pack size is four times the
ranks; two hands and the talon make the pack; some packet size divides a hand;
the elder cannot take more than the talon; listed ranks are in the pack; every
rank has a point value and every sequence length a score; a point reckoned by
value rounds up within its step; a partie of N deals has N multipliers; `extends` has no cycle and at most 8 levels.  Files over
1 MiB, alias bombs, YAML tags, merge keys and duplicate keys are refused.

# Rule reference
"""


def _type(spec: dict[str, Any]) -> str:
    if "enum" in spec:
        return " | ".join(f"`{json.dumps(v)}`" if not isinstance(v, str) else f"`{v}`" for v in spec["enum"])
    if "oneOf" in spec:
        return " or ".join(_type(s) for s in spec["oneOf"])
    if "const" in spec:
        return f"`{spec['const']}`"
    kind = spec.get("type")
    if kind == "array":
        return f"list of {_type(spec.get('items', {}))}"
    if kind == "object":
        return f"map of {_type(spec.get('propertyNames', {}))} to {_type(spec.get('additionalProperties', {}))}"
    if isinstance(kind, list):
        return " or ".join(kind)
    bounds = [f"≥ {spec['minimum']}" if "minimum" in spec else "", f"≤ {spec['maximum']}" if "maximum" in spec else ""]
    return " ".join([kind or "any"] + [b for b in bounds if b])


def render_reference() -> str:
    groups = schema("ruleset")["$defs"]["rules"]["properties"]
    parts = [INTRO]
    for group, leaves in rule_leaves().items():
        parts.append(f"## `{group}`\n\n{groups[group].get('description', '')}\n")
        rows = [[f"`{group}.{key}`", _type(spec["properties"]["value"]), f"`{json.dumps(spec.get('default'))}`",
                 spec.get("description", "")] for key, spec in leaves.items()]
        parts.append(markdown(["key", "value", "usual value", "meaning"], rows) + "\n")
    parts.append("# Shipped rulesets\n")
    rows = []
    for rid in shipped_ids():
        rs = load_ruleset(rid)
        opts = "; ".join(f"`{o.name}`: " + ", ".join(c.name for c in o.choices) for o in rs.options)
        rows.append([f"`{rid}`", rs.title, rs.date or "", rs.extends or "", ", ".join(rs.sources), opts])
    parts.append(markdown(["id", "title", "date", "extends", "sources", "options"], rows) + "\n")
    parts.append("# Sources\n")
    rows = [[f"`{s.id}`", s.footnote(), "yes" if s.public_domain else "no"] for s in sources().values()]
    parts.append(markdown(["id", "work", "public domain"], rows) + "\n")
    return "\n".join(parts)


if __name__ == "__main__":
    print(render_reference(), end="")
