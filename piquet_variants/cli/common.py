"""Options every command shares, how rulesets and records are named on the command line, and warnings."""

from __future__ import annotations

import math
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final

import typer
from typer._click import exceptions as click  # Typer carries its own copy of Click, which raises these
from typer._click.types import ParamType
from typer._types import TyperChoice

from ..errors import Message, PiquetError, Problem, RecordError, UnknownRuleset, Word, echo, msg
from ..ruleset.model import Ruleset
from ..render import OutputFormat, Report, json_text
from ..i18n import Lang, say, t
from . import complete
from .diagnostics import in_language, note, warn
from .helps import Refused, in_words, words

if TYPE_CHECKING:
    from ..api import Record

FormatOpt = Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format: table, json or markdown.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="[RULESET:]NAME=CHOICE",
    help="Choose a ruleset option, e.g. end=race-100 (for every ruleset that has it) or traite:end=race-100 "
         "(for one); repeatable.", autocompletion=complete.options)]
RulesetsOpt = Annotated[list[str], typer.Option(
    "--ruleset", "-r", metavar="RULESET[:NAME=CHOICE,...]", autocompletion=complete.rulesets,
    help="Ruleset (id or .yaml file), with its options if any, e.g. traite:end=race-100; repeat to compare.")]
#: A command that takes its ruleset as an argument takes it as -r too, as every command that replays does.
OneRulesetArg = Annotated[str | None, typer.Argument(
    metavar="RULESET", autocompletion=complete.rulesets, show_default=False,
    help="Ruleset id or .yaml file, with its options if any: traite:end=race-100 (or -r RULESET).")]
AlsoRulesetsOpt = Annotated[list[str] | None, typer.Option(
    "--ruleset", "-r", metavar="RULESET[:NAME=CHOICE,...]", autocompletion=complete.rulesets, show_default=False,
    help="A ruleset, as the arguments name one; repeatable.")]
RecordsArg = Annotated[list[Path], typer.Argument(
    metavar="FILE", autocompletion=complete.records,
    help="Deal records: notation (.piquet) or JSON (.json), example:NAME for a shipped example, or - for "
         "standard input.")]

#: The ruleset a record that names none is replayed under, with a warning.
DEFAULT_RULESET = "modern-fr"
#: The record file argument that means standard input.
STDIN = "-"


class Unusable(typer.BadParameter):
    """A command line the command cannot use (two rulesets where it takes one, an output it will not write, a figure
    an option refuses): its message typed, said in the language asked.  Without a ``param_hint``, the option's
    names are the hint, as Click gives them."""

    def __init__(self, message: Message, param_hint: str | None = None, ctx: Any = None, param: Any = None) -> None:
        super().__init__(str(message), ctx=ctx, param=param, param_hint=param_hint)
        self.said = message


class Figure(ParamType):
    """A figure an option takes, whole (``int``) or not (``float``), between bounds where it has them: refused in the
    tool's own words (``Unusable``), and its range shown in the help in the reader's language (``helps``).  What is
    not a finite figure (``nan``, ``inf``) is refused as not a number."""

    def __init__(self, kind: type[int] | type[float], low: float | None = None, high: float | None = None) -> None:
        self.kind, self.low, self.high = kind, low, high
        self.name = "integer" if kind is int else "number"

    def get_metavar(self, param: Any, ctx: Any) -> str:
        return self.name.upper()

    def range(self) -> Message | None:
        """The figures taken, as the help and the refusal say them (``1<=x<=10000000``); None: any."""
        if self.low is not None and self.high is not None:
            return msg("figure-range", "{low}<=x<={high}", low=self.low, high=self.high)
        if self.low is not None:
            return msg("figure-at-least", "x>={low}", low=self.low)
        if self.high is not None:
            return msg("figure-at-most", "x<={high}", high=self.high)
        return None

    def convert(self, value: Any, param: Any, ctx: Any) -> int | float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):  # a default, or a figure from Python
            figure: int | float = self.kind(value)
        else:
            figure = self._read(str(value), param, ctx)
        if (self.low is not None and figure < self.low) or (self.high is not None and figure > self.high):
            raise Unusable(msg("out-of-range", "{value} is not in the range {range}", value=_as_typed(value),
                               range=self.range()), ctx=ctx, param=param)
        return figure

    def _read(self, text: str, param: Any, ctx: Any) -> int | float:
        try:
            figure = self.kind(text)
        except ValueError:
            figure = math.nan
        if not math.isfinite(figure):
            raise Unusable(msg("not-a-whole-number", "{value} is not a whole number", value=_as_typed(text))
                           if self.kind is int else msg("not-a-figure", "{value} is not a number",
                                                        value=_as_typed(text)), ctx=ctx, param=param)
        return figure


