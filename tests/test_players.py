"""Players: a view holds only what its player may know, the shipped players play legally, and the registry finds them."""

from __future__ import annotations

import ast
import dataclasses
import pickle
import random
from dataclasses import dataclass

import pytest

from piquet_variants.engine.combos import KINDS
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Dealt, Hands, Irregular, Phase, random_dealt
from piquet_variants.engine.irregular import state
from piquet_variants.engine.notes import Note, Noted
from piquet_variants.engine.scoring import judge_kind, score_deal
from piquet_variants.players.doubledummy import Solver
from piquet_variants.players.registry import SHIPPED, UnknownPlayer, parse_pair, player_class
from piquet_variants.players.table import Player, play, play_deal, seated
from piquet_variants.players.random_player import sample_cards
from piquet_variants.players.search import SearchPlayer
from piquet_variants.players.view import Context, Heard, Legal, View
from piquet_variants.ruleset.compiler import load_ruleset

from .conftest import ROOT

RULES = load_ruleset("cavendish-rubicon").rules


@dataclass
class Spy:
    """Wraps a player; at each choice, checks that the view holds no card its player may not know."""

    player: Player
    deal: list[Deal]  # the deal being played (the spy, unlike the player, may look)
    checked: int = 0

    def choose(self, view: View, legal: Legal) -> int:
        deal = self.deal[0]
        me, opp = view.role, 1 - view.role
        assert deal.player == me and view.hand == deal.hands[me]
        # What he may not know: the opponent's cards not played nor shown, his discard, and the stock he did not see.
        reckoned = 0
        if deal.phase == Phase.PLAY:
            for kind in KINDS:
                result = judge_kind(deal, kind)
                if result.winner == opp:
                    for combo in result.reckoned:
                        reckoned |= combo.cards
        played = 0
        for _, lead, follow in deal.tricks:
            played |= 1 << lead | 1 << follow
        if deal.lead_card is not None:
            played |= 1 << deal.lead_card
        stock = sum(1 << c for c in deal.talon)
        # (less the stock cards he left and looked at: the younger may then take them in)
        hidden = ((deal.hands[opp] & ~reckoned) | deal.discards[opp] | stock) & ~view.left_seen
        seen = view.hand | view.discarded | view.taken | view.left_seen | view.played | view.shown[opp]
        for calls in view.calls.values():
            for call in calls:
                seen |= call.cards if call is not None else 0
        assert not seen & hidden, "the view holds a card its player cannot know"
        assert view.played == played and view.shown[opp] & ~reckoned == 0
        self.checked += 1
        return self.player.choose(view, legal)


