"""Every figure a recorded deal gives (its totals, categories, running scores, tricks won, dialogue and counts)
checked against the engine's, each at the record's place for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import Word, echo, msg, msg
from ..located import JsonPath
from ..records.checks import FINAL, BlancheShown, Category, Check, Checkpoint, Dialogue, Figure, Place, Stage, TricksWon
from ..records.model import Calls, Claim, Count, Incident, RecordedDeal, Role, RunningClaim, TricksWonClaim
from .calling import AsCalled, first_call_of
from .combos import POINT, SEQUENCES
from .deal import ELDER, Deal, Phase, follower_wins
from .dialogue import DialogueCheck
from .irregular import call_sufficient
from .reading import Reader
from .scoring import CATEGORIES, DealScore


def check_deal(reader: Reader, deal: Deal, score: DealScore, recorded: RecordedDeal, players: tuple[str, str],
               number: int, at: JsonPath, as_called: AsCalled | None = None) -> list[Check]:
    """Every figure a deal's record gives, checked against the engine's; of a fresh deal, only its totals and tricks
    (what the book says of its play cannot be checked)."""
    claims = _Claims(reader, deal, score, players, number, at)
    claimed = recorded.claimed or Claim()
    if not score.void:
        if recorded.declarations is not None:
            claims.dialogue(recorded.declarations.kinds(), recorded.incidents, as_called)
        claims.blanche(recorded.carte_blanche)
        claims.counts(recorded.counts)
    claims.final(claimed.final or {}, claimed.by or {})
    claims.tricks_won(claimed.tricks_won)
    if not score.void:
        claims.running(claimed.running)
    return claims.out


class _Claims:
    """The checks of one deal, a method for each kind of figure the record gives."""

    def __init__(self, reader: Reader, deal: Deal, score: DealScore, players: tuple[str, str], number: int,
                 at: JsonPath) -> None:
        self.reader, self.deal, self.score, self.players, self.number, self.at = reader, deal, score, players, number, at
        self.marks = score.checkpoints()
        self.out: list[Check] = []

    def compare(self, where: Place, who: str, value: Figure, engine: Figure, path: JsonPath) -> None:
        line, col = self.reader.places.where(path)
        self.out.append(Check(self.number, where, who, value, engine, line, col))

    def role(self, who: str, path: JsonPath) -> int:
        return self.reader.role(who, self.players, self.at + path)

    def dialogue(self, kinds: tuple[tuple[str, Calls], ...], incidents: Sequence[Incident],
                 as_called: AsCalled | None) -> None:
        """Each line of each kind's dialogue, and whether the elder's first call named what it must."""
        deal, players, at = self.deal, self.players, self.at
        for kind, calls in kinds:
            if kind in self.score.kinds:
                for i, what, r, book, engine in DialogueCheck(deal, self.score, kind, incidents, as_called).check(
                        calls.said):
                    self.compare(Dialogue(kind, what), players[r], book, engine, at + ("declarations", kind, "said", i))
            if kind not in (POINT, SEQUENCES):
                continue
            # What a call must name (au Cent; Law 48): an insufficient call is a mismatch.
            first = first_call_of(calls.said, Role.ELDER)
            if first is not None and deal.phase >= Phase.PLAY and not call_sufficient(deal, ELDER, kind, first[1]):
                wanted, given = ("value", "cards") if kind == POINT else ("top", "length")
                self.compare(Dialogue(kind, "call"), players[ELDER], given, wanted,
                             at + ("declarations", kind, "said", first[0]))

    def blanche(self, shown: Sequence[Role]) -> None:
        """Each carte blanche shown, as dealt, even where the other's bars it."""
        for i, role in enumerate(shown):
            self.compare(BlancheShown(), self.players[role.seat], "yes",
                         "yes" if self.deal.blanche_dealt[role.seat] else "no", self.at + ("carte_blanche", i))

    def counts(self, counts: Sequence[Count]) -> None:
        """Each running score spoken after a card, at the checkpoint of that card."""
        deal = self.deal
        for i, spoken in enumerate(counts):
            n = spoken.trick
            if n > len(deal.tricks) + (deal.lead_card is not None):
                raise self.reader.fail(self.at + ("counts", i), msg("trick-not-played", "trick {n} is not played in this deal",
                                                                   n=n))
            leader = deal.tricks[n - 1][0] if n <= len(deal.tricks) else deal.player ^ 1
            who = leader if spoken.card == 1 else 1 - leader
            mark = Checkpoint(Stage.LEAD if spoken.card == 1 else Stage.TRICK, n)
            self.compare(mark, self.players[who], spoken.count, self.marks[mark][who], self.at + ("counts", i))

    def final(self, final: Mapping[str, int], by: Mapping[str, Mapping[str, int]]) -> None:
        """The deal's totals, and each category's."""
        for who, value in final.items():
            role = self.role(who, ("claimed", "final", who))
            self.compare(FINAL, self.players[role], value, self.score.totals[role], self.at + ("claimed", "final", who))
        for category, scores in by.items():
            if category not in CATEGORIES:
                raise self.reader.fail(self.at + ("claimed", "by", category), msg("no-category", "no category {category}",
                                                                                 category=echo(category)))
            for who, value in scores.items():
                role = self.role(who, ("claimed", "by", category, who))
                self.compare(Category(category), self.players[role], value, self.score.by[role][category],
                             self.at + ("claimed", "by", category, who))

    def tricks_won(self, points: Sequence[TricksWonClaim]) -> None:
        """The tricks each had won after so many."""
        tricks = self.deal.tricks
        won = [0, 0]
        counted = 0
        for i, point in enumerate(points):
            if point.after > len(tricks):
                played = msg("only-played", "only {n} are played", n=len(tricks)) if tricks else msg(
                    "none-played", "none is played")
                why = msg("void-deal", ": the deal is void (a misdeal, or another fault that calls for a fresh deal), "
                          "and its tricks are not played") if self.score.void else ""
                raise self.reader.fail(self.at + ("claimed", "tricks_won", i, "after"),
                                       msg("won-after", "the tricks won are claimed after {after} tricks, but "
                                           "{played}{why}", after=point.after, played=played, why=why))
            for leader, lead, follow in tricks[counted:point.after]:
                won[1 - leader if follower_wins(lead, follow) else leader] += 1
            counted = max(counted, point.after)
            for who, value in point.won.items():
                role = self.role(who, ("claimed", "tricks_won", i, who))
                self.compare(TricksWon(point.after), self.players[role], value, won[role],
                             self.at + ("claimed", "tricks_won", i, who))

    def running(self, points: Sequence[RunningClaim]) -> None:
        """Each running score claimed at a checkpoint."""
        marks = self.marks
        for i, point in enumerate(points):
            if point.at not in marks:
                raise self.reader.fail(self.at + ("claimed", "running", i, "at"),
                                       msg("no-checkpoint", "no checkpoint {checkpoint} in this deal (known: "
                                           "{known})", checkpoint=echo(point.at.label),
                                           known=tuple(m.label for m in marks)))
            for who, value in point.scores.items():
                role = self.role(who, ("claimed", "running", i, who))
                self.compare(point.at, self.players[role], value, marks[point.at][role],
                             self.at + ("claimed", "running", i, who))
