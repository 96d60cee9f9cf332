"""The turn to deal, a deal stood, and the take, each from the words of its law (Cavendish's club laws and his
Laws of Piquet au Cent): records written as a reader of the laws would write them, replayed.

The hands are those of tests/test_incidents_of_the_laws.py (the corpus's languedoc-peek deal), with one card moved
between a hand and the stock where a law speaks of eleven or thirteen cards.
"""

from __future__ import annotations

import pytest

import piquet_variants as pv
from piquet_variants.errors import RecordError

_ELDER = "A K Q 8 ♠  A K 9 ♥  K Q 7 ♦  J 7 ♣"
_YOUNGER = "J 10 7 ♠  Q J 10 ♥  A J 10 9 ♦  A K ♣"
_TALON = "Q♣ 9♠ 10♣ 8♥ 9♣ 8♦ 8♣ 7♥"


def _record(ruleset: str, lines: str, elder: str = _ELDER, younger: str = _YOUNGER, talon: str = _TALON) -> str:
    return (f'[Ruleset "{ruleset}"]\n[Players "Pierre" "Paul"]\n\ndeal 1, dealer "Paul"\n  elder: {elder}\n'
            f"  younger: {younger}\n  talon: {talon}\n{lines}end deal\n")


def _replay(text: str) -> pv.Replay:
    return pv.replay(next(iter(pv.read(text))))


def _refused(text: str) -> str:
    with pytest.raises(RecordError) as err:
        _replay(text)
    return str(err.value.problems[0])


# -- Laws 40-43, au Cent 13-14: the take the laws give ----------------------------------------------------------------

def test_law_43_the_younger_with_thirteen_takes_in_two_after_discarding_three() -> None:
    """Law 43: "The younger hand must discard one more than he takes in": three out, two in, written with its
    number, is the exchange the law gives, not a wrong one."""
    younger, talon = _YOUNGER + "  7 ♥", "Q♣ 9♠ 10♣ 8♥ 9♣ 8♦ 8♣"
    head = "  elder discards 9 ♥  Q 7 ♦  J 7 ♣, takes Q♣ 9♠ 10♣ 8♥ 9♣\n  younger discards J 10 7 ♠"
    said = _replay(_record("cavendish-rubicon", head + ", takes in 2\n", younger=younger, talon=talon))
    unsaid = _replay(_record("cavendish-rubicon", head + "\n", younger=younger, talon=talon))
    assert said.deals[0].deal.hands == unsaid.deals[0].deal.hands
    assert said.deals[0].deal.hands[1].bit_count() == 12 and not said.deals[0].deal.reckons_nothing[1]
    message = _refused(_record("cavendish-rubicon", head + ", takes in 3\n", younger=younger, talon=talon))
    assert "takes in 2 by the laws" in message  # three is not the law's take; the stock has only two for him


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_au_cent_13_the_elder_with_thirteen_takes_in_nothing(lang: str) -> None:
    """au Cent para. 13: "he must discard one more card than he takes in, but he is not obliged to take in any"."""
    words = ("  elder discards J ♣, takes in nothing\n" if lang == "en" else "  elder discards J ♣, en prend rien\n")
    text = _record("cavendish-au-cent", words + "  younger discards J 10 7 ♠\n", elder=_ELDER + "  Q ♣",
                   talon="9♠ 10♣ 8♥ 9♣ 8♦ 8♣ 7♥")
    deal = _replay(text).deals[0].deal
    assert deal.taken[0] == 0 and deal.hands[0].bit_count() == 12 and not deal.reckons_nothing[0]
    assert "takes in 0" in pv.write(next(iter(pv.read(text))).data)


@pytest.mark.parametrize(("ruleset", "allowed"), [("cavendish-au-cent", False), ("cavendish-rubicon", True)])
def test_au_cent_14_the_elder_with_eleven_must_discard_one_card(ruleset: str, allowed: bool) -> None:
    """au Cent para. 14: "he must discard one less than he takes in, and he must discard one card"; Law 42: "if he
    only take one card, he need not discard any"."""
    text = _record(ruleset, "  elder discards nothing\n  younger discards J 10 7 ♠\n",
                   elder="A K Q 8 ♠  A K 9 ♥  K Q 7 ♦  J ♣", younger=_YOUNGER + "  7 ♣")
    if allowed:
        assert _replay(text).deals[0].deal.hands[0].bit_count() == 12
    else:
        assert "elder may discard 1 to 4" in _refused(text)
    one = _record(ruleset, "  elder discards J ♣\n  younger discards J 10 7 ♠\n",
                  elder="A K Q 8 ♠  A K 9 ♥  K Q 7 ♦  J ♣", younger=_YOUNGER + "  7 ♣")
    assert _replay(one).deals[0].deal.taken[0].bit_count() == 2  # one out, two in: twelve cards


# -- a record's own options under --ruleset ---------------------------------------------------------------------------

_FOUR = """[Ruleset "cavendish-au-cent"]
[Option "ending-in-four=yes"]
[Players "A" "B"]

deal 1, dealer "B"
  elder: 10 9 8 7 ♥  A K Q ♠  A K ♦  A K Q ♣
  younger: A K Q ♥  J 10 9 ♠  J 10 9 ♦  J 10 9 ♣
  score point "A" 3
end deal
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_record_s_own_options_hold_when_ruleset_names_its_own_ruleset(cli, tmp_path, lang: str) -> None:
    """au Cent para. 25: "By agreement, points ending in four count one less than the number of cards": the
    record's [Option] is its agreement, kept whether --ruleset names its ruleset or not; under another ruleset a note
    on stderr names the options that did not apply."""
    path = tmp_path / "four.piquet"
    path.write_text(_FOUR, encoding="utf-8")
    for args in ((), ("-r", "cavendish-au-cent")):
        code, out, err = cli("replay", str(path), *args, "--lang", lang)
        assert code == 0 and "note" not in err, (args, out, err)
    code, out, err = cli("replay", str(path), "-r", "cavendish-rubicon", "--lang", lang)
    assert code == 3  # the club laws count the point of four cards four
    said = {"en": "the record's options ending-in-four=yes are for cavendish-au-cent, and do not apply under "
                  "cavendish-rubicon",
            "fr": "les options de l'enregistrement, ending-in-four=yes, sont pour cavendish-au-cent et ne valent pas "
                  "selon cavendish-rubicon"}[lang]
    assert said in " ".join(err.split())
    code, out, err = cli("replay", str(path), "-r", "cavendish-au-cent:ending-in-four=no")
    assert code == 3 and "note" not in err  # an option named on the command line is chosen over the record's
