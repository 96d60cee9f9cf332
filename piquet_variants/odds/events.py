"""The events the ``odds`` command reports, computed for each ruleset, with the book's figure beside.

Each event has a key (``take:2of4``), a hand (``elder``, ``younger``, or
``None`` where either hand as dealt has the same chance) and a wording in
English and French.  ``results`` builds the JSON the ``odds`` command prints:
``{"results": [{"ruleset", "odds": [{"event", "hand", "fraction",
"probability", "against", "source"}]}]}``, with ``key``, ``phrase`` and, where
the book states a figure, whether ours agrees with it to the book's rounding.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..i18n import Lang
from ..lexicon import lexicon
from ..ruleset.compiler import load_ruleset
from ..ruleset.model import Ruleset
from . import book
from .exact import ELDER, YOUNGER, Layout, carte_blanche, point_at_most, sequence_below, sets_below, taking_in
from .phrase import against, phrase

HANDS = ("elder", "younger")
#: The named cards the taking-in rows go up to when "at least k of n" (both of Cavendish's tables stop at four).
MOST_NAMED = 4



@dataclass(frozen=True, slots=True)
class OddsEvent:
    """One chance-only event and its exact probability under one ruleset."""

    key: str
    hand: str | None
    probability: Fraction

    def text(self, lang: Lang = "en") -> str:
        """The event in words (the lexicon's ``events``)."""
        words = lexicon(lang).events
        kind, _, arg = self.key.partition(":")
        if kind == "take":
            k, n = (int(x) for x in arg.split("of"))
            return words["all" if k == n else "some"].format(k=k, n=n, s="s" if n > 1 else "")
        if kind == "point":
            return words["point"].format(n=arg)
        if kind == "sequence":
            return words["sequence"].format(name=lexicon(lang).sequences[int(arg)])
        return words[kind]


def events(lay: Layout) -> Iterator[OddsEvent]:
    """Every event the ruleset's layout allows, in a fixed order (dealt hands, then taking in)."""
    blanche = carte_blanche(lay)
    if blanche is not None:
        yield OddsEvent("carte_blanche", None, blanche)
    width = len(lay.ranks)
    for n in range(1, min(width, lay.hand) + 1):
        p = point_at_most(lay, n) - point_at_most(lay, n - 1)
        if p:
            yield OddsEvent(f"point:{n}", None, p)
    yield OddsEvent("no_sequence", None, sequence_below(lay, lay.min_sequence))
    for n in range(lay.min_sequence, min(width, lay.hand) + 1):
        yield OddsEvent(f"sequence:{n}", None, sequence_below(lay, n + 1) - sequence_below(lay, n))
    if lay.set_ranks:
        yield OddsEvent("quatorze", None, 1 - sets_below(lay, lay.suits))
        yield OddsEvent("trio", None, 1 - sets_below(lay, lay.suits - 1))
    for role in (ELDER, YOUNGER):
        take = lay.takes[role]
        for n in range(1, take + 1):
            yield OddsEvent(f"take:{n}of{n}", HANDS[role], taking_in(lay, role, n, n))
        for n in range(2, min(MOST_NAMED, lay.unseen) + 1):
            for k in range(1, min(n - 1, take) + 1):
                yield OddsEvent(f"take:{k}of{n}", HANDS[role], taking_in(lay, role, k, n))


def _row(ev: OddsEvent, lang: Lang, game: dict[tuple[str, str | None], Fraction]) -> dict[str, Any]:
    p = ev.probability
    row: dict[str, Any] = {"event": ev.text(lang), "key": ev.key, "hand": ev.hand,
                           "fraction": f"{p.numerator}/{p.denominator}", "probability": float(p),
                           "against": against(p), "phrase": phrase(p, lang), "source": None}
    fig = book.odds_figure(ev.key, ev.hand)
    if fig is not None and game.get((ev.key, ev.hand)) == p:
        row["source"] = {"figure": fig.figure, "said": phrase(fig.value, lang), "citation": fig.citation(),
                         "agrees": phrase(p) == fig.figure}
    return row


def results(sets: Sequence[Ruleset], lang: Lang = "en") -> dict[str, Any]:
    """The odds of every event under each ruleset, with the book's figure where it applies."""
    game = {(ev.key, ev.hand): ev.probability for ev in events(Layout.from_rules(load_ruleset(book.GAME).rules))}
    return {"results": [{"ruleset": rs.id, "odds": [_row(ev, lang, game) for ev in events(Layout.from_rules(rs.rules))]}
                        for rs in sets]}
