"""The learned player: its weights as data, its fit, its options (playing to the score, sinking), the old counting."""

from __future__ import annotations

import copy

import dataclasses
import importlib.util
import json
import random
from pathlib import Path

import pytest

from piquet_variants.api import get_ruleset
from piquet_variants.cards import parse_cards
from piquet_variants.engine.combos import Combo, claim, holdings, tables
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Phase, random_dealt
from piquet_variants.engine.partie import settlement
from piquet_variants.engine.scoring import DealScore, score_deal
from piquet_variants.players import learned, outlook, rollout, score, training
from piquet_variants.players.features import (FOLLOW_COUNTS, FOLLOW_NAMES, FOLLOW_PAIRED, LEAD_NAMES, Situation,
                                             _unguards_winner, lead_features)
from piquet_variants.players.registry import DEFAULT_PAIR, UnknownPlayer, parse_pair, player_class
from piquet_variants.players.table import play, play_deal
from piquet_variants.players.view import Context, Legal, View, heard
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.simulate.duel import duel

RULES = load_ruleset("cavendish-rubicon").rules
ROOT = Path(__file__).resolve().parent.parent


def _mask(*names: str) -> int:
    return sum(1 << c for c in parse_cards(names))


def _weights_file(pairs: dict[str, dict[str, float]], by_value: dict[str, list[float]] | None = None) -> str:
    """A weights file of zeros for every feature and value, with ``pairs`` as its pairs."""
    return json.dumps({"lead": dict.fromkeys(LEAD_NAMES, 0), "follow": dict.fromkeys(FOLLOW_NAMES, 0),
                       "follow by value": by_value or {n: [0] * learned.SPAN for n in FOLLOW_COUNTS},
                       "follow pairs": pairs})


def _zero_pairs() -> dict[str, dict[str, float]]:
    return {a: dict.fromkeys(FOLLOW_PAIRED[k + 1:], 0.0) for k, a in enumerate(FOLLOW_PAIRED[:-1])}


def test_the_shipped_weights_name_every_feature_and_a_bad_file_is_refused(tmp_path: Path) -> None:
    w = learned.shipped()
    assert len(w.lead.weights) == len(LEAD_NAMES) and len(w.follow.weights) == len(FOLLOW_NAMES)
    # fitted, not the zeros of an empty file
    assert any(w.lead.weights) and any(w.follow.weights) and any(w.follow.pairs) and any(w.follow.by_value)
    with pytest.raises(ValueError, match="bad.json: 'lead' must map each of the"):
        learned.parse_weights('{"lead": {"sure winner": 1}, "follow": {}}', "bad.json")
    learned.parse_weights(_weights_file(_zero_pairs()), "zeros.json")
    missing = _zero_pairs()
    del missing["follows suit"]["wins the trick"]
    with pytest.raises(ValueError, match="'follows suit' and 'wins the trick' have none"):
        learned.parse_weights(_weights_file(missing), "bad.json")
    backwards = _zero_pairs()
    backwards["wins the trick"]["follows suit"] = 1.0  # a pair under the second of its two: named twice
    with pytest.raises(ValueError, match="names a pair that is not weighed together"):
        learned.parse_weights(_weights_file(backwards), "bad.json")
    short = {n: [0] * learned.SPAN for n in FOLLOW_COUNTS}
    short["rank"] = [0, 0, 0]
    with pytest.raises(ValueError, match=f"'follow by value' must map each of the {len(FOLLOW_COUNTS)} counts"):
        learned.parse_weights(_weights_file(_zero_pairs(), short), "bad.json")
    with pytest.raises(ValueError, match="must be a JSON object"):
        learned.parse_weights("[]", "bad.json")


def _scored(model: learned.Model, features: list[int]) -> int:
    scored = learned.Scored(model)
    for f in features:
        scored.put(f)
    return scored.score()


def _follow_score(w: learned.Weights, values: dict[str, int]) -> int:
    return _scored(w.follow, [values.get(n, 0) for n in FOLLOW_NAMES])


def test_a_pair_is_weighed_only_where_both_its_features_are_yes() -> None:
    pairs = _zero_pairs()
    pairs["wins the trick"]["a sure winner to keep"] = 2.0
    pairs["follows suit"]["wins the trick"] = 0.5
    w = learned.parse_weights(_weights_file(pairs), "test.json")
    wins, keep, follows = {"wins the trick": 1}, {"a sure winner to keep": 1}, {"follows suit": 1}
    assert _follow_score(w, wins) == 0 and _follow_score(w, keep) == 0
    assert _follow_score(w, wins | keep) == 2000
    assert _follow_score(w, follows | wins) == 500 and _follow_score(w, follows | wins | keep) == 2500
    assert _follow_score(w, follows | {"rank": 1}) == 0  # "rank" is 1 here, but it is a count, never paired
    assert _scored(w.lead, [1] * len(LEAD_NAMES)) == 0  # leads weigh no pairs


def test_a_count_is_weighed_by_its_value_from_two_up() -> None:
    """A count's weight times its value, and the weight of the value itself, the last for ``TOP`` or more."""
    by_value = {n: [0.0] * learned.SPAN for n in FOLLOW_COUNTS}
    by_value["throws: cards held in its suit"] = [0.1, 0.2, 0.3, 0.4, 0.5]
    data = json.loads(_weights_file(_zero_pairs(), by_value))
    data["follow"]["throws: cards held in its suit"] = -1.0
    w = learned.parse_weights(json.dumps(data), "test.json")
    held = "throws: cards held in its suit"
    assert [_follow_score(w, {held: v}) for v in range(learned.TOP + 3)] == \
        [0, -1000, -1900, -2800, -3700, -4600, -5500, -6500, -7500]


