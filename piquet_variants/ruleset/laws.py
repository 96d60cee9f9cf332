"""The table of laws: every law of the code a ruleset follows, and how each is modelled.

A code is numbered (Cavendish's 78 club laws, the 30 paragraphs of au Cent),
and a scholar must be able to see that none is left out: each is held by
rule leaves, by an engine behaviour, by a statement of the notation, or
has no effect on a score or a record, for a reason given.  The table is
data beside the shipped rulesets (``rulesets/laws/RULESET.yaml``), checked by
``laws.schema.json``; the words it prints for its headings, kinds and
reasons are ``WORDS``, in English and French.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import PiquetError, RulesetError, echo
from ..i18n import Lang
from ..resources import data_dir
from ..schemas import load_validated

#: The words of the table, by key: each topic, each way a law is modelled, each reason a law has no effect.
WORDS: dict[str, dict[str, str]] = {
    "shuffling": {"en": "shuffling", "fr": "le mélange"},
    "cutting": {"en": "cutting", "fr": "la coupe"},
    "dealing": {"en": "dealing", "fr": "la donne"},
    "carte_blanche": {"en": "carte blanche", "fr": "cartes blanches"},
    "discarding": {"en": "discarding and taking in", "fr": "l'écart et la rentrée"},
    "calling": {"en": "calling and showing", "fr": "l'annonce et la montre"},
    "playing": {"en": "playing", "fr": "le jeu de la carte"},
    "scoring": {"en": "scoring", "fr": "le compte"},
    "incorrect_packs": {"en": "incorrect packs", "fr": "les jeux faux"},
    "changing_cards": {"en": "changing cards", "fr": "le changement de cartes"},
    "bystanders": {"en": "bystanders", "fr": "les assistants"},
    "the_game": {"en": "the game and the partie", "fr": "le jeu et la partie"},
    "rule": {"en": "rule", "fr": "règle"},
    "engine": {"en": "engine behaviour", "fr": "comportement du moteur"},
    "notation": {"en": "notation statement", "fr": "énoncé de la notation"},
    "no_effect": {"en": "no effect on the record", "fr": "sans effet sur le relevé"},
    "before_the_deal": {"en": "It is done before the cards are dealt; a record begins with the hands dealt.",
                        "fr": "Cela se fait avant la donne ; un relevé commence par les jeux donnés."},
    "cut_again": {"en": "A cut made again or standing changes no card dealt; a record states who deals.",
                  "fr": "Une coupe refaite ou maintenue ne change aucune carte donnée ; le relevé dit qui donne."},
    "put_right": {"en": "The error is put right before either player has taken up his cards; a record holds the "
                        "deal as put right, and a void deal scores nothing.",
                  "fr": "L'erreur est réparée avant qu'aucun joueur ait relevé ses cartes ; le relevé tient la donne "
                        "réparée, et une donne nulle ne marque rien."},
    "information": {"en": "A right to see or count cards; no score follows from it.",
                    "fr": "Un droit de voir ou de compter des cartes ; aucun point n'en découle."},
    "manner": {"en": "How a thing is done at the table; the score is the same whichever way.",
               "fr": "La manière de faire à table ; le compte est le même de toute façon."},
    "stakes": {"en": "It concerns new cards and their cost, not the score.",
               "fr": "Cela concerne les cartes neuves et leur prix, non le compte."},
    "bystander": {"en": "It concerns a bystander's liability, not the players' scores.",
                  "fr": "Cela concerne la responsabilité d'un assistant, non le compte des joueurs."},
    "law": {"en": "law", "fr": "loi"},
    "paragraph": {"en": "paragraph", "fr": "paragraphe"},
    "topic": {"en": "topic", "fr": "sujet"},
    "modelled as": {"en": "modelled as", "fr": "modélisée par"},
    "rules": {"en": "rules", "fr": "règles"},
    "how": {"en": "how", "fr": "comment"},
    "tests": {"en": "tests", "fr": "tests"},
    "accounted": {"en": "{n} of {count} {unit}s of {code} accounted for, each with its test",
                  "fr": "prise en compte de {n} {unit}s sur {count} de {code}, chaque {unit} avec son test"},
}


def say(key: str, lang: Lang) -> str:
    return WORDS[key][lang]


@dataclass(frozen=True, slots=True)
class Law:
    """One numbered law and how it is modelled."""

    number: int
    topic: str
    kinds: tuple[str, ...]  # rule, engine, notation, no_effect
    rules: tuple[str, ...]
    engine: dict[str, str] | None  # by language: what the engine does for it
    reason: str | None  # why it has no effect on a record
    tests: tuple[str, ...]

    def how(self, lang: Lang) -> str:
        """What the engine does for it, or why it has no effect, in words."""
        parts = [self.engine[lang]] if self.engine else []
        if self.reason:
            parts.append(say(self.reason, lang))
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class LawTable:
    ruleset: str
    code: str
    unit: str
    count: int
    laws: tuple[Law, ...]


class NoLawTable(PiquetError):
    """A ruleset with no table of laws."""


def folder() -> Path:
    return data_dir("rulesets") / "laws"


def tabled() -> list[str]:
    """The rulesets that have a table of laws."""
    return sorted(p.stem for p in folder().glob("*.yaml"))


def load(ruleset_id: str) -> LawTable:
    """The ruleset's table of laws, validated, with every number of its code listed once."""
    if ruleset_id not in tabled():
        raise NoLawTable(f"no table of laws for ruleset {echo(ruleset_id)}; there are tables for "
                         f"{', '.join(tabled())}")
    path = folder() / f"{ruleset_id}.yaml"
    doc = load_validated(path, "laws", RulesetError)
    data = doc.data
    laws = tuple(Law(d["law"], d["topic"], tuple(d["as"]), tuple(d.get("rules", ())), d.get("engine"),
                     d.get("reason"), tuple(d["tests"])) for d in data["laws"])
    numbers = [law.number for law in laws]
    wanted = list(range(1, data["count"] + 1))
    if sorted(numbers) != wanted:
        missing = sorted(set(wanted) - set(numbers))
        extra = sorted({n for n in numbers if numbers.count(n) > 1 or n not in wanted})
        raise RulesetError([doc.problem(("laws",), f"the table must list each of the {data['count']} numbers once: "
                                                   f"missing {missing}, repeated or out of range {extra}")])
    return LawTable(data["ruleset"], data["code"], data.get("unit", "law"), data["count"], laws)
