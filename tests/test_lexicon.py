"""The lexicon: every rule path and enum value of the ruleset schema in words, in English and in French."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from piquet_variants import lexicon as lx
from piquet_variants.engine.scoring import CATEGORIES
from piquet_variants.records import checks
from piquet_variants.schemas import schema

LANGS = ("en", "fr")
SNAKE = re.compile(r"[a-z]+_[a-z_]+")


def _enums(node: Any) -> Iterator[Any]:
    if isinstance(node, dict):
        yield from node.get("enum", ())
        if "const" in node:
            yield node["const"]
        for key, value in node.items():
            if key == "propertyNames":
                continue
            yield from _enums(value)
    elif isinstance(node, list):
        for value in node:
            yield from _enums(value)


def _rules() -> Iterator[tuple[str, list[Any]]]:
    groups = schema("ruleset")["$defs"]["rules"]["properties"]
    for group, spec in groups.items():
        for name, rule in spec["properties"].items():
            yield f"{group}.{name}", list(_enums(rule.get("properties", {}).get("value", {})))


RULES = list(_rules())


def test_the_schema_has_rules() -> None:
    assert len(RULES) > 100


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_path_has_a_name_and_a_section(lang: str) -> None:
    for path, _ in RULES:
        name = lx.rule_name(path, lang)  # type: ignore[arg-type]
        assert name != path and not SNAKE.search(name), (lang, path)
        assert lx.section(lx.section_of(path), lang)  # type: ignore[arg-type]
        assert lx.lexicon(lang).groups[path.split(".")[0]]  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGS)
def test_every_enum_value_has_words(lang: str) -> None:
    """Each string a rule may take is in the rule's own words, a category's or a rank's, never the id."""
    words = lx.lexicon(lang)  # type: ignore[arg-type]
    for path, values in RULES:
        own = words.rules[path].get("values", {})
        for value in values:
            if isinstance(value, str):
                assert value in own or value in words.categories or value in words.ranks, (lang, path, value)
                assert not SNAKE.search(lx.value_words(value, lang, path)), (lang, path, value)  # type: ignore[arg-type]


def test_both_languages_have_the_same_keys() -> None:
    en, fr = lx.lexicon("en"), lx.lexicon("fr")
    for field in ("sections", "groups", "values", "ranks", "categories", "roles", "checkpoints", "said",
                  "attestations", "events", "odds"):
        assert getattr(en, field).keys() == getattr(fr, field).keys(), field
    assert en.rules.keys() == fr.rules.keys()
    for path in en.rules:
        assert en.rules[path].get("values", {}).keys() == fr.rules[path].get("values", {}).keys(), path
    assert len(en.ordinals) == len(fr.ordinals)


def test_the_lexicon_names_nothing_the_schema_does_not_have() -> None:
    assert set(lx.lexicon("en").rules) == {path for path, _ in RULES}
    for path, values in RULES:
        assert set(lx.lexicon("en").rules[path].get("values", {})) <= {str(v) for v in values}, path


def test_every_category_attestation_and_group() -> None:
    enum = schema("ruleset")["$defs"]["citation"]["properties"]["attestation"]["enum"]
    for lang in LANGS:
        words = lx.lexicon(lang)  # type: ignore[arg-type]
        assert set(CATEGORIES) <= set(words.categories)
        assert set(enum) == set(words.attestations)
        assert {g for gs in lx.SECTIONS.values() for g in gs} == set(words.groups)


@pytest.mark.parametrize(("at", "en", "fr"), [
    (checks.lead(1), "the first lead", "la première entame"),
    (checks.HAND_ELDER, "the elder's hand", "la main du premier"),
    (checks.trick(3), "the third trick", "la troisième levée"),
    (checks.Dialogue("sets", "count"), "quatorzes and trios, the count", "quatorzes et brelans, le compte"),
    (checks.PartieFigure("points_won"), "the partie: points won", "la partie : points gagnés"),
    (checks.FINAL, "the final score", "la marque finale"),
], ids=lambda v: v.label if hasattr(v, "label") else None)
def test_where_a_check_falls_in_words(at: checks.Place, en: str, fr: str) -> None:
    assert lx.place(at) == en
    assert lx.place(at, "fr") == fr


def test_a_checkpoint_from_its_parts() -> None:
    assert lx.checkpoint("lead", 1) == "the first lead"
    assert lx.checkpoint("hand", role_="younger", lang="fr") == "la main du dernier"
    assert lx.checkpoint("trick", 20) == "the 20th trick"


def test_values_in_words() -> None:
    assert lx.value_words("if_announced", "en", "deal.packet_change") == "Packets may be changed if announced beforehand"
    assert lx.value_words(("A", "K", "Q", "J"), "fr", "deck.ranks") == "A R D V"
    assert lx.value_words(True, "fr") == "oui"
    assert lx.value_words((), "en") == "none"