def test_the_fit_sees_each_pair_as_the_product_of_its_two_and_each_count_by_its_value() -> None:
    on = {"wins the trick": 1, "a sure winner to keep": 1, "rank": 3, "wins: his sure winners after": 9}
    feats = tuple(tuple(on.get(n, 0) for n in FOLLOW_NAMES) for _ in range(2))
    extended = training._expanded(training.Choice(False, feats, (1.0, 0.0))).features[0]
    counts = len(learned.COUNTS) * learned.SPAN
    assert len(extended) == len(FOLLOW_NAMES) + counts + len(learned.PAIRS)
    assert extended[:len(FOLLOW_NAMES)] == feats[0]
    values = extended[len(FOLLOW_NAMES):len(FOLLOW_NAMES) + counts]
    rank, sure = FOLLOW_COUNTS.index("rank"), FOLLOW_COUNTS.index("wins: his sure winners after")
    assert [k for k, v in enumerate(values) if v] == [rank * learned.SPAN + 1, (sure + 1) * learned.SPAN - 1]
    both = [k for k, p in enumerate(extended[len(FOLLOW_NAMES) + counts:]) if p]
    assert [(FOLLOW_NAMES[i], FOLLOW_NAMES[j]) for i, j in (learned.PAIRS[k] for k in both)] == \
        [("wins the trick", "a sure winner to keep")]


def test_the_fit_is_deterministic_and_learns_what_the_choices_show() -> None:
    names = ("good", "noise")
    rng = random.Random(3)
    choices = []
    for _ in range(200):
        n = rng.randint(2, 5)
        chosen = rng.randrange(n)
        feats = tuple((1 if i == chosen else 0, rng.randint(0, 3)) for i in range(n))
        choices.append(training.Choice(True, feats, tuple(10.0 if i == chosen else 0.0 for i in range(n))))
    w = training.fit(choices, names, seed=1, epochs=4)
    assert w == training.fit(choices, names, seed=1, epochs=4)
    assert w[0] > 1 and abs(w[1]) < w[0] / 4
    assert training.agreement(choices, w) == 1.0


def test_cards_equally_best_are_all_right_answers() -> None:
    """Two cards of three equally best: the fit makes either likely, and does not teach the second as a mistake,
    as it would if only the first were the answer."""
    names = ("either", "first")
    feats = ((1, 1), (1, 0), (0, 0))
    both = training.fit([training.Choice(True, feats, (10.0, 10.0, 0.0))] * 100, names, seed=1, epochs=4)
    first = training.fit([training.Choice(True, feats, (10.0, 0.0, 0.0))] * 100, names, seed=1, epochs=4)
    chances = training._probabilities(both, feats)
    assert chances[0] + chances[1] > 0.9 and chances[1] > 3 * training._probabilities(first, feats)[1]
    assert training.agreement([training.Choice(True, feats, (10.0, 10.0, 0.0))], both) == 1.0


def test_a_card_nearly_as_good_as_the_best_is_taught_as_a_small_mistake() -> None:
    """A card a fifth of a point below the best is credited nearly as right, one five points below hardly at all:
    the fit leaves the first far likelier to be played than the second, and the best card the likeliest."""
    names = ("best", "second")
    feats = ((1, 0), (0, 1), (0, 0))
    credit = training.credits(training.Choice(True, feats, (10.0, 9.8, 0.0)))
    assert credit[0] == 1.0 and 0.8 < credit[1] < 0.85 and credit[2] < 1e-4
    near = training.fit([training.Choice(True, feats, (10.0, 9.8, 0.0))] * 100, names, seed=1, epochs=4)
    far = training.fit([training.Choice(True, feats, (10.0, 5.0, 0.0))] * 100, names, seed=1, epochs=4)
    assert training._probabilities(near, feats)[1] > 5 * training._probabilities(far, feats)[1]
    assert training.agreement([training.Choice(True, feats, (10.0, 9.8, 0.0))], near) == 1.0


def test_the_fit_learns_the_choices_that_cost_most() -> None:
    """Two kinds of choice that teach opposite weights: the fit follows the one where a wrong card costs more,
    however many of the other there are; a choice where every card is as good teaches nothing."""
    names = ("a", "b")
    feats = ((1, 0), (0, 1))
    cheap = training.Choice(True, feats, (1.0, 0.0))  # the first card, a point better
    dear = training.Choice(True, feats, (0.0, 30.0))  # the second, thirty points better
    assert training.regrets([cheap, dear, training.Choice(True, feats, (4.0, 4.0))]) == [0.1, 3.0, 0.0]
    assert training.regrets([training.Choice(True, feats, (500.0, 0.0))]) == [training.REGRET_CAP]
    w = training.fit([cheap] * 20 + [dear] * 10, names, seed=1, epochs=4)
    assert w[1] > w[0]
    assert training.fit([training.Choice(True, feats, (4.0, 4.0))] * 10, names, seed=1, epochs=4) == [0.0, 0.0]


def test_a_rounds_deals_are_cached_readably_and_an_older_cache_is_refused(tmp_path: Path) -> None:
    noted = [training.noted_deal(RULES, 7, 0), training.noted_deal(RULES, 7, 1)]
    path = tmp_path / "round-1.json"
    training.write_noted(path, noted)
    assert training.read_noted(path) == noted
    assert path.read_text(encoding="utf-8").count("\n") == len(noted) + 2  # one deal a line
    path.write_text('[{"lead": true, "features": [[1, 0], [0, 1]], "values": [0, 1]}]', encoding="utf-8")
    with pytest.raises(SystemExit, match="without the deals' actions"):
        training.read_noted(path)


