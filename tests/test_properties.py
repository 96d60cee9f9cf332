"""Property tests over random deals under every shipped ruleset."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from piquet_variants.cards import card_name, iter_cards
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, deck_cards, random_card, random_dealt
from piquet_variants.players.random_player import finish_randomly, random_deal
from piquet_variants.records.checks import FINAL
from piquet_variants.api import replay
from piquet_variants.engine.scoring import score_deal
from piquet_variants.located import load_text
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids

RULESETS = st.sampled_from(sorted(shipped_ids()))
SEEDS = st.integers(0, 2**32 - 1)


def _random_deal(rid: str, seed: int) -> Deal:
    return random_deal(load_ruleset(rid).rules, random.Random(seed))


@settings(max_examples=150, deadline=None)
@given(RULESETS, SEEDS)
def test_cards_dealt_and_conserved(rid: str, seed: int) -> None:
    rules = load_ruleset(rid).rules
    d = random_dealt(rules, random.Random(seed))
    full = sum(1 << c for c in deck_cards(rules))
    assert d.elder & d.younger == 0 and len(set(d.talon)) == len(d.talon) == rules.deal.talon
    assert d.elder | d.younger | sum(1 << c for c in d.talon) == full
    deal = _random_deal(rid, seed)
    played = sum((1 << a) | (1 << b) for _, a, b in deal.tricks)
    discarded = deal.discards[ELDER] | deal.discards[YOUNGER]
    left = sum(1 << c for c in deal.talon)
    assert played | discarded | left == full and played & discarded == 0 and played & left == 0
    assert len(deal.tricks) == rules.deal.hand and bin(played).count("1") == 2 * rules.deal.hand


@settings(max_examples=150, deadline=None)
@given(RULESETS, SEEDS)
def test_play_is_legal_and_trick_points_agree(rid: str, seed: int) -> None:
    deal = _random_deal(rid, seed)
    rules = deal.rules
    hands = list(deal.declared_hands)
    leads, wins = [0, 0], [0, 0]
    leader = ELDER
    for n, (who, lead, follow) in enumerate(deal.tricks):
        assert who == leader
        follower = 1 - who
        assert hands[who] >> lead & 1 and hands[follower] >> follow & 1
        if follow // 9 != lead // 9:
            assert not hands[follower] >> (lead // 9 * 9) & 511, "a revoke"
        hands[who] ^= 1 << lead
        hands[follower] ^= 1 << follow
        if lead % 9 in rules.play.counting_ranks:
            leads[who] += 1
        winner = follower if follow // 9 == lead // 9 and follow < lead else who
        if winner == follower and follow % 9 in rules.play.winning_ranks:
            wins[follower] += 1
        leader = winner
        taker = follow if winner == follower else lead
    score = score_deal(deal)
    counts = taker % 9 in (rules.play.winning_ranks if leader != who else rules.play.counting_ranks)
    last = rules.play.last_trick_bonus if counts else rules.play.last_trick_low_bonus
    for p in (ELDER, YOUNGER):
        expected = leads[p] * rules.play.lead + wins[p] * rules.play.win_opponent_lead + (last if leader == p else 0)
        assert score.by[p]["play"] == (0 if deal.reckons_nothing[p] else expected)


@settings(max_examples=200, deadline=None)
@given(RULESETS, SEEDS)
def test_pique_only_when_the_opponent_has_nothing(rid: str, seed: int) -> None:
    score = score_deal(_random_deal(rid, seed))
    running = [0, 0]
    for e in score.events:
        p, category, points, _ = e
        if p < 0:
            continue
        if category in ("pique", "repique"):
            assert running[1 - p] == 0
            assert not (score.by[p]["pique"] and score.by[p]["repique"]) or load_ruleset(rid).rules.pique.with_repique
        running[p] += points
    if load_ruleset(rid).rules.pique.who == "elder":
        assert score.by[YOUNGER]["pique"] == 0


@settings(max_examples=60, deadline=None)
@given(RULESETS, SEEDS)
def test_replaying_a_recorded_deal_gives_the_same_scores(rid: str, seed: int) -> None:
    deal = _random_deal(rid, seed)
    d = deal.dealt
    names = lambda m: [card_name(c) for c in iter_cards(m)]  # noqa: E731
    calls = {}
    for kind in deal.rules.declarations.order:
        calls[kind] = {role: ("sink" if deal.calls[kind][p] is None else names(deal.calls[kind][p].cards))
                       for p, role in ((ELDER, "elder"), (YOUNGER, "younger"))}
    record = {"players": ["A", "B"], "deals": [{
        "dealer": "B", "hands": {"elder": names(d.elder), "younger": names(d.younger)},
        "talon": [card_name(c) for c in d.talon],
        "exchange": {"elder": {"discard": names(deal.discards[ELDER])},
                     "younger": {"discard": names(deal.discards[YOUNGER])}},
        "declarations": calls,
        "tricks": [[card_name(a), card_name(b)] for _, a, b in deal.tricks]}]}
    rep = replay(load_text(json.dumps(record), "random.json"), deal.rules)
    again = rep.deals[0].score
    original = score_deal(deal)
    assert again.totals == original.totals and again.by == original.by and again.events == original.events


def _every_ruleset_and_option() -> list[tuple[str, tuple[tuple[str, str], ...]]]:
    """Each shipped ruleset as it ships, and with each other choice of each of its options."""
    out: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    for rid in sorted(shipped_ids()):
        out.append((rid, ()))
        for option in load_ruleset(rid).options:
            out += [(rid, ((option.name, choice.name),)) for choice in option.choices if choice.name != option.default]
    return out


def test_scores_without_the_layout_agree_with_the_events_laid_out() -> None:
    """Scoring sums each category, and finds pique and repique, without laying the events end to end; laid out
    afterwards (``events``), the events give the same sums, category by category, and the same final totals.

    Over seeded random deals under every shipped ruleset and option, a quarter of them with a peek at the
    opponent's stock (its penalty: reckoning nothing, a grand coup, a forced suit or the game lost).
    """
    checked = 0
    for rid, options in _every_ruleset_and_option():
        rules = load_ruleset(rid, options).rules
        rng = random.Random(f"{rid}:{options}")
        for _ in range(150):
            deal = Deal(rules, random_dealt(rules, rng))
            if rng.random() < 0.25:
                deal.peek(rng.choice((ELDER, YOUNGER)), 1 + int(rng.random() * 3))
            if not deal.over:
                finish_randomly(deal, rng)
            score = score_deal(deal)
            by, totals = [dict(score.by[ELDER]), dict(score.by[YOUNGER])], list(score.totals)
            summed = [dict.fromkeys(by[ELDER], 0), dict.fromkeys(by[YOUNGER], 0)]
            for p, category, points, _ in score.events:
                if p >= 0:
                    summed[p][category] += points
            assert summed == by, (rid, options)
            assert score.checkpoints()[FINAL] == tuple(totals) == tuple(sum(s.values()) for s in summed)
            assert score.events is score.events  # laid out once, and kept
            for role in (ELDER, YOUNGER):  # the bound a race reads before it looks at the order of reckoning
                assert max((running[role] for _, running in score.running()), default=0) <= score.most(role)
            checked += 1
    assert checked >= 150 * len(shipped_ids())


@settings(max_examples=300, deadline=None)
@given(st.integers(1, (1 << 36) - 1), st.floats(0.0, 1.0, exclude_max=True))
def test_a_random_card_is_the_draw_th_card_of_the_mask(m: int, draw: float) -> None:
    """``random_card`` finds, through its suit counts, the card that indexing the mask's list of cards by the same
    draw gives: the draws of a seeded deal are those of the list."""
    cards = list(iter_cards(m))  # lowest bit first
    assert random_card(m, lambda: draw) == cards[int(draw * len(cards))]
