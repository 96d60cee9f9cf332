"""The discard chosen by weights fitted to a discard search (``players.fitted_discard``, ``players.discard_training``)."""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

from piquet_variants.cards import parse_cards
from piquet_variants.engine.deal import ELDER, YOUNGER, Phase, random_dealt
from piquet_variants.players import cavendish, discard_training, fitted_discard, training
from piquet_variants.players.cavendish import CavendishPlayer
from piquet_variants.players.discard_to_score import aims
from piquet_variants.players.learned import LearnedPlayer
from piquet_variants.players.registry import player_class
from piquet_variants.players.table import play_deal
from piquet_variants.players.view import Legal, View
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.registry import shipped_ids

RULES = load_ruleset("cavendish-rubicon").rules
#: An elder's hand with a long suit (spades), a trio of kings and high cards apart: its candidates differ.
HAND = sum(1 << c for c in parse_cards("JS 10S 9S 7S AH KH 8H KD QD AC 10C 9C".split()))


def _weights(**given: float) -> tuple[float, ...]:
    """Every weight zero but those given, by feature name."""
    return tuple(given.get(n, 0.0) for n in fitted_discard.NAMES)


def _file(table: object) -> str:
    return json.dumps({"deals": 1, "weights": table})


def test_the_shipped_weights_name_every_feature() -> None:
    weights = fitted_discard.shipped()
    assert len(weights) == len(fitted_discard.NAMES) and any(weights)
    header = json.loads(fitted_discard.WEIGHTS.read_text(encoding="utf-8"))
    assert header["ruleset"] == discard_training.RULESET and header["samples"] > 1


@pytest.mark.parametrize("text, said", [
    ("{", "line 1, column 2: not JSON"),
    ("[]", "expected a JSON object with 'weights'"),
    (json.dumps({"weights": [1, 2]}), "expected a JSON object with 'weights'"),
    (_file({n: 0 for n in fitted_discard.NAMES[1:]}), f"{fitted_discard.NAMES[0]!r} is missing"),
    (_file({**{n: 0 for n in fitted_discard.NAMES}, "elder: jokers kept": 1}), "'elder: jokers kept' is not one"),
    (_file({**{n: 0 for n in fitted_discard.NAMES}, fitted_discard.NAMES[3]: True}),
     f"the weight of {fitted_discard.NAMES[3]!r} must be a number"),
    (_file({**{n: 0 for n in fitted_discard.NAMES}, fitted_discard.NAMES[3]: "1"}), "must be a number"),
])
def test_a_bad_weights_file_is_refused_with_what_was_expected(text: str, said: str) -> None:
    with pytest.raises(ValueError, match="^bad.json: ") as e:
        fitted_discard.parse_weights(text, "bad.json")
    assert said in str(e.value)


def test_the_discard_follows_the_weights_among_the_searchs_candidates() -> None:
    view = View(RULES, ELDER, HAND)
    legal = Legal(Phase.EXCHANGE, hand=HAND, take=(1, 5))
    candidates = aims(view, legal)
    assert len(candidates) > 2
    book = CavendishPlayer(random.Random(0)).choose(view, legal)
    assert fitted_discard.fitted_discard(view, legal, _weights()) == book == candidates[0]
    # leaving a card in the stock weighed above all: the book's discard with a card left
    left = fitted_discard.fitted_discard(view, legal, _weights(**{"elder: cards left in the stock": 5.0}))
    assert left == candidates[-1] and left.bit_count() == 4 and left & book == left
    # the weights are the role's own: the younger's weight does not move the elder
    assert fitted_discard.fitted_discard(view, legal, _weights(**{"younger: cards left in the stock": 5.0})) == book
    # keeping kings weighed: a discard that keeps all three
    kings = fitted_discard.fitted_discard(view, legal, _weights(**{"elder: kings kept": 5.0}))
    assert kings in candidates and not kings & sum(1 << c for c in parse_cards("KH KD".split()))


def test_the_features_count_what_a_discard_keeps() -> None:
    out = parse_cards("KD QD AC 10C 9C".split())
    feats = fitted_discard.features(RULES, ELDER, HAND, 5, sum(1 << c for c in out), False)
    named = dict(zip(fitted_discard.NAMES, feats))
    assert named["elder: cards of the longest suit kept"] == 4  # J 10 9 7 of spades
    assert named["elder: the best point kept, its value in tens"] == 3  # 10 + 10 + 9 + 7 = 36
    assert named["elder: the longest run of ranks kept"] == 3  # J 10 9
    assert named["elder: suits put out whole"] == 2 and named["elder: aces kept"] == 1
    assert named["elder: kings kept"] == 1 and named["elder: cards left in the stock"] == 0
    assert not any(feats[len(fitted_discard.ASPECTS):])  # the younger's half


