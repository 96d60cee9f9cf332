"""Citations as the report prints them: the Chicago note in HTML, the quote in its source's language, the attestation.

A site cites the same passage from many places (a ruleset inherits its
parent's citations; the matrix, the ruleset pages, the histories and the
conflicts all show them), and citeproc-py takes some milliseconds a note, so
each citation is formatted once per build.  A quote whose source's text is shipped with the tool links to
its passage there, a page of the site (``passages``).
"""

from __future__ import annotations

from typing import Any

from ..i18n import Lang
from ..rulebook import views
from ..ruleset.passages import NoText, passage
from ..ruleset.bibliography import Source
from ..ruleset.model import Citation, Ruleset


class Citations:
    """Formats citations for one site (one language), each once."""

    def __init__(self, lang: Lang):
        self.lang = lang
        self._done: dict[tuple[Citation, Source], dict[str, Any]] = {}
        #: Each passage a quote links to: its page's name, and the source, its locator and its text.
        self.passages: dict[tuple[str, str], dict[str, Any]] = {}

    def _passage(self, c: Citation, src: Source) -> str:
        """The name of the page of the passage ``c`` quotes, or "" where its source's text is not shipped."""
        key = (src.id, c.locator)
        if key not in self.passages:
            try:
                text = passage(src, c.locator)
            except NoText:
                return ""
            self.passages[key] = {"name": f"{src.id}-{len(self.passages) + 1}", "source": src,
                                  "locator": c.locator, "text": text}
        return str(self.passages[key]["name"])

    def one(self, c: Citation, rs: Ruleset) -> dict[str, Any]:
        """``note`` (HTML), the quote split around the source's own words (``before``, ``quote``, ``after``, each
        plain text; ``quote_lang`` the source's language), ``attestation`` (its word and its sentence), ``comment``
        (the project's note) and ``source`` (the id, which the bibliography page anchors)."""
        src = rs.source(c.source)
        key = (c, src)
        if key not in self._done:
            f = views.formatted(c, rs, self.lang, fmt="html")
            before = after = quote = ""
            if f["quote_text"]:
                quote = views.quoted(c.quote or "", self.lang)
                before, _, after = f["quote_text"].partition(quote)
            self._done[key] = {"note": f["citation"], "before": before, "quote": quote, "after": after,
                               "quote_lang": src.language or "", "supports": f["quote_supports"],
                               "attestation": c.attestation, "attestation_text": f["attestation_text"],
                               "comment": c.note or "", "source": c.source,
                               "passage": self._passage(c, src) if quote else ""}
        return self._done[key]

    def all(self, citations: tuple[Citation, ...], rs: Ruleset) -> list[dict[str, Any]]:
        return [self.one(c, rs) for c in citations]

    def from_doc(self, doc: dict[str, Any], rs: Ruleset) -> dict[str, Any]:
        """A citation given as a JSON view gives it (``Citation.as_dict``), as ``evidence`` returns them."""
        return self.one(Citation.of(doc), rs)