#: The largest seed taken.  A simulation writes its seed in its JSON, and a figure past 2**53 is not held exactly by
#: every JSON reader (a double); no seed draws better than another, so nothing is lost by the bound.
MOST_SEED: Final = 2**53 - 1


def _as_typed(value: object) -> str:
    """A figure refused, as it was typed; one too long to repeat, cut short as ``echo`` cuts it."""
    text = str(value)
    return text if len(text) <= 60 else echo(text)


def usage_error(exc: click.UsageError, lang: Lang) -> str:
    """A bad command line in the reader's language, as Click lays it out: the usage, where help is, what is wrong."""
    ctx, lines = exc.ctx, []
    if ctx is not None:
        lines.append(f"{t('Usage:', lang)} {ctx.command_path} {' '.join(ctx.command.collect_usage_pieces(ctx))}")
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(t("Try '{command} {option}' for help.", lang).format(command=ctx.command_path,
                                                                               option=ctx.help_option_names[0]))
        lines.append("")
    return "\n".join(lines + [t("Error: {message}", lang).format(message=say(_usage_message(exc), lang))])


def _usage_message(exc: click.UsageError) -> Message:
    """What is wrong with a command line, from Click's exception: its kind and its values, not Click's English."""
    hint = exc.param_hint if isinstance(exc, click.BadParameter) else None
    if isinstance(hint, str):  # a metavar the command names (RULE), in words as the usage line says it
        hint = words(hint)
    elif isinstance(exc, click.BadParameter) and exc.param is not None and exc.ctx is not None:
        hint = in_words(exc.param, exc.ctx, exc.param.get_error_hint(exc.ctx))  # '--deals' / '-n', or 'FILE'
    match exc:
        case Refused():
            return exc.said
        case Unusable():
            return msg("invalid-value", "Invalid value for {hint}: {message}", hint=hint, message=exc.said)
        case click.NoSuchOption():
            close = tuple(exc.possibilities or ())
            return msg("no-such-option-close", "No such option: {name} (did you mean {close}?)",
                       name=exc.option_name, close=close) if close else msg(
                "no-such-option", "No such option: {name}", name=exc.option_name)
        case click.MissingParameter():
            kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "parameter")
            return msg("missing", "Missing {kind} {name}.", kind=Word(kind), name=hint or "")
        case click.BadParameter() if exc.param is not None and isinstance(exc.param.type, TyperChoice):
            return msg("not-a-choice", "Invalid value for {hint}: the choices are {choices}.", hint=hint,
                       choices=tuple(map(str, exc.param.type.choices)))
        case click.BadParameter():
            return msg("invalid-value-said", "Invalid value for {hint}: {message}", hint=hint,
                       message=Word(exc.message))
    return msg("usage", "{message}", message=Word(exc.message))


class BadOption(PiquetError):
    """A --option that is not NAME=CHOICE, or that no ruleset given can take."""


LangOpt = Annotated[Lang, typer.Option("--lang", "-l", help="Language of labels, names, messages and help: en or fr.",
                                       callback=in_language)]


def group_language(lang: LangOpt = "en") -> None:
    """The language of a group's commands where it is given before a command's name (``rulesets --lang fr list``),
    as the program's is; its help too.  Registered as each group's callback (``app.callback()``)."""


def _choice(item: str, flag: str) -> tuple[str, str]:
    name, sep, choice = item.partition("=")
    if not sep or not name.strip() or not choice.strip():
        raise BadOption(msg("option-form", "{flag} {item}: expected NAME=CHOICE, for example end=race-100", flag=flag,
                            item=echo(item)))
    return name.strip(), choice.strip()


def one_ruleset(arg: str | None, flagged: list[str] | None) -> str:
    """The one ruleset a command is given, as its argument or as ``-r``."""
    given = ([arg] if arg else []) + list(flagged or ())
    if len(given) != 1:
        raise Unusable(msg("name-one", "name one ruleset, as RULESET or -r RULESET (given: {given})",
                           given=len(given)), param_hint="RULESET")
    return given[0]


def named_ruleset(ref: str) -> tuple[str, str]:
    """A ruleset as the command line names it (``ID`` or ``ID:NAME=CHOICE[,NAME=CHOICE]``, an id or a file): the
    id or file, and its choices as written ("" where none are)."""
    rid, _, spec = ref.rpartition(":") if "=" in ref else (ref, "", "")
    return rid, spec


def parse_options(raw: list[str] | None) -> tuple[tuple[str, str], ...]:
    return tuple(_choice(item, "--option") for item in raw or ())


