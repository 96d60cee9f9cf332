"""Finding a player class by name: shipped, registered by a package, or by dotted path.

A package adds players under the entry point group ``piquet_variants.players``
(in its ``pyproject.toml``: ``[project.entry-points."piquet_variants.players"]``
``mine = "mypkg.players:MyPlayer"``); or a player is named on the command line
as ``mypkg.players:MyPlayer``.  The class is built with one ``random.Random``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import cache, partial
from importlib.metadata import entry_points
from typing import Any, cast

from ..errors import PiquetError, Word, msg
from ..schemas import did_you_mean
from .table import Player

GROUP = "piquet_variants.players"
SHIPPED = {"random": "piquet_variants.players.random_player:RandomPlayer",
           "cavendish": "piquet_variants.players.cavendish:CavendishPlayer",
           "search": "piquet_variants.players.search:SearchPlayer",
           "learned": "piquet_variants.players.learned:LearnedPlayer"}
#: The player ``simulate`` seats on both sides where none are named, and ``analyse`` and the report's annotations
#: play: the strongest shipped player but ``search``, which it now matches in the duels at a few thousandths of its
#: time, though it takes some six times the ``cavendish`` player's, where a quarter of its speed was the aim: its
#: rollouts and its fitted discard are what make it so strong (``benchmarks/default_player.py``;
#: ``docs/statistics.md``, The default players).
DEFAULT_PLAYER = "learned"
DEFAULT_PAIR = f"{DEFAULT_PLAYER}:{DEFAULT_PLAYER}"

PlayerClass = Callable[[random.Random], Player]


class UnknownPlayer(PiquetError):
    """A player name that is neither shipped, registered, nor an importable ``module:Class``."""


@cache
def known() -> dict[str, str]:
    """Every player name and the ``module:Class`` it stands for: shipped first, then registered.

    Read once a process: the installed packages do not change during a run, and
    every chunk of a simulation asks for its players by name.
    """
    names = dict(SHIPPED)
    for ep in entry_points(group=GROUP):
        names.setdefault(ep.name, ep.value)
    return names


def _load(path: str) -> Any:
    module, _, attr = path.partition(":")
    try:
        obj: Any = importlib.import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError, ValueError) as err:
        raise UnknownPlayer(msg("player-not-loaded", "player {path} cannot be loaded: {why}", path=repr(path),
                                why=str(err))) from None
    return obj


@cache
def player_class(name: str) -> PlayerClass:
    """The class a player name (``cavendish``) or path (``mypkg.mod:MyPlayer``) stands for.

    A name may end in options, each after a ``+`` (``learned+score+sink``), where the class lists them in its
    ``OPTIONS``: it is then built with ``options=`` the set of them, and the name, options and all, is what a
    simulation states in its output.
    """
    name, options = with_options(name)
    cls = _plain_class(name)
    if not options:
        return cls
    offered = getattr(cls, "OPTIONS", {})
    for option in options:
        if option not in offered:
            raise UnknownPlayer(msg("player-option", "player {name} has no option {option} (options: {options})",
                                    name=repr(name), option=repr(option), options=tuple(offered) or Word("none")))
    built: PlayerClass = partial(cast(Any, cls), options=frozenset(options))
    return built


def with_options(name: str) -> tuple[str, list[str]]:
    """A player's name, and the options after it, each after a ``+`` (``learned+score+sink``)."""
    plain, *options = name.split("+")
    return plain, options


def _plain_class(name: str) -> PlayerClass:
    names = known()
    if name in names:
        path = names[name]
    elif ":" in name:
        path = name
    else:
        raise UnknownPlayer(msg("unknown-player", "unknown player {name}{hint} (known: {known}; or give "
                                "module:Class)", name=repr(name), hint=did_you_mean(name, list(names)),
                                known=tuple(names)))
    cls = _load(path)
    if not callable(getattr(cls, "choose", None)):
        raise UnknownPlayer(msg("player-no-choose", "player {name} ({path}) has no choose(view, legal) method",
                                name=repr(name), path=path))
    return cls


def parse_pair(text: str) -> tuple[str, str]:
    """``cavendish:cavendish`` or ``search:mypkg.mod:MyPlayer``: the first player and the second.

    The first name ends at the first colon, unless it is a dotted path itself
    (``a.b:C:cavendish``), which ends at its second.
    """
    parts = text.split(":")
    if len(parts) == 2:
        return parts[0], parts[1]
    if len(parts) >= 3 and "." in parts[0]:
        return f"{parts[0]}:{parts[1]}", ":".join(parts[2:])
    if len(parts) >= 3:
        return parts[0], ":".join(parts[1:])
    raise UnknownPlayer(msg("players-pair", "--players {text}: expected FIRST:SECOND, e.g. cavendish:cavendish",
                            text=repr(text)))
