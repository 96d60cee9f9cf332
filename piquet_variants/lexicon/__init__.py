"""The words a reader sees for the program's ids: rule paths, rule values, score categories and checkpoints.

The words are data, one YAML file a language (``en.yaml``, ``fr.yaml`` beside this module), so that a
historian or a translator can read and mend them without reading code.  Text, Markdown and HTML print these
words; JSON keeps the ids and adds the words as ``label``.  ``tests/test_lexicon.py`` holds both files to
every rule path and enum value of the ruleset schema.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from ..located import yaml12_loader
from ..records.checks import BlancheShown, Category, Checkpoint, Dialogue, PartieFigure, Place, Stage, TricksWon

#: A reader's language: the lexicon's files are named by it, and the interface's catalogues (``i18n``) too.
Lang = Literal["en", "fr"]

if TYPE_CHECKING:
    from ..odds.events import OddsEvent
    from ..odds.phrase import BookOdds

#: The report's headings, and the rule groups (a rule path's first part) under each, in the order of play.
SECTIONS: dict[str, tuple[str, ...]] = {
    "deal": ("deck", "deal", "misdeal", "faced_card"),
    "exchange": ("carte_blanche", "exchange"),
    "declarations": ("declarations", "point", "sequences", "sets", "reckoning"),
    "play": ("play", "cards", "pique", "repique"),
    "partie": ("game", "chouette"),
    "penalties": ("penalties",),
}


@dataclass(frozen=True)
class Lexicon:
    """One language's words, as read from its file."""

    sections: dict[str, str]
    groups: dict[str, str]
    rules: dict[str, dict[str, Any]]
    values: dict[str, str]
    ranks: dict[str, str]
    categories: dict[str, str]
    roles: dict[str, str]
    checkpoints: dict[str, str]
    said: dict[str, str]
    figures: dict[str, str]
    plural_ranks: list[str]
    tops: list[str]
    options: dict[str, str]
    ordinals: list[str]
    ordinal: str
    attestations: dict[str, str]
    attestation_meanings: dict[str, str]
    events: dict[str, str]
    sequences: list[str]
    odds: dict[str, str]
    laws: dict[str, str]
    notes: dict[str, str]
    dates: dict[str, str]


@cache
def lexicon(lang: Lang) -> Lexicon:
    """A language's words, parsed once and kept (``stored_data``) until its file changes: YAML's parser, and its
    import, are most of the cost of a short command's first word."""
    from ..stored import digest, stored_data

    text = resources.files(__package__).joinpath(f"{lang}.yaml").read_text("utf-8")

    def parsed() -> Any:
        import yaml  # here, not at start-up: a replay under cached rulesets reads no other YAML
        return yaml.load(text, Loader=yaml12_loader())

    return stored_data(lambda: f"lexicon-{lang}-{digest([text.encode()])}.marshal", parsed,
                       lambda words: Lexicon(**words))


def section_of(path: str) -> str:
    """The report's heading a rule falls under."""
    group = path.split(".")[0]
    return next(s for s, groups in SECTIONS.items() if group in groups)


def section(key: str, lang: Lang = "en") -> str:
    return lexicon(lang).sections[key]


def rule_name(path: str, lang: Lang = "en") -> str:
    """A rule in words (``deal.packet_change``: "changing the packets"); an unknown path is left as written."""
    entry = lexicon(lang).rules.get(path)
    return entry["name"] if entry else path


def option_words(name: str, choice: str, lang: Lang = "en", described: str = "") -> str:
    """A ruleset's option as chosen, in words ("a set of 100"); one the lexicon does not know, by ``described``,
    its choice's description in the ruleset, or else as a ruleset names it."""
    return lexicon(lang).options.get(f"{name}={choice}") or described or f"{name}: {choice}"


def _word(path: str | None, value: str, lang: Lang) -> str:
    words = lexicon(lang)
    own = words.rules.get(path or "", {}).get("values", {})
    for table in (own, words.categories, words.ranks, words.values):
        if value in table:
            return str(table[value])
    return value