def test_a_kept_deal_is_played_again_its_choices_described_by_new_features_without_the_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A feature tried is fitted to the kept deals in minutes: each is played again by its noted actions, in a deal
    the search played and in one the learned player played, and its choices keep the search's values."""
    weights = learned.WEIGHTS.read_text(encoding="utf-8")
    noted = [training.noted_deal(RULES, 7, 0), training.noted_deal(RULES, 7, 1, weights)]
    kept = training.all_choices(noted)
    assert training.refeatured(RULES, noted) == kept
    monkeypatch.setattr(training, "lead_features", lambda sit, c: [c])  # a feature tried: the card led
    again = training.refeatured(RULES, noted)
    assert [c.values for c in again] == [c.values for c in kept]
    assert [c.features for c in again if not c.lead] == [c.features for c in kept if not c.lead]
    leads = [c.features for c in again if c.lead]
    assert leads and all(len(f) == 1 for fs in leads for f in fs)
    assert all(list(fs) == sorted(fs) and len(set(fs)) == len(fs) for fs in leads)  # each card, the highest first
    for bad in (dataclasses.replace(noted[0], actions=noted[0].actions[:-1]),
                dataclasses.replace(noted[0], actions=noted[0].actions + (0,)),
                dataclasses.replace(noted[0], choices=noted[0].choices[1:])):
        with pytest.raises(ValueError, match="do not play it again"):
            training.refeatured(RULES, [bad])


def test_kept_choices_are_fitted_again_in_other_orders_and_their_mean(tmp_path: Path) -> None:
    """``benchmarks/fit_orders.py``: order 1 is the training script's own fit; the mean is weight by weight."""
    spec = importlib.util.spec_from_file_location("fit_orders", ROOT / "benchmarks" / "fit_orders.py")
    assert spec is not None and spec.loader is not None
    fit_orders = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit_orders)
    noted = [training.noted_deal(RULES, 7, 0), training.noted_deal(RULES, 7, 1)]
    choices = training.all_choices(noted)
    training.write_noted(tmp_path / "kept" / "round-1.json", noted)
    fit_orders.main(tmp_path / "kept", 2, tmp_path / "out")
    first, second, mean = (json.loads((tmp_path / "out" / f"{name}.json").read_text(encoding="utf-8"))
                           for name in ("order-1", "order-2", "mean"))
    assert {k: first[k] for k in ("lead", "follow")} == \
        {k: json.loads(training.weights_text(choices, 1, {}))[k] for k in ("lead", "follow")}
    assert first["lead"] != second["lead"]
    name = LEAD_NAMES[0]
    assert mean["lead"][name] == round((first["lead"][name] + second["lead"][name]) / 2, 4)
    pair = next(iter(mean["follow pairs"]))
    other = next(iter(mean["follow pairs"][pair]))
    assert mean["follow pairs"][pair][other] == \
        round((first["follow pairs"][pair][other] + second["follow pairs"][pair][other]) / 2, 4)
    with pytest.raises(SystemExit, match="no round"):
        fit_orders.main(tmp_path / "empty", 2, tmp_path / "out")


@pytest.mark.parametrize("learner", [False, True])
def test_the_search_players_choices_are_noted_with_each_cards_features(learner: bool) -> None:
    """In a deal the search plays, or one the learned player plays (its own positions, the search's choices)."""
    weights = learned.WEIGHTS.read_text(encoding="utf-8") if learner else None
    noted = training.noted_deal(RULES, 7, 0, weights)
    choices = noted.choices
    assert choices and all(c.best and all(0 <= i < len(c.features) for i in c.best) for c in choices)
    assert all(len(c.values) == len(c.features) and c.regret >= 0 for c in choices)
    assert {len(f) for c in choices if c.lead for f in c.features} == {len(LEAD_NAMES)}
    assert {len(f) for c in choices if not c.lead for f in c.features} == {len(FOLLOW_NAMES)}


def test_the_search_weighs_each_card_over_as_many_drawn_deals_as_asked() -> None:
    """One drawn deal gives each card a whole number of points; the mean of several seldom does."""
    one = [v for c in training.noted_deal(RULES, 7, 0, samples=1).choices for v in c.values]
    many = [v for c in training.noted_deal(RULES, 7, 0, samples=4).choices for v in c.values]
    assert one and all(v == int(v) for v in one)
    assert any(v != int(v) for v in many)


def test_player_options_are_named_and_checked() -> None:
    rng = random.Random(1)
    player = player_class("learned+score+sink")(rng)
    assert isinstance(player, learned.LearnedPlayer) and player.to_score and player.sinking
    plain = player_class("learned")(rng)
    assert not plain.to_score and not plain.sinking and not plain.quick
    assert player_class("learned+blind+quick")(rng).quick
    assert player_class("learned+discard")(rng).discarding and not plain.discarding
    assert player_class("learned+blind+aim")(rng).aiming and not plain.aiming
    with pytest.raises(UnknownPlayer, match="no option 'bold'"):
        player_class("learned+bold")
    with pytest.raises(UnknownPlayer, match="options: none"):
        player_class("cavendish+score")
    assert parse_pair(DEFAULT_PAIR) == ("learned", "learned")


def _view_in_play(hand: int, context: Context) -> View:
    view = View(RULES, YOUNGER, hand, context)
    view.phase = Phase.PLAY
    return view


def test_playing_to_the_score_when_the_rubicon_is_out_of_reach() -> None:
    hand = _mask("AS", "KS", "7S", "QH", "JH", "8H", "7H", "9D", "8D", "7D", "8C", "7C")
    assert score.hopeless(_view_in_play(hand, Context((90, 10), 1)))
    assert not score.hopeless(_view_in_play(hand, Context((90, 60), 1)))  # he may yet reach a hundred
    assert not score.hopeless(_view_in_play(hand, Context((90, 10), 2)))  # not the last deal
    # Law 73: short of a hundred both, the higher total still wins, so the deal is a race while he may pass the
    # other (at most 10 + 12 tricks + the last + 40 for a capot = 63 against 60)
    assert not score.hopeless(_view_in_play(hand, Context((60, 10), 1)))
    assert score.hopeless(_view_in_play(hand, Context((64, 10), 1)))
    # what the other has made in play counts: eight tricks led and won by the elder put him past the younger's best
    view = _view_in_play(_mask("AS", "KS", "QH", "JH"), Context((12, 10), 1))
    assert not score.hopeless(view)
    view.tricks = _tricks(0, 8)
    assert score.hopeless(view)
    view = _view_in_play(hand, Context((90, 10), 1))
    view.card_played(ELDER, parse_cards(["QS"])[0])  # the elder leads the queen of spades
    spades = _mask("AS", "KS", "7S")
    assert score.lose(view, spades) == parse_cards(["7S"])[0]  # the card that does not win it
    view.card_played(YOUNGER, parse_cards(["7S"])[0])
    # leading, the card the opponent may beat with the most cards: the seven of diamonds (the ace to the ten above it)
    assert score.lose(view, view.hand) in parse_cards(["7D", "7H", "7C"])