class _Leaves:
    """Discards ``n`` cards (the lowest) and, at his first card, keeps his view; else plays as the cavendish player."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.book = player_class("cavendish")(random.Random(0))
        self.view: View | None = None

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.EXCHANGE:
            hand = [c for c in range(legal.hand.bit_length()) if legal.hand >> c & 1]
            return sum(1 << c for c in hand[:self.n])
        if legal.phase == Phase.PLAY and self.view is None:
            self.view = view
            from piquet_variants.players.search import deals_for
            hands = deals_for(view, random.Random(0), 40)
            assert {h.bit_count() for h in hands} == {view.hand.bit_count() - (view.lead_card is not None)}
        return self.book.choose(view, legal)


@pytest.mark.parametrize("seed", range(60))
def test_the_search_draws_the_cards_random_sample_draws(seed: int) -> None:
    """The hands the search and the rollouts draw, and the random player's discards (``random_player.sample_cards``,
    compiled), are the cards ``random.Random.sample`` draws from the same generator, by both its ways (a pool of the
    cards left, where there are few; the places drawn, where there are many, left to ``sample``), and leave the
    generator where ``sample`` leaves it."""
    shape = random.Random(seed)
    pool = shape.sample(range(36), shape.randrange(37))
    n = shape.randrange(len(pool) + 1) if seed % 2 else min(len(pool), shape.randrange(6))
    ours, theirs = random.Random(seed * 7 + 1), random.Random(seed * 7 + 1)
    assert sample_cards(list(pool), n, ours, ours.getrandbits) == sum(1 << c for c in theirs.sample(pool, n))
    assert ours.random() == theirs.random()


@pytest.mark.parametrize("seed", range(8))
def test_a_card_the_elder_left_and_saw_then_taken_in_by_the_younger_is_known_in_his_hand(seed: int) -> None:
    """The elder takes four and looks at the fifth, which he leaves; the younger, taking four from the top of the
    stock, takes it in: the elder knows it is in the younger's hand (not a card he may not place), and the hands he
    draws for the younger are whole."""
    dealt = random_dealt(RULES, random.Random(seed))
    elder, younger = _Leaves(4), _Leaves(4)
    deal = play_deal(RULES, dealt, (elder, younger))
    assert elder.view is not None and younger.view is not None
    left = 1 << dealt.talon[4]
    assert elder.view.left_seen == left and deal.taken[YOUNGER] & left
    assert elder.view.left_taken == left and elder.view.opponent_known() & left == left & ~elder.view.played


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_a_view_holds_no_hidden_card(name: str) -> None:
    rng = random.Random(11)
    for n in range(6 if name == "search" else 40):
        box = [Deal(RULES, random_dealt(RULES, rng))]
        spies = (Spy(player_class(name)(random.Random(n)), box), Spy(player_class(name)(random.Random(n + 1)), box))
        play(box[0], spies)
        assert spies[0].checked > 12 and spies[1].checked > 12


@pytest.mark.parametrize("name", sorted(SHIPPED))
def test_same_view_same_choice(name: str) -> None:
    """Two deals that differ only in cards a player has not seen: the same discard, for every shipped player."""
    rng = random.Random(3)
    for _ in range(10):
        dealt = random_dealt(RULES, rng)
        # the elder: the younger's hand and the younger's part of the stock changed
        hidden = list(iter_bits(dealt.younger)) + list(dealt.talon[5:])
        rng.shuffle(hidden)
        twin = Dealt(dealt.elder, sum(1 << c for c in hidden[:12]), dealt.talon[:5] + tuple(hidden[12:]))
        assert _first_choice(name, dealt, ELDER) == _first_choice(name, twin, ELDER)
        # the younger: the elder's hand and the elder's part of the stock changed
        hidden = list(iter_bits(dealt.elder)) + list(dealt.talon[:5])
        rng.shuffle(hidden)
        twin = Dealt(sum(1 << c for c in hidden[:12]), dealt.younger, tuple(hidden[12:]) + dealt.talon[5:])
        assert _first_choice(name, dealt, YOUNGER) == _first_choice(name, twin, YOUNGER)


def iter_bits(m: int) -> list[int]:
    return [c for c in range(m.bit_length()) if m >> c & 1]


class _Stop(Exception):
    pass


def _first_choice(name: str, dealt: Dealt, role: int) -> tuple[int, View]:
    """The first action ``role`` takes, with a cavendish opponent who takes all his cards."""
    seen: list[tuple[int, View]] = []

    class Record:
        def __init__(self, inner: Player):
            self.inner = inner

        def choose(self, view: View, legal: Legal) -> int:
            action = self.inner.choose(view, legal)
            seen.append((action, _snapshot(view)))
            raise _Stop

    me = Record(player_class(name)(random.Random(5)))
    other = player_class("cavendish")(random.Random(6))
    with pytest.raises(_Stop):
        play_deal(RULES, dealt, (me, other) if role == ELDER else (other, me))
    return seen[0]


_FIELDS = ("role", "context", "phase", "dealt", "hand", "discarded", "taken", "left_seen", "left_taken", "calls", "shown",
           "tricks", "lead_card", "played", "voids")  # every field of a View but its rules and pack


def _snapshot(view: View) -> tuple:  # type: ignore[type-arg]
    return tuple(str(getattr(view, s)) for s in _FIELDS)


def test_every_shipped_player_finishes_legal_deals() -> None:
    rng = random.Random(8)
    for a in sorted(SHIPPED):
        for b in ("random", "cavendish"):
            deal = play_deal(RULES, random_dealt(RULES, rng),
                             (player_class(a)(random.Random(1)), player_class(b)(random.Random(2))))
            assert deal.over and len(deal.tricks) == 12
            assert score_deal(deal).complete


def test_registry() -> None:
    assert player_class("random").__name__ == "RandomPlayer"
    assert player_class("piquet_variants.players.cavendish:CavendishPlayer").__name__ == "CavendishPlayer"
    with pytest.raises(UnknownPlayer, match="did you mean 'search'"):
        player_class("serch")
    with pytest.raises(UnknownPlayer, match="cannot be loaded"):
        player_class("no.such.module:Player")
    with pytest.raises(UnknownPlayer, match="no choose"):
        player_class("random:Random")
    assert parse_pair("cavendish:random") == ("cavendish", "random")
    assert parse_pair("a.b:C:cavendish") == ("a.b:C", "cavendish")
    assert parse_pair("cavendish:a.b:C") == ("cavendish", "a.b:C")


class _Line:
    """A deal and the actions that led to it: a position that can be branched by replaying (a Deal is not copied)."""

    def __init__(self, dealt: Dealt, actions: tuple[int, ...] = ()):
        self.dealt, self.actions = dealt, actions
        self.deal = Deal(RULES, dealt)
        for a in actions:
            self.deal.apply(a)

    def then(self, action: int) -> _Line:
        return _Line(self.dealt, self.actions + (action,))


def _random_line(rng: random.Random, tricks: int) -> _Line:
    """A random deal played at random up to the start of trick ``tricks + 1``."""
    line = _Line(random_dealt(RULES, rng))
    while line.deal.phase < Phase.PLAY or len(line.deal.tricks) < tricks or line.deal.lead_card is not None:
        line = line.then(line.deal.sample_action(rng))
    return line


def _brute(line: _Line) -> int:
    """The best the rest of the play gives the elder less the younger, by trying every card (a plain minimax)."""
    deal = line.deal
    if deal.over:
        by = score_deal(deal).by
        return sum(by[ELDER][k] - by[YOUNGER][k] for k in ("play", "cards", "capot"))
    values = [_brute(line.then(card)) for card in deal.legal_actions()]
    return max(values) if deal.player == ELDER else min(values)


def test_double_dummy_solver_against_brute_force() -> None:
    """The solver's value of the last four tricks, from random positions, is the plain minimax's."""
    rng = random.Random(5)
    for _ in range(25):
        line = _random_line(rng, 8)
        deal = line.deal
        so_far = score_deal(deal).by
        solver = Solver(RULES, 12)
        value = solver.value((deal.hands[ELDER], deal.hands[YOUNGER]), deal.player, deal.won[ELDER])
        assert so_far[ELDER]["play"] - so_far[YOUNGER]["play"] + value == _brute(line)


def test_search_plays_the_double_dummy_card_when_it_can_see_everything() -> None:
    """With every other card played or seen, its one drawn deal is the true one: it plays a best card, and finds
    every best card best."""
    rng = random.Random(9)
    found = 0
    while found < 5:
        line = _random_line(rng, 9)
        deal = line.deal
        me = deal.player
        view = View(RULES, me, deal.hands[me])
        view.phase, view.tricks = Phase.PLAY, list(deal.tricks)
        view.played = sum(1 << a | 1 << b for _, a, b in deal.tricks)
        view.shown[1 - me] = deal.hands[1 - me]  # as if he had shown them all
        legal = Legal(Phase.PLAY, cards=deal.playable())
        if len(legal) < 2:
            continue
        found += 1
        choice = SearchPlayer(random.Random(1)).choose(view, legal)
        best = {card: _brute(line.then(card)) for card in legal}
        want = max(best.values()) if me == ELDER else min(best.values())
        assert best[choice] == want
        values = dict(SearchPlayer(random.Random(1)).weigh(view, legal))  # every best card, alike ones too
        assert sorted(values) == sorted(legal)
        top = max(values.values())
        assert {c for c, v in values.items() if v == top} == {c for c in legal if best[c] == want}


def test_a_deals_score_and_the_calls_heard_pickle() -> None:
    """A score, its kinds and each call a view heard go through pickle (a process pool or Dask sends them), compiled
    too, where a class with its own ``__init__`` unpickles only by its ``__reduce__``."""
    for seed in range(20):
        deal = play_deal(RULES, random_dealt(RULES, random.Random(seed)),
                         (player_class("cavendish")(random.Random(1)), player_class("cavendish")(random.Random(2))))
        score = score_deal(deal)
        again = pickle.loads(pickle.dumps(score))
        assert (again.totals, again.by, again.kinds, again.events) == (score.totals, score.by, score.kinds,
                                                                       score.events)
    heard_calls = []

    class Listener:
        def __init__(self, inner: Player):
            self.inner = inner

        def choose(self, view: View, legal: Legal) -> int:
            heard_calls.extend(h for calls in view.calls.values() for h in calls if h is not None)
            return self.inner.choose(view, legal)

    play_deal(RULES, random_dealt(RULES, random.Random(4)),
              (Listener(player_class("cavendish")(random.Random(1))), player_class("cavendish")(random.Random(2))))
    assert heard_calls and all(pickle.loads(pickle.dumps(h)) == h for h in heard_calls)


@pytest.mark.parametrize("seed", range(40))
def test_the_random_discard_draws_the_cards_random_sample_draws(seed: int) -> None:
    """The random player draws a discard's cards itself, by the draws ``random.sample`` makes from the same state."""
    from piquet_variants.players.random_player import sample_mask
    rng = random.Random(seed)
    pool = random.Random(seed + 1000).sample(range(36), 8 + seed % 14)
    for k in range(len(pool) + 1):
        state = rng.getstate()
        expected = sum(1 << c for c in rng.sample(pool, k))
        after = rng.getstate()
        rng.setstate(state)
        assert sample_mask(list(pool), k, rng.getrandbits) == expected
        assert rng.getstate() == after  # as many draws: the generator goes on as it would have


