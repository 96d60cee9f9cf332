"""How often a player makes a book's own choices: the decisions a worked example gives as the book's, counted
where the analysing player's choice is the recorded one, by chapter and kind of decision, and each disagreement
kept with what the analysis values both choices at.

Which decisions of a record are the book's, and not ours (a deal completed so that it can be replayed), its tag
``[Source_Given "…"]`` says (``given``); the rest is not counted.  The count works from ``analyse``'s JSON, the
analyses' published form (``examined``), so that the benchmark that runs ``analyse`` as a command and the report
that shows the benchmark's result (``as_data``, ``from_data``) count and show one thing.  The trick of a card is
its place among the deal's cards, two a trick.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from .analysis import Choice, Reason, Skipped
from .cards import card_name, parse_card

ROLES = ("elder", "younger")
KINDS = ("point", "sequences", "sets")
_ITEM = re.compile(r"^(?:(?P<role>elder|younger)\s+)?(?:(?P<discard>discard)|(?P<calls>calls)(?:\s+(?P<kinds>.+))?"
                   r"|(?P<cards>cards|tricks)\s+(?P<tricks>.+))$")
_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


class GivenError(ValueError):
    """A ``Source_Given`` tag that does not say which decisions are the book's."""


class Chapter(Enum):
    """A chapter of worked examples, as its records' file names begin (``calling-02.piquet``)."""

    DISCARDING = "discarding"
    CALLING = "calling"
    PLAYING = "playing"


def chapter_of(file: str) -> Chapter | None:
    """The chapter a record's file belongs to; None for a file of no chapter."""
    stem = Path(file).stem.rsplit("-", 1)[0]
    return next((c for c in Chapter if c.value == stem), None)


@dataclass(frozen=True, slots=True)
class Key:
    """A decision as a tag names it: its kind, whose it is (0 elder, 1 younger), and a call's kind or a card's
    trick."""

    choice: Choice
    role: int
    which: str | int | None = None


def given(words: str) -> frozenset[Key]:
    """The decisions a tag's words name, items apart by ';': ``elder discard``, ``calls`` (``younger calls point,
    sets``), ``tricks 1-5`` (both cards), ``younger cards 6, 8-12`` (his cards to those tricks); ``none``, a record
    whose choices of its own the book does not recommend."""
    keys: set[Key] = set()
    if words.strip() == "none":
        return frozenset()
    for item in (w.strip() for w in words.split(";")):
        m = _ITEM.match(item)
        if m is None:
            raise GivenError(f"'{item}': expected 'ROLE discard', '[ROLE] calls [KINDS]' or '[ROLE] cards|tricks N-M'")
        roles = (ROLES.index(m["role"]),) if m["role"] else (0, 1)
        if m["discard"]:
            if not m["role"]:
                raise GivenError(f"'{item}': whose discard? (elder or younger)")
            keys.add(Key(Choice.DISCARD, roles[0]))
        elif m["calls"]:
            kinds = [k.strip() for k in m["kinds"].split(",")] if m["kinds"] else list(KINDS)
            if any(k not in KINDS for k in kinds):
                raise GivenError(f"'{item}': a kind is point, sequences or sets")
            keys |= {Key(Choice.CALL, r, k) for r in roles for k in kinds}
        else:
            keys |= {Key(Choice.CARD, r, n) for r in roles for n in _tricks(m["tricks"], item)}
    return frozenset(keys)


def _tricks(words: str, item: str) -> list[int]:
    out: list[int] = []
    for part in (p.strip() for p in words.split(",")):
        m = _RANGE.match(part)
        if m is None or not 1 <= int(m[1]) <= int(m[2] or m[1]) <= 12:
            raise GivenError(f"'{item}': tricks are numbers 1 to 12, or ranges such as 1-5")
        out += range(int(m[1]), int(m[2] or m[1]) + 1)
    return out


@dataclass(frozen=True, slots=True)
class Worth:
    """A choice and its worth to the player who made it, in the settlement's points (None: his only choice).  A
    call's cards, none where he sinks the kind whole; a discard's cards; a card."""

    cards: tuple[int, ...]
    value: float | None


