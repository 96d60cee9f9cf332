"""What a record claims: a deal's totals, categories, running scores and tricks won, a score sheet, and the
partie's totals, winner and points won."""

from __future__ import annotations

from typing import Any

from ..errors import Word, msg
from ..errors import Word, msg
from .building import Building
from .statements import Claim, PartieClaim, PointsWon, Pos, Score, Sheet, Totals, TricksWon, Winner, pos
from .vocabulary import CATEGORY_WORDS, words_of


def read_partie_claim(b: Building, claimed: dict[str, Any], s: PartieClaim) -> str:
    """Read a claim of the partie into the record's claims: its word (``totals``, ``winner``, ``won``)."""
    match s:
        case Totals():
            _claimed_once(b, claimed, "totals", "totals", s.pos)
            b.scores(s.scores, ("claimed", "totals"), claimed.setdefault("totals", {}))
            return "totals"
        case Winner():
            _claimed_once(b, claimed, "winner", "winner", s.pos)
            claimed["winner"] = None if s.who.type == "NOBODY" else b.who(s.who)
            return "winner"
        case PointsWon():
            _claimed_once(b, claimed, "points_won", "won", s.pos)
            claimed["points_won"] = b.number(s.points)
            return "won"


def _claimed_once(b: Building, claimed: dict[str, Any], field: str, word: str, where: Pos) -> None:
    if field in claimed:
        raise b.fail(where, msg("claim-twice", "the partie's {word} is already given", word=Word(word)))
    b.mark(("claimed", field), where)


def read_claim(b: Building, deal: dict[str, Any], st: Claim, at: tuple[str | int, ...]) -> str:
    claimed = deal.setdefault("claimed", {})
    if st.category is not None:
        category = CATEGORY_WORDS[words_of(st.category)]
        b.scores(st.scores, at + ("claimed", "by", category),
                 claimed.setdefault("by", {}).setdefault(category, {}))
        return f"claim:by:{category}"
    if st.checkpoint is not None:
        return _running(b, claimed, "running", {"at": st.checkpoint.value}, st.scores, pos(st.checkpoint), at)
    b.scores(st.scores, at + ("claimed", "final"), claimed.setdefault("final", {}))
    return "claim:final"


def read_tricks_won(b: Building, deal: dict[str, Any], st: TricksWon, at: tuple[str | int, ...]) -> str:
    """How many tricks each has won so far, claimed after the last trick written."""
    claimed = deal.setdefault("claimed", {})
    return _running(b, claimed, "tricks_won", {"after": len(deal.get("tricks", []))}, st.scores, st.pos, at)


def _running(b: Building, claimed: dict[str, Any], key: str, point: dict[str, Any], scores: list[Score], where: Pos,
             at: tuple[str | int, ...]) -> str:
    """A claim at one moment of the deal (a checkpoint, or after a trick): each player's figure there."""
    running = claimed.setdefault(key, [])
    path = at + ("claimed", key, len(running))
    b.mark(path + (next(iter(point)),), where)
    figures: dict[str, int] = {}
    b.scores(scores, path, figures)
    point.update(figures)
    running.append(point)
    return f"claim:{key}:{len(running) - 1}"


def read_sheet(b: Building, deal: dict[str, Any], st: Sheet, at: tuple[str | int, ...]) -> str:
    if "scores" in deal:
        raise b.fail(st.pos, msg("sheet-twice", "the score sheet is given twice"))
    b.mark(at + ("scores",), st.pos)
    b.scores(st.scores, at + ("scores",), deal.setdefault("scores", {}))
    return "sheet"
