"""A partie in progress: a record that begins with the score so far, finished and settled from there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .reading import read_text
from piquet_variants.api import write

DEALS = Path(__file__).resolve().parent.parent / "docs" / "deals"


def _record(tags: str, sheet: str = 'sheet "A" 30, "B" 5', lang: str = "en") -> str:
    deal = f'deal 1, dealer "B"\n  {sheet}\nend deal\n' if lang == "en" else \
        f'donne 1, donneur "B"\n  {sheet}\nfin de donne\n'
    return f'[Ruleset "cavendish-rubicon"]\n[Players "A" "B"]\n[Lang "{lang}"]\n{tags}\n\n{deal}'


def test_the_score_so_far_reads_from_english_and_french_tags_and_converts_back() -> None:
    en = read_text(_record('[DealsSoFar "5"]\n[ScoreSoFar "A" "62" "B" "92"]')).data
    fr = read_text(_record('[DonnesJouées "5"]\n[MarqueAcquise "A" "62" "B" "92"]', 'feuille "A" 30, "B" 5',
                           "fr")).data
    assert en["so_far"] == fr["so_far"] == {"deals": 5, "scores": {"A": 62, "B": 92}}
    for record in (en, fr):
        written = write(record)
        assert '[DealsSoFar "5"]' in written and '[ScoreSoFar "A" "62" "B" "92"]' in written
        assert read_text(written).data == record


def test_the_last_deal_from_62_92_settles_the_rubicon_from_there(cli, tmp_path: Path) -> None:
    """Cavendish's club laws (cavendish-rubicon game.*: six deals, settlement rubicon, rubicon 100, bonus 100).

    Five deals are played, A 62, B 92.  In the sixth and last A, elder, makes 170 to nothing (his four tierces
    majeures, repique and capot): A 232, B 92.  B has not reached 100: he is rubicon'd, and A scores both totals
    and 100 more, 232 + 92 + 100 = 424.  Where the loser saves it (a sheet of A 45, B 10: A 107, B 102), A wins
    the difference and 100: 107 - 102 + 100 = 105.
    """
    for name in ("rubicon-from-62-92.piquet", "rubicon-from-62-92.json"):
        code, out, err = cli("replay", str(DEALS / name), "--format", "json")
        assert code == 0, err
        partie = json.loads(out)["results"][0]["partie"]
        assert partie == {"totals": {"A": 232, "B": 92}, "winner": "A", "points_won": 424, "finished": True,
                          "tie_deals_left": 0,
                          "games": {"A": 0, "B": 0}}
    path = tmp_path / "saved.piquet"
    path.write_text(_record('[DealsSoFar "5"]\n[ScoreSoFar "A" "62" "B" "92"]', 'sheet "A" 45, "B" 10'), "utf-8")
    partie = json.loads(cli("replay", str(path), "--format", "json")[1])["results"][0]["partie"]
    assert (partie["totals"], partie["winner"], partie["points_won"]) == ({"A": 107, "B": 102}, "A", 105)


@pytest.mark.parametrize(("tags", "says"), [
    ('[DealsSoFar "6"]\n[ScoreSoFar "A" "62" "B" "92"]', "none to play"),
    ('[DealsSoFar "5"]\n[ScoreSoFar "A" "62" "C" "92"]', "not one of the players"),
    ('[DealsSoFar "5"]\n[ScoreSoFar "A" "62"]', "each player"),
    ('[DealsSoFar "5"]\n[ScoreSoFar "A" "62" "B" "ninety"]', "his score so far"),
    ('[DealsSoFar "-1"]\n[ScoreSoFar "A" "62" "B" "92"]', "played before the first"),
])
def test_a_score_so_far_the_partie_cannot_hold_is_refused_at_its_tag(cli, tmp_path: Path, tags: str,
                                                                     says: str) -> None:
    path = tmp_path / "x.piquet"
    path.write_text(_record(tags), "utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 1 and says in err and f"{path}:" in err and "Traceback" not in err, err


def test_under_au_cent_the_score_so_far_is_the_game_in_progress_and_the_games_won_are_stated_apart(
        cli, tmp_path: Path) -> None:
    """cavendish-au-cent counts games of 100 (game.end games, target 100, games_to_win 3, settlement games).

    A has won two games, B one; the game in progress stands A 90, B 40.  A sheet of A 15, B 0 takes A to 105:
    he wins the game and the partie.  B had 40, under double_game_below (50): a double game
    (double_game_value 2), so A ends with four games, the points won under settlement games.  Had B stood at 60,
    a single game: three.
    """
    text = _record('[GamesSoFar "A" "2" "B" "1"]\n[DealsSoFar "9"]\n[ScoreSoFar "A" "90" "B" "40"]',
                   'sheet "A" 15, "B" 0').replace("cavendish-rubicon", "cavendish-au-cent")
    record = read_text(text).data
    assert record["so_far"] == {"games": {"A": 2, "B": 1}, "deals": 9, "scores": {"A": 90, "B": 40}}
    assert read_text(write(record)).data == record
    french = read_text(text.replace("GamesSoFar", "ManchesGagnées")).data
    assert french["so_far"] == record["so_far"]
    path = tmp_path / "cent.piquet"
    path.write_text(text, "utf-8")
    partie = json.loads(cli("replay", str(path), "--format", "json")[1])["results"][0]["partie"]
    assert (partie["winner"], partie["games"], partie["points_won"]) == ("A", {"A": 4, "B": 1}, 4)
    path.write_text(text.replace('"B" "40"', '"B" "60"'), "utf-8")
    partie = json.loads(cli("replay", str(path), "--format", "json")[1])["results"][0]["partie"]
    assert (partie["winner"], partie["games"], partie["points_won"]) == ("A", {"A": 3, "B": 1}, 3)


@pytest.mark.parametrize(("ruleset", "tags", "says"), [
    ("traite", '[DealsSoFar "3"]\n[ScoreSoFar "A" "100" "B" "40"]', "already reached 100"),
    ("traite", '[DealsSoFar "3"]\n[ScoreSoFar "A" "10" "B" "40"]\n[GamesSoFar "A" "1"]', "does not count games"),
    ("cavendish-au-cent", '[DealsSoFar "3"]\n[ScoreSoFar "A" "10" "B" "40"]\n[GamesSoFar "A" "3"]', "3 needed"),
])
def test_a_race_or_a_count_of_games_already_decided_is_refused(cli, tmp_path: Path, ruleset: str, tags: str,
                                                              says: str) -> None:
    path = tmp_path / "x.piquet"
    path.write_text(_record(tags).replace("cavendish-rubicon", ruleset), "utf-8")
    code, out, err = cli("replay", str(path))
    assert code == 1 and says in err and f"{path}:" in err, err


def test_the_example_of_docs_engine_replays_as_it_says(cli, tmp_path: Path) -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "engine.md").read_text("utf-8")
    section = text[text.index("### A partie in progress"):]
    example = section[section.index("```json") + len("```json"):section.index("```\n\nreplays")]
    path = tmp_path / "x.json"
    path.write_text(example, "utf-8")
    partie = json.loads(cli("replay", str(path), "--format", "json")[1])["results"][0]["partie"]
    assert (partie["totals"], partie["winner"], partie["points_won"]) == ({"A": 92, "B": 97}, "B", 289)
    assert "97 + 92 + 100 =\n289" in section
