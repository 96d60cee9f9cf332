"""Chouette: a sitting of three, one single player against the other two, settled partie by partie.

Each partie is an ordinary partie of two (``partie``): the single player
against the one of the other two who sits at the table, the third advising
him.  What the partie wins is reckoned in steps of the ruleset's
``chouette.partie_step`` (units above ``chouette.rounds_up_above`` count a
whole step, the rest are neglected: the naughts are omitted on the card), and
the single player wins or loses it at ``chouette.single_stakes``.  Who sits
where in the next partie is ``chouette.rotation``'s.  At the end, what each
player receives from another is reckoned in whole multiples of
``chouette.fractions_neglected`` points.  The
three players are numbered 0, 1, 2 in the order of the cut: the highest is
the first single player, the lowest the first adviser.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import BadValue, Message, msg
from ..ruleset.model import Rules
from .partie import PartieResult

PLAYERS = 3


class NoChouette(BadValue):
    """The ruleset does not describe a sitting of three, so none can be settled by it."""


class PartieRefused(BadValue):
    """A partie the sitting cannot take, with its number (from 1) so the caller can point at its record."""

    def __init__(self, partie: int, message: Message) -> None:
        super().__init__(message)
        self.partie = partie


@dataclass(frozen=True, slots=True)
class Seats:
    """Who is single, who plays against him for the other two, and who advises that player."""

    single: int
    player: int
    adviser: int


@dataclass(frozen=True, slots=True)
class Played:
    """A partie of the sitting as the table played it: its two players (of the three), in the partie's order."""

    players: tuple[int, int]
    result: PartieResult


@dataclass(frozen=True, slots=True)
class Line:
    """One partie on the sitting's card."""

    seats: Seats
    #: The winner of the partie (of the three), None if it was drawn.
    winner: int | None
    points: int
    #: The partie's points in steps (the naughts omitted).
    counted: int
    #: What each of the three wins (+) or loses (-) by this partie, in steps.
    marks: tuple[int, ...]
    #: The running card after this partie: each player's standing, in steps.
    card: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Payment:
    """What one player owes another at the end of the sitting, and what is paid, the fraction neglected."""

    payer: int
    payee: int
    owed: int
    paid: int


@dataclass(frozen=True, slots=True)
class Sitting:
    """The sitting's card partie by partie, what it comes to, and who pays whom."""

    lines: tuple[Line, ...]
    #: What each player wins (+) or loses (-) over the sitting, in points (the card's figures with their naughts).
    totals: tuple[int, ...]
    #: Who sits where for the partie after the last.
    next_seats: Seats
    payments: tuple[Payment, ...]


@dataclass(frozen=True, slots=True)
class Described:
    """A ruleset's chouette, known in full."""

    rotation: str
    step: int
    rounds_up_above: int
    stakes: int
    fraction: int


def chouette_rules(rules: Rules) -> Described:
    """The ruleset's chouette, refused where the source describes none."""
    ch = rules.chouette
    if ch.rotation is None or ch.partie_step is None or ch.rounds_up_above is None or ch.single_stakes is None \
            or ch.fractions_neglected is None:
        raise NoChouette(msg("no-chouette", "this ruleset does not describe chouette (a sitting of three): its "
                             "chouette rules are not known"))
    return Described(ch.rotation, ch.partie_step, ch.rounds_up_above, ch.single_stakes, ch.fractions_neglected)


def reckoned(rules: Rules, points: int) -> int:
    """A partie's points in steps: units above the rounding bound count a whole step, the others are neglected.

    A loss is reckoned as the gain it mirrors (-416 counts -42 at ten and
    five), so that what one player wins another loses to the step.
    """
    known = chouette_rules(rules)
    whole, units = divmod(abs(points), known.step)
    steps = whole + (1 if units > known.rounds_up_above else 0)
    return -steps if points < 0 else steps


def first_seats() -> Seats:
    """The highest cut plays single against the other two; the lowest sits out and advises the second."""
    return Seats(single=0, player=1, adviser=2)