def choose_rulesets(refs: Sequence[str], raw: list[str] | None,
                    own: tuple[tuple[str, str], ...] = (), base: Path | None = None,
                    own_for: str | None = None) -> list[Ruleset]:
    """Each ruleset named, compiled with the options meant for it.

    A ruleset is ``ID`` or ``ID:NAME=CHOICE[,NAME=CHOICE]``; an ``--option``
    is ``RULESET:NAME=CHOICE`` for one ruleset, or a bare ``NAME=CHOICE`` for
    every ruleset given that has such an option.  The record's own options
    (``own``) come first, for every ruleset or only for the one named
    ``own_for`` (the record's own, when ``--ruleset`` names rulesets), then the
    bare ones, then those named for the ruleset.  An option that no ruleset
    given can take is an error, not a silent no-op.  A ruleset file is found
    from ``base`` where given (a record's folder).
    """
    named: list[tuple[str, dict[str, str]]] = []
    for ref in refs:
        rid, spec = named_ruleset(ref)
        named.append((rid, dict(_choice(c, f"--ruleset {ref}:") for c in spec.split(",")) if spec else {}))
    bare: list[tuple[str, str]] = []
    for item in raw or ():
        head, _, _ = item.partition("=")
        if ":" not in head:
            bare.append(_choice(item, "--option"))
            continue
        target, _, rest = item.partition(":")
        if target not in [rid for rid, _ in named]:
            raise BadOption(msg("option-ruleset", "--option {item}: {target} is not one of the rulesets given "
                                "({given})", item=echo(item), target=echo(target), given=tuple(rid for rid, _ in named)))
        name, choice = _choice(rest, f"--option {target}:")
        for rid, opts in named:
            if rid == target:
                opts[name] = choice
    out, used = [], set()
    for rid, opts in named:
        has = {o.name for o in resolve_ruleset(rid, (), base).options}
        mine = dict(own) if own_for is None or rid == own_for else {}
        chosen = mine | {n: c for n, c in bare if n in has} | opts
        used |= has
        out.append(resolve_ruleset(rid, tuple(chosen.items()), base))
    unused = [f"{n}={c}" for n, c in bare if n not in used]
    if unused:
        have = tuple(msg("options-of", "{ruleset}: {options}", ruleset=rid,
                         options=tuple(o.name for o in rs.options) or Word("none")) for (rid, _), rs in zip(named, out))
        raise BadOption(msg("option-unused", "--option {item}: no ruleset given has an option {name} (options: "
                            "{have})", item=unused[0], name=echo(unused[0].split('=')[0]), have=have))
    return out


def record_rulesets(doc: Record, where: str, raw: list[str] | None, lang: Lang) -> list[Ruleset]:
    """The ruleset a record names (``modern-fr``, with a warning, where it names none), with the record's options,
    then the bare ``raw`` ones; a ruleset file is found from the record's folder.  A ruleset not found is a
    ``RecordError`` at the record's line."""
    if doc.model.ruleset is None:
        warn(f"{where}: {t('assumed ruleset', lang).format(ruleset=DEFAULT_RULESET)}", lang)
    own = tuple(doc.model.options.items())
    try:
        return choose_rulesets([doc.model.ruleset or DEFAULT_RULESET], raw, own, Path(doc.file).parent)
    except UnknownRuleset as exc:  # the record's fault, at its line
        raise RecordError([doc.located.problem(("ruleset",), exc.message)]) from None


def rulesets_for(doc: Record, where: str, refs: list[str] | None, raw: list[str] | None,
                 lang: Lang) -> list[Ruleset]:
    """The rulesets a record is replayed under: its own (``record_rulesets``), or those ``--ruleset`` names.

    The record's options were chosen for its own ruleset: they hold where
    ``--ruleset`` names it, and under any other a note on stderr says which of
    them did not apply, so that a figure they change is not a silent
    disagreement.
    """
    if not refs:
        return record_rulesets(doc, where, raw, lang)
    own_id = doc.model.ruleset or DEFAULT_RULESET
    own = tuple(doc.model.options.items())
    sets = choose_rulesets(refs, raw, own, own_for=own_id)
    for rs in sets:
        if own and rs.id != own_id:
            note(f"{where}: " + t("record options not applied", lang).format(
                options=", ".join(f"{n}={c}" for n, c in own), ruleset=rs.id, own=own_id), lang)
    return sets


def each_record(path: Path) -> Iterator[Record | RecordError]:
    """Each record of a file (JSON if ``.json``, else the traditional notation), of a shipped ``example:NAME``,
    or of ``-``, each read or the error that spoils it, as it is read (``piquet_variants.api.read``).

    Standard input is JSON if it opens as JSON does, else notation.  The
    notation's parser (and Lark) is imported only when notation is read.
    """
    from ..examples import resolve

    if str(path) == STDIN:
        return _located(_Stdin())
    path = resolve(str(path))
    if path.suffix.lower() == ".json":
        return _located(path)
    return _read_notation(path)