class _Checked:
    """The learned player with the fitted discard, each discard checked to be among the candidates and legal."""

    def __init__(self) -> None:
        self.player = LearnedPlayer(random.Random(0), frozenset({"quick"}))
        self.roles: set[int] = set()

    def choose(self, view: View, legal: Legal) -> int:
        action = self.player.choose(view, legal)
        if legal.phase == Phase.EXCHANGE:
            assert action in aims(view, legal) and action in legal.actions
            self.roles.add(view.role)
        return action


@pytest.mark.parametrize("ruleset", shipped_ids())
def test_the_fitted_discard_is_legal_for_both_roles_under_every_ruleset(ruleset: str) -> None:
    rules = load_ruleset(ruleset).rules
    rng = random.Random(f"fitted:{ruleset}")
    checked = _Checked()
    for _ in range(6):
        play_deal(rules, random_dealt(rules, rng), (checked, checked))
    assert checked.roles == {ELDER, YOUNGER}


class _Both:
    """Plays the default player, and at each discard asks the default and ``learned+book`` what they would put out."""

    def __init__(self) -> None:
        self.default = player_class("learned")(random.Random(0))
        self.book = player_class("learned+book")(random.Random(0))
        self.discards: list[tuple[int, int, int, int]] = []  # the default's, the weights', the book's, the rule's

    def choose(self, view: View, legal: Legal) -> int:
        action = self.default.choose(view, legal)
        if legal.phase == Phase.EXCHANGE:
            self.discards.append((action, fitted_discard.fitted_discard(view, legal), self.book.choose(view, legal),
                                  cavendish.discard(view, legal)))
        return action


def test_the_default_discards_by_the_weights_and_the_option_book_by_the_book() -> None:
    rules = load_ruleset("cavendish-rubicon").rules
    rng = random.Random("default or book")
    both = _Both()
    for _ in range(20):
        play_deal(rules, random_dealt(rules, rng), (both, both))
    assert len(both.discards) == 40
    assert all(default == weights and book == rule for default, weights, book, rule in both.discards)
    assert any(default != book for default, _, book, _ in both.discards)


def test_the_script_gives_the_same_file_for_a_seed_and_fits_again_from_its_positions(tmp_path: Path) -> None:
    texts = []
    for run in ("a", "b"):
        out, positions = tmp_path / f"{run}.json", tmp_path / f"{run}-positions.json"
        discard_training.main(["--deals", "3", "--samples", "3", "--seed", "5", "--out", str(out),
                               "--positions", str(positions)])
        texts.append((out.read_text(encoding="utf-8"), positions.read_text(encoding="utf-8")))
    assert texts[0] == texts[1]
    header, noted = discard_training.read_positions(tmp_path / "a-positions.json")
    assert header["seed"] == 5 and noted and all(len(p.candidates) == len(p.values) > 1 for p in noted)
    again = tmp_path / "again.json"
    discard_training.main(["--positions", str(tmp_path / "a-positions.json"), "--out", str(again)])
    assert again.read_text(encoding="utf-8") == texts[0][0]
    fitted_discard.parse_weights(texts[0][0], "a.json")


@pytest.mark.parametrize("text", [
    '{"header": {}, "positions": [{"deal": 1}]}',
    '{"header": {"seed": "1"}, "positions": []}',
    '{"header": {}, "positions": [{"deal": 1, "role": 0, "hand": 7, "most": 5, "candidates": [1, 2], "values": [0]}]}',
    "[",
])
def test_a_file_of_positions_that_is_not_one_is_refused(tmp_path: Path, text: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text, encoding="utf-8")
    out = tmp_path / "w.json"
    with pytest.raises(SystemExit, match="^" + re.escape(str(bad)) + ": not a file of noted discards"):
        discard_training.main(["--positions", str(bad), "--out", str(out)])
    assert not out.exists()


def test_the_script_reads_a_kept_file_within_its_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"header": {"seed": 1}, "positions": []}' + " " * 100, encoding="utf-8")
    monkeypatch.setattr(training, "MOST_BYTES", 64)
    out = tmp_path / "w.json"
    with pytest.raises(SystemExit, match="larger than 64 bytes"):
        discard_training.main(["--positions", str(big), "--out", str(out)])
    assert not out.exists()


def test_the_script_never_writes_over_a_read_only_file_or_another_users(tmp_path: Path) -> None:
    """Root may write a read-only file, so as root the file is another user's, which is refused all the same."""
    kept = tmp_path / "kept.json"
    kept.write_text("mine", encoding="utf-8")
    if os.geteuid() == 0:
        os.chown(kept, 65534, 65534)
        says = "belongs to another user: not replaced"
    else:
        kept.chmod(0o444)
        says = "read-only: not replaced"
    with pytest.raises(SystemExit, match=re.escape(str(kept)) + ": " + says):
        discard_training.main(["--deals", "100000", "--out", str(kept)])  # refused before a deal is played
    assert kept.read_text(encoding="utf-8") == "mine"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.json"]
