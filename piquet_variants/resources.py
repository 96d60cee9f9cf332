"""Where the data folders (rulesets, grammar, the example deals) are, installed or not.

In a wheel they are package data under ``piquet_variants/data/`` (mapped in
``pyproject.toml``); in a checkout, or an editable install, they are the
top-level folders of the repository.  Looking in both places, in that order,
keeps one copy of the data in the repository and none in the package source.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
#: Where a data folder is in the checkout, where that is not a top-level folder of its own name.
_IN_CHECKOUT = {"deals": "docs/deals"}


@cache
def data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / "data" / name, _PACKAGE.parent / _IN_CHECKOUT.get(name, name)):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"piquet-variants is installed without its {name}/ folder")
