"""Shell completion of what a user types back: ruleset ids (with their options), example names, option choices.

Each function is a Typer ``autocompletion`` callback: it takes what has been typed of the word and returns the
words it may become.  They read the rulesets on the search path and the shipped examples, nothing else.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from typer._completion_classes import BashComplete  # Typer carries its own copy of Click, and its shells

from ..errors import PiquetError


class ColonBash(BashComplete):
    """Bash completion of words with a colon in them (``example:NAME``, ``ID:NAME=CHOICE``).

    Bash cuts the words it hands over at every character of ``COMP_WORDBREAKS``, ':' among them:
    ``example:traite-a`` reaches us as ``example``, ``:``, ``traite-a``, and whatever we answer replaces only
    what follows the last colon.  The word is joined again before it is completed, and each answer given
    without the part before its last colon, as bash-completion's ``__ltrim_colon_completions`` does, so that
    the script Typer installs works unchanged.
    """

    def get_completion_args(self) -> tuple[list[str], str]:
        from typer._click.shell_completion import split_arg_string
        args, incomplete = joined(split_arg_string(os.environ["COMP_WORDS"]), int(os.environ["COMP_CWORD"]))
        self._typed = incomplete
        return args, incomplete

    def format_completion(self, item: Any) -> str:
        value: str = item.value
        cut = self._typed.rfind(":") + 1
        return value[cut:] if cut and value.startswith(self._typed[:cut]) else value


def joined(words: list[str], current: int) -> tuple[list[str], str]:
    """The words before the one being completed, and that one, each rejoined where bash cut it at a colon."""
    upto = words[:current] + [words[current] if current < len(words) else ""]
    out: list[str] = []
    glued = False
    for word in upto:
        if word == ":" and out:
            out[-1] += word
            glued = True
        elif glued:
            out[-1] += word
            glued = False
        else:
            out.append(word)
    return out[1:-1], out[-1]


def register() -> None:
    """Answer bash's completion requests with ``ColonBash`` (Typer registers its own each time it builds the
    command line, so this runs after it, at the request)."""
    from typer._click.shell_completion import add_completion_class
    add_completion_class(ColonBash, "bash")


def _options(rid: str) -> list[tuple[str, list[str]]]:
    from ..api import get_ruleset
    try:
        return [(o.name, [c.name for c in o.choices]) for o in get_ruleset(rid).options]
    except PiquetError:
        return []


def _ids() -> list[str]:
    from ..ruleset.registry import known_ids
    return known_ids()


def rulesets(incomplete: str) -> list[str]:
    """A ruleset id, or ``ID:NAME=CHOICE`` once the id is typed with its colon."""
    rid, colon, _ = incomplete.partition(":")
    if not colon:
        return [i for i in _ids() if i.startswith(incomplete)]
    return [w for w in (f"{rid}:{name}={choice}" for name, choices in _options(rid) for choice in choices)
            if w.startswith(incomplete)]


def options(incomplete: str) -> list[str]:
    """An ``--option``: ``NAME=CHOICE`` for any ruleset that has it, or ``RULESET:NAME=CHOICE`` for one."""
    if ":" in incomplete:
        return rulesets(incomplete)
    found = dict.fromkeys(f"{name}={choice}" for rid in _ids() for name, choices in _options(rid)
                          for choice in choices)
    return [w for w in found if w.startswith(incomplete)] + [f"{i}:" for i in _ids() if i.startswith(incomplete)]


def records(incomplete: str) -> list[str]:
    """A record: ``example:NAME`` for a shipped example, or a file or folder below the one typed."""
    from ..examples import PREFIX, files, name_of
    found = [PREFIX + name_of(p) for p in files()]
    folder = Path(incomplete).parent if incomplete else Path(".")
    try:
        found += sorted(str(p) + ("/" if p.is_dir() else "") for p in folder.iterdir()
                        if str(p).startswith(incomplete.removeprefix("./")) or str(p).startswith(incomplete))
    except OSError:
        pass
    return [w for w in found if w.startswith(incomplete)]


def examples(incomplete: str) -> list[str]:
    """A shipped example's name."""
    from ..examples import files, name_of
    return [name_of(p) for p in files() if name_of(p).startswith(incomplete)]


def rules(incomplete: str) -> list[str]:
    """A rule path of the shipped schema."""
    from ..lexicon import lexicon
    return [p for p in lexicon("en").rules if p.startswith(incomplete)]
