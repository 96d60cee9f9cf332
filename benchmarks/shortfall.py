"""Where a player falls short of ``search``: each of its choices weighed by the search, by the kind of choice.

    python benchmarks/shortfall.py [PLAYER] [DEALS] [SEED]

e.g. ``python benchmarks/shortfall.py learned 300``.  PLAYER (``learned`` by
default) plays both seats of DEALS deals under the club laws, each from its
own seeds; at every card it plays with more than one choice, the search player
values each playable card (``SearchPlayer.weigh``, points to the player over
its drawn deals), and the shortfall is the best card's value less the value of
the card played.  Printed per deal, by the kind of choice: a lead, a card of
the suit led, a card thrown (void in the suit led); and the part of each where
a capot is in sight (three tricks or more played, and the player has won none,
or, leading, the other has won none).  The search is slow: some two minutes a
hundred deals.  Choices the search finds alike cost nothing; the search's own
noise (eight drawn deals a card) makes a few small shortfalls where there are
none.
"""

from __future__ import annotations

import random
import sys
import time

from piquet_variants.cards import suit_of
from piquet_variants.engine.deal import Deal, Phase, random_dealt
from piquet_variants.players.counting import tricks_won
from piquet_variants.players.registry import player_class
from piquet_variants.players.search import SearchPlayer
from piquet_variants.players.table import Player, play
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset

KINDS = ("lead", "follow", "throw")
#: Tricks played, with none won by one side, from which a capot is counted as in sight.
CAPOT_FROM = 3


class Weighed:
    """Plays as ``player`` and adds what each of its choices costs, by the search's values, to ``shortfall``."""

    def __init__(self, player: Player, search: SearchPlayer, shortfall: dict[tuple[str, bool], float]):
        self.player = player
        self.search = search
        self.shortfall = shortfall

    def choose(self, view: View, legal: Legal) -> int:
        card = self.player.choose(view, legal)
        playable = legal.cards
        if legal.phase != Phase.PLAY or playable & (playable - 1) == 0:
            return card
        lead = view.lead_card
        if lead is None:
            kind = "lead"
        else:
            kind = "follow" if suit_of(card) == suit_of(lead) else "throw"
        won = tricks_won(view, view.role)
        played = len(view.tricks)
        capot = played >= CAPOT_FROM and (won == played if kind == "lead" else won == 0)
        values = dict(self.search.weigh(view, legal))
        self.shortfall[(kind, capot)] += max(values.values()) - values[card]
        return card


def main(name: str, deals: int, seed: int) -> None:
    rules = load_ruleset("cavendish-rubicon").rules
    shortfall = {(k, c): 0.0 for k in KINDS for c in (False, True)}
    start = time.perf_counter()
    for i in range(deals):
        cards = random.Random(f"{seed}:{i}:cards")
        packet = rules.deal.packets[int(cards.random() * len(rules.deal.packets))]
        seats = [Weighed(player_class(name)(random.Random(f"{seed}:{i}:{s}")),
                         SearchPlayer(random.Random(f"{seed}:{i}:search:{s}")), shortfall) for s in range(2)]
        play(Deal(rules, random_dealt(rules, cards, packet)), (seats[0], seats[1]))
    print(f"{name} under cavendish-rubicon, {deals} deals, seed {seed}, {time.perf_counter() - start:.0f} s: "
          f"points a deal below the search's best card")
    for kind in KINDS:
        total = shortfall[(kind, False)] + shortfall[(kind, True)]
        print(f"  {kind:6} {total / deals:6.2f}   of which a capot in sight {shortfall[(kind, True)] / deals:6.2f}")


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0] if a else "learned", int(a[1]) if len(a) > 1 else 300, int(a[2]) if len(a) > 2 else 1)
