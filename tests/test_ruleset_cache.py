"""Compiled rulesets kept on disk: the same object back, and a bad cache never in the way."""

from __future__ import annotations

from pathlib import Path

import pytest

from piquet_variants.ruleset import cache
from piquet_variants.ruleset.compiler import compile_path
from piquet_variants.ruleset.registry import path_for


def _compile() -> object:
    return compile_path(path_for("traite"))


def test_the_second_run_reads_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(tmp_path))
    first = cache.cached("traite", (), _compile)
    [stored] = tmp_path.glob("ruleset-*.pickle")
    calls = []
    again = cache.cached("traite", (), lambda: calls.append(1) or _compile())
    assert again == first and calls == [] and again.rules == first.rules
    assert list(tmp_path.glob("*.tmp")) == [] and stored.exists()


def test_a_corrupt_cache_file_is_compiled_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(tmp_path))
    cache.cached("traite", (), _compile)
    [stored] = tmp_path.glob("ruleset-*.pickle")
    stored.write_bytes(b"not a pickle")
    assert cache.cached("traite", (), _compile).id == "traite"
    assert stored.read_bytes() != b"not a pickle"


def test_an_unusable_cache_folder_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(blocker / "cache"))
    assert cache.cached("traite", (), _compile).id == "traite"
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", "off")
    assert cache.cached("traite", (), _compile).id == "traite"


def test_options_are_cached_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(tmp_path))
    race = cache.cached("modern-fr", (), lambda: compile_path(path_for("modern-fr")))
    six = cache.cached("modern-fr", (("end", "six-deals"),),
                        lambda: compile_path(path_for("modern-fr"), (("end", "six-deals"),)))
    assert len(list(tmp_path.glob("ruleset-*.pickle"))) == 2 and six.chosen != race.chosen
