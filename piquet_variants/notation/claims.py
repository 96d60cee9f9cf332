"""What a record claims: a deal's totals, categories, running scores and tricks won, a score sheet, and the
partie's totals, winner and points won."""

from __future__ import annotations

from ..errors import Word, msg
from ..records.checks import Checkpoint
from ..records import model
from ..records.model import Pairs, RunningClaim, TricksWonClaim
from .building import Building
from .drafts import DealDraft, RecordDraft
from .statements import Claim, PartieClaim, PointsWon, Pos, Score, Sheet, Totals, TricksWon, Winner, pos
from .vocabulary import CATEGORY_WORDS, words_of


def read_partie_claim(b: Building, rec: RecordDraft, s: PartieClaim) -> str:
    """Read a claim of the partie into the record's claims: its word (``totals``, ``winner``, ``won``)."""
    match s:
        case Totals():
            _claimed_once(b, rec.totals is not None, "totals", "totals", s.pos)
            rec.totals = {}
            b.scores(s.scores, ("claimed", "totals"), rec.totals)
            return "totals"
        case Winner():
            _claimed_once(b, rec.winner is not None, "winner", "winner", s.pos)
            rec.winner = model.Winner(None if s.who.type == "NOBODY" else b.who(s.who))
            return "winner"
        case PointsWon():
            _claimed_once(b, rec.points_won is not None, "points_won", "won", s.pos)
            rec.points_won = b.number(s.points)
            return "won"


def _claimed_once(b: Building, given: bool, field: str, word: str, where: Pos) -> None:
    if given:
        raise b.fail(where, msg("claim-twice", "the partie's {word} is already given", word=Word(word)))
    b.mark(("claimed", field), where)


def read_claim(b: Building, deal: DealDraft, st: Claim, at: tuple[str | int, ...]) -> str:
    deal.claimed = True
    if st.category is not None:
        category = CATEGORY_WORDS[words_of(st.category)]
        b.scores(st.scores, at + ("claimed", "by", category), deal.by.setdefault(category, {}))
        return f"claim:by:{category}"
    if st.checkpoint is not None:
        checkpoint = Checkpoint.read(st.checkpoint.value)
        if checkpoint is None:  # the grammar's token admits checkpoints only
            raise ValueError(f"no checkpoint {st.checkpoint.value!r}")
        scores = _running(b, deal.running, "running", "at", st.scores, pos(st.checkpoint), at)
        deal.running.append(RunningClaim(checkpoint, scores))
        return f"claim:running:{len(deal.running) - 1}"
    if deal.final is None:
        deal.final = {}
    b.scores(st.scores, at + ("claimed", "final"), deal.final)
    return "claim:final"


def read_tricks_won(b: Building, deal: DealDraft, st: TricksWon, at: tuple[str | int, ...]) -> str:
    """How many tricks each has won so far, claimed after the last trick written."""
    deal.claimed = True
    scores = _running(b, deal.tricks_won, "tricks_won", "after", st.scores, st.pos, at)
    deal.tricks_won.append(TricksWonClaim(len(deal.tricks), scores))
    return f"claim:tricks_won:{len(deal.tricks_won) - 1}"


def _running(b: Building, running: list[RunningClaim] | list[TricksWonClaim], key: str, point: str,
             scores: list[Score], where: Pos, at: tuple[str | int, ...]) -> Pairs[str, int]:
    """A claim at one moment of the deal (a checkpoint, or after a trick): each player's figure there."""
    path = at + ("claimed", key, len(running))
    b.mark(path + (point,), where)
    figures: dict[str, int] = {}
    b.scores(scores, path, figures)
    return Pairs.of(figures)


def read_sheet(b: Building, deal: DealDraft, st: Sheet, at: tuple[str | int, ...]) -> str:
    if deal.scores is not None:
        raise b.fail(st.pos, msg("sheet-twice", "the score sheet is given twice"))
    b.mark(at + ("scores",), st.pos)
    deal.scores = {}
    b.scores(st.scores, at + ("scores",), deal.scores)
    return "sheet"
