"""A rule found by its words: the words of each rule, in both languages, and a search over them.

A reader knows a rule by what the books call it ("carte blanche", "misdeal",
"écart"), not by its path.  Each rule's words are gathered once: its name and
its group's in the lexicon of both languages (``name``), the words of every
value it may take or takes in a ruleset (``values``), the project's notes on
its values (``notes``) and the sources' quotes (``quotes``, in the source's
own language).  Words are compared without case or accents, each word of a
search as the start of a word of the rule ("carte" finds "cartes"), and a rule
must hold every word searched.  A rule found in its name ranks before one found
in its values, and that before one found only in a note or a quote.

The same index serves ``rulesets find`` and the report's search page, which
writes it as a small script of plain data and searches it the same way.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..errors import BadValue, msg
from ..i18n import Lang
from ..lexicon import lexicon, rule_name, value_words
from ..ruleset.model import Ruleset

#: Where a rule's words come from, most telling first, and what a word found there weighs.
FIELDS: dict[str, int] = {"name": 8, "values": 4, "notes": 2, "quotes": 1}
LANGS: tuple[Lang, ...] = ("en", "fr")
#: Words too common to tell one rule from another, in either language.
STOP = frozenset("a an and as at by for in is it of on or the to with au aux d de des du en et l la le les ou "
                 "par pour que qui un une".split())
#: The longest search taken, in characters: a search is a few words, not a text.
MAX_QUERY = 200


class BadQuery(BadValue):
    """A search with no word to look for, or longer than ``MAX_QUERY``."""


def words(text: str) -> list[str]:
    """The words of ``text`` as a search compares them: without case or accents, and without the commonest."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    return [w for w in re.findall(r"[^\W_]+", bare) if w not in STOP]


@dataclass(frozen=True, slots=True)
class RuleWords:
    """One rule's words, by where they come from (``FIELDS``), each field's words once."""

    path: str
    fields: tuple[tuple[str, frozenset[str]], ...]


@dataclass(frozen=True, slots=True)
class Found:
    """A rule a search finds: its path, how well it is found, and where its words were."""

    path: str
    score: int
    where: tuple[str, ...]


def _texts(rulesets: list[Ruleset], path: str) -> dict[str, list[str]]:
    group = path.split(".")[0]
    out: dict[str, list[str]] = {field: [] for field in FIELDS}
    for lang in LANGS:
        words_of = lexicon(lang)
        out["name"] += [rule_name(path, lang), words_of.groups.get(group, "")]
        out["values"] += [str(v) for v in words_of.rules.get(path, {}).get("values", {}).values()]
        out["values"] += [value_words(rs.entry(path).value, lang, path) for rs in rulesets]
    for rs in rulesets:
        e = rs.entry(path)
        out["notes"] += [e.note or ""] + [c.note or "" for c in e.citations]
        out["quotes"] += [c.quote or "" for c in e.citations]
    return out


def index(rulesets: list[Ruleset]) -> list[RuleWords]:
    """Every rule of ``rulesets`` (the first's, in the schema's order) with its words."""
    out = []
    for e in rulesets[0].entries:
        texts = _texts(rulesets, e.path)
        out.append(RuleWords(e.path, tuple((field, frozenset(w for text in texts[field] for w in words(text)))
                                           for field in FIELDS)))
    return out


def query_words(query: str) -> list[str]:
    """The words a search looks for, or ``BadQuery``."""
    if len(query) > MAX_QUERY:
        raise BadQuery(msg("query-too-long", "a search of at most {most} characters, not {length}", most=MAX_QUERY,
                           length=len(query)))
    found = words(query)
    if not found:
        raise BadQuery(msg("query-empty", "no word to look for: give words of a rule, such as 'carte blanche' or "
                           "'misdeal'"))
    return found


def find(rules: list[RuleWords], query: str) -> list[Found]:
    """The rules that hold every word of ``query``, best found first (then in the schema's order)."""
    wanted = query_words(query)
    out = []
    for rule in rules:
        score, where = 0, set[str]()
        for w in wanted:
            best = [(FIELDS[field], field) for field, held in rule.fields if any(h.startswith(w) for h in held)]
            if not best:
                break
            score += max(best)[0]
            where.update(field for _, field in best)
        else:
            out.append(Found(rule.path, score, tuple(f for f in FIELDS if f in where)))
    return sorted(out, key=lambda f: -f.score)


def as_data(rules: list[RuleWords], lang: Lang) -> dict[str, Any]:
    """The index as the report's search page holds it: each rule's path, its name in the page's language, and
    each field's words in one string; the weights and the common words, so that the page searches as ``find``."""
    return {"fields": FIELDS, "stop": sorted(STOP),
            "rules": [{"path": r.path, "name": rule_name(r.path, lang),
                       "words": {field: " ".join(sorted(held)) for field, held in r.fields}} for r in rules]}


def by_word(rules: list[RuleWords], lang: Lang) -> list[tuple[str, list[str]]]:
    """Each word of the rules' names in ``lang`` (but the commonest), in the order of the alphabet, with the rules
    whose name holds it: the index a reader without the search page's script reads."""
    found: dict[str, list[str]] = {}
    for rule in rules:
        for w in re.findall(r"[^\W_]+", rule_name(rule.path, lang).casefold()):
            if words(w) and rule.path not in found.setdefault(w, []):
                found[w].append(rule.path)
    return sorted(found.items(), key=lambda item: (words(item[0]), item[0]))
