"""A small reader of the gettext catalogues (``.po``), so the tests need no msgfmt and no polib."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from .conftest import ROOT

LOCALE = ROOT / "piquet_variants" / "locale"


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "piquet_variants.po"


def read_po(path: Path) -> dict[str, str]:
    """Each msgid of a catalogue with its msgstr (empty where untranslated), the header left out."""
    entries: dict[str, str] = {}
    field, parts = "", {"msgid": "", "msgstr": ""}

    def close() -> None:
        if parts["msgid"]:
            entries[parts["msgid"]] = parts["msgstr"]

    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("msgid "):
            close()
            parts = {"msgid": "", "msgstr": ""}
            field, line = "msgid", line[len("msgid "):]
        elif line.startswith("msgstr "):
            field, line = "msgstr", line[len("msgstr "):]
        elif not line.startswith('"'):
            continue
        parts[field] += ast.literal_eval(line)
    close()
    return entries


def labels(lang: str) -> dict[str, str]:
    """Each msgid with the words it is said in: its msgstr, or itself where the catalogue leaves it."""
    return {k: v or k for k, v in read_po(po_path(lang)).items()}


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))
