"""A cache that is not used is a warning of Python's ``warnings`` below the command line, and the command line
says it as it says its other diagnostics, in the reader's language."""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from piquet_variants import stored
from piquet_variants.stored import CacheNotUsed, Distrust

from .catalogues import po_path, read_po


@pytest.fixture
def shared_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder anyone may write to, named by ``PIQUET_VARIANTS_CACHE``; this process not yet warned."""
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o777)
    monkeypatch.setenv("PIQUET_VARIANTS_CACHE", str(folder))
    monkeypatch.setattr(stored, "_warned", [])
    return folder


def test_below_the_command_line_the_cache_not_used_is_a_typed_warning_and_nothing_is_printed(
        shared_cache: Path, capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.warns(CacheNotUsed) as caught:
        built = stored.stored(lambda: "kept", lambda: 41 + 1, lambda found: isinstance(found, int))
    assert built == 42
    [warning] = [w.message for w in caught if isinstance(w.message, CacheNotUsed)]
    assert (warning.why, warning.path, warning.figure) == (Distrust.FOLDER_WRITABLE, shared_cache, 0o777)
    assert "can be written by other users (mode 777)" in str(warning)
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize("lang, said", [
    ("en", "piquet-variants: warning: the cache is not used: the folder {folder} can be written by other users "
           "(mode 777); set PIQUET_VARIANTS_CACHE to a folder of your own"),
    ("fr", "piquet-variants: avertissement: le cache n'est pas utilisé : le dossier {folder} peut être écrit par "
           "d'autres utilisateurs (mode 777) ; donnez à PIQUET_VARIANTS_CACHE un dossier à vous"),
])
def test_the_command_line_says_it_among_its_diagnostics_in_the_readers_language(
        shared_cache: Path, cli: Callable[..., tuple[int, str, str]], lang: str, said: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("default")
        code, out, err = cli("replay", "example:traite-art12", "-r", "traite", "--lang", lang)
    assert code in (0, 3) and out
    assert err.splitlines().count(said.format(folder=shared_cache)) == 1, err
    assert "UserWarning" not in err and "stored.py" not in err


def test_the_hook_that_says_it_is_put_back_when_the_command_ends(cli: Callable[..., tuple[int, str, str]]) -> None:
    before = warnings.showwarning
    cli("replay", "example:traite-art12", "-r", "traite", "--lang", "fr")
    assert warnings.showwarning is before


def test_a_warning_not_the_tools_is_left_to_the_hook_the_command_found(monkeypatch: pytest.MonkeyPatch,
                                                                      cli: Callable[..., tuple[int, str, str]]) -> None:
    """A library's warning is Python's to show (or a test's to record), not said as the tool's own."""
    from piquet_variants import api
    shown: list[str] = []
    monkeypatch.setattr(warnings, "showwarning", lambda message, *_: shown.append(str(message)))
    real = api.get_ruleset

    def warned(*args: Any, **kwargs: Any) -> Any:
        warnings.warn("a library's own warning", RuntimeWarning, stacklevel=1)
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "get_ruleset", warned)
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        code, _, err = cli("rulesets", "show", "traite", "--lang", "fr")
    assert code == 0 and "a library's own warning" not in err
    assert "a library's own warning" in shown


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_reason_is_in_both_catalogues(lang: str) -> None:
    """The reasons are msgids asked for through the enum, not a literal ``t("...")``: each is in the catalogue,
    with the English placeholders (a format's ``:o`` and all)."""
    written = read_po(po_path(lang))
    for why in Distrust:
        assert why.value in written, why
        words = written[why.value] or why.value
        assert sorted(re.findall(r"\{[^}]*\}", words)) == sorted(re.findall(r"\{[^}]*\}", why.value)), why
