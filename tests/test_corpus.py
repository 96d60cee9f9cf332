"""Our own corpus deals, each replayed under several rulesets to figures worked by hand.

The figures are in ``docs/deals/README.md`` with the arithmetic and the rule
behind each; a ruleset other than the record's own is expected to disagree
with the book (exit 3) exactly where its rules differ.
"""

from __future__ import annotations

import json

import pytest

DEALS = "docs/deals/"

# file, ruleset, exit status, {player: (total, {category: points})}, a note the replay must make
CASES = [
    # The younger's point and sequences (39) reckon before the elder's quatorze (Law 67): a repique.
    ("misdeal-thirteen-capot.piquet", "cavendish-rubicon", 0,
     {"A": (67, {"sets": 14, "play": 13, "capot": 40, "cards": 0}),
      "B": (99, {"point": 7, "sequences": 32, "repique": 60})},
     "he may take 5, the younger's part is 2"),  # Law 41: he may take all five; the younger only two
    ("misdeal-thirteen-capot.piquet", "traite", 0,
     {"A": (67, {"capot": 40}), "B": (99, {"repique": 60})},
     "he may take 4, the younger's part is 3"),  # art. 6: he must leave three for the dealer
    ("languedoc-peek.piquet", "traite-languedoc", 0,
     {"Pierre": (-161, {"sets": 3, "play": 6, "penalty": -170}), "Paul": (26, {"sequences": 7, "play": 9, "cards": 10})},
     "the grand coup, he loses 170"),
    ("languedoc-peek.piquet", "traite", 3,
     {"Pierre": (9, {"penalty": 0}), "Paul": (26, {})},
     "he must first lead the suit his opponent names"),
    ("languedoc-peek.piquet", "cavendish-rubicon", 3,
     {"Pierre": (0, {"sets": 0, "play": 0}), "Paul": (26, {"sets": 0})},  # his trio of kings still bars (Law 58)
     "he reckons nothing this deal"),
    ("carte-blanche-younger-repique.piquet", "cavendish-rubicon", 0,
     {"A": (8, {"play": 8}), "B": (114, {"carte_blanche": 10, "point": 5, "sequences": 4, "sets": 28,
                                         "repique": 60, "play": 7, "cards": 0})}, None),
    ("carte-blanche-younger-repique.piquet", "traite", 0, {"A": (8, {}), "B": (114, {"repique": 60})}, None),
    # Wikipedia's order: the elder counts his first lead before the younger shows: no repique.
    ("carte-blanche-younger-repique.piquet", "modern-fr", 3, {"A": (8, {}), "B": (54, {"repique": 0})}, None),
    # The Marquoir page knows no carte blanche; 37 in hand is still a repique.
    ("carte-blanche-younger-repique.piquet", "marquoir", 3,
     {"A": (8, {}), "B": (104, {"carte_blanche": 0, "repique": 60})}, None),
]


@pytest.mark.parametrize("name,ruleset,status,expected,note", CASES, ids=[f"{c[0][:-7]}-{c[1]}" for c in CASES])
def test_corpus_deal_scores_as_worked_by_hand(cli, name: str, ruleset: str, status: int,
                                              expected: dict[str, tuple[int, dict[str, int]]], note: str | None) -> None:
    code, out, err = cli("replay", DEALS + name, "-r", ruleset, "--format", "json")
    assert code == status, err
    deal = json.loads(out)["results"][0]["deals"][0]
    for player, (total, by) in expected.items():
        assert deal["scores"][player]["total"] == total
        assert {k: deal["scores"][player]["by"][k] for k in by} == by
    assert (deal["mismatches"] == []) == (status == 0)
    if note:
        assert any(note in n for n in deal["notes"]), deal["notes"]


def test_a_ruleset_that_cannot_stand_the_exchange_says_where(cli, tmp_path) -> None:
    """Taking all five with thirteen cards is Law 41's right, but art. 6 leaves the dealer three."""
    path = tmp_path / "five.piquet"
    path.write_text('[Players "A" "B"]\ndeal 1, dealer "B"\n'
                    "  elder: A K Q J ♠  A K 10 9 8 ♥  A ♦  A 8 7 ♣\n"
                    "  younger: K Q J 10 9 ♦  K Q J 10 ♣  8 7 ♠  7 ♥\n"
                    "  talon: 10♠ Q♥ 9♠ J♥ 8♦ 9♣ 7♦\n  misdeal, stands\n"
                    "  elder discards 10 9 8 ♥  8 7 ♣  A ♦, takes 10♠ Q♥ 9♠ J♥ 8♦\n"
                    "  younger discards 8 7 ♠, takes 9♣ 7♦\nend deal\n", encoding="utf-8")
    code, _, err = cli("replay", str(path), "-r", "cavendish-rubicon", "--format", "json")
    assert code == 0 and err == ""
    code, out, err = cli("replay", str(path), "-r", "traite")
    assert code == 1 and out == "" and "five.piquet:7:" in err and "elder may discard" in err


@pytest.mark.parametrize("ruleset,status,deal_totals,totals,won", [
    # Law 72: B over the hundred, so A scores 418 - 141 + 100.
    ("cavendish-rubicon", 0, [(67, 99), (114, 8), (170, 0), (26, 0), (29, 6), (12, 28)], (418, 141), 377),
    # The Marquoir: no carte blanche in deal 2 (A 104), and the difference only.
    ("marquoir", 3, [(67, 99), (104, 8), (170, 0), (26, 0), (29, 6), (12, 28)], (408, 141), 267),
])
def test_six_deal_partie_with_a_rubicon(cli, ruleset: str, status: int, deal_totals: list[tuple[int, int]],
                                        totals: tuple[int, int], won: int) -> None:
    code, out, err = cli("replay", DEALS + "rubicon-partie.piquet", "-r", ruleset, "--format", "json")
    assert code == status, err
    result = json.loads(out)["results"][0]
    assert [(d["scores"]["A"]["total"], d["scores"]["B"]["total"]) for d in result["deals"]] == deal_totals
    assert result["partie"]["totals"] == {"A": totals[0], "B": totals[1]}
    assert result["partie"]["winner"] == "A" and result["partie"]["points_won"] == won
    assert [d["number"] for d in result["deals"] if d["mismatches"]] == ([] if status == 0 else [2])
