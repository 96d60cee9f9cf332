"""The statistics page: ``simulate --format json`` read back, its figures tabled and its score bands charted.

The file is checked loosely against ``schemas/simulation.schema.json``: the
JSON of ``simulate`` may gain keys, so only the keys drawn here are checked,
and only their shape; a bad file is reported at its line and JSON path.  A
figure's 95% interval is read from beside it (``cards_ci``).

The bands are drawn as an SVG bar chart from a template (``chart.svg``),
whose geometry is worked out here: each band's deals per 10,000, elder and
younger side by side, Cavendish's tables (``book_bands``) as a mark on each
bar where the file gives them.  The chart names itself and describes its
data for a screen reader, and the same figures follow it as a table.  No
plotting library is needed, and the chart looks like the rest of the site.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..engine.deal import ROLES
from ..errors import ProblemsError
from ..i18n import Lang, decimal, figure_name, t
from ..schemas import load_validated

#: The figures of a result drawn as rows, in order: key, the hands it has, and whether it is a share.
FIGURES = (("show", ROLES, False), ("average", ROLES, False), ("cards", ROLES + ("divided",), True),
           ("pique", ROLES, True), ("repique", ROLES, True), ("pique_or_repique", ROLES, True),
           ("capot", ROLES, True), ("carte_blanche", ROLES, True), ("sunk", ROLES, True))
#: The partie's figures that are shares (of decided parties); the others are counts or means.
PARTIE_SHARES = ("rubicon", "first_dealer_wins", "double_game")
PER = 10_000

# The chart's frame, in SVG user units.
WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 720, 300, 56, 40, 28, 64


class StatsError(ProblemsError):
    """A --stats file that is not simulate's JSON."""


def load(path: Path) -> dict[str, Any]:
    """The simulation's JSON, checked; ``StatsError`` with every problem found, each at its line and path."""
    data: dict[str, Any] = load_validated(path, "simulation", StatsError).data
    return data


def number(x: float, lang: Lang, digits: int = 0) -> str:
    """A figure as the reader's language writes it (a decimal comma in French)."""
    return decimal(f"{x:,.{digits}f}".replace(",", "\u202f" if lang == "fr" else ","), lang)


def percentage(x: float, lang: Lang, digits: int = 2) -> str:
    """A share as a percentage, as the reader's language writes it (a thin space before it in French)."""
    return number(100 * x, lang, digits) + ("\u202f%" if lang == "fr" else "%")


def _shown(x: float | None, share: bool, lang: Lang) -> str:
    """A share as a percentage; another figure whole where it is whole, else to two decimals (four below one)."""
    if x is None:
        return "-"
    if share:
        return percentage(x, lang)
    return number(x, lang, 0 if float(x).is_integer() else 4 if abs(x) < 1 else 2)


def _distance(z: float | None, lang: Lang) -> str:
    """A distance in standard errors, as one reads it: to one decimal, signed ("+0.8", "−2.3")."""
    if z is None:
        return "-"
    shown = number(abs(z), lang, 1)
    return shown if shown.strip("0.,") == "" else ("−" if z < 0 else "+") + shown


def _with_interval(value: float | None, ci: list[float] | None, share: bool, lang: Lang) -> dict[str, str]:
    return {"value": _shown(value, share, lang),
            "interval": f"{_shown(ci[0], share, lang)} – {_shown(ci[1], share, lang)}" if ci else ""}


def figure_rows(results: list[dict[str, Any]], lang: Lang) -> list[dict[str, Any]]:
    """One row a figure and hand, one cell a ruleset: the figure and its interval, where the file gives them."""
    rows = []
    for key, hands, share in FIGURES:
        for hand in hands:
            if any(hand in r.get(key, {}) for r in results):
                rows.append({"figure": _label("stat", key, lang), "hand": t(hand, lang),
                             "cells": [_with_interval(r.get(key, {}).get(hand), r.get(f"{key}_ci", {}).get(hand),
                                                      share, lang) for r in results]})
    keys = [k for r in results for k in r.get("partie", {}) if not k.endswith("_ci")]
    for key in dict.fromkeys(keys):
        share = key in PARTIE_SHARES
        rows.append({"figure": _label("partie", key, lang), "hand": "",
                     "cells": [_with_interval(r.get("partie", {}).get(key), r.get("partie", {}).get(f"{key}_ci"),
                                              share, lang) for r in results]})
    return rows


