"""The figures Cavendish states, each with where he states it, to print beside ours.

They come from the treatise that goes with the club laws (*Cavendish on
Piquet*, 8th edition): the exact odds of *Discarding* ("Calculations") and of
*Odds at piquet*, and the figures he drew from 10,000 recorded hands.  Each
figure is stated for the club game, which the ruleset named by ``GAME``
encodes: a computed figure is shown beside the book's under any ruleset
where the same event has the same exact chance as under that one (for
simulated figures, where the ruleset's rules are the club game's).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

#: The ruleset that encodes the game the treatise describes (data, not a rule: it only says where the figures apply).
GAME = "cavendish-rubicon"
_WORK = "Cavendish [Henry Jones], Cavendish on Piquet, 8th ed. (London: De La Rue)"


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure the book states: for which event and hand, as he words it, and the passage."""

    key: str  # the event's key, as ``odds.events`` and ``simulate`` name it
    hand: str | None  # "elder", "younger" or None
    figure: str  # as the book gives it ("3 to 1 against", "28")
    value: Fraction  # the figure as a probability (odds) or a number (a show, an average)
    locator: str
    quote: str

    def citation(self) -> str:
        return f'{_WORK}, {self.locator}: "{self.quote}"'


def _against(n: int, m: int) -> Fraction:
    """The probability that "n to m against" states."""
    return Fraction(m, n + m)


_CALC = "Discarding, Calculations"
_ELDER_TABLE = f"{_CALC}, the elder hand's table"
_YOUNGER_TABLE = f"{_CALC}, the younger hand's table"
_ODDS = "Odds at piquet, Odds irrespective of the tables"

#: The exact odds the book gives: carte blanche and both tables of taking in ("if he takes all his cards").
ODDS: tuple[Figure, ...] = (
    Figure("carte_blanche", None, "1791 to 1 against", _against(1791, 1), _ODDS,
           "The odds against a carte blanche in a named player's hand are 1791 to 1."),
    Figure("take:1of1", "elder", "3 to 1 against", _against(3, 1), _ELDER_TABLE, "One named card are 3 to 1 against him"),
    Figure("take:2of2", "elder", "18 to 1 against", _against(18, 1), _ELDER_TABLE, "Two named cards are 18 to 1"),
    Figure("take:3of3", "elder", "113 to 1 against", _against(113, 1), _ELDER_TABLE, "Three named cards are 113 to 1"),
    Figure("take:4of4", "elder", "968 to 1 against", _against(968, 1), _ELDER_TABLE, "Four named cards are 968 to 1"),
    Figure("take:5of5", "elder", "15503 to 1 against", _against(15503, 1), _ELDER_TABLE,
           "Five named cards are 15503 to 1"),
    Figure("take:1of2", "elder", "5 to 4 against", _against(5, 4), _ELDER_TABLE,
           "One card (at least) of two named cards are 5 to 4"),
    Figure("take:1of3", "elder", "3 to 2 on", _against(2, 3), _ELDER_TABLE,
           "One card (at least) of three named cards are 3 to 2 on him"),
    Figure("take:2of3", "elder", "6 to 1 against", _against(6, 1), _ELDER_TABLE,
           "Two cards (at least) of three named cards are 6 to 1 against him"),
    Figure("take:1of4", "elder", "5 to 2 on", _against(2, 5), _ELDER_TABLE,
           "One cards (at least) of four named cards are 5 to 2 on him"),
    Figure("take:2of4", "elder", "3 to 1 against", _against(3, 1), _ELDER_TABLE,
           "Two cards (at least) of four named cards are 3 to 1 against him"),
    Figure("take:3of4", "elder", "32 to 1 against", _against(32, 1), _ELDER_TABLE,
           "Three cards (at least) of four named cards are 32 to 1"),
    Figure("take:1of1", "younger", "17 to 3 against", _against(17, 3), _YOUNGER_TABLE,
           "One named card are 17 to 3 against him"),
    Figure("take:2of2", "younger", "62 to 1 against", _against(62, 1), _YOUNGER_TABLE, "Two named cards are 62 to 1"),
    Figure("take:3of3", "younger", "1139 to 1 against", _against(1139, 1), _YOUNGER_TABLE,
           "Three named cards are 1139 to 1"),
    Figure("take:1of2", "younger", "5 to 2 against", _against(5, 2), _YOUNGER_TABLE,
           "One card (at least) of two named cards are 5 to 2"),
    Figure("take:1of3", "younger", "3 to 2 against", _against(3, 2), _YOUNGER_TABLE,
           "One card (at least) of three named cards are 3 to 2"),
    Figure("take:2of3", "younger", "21 to 1 against", _against(21, 1), _YOUNGER_TABLE,
           "Two cards (at least) of three named cards are 21 to 1"),
    Figure("take:1of4", "younger", "29 to 28 on", _against(28, 29), _YOUNGER_TABLE,
           "One cards (at least) of four named cards are 29 to 28 on him"),
)