def value_words(value: Any, lang: Lang = "en", path: str | None = None) -> str:
    """A rule value as a reader says it: an enum value in the rule's own words, ranks in the language's letters,
    lists in a row, maps as key=value, yes/no for a flag."""
    values = lexicon(lang).values
    if value is None:
        return values["none"]
    if isinstance(value, bool):
        return values["yes" if value else "no"]
    if isinstance(value, dict):
        value = tuple(value.items())
    if isinstance(value, (tuple, list)) and value and isinstance(value[0], tuple):
        return " ".join(f"{_word(None, str(k), lang)}={value_words(v, lang)}" for k, v in value)
    if isinstance(value, (tuple, list)):
        if not value:
            return values["empty"]
        # A list of worded values (retractions, excuses) reads as a list; ranks and numbers as a row.
        parts = [value_words(v, lang, path) for v in value]
        return (", " if any(" " in p for p in parts) else " ").join(parts)
    if isinstance(value, str):
        return _word(path, value, lang)
    return str(value)


def category(kind: str, lang: Lang = "en") -> str:
    return lexicon(lang).categories.get(kind, kind)


def role(name: str, lang: Lang = "en") -> str:
    return lexicon(lang).roles.get(name, name)


def attestation(name: str, lang: Lang = "en") -> str:
    return lexicon(lang).attestations.get(name, name)


def nth(n: int, lang: Lang = "en") -> str:
    words = lexicon(lang)
    return words.ordinals[n - 1] if 0 < n <= len(words.ordinals) else words.ordinal.format(n=n)


def checkpoint(kind: str, number: int | None = None, role_: str | None = None, what: str | None = None,
               lang: Lang = "en") -> str:
    """A checkpoint of a record from its parts: ``checkpoint("lead", 1)`` is "the first lead",
    ``checkpoint("hand", role_="elder")`` "the elder's hand", ``checkpoint("sets", what="count")`` "quatorzes and
    trios, the count"."""
    words = lexicon(lang)
    said = words.said.get(what or "", what or "")
    if kind in words.checkpoints and kind not in ("call", "partie"):
        return words.checkpoints[kind].format(role=role(role_ or "", lang), nth=nth(number or 0, lang))
    if kind == "partie":
        return words.checkpoints["partie"].format(what=said)
    name = category(kind, lang)
    return words.checkpoints["call"].format(kind=name, what=said) if what else name


def place(at: Place, lang: Lang = "en") -> str:
    """Where a checked figure falls, in words: "the third lead", "the elder's hand", "the point, its length"."""
    match at:
        case Checkpoint(stage=Stage.HAND_ELDER | Stage.HAND_YOUNGER):
            return checkpoint("hand", role_="elder" if at.stage is Stage.HAND_ELDER else "younger", lang=lang)
        case Checkpoint():
            return checkpoint(at.stage.value, at.number or None, lang=lang)
        case Dialogue(kind=kind, step=step):
            return checkpoint(kind, what=step, lang=lang)
        case Category(name=name):
            return checkpoint(name, lang=lang)
        case BlancheShown():
            return checkpoint("carte_blanche", lang=lang)
        case TricksWon(after=after):
            return checkpoint("tricks_won", after, lang=lang)
        case PartieFigure(key=key):
            return checkpoint("partie", what=key, lang=lang)


def event_words(ev: OddsEvent, lang: Lang = "en") -> str:
    """A chance-only event in words (the lexicon's ``events``)."""
    from ..odds.events import Chance  # the odds' exact counts, imported by the commands that say odds alone

    words = lexicon(lang).events
    if ev.chance is Chance.TAKE:
        return words["all" if ev.cards == ev.named else "some"].format(k=ev.cards, n=ev.named,
                                                                      s="s" if ev.named > 1 else "")
    if ev.chance is Chance.POINT:
        return words["point"].format(n=ev.cards)
    if ev.chance is Chance.SEQUENCE:
        return words["sequence"].format(name=lexicon(lang).sequences[ev.cards])
    return words[ev.chance.value]


def odds_words(odds: BookOdds, lang: Lang = "en") -> str:
    """Odds as the books say them: "3 to 1 against", "5 to 2 on", "evens"; in French "3 contre 1"."""
    return lexicon(lang).odds[odds.way.value].format(larger=odds.larger, smaller=odds.smaller)
