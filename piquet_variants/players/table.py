"""The table: it deals, asks each player in turn, and tells each only what he may know.

A player is any object with ``choose(view, legal) -> action`` (``Player``).
``play_deal`` runs one deal between two players (elder first): it asks the
player whose turn it is, applies his action to the engine's ``Deal``, and
then tells both players' ``View`` what that action made public.  The views
are the only way the players see the deal.
"""

from __future__ import annotations

from typing import Protocol, cast

from ..cards import count
from ..engine.deal import ELDER, YOUNGER, Deal, Dealt, Phase
from ..engine.scoring import judged
from ..ruleset.model import Rules
from .view import Context, Legal, View, heard


class Player(Protocol):
    """A player: he sees his ``View`` and chooses one of the ``Legal`` actions."""

    def choose(self, view: View, legal: Legal) -> int:
        ...


def legal_now(deal: Deal, legal: Legal) -> Legal:
    """What the player to move may do before the play, compactly, told in ``legal`` (the table keeps one a deal)."""
    phase = deal.phase
    if phase == Phase.DECLARE:
        candidates = deal.candidates()
        legal.now(phase, choices=len(candidates) + 1, candidates=candidates)
    elif phase == Phase.EXCHANGE:
        p = deal.player
        legal.now(phase, hand=deal.hands[p], take=deal.take_range(p), excess=deal.delta[p])
    else:
        legal.now(phase, choices=len(deal.legal_actions()))
    return legal


def _exchange(deal: Deal, views: list[View], discard: int) -> None:
    p = deal.player
    k = count(discard) - deal.delta[p]
    left = 0
    if p == ELDER and deal.reads.elder_may_see_left:  # he may look at the cards he leaves (Law 33)
        for c in deal.talon[k:deal.parts[ELDER]]:
            left |= 1 << c
    deal.apply(discard)
    views[p].exchanged(discard, deal.taken[p], left)
    if p == YOUNGER and views[ELDER].left_seen:
        views[ELDER].opponent_took(views[ELDER].left_seen & deal.taken[YOUNGER])


def _declare(deal: Deal, views: list[View], index: int) -> None:
    kind, p = deal.declaring()
    calls = deal.steps[deal.step][0]  # the deal's calls of the kind, by role
    deal.apply(index)
    said = heard(calls[p], False)
    for v in views:
        v.calls[kind][p] = said
    if deal.phase == Phase.PLAY:  # the calls are over: what each reckons, he shows
        for kind, result in judged(deal).items():
            if result.winner is None:
                continue
            w = result.winner
            cards = 0
            for combo in result.reckoned:
                cards |= combo.cards
            shown = heard(result.calls[w], True)
            for v in views:
                v.shown[w] = v.shown[w] | cards
                v.calls[kind][w] = shown
    for v in views:
        v.phase = deal.phase


def play_deal(rules: Rules, dealt: Dealt, players: tuple[Player, Player], context: Context = Context()) -> Deal:
    """One deal between ``players`` (elder, younger), each seeing only his own ``View``."""
    return play(Deal(rules, dealt), players, context)


def seated(deal: Deal, context: Context = Context()) -> list[View]:
    """Both players' views (elder, younger) as the deal starts: each knows his hand as dealt.

    A list, not a pair, to be indexed by the player to move: compiled, a pair is unboxed, and boxed again to be
    indexed.
    """
    rules, dealt, pack, follows = deal.rules, deal.dealt, deal.tables.pack, deal.follows
    return [View(rules, ELDER, dealt.elder, context, pack, follows),
            View(rules, YOUNGER, dealt.younger, context, pack, follows)]


def play(deal: Deal, players: tuple[Player, Player], context: Context = Context(), views: list[View] | None = None,
         cards: int = -1) -> Deal:
    """Play a deal to its end, asking ``players`` (elder, younger) through their views.

    Every deal is played here, whoever chooses: the simulation's players, the
    random deals of the tests and benchmarks, the search player's own
    playouts.  A card is most of a deal's decisions, so a card costs no
    allocation: one ``Legal`` is kept for the play and updated in place
    (another for the decisions before it), and the card goes to the deal's
    checked ``play_card``.  A deal already under
    way (an irregularity set up by hand) is played on from where it stands;
    its views start from the hands as dealt, unless ``views`` gives them as
    they stand (``seated``'s, told of the deal so far), which are told what
    follows.  With ``cards`` at 0 or more, the play stops where that many
    cards more have been played and the next is to be chosen, and the deal and
    the views are left there: a search plays a deal's common part once, to
    the position it branches at, and each branch on from copies of both
    (``Deal.copy``, ``View.copy``).
    """
    if views is None:
        views = seated(deal, context)
    # Each player's ``choose``, looked up once: compiled, a call through the protocol looks the method up each time.
    choosers = [players[ELDER].choose, players[YOUNGER].choose]
    elder_view, younger_view = views
    in_play = Legal(Phase.PLAY)
    before_play = Legal(Phase.EXCHANGE)
    while True:
        phase = deal.phase
        if phase == Phase.PLAY:
            if cards == 0:
                return deal
            cards -= 1
            p = deal.player
            in_play.playing(deal.playable())
            card = choosers[p](views[p], in_play)
            deal.play_card(card)
            # the trick this card completed, as the deal keeps it, for the views to keep too (each cast a string:
            # interpreted, a type written out is an object made at every card)
            trick = cast("tuple[int, int, int] | None", cast("list[object]", deal.tricks)[-1]
                         if deal.lead_card is None else None)
            elder_view.card_played(p, card, trick)
            younger_view.card_played(p, card, trick)
        elif phase == Phase.OVER:
            return deal
        else:
            p = deal.player
            action = choosers[p](views[p], legal_now(deal, before_play))
            if phase == Phase.DECLARE:
                _declare(deal, views, action)
            elif phase == Phase.EXCHANGE:
                _exchange(deal, views, action)
                elder_view.phase = younger_view.phase = deal.phase
            else:
                deal.apply(action)
