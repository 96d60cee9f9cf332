"""Output formats shared by every command: aligned tables, Markdown, JSON.

Commands build rows of strings (or JSON-ready data) and hand them here, so
each format is written once.  Everything is rendered to a string before
anything is printed: a command that fails prints nothing half-way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from .i18n import Lang, t

Format = Literal["table", "json", "markdown"]


def json_text(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(headers), rule] + [line(r) for r in rows])


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def grid(fmt: Format, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table or Markdown table of the same rows."""
    return markdown(headers, rows) if fmt == "markdown" else table(headers, rows)


def format_value(value: Any, lang: Lang = "en") -> str:
    """A rule value as a reader writes it: ranks in a row, maps as key=value."""
    if value is None:
        return t("none", lang)
    if isinstance(value, bool):
        return t("yes" if value else "no", lang)
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return " ".join(f"{k}={format_value(v, lang)}" for k, v in value)
    if isinstance(value, (tuple, list)):
        return " ".join(format_value(v, lang) for v in value) if value else "-"
    return str(value)
