"""The count of a book's decisions the player agrees with (``piquet_variants.agreement``): what it counts from
the analyses, and its JSON, which the report reads back as the same count."""

from __future__ import annotations

import json

from piquet_variants.agreement import (Chapter, Examined, Key, Seen, Worth, as_data, count, from_data, given)
from piquet_variants.analysis import Choice, Reason, Skipped
from piquet_variants.cards import parse_card
from piquet_variants.errors import ProblemsError
from piquet_variants.schemas import text_validated


def _cards(*names: str) -> tuple[int, ...]:
    return tuple(parse_card(n) for n in names)


def _card(role: int, book: str, player: str) -> Seen:
    return Seen(Choice.CARD, role, None, Worth(_cards(book), 1.0), Worth(_cards(player), 2.0))


def _examples() -> list[Examined]:
    """A discard agreed with, a lesser call and a card not, the book's; a card that is ours, not the book's."""
    calling = (Seen(Choice.DISCARD, 0, None, Worth(_cards("7S", "8S"), 3.0), Worth(_cards("7S", "8S"), 3.0)),
               Seen(Choice.CALL, 0, "sets", Worth(_cards("AS", "AD", "AC"), 20.5), Worth(_cards("KS", "KH", "KD",
                                                                                            "KC"), 35.0),
                    _cards("KH")),
               _card(0, "AS", "AS"), _card(1, "QH", "AH"),  # trick 1: the elder agrees, the younger not
               _card(0, "KS", "QS"), _card(1, "JH", "JH"))  # trick 2: not the book's
    return [Examined("calling-02.piquet", 1, "Calling, Example II", given("elder discard; elder calls sets; tricks 1"),
                     (calling,), frozenset({Skipped(Choice.CARD, Reason.IRREGULAR_PLAY)})),
            Examined("discarding-01.piquet", 2, "Discarding, Example I", given("younger discard"), ((),))]


def test_the_count_is_the_books_decisions_by_chapter_and_each_disagreement() -> None:
    found = count(_examples(), 4, 1, "learned")
    chapters = dict(found.chapters)
    assert list(chapters) == [Chapter.DISCARDING, Chapter.CALLING]  # the book's order
    calling = chapters[Chapter.CALLING]
    assert calling.decisions == {Choice.DISCARD: 1, Choice.CALL: 1, Choice.CARD: 2}
    assert calling.agreed == {Choice.DISCARD: 1, Choice.CALL: 0, Choice.CARD: 1}
    assert chapters[Chapter.DISCARDING].not_annotated == {Choice.DISCARD: 1, Choice.CALL: 0, Choice.CARD: 0}
    call, card = found.disagreements
    assert (call.seen.choice, call.seen.kind, call.seen.sunk, call.seen.book.value) == (
        Choice.CALL, "sets", _cards("KH"), 20.5)
    assert (card.seen.role, card.trick, card.seen.book.cards, card.seen.player.cards) == (
        1, 1, _cards("QH"), _cards("AH"))
    total = found.total()
    assert sum(total.decisions.values()) == 4 and sum(total.agreed.values()) == 2
    assert Key(Choice.CARD, 1, 1) in given("younger cards 1")


def test_the_json_is_held_to_its_schema_and_read_back_the_same() -> None:
    found = count(_examples(), 4, 1, "learned")
    text = json.dumps(as_data(found), indent=1)
    assert from_data(text_validated(text, "agreement.json", "agreement", ProblemsError).data) == found