def test_sinking_a_small_call_with_a_king_unguarded() -> None:
    hand = _mask("KS", "AH", "KH", "QH", "9D", "8D", "7D", "9C", "8C", "7C", "JC", "10C")
    assert score.unguarded(hand) and not score.unguarded(hand | _mask("7S"))
    point, sequences, _ = holdings(tables(RULES), hand)  # its tierces (the quint apart), and its point
    small = [c for c in sequences if c.score <= score.SMALL]
    legal = Legal(Phase.DECLARE, choices=len(small) + 1, candidates=small)
    assert small and score.sinks(_view_in_play(hand, Context()), legal)
    assert not score.sinks(_view_in_play(hand, Context()), Legal(Phase.DECLARE, choices=len(point) + 1,
                                                                    candidates=list(point)))


def test_a_sinking_player_calls_less_than_he_holds() -> None:
    sinker, plain = player_class("learned+sink"), player_class("learned")
    sunk = 0
    for i in range(60):
        dealt = random_dealt(RULES, random.Random(i), 2)
        a = play_deal(RULES, dealt, (plain(random.Random(0)), sinker(random.Random(0))))
        b = play_deal(RULES, dealt, (plain(random.Random(0)), plain(random.Random(0))))
        sunk += score_deal(a).totals[YOUNGER] < score_deal(b).totals[YOUNGER]
    assert sunk > 0


def test_small_cards_not_counted_in_play_is_an_option_of_the_club_laws() -> None:
    old = get_ruleset("cavendish-rubicon", (("counting-cards", "ace-to-ten"), ("point", "by-tens")))
    assert old.rules.play.counting_ranks == (0, 1, 2, 3, 4)
    assert old.rules.point.reckoned == "by_value"
    thirty_six = get_ruleset(str(Path(__file__).parent / "rulesets" / "thirty-six.yaml"),
                             (("counting-cards", "ace-to-ten"),))
    assert thirty_six.rules.play.counting_ranks == (0, 1, 2, 3, 4)
    # the same deals, played alike: fewer points in play where the small cards do not count
    new_total = old_total = 0
    for i in range(40):
        dealt = random_dealt(RULES, random.Random(i), 2)
        cav = player_class("cavendish")
        new_total += sum(score_deal(play_deal(RULES, dealt, (cav(random.Random(0)), cav(random.Random(0))))).totals)
        counted = get_ruleset("cavendish-rubicon", (("counting-cards", "ace-to-ten"),)).rules
        old_total += sum(score_deal(play_deal(counted, dealt, (cav(random.Random(0)), cav(random.Random(0))))).totals)
    assert old_total < new_total


def test_the_learned_player_beats_cavendish_over_seat_swapped_parties() -> None:
    res = duel(RULES, ("learned", "cavendish"), pairs=12, seed=3)
    assert res.points.mean > 0 and res.margin.low > 0