def load_deals(path: Path) -> list[Record | RecordError]:
    """Every record of a file, as ``each_record`` gives them, for a command that needs them all at once (a
    sitting, a report)."""
    return list(each_record(path))


def numbered(results: Iterable[Record | RecordError]) -> Iterator[tuple[int, bool, Record | RecordError]]:
    """Each record with its number in the file from 1, and whether it is the file's only one (known once the
    next is read, or the file's end)."""
    ahead = iter(results)
    first = next(ahead, None)
    if first is None:
        return
    second = next(ahead, None)
    yield 1, second is None, first
    if second is not None:
        yield from ((k, False, r) for k, r in enumerate(chain([second], ahead), 2))


class _Stdin:
    """Standard input, read in pieces as its bytes come, under its own name."""

    name = "<stdin>"

    def read(self, size: int) -> bytes:
        return sys.stdin.buffer.read(size)


def _located(source: Path | _Stdin) -> Iterator[Record | RecordError]:
    """The records ``read`` gives, and each error in its place between them."""
    from ..api import read

    errors: list[RecordError] = []
    for record in read(source, on_error=errors.append):
        yield from errors
        errors.clear()
        yield record
    yield from errors


def _read_notation(path: Path) -> Iterator[Record | RecordError]:
    """A notation file's records, as read; a small file's are parsed once and kept (``stored``) until the file or
    the package's code changes; a file with a bad record is parsed every time, so that its problems are always said.

    Parsing is most of a short command's time: Lark compiles its lexer's
    patterns as it meets each parser state.  A record replayed again, under
    other rulesets or in another format, is read back instead.  A file larger
    than one record may be is not kept: its records are read one at a time.
    """
    from ..api import Record
    from ..located import MAX_BYTES
    from ..stored import digest, stored

    try:
        info = path.stat()
        small = info.st_size <= MAX_BYTES and stat.S_ISREG(info.st_mode)
    except (OSError, ValueError):
        small = False
    if not small:  # too large to keep, or a pipe or a device (which can be read only once), or not there
        return _located(path)

    def name() -> str:
        return f"records-{_reader_key()}-{digest([str(path).encode(), path.read_bytes()])}.pickle"

    def parse() -> list[Record | RecordError]:
        return list(_located(path))

    return iter(stored(name, parse, lambda found: isinstance(found, list) and all(isinstance(r, Record) for r in found),
                       keep=lambda records: not any(isinstance(r, RecordError) for r in records)))


@cache
def _reader_key() -> str:
    """A digest of everything a parsed record depends on: the package's code and the grammar."""
    from ..resources import data_dir
    from ..stored import files_digest

    package = Path(__file__).resolve().parent.parent
    return files_digest(sorted(package.rglob("*.py")) + sorted(data_dir("grammar").glob("*.lark")))


def problem_data(problem: Problem, lang: Lang) -> dict[str, Any]:
    """A problem as JSON gives it: its place, the stable id of its kind, and its message in the reader's language."""
    return {"file": problem.file, "line": problem.line, "column": problem.column, "path": problem.path,
            "kind": problem.message.kind, "message": say(problem.message, lang), "excerpt": problem.excerpt}


def report_problems(problems: Iterable[Problem], lang: Lang) -> None:
    """Problems found in the input, on stderr in the reader's language, each at its place."""
    typer.echo("\n".join(say(p, lang) for p in problems), err=True)


#: Exit statuses from the mildest to the worst: all agree, a book figure disagrees, bad input.
_SEVERITY = (0, 3, 1)


def finish(results: list[dict[str, Any]], report: Report, problems: list[Problem], statuses: list[int],
           fmt: OutputFormat, lang: Lang) -> None:
    """A command's end over several records: the results of the good ones, whole, on stdout (unless every one was
    bad), the problems on stderr, and the worst status."""
    if results or not problems:
        typer.echo(json_text({"results": results}) if fmt == "json" else report.render(fmt))
    if problems:
        report_problems(problems, lang)
    status = worst(*statuses)
    if status:
        raise typer.Exit(status)


def worst(*statuses: int) -> int:
    """The worst of several exit statuses: bad input (1) over a figure that disagrees (3) over success (0)."""
    return max(statuses, key=_SEVERITY.index, default=0)


def resolve_ruleset(ref: str, options: tuple[tuple[str, str], ...] = (), base: Path | None = None) -> Ruleset:
    """A ruleset by id (the first on the search path: --rulesets, PIQUET_VARIANTS_PATH, the shipped ones), or a
    ruleset file by path (anything ending in .yaml), relative to ``base`` where given (a record's folder):
    ``api.get_ruleset``."""
    from ..api import get_ruleset
    return get_ruleset(ref, options, base)
