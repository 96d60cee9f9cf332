"""The partie's outlook: what the points of the deal in hand are worth in the settlement, under the ruleset's end rule.

A backgammon engine plays a match by an equity table: the chance of winning
the match from each score, so that a move is weighed by what it does to the
match, not to the game.  Piquet's partie is the same.  This module computes,
for the state after the deal in hand (each player's total, the deals left,
the games won, who is elder next), the expected settlement to one player,
by recursion over the spread of a deal's scores (``Spread``: the elder's and
the younger's points of a deal, as the blind players score them, measured
once a ruleset and kept), to the ruleset's own end and settlement:

- a fixed number of deals (``game.end: deals``): the higher total wins the
  settlement, the rubicon's (the winner's total and the loser's where the
  loser is short of the rubicon, with the bonus) or the difference; the
  multiplier of each deal applies to its points;
- a race (``race``): the first to the target wins, the elder first where the
  order of reckoning decides and both reach it in one deal, else the higher
  total;
- a series of games (``games``): each game a race, a double game where the
  loser is short of ``double_game_below``, the partie to ``games_to_win``.

Looking ahead costs the spread's size to the power of the deals looked
through, so the recursion looks ``HORIZON`` deals ahead exactly, and treats
the deals beyond as scoring their mean each (a certainty equivalent): the
thresholds that make a point worth more or less than a point (the rubicon, the
target, the double game) bite in the last deals, where the recursion is exact.
The player asks ``worth`` of the deal's end: the expected settlement to him
where he ends the deal with ``mine`` points more and the other with ``his``.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple

from ..engine.deal import ELDER
from ..engine.derived import reads
from ..engine.partie import settled
from ..ruleset.model import Rules
from .view import Context

#: Deals the recursion looks through exactly, after the deal in hand.
HORIZON: Final = 1
#: Points a bin of the spread spans: a deal's scores are gathered in bins of this width, each at its mean.
BIN: Final = 6


class Spread(NamedTuple):
    """A deal's scores, as (elder's points, younger's points, share of deals), and the mean points of each role."""

    atoms: tuple[tuple[int, int, float], ...]
    mean: tuple[float, float]


