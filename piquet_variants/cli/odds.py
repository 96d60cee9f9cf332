"""``piquet-variants odds``: exact odds of the chance-only events, ruleset beside ruleset, with the book's figures."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import typer

from ..i18n import Lang, decimal, t
from ..lexicon import event_words, odds_words
from ..odds import book
from ..odds.events import OddsEvent, events
from ..odds.exact import Layout
from ..odds.phrase import against, book_odds
from ..render import OutputFormat, grid, json_text
from ..ruleset.compiler import load_ruleset
from ..ruleset.model import Ruleset
from .common import FormatOpt, LangOpt, OptionOpt, RulesetsOpt, choose_rulesets

EPILOG = ("Examples:\n\n  piquet-variants odds -r cavendish-rubicon\n\n"
          "  piquet-variants odds -r cavendish-rubicon -r traite --format json")


def odds_command(
        ruleset: RulesetsOpt,
        option: OptionOpt = None, fmt: FormatOpt = "table", lang: LangOpt = "en") -> None:
    """Exact odds of carte blanche, of the point, sequences and quatorzes dealt, and of taking in named cards.

    Counted from each ruleset's pack, hands, stock and exchange (fractions,
    not sampling), said as "N to M" as the books say odds, and beside the
    figure Cavendish states, with its citation, where he states one.
    """
    sets = choose_rulesets(ruleset, option)
    data = results(sets, lang)
    typer.echo(json_text(data) if fmt == "json" else _text(data, fmt, lang))


def _row(ev: OddsEvent, lang: Lang, game: dict[tuple[str, str | None], Fraction]) -> dict[str, Any]:
    p = ev.probability
    row: dict[str, Any] = {"event": event_words(ev, lang), "key": ev.key, "hand": ev.hand,
                           "fraction": f"{p.numerator}/{p.denominator}", "probability": float(p),
                           "against": against(p), "phrase": odds_words(book_odds(p), lang), "source": None}
    fig = book.odds_figure(ev.key, ev.hand)
    if fig is not None and game.get((ev.key, ev.hand)) == p:
        row["source"] = {"figure": fig.figure, "said": odds_words(book_odds(fig.value), lang),
                         "citation": fig.citation(), "agrees": book_odds(p) == book_odds(fig.value)}
    return row


def results(sets: Sequence[Ruleset], lang: Lang = "en") -> dict[str, Any]:
    """The odds of every event under each ruleset, with the book's figure where it applies (where the ruleset's
    chance of the event is the book's game's), as the JSON output gives them:
    ``{"results": [{"ruleset", "odds": [{"event", "key", "hand", "fraction", "probability", "against", "phrase",
    "source"}]}]}``."""
    game = {(ev.key, ev.hand): ev.probability for ev in events(Layout.from_rules(load_ruleset(book.GAME).rules))}
    return {"results": [{"ruleset": rs.id, "odds": [_row(ev, lang, game) for ev in events(Layout.from_rules(rs.rules))]}
                        for rs in sets]}


def _text(data: dict[str, Any], fmt: OutputFormat, lang: Lang) -> str:
    """One row an event, three columns a ruleset (odds, fraction, decimal), the book's figure last."""
    ids = [r["ruleset"] for r in data["results"]]
    rows: dict[tuple[str, str | None], dict[str, Any]] = {}
    for res in data["results"]:
        for o in res["odds"]:
            rows.setdefault((o["key"], o["hand"]), {"event": o["event"], "hand": o["hand"], "by": {}, "source": None})
            row = rows[(o["key"], o["hand"])]
            row["by"][res["ruleset"]] = o
            if o["source"]:
                row["source"] = o["source"]
                row.setdefault("book_for", []).append(res["ruleset"])
    notes: list[str] = []
    table = []
    for row in rows.values():
        cells = [row["event"], t(row["hand"], lang) if row["hand"] else "-"]
        for rid in ids:
            o = row["by"].get(rid)
            mark = " ≠" if o and o["source"] and not o["source"]["agrees"] else ""
            cells += [o["phrase"] + mark, o["fraction"], decimal(f"{o['probability']:.6f}", lang)] if o else ["-", "-", "-"]
        src = row["source"]
        if src:
            notes.append(f"[{len(notes) + 1}] ({', '.join(row['book_for'])}) {src['citation']}")
            cells.append(f"{src['said']} [{len(notes)}]")  # the book's figure, said in the language
        else:
            cells.append("")
        table.append(cells)
    headers = [t("event", lang), t("hand", lang)]
    for rid in ids:
        headers += [f"{rid}: {t('odds', lang)}", t("fraction", lang), t("probability", lang)]
    if not notes:  # no ruleset here is the book's game: no book column, and no mark to explain
        return grid(fmt, headers, [cells[:-1] for cells in table])
    headers.append(t("book", lang))
    bullet = "- " if fmt == "markdown" else ""
    return "\n".join([grid(fmt, headers, table), "", t("odds legend", lang), ""] + [bullet + n for n in notes])
