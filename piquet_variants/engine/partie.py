"""The whole game: the cut, deals in turn, the end of the partie, and its settlement.

Players are 0 and 1 (as the record names them); each deal is scored by role
(elder, younger) and credited to the players here.  The end of the game is
the ruleset's: a race to a target (judged in the order of reckoning or at the
end of a deal), a fixed number of deals with multipliers and ties dealt again,
or a series of races (games) with double games, as in piquet au cent.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from ..cards import rank_of
from ..errors import BadValue, msg
from ..ruleset.model import Rules
from .deal import ELDER, YOUNGER, deck_cards
from .derived import Reads, reads
from .scoring import MARK, DealScore, score_deal


#: When an error in a score is proved, in order: before the player in error has seen his next hand, later while
#: the game lasts, or after it.
CORRECTION_MOMENTS = ("before_next_hand", "during_game", "after_game")


@dataclass(slots=True)
class PartieResult:
    totals: list[int]
    winner: int | None
    points_won: int
    games: list[int]
    finished: bool
    #: The deals a tie after the last deal still calls for before the partie is settled (the extra pair).
    tie_deals_left: int = 0
    #: In a series of games: the games played, and how many of them were double games.
    games_played: int = 0
    double_games: int = 0


def _pair_left(rules: Rules, played: int, tied: bool) -> int:
    """How many deals of the extra pair a tie after the last deal still calls for, ``played`` deals played and the
    totals ``tied`` or not: the pair is dealt whole once the last deal leaves a tie."""
    g = rules.game
    if g.end != "deals" or g.tie != "extra_pair" or not g.deals <= played < g.deals + 2:
        return 0
    if played == g.deals and not tied:
        return 0
    return g.deals + 2 - played


def cut_for_deal(rules: Rules, cut: tuple[int, int], higher_deals: bool = True,
                 lifted: tuple[int | None, int | None] = (None, None)) -> int:
    """The first dealer from the two cards cut (players 0 and 1); equal ranks, or too few cards lifted, cut again.

    Where the higher card chooses (Cavendish Law 4), ``higher_deals`` says
    what he chose; ``lifted`` is how many cards each lifted, where known.
    """
    for p, n in enumerate(lifted):
        if n is not None and n < rules.deal.cut_minimum:
            raise BadValue(msg("cut-too-few", "player {p} lifted {n} card(s); a cut takes at least {least}: cut again",
                               p=p + 1, n=n, least=rules.deal.cut_minimum))
    ranks = [rank_of(c) for c in cut]
    if ranks[0] == ranks[1]:
        raise BadValue(msg("equal-cuts", "equal cuts: cut again"))
    higher = 0 if ranks[0] < ranks[1] else 1
    if rules.deal.first_dealer == "lower_cut_deals":
        return 1 - higher
    return higher if higher_deals else 1 - higher


@dataclass(slots=True)
class Partie:
    rules: Rules
    dealer: int
    totals: list[int] = field(default_factory=lambda: [0, 0])
    game_totals: list[int] = field(default_factory=lambda: [0, 0])
    games: list[int] = field(default_factory=lambda: [0, 0])
    deals_counted: int = 0
    finished: bool = False
    winner: int | None = None
    keeps_deal_after: int | None = None  # the count of deals after which the dealer deals again (a deal out of turn)
    games_played: int = 0
    double_games: int = 0

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    def snapshot(self) -> Partie:
        """The partie as it stands, apart: adding a deal to it leaves this one as it was."""
        return replace(self, totals=list(self.totals), game_totals=list(self.game_totals), games=list(self.games))

    def multiplier(self) -> int:
        got = reads(self.rules)
        if got.game_end == "deals" and self.deals_counted < len(got.deal_multipliers):
            return got.deal_multipliers[self.deals_counted]
        return 1

    def add(self, score: DealScore) -> None:
        """Credit a scored deal to the players and see whether the game is over."""
        if self.finished:
            raise BadValue(msg("partie-over", "the partie is over"))
        if score.void:
            return  # a fresh deal by the same dealer
        elder = self.elder
        by_player: tuple[int, ...] = (elder, 1 - elder)  # of any length: compiled, indexed without boxing
        got = reads(self.rules)  # compiled, native fields, where the ruleset's are each a generic lookup
        k = self.multiplier()
        race = got.game_end in ("race", "games")
        reached, counted = self._reached_in_reckoning(score, by_player, k, got) if race else (None, score.totals)
        for role in range(2):  # by role; a range, which compiles to a native loop, where a tuple is iterated generically
            # not ``+=``, which compiled is a generic operation on an item
            who = by_player[role]
            self.totals[who] = self.totals[who] + counted[role] * k
            self.game_totals[who] = self.game_totals[who] + counted[role] * k
        self.deals_counted += 1
        if score.forfeit is not None:
            reached = by_player[1 - score.forfeit]
        elif race and reached is None and max(self.game_totals) >= got.game_target and \
                self.game_totals[0] != self.game_totals[1]:
            reached = 0 if self.game_totals[0] > self.game_totals[1] else 1
        if race and reached is not None:
            self._game_won(reached, forfeit=score.forfeit is not None)
        elif got.game_end == "deals" and self.deals_counted >= got.game_deals:
            self._deals_played()
        if got.alternate and not self.finished and self.deals_counted != self.keeps_deal_after:
            self.dealer = 1 - self.dealer

    def turn_passes(self) -> None:
        """A deal dealt but not counted (a record gives it only in part): the next is dealt in turn after it."""
        if self.rules.deal.alternate:
            self.dealer = 1 - self.dealer

    def out_of_turn(self, found_before_hands_taken_up: bool) -> bool:
        """The next deal is dealt by the player whose turn it is not; whether it stands.

        Found before either player has taken up his cards, it is void and the
        right dealer deals (the caller records no deal).  Found later, it stands
        as dealt, and where the ruleset says so (``deal.out_of_turn_found_late``)
        the elder of that deal then deals twice running, unless that deal or the
        next is the last of the partie (Cavendish Law 16; au Cent: no remedy).
        """
        if found_before_hands_taken_up:
            return False
        self.dealer = 1 - self.dealer
        g = self.rules.game
        last = g.end == "deals" and self.deals_counted + 2 >= g.deals
        if self.rules.deal.out_of_turn_found_late == "elder_deals_twice" and not last:
            self.keeps_deal_after = self.deals_counted + 2
        return True

    def correct(self, p: int, points: int, moment: str, own_sheet: bool = True) -> bool:
        """Put right player ``p``'s score by ``points``, the error proved at ``moment``; whether it is taken.

        ``moment`` is one of ``CORRECTION_MOMENTS``: an error is put right while
        the ruleset allows (``game.score_correctable``: Cavendish Law 70,
        before the player in error has seen his next hand; au Cent, while the
        game lasts).  Where the written scores differ, a player's score of his
        own hand is the one taken (Law 74): a figure from the adversary's sheet
        alone changes nothing.
        """
        limit = self.rules.game.score_correctable
        if moment not in CORRECTION_MOMENTS:
            raise BadValue(msg("correction-moment", "a correction is made {moments}, not {moment}",
                               moments=tuple(CORRECTION_MOMENTS), moment=repr(moment)))
        if not own_sheet or CORRECTION_MOMENTS.index(moment) > CORRECTION_MOMENTS.index(limit):
            return False
        self.totals[p] += points
        self.game_totals[p] += points
        if self.finished and self.rules.game.end == "deals":  # after the last deal: the winner as corrected
            self._deals_played()
        return True

    def _reached_in_reckoning(self, score: DealScore, by_player: tuple[int, ...], k: int,
                              got: Reads) -> tuple[int | None, list[int]]:
        """Who reaches the target first as the deal reckons, where the order of reckoning decides (only where the
        deal can take someone there), and what of the deal counts, by role.

        The game is won the moment he reaches it ("he, that first comes to the
        number agreed upon, wins the Set", 1651, ch. I; au Cent judges the
        loser's score then: "before his adversary has scored fifty"): what
        either reckons after it belongs to no game, so the deal counts as far
        as that score, and the winner never ends below the loser.
        """
        if not got.in_reckoning or score.forfeit is not None:
            return None, score.totals
        target = got.game_target
        totals = self.game_totals
        # not ``any`` of a generator: compiled, a generator is an object made and stepped through generically
        if (totals[by_player[ELDER]] + score.most(ELDER) * k >= target
                or totals[by_player[YOUNGER]] + score.most(YOUNGER) * k >= target):
            for e, running in score.running():
                if e[0] == MARK:
                    continue
                for role in (ELDER, 1 - ELDER):
                    if totals[by_player[role]] + running[role] * k >= target:
                        return by_player[role], list(running)  # a list, as the totals are: read natively
        return None, score.totals

    def _deals_played(self) -> None:
        """The partie's deals are played: the higher total wins, unless a tie calls for an extra pair.

        Both deals of the pair are played before the partie is settled, however
        the first leaves the totals, and a second tie ends it with no winner
        (Cavendish Law 71: "each deals once more, when the partie is concluded,
        even if there should be a second tie").
        """
        tied = self.totals[0] == self.totals[1]
        if self._tie_deals_left():
            self.finished, self.winner = False, None  # a correction after the last deal may tie it (Law 70)
            return
        self.finished = True
        self.winner = None if tied else (0 if self.totals[0] > self.totals[1] else 1)

    def _tie_deals_left(self) -> int:
        return _pair_left(self.rules, self.deals_counted, self.totals[0] == self.totals[1])

    def _game_won(self, p: int, forfeit: bool) -> None:
        g = self.rules.game
        if g.end == "race":
            self.finished, self.winner = True, p
            return
        double = not forfeit and self.game_totals[1 - p] < g.double_game_below
        self.games[p] += g.double_game_value if double else 1
        self.games_played += 1
        self.double_games += double
        self.game_totals = [0, 0]
        if self.games[p] >= g.games_to_win:
            self.finished, self.winner = True, p

    def resume(self, scores: tuple[int, int], deals: int, games: tuple[int, int] = (0, 0)) -> None:
        """Begin from a partie in progress: ``deals`` already played, each player's score and games so far.

        Where the partie is a race or counts games, the score is the game in
        progress's (the earlier games are in ``games``): it is both the
        partie's total and the game's.  A state the partie could not be in
        while still under way (its deals all played, a game already won, the
        games needed already won) is refused, so the record's deals are
        always played in a partie that is not over.
        """
        g = self.rules.game
        if g.end == "deals" and deals >= g.deals and not _pair_left(self.rules, deals, scores[0] == scores[1]):
            raise BadValue(msg("no-deals-left", "the partie is of {of} deals: {deals} already played leave none to play",
                               of=g.deals, deals=deals))
        if g.end in ("race", "games") and max(scores) >= g.target:
            raise BadValue(msg("game-over", "a score of {score} has already reached {target}: that game is over",
                               score=max(scores), target=g.target))
        if g.end == "games" and max(games) >= g.games_to_win:
            raise BadValue(msg("games-won", "{games} games won already win the partie ({needed} needed)", games=max(games),
                               needed=g.games_to_win))
        if g.end != "games" and any(games):
            raise BadValue(msg("no-games", "this partie does not count games"))
        self.totals, self.game_totals, self.games = list(scores), list(scores), list(games)
        self.deals_counted = deals

    def add_totals(self, elder_total: int, younger_total: int) -> None:
        """A deal known only by its scores (a score sheet)."""
        self.add(DealScore([elder_total, younger_total], [{}, {}], [], {}, True))

    def result(self) -> PartieResult:
        g = self.rules.game
        w = self.winner
        if w is None:
            won = 0
        elif g.settlement == "games":
            won = self.games[w]
        else:
            won = _points_won(reads(self.rules), self.totals[w], self.totals[1 - w])
        return PartieResult(list(self.totals), w, won, list(self.games), self.finished, self._tie_deals_left(),
                            self.games_played, self.double_games)


def _points_won(got: Reads, winner: int, loser: int) -> int:
    """What the winner of a partie settled by its totals wins: the difference, or by the rubicon the winner's total
    and the loser's where the loser is short of it, with the bonus."""
    if not got.by_rubicon:
        return winner - loser
    return (winner + loser if loser < got.rubicon else winner - loser) + got.rubicon_bonus


def settlement(rules: Rules, mine: int, his: int) -> int:
    """What a player of total ``mine`` wins (less than zero: loses) where a partie settled by its totals (not by
    games) ends against ``his``; equal totals settle nothing."""
    return settled(reads(rules), mine, his)


def settled(got: Reads, mine: int, his: int) -> int:
    """``settlement`` from the rules as the engine reads them: a player's outlook asks it of thousands of totals a
    card, where reading the ruleset's own attributes would cost more than the settlement."""
    if mine == his:
        return 0
    return _points_won(got, mine, his) if mine > his else -_points_won(got, his, mine)


def random_cut(rules: Rules, rng: random.Random) -> tuple[int, int]:
    """Two cards cut at random, of different ranks (equal ranks cut again)."""
    deck = deck_cards(rules)
    a, b = rng.sample(deck, 2)
    while rank_of(a) == rank_of(b):
        a, b = rng.sample(deck, 2)
    return a, b
