"""A sitting of three as a file records it, settled and held to the book's scoring card.

A sitting is the run of partie records that name the same three players
(``sitting``), in the file's order: each partie is replayed on its own
(``record``), and ``chouette`` keeps the card.  What a record says that the
sitting cannot take (a fourth player, a partie played by the wrong pair, a
partie not finished) is refused at the record's own place; a figure of the
book's card that the settlement does not reach is a mismatch, at the place
of that card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import Problem, RecordError, msg
from ..records.model import Pairs, TypedRecord
from ..ruleset.model import Rules
from .chouette import NoChouette, PartieRefused, Played, Sitting, chouette_rules, settle
from .reading import Placed
from .record import replay


@dataclass(frozen=True, slots=True)
class CardMismatch:
    """A figure of the book's card that the settlement does not reach."""

    partie: int
    player: str
    claimed: int
    engine: int
    problem: Problem


@dataclass(frozen=True, slots=True)
class SittingReplay:
    players: tuple[str, str, str]
    sitting: Sitting
    mismatches: tuple[CardMismatch, ...]


def _players(records: Sequence[TypedRecord], docs: Sequence[Placed]) -> tuple[str, str, str]:
    """The sitting's three, as its first record names them; every record must name the same."""
    first = records[0].sitting
    if first is None:
        raise RecordError([docs[0].problem(("players",), msg(
            "sitting-players", 'a sitting\'s parties each name its three players ([Sitting "A" "B" "C"], JSON '
            '"sitting")'))])
    names = first.players
    for k, (record, doc) in enumerate(zip(records, docs), 1):
        if record.sitting is None or record.sitting.players != names:
            raise RecordError([doc.problem(("sitting", "players") if record.sitting is not None else ("players",),
                                           msg("not-of-sitting", "partie {k} is not of the sitting of {names}: "
                                               "every partie names the same three players, in the same order", k=k,
                                               names=names))])
        stray = [p for p in record.players + tuple(record.sitting.card or {}) if p not in names]
        if stray:
            raise RecordError([doc.problem(("players",) if stray[0] in record.players else ("sitting", "card"),
                                           msg("not-of-three", "{name} is not one of the sitting's three ({names})",
                                               name=stray[0], names=names))])
    return names


def replay_sitting(parties: Sequence[tuple[TypedRecord, Placed]], rules: Rules) -> SittingReplay:
    """The sitting of these parties (each typed record with its places), in order, each replayed and the whole
    settled by ``rules.chouette``."""
    records, docs = [record for record, _ in parties], [places for _, places in parties]
    players = _players(records, docs)
    try:
        chouette_rules(rules)
    except NoChouette as exc:
        raise RecordError([docs[0].problem(("sitting", "players"), exc.message)]) from None
    reps = [replay(record, rules, doc) for record, doc in zip(records, docs)]
    played = [Played((players.index(rep.players[0]), players.index(rep.players[1])), rep.partie) for rep in reps]
    try:
        sitting = settle(rules, played, players)
    except PartieRefused as exc:
        raise RecordError([docs[exc.partie - 1].problem(("players",), exc.message)]) from None
    mismatches = []
    for n, (record, doc, line) in enumerate(zip(records, docs, sitting.lines), 1):
        card = (record.sitting.card if record.sitting is not None else None) or Pairs()
        for i, name in enumerate(players):
            if name in card and card[name] != line.card[i]:
                mismatches.append(CardMismatch(n, name, card[name], line.card[i], doc.problem(
                    ("sitting", "card"), msg("card-mismatch", "the card after partie {n}: {name} {book} in the book, "
                                             "{engine} by the settlement", n=n, name=name, book=f"{card[name]:+d}",
                                             engine=f"{line.card[i]:+d}"))))
    return SittingReplay(players, sitting, tuple(mismatches))