def _stopped(seed: int, cards: int) -> tuple[Deal, list[View]]:
    """A random deal between two cavendish players, stopped where ``cards`` cards have been played."""
    deal = Deal(RULES, random_dealt(RULES, random.Random(seed), 2))
    views = seated(deal)
    book = player_class("cavendish")(random.Random(seed))
    play(deal, (book, book), views=views, cards=cards)
    return deal, views


def _slots(module: str, name: str) -> tuple[str, ...]:
    """A class's ``__slots__`` as its source declares them: compiled, the class keeps no ``__slots__``."""
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    slots = next(n.value for n in cls.body if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "__slots__")
    return tuple(ast.literal_eval(slots))


def _held_apart(original: object, copied: object, name: str) -> None:
    """The copy's value of a field equals the original's, and no list, table or pair of hands in it is the
    original's."""
    assert copied == original, name
    if isinstance(original, (list, dict, Hands)):
        assert copied is not original, name
        for a, b in zip(original.values() if isinstance(original, dict) else original,
                        copied.values() if isinstance(copied, dict) else copied):
            assert not isinstance(a, list) or a is not b, name


@pytest.mark.parametrize("cards", [0, 7, 12])
def test_a_deal_copied_holds_every_field_of_its_own(cards: int) -> None:
    """``Deal.copy``, ``View.copy`` and ``Irregular.copy`` carry every field of the class, each set apart from the
    constructor's (so that a field the copy forgot keeps the constructor's value and differs), with no list or
    table shared: a copy then goes on apart, and each step's calls are the copy's calls of its kind.  A field added
    to a class and not to its copy fails here."""
    deal_slots = _slots("piquet_variants/engine/deal.py", "Deal")
    view_slots = _slots("piquet_variants/players/view.py", "View")
    deal, views = _stopped(cards, cards)
    assert deal.phase == Phase.PLAY and len(deal.tricks) * 2 + (deal.lead_card is not None) == cards
    deal.show(ELDER, KINDS[0], 45)
    irregular = state(deal)
    combo = deal.held[KINDS[0]][ELDER][0]
    distinct_irregular = dict(hand_void=[True, False], omitted={k: [1, None] for k in KINDS}, blanche_lost=[False, True],
                              allowed={k: [None, combo] for k in KINDS},
                              false_calls=[(ELDER, KINDS[0], combo, None, True)],
                              misinformed=[True, True], thrown_down=YOUNGER, mixed_away=(3, 5))
    assert set(distinct_irregular) == {f.name for f in dataclasses.fields(Irregular)}
    for name, value in distinct_irregular.items():
        setattr(irregular, name, value)
    # the fields the constructor makes of the rules and the cards dealt, which the copy is made with
    made = {"rules", "dealt", "tables", "reads", "order"}
    distinct = dict(hands=Hands(11, 22), talon=[1, 2, 3], phase=Phase.PLAY, player=YOUNGER, delta=(1, -1), parts=(3, 4),
                    taken=[5, 6], discards=[7, 8], void=True, void_reason=Note(Noted.FRESH_DEAL_CALLED),
                    blanche=(True, False), blanche_dealt=(False, True), reckons_nothing=[True, False],
                    grand_coup=[False, True], forfeit=ELDER, forced_suit=2, forced_by=YOUNGER, forced_lead=(ELDER, 3),
                    step=9, tricks=[(ELDER, 1, 2)] * 3, lead_card=5, won=[1, 2], notes=[Note(Noted.MISDEAL_FRESH)],
                    declared_hands=(9, 10), last_trick=3, follows=not deal.follows,
                    judged=({}, deal.rules, (9, 10, 7, 8)))
    for name, value in distinct.items():
        setattr(deal, name, value)
    kept = {"calls", "shown", "held", "steps", "irregular"}  # the deal's own, as it stands after its calls
    assert set(deal_slots) == made | set(distinct) | kept
    deal.calls[KINDS[0]][ELDER] = combo  # in place: each step's calls are the deal's
    copied = deal.copy()
    for name in deal_slots:
        _held_apart(getattr(deal, name), getattr(copied, name), name)
    for name in distinct_irregular:
        _held_apart(getattr(irregular, name), getattr(copied.irregular, name), name)
    assert [s[0] for s in copied.steps] == [copied.calls[k] for k in deal.order for _ in (ELDER, YOUNGER)]
    assert all(s[0] is copied.calls[k] for s, k in zip(copied.steps, [k for k in deal.order for _ in "ey"]))
    view = views[ELDER]
    heard_call = Heard(KINDS[0], 45, 5, -1, 45, 0)
    distinct_view = dict(rules=view.rules, role=YOUNGER, dealt=view.dealt ^ 3, context=Context((50, 60), 2),
                         pack=view.pack ^ 1, phase=Phase.OVER, hand=13, discarded=14, taken=15, left_seen=16,
                         left_taken=17, calls={k: [heard_call, None] for k in KINDS}, shown=[18, 19],
                         tricks=[(YOUNGER, 20, 21)], lead_card=22, played=23, voids=[1, 2], follows=not view.follows)
    assert set(distinct_view) == set(view_slots)
    for name, value in distinct_view.items():
        setattr(view, name, value)
    seen = view.copy()
    for name in view_slots:
        _held_apart(getattr(view, name), getattr(seen, name), name)