def spread(scores: list[tuple[int, int]]) -> Spread:
    """The spread of these deal scores (elder, younger), in bins of ``BIN`` points each at its mean."""
    bins: dict[tuple[int, int], list[int]] = {}
    for e, y in scores:
        acc = bins.setdefault((e // BIN, y // BIN), [0, 0, 0])
        acc[0] += e
        acc[1] += y
        acc[2] += 1
    n = len(scores)
    atoms = tuple((round(se / k), round(sy / k), k / n) for se, sy, k in bins.values())
    return Spread(atoms, (sum(e for e, _ in scores) / n, sum(y for _, y in scores) / n))


class Outlook:
    """The expected settlement after a deal, under one ruleset's end rule, for a spread of deal scores."""

    def __init__(self, rules: Rules, deals: Spread):
        self.rules = rules
        self.deals = deals
        # the rules read once, as the engine reads them (``derived.Reads``): the player asks ``worth`` some dozens of
        # times a card where the partie is at stake, and a rule read from compiled code is a lookup of the
        # interpreter's
        self._reads = reads(rules)
        self._by_deals = self._reads.game_end == "deals"
        # a cache a player: the values are the same for every decision of the partie
        self._deals_value = cache(self._deals_value_uncached)
        self._races = cache(self._races_uncached)

    def worth(self, context: Context, role: int, mine: int, his: int) -> float:
        """The expected settlement to the player of ``role`` (elder or younger in the deal in hand, of ``context``)
        where the deal ends with ``mine`` more points to him and ``his`` to the other."""
        a = context.totals[role] + mine
        b = context.totals[1 - role] + his
        elder_next = role != ELDER if self._reads.alternate else role == ELDER
        if self._by_deals:
            return self._in_deals(context.deals_left, a, b, elder_next)
        games = context.games if role == ELDER else (context.games[1], context.games[0])
        target = self._reads.game_target
        if a >= target or b >= target:
            return self._game_over(a, b, self._won(a, b, role == ELDER), elder_next, games)
        return self._in_race(a, b, elder_next, games)

    def sees(self, context: Context) -> bool:
        """Whether the outlook sees the partie's end exactly from this deal: a race or a series always, a fixed
        number of deals within ``HORIZON`` deals of the last.  Before that, where the deals beyond are only their
        mean, it is no guide to a departure from the plain game: a point is a point there."""
        return not self._by_deals or context.deals_left <= HORIZON + 1

    def decides(self, context: Context, reach: tuple[int, int]) -> bool:
        """Whether the deal in hand may settle the partie, or a game of a series: the last of a fixed number of deals
        (or of the pair a tie calls for), or a deal in which either player may reach the target, the points each may
        still make in it being ``reach`` (by role).  There the outlook is the settlement itself, not a mean over
        deals to come."""
        if self._by_deals:
            return context.deals_left <= 1
        target = self._reads.game_target
        return any(total + more >= target for total, more in zip(context.totals, reach))

    # -- a fixed number of deals ---------------------------------------------

    def _in_deals(self, deals_left: int, a: int, b: int, elder_next: bool) -> float:
        left = max(0, deals_left - 1)  # after the deal in hand
        if left > HORIZON:  # the deals beyond the horizon, at their mean (each player elder in half of them)
            each = round((left - HORIZON) * sum(self.deals.mean) / 2)
            a, b, left = a + each, b + each, HORIZON
        return self._value(left, a, b, elder_next, self._reads.game_deals - left)

    def _value(self, left: int, a: int, b: int, elder: bool, index: int) -> float:
        """The value to a player of ``a`` against ``b``, ``left`` deals to play, elder in the next if ``elder``, the
        next being the partie's ``index``-th deal (from 0).  With none left, the partie's settlement, worked out
        where it is met, not kept: the totals after a deal are rarely met twice, so keeping them costs more than the
        settlement, and fills the cache."""
        if left == 0:
            return float(settled(self._reads, a, b))
        return self._deals_value(left, a, b, elder, index)

    def _deals_value_uncached(self, left: int, a: int, b: int, elder: bool, index: int) -> float:
        """``_value`` where one deal or more is left, the mean over the spread of the next."""
        got = self._reads
        multipliers = got.deal_multipliers
        k = multipliers[index] if index < len(multipliers) else 1
        alternate = got.alternate
        total = 0.0
        for e, y, p in self.deals.atoms:
            mine = e if elder else y  # not a pair made and unpacked: compiled, the pair is an object, a deal's atom
            his = y if elder else e
            total += p * self._value(left - 1, a + k * mine, b + k * his, elder != alternate, index + 1)
        return total

    # -- a race, and a series of races ----------------------------------------

    def _in_race(self, a: int, b: int, elder_next: bool, games: tuple[int, int]) -> float:
        return self._races(games)[(a * self._reads.game_target + b) * 2 + elder_next]

    def _races_uncached(self, games: tuple[int, int]) -> list[float]:
        """The value to a player of each state of a race not yet won, the games won so far ``games`` (his, the
        other's): at ``(a * target + b) * 2 + elder``, his total ``a`` against ``b``, elder in the next deal if
        ``elder``.  Built from the highest totals down, as a deal only adds: a state's value needs only those of
        higher totals, or the race won."""
        target = self.rules.game.target
        alternate = self.rules.deal.alternate
        atoms = [(e, y, p) for e, y, p in self.deals.atoms if e + y]
        weight = sum(p for _, _, p in atoms)
        if not weight:
            raise ValueError("a race is never won where no deal scores")
        table = [0.0] * (target * target * 2)
        for a in range(target - 1, -1, -1):
            for b in range(target - 1, -1, -1):
                for elder in (False, True):
                    after = elder != alternate
                    total = 0.0
                    for e, y, p in atoms:
                        na, nb = (a + e, b + y) if elder else (a + y, b + e)
                        if na < target and nb < target:
                            total += p * table[(na * target + nb) * 2 + after]
                        else:
                            total += p * self._game_over(na, nb, self._won(na, nb, elder), after, games)
                    table[(a * target + b) * 2 + elder] = total / weight
        return table

    def _won(self, a: int, b: int, first: bool) -> bool:
        """Whether a race at ``a`` against ``b``, one of them at the target after a deal, is won by the player;
        ``first`` is whether he reckoned first in the deal (he was elder), which decides where both reached the
        target in it and the order of reckoning counts.  Both past it and equal, where the end of the deal
        judges, the next deal would decide: counted here, rarely as that is, as won by the elder."""
        game = self.rules.game
        if a >= game.target and b >= game.target:
            return first if game.race_check == "reckoning_order" or a == b else a > b
        return a >= game.target

    def _game_over(self, a: int, b: int, won: bool, elder: bool, games: tuple[int, int]) -> float:
        """The value once a race is won (by the player where ``won``): the settlement of a race, or in a series the
        game (or double game) counted and, unless the series is won, the next game from nothing."""
        game = self.rules.game
        if game.end == "race":
            return float(settled(self._reads, a, b))
        count = game.double_game_value if (b if won else a) < game.double_game_below else 1
        mine, his = (games[0] + count, games[1]) if won else (games[0], games[1] + count)
        if mine >= game.games_to_win:
            return float(mine)
        if his >= game.games_to_win:
            return float(-his)
        return self._races((mine, his))[elder]
