"""``piquet-variants odds``: exact odds of the chance-only events, ruleset beside ruleset, with the book's figures."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ..i18n import Lang, decimal, t
from ..odds.events import results
from ..render import OutputFormat, grid, json_text
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
