"""The kinds are judged once the calls are over, kept on the deal for the table (which shows what each reckons) and
for the score, and judged anew wherever what they were judged from has changed since: a kept judgement never goes
stale."""

from __future__ import annotations

import random

from piquet_variants.engine.combos import KINDS
from piquet_variants.engine.deal import Deal
from piquet_variants.engine.scoring import KindResult, judge_kind, judged, score_deal
from piquet_variants.players.random_player import random_deal
from piquet_variants.ruleset.compiler import load_ruleset

RULES = load_ruleset("cavendish-rubicon").rules


def _afresh(deal: Deal) -> dict[str, KindResult]:
    return {kind: judge_kind(deal, kind) for kind in KINDS}


def _won(seed: int) -> tuple[Deal, str, int]:
    """A random deal played out in which some kind was won, the kind and its winner."""
    while True:
        deal = random_deal(RULES, random.Random(seed))
        for kind, result in _afresh(deal).items():
            if result.winner is not None and result.reckoned:
                return deal, kind, result.winner
        seed += 1000


def test_the_score_takes_the_judgement_the_table_made_at_the_end_of_the_calls() -> None:
    for seed in range(30):
        deal = random_deal(RULES, random.Random(seed))
        kept = deal.judged
        assert kept is not None, seed
        score = score_deal(deal)
        assert deal.judged is kept  # not judged again
        assert score.kinds == _afresh(deal)


def test_a_call_changed_after_the_calls_is_judged_anew() -> None:
    for seed in range(10):
        deal, kind, w = _won(seed)
        before = judged(deal)
        deal.calls[kind][w] = None  # as the laws of calling may take a call away
        now = judged(deal)
        assert now == _afresh(deal) and now[kind].winner != before[kind].winner
        assert score_deal(deal).kinds[kind] == now[kind]


def test_a_penalty_or_a_combination_shown_after_the_calls_is_judged_anew() -> None:
    for seed in range(10):
        deal, kind, w = _won(seed)
        judged(deal)
        deal.reckons_nothing[w] = True
        assert judged(deal) == _afresh(deal)
        assert deal.judged is None  # a deal under a penalty keeps nothing
        deal.reckons_nothing[w] = False
        loser = 1 - w
        deal.shown[kind][loser] = 1 << 40  # a better combination shown by the other, which bars (shown_bars)
        assert judged(deal) == _afresh(deal) and judged(deal)[kind].winner != w
        assert score_deal(deal).kinds == _afresh(deal)
