"""The engine's notes in the reader's words: each note's template from the lexicon, its fields said in turn; and an
annotated decision (``analysis.Annotation``) said as ``analyse`` and the report show it.

The engine keeps a note as a typed value (``engine/notes.py``); the words are
data (the ``notes:`` section of ``lexicon/en.yaml`` and ``lexicon/fr.yaml``),
so a translator mends a note without reading code, and the engine says none.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

from .cards import card_name, mask_names
from .engine.deal import ROLES
from .engine.notes import Note
from .i18n import Lang, decimal, t
from .lexicon import category, lexicon

if TYPE_CHECKING:  # the analysis (and the players it plays) is imported by the commands that annotate alone
    from .analysis import Annotation, DealAnalysis, Skipped


def _field(name: str, value: object, lang: Lang) -> str:
    if isinstance(value, Note):
        return say_note(value, lang)
    if name == "role" and isinstance(value, int):
        return lexicon(lang).roles[ROLES[value]]
    if name == "card" and isinstance(value, int):  # as a table writes a card (K♥): a short code (KH) is no word
        return card_name(value, lang, symbols=True)
    if name == "cards" and isinstance(value, tuple):
        return " ".join(card_name(c, lang, symbols=True) for c in value)
    if isinstance(value, tuple):
        return " / ".join(map(str, value))
    return str(value)


def say_note(note: Note, lang: Lang = "en") -> str:
    words = {f.name: _field(f.name, getattr(note, f.name), lang) for f in fields(note)
             if f.name != "what" and getattr(note, f.name) is not None}
    return lexicon(lang).notes[note.what.value].format(**words)


def say_all(notes: list[Note], lang: Lang = "en") -> list[str]:
    return [say_note(n, lang) for n in notes]


# -- an annotation (analysis.py) in words ---------------------------------------------------------------------

def said_action(a: Annotation, action: int, lang: Lang) -> str:
    from .analysis import Choice

    if a.choice == Choice.DISCARD:
        return " ".join(mask_names(action, lang))
    if a.choice == Choice.CARD:
        return card_name(action, lang)
    cards = a.options[action]
    said = " ".join(mask_names(cards, lang)) if cards else t("sinks", lang)
    if a.sunk and action == a.recorded.action:  # the recorded lesser call: what it sinks, and that it is not offered
        notes = [t("sinking {cards}", lang).format(cards=" ".join(mask_names(a.sunk, lang)))]
        notes += [] if a.offered else [t("a choice the player is not offered", lang)]
        said += " (" + "; ".join(notes) + ")"
    return said


def said_worth(value: float | None, lang: Lang) -> str:
    return t("only choice", lang) if value is None else decimal(f"{value:+.1f}", lang)


def said_decision(a: Annotation, lang: Lang) -> str:
    if a.kind is not None:
        return f"{t('decision ' + a.choice.value, lang)}: {category(a.kind, lang)}"
    return t("decision " + a.choice.value, lang)


def said_skipped(s: Skipped, lang: Lang) -> str:
    return f"{t('not annotated ' + s.choice.value, lang)}: {t('skipped ' + s.reason.value, lang)}"


def annotation_table(d: DealAnalysis, player: str, lang: Lang) -> tuple[list[str], list[list[str]]]:
    """A deal's annotations as a table's headers and rows: who decided what, the recorded choice and its worth, the
    player's, the best found and its worth, what the recorded one gives up, and '!' where that is costly."""
    headers = ["#", t("player", lang), t("decision", lang), t("recorded", lang), t("worth", lang), player,
               t("best found", lang), t("worth", lang), t("gives up", lang), t("costly", lang)]
    rows = [[str(a.index + 1), d.players[a.role], said_decision(a, lang), said_action(a, a.recorded.action, lang),
             said_worth(a.recorded.value, lang), said_action(a, a.player.action, lang),
             said_action(a, a.best.action, lang), said_worth(a.best.value, lang), decimal(f"{a.loss:.1f}", lang),
             "!" if a.costly else ""] for a in d.annotations]
    return headers, rows