def _label(kind: str, key: str, lang: Lang) -> str:
    """A figure's name (``stat:cards``, ``partie:length``); a key simulate added that has none, as it is written."""
    text = figure_name(key, lang) if kind == "stat" else t(f"{kind}:{key}", lang)
    return key.replace("_", " ") if text == f"{kind}:{key}" else text


def _nice(top: float) -> float:
    """A round figure at or above ``top`` for the chart's ticks: 1, 2 or 5 times a power of ten."""
    if top <= 0:
        return 1.0
    power = 10 ** math.floor(math.log10(top))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= top)


def chart(result: dict[str, Any], lang: Lang) -> dict[str, Any] | None:
    """The bands of one result as bars: per 10,000 deals, elder and younger, with the book's marks."""
    bands = result.get("bands")
    if not bands:
        return None
    names = list(dict.fromkeys(list(bands["elder"]) + list(bands["younger"])))
    n = result.get("deals") or max(sum(bands[role].values()) for role in ROLES) or 1
    per = {role: [bands[role].get(b, 0) * PER / n for b in names] for role in ROLES}
    book = result.get("book_bands")
    marks = {role: [book[role].get(b) for b in names] for role in ROLES} if book else None
    tallest = max([v for role in ROLES for v in per[role]]
                  + ([v for role in ROLES for v in marks[role] if v is not None] if marks else []))
    tick = _nice(tallest / 5)
    scale = tick * max(1, math.ceil(tallest / tick))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / len(names)  # each band's width
    bar = slot * 0.38
    y = lambda v: TOP + plot_h * (1 - v / scale)  # noqa: E731
    groups = []
    for i, band in enumerate(names):
        bars = []
        for j, role in enumerate(ROLES):
            x = LEFT + i * slot + slot * 0.1 + j * bar
            value = per[role][i]
            mark = marks[role][i] if marks else None
            bars.append({"role": role, "x": round(x, 1), "y": round(y(value), 1), "width": round(bar, 1),
                         "height": round(TOP + plot_h - y(value), 1), "value": number(value, lang, 0),
                         "count": number(bands[role].get(band, 0), lang),
                         "mark": None if mark is None else {"y": round(y(mark), 1), "value": number(mark, lang, 0)}})
        groups.append({"band": band, "x": round(LEFT + (i + 0.5) * slot, 1), "bars": bars})
    ticks = [{"y": round(y(k * tick), 1), "value": number(k * tick, lang, 0)} for k in range(round(scale / tick) + 1)]
    return {"ruleset": result["ruleset"], "deals": number(n, lang), "groups": groups, "ticks": ticks,
            "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
            "bottom": TOP + plot_h, "book": bool(marks), "book_citation": result.get("book_bands_citation", "")}


def _book_row(b: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """One of Cavendish's figures beside ours, as simulate gives it (``book``)."""
    return {"figure": _label("stat", b["figure"], lang), "hand": t(b["hand"], lang) if b.get("hand") else "",
            "book": b["book"], "ours": _shown(b.get("ours"), False, lang), "measure": b.get("measure", ""),
            "z": _distance(b.get("z"), lang), "citation": b.get("citation", "")}


def page(data: dict[str, Any], lang: Lang) -> dict[str, Any]:
    results = data["results"]
    return {"seed": data.get("seed"), "deals": number(data["deals"], lang) if "deals" in data else "",
            "players": data.get("players", []), "partial": bool(data.get("partial")),
            "rulesets": [r["ruleset"] for r in results], "figures": figure_rows(results, lang),
            "book": [{"ruleset": r["ruleset"], "rows": [_book_row(b, lang) for b in r["book"]]}
                     for r in results if r.get("book")],
            "charts": [dict(drawn, n=n) for n, drawn in enumerate(filter(None, (chart(r, lang) for r in results)))]}
