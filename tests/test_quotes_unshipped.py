"""What needs the project's shared sources: the quotes of the Marquoir page (whose text is not shipped, its licence
being unknown), and the shipped texts being the same as the shared ones they were copied from."""

from __future__ import annotations

import pytest

from piquet_variants.resources import data_dir

from .conftest import SHARED
from .test_quotes import UNSHIPPED, all_citations, check_citation

pytestmark = pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="../shared sources not present")


@pytest.mark.parametrize("rid,path,source,locator,quote", [c for c in all_citations() if c[2] == UNSHIPPED])
def test_citation_is_at_its_locator(rid: str, path: str, source: str, locator: str, quote: str) -> None:
    check_citation(rid, path, source, locator, quote)


def test_the_shipped_texts_are_the_shared_ones() -> None:
    shipped = sorted(p.relative_to(data_dir("texts")) for p in data_dir("texts").rglob("*.*")
                     if p.name not in ("README.md", "parts.yaml"))  # the texts, not what is said of them
    assert len(shipped) == 14
    for rel in shipped:
        assert (data_dir("texts") / rel).read_bytes() == (SHARED / rel).read_bytes(), rel
    assert not list(data_dir("texts").glob("seeds/003_*")), "the Marquoir page is never shipped"
