"""The statistics page's worked examples: how often the player makes the book's own choices, by chapter and kind
of decision, and each disagreement, with its record, the book's choice, the player's and their worths.

The file is ``benchmarks/examples_agreement.py --format json``, held to ``schemas/agreement.schema.json`` and read
back as the typed count of ``piquet_variants.agreement``, so that the page shows what the script counted.  A
record is named by the book's words for it (its locator), and linked to its page where the report has one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..agreement import Agreement, Chapter, Disagreement, Tally, from_data
from ..analysis import Choice
from ..cards import card_name
from ..errors import ProblemsError
from ..i18n import Lang, t
from ..lexicon import category
from ..saying import said_skipped, said_worth
from ..schemas import load_validated
from .deals import card_view
from .stats import percentage


class AgreementError(ProblemsError):
    """An --agreement file that is not the agreement script's JSON."""


def load(path: Path) -> Agreement:
    """The agreement's JSON, checked; ``AgreementError`` with every problem found, each at its line and path."""
    return from_data(load_validated(path, "agreement", AgreementError).data)


def _chapter(chapter: Chapter | None, lang: Lang) -> str:
    return t(f"chapter:{chapter.value}" if chapter else "chapter:other", lang)


def _row(name: str, tally: Tally, lang: Lang) -> dict[str, Any]:
    """A chapter's cells: agreed out of the book's decisions annotated, by kind and in all, and those not
    annotated."""
    agreed, decided = sum(tally.agreed.values()), sum(tally.decisions.values())
    shown = f" ({percentage(agreed / decided, lang, 0)})" if decided else ""
    return {"chapter": name, "cells": [f"{tally.agreed[c]} / {tally.decisions[c]}" for c in Choice],
            "all": f"{agreed} / {decided}{shown}", "missing": sum(tally.not_annotated.values())}


def _decision(d: Disagreement, lang: Lang) -> str:
    if d.seen.choice == Choice.CARD:
        return t("the card to trick {n}", lang).format(n=d.trick)
    said = t("decision " + d.seen.choice.value, lang)
    return f"{said}: {category(d.seen.kind, lang)}" if d.seen.kind else said


def _disagreement(d: Disagreement, pages: dict[tuple[str, int], str], lang: Lang) -> dict[str, Any]:
    record = d.locator or t("{file}, record {number}", lang).format(file=d.file, number=d.record)
    seen = d.seen
    return {"record": record, "href": pages.get((d.file, d.record)), "hand": t(("elder", "younger")[seen.role], lang),
            "decision": _decision(d, lang), "book": [card_view(c, lang) for c in seen.book.cards],
            "sinks": "" if seen.book.cards else t("sinks", lang),
            "sunk": t("sinking {cards}", lang).format(cards=" ".join(card_name(c, lang, symbols=True)
                                                                      for c in seen.sunk)) if seen.sunk else "",
            "player": [card_view(c, lang) for c in seen.player.cards], "player_sinks": "" if seen.player.cards
            else t("sinks", lang), "book_worth": said_worth(seen.book.value, lang),
            "player_worth": said_worth(seen.player.value, lang)}


def page(a: Agreement, records: list[dict[str, Any]], lang: Lang) -> dict[str, Any]:
    """The table by chapter with its total, what could not be annotated, how the disagreements fall, and each
    one; ``records``: the report's record pages, to link a disagreement's record to its own."""
    total = a.total()
    leaning = a.leaning()
    pages = {(r["file"], r["number"]): f"deals/{r['name']}.html" for r in records}
    return {"rows": [_row(_chapter(c, lang), tally, lang) for c, tally in a.chapters],
            "total": _row(t("chapter:all", lang), total, lang),
            "skipped": sorted(said_skipped(s, lang) for s in total.skipped),
            "method": t("Each choice is valued over the same {samples} deals, drawn from what its player could see "
                        "(seed {seed}), in points of the deal, or of the partie's settlement where the deal ends the "
                        "partie.", lang).format(samples=a.samples, seed=a.seed),
            "summary": t("Of {n} disagreements, the analysis values the book's choice higher in {book}, the "
                         "player's in {player}, and both the same in {same}.", lang).format(
                n=len(a.disagreements), book=leaning.book, player=leaning.player, same=leaning.same),
            "disagreements": [_disagreement(d, pages, lang) for d in a.disagreements]}
