"""Parties played one after another, their deals into a tally: the loop every simulated deal runs through.

Compiled with the engine (``setup.py``): a deal costs the engine some
thousands of machine instructions, and the same loop interpreted, with its
tally, added a fifth to each.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..engine.deal import Deal, random_dealt
from ..engine.partie import Partie
from ..engine.scoring import DealScore, score_deal
from ..players.table import Player, play_deal
from ..players.view import Context
from ..ruleset.model import Rules
from .tally import Tally

#: A partie that has not ended after this many deals is abandoned (a race nobody can win would never end).
MOST_DEALS_IN_A_PARTIE: Final = 1000


def play_partie(rules: Rules, players: list[Player], cards: random.Random, first: int, most: int,
                on_deal: Callable[[Deal, DealScore], None] | None = None) -> tuple[Partie, int]:
    """A partie between ``players`` (by seat), ``first`` dealing first, of at most ``most`` deals; and its deals played.

    The cards come from ``cards`` alone (the packet size, then each shuffle),
    so the same generator deals the same cards whoever sits where.
    """
    packet = rules.deal.packets[int(cards.random() * len(rules.deal.packets))]
    partie = Partie(rules, first)
    game = rules.game
    by_deals = game.end == "deals"
    played = 0
    while not partie.finished and played < most:
        elder = partie.elder
        left = game.deals - partie.deals_counted if by_deals else 0
        totals, games = partie.game_totals, partie.games
        context = Context((totals[elder], totals[1 - elder]), left, (games[elder], games[1 - elder]))
        deal = play_deal(rules, random_dealt(rules, cards, packet), (players[elder], players[1 - elder]), context)
        score = score_deal(deal)
        if on_deal is not None:
            on_deal(deal, score)
        partie.add(score)
        played += 1
    return partie, played


def play_parties(rules: Rules, players: list[Player], cards: random.Random, deals: int) -> Tally:
    """Parties played until ``deals`` deals are played, the first dealer of each drawn from ``cards``: every deal
    counts, and a partie cut short by the last deal does not count as a partie."""
    tally = Tally()
    while tally.deals < deals:
        first = 0 if cards.random() < 0.5 else 1
        partie, played = play_partie(rules, players, cards, first, min(deals - tally.deals, MOST_DEALS_IN_A_PARTIE),
                                     tally.add_deal)
        if partie.finished:
            tally.add_partie(rules, partie.result(), first, played)
    return tally
