"""Rendering the site from its templates, and putting it in place whole.

Every page is rendered in memory first, so that a bad template, record or
statistics file stops the build before anything is written.  The site is
then written to a temporary folder beside its destination and renamed into
place; in a folder that held a previous report, the files its manifest lists
are replaced (its stale pages go) and nothing else.  A non-empty folder that
is not a previous report is never written (``files.check_folder``).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from ..files import check_folder, tool_version, write_folder
from ..i18n import Lang, t
from ..lexicon import lexicon, rule_name
from ..rulebook import evidence, finding
from ..ruleset.bibliography import unmarked
from ..ruleset.model import Ruleset
from ..agreement import Agreement
from . import agreed, deals as deal_pages, rules, stats as stats_page
from .citations import Citations


def check_target(out: Path, force: bool) -> None:
    """Refuse, before any work, an output folder the report may not write (``files.check_folder``)."""
    check_folder(out, force, "report")


def _environment(lang: Lang) -> Any:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
    from markupsafe import Markup

    env = Environment(loader=PackageLoader("piquet_variants.report", "templates"),
                      autoescape=select_autoescape(["html", "svg"]), undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals.update(_=lambda key: t(key, lang), lang=lang, version=tool_version())
    # The game's words for the program's ids (a rule path, a group of rules); a path that may break at its dots.
    env.filters.update(rule=lambda path: rule_name(path, lang), group=lambda key: lexicon(lang).groups.get(key, key),
                       breakable=lambda path: Markup(".<wbr>").join(path.split(".")))
    return env


def search_script(index: dict[str, Any]) -> str:
    """The search page's index as a script of plain data: a page opened from file:// may load a script beside it,
    where it may not fetch a JSON file."""
    data = json.dumps(index, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return f"window.PIQUET_SEARCH = {data};\n"


def render(rulesets: list[Ruleset], entries: list[deal_pages.Entry], stats: dict[str, Any] | None,
           lang: Lang, agreement: Agreement | None = None) -> dict[str, str]:
    """Every file of the site, by its path in the site: the rulesets in date order, their rules, the records'
    pages and the statistics page if ``stats`` or ``agreement`` is given."""
    env = _environment(lang)
    ordered = evidence.by_date(rulesets)
    cites = Citations(lang)
    records = deal_pages.pages(entries, ordered, lang)
    common = {"has_deals": bool(records), "has_stats": stats is not None or agreement is not None,
              "has_simulation": stats is not None, "has_agreement": agreement is not None}
    files: dict[str, str] = {}

    def page(path: str, template: str, **context: Any) -> None:
        root = "../" * path.count("/")
        files[path] = env.get_template(template).render(root=root, here=path, **common, **context)

    known = {rs.id for rs in ordered}
    disputed = rules.conflicted(ordered)
    page("index.html", "index.html", rulesets=rules.ruleset_rows(ordered, lang), records=records)
    table = rules.matrix(ordered, cites, lang)
    page("matrix.html", "matrix.html", **table)
    page("matrix-notes.html", "matrix-notes.html", notes=table["notes"])
    page("conflicts.html", "conflicts.html", conflicts=rules.conflicts(ordered, cites, lang))
    page("bibliography.html", "bibliography.html", entries=rules.bibliography(ordered, lang))
    for rs in ordered:
        page(f"rulesets/{rs.id}.html", "ruleset.html", rs=rules.ruleset_page(rs, known, disputed, cites, lang))
    groups = rules.rule_paths(ordered)
    page("rules/index.html", "rules.html", groups=groups)
    words = finding.index(ordered)
    page("search.html", "search.html", words=finding.by_word(words, lang))
    files["search-index.js"] = search_script(finding.as_data(words, lang))
    for _, paths in groups:
        for path in paths:
            page(f"rules/{path}.html", "history.html", rule=rules.history(ordered, path, disputed, cites, lang))
    for record in records:
        page(f"deals/{record['name']}.html", "deal.html", record=record)
    if stats is not None or agreement is not None:
        page("statistics.html", "statistics.html", stats=stats_page.page(stats, lang) if stats is not None else None,
             agreement=agreed.page(agreement, records, lang) if agreement is not None else None)
    for found in cites.passages.values():  # the passages the pages above quote, known once they are rendered
        page(f"passages/{found['name']}.html", "passage.html", passage=found,
             title=unmarked(found["source"].title_short or found["source"].title),
             paragraphs=[p.strip() for p in found["text"].split("\n\n") if p.strip()])
    files["style.css"] = resources.files(__package__).joinpath("static", "style.css").read_text("utf-8")
    return files


def write(out: Path, files: dict[str, str], force: bool = False) -> None:
    """The site at ``out``, whole, or (on any error) ``out`` as it was, with the manifest of its files: a report
    written before is replaced, and nothing else there (``files.write_folder``)."""
    write_folder(out, {rel: text.encode("utf-8") for rel, text in files.items()}, force, "report")


def build(out: Path, rulesets: list[Ruleset], entries: list[deal_pages.Entry], stats: dict[str, Any] | None,
          lang: Lang = "en", force: bool = False, agreement: Agreement | None = None) -> int:
    """Render the site and put it at ``out``; the number of pages written."""
    check_target(out, force)
    files = render(rulesets, entries, stats, lang, agreement)
    write(out, files, force)
    return sum(1 for f in files if f.endswith(".html"))
