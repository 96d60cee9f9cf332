"""The engine's notes in the reader's words: each note's template from the lexicon, its fields said in turn.

The engine keeps a note as a typed value (``engine/notes.py``); the words are
data (the ``notes:`` section of ``lexicon/en.yaml`` and ``lexicon/fr.yaml``),
so a translator mends a note without reading code, and the engine says none.
"""

from __future__ import annotations

from dataclasses import fields

from .cards import card_name
from .engine.deal import ROLES
from .engine.notes import Note
from .i18n import Lang
from .lexicon import lexicon


def _field(name: str, value: object, lang: Lang) -> str:
    if isinstance(value, Note):
        return say_note(value, lang)
    if name == "role" and isinstance(value, int):
        return lexicon(lang).roles[ROLES[value]]
    if name == "card" and isinstance(value, int):
        return card_name(value, lang)
    if name == "cards" and isinstance(value, tuple):
        return " ".join(card_name(c, lang) for c in value)
    if isinstance(value, tuple):
        return " / ".join(map(str, value))
    return str(value)


def say_note(note: Note, lang: Lang = "en") -> str:
    words = {f.name: _field(f.name, getattr(note, f.name), lang) for f in fields(note)
             if f.name != "what" and getattr(note, f.name) is not None}
    return lexicon(lang).notes[note.what.value].format(**words)


def say_all(notes: list[Note], lang: Lang = "en") -> list[str]:
    return [say_note(n, lang) for n in notes]
