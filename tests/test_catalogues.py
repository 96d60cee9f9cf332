"""The interface's gettext catalogues: every word the code asks for is in both, French throughout, compiled."""

from __future__ import annotations

import ast
import gettext
import re
from functools import cache

import pytest

from piquet_variants.lexicon import lexicon

from .catalogues import LOCALE, labels, placeholders, po_path, read_po
from .conftest import ROOT

PACKAGE = ROOT / "piquet_variants"
TEMPLATES = PACKAGE / "report" / "templates"


def _literal(node: ast.Call, index: int) -> str | None:
    arg = node.args[index] if len(node.args) > index else None
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def _asked() -> set[str]:
    """The msgids the code asks for: the literal first argument of every ``t(...)`` call, and every ``_("...")``
    of the report's templates (Jinja2, read by pattern: no Python parser reads them)."""
    asked = set()
    for module in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t" and (
                    said := _literal(node, 0)) is not None:
                asked.add(said)
    for template in TEMPLATES.iterdir():
        asked |= {m[1] for m in re.findall(r"""_\((["'])(.+?)\1\)""", template.read_text(encoding="utf-8"))}
    return asked | _messages()


@cache
def _messages() -> frozenset[str]:
    """The templates of the messages of bad input (``errors.msg("kind", "template", ...)``) and the words put in
    them (``Word("...")``): said from the catalogues, in either language."""
    asked = set()
    for module in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("msg", "Word") and (
                    said := _literal(node, 1 if node.func.id == "msg" else 0)) is not None:
                asked.add(said)
    return frozenset(asked)


def test_every_message_of_bad_input_is_in_both_catalogues() -> None:
    from piquet_variants.notation.parser import _EXAMPLES, _EXPECTED, parser
    from piquet_variants.schemas import _BOUNDS
    unnamed = [t.name for t in parser(False).terminals if not t.name.startswith("_") and t.name not in _EXPECTED]
    assert not unnamed, "a word of the notation a message would name by its terminal's name"
    asked = _messages() | set(_EXPECTED.values()) | set(_EXAMPLES) | {template for _, template in _BOUNDS.values()}
    assert len(asked) > 200  # the search finds them
    for lang in ("en", "fr"):
        assert not asked - set(read_po(po_path(lang))) - _game_words(), lang


def test_a_message_kind_is_one_template() -> None:
    """The kind JSON gives a message is its id: one kind, one template (the words may change, the kind not)."""
    kinds: dict[str, set[str]] = {}
    for module in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "msg":
                kind, template = _literal(node, 0), _literal(node, 1)
                if kind is not None and template is not None:
                    kinds.setdefault(kind, set()).add(template)
    assert len(kinds) > 200 and not {k: v for k, v in kinds.items() if len(v) > 1}


def _game_words() -> set[str]:
    """The ids ``t`` answers from the lexicon before the catalogues."""
    words = lexicon("en")
    return set(words.categories) | set(words.roles) | set(words.attestations)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_word_the_code_asks_for_is_in_the_catalogue(lang: str) -> None:
    asked = _asked()
    assert len(asked) > 100  # the search finds the calls
    missing = sorted(asked - set(read_po(po_path(lang))) - _game_words())
    assert not missing, f"{lang}: not in the catalogue: {missing}"


def test_both_catalogues_hold_the_same_msgids() -> None:
    assert set(read_po(po_path("en"))) == set(read_po(po_path("fr")))


def test_every_french_word_is_given_with_the_english_placeholders() -> None:
    english, french = labels("en"), read_po(po_path("fr"))
    assert not [k for k, v in french.items() if not v], "a French msgstr is empty"
    unlike = [k for k, v in french.items() if placeholders(v) != placeholders(english[k])]
    assert not unlike, f"French words with other placeholders than the English: {unlike}"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_compiled_catalogue_is_the_po_file(lang: str) -> None:
    """The committed ``.mo`` says what the ``.po`` says: recompile with msgfmt after editing a ``.po``."""
    with (LOCALE / lang / "LC_MESSAGES" / "piquet_variants.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    written = {k: v for k, v in read_po(po_path(lang)).items() if v}
    held = {k: v for k, v in compiled._catalog.items() if k}  # type: ignore[attr-defined]
    assert held == written, "the .mo is stale: msgfmt -c -o piquet_variants.mo piquet_variants.po"


def test_the_words_asked_for_by_a_table_of_them_are_in_both_catalogues() -> None:
    """Words asked for through a table, not a literal ``t("...")``: what a simulated figure is measured as, and
    the book's figures in its words (a bare number is said as it is)."""
    from piquet_variants.odds.book import PLAY
    from piquet_variants.simulate.report import MEASURED_AS
    asked = set(MEASURED_AS.values()) | {f.figure for f in PLAY if not f.figure.isdigit()}
    for lang in ("en", "fr"):
        assert not asked - set(read_po(po_path(lang))), lang


def test_every_type_of_source_is_in_words_in_both_catalogues() -> None:
    import json
    schema = json.loads((PACKAGE / "schemas" / "sources.schema.json").read_text(encoding="utf-8"))
    types = {f"type:{t}" for t in schema["$defs"]["source"]["properties"]["type"]["enum"]}
    for lang in ("en", "fr"):
        assert not types - set(read_po(po_path(lang))), lang
