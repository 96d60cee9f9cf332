"""Rendering the site from its templates, and putting it in place whole.

Every page is rendered in memory first, so that a bad template, record or
statistics file stops the build before anything is written.  The site is
then written to a temporary folder beside its destination and renamed into
place; a folder that held a previous report is replaced whole (its stale
pages go with it).  A non-empty folder that is not a previous report is
replaced only with ``force``, and never the current folder, one above it,
or the home folder.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import OutputError, PiquetError
from ..files import new_mode
from ..i18n import Lang, t
from ..lexicon import lexicon, rule_name
from ..rulebook import evidence, finding
from ..ruleset.bibliography import unmarked
from ..ruleset.model import Ruleset
from . import deals as deal_pages, rules, stats as stats_page
from .citations import Citations

#: The file that marks a folder as a report this command wrote, and may replace.
MARKER = ".piquet-variants-report"


class OutputRefused(PiquetError):
    """The output folder holds something other than a previous report, and replacing it was not asked for."""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("piquet-variants")
    except PackageNotFoundError:  # a checkout run without installing it
        return "(not installed)"


def check_target(out: Path, force: bool) -> None:
    """Refuse, before any work, an output that is a file, or a non-empty folder not a report (without ``force``),
    or (even with it) the current folder, one that holds it, or the home folder."""
    try:
        _check_target(out, force)
    except OSError as exc:  # a name too long for the system, a folder that cannot be listed…
        raise OutputRefused(f"{out}: {exc.strerror}") from None


def _check_target(out: Path, force: bool) -> None:
    if out.exists() and not out.is_dir():
        raise OutputRefused(f"{out}: is a file, not a folder")
    here, target = Path.cwd().resolve(), out.resolve()
    if target == here or target in here.parents or target == Path.home().resolve():
        raise OutputRefused(f"{out}: the report replaces its folder whole; give a folder of its own")
    if out.is_dir() and not (out / MARKER).is_file() and any(out.iterdir()) and not force:
        raise OutputRefused(f"{out}: not empty, and not a report written by piquet-variants; "
                            "choose another folder, or pass --force to replace it")


def _environment(lang: Lang) -> Any:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
    from markupsafe import Markup

    env = Environment(loader=PackageLoader("piquet_variants.report", "templates"),
                      autoescape=select_autoescape(["html", "svg"]), undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals.update(_=lambda key: t(key, lang), lang=lang, version=_version())
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
           lang: Lang) -> dict[str, str]:
    """Every file of the site, by its path in the site: the rulesets in date order, their rules, the records'
    pages and the statistics page if ``stats`` is given."""
    env = _environment(lang)
    ordered = evidence.by_date(rulesets)
    cites = Citations(lang)
    records = deal_pages.pages(entries, ordered, lang)
    common = {"has_deals": bool(records), "has_stats": stats is not None}
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
    if stats is not None:
        page("statistics.html", "statistics.html", stats=stats_page.page(stats, lang))
    for found in cites.passages.values():  # the passages the pages above quote, known once they are rendered
        page(f"passages/{found['name']}.html", "passage.html", passage=found,
             title=unmarked(found["source"].title_short or found["source"].title),
             paragraphs=[p.strip() for p in found["text"].split("\n\n") if p.strip()])
    files["style.css"] = resources.files(__package__).joinpath("static", "style.css").read_text("utf-8")
    return files


def write(out: Path, files: dict[str, str], force: bool = False) -> None:
    """The site at ``out``, whole, or (on any error) ``out`` as it was.  A symbolic link is followed, as every
    output file's is (``files.replace_whole``): the folder it names is replaced, and the link kept."""
    check_target(out, force)
    target = Path(os.path.realpath(out))
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    except OSError as exc:
        raise OutputError(f"{out}: cannot write the report: {exc.strerror}") from None
    try:
        _fill(tmp, files)
        _swap(tmp, target)
    except OSError as exc:
        raise OutputError(f"{out}: cannot write the report: {exc.strerror or exc}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _fill(folder: Path, files: dict[str, str]) -> None:
    os.chmod(folder, new_mode(0o777))  # mkdtemp's folder is private; the site is not
    for rel, text in files.items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    (folder / MARKER).write_text(f"piquet-variants {_version()}\n", encoding="utf-8")


def _swap(new: Path, out: Path) -> None:
    """``new`` renamed to ``out``; a folder already there is set aside first, and removed once ``new`` is in."""
    if not out.exists():
        os.rename(new, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=new.parent))
    os.rmdir(old)
    os.rename(out, old)
    try:
        os.rename(new, out)
    except OSError:
        os.rename(old, out)
        raise
    shutil.rmtree(old, ignore_errors=True)


def build(out: Path, rulesets: list[Ruleset], entries: list[deal_pages.Entry], stats: dict[str, Any] | None,
          lang: Lang = "en", force: bool = False) -> int:
    """Render the site and put it at ``out``; the number of pages written."""
    check_target(out, force)
    files = render(rulesets, entries, stats, lang)
    write(out, files, force)
    return sum(1 for f in files if f.endswith(".html"))