def next_seats(rules: Rules, seats: Seats, single_won: bool | None) -> Seats:
    """Who sits where after a partie the single player won (True), lost (False) or drew (None).

    ``single_until_beaten`` (Cavendish): the winner at the table is the next
    single player, the adviser sits down to play against him, and the loser
    of the partie advises.  A drawn partie beats no one: the single player
    keeps his place, and the other two change over as after a win.
    """
    rotation = chouette_rules(rules).rotation
    if rotation == "single_until_beaten":
        if single_won is False:
            return Seats(single=seats.player, player=seats.adviser, adviser=seats.single)
        return Seats(single=seats.single, player=seats.adviser, adviser=seats.player)
    raise NoChouette(msg("no-rotation", "no rotation {rotation}", rotation=repr(rotation)))


def stakes(rules: Rules, seats: Seats, counted: int) -> tuple[int, ...]:
    """Each player's gain by a partie the single player won ``counted`` steps by (negative if he lost).

    The player at the table pays or receives once; the adviser the rest of
    the single player's stakes (at double stakes, once each).
    """
    single_stakes = chouette_rules(rules).stakes
    marks = [0] * PLAYERS
    marks[seats.single] = counted * single_stakes
    marks[seats.player] = -counted
    marks[seats.adviser] = -counted * (single_stakes - 1)
    return tuple(marks)


def settle(rules: Rules, parties: Sequence[Played],
           names: Sequence[str] = ("player 1", "player 2", "player 3")) -> Sitting:
    """The sitting's card, partie by partie, from each partie's settlement (``names``: the three, for messages).

    A partie not played by the two the rotation seats at the table is
    refused: the card of a sitting cannot be kept without knowing who was
    single.
    """
    step = chouette_rules(rules).step
    seats = first_seats()
    card = [0] * PLAYERS
    lines = []
    for n, played in enumerate(parties, 1):
        if set(played.players) != {seats.single, seats.player}:
            raise PartieRefused(n, msg("out-of-rotation", "partie {n} is played by {first} and {second}; by the "
                                       "rotation {single} is single against {player}, {adviser} advising", n=n,
                                       first=names[played.players[0]], second=names[played.players[1]],
                                       single=names[seats.single], player=names[seats.player],
                                       adviser=names[seats.adviser]))
        result = played.result
        if not result.finished:
            raise PartieRefused(n, msg("unfinished-partie", "partie {n} is not finished: a sitting settles whole parties",
                                       n=n))
        winner = None if result.winner is None else played.players[result.winner]
        single_won = None if winner is None else winner == seats.single
        counted = reckoned(rules, result.points_won)
        marks = stakes(rules, seats, counted if single_won is not False else -counted)
        card = [c + m for c, m in zip(card, marks)]
        lines.append(Line(seats, winner, result.points_won, counted, marks, tuple(card)))
        seats = next_seats(rules, seats, single_won)
    totals = tuple(c * step for c in card)
    return Sitting(tuple(lines), totals, seats, payments(rules, totals))


def payments(rules: Rules, totals: Sequence[int]) -> tuple[Payment, ...]:
    """Who pays whom at the end, each amount receivable reckoned in whole multiples of the money fraction.

    The fraction is neglected in each amount one player receives from another
    (Cavendish: B, owing A 190 and C 310, pays 150 and 300, and "gets off
    with a loss of forty-five").  The totals balance, so one player stands
    alone on his side: where he won, each loser pays him his own loss; where
    he lost, he pays each winner his gain.
    """
    unit = chouette_rules(rules).fraction
    winners = [p for p, total in enumerate(totals) if total > 0]
    losers = [p for p, total in enumerate(totals) if total < 0]
    if len(winners) == 1:
        debts = [(p, winners[0], -totals[p]) for p in losers]
    else:
        debts = [(losers[0], p, totals[p]) for p in winners] if losers else []
    return tuple(Payment(payer, payee, owed, owed // unit * unit) for payer, payee, owed in debts)