_SHOW = "Odds at piquet, The show"
_TABLES = "Odds at piquet, Odds at various scores"

#: What the book found by play (10,000 recorded hands) or states without its working: beside a simulation.
PLAY: tuple[Figure, ...] = (
    Figure("show", "elder", "28", Fraction(28), _SHOW, "The Show, elder hand ... is twenty-eight"),
    Figure("show", "younger", "14", Fraction(14), _SHOW, "younger hand is fourteen"),
    Figure("cards", "elder", "5 to 3 on", _against(3, 5), _ODDS, "It is about 5 to 3 on the elder hand for the cards"),
    Figure("cards", "younger", "nearly 3 to 1 against", _against(3, 1), _ODDS,
           "nearly 3 to 1 against the younger hand's winning the cards"),
    Figure("cards", "divided", "a trifle over 7 to 1 against", _against(7, 1), _ODDS,
           "a trifle over 7 to 1 against the cards being divided"),
    Figure("repique", "elder", "nearly 27.5 to 1 against", _against(55, 2), _ODDS,
           "The odds against a repique elder hand are nearly 27.5 to 1"),
    Figure("repique", "younger", "about 75 to 1 against", _against(75, 1), _ODDS,
           "against a younger hand repique, about 75 to 1"),
    Figure("pique_or_repique", "elder", "about 36 to 5 against", _against(36, 5), _ODDS,
           "The odds against a pique (which of course includes a repique) are rather more than 7 to 1 (about 36 to 5)"),
    Figure("carte_blanche", "elder", "1791 to 1 against", _against(1791, 1), _ODDS,
           "The odds against a carte blanche in a named player's hand are 1791 to 1."),
    Figure("carte_blanche", "younger", "1791 to 1 against", _against(1791, 1), _ODDS,
           "The odds against a carte blanche in a named player's hand are 1791 to 1."),
    Figure("rubicon", None, "about 7 to 2 against", _against(7, 2), _ODDS, "The odds against a rubicon are about 7 to 2."),
    Figure("partie_average", None, "200", Fraction(200), _ODDS, "A partie averages two hundred points."),
)

#: Cavendish's bands of ten and his two tables of 10,000 hands (Odds at piquet, Odds at various scores).
BANDS = ("0-9", "10-19", "20-29", "30-39", "40-49", "50-59", "60-69", "70-79", "80-89", "90-99", "100-109",
         "110-119", "120-129", "130-139", "140-149", "150+")
BAND_TABLES: dict[str, tuple[int, ...]] = {
    "elder": (977, 1743, 2867, 2105, 902, 76, 166, 664, 106, 20, 88, 210, 40, 2, 18, 16),
    "younger": (3556, 2560, 2317, 944, 423, 35, 13, 21, 5, 28, 52, 38, 7, 0, 0, 1),
}
BAND_SOURCE = Figure("bands", None, "10,000 hands", Fraction(10_000), _TABLES,
                     "In 10,000 Hands, the Elder Hand scored")


def band(score: int) -> int:
    """The index of a deal score's band of ten (the last band is 150 or more)."""
    return min(max(score, 0) // 10, len(BANDS) - 1)


def odds_figure(key: str, hand: str | None) -> Figure | None:
    for f in ODDS:
        if f.key == key and f.hand == hand:
            return f
    return None
