"""From the notation's statements to the typed record (``records/model.py``), a record at a time.

The parser gives statements in the order they are written; this module
groups them into records, reads each record's tags, deals and claims into
its typed values (the deals by ``deals.py``, the tags by ``tags.py``, the
partie's claims by ``claims.py``, each into the drafts of ``drafts.py``,
frozen once the record is read), each value's line
and column remembered (so a replay error in a notation file points into that
file, exactly as it does for JSON), and streams a file's records block by
block.  What grammar alone cannot check is checked where each part is read:
a card dealt twice, a trick of three cards, a number that is not a number, a
tag nobody knows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..errors import MAX_PROBLEMS, NotationError, Problem, msg
from ..located import MAX_BYTES, Lines
from ..records.model import Comment as Kept, Read, RecordedDeal
from .building import Building
from .claims import read_partie_claim
from .deals import read_deal
from .drafts import RecordDraft
from .parser import parse_statements, split_records
from .statements import BadRecord, Comment, Partie, PartieClaim, Statement, Tag, WrittenDeal
from .tags import read_cut, read_tag


def build(b: Building, stmts: list[Statement]) -> Read:
    """One record from its statements; every tag and every deal is checked, and each fault reported."""
    rec = RecordDraft()
    problems: list[Problem] = []
    comments: list[Kept] = []
    pending: list[Comment] = []

    def anchored(anchor: str) -> None:
        comments.extend(Kept(anchor, c.text) for c in pending)
        pending.clear()

    body: list[Comment | WrittenDeal | Partie | BadRecord] = []
    for s in stmts:
        if isinstance(s, Comment) and not body:
            pending.append(s)
        elif isinstance(s, Tag):
            try:
                anchored(f"tag:{read_tag(b, rec, s)}")
            except NotationError as exc:
                problems += exc.problems
                _bounded(problems)
        else:
            body.append(s)
    body = pending + body
    pending.clear()
    rec.lang = rec.lang or b.lang
    b.use(rec.lang)
    try:
        read_cut(b, rec)
    except NotationError as exc:
        problems += exc.problems
    if rec.players is None:
        problems.append(b.problem(body[0].pos if body else stmts[0].pos if stmts else (1, 1),
                                  msg("players-missing", 'the players are missing: [Players "A" "B"]')))
        raise NotationError(problems)
    so_far = rec.so_far_given()
    if so_far and not problems and ("deals" not in so_far or "scores" not in so_far):
        given = min(so_far, key=lambda name: b.marks[("so_far", name)])  # the first written
        problems.append(b.problem(b.marks[("so_far", given)],
                                  msg("so-far-half", 'a partie in progress gives both the deals played so far '
                                      'and the score then: [DealsSoFar "5"] [ScoreSoFar "A" "40" "B" "12"]')))
    if rec.sitting_card is not None and rec.sitting_players is None:
        problems.append(b.problem(b.marks[("sitting", "card")],
                                  msg("card-needs-sitting", 'a scoring card needs the sitting\'s three players: '
                                      '[Sitting "A" "B" "C"]')))
    deals: list[RecordedDeal] = []
    for st in _flattened(b, body, problems):
        if isinstance(st, Comment):
            pending.append(st)
            continue
        try:
            anchor = _deal_or_claim(b, rec, rec.players, deals, st)
        except NotationError as exc:  # the next deal is still read and checked
            problems += exc.problems
            _bounded(problems)
            deals.append(_UNREAD)
            continue
        anchored(anchor)
    anchored("end")
    if not deals and not problems:
        problems.append(b.problem(body[0].pos if body else (1, 1), msg("no-deal", "the record has no deal")))
    if problems:
        raise NotationError(problems)
    return Read(rec.freeze(rec.players, deals, comments), b.located)


#: What stands for a deal that could not be read, so that the next keeps its number: the record is not made.
_UNREAD = RecordedDeal()


def _flattened(b: Building, body: list[Comment | WrittenDeal | Partie | BadRecord],
               problems: list[Problem]) -> list[Comment | WrittenDeal | PartieClaim]:
    """A record's deals, claims and comments in order: a partie's own, with the comments around it.

    Nothing else stands in a record's body: its tags are read already, and a record that did not parse is a
    record alone (``_records``), whose missing players end its reading before this."""
    parties = [s for s in body if isinstance(s, Partie)]
    if len(parties) > 1:
        raise NotationError(problems + [b.problem(parties[1].pos, msg(
            "one-partie", 'a record holds one partie; a new record begins with its tags ([Players "A" "B"])'))])
    if not parties:
        return [s for s in body if isinstance(s, (Comment, WrittenDeal))]
    if any(isinstance(s, WrittenDeal) for s in body):
        raise NotationError(problems + [b.problem(next(s for s in body if isinstance(s, WrittenDeal)).pos,
                                                  msg("deals-inside", "deals go inside the partie, not beside it"))])
    before = [s for s in body if isinstance(s, Comment) and s.pos < parties[0].pos]
    after = [s for s in body if isinstance(s, Comment) and s.pos > parties[0].pos]
    return before + parties[0].statements + after


def _deal_or_claim(b: Building, rec: RecordDraft, players: tuple[str, str], deals: list[RecordedDeal],
                   s: WrittenDeal | PartieClaim) -> str:
    """Read a deal, or a claim of the partie, into the record: the anchor its comments stand before."""
    if isinstance(s, WrittenDeal):
        deals.append(read_deal(b, players, s, len(deals)))
        return f"deal:{len(deals)}"
    return f"partie:{read_partie_claim(b, rec, s)}"


def _records(stmts: list[Statement]) -> list[list[Statement]]:
    """The statements grouped into records: a run of tags begins a record, as in PGN.

    The comments between two records belong to the first as far as the first
    blank line (the writer puts a record's last comments right after it), and
    to the second after it; a record that did not parse is a record alone.
    """
    groups: list[list[Statement]] = [[]]
    pending: list[Comment] = []
    last: Statement | None = None  # the last statement that is not a comment
    end = 0  # the line where it ends
    for s in stmts:
        if isinstance(s, Comment):
            pending.append(s)
            continue
        if (isinstance(s, Tag) and last is not None and not isinstance(last, Tag)) or isinstance(s, BadRecord) \
                or isinstance(last, BadRecord):
            for n, c in enumerate(pending):
                if c.pos[0] > end + 1:  # a blank line: the rest is the next record's
                    break
                end = c.pos[0] + c.text.count("\n")
            else:
                n = len(pending)
            groups[-1] += pending[:n]
            groups.append([])
            pending = pending[n:]
        groups[-1] += pending
        pending = []
        groups[-1].append(s)
        last = s
        end = s.end[0] if isinstance(s, (WrittenDeal, Partie)) else s.pos[0]
    groups[-1] += pending
    return [g for g in groups if g] or [[]]


#: The text is parsed in blocks of about this many characters, each ending where a record begins: a file of any
#: size is read a block at a time, and one record may be no longer than a block.
BLOCK = MAX_BYTES


def records(pieces: Iterable[str], name: str = "<text>") -> Iterator[Read | NotationError]:
    """Each record of a notation text that arrives in pieces (a file read as it goes), as soon as its block is
    read, or the problems that spoil it: a record is bounded (``BLOCK`` characters), the file is not.

    The notation's one reader (``piquet_variants.api.read`` reads through it).  A record's problems do not stop
    the reading: the next record is read all the same.  After ``MAX_PROBLEMS`` problems the reading stops, and
    says so."""
    count = _Count(name)
    parts: list[str] = []  # the text not yet parsed, in pieces
    size, line = 0, 1  # its length, and the line of the file where it begins
    for piece in _ended(pieces):
        parts.append(piece)
        size += len(piece)
        if piece and size < BLOCK:
            continue
        pending = "".join(parts)
        if not piece and not pending and line == 1:  # an empty text: read as such, for what it lacks
            yield from _read("", name, line, count)
        while len(pending) >= BLOCK or (not piece and pending):
            cut = len(pending) if not piece and len(pending) < BLOCK else _last_start(pending)
            if cut == 0:
                yield NotationError([Problem(name, line, 1, "", msg(
                    "record-too-long", "a record longer than {most} characters (one record's deals, tags and "
                    "comments)", most=BLOCK))])
                return
            block, pending = pending[:cut], pending[cut:]
            for result in _read(block, name, line, count):
                yield result
                if count.stopped:
                    return
            line += block.count("\n")
        parts, size = [pending], len(pending)


def _ended(pieces: Iterable[str]) -> Iterator[str]:
    """The pieces that hold text, as they come, then an empty one that marks the end.

    A generator function, not ``chain`` over a generator expression: compiled by mypyc, a generator expression
    passed to a call is evaluated whole first, which read ``/dev/zero`` to the file's bound before the first block.
    """
    for piece in pieces:
        if piece:
            yield piece
    yield ""


def _last_start(text: str) -> int:
    """Where the last record of a text that begins a line begins (past the first): the text before it is whole
    records; 0 where the text holds one record only."""
    for chunk in reversed(split_records(text)[1:]):
        if chunk.column == 1:
            return chunk.offset
    return 0


class _Count:
    """The problems found so far in a file, read block by block: past ``MAX_PROBLEMS`` the reading stops."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.problems = 0
        self.stopped = False

    def add(self, error: NotationError) -> NotationError | None:
        """Count a record's problems; where they pass the bound, what says that the reading stops there."""
        self.problems += len(error.problems)
        if self.problems < MAX_PROBLEMS:
            return None
        self.stopped = True
        where = error.problems[-1]
        return NotationError([Problem(self.name, where.line, where.column, "",
                                      msg("reading-stops", "{count} problems: the reading stops here",
                                          count=self.problems))])


def _read(block: str, name: str, line: int, count: _Count) -> Iterator[Read | NotationError]:
    """The records of a block of a file that begins at ``line``, by the file's own lines and columns."""
    lines = Lines(block.splitlines(), line)
    text = "\n" * (line - 1) + block if line > 1 else block  # the grammar skips the line breaks; positions are kept
    for group in _records(parse_statements(text, name)):
        if group and isinstance(group[0], BadRecord):
            result: Read | NotationError = NotationError([group[0].problem])
        else:
            try:
                result = build(Building(name, lines), group)
            except NotationError as exc:
                result = exc
        yield result
        if isinstance(result, NotationError):
            stop = count.add(result)
            if stop is not None:
                yield stop
                return


def _bounded(problems: list[Problem]) -> None:
    """A record's problems, past ``MAX_PROBLEMS``, end its reading (ten thousand bad tags are not as many
    messages): ``_read`` then says that the reading stops there."""
    if len(problems) >= MAX_PROBLEMS:
        raise NotationError(problems[:MAX_PROBLEMS])
