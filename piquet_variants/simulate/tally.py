"""Summable statistics of simulated deals and parties: integer counts and sums only.

A ``Tally`` is what one chunk of deals returns and what the reduce adds up.
Every field is an integer (or a map or list of them), so the sum of the
chunks' tallies is the same, bit for bit, whichever process made each chunk
and in whatever grouping they are added.  It is compiled with the engine
(``setup.py``): a deal is added to it as soon as it is scored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..compiled import Pickled
from ..engine.deal import ELDER, YOUNGER, Deal
from ..engine.partie import PartieResult
from ..engine.scoring import DealScore
from ..ruleset.model import Rules

HAZARDS = ("pique", "repique", "capot", "carte_blanche", "pique_or_repique")


def _pair() -> list[int]:
    return [0, 0]


@dataclass(slots=True)
class Tally(Pickled):
    deals: int = 0
    scores: list[dict[int, int]] = field(default_factory=lambda: [{}, {}])  # by role: deal score -> deals
    cards: list[int] = field(default_factory=lambda: [0, 0, 0])  # elder wins, younger wins, divided
    hazards: dict[str, list[int]] = field(default_factory=lambda: {h: [0, 0] for h in HAZARDS})
    totals: list[int] = field(default_factory=_pair)  # by role: the sum of deal scores
    squares: list[int] = field(default_factory=_pair)
    parties: int = 0
    won: int = 0  # points won (the settlement), summed over parties
    won_squares: int = 0
    winner_totals: int = 0
    loser_totals: int = 0
    rubicons: int = 0
    partie_deals: int = 0
    partie_deal_squares: int = 0
    first_dealer_wins: int = 0
    draws: int = 0
    sunk: list[int] = field(default_factory=_pair)  # by role: deals in which he sank a kind he held
    first_dealer_won: int = 0  # the points the first dealer won (negative where he lost), summed over parties
    first_dealer_won_squares: int = 0
    games: int = 0  # in a series of games: the games played, and the double games among them
    double_games: int = 0

    def add_deal(self, deal: Deal, score: DealScore) -> None:
        # ``x[i] = x[i] + 1``, not ``x[i] += 1``: compiled, an augmented assignment to an item is a generic operation
        self.deals += 1
        won = deal.won
        cards = self.cards
        outcome = 0 if won[ELDER] > won[YOUNGER] else 1 if won[YOUNGER] > won[ELDER] else 2
        cards[outcome] = cards[outcome] + 1
        tricks = won[ELDER] + won[YOUNGER]
        hazards = self.hazards
        sank = 0  # by role, as bits: not a list made and freed at every deal
        for calls, r, held in deal.steps:  # each call made, with what he held of its kind
            if calls[r] is None and held:
                sank |= 1 << r
        sunk, totals, squares = self.sunk, self.totals, self.squares
        # of any length: compiled, a pair indexed by a role is boxed into a new tuple at each index
        blanches: tuple[bool, ...] = deal.blanche
        for r in range(2):  # by role; a range, which compiles to a native loop, where a tuple is iterated generically
            if sank >> r & 1:
                sunk[r] = sunk[r] + 1
            total = score.totals[r]
            hist = self.scores[r]
            hist[total] = hist.get(total, 0) + 1
            totals[r] = totals[r] + total
            squares[r] = squares[r] + total * total
            by = score.by[r]
            pique, repique = by["pique"] > 0, by["repique"] > 0
            if pique:
                hazards["pique"][r] += 1
            if repique:
                hazards["repique"][r] += 1
            if pique or repique:
                hazards["pique_or_repique"][r] += 1
            if won[r] == tricks > 0:
                hazards["capot"][r] += 1
            if blanches[r]:
                hazards["carte_blanche"][r] += 1

    def add_partie(self, rules: Rules, result: PartieResult, first_dealer: int, deals: int) -> None:
        self.parties += 1
        self.partie_deals += deals
        self.partie_deal_squares += deals * deals
        self.games += result.games_played
        self.double_games += result.double_games
        w = result.winner
        if w is None:
            self.draws += 1
            return
        signed = result.points_won if w == first_dealer else -result.points_won
        self.first_dealer_won += signed
        self.first_dealer_won_squares += signed * signed
        self.won += result.points_won
        self.won_squares += result.points_won * result.points_won
        self.winner_totals += result.totals[w]
        self.loser_totals += result.totals[1 - w]
        g = rules.game
        if g.settlement == "rubicon" and result.totals[1 - w] < g.rubicon:
            self.rubicons += 1
        if w == first_dealer:
            self.first_dealer_wins += 1

    def merge(self, other: Tally) -> None:
        """Add another tally into this one."""
        self.deals += other.deals
        for r in (ELDER, YOUNGER):
            hist = self.scores[r]
            for s, n in other.scores[r].items():
                hist[s] = hist.get(s, 0) + n
            self.totals[r] += other.totals[r]
            self.squares[r] += other.squares[r]
        for i in range(3):
            self.cards[i] += other.cards[i]
        for h in HAZARDS:
            for r in (ELDER, YOUNGER):
                self.hazards[h][r] += other.hazards[h][r]
        for r in (ELDER, YOUNGER):
            self.sunk[r] += other.sunk[r]
        for name in ("parties", "won", "won_squares", "winner_totals", "loser_totals", "rubicons", "partie_deals",
                     "partie_deal_squares", "first_dealer_wins", "draws", "first_dealer_won",
                     "first_dealer_won_squares", "games", "double_games"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