@dataclass(frozen=True, slots=True)
class Seen:
    """One decision as the analysis gives it: the book's (recorded) choice, the player's, and a lesser call's
    cards sunk."""

    choice: Choice
    role: int
    kind: str | None
    book: Worth
    player: Worth
    sunk: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Examined:
    """One record analysed: where it is, the book's words for it (its locator), the decisions its tag gives as the
    book's, each deal's decisions in order, and what could not be annotated."""

    file: str
    record: int
    locator: str
    given: frozenset[Key]
    deals: tuple[tuple[Seen, ...], ...]
    skipped: frozenset[Skipped] = frozenset()


def _cards(action: Any) -> tuple[int, ...]:
    """An action of ``analyse``'s JSON as cards: a card, a list of cards, or ``sink`` (none)."""
    if action == "sink":
        return ()
    return tuple(parse_card(c) for c in (action if isinstance(action, list) else [action]))


def examined(result: Mapping[str, Any], file: str, locator: str, words: str | None) -> Examined:
    """A record's result of ``analyse --format json`` as the count reads it; ``GivenError`` where its tag's words
    do not name decisions."""
    deals = tuple(tuple(Seen(Choice(d["decision"]), ROLES.index(d["role"]), d["kind"],
                             Worth(_cards(d["recorded"]["action"]), d["recorded"]["value"]),
                             Worth(_cards(d["player"]["action"]), d["player"]["value"]),
                             _cards(d.get("sunk") or []))
                        for d in deal["decisions"]) for deal in result["deals"])
    skipped = frozenset(Skipped(Choice(s["decision"]), Reason(s["reason"]))
                        for deal in result["deals"] for s in deal["skipped"])
    return Examined(file, int(result["record"]), locator, given(words) if words else frozenset(), deals, skipped)


def _zeros() -> dict[Choice, int]:
    return dict.fromkeys(Choice, 0)


