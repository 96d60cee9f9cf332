"""A record's values as the engine's: its players' names and roles, and the cards that must be given, read where
they were written, so that a fault anywhere in a replay is a problem at the record's place for it (``Placed``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ..cards import UNKNOWN
from ..errors import BadValue, Message, Problem, RecordError, echo, msg
from ..located import JsonPath
from ..records.model import Role
from .deal import ROLES


SUITS_BY_LETTER = {"S": 0, "H": 1, "D": 2, "C": 3, "P": 0, "♠": 0, "♥": 1, "♦": 2, "♣": 3}


class Placed(Protocol):
    """Where each value of a record was written (``located.Located`` is one)."""

    def where(self, path: JsonPath) -> tuple[int, int]:
        """The line and column of the value at ``path``, or of its nearest placed ancestor."""

    def problem(self, path: JsonPath, message: Message) -> Problem:
        """A problem at the value at ``path``."""


class Reader:
    """Reads one record's cards and names, turning every fault into a problem at its place."""

    def __init__(self, places: Placed, lang: str):
        self.places = places
        self.lang = lang  # the record's, to say its cards as it writes them

    def fail(self, path: JsonPath, message: Message) -> RecordError:
        return RecordError([self.places.problem(path, message)])

    def known(self, cards: Sequence[int], path: JsonPath) -> list[int]:
        """Cards a player names or shows (a call, a cut): each must be given, where a hand may have '?'."""
        if UNKNOWN in cards:
            raise self.fail(path + (cards.index(UNKNOWN),), msg("unknown-named", "a card named or shown must be given, "
                                                                 "not '?'"))
        return list(cards)

    def role(self, key: str, players: tuple[str, str], path: JsonPath) -> int:
        if key in ROLES:
            return ROLES.index(key)
        if key in players:
            return players.index(key)
        raise self.fail(path, msg("not-a-role", "{key} is neither elder, younger, nor a player of this deal ({players})",
                                  key=echo(key), players=players))


def seat(role: Role | None) -> int:
    """The seat of an incident's player; the schema requires one for every incident that acts by a player."""
    if role is None:
        raise BadValue(msg("incident-player", "an incident that acts by a player names him"))
    return role.seat


def or_default(value: int | None, default: int) -> int:
    """A number the record may leave out, and what leaving it out means."""
    return default if value is None else value
