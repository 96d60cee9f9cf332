"""The engine's notes are typed values said from the lexicon: every kind has its words in both languages."""

from __future__ import annotations

import string
from dataclasses import fields

import pytest

from piquet_variants.engine.notes import Note, Noted
from piquet_variants.lexicon import lexicon
from piquet_variants.saying import say_note


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("noted", list(Noted), ids=lambda n: n.value)
def test_every_kind_of_note_has_words_in_both_languages_with_the_same_fields(noted: Noted) -> None:
    en, fr = lexicon("en").notes.get(noted.value), lexicon("fr").notes.get(noted.value)
    assert en and fr, f"{noted.value} lacks its words"
    assert _placeholders(en) == _placeholders(fr)
    assert _placeholders(en) <= {f.name for f in fields(Note)} - {"what"}, "a placeholder no field of a Note fills"


def test_the_lexicon_says_no_note_the_engine_does_not_have() -> None:
    ids = {n.value for n in Noted}
    assert set(lexicon("en").notes) == ids == set(lexicon("fr").notes)


def test_a_note_is_said_with_its_parts_in_the_language() -> None:
    note = Note(Noted.PEEK, role=1, n=2, penalty=Note(Noted.PENALTY_GRAND_COUP, points=100))
    assert say_note(note) == "the younger saw 2 card(s) of the opponent's talon: the grand coup, he loses 100"
    assert say_note(note, "fr") == "le dernier a vu 2 carte(s) du talon adverse : le grand coup, il perd 100"