def _tricks(won: int, lost: int) -> list[tuple[int, int, int]]:
    """Tricks the elder led, of which the younger won ``won`` (a higher card of the suit) and lost ``lost``."""
    out = []
    for i in range(won + lost):
        lead = (i % 4) * 9 + 4 + i // 4  # a ten or lower, of each suit in turn
        out.append((ELDER, lead, lead - 3 if i < won else lead + 3 - (i // 4)))
    return out


@pytest.mark.parametrize(("won", "lost", "loses"), [(0, 8, False), (1, 7, True), (3, 5, False), (6, 2, True)])
def test_playing_to_the_score_keeps_off_the_capot_and_divides_the_cards_if_it_can(won: int, lost: int,
                                                                                   loses: bool) -> None:
    """Out of reach of the rubicon, four cards left: he first makes a trick, and plays to divide while he may."""
    view = _view_in_play(_mask("AS", "KS", "QH", "JH"), Context((90, 10), 1))
    view.tricks = _tricks(won, lost)
    assert score.hopeless(view) and score.plays_to_lose(view, score.hopeless) is loses


@pytest.mark.parametrize("swap", [False, True])
def test_put_to_a_card_he_keeps_the_suit_of_which_more_are_against_him(swap: bool) -> None:
    """Cavendish, Playing to save a capot: "you should keep the card of the suit of which the greater number is
    against you".  The younger has lost ten tricks and holds the ace of spades and the ace of hearts; a club is led;
    three spades (king, queen, knave) and two hearts (king, queen) are out, with one diamond: he throws the heart.
    With spades and hearts changed about, he throws the spade."""
    def card(name: str) -> str:
        return name.translate(str.maketrans("SH", "HS")) if swap else name

    def mask(*names: str) -> int:
        return _mask(*map(card, names))

    view = _view_in_play(mask("AS", "AH"), Context())
    view.discarded = mask("8S", "7S", "7H")
    pairs = [("10S", "9S"), ("JH", "10H"), ("9H", "8H"), ("AD", "KD"), ("QD", "JD"), ("10D", "9D"), ("8D", "AC"),
             ("KC", "QC"), ("JC", "10C"), ("9C", "8C")]
    for lead, follow in pairs:
        view.card_played(ELDER, parse_cards([card(lead)])[0])
        view.card_played(YOUNGER, parse_cards([card(follow)])[0])
    view.card_played(ELDER, parse_cards(["7C"])[0])
    assert view.unseen(view.pack) == mask("KS", "QS", "JS", "KH", "QH", "7D")
    player = learned.LearnedPlayer(random.Random(0))
    assert player.choose(view, Legal(Phase.PLAY, cards=view.hand)) == parse_cards([card("AH")])[0]


@pytest.mark.parametrize(("mine", "theirs", "thrown", "unguards"), [
    (("KS", "7S"), ("AS",), "7S", 1),  # the king's one guard against the ace
    (("KS", "8S", "7S"), ("AS", "QS"), "7S", 0),  # the king has a guard to spare, the eight is beaten anyway
    (("KS", "8S", "7S"), ("AS",), "7S", 1),  # the eight, behind the seven, may outlast the ace
    (("QS", "8S", "7S"), ("AS", "KS"), "8S", 1),  # the queen needs both against the ace and king
    (("AS", "7S"), ("KS",), "7S", 0),  # the ace wins alone
    (("KS", "7S"), ("AS",), "KS", 0),  # the card thrown is the one guarded, not a guard
])
def test_a_guard_to_a_card_that_may_win_is_a_card_below_it_it_cannot_spare(
        mine: tuple[str, ...], theirs: tuple[str, ...], thrown: str, unguards: int) -> None:
    """A card of his may win a trick of its suit while he holds as many below it as the other may hold above."""
    assert _unguards_winner(_mask(*mine), _mask(*theirs), parse_cards([thrown])[0]) == unguards


@pytest.mark.parametrize("argv", [["--samples", "0"], ["--samples", "x"], ["--deals", "-1"], ["--rounds", "21"],
                                  ["--jobs", "0"]])
def test_the_training_scripts_numbers_are_bounded(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """No round is dealt, and no file written, for a count out of bounds: argparse's message and status 2."""
    with pytest.raises(SystemExit) as stop:
        training.main([*argv, "--out", "/nonexistent/never.json"])
    assert stop.value.code == 2 and "error: argument" in capsys.readouterr().err


def test_a_losing_card_led_counts_the_cards_of_his_that_none_of_mine_beat() -> None:
    """Leading a card that may lose gives the opponent the lead, and with it every card of his that none of this
    player's beats: the clubs (he holds none) and the diamonds above his seven; the hearts below his ace do not
    count.  A sure winner led gives nothing away."""
    hand = _mask("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH", "KH", "QH", "7D")
    view = _view_in_play(hand, Context())
    sit = Situation(view, tables(RULES).counting_cards)
    given = LEAD_NAMES.index("a losing card, his cards none of mine beat")
    assert lead_features(sit, parse_cards(["7D"])[0])[given] == 8 + 7
    assert lead_features(sit, parse_cards(["AS"])[0])[given] == 0


def test_a_lead_knows_whether_his_sure_winners_alone_take_the_cards() -> None:
    """The cards go to the one who wins more tricks: seven of twelve.  Eleven sure winners take them, whichever
    card is led first; one does not."""
    strong = Situation(_view_in_play(_mask("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH", "KH", "QH", "7D"),
                                     Context()), tables(RULES).counting_cards)
    weak = Situation(_view_in_play(_mask("AS", "9S", "8S", "7S", "10H", "9H", "8H", "7H", "10D", "9D", "8D", "7D"),
                                   Context()), tables(RULES).counting_cards)
    winner = LEAD_NAMES.index("sure winner, my sure winners take the cards")
    loser = LEAD_NAMES.index("a losing card, my sure winners take the cards")
    ace, seven = parse_cards(["AS"])[0], parse_cards(["7D"])[0]
    assert (lead_features(strong, ace)[winner], lead_features(strong, ace)[loser]) == (1, 0)
    assert (lead_features(strong, seven)[winner], lead_features(strong, seven)[loser]) == (0, 1)
    assert lead_features(weak, ace)[winner] == lead_features(weak, seven)[loser] == 0


def _outlook(rules_id: str = "cavendish-rubicon", options: tuple[tuple[str, str], ...] = ()) -> outlook.Outlook:
    """An outlook on a small made-up spread: the elder 30 and the younger 15, or 20 each, or the elder 60 and 5."""
    rules = get_ruleset(rules_id, options).rules
    return outlook.Outlook(rules, outlook.spread([(30, 15), (20, 20), (60, 5)]))


def test_the_outlook_of_the_last_deal_is_the_settlement() -> None:
    view = _outlook()
    for totals in ((90, 10), (40, 120), (101, 99)):
        for mine, his in ((0, 0), (10, 0), (0, 30)):
            assert view.worth(Context(totals, 1), ELDER, mine, his) == \
                settlement(view.rules, totals[0] + mine, totals[1] + his)
    # rubiconed whatever he makes, each point he makes costs him; within reach of the rubicon, it is worth a rubicon
    assert view.worth(Context((40, 120), 1), ELDER, 10, 0) < view.worth(Context((40, 120), 1), ELDER, 0, 0)
    assert view.worth(Context((90, 120), 1), ELDER, 10, 0) - view.worth(Context((90, 120), 1), ELDER, 0, 0) > 100


def test_the_outlook_looks_through_the_next_deal() -> None:
    view = _outlook()
    # two deals to go at 80 against 150: the next deal (elder then, as the deals alternate) scores 30, 20 or 60
    after = [(30, 15), (20, 20), (60, 5)]
    expected = sum(settlement(view.rules, 80 + m, 150 + h) for m, h in after) / 3
    assert view.worth(Context((150, 80), 2), YOUNGER, 0, 0) == pytest.approx(expected)


def test_the_outlook_of_a_race_and_of_a_series_of_games() -> None:
    race = _outlook("traite")
    assert race.worth(Context((90, 40), 0), ELDER, 15, 0) == settlement(race.rules, 105, 40)
    # one deal from the target, the race is won by the next deal whatever it scores: the elder makes 20 at least
    assert race.worth(Context((60, 10), 0), YOUNGER, 0, 0) == pytest.approx(
        sum(settlement(race.rules, 60 + m, 10 + h) for m, h in [(30, 15), (20, 20), (60, 5)]) / 3, abs=200)
    games = _outlook("cavendish-au-cent")
    g = games.rules.game
    # the game won with the other short of fifty is a double game: the partie's games won at once
    won = games.worth(Context((95, 20), 0, (1, 0)), ELDER, 10, 0)
    assert won == 1 + g.double_game_value
    assert games.worth(Context((95, 60), 0, (1, 0)), ELDER, 10, 0) < won


def test_a_partie_aware_player_scores_little_where_each_point_costs_him() -> None:
    view = _outlook()
    hand = _mask("AS", "KS", "7S", "QH", "JH", "8H", "7H", "9D", "8D", "7D", "8C", "7C")
    assert score.costs_to_score(_view_in_play(hand, Context((120, 30), 1)), view, 40)
    assert not score.costs_to_score(_view_in_play(hand, Context((120, 80), 1)), view, 40)  # the rubicon in reach
    assert not score.costs_to_score(_view_in_play(hand, Context((30, 120), 1)), view, 40)  # he is winning


def test_a_partie_aware_player_sinks_a_good_call_where_it_costs_him_and_declares_an_equality() -> None:
    view = _outlook()
    hand = _mask("AS", "KS", "QS", "JS", "10S", "8H", "7H", "9D", "8D", "7D", "8C", "7C")
    point, _, _ = holdings(tables(RULES), hand)
    legal = Legal(Phase.DECLARE, choices=len(point) + 1, candidates=list(point))
    younger = _view_in_play(hand, Context((120, 30), 1))
    younger.phase = Phase.DECLARE
    younger.calls["point"][ELDER] = heard(outlook_claim("point", 4, 31), False)
    assert score.sinks_to_score(younger, legal, view, 40, {"point": 4.0})
    younger.calls["point"][ELDER] = heard(outlook_claim("point", 5, 49), False)  # an equality: neither scores
    assert not score.sinks_to_score(younger, legal, view, 40, {"point": 4.0})
    younger.context = Context((30, 120), 1)  # winning: every point counts for him
    younger.calls["point"][ELDER] = heard(outlook_claim("point", 4, 31), False)
    assert not score.sinks_to_score(younger, legal, view, 40, {"point": 4.0})


def outlook_claim(kind: str, length: int, value: int) -> Combo:
    return claim(RULES, kind, [], length, None, value)


def test_the_blind_player_never_departs_and_the_default_one_does() -> None:
    aware, blind = player_class("learned")(random.Random(0)), player_class("learned+blind")(random.Random(0))
    assert not aware.blind and blind.blind
    hand = _mask("AS", "KS", "QS", "JS", "10S", "8H", "7H", "9D", "8D", "7D", "8C", "7C")
    view = _view_in_play(hand, Context((140, 20), 1))
    view.tricks = _tricks(1, 0)
    view.hand &= ~_mask("7C")
    assert aware._lost(view) and not blind._lost(view)


def test_the_measure_is_kept_as_plain_data_in_the_users_cache(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(tmp_path))
    monkeypatch.setattr(learned, "MEASURED", 30)
    rules = get_ruleset("marquoir").rules
    # the measure is kept in the process by the ruleset's identity: a copy of the rules is a ruleset it has not seen
    first = learned.measured(copy.deepcopy(rules))
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("outlook-")]
    assert len(kept) == 1 and kept[0].read_bytes()[:1] != b"\x80"  # marshal, not a pickle
    assert kept[0].stat().st_mode & 0o077 == 0
    again = learned.measured(copy.deepcopy(rules))
    assert again.outlook.deals == first.outlook.deals and again.most == first.most


def test_the_outlook_of_a_series_of_games_of_tiny_deals_is_built_without_deep_recursion() -> None:
    """A deal of a single point makes a race a hundred deals long, five times over in a series: built from the
    highest totals down, not by recursion."""
    rules = get_ruleset("cavendish-au-cent").rules
    tiny = outlook.Outlook(rules, outlook.Spread(((1, 0, 0.5), (0, 1, 0.5)), (0.5, 0.5)))
    assert tiny.worth(Context((0, 0), 0, (0, 0)), ELDER, 0, 0) == pytest.approx(0)  # a deal favours neither
    assert 0 < tiny.worth(Context((90, 10), 0, (0, 0)), ELDER, 0, 0) < tiny.worth(Context((90, 10), 0, (2, 0)), ELDER,
                                                                                 0, 0)


def test_a_position_is_at_stake_where_the_settlement_makes_a_point_worth_more_or_less_than_a_point() -> None:
    view = _outlook()
    reach = (30, 30)
    # the last deal, the younger at 90: within reach of a hundred, each point may be worth a rubicon
    assert rollout.at_stake(view, Context((120, 90), 1), YOUNGER, 0, 0, reach)
    # rubiconed whatever he makes: each point either makes costs him, the other's as much as his own
    assert rollout.at_stake(view, Context((220, 20), 1), YOUNGER, 0, 0, reach)
    # both past a hundred and the winner settled whatever the deal brings: a point is a point
    assert not rollout.at_stake(view, Context((300, 150), 1), YOUNGER, 0, 0, reach)
    assert not rollout.at_stake(view, Context((300, 150), 1), ELDER, 0, 0, reach)
    # the partie settles only at its last deal, a race when either may reach the target
    assert view.decides(Context((20, 10), 1), (50, 50)) and not view.decides(Context((20, 10), 2), (50, 50))
    race = _outlook("traite")
    assert race.decides(Context((20, 60), 0), (10, 45)) and not race.decides(Context((20, 60), 0), (10, 30))


class _Recorder:
    """A player that notes every card it plays at the end of the hand."""

    def __init__(self, player: learned.LearnedPlayer) -> None:
        self.player = player
        self.cards: list[int] = []

    def choose(self, view: View, legal: Legal) -> int:
        action = self.player.choose(view, legal)
        if legal.phase == Phase.PLAY and view.hand.bit_count() <= rollout.ENDGAME:
            self.cards.append(action)
        return action


def _end_cards(name: str, context: Context, deals: int) -> list[list[int]]:
    out = []
    for i in range(deals):
        seats = (_Recorder(player_class(name)(random.Random(0))), _Recorder(player_class(name)(random.Random(0))))
        play_deal(RULES, random_dealt(RULES, random.Random(i), 2), seats, context)
        out.append(seats[0].cards + seats[1].cards)
    return out


def test_the_cards_of_the_hands_end_change_with_the_score_where_the_partie_is_at_stake() -> None:
    """The last deal, the younger six points short of the rubicon: the default player's cards of the hand's end
    depart from the plain player's; where nothing is at stake (the first deal, or a last deal whose winner and
    rubicon are settled whatever it brings) they are the plain player's."""
    plain = _end_cards("learned+quick", Context((0, 0), 6), 12)
    assert _end_cards("learned", Context((0, 0), 6), 12) == plain
    assert _end_cards("learned", Context((300, 150), 1), 12) == plain
    close = Context((150, 94), 1)
    assert _end_cards("learned+quick", close, 12) == plain
    assert _end_cards("learned", close, 12) != plain


class _Capture:
    """The elder's seat: at the first card of the hand's end, the deal drawn with the younger's true hand is
    played again through the table from that card."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.plain = player_class("learned+quick")(random.Random(0))
        self.replayed: Deal | None = None
        self.tricks: list[tuple[int, int, int]] = []

    def choose(self, view: View, legal: Legal) -> int:
        card = self.plain.choose(view, legal)
        if legal.phase == Phase.PLAY and view.hand.bit_count() <= rollout.ENDGAME and self.replayed is None:
            history, played = rollout._history(view)
            seat = rollout._Replay(view, history + [card], self.plain)
            drawn = rollout._at_calls(RULES, rollout.drawn(view, self.deal.hands[YOUNGER], played))
            self.tricks = list(self.deal.tricks)
            self.replayed = play(drawn, (seat, seat))
        return card


@pytest.mark.parametrize("seed", range(6))
def test_a_drawn_deal_with_the_true_hand_is_reckoned_as_the_deal_was(seed: int) -> None:
    """The calls and the cards so far are played again in the drawn deal: with the opponent's true hand drawn, its
    calls, pique and repique are the real deal's, and so are its tricks up to the card tried."""
    deal = Deal(RULES, random_dealt(RULES, random.Random(seed), 2))
    elder = _Capture(deal)
    play(deal, (elder, player_class("learned+quick")(random.Random(0))))
    assert elder.replayed is not None and elder.replayed.over
    assert elder.replayed.tricks[:len(elder.tricks)] == elder.tricks
    real, again = score_deal(deal).by, score_deal(elder.replayed).by
    for role in (ELDER, YOUNGER):
        for part in ("point", "sequences", "sets", "pique", "repique"):
            assert again[role][part] == real[role][part], (role, part)


class _Branched:
    """A seat of the plain player: at each card of the hand's end that is a choice, every card it may play is played
    out on a few drawn deals from the position branched once (``rollout._played_out``), and again from the drawn
    deal played through from its calls, each card alone; the two are held to be the same deal."""

    def __init__(self) -> None:
        self.plain = player_class("learned+quick")(random.Random(0))
        self.compared = 0

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.PLAY and view.hand.bit_count() <= rollout.ENDGAME and legal.cards & (legal.cards - 1):
            history, played = rollout._history(view)
            candidates = [c for c in range(64) if legal.cards >> c & 1]
            for hand in dict.fromkeys(rollout.deals_for(view, random.Random(len(history)), 3)):
                branched = rollout._played_out(view, hand, (history, played), candidates, self.plain)
                for c, deal in zip(candidates, branched, strict=True):
                    seat = rollout._Replay(view, history + [c], self.plain)
                    again = play(rollout._at_calls(RULES, rollout.drawn(view, hand, played)), (seat, seat))
                    assert deal.tricks == again.tricks and deal.won == again.won, (c, hand)
                    assert score_deal(deal) == score_deal(again), (c, hand)
                    self.compared += 1
        return self.plain.choose(view, legal)


@pytest.mark.parametrize("seed", range(4))
def test_a_position_branched_plays_on_as_the_deal_played_again_from_the_start(seed: int) -> None:
    """The rollouts play a drawn deal's calls and cards so far once, and each card tried on from a copy of that
    position (the deal and both views): each card's deal ends, and scores, as the drawn deal played through again
    for that card alone, on every drawn deal at every choice of the hand's end, the leader's and the follower's."""
    seats = (_Branched(), _Branched())
    play_deal(RULES, random_dealt(RULES, random.Random(seed), 2), seats)
    assert seats[ELDER].compared and seats[YOUNGER].compared


def _tried(view: View, legal: Legal, own: int) -> list[int]:
    """The cards the rollouts try, the plain player's own (``own``) last."""
    live = view.unseen(view.pack) | view.hand | view.opponent_known()
    if view.lead_card is not None:
        live |= 1 << view.lead_card
    return [c for c in rollout._distinct(legal.cards, live, tables(RULES).counting_cards)
            if not rollout._alike(c, own, live)] + [own]


class _FirstChoice:
    """The elder's seat, the default player: the first position of the hand's end at which it plays by rollouts
    with a card to try besides its own, kept as it stood."""

    def __init__(self) -> None:
        self.player = learned.LearnedPlayer(random.Random(0))
        self.kept: tuple[View, Legal] | None = None

    def choose(self, view: View, legal: Legal) -> int:
        if (self.kept is None and legal.phase == Phase.PLAY and legal.cards & (legal.cards - 1)
                and self.player._at_stake(view)):
            played = Legal(Phase.PLAY, cards=legal.cards)
            if len(_tried(view, played, self.player._plain().choose(view, played))) > 1:
                self.kept = (view.copy(), played)
        return self.player.choose(view, legal)


def _rolled_out_as_the_reference(player: learned.LearnedPlayer, view: View, legal: Legal) -> tuple[int, bool]:
    """At one position of the hand's end: the reference's values (each drawn hand played out from each card every
    time it is drawn), and the rollouts' own, met through the valuation they call once a deal played.  The hands
    drawn again, that the rollouts did not play again, and whether they stopped drawing early."""
    base = player._plain()
    valued = player._valued(view)
    hands = rollout.deals_for(view, random.Random(rollout.seed(view)), rollout.SAMPLES)
    own = base.choose(view, legal)
    history, played = rollout._history(view)
    candidates = _tried(view, legal, own)
    if len(candidates) == 1:
        return 0, False
    reference = [[valued(score_deal(play(rollout._at_calls(RULES, rollout.drawn(view, hand, played)),
                                         (rollout._Replay(view, history + [c], base),) * 2)), view.role)
                  for c in candidates] for hand in hands]
    assert all(reference[i] == reference[hands.index(h)] for i, h in enumerate(hands))
    met: list[float] = []

    def noted(score: DealScore, role: int) -> float:
        met.append(valued(score, role))
        return met[-1]

    rollout.best_by_rollouts(view, legal, base, noted)
    # the first deals drawn (no more where no card tried gives another value than the plain card's on the first
    # ``FIRST``), each card tried played out on each until, from the ``AHEAD``-th, it is no longer ahead of the plain
    # card: the rest are not drawn once none is left
    by_card = [[row[i] for row in reference] for i in range(len(candidates))]
    plain = len(candidates) - 1
    tried = list(range(plain))
    expected: list[float] = []
    drawn = 0
    for k, hand in enumerate(hands):
        if not tried or (k == rollout.FIRST and all(row[i] == row[-1] for row in reference[:k] for i in tried)):
            break
        if hand not in hands[:k]:
            expected += [reference[k][i] for i in (*tried, plain)]
        drawn = k + 1
        if drawn >= rollout.AHEAD:
            tried = [i for i in tried if rollout._ahead(by_card[i][:drawn], by_card[-1][:drawn])]
    assert met == expected  # one deal played, and valued, a distinct hand and a card still tried
    return drawn - len(set(hands[:drawn])), drawn < len(hands)


class _Asked:
    """The elder's seat, the default player: at each position of the hand's end at which it plays by rollouts, the
    rollouts are held to the reference as the position stands (the view is updated in place as the deal goes on)."""

    def __init__(self) -> None:
        self.player = learned.LearnedPlayer(random.Random(0))
        self.positions = 0
        self.repeats = 0
        self.stopped = 0

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.PLAY and legal.cards & (legal.cards - 1) and self.player._at_stake(view):
            self.positions += 1
            repeats, stopped = _rolled_out_as_the_reference(self.player, view, Legal(Phase.PLAY, cards=legal.cards))
            self.repeats += repeats
            self.stopped += stopped
        return self.player.choose(view, legal)


def test_a_card_is_ahead_of_the_plain_card_where_it_has_done_better_over_the_deals_drawn() -> None:
    """A card tried is ahead where its values, summed over the deals drawn, pass the plain card's: level is not."""
    assert rollout._ahead([3.0, 1.0], [2.0, 1.5])
    assert not rollout._ahead([3.0, 1.0], [2.0, 2.0])
    assert not rollout._ahead([1.0, 2.0, 3.0], [2.0, 2.0, 2.0])
    assert not rollout._ahead([-1.0], [0.0])


def test_the_plain_card_stands_where_every_card_tried_falls_behind_it() -> None:
    """Where every card tried does worse than the plain card on every deal drawn, no more than ``AHEAD`` deals are
    drawn, and the plain card is played; where one is surely better on every deal, it is played."""
    seat = _FirstChoice()
    for seed in range(20):
        play_deal(RULES, random_dealt(RULES, random.Random(seed), 2), (seat, player_class("learned")(random.Random(0))),
                  Context((150, 94), 1))
        if seat.kept is not None:
            break
    assert seat.kept is not None
    view, legal = seat.kept
    base = seat.player._plain()
    own = base.choose(view, legal)
    worst = [0]

    def against(score: DealScore, role: int) -> float:  # the plain card's deal is valued last, each hand drawn
        worst[0] += 1
        return 0.0 if worst[0] % len(_tried(view, legal, own)) == 0 else -1.0
    assert rollout.best_by_rollouts(view, legal, base, against) == own
    n = len(_tried(view, legal, own))
    assert worst[0] % n == 0 and 0 < worst[0] <= rollout.AHEAD * n  # every card on each hand drawn, and few drawn

    better = [0]

    def favouring(score: DealScore, role: int) -> float:
        better[0] += 1
        return 0.0 if better[0] % len(_tried(view, legal, own)) == 0 else 1.0 + better[0] % 3
    assert rollout.best_by_rollouts(view, legal, base, favouring) != own


def test_a_hand_drawn_again_gives_the_values_it_gave_and_is_not_played_again() -> None:
    """The reference, kept here: each drawn hand played out from each card every time it is drawn.  A hand drawn
    again gives the values it gave (the plain player is deterministic), and the rollouts, which play it only once,
    meet the reference's values, so they choose its card; from the ``AHEAD``-th deal a card tried is played out no more
    once it is not ahead of the plain card, and where no card tried departs from the plain card's value on the first
    deals drawn, or none is left, they draw no more."""
    seats = _Asked()
    for seed in range(6):
        play_deal(RULES, random_dealt(RULES, random.Random(seed), 2), (seats, player_class("learned")(random.Random(0))),
                  Context((150, 94), 1))
    assert seats.positions >= 5
    assert seats.repeats > 0 and seats.stopped > 0