@dataclass(slots=True)
class Tally:
    """One chapter's book decisions by kind: annotated, agreed with, those the analysis leaves out, and why."""

    decisions: dict[Choice, int] = field(default_factory=_zeros)
    agreed: dict[Choice, int] = field(default_factory=_zeros)
    not_annotated: dict[Choice, int] = field(default_factory=_zeros)
    skipped: set[Skipped] = field(default_factory=set)

    def add(self, other: Tally) -> None:
        for c in Choice:
            self.decisions[c] += other.decisions[c]
            self.agreed[c] += other.agreed[c]
            self.not_annotated[c] += other.not_annotated[c]
        self.skipped |= other.skipped


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A decision of the book's that the player makes otherwise: the record, the trick a card is played to, and the
    decision as the analysis saw it."""

    file: str
    record: int
    locator: str
    chapter: Chapter | None
    trick: int | None
    seen: Seen


@dataclass(frozen=True, slots=True)
class Leaning:
    """How the disagreements the analysis valued both ways fall: the book's choice worth more, the player's, the
    same."""

    book: int
    player: int
    same: int


@dataclass(frozen=True, slots=True)
class Agreement:
    """The count: by chapter (in the book's order), each disagreement, and how the choices were valued."""

    samples: int
    seed: int
    player: str
    chapters: tuple[tuple[Chapter | None, Tally], ...]
    disagreements: tuple[Disagreement, ...]

    def total(self) -> Tally:
        out = Tally()
        for _, tally in self.chapters:
            out.add(tally)
        return out

    def leaning(self) -> Leaning:
        valued = [(d.seen.book.value, d.seen.player.value) for d in self.disagreements
                  if d.seen.book.value is not None and d.seen.player.value is not None]
        return Leaning(sum(b > p for b, p in valued), sum(p > b for b, p in valued), sum(b == p for b, p in valued))


def _key(seen: Seen, trick: int) -> Key:
    return Key(seen.choice, seen.role, {Choice.DISCARD: None, Choice.CALL: seen.kind, Choice.CARD: trick}[seen.choice])


def count(records: Iterable[Examined], samples: int, seed: int, player: str) -> Agreement:
    """The book's decisions and the player's agreement, by chapter, and each disagreement."""
    tallies: dict[Chapter | None, Tally] = {}
    disagreements: list[Disagreement] = []
    for rec in records:
        chapter = chapter_of(rec.file)
        tally = tallies.setdefault(chapter, Tally())
        seen: set[Key] = set()
        for deal in rec.deals:
            cards = 0
            for d in deal:
                trick = cards // 2 + 1
                cards += d.choice == Choice.CARD
                k = _key(d, trick)
                seen.add(k)
                if k not in rec.given:
                    continue
                tally.decisions[d.choice] += 1
                if d.player.cards == d.book.cards:
                    tally.agreed[d.choice] += 1
                    continue
                disagreements.append(Disagreement(rec.file, rec.record, rec.locator, chapter,
                                                  trick if d.choice == Choice.CARD else None, d))
        tally.skipped |= rec.skipped
        for k in rec.given - seen:
            tally.not_annotated[k.choice] += 1
    order = [*Chapter, None]
    return Agreement(samples, seed, player, tuple(sorted(tallies.items(), key=lambda kv: order.index(kv[0]))),
                     tuple(disagreements))


# -- as JSON (benchmarks/examples_agreement.py --format json; the report's --agreement, schemas/agreement) -------

def _counts(by: dict[Choice, int]) -> dict[str, int]:
    return {c.value: n for c, n in by.items()}


def _worth(w: Worth) -> dict[str, Any]:
    return {"cards": [card_name(c) for c in w.cards], "value": w.value}


def as_data(a: Agreement) -> dict[str, Any]:
    """The count as JSON data: ids and card codes, held to ``schemas/agreement.schema.json``."""
    return {"samples": a.samples, "seed": a.seed, "player": a.player,
            "chapters": [{"chapter": c.value if c else None, "decisions": _counts(t.decisions),
                          "agreed": _counts(t.agreed), "not_annotated": _counts(t.not_annotated),
                          "skipped": [{"decision": s.choice.value, "reason": s.reason.value}
                                      for s in sorted(t.skipped, key=lambda s: (s.choice.value, s.reason.value))]}
                         for c, t in a.chapters],
            "disagreements": [{"file": d.file, "record": d.record, "locator": d.locator,
                               "chapter": d.chapter.value if d.chapter else None, "decision": d.seen.choice.value,
                               "role": ROLES[d.seen.role], "kind": d.seen.kind, "trick": d.trick,
                               "book": _worth(d.seen.book), "player": _worth(d.seen.player),
                               "sunk": [card_name(c) for c in d.seen.sunk]}
                              for d in a.disagreements]}


def _read_counts(data: Mapping[str, int]) -> dict[Choice, int]:
    return {c: int(data.get(c.value, 0)) for c in Choice}


def _read_worth(data: Mapping[str, Any]) -> Worth:
    return Worth(tuple(parse_card(c) for c in data["cards"]), data["value"])


def _read_chapter(value: str | None) -> Chapter | None:
    return None if value is None else Chapter(value)


def from_data(data: Mapping[str, Any]) -> Agreement:
    """The count back from its JSON data, already held to its schema (which allows only the ids read here)."""
    chapters = tuple((_read_chapter(c["chapter"]),
                      Tally(_read_counts(c["decisions"]), _read_counts(c["agreed"]), _read_counts(c["not_annotated"]),
                            {Skipped(Choice(s["decision"]), Reason(s["reason"])) for s in c["skipped"]}))
                     for c in data["chapters"])
    disagreements = tuple(Disagreement(d["file"], d["record"], d["locator"], _read_chapter(d["chapter"]), d["trick"],
                                       Seen(Choice(d["decision"]), ROLES.index(d["role"]), d["kind"],
                                            _read_worth(d["book"]), _read_worth(d["player"]),
                                            tuple(parse_card(c) for c in d["sunk"])))
                          for d in data["disagreements"])
    return Agreement(data["samples"], data["seed"], data["player"], chapters, disagreements)

