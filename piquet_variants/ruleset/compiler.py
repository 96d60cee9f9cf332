"""Resolve ``extends`` and options, check, and compile a ruleset into rule objects.

The pipeline is: load each file of the ``extends`` chain safely, validate it
against the schema, overlay the chain (child over parent) and then the chosen
option choices, give each leaf the root leaves out the schema's default (cited as unstated), make the
checks a schema cannot express, and finally build the frozen dataclasses of
``model``.  All problems found at one stage are reported together.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..cards import RANK_KEYS
from ..errors import Message, Problem, RulesetError, Word, echo, echo_name, msg
from ..files import quietly
from ..located import Located, load_file
from ..schemas import did_you_mean, load_validated, rule_leaves, schema_messages, validator
from . import model
from .bibliography import Date, Source, source_from
from .cache import cached
from .registry import is_shipped, known_ids, path_for, sources, sources_beside

MAX_EXTENDS = 8


@dataclass(frozen=True)
class _Leaf:
    """A leaf rule as written, with where it was written."""

    raw: dict[str, Any]
    defined_in: model.DefinedIn
    doc: Located
    at: tuple[str | int, ...]
    order: int  # where it was written: the root of the extends chain 0, its child 1…, an option's choice last

    def problem(self, message: Message) -> Problem:
        return self.doc.problem(self.at + ("value",), message)


def _read(path: Path) -> Located:
    doc = load_validated(path, "ruleset", RulesetError)
    if doc.data["id"] != path.stem:
        raise RulesetError([doc.problem(("id",), msg("id-not-file-name", "id {id} does not match the file name {name}", id=echo(doc.data['id']),
                                                     name=echo_name(path.stem)))])
    return doc


def _chain(path: Path) -> list[Located]:
    """The files of the ``extends`` chain, root first."""
    chain: list[Located] = []
    seen: list[str] = []
    doc = _read(path)
    while True:
        chain.append(doc)
        seen.append(doc.data["id"])
        parent = doc.data.get("extends")
        if parent is None:
            return chain[::-1]
        if parent in seen:
            cycle = " -> ".join(seen + [parent])
            raise RulesetError([doc.problem(("extends",), msg("extends-cycle", "extends cycle: {cycle}", cycle=cycle))])
        if len(seen) >= MAX_EXTENDS:
            raise RulesetError([doc.problem(("extends",), msg("extends-too-long", "extends chain longer than {most}",
                                                                   most=MAX_EXTENDS))])
        sibling = Path(doc.file).with_name(f"{parent}.yaml")
        if quietly(Path.exists, sibling):
            doc = _read(sibling)
        elif parent in known_ids():
            doc = _read(path_for(parent))
        else:
            hint = did_you_mean(parent, known_ids())
            raise RulesetError([doc.problem(("extends",), msg("extends-unknown", "extends unknown ruleset {ruleset}{hint}",
                                                                   ruleset=echo(parent), hint=hint))])


def _overlay(leaves: dict[str, _Leaf], tree: dict[str, Any], defined_in: model.DefinedIn, doc: Located,
             at: tuple[str | int, ...], order: int) -> None:
    for group, rules in tree.items():
        for key, raw in rules.items():
            leaves[f"{group}.{key}"] = _Leaf(raw, defined_in, doc, at + (group, key), order)


def _choose(options: dict[str, tuple[Located, dict[str, Any]]], wanted: dict[str, str],
            root: Located) -> list[tuple[str, str]]:
    problems = []
    for name, choice in wanted.items():
        if name not in options:
            hint = did_you_mean(name, list(options))
            known: tuple[str, ...] | Word = tuple(options) or Word("none")
            problems.append(Problem(root.file, 1, 1, "options", msg("no-option", "no option {option}{hint} (options: "
                                                                    "{options})", option=echo(name), hint=hint,
                                                                    options=known)))
        elif choice not in options[name][1]["choices"]:
            choices = list(options[name][1]["choices"])
            problems.append(options[name][0].problem(("options", name), msg(
                "no-choice", "option {option} has no choice {choice}{hint} (choices: {choices})", option=echo(name),
                choice=echo(choice), hint=did_you_mean(choice, choices), choices=tuple(choices))))
    if problems:
        raise RulesetError(problems)
    return [(name, wanted.get(name, spec["default"])) for name, (_, spec) in options.items()]


def _gather(path: Path, wanted: dict[str, str]) -> tuple[list[Located], dict[str, _Leaf], list[tuple[str, str]],
                                                         dict[str, tuple[Located, dict[str, Any]]]]:
    chain = _chain(path)
    leaves: dict[str, _Leaf] = {}
    options: dict[str, tuple[Located, dict[str, Any]]] = {}
    problems = []
    for order, doc in enumerate(chain):
        _overlay(leaves, doc.data.get("rules", {}), model.DefinedIn(doc.data["id"]), doc, ("rules",), order)
        for name, spec in doc.data.get("options", {}).items():
            if spec is None:
                options.pop(name, None)
                continue
            options[name] = (doc, spec)
            if spec["default"] not in spec["choices"]:
                problems.append(doc.problem(("options", name, "default"),
                                            msg("default-not-a-choice", "default {value} is not one of the choices",
                                                value=echo(spec['default']))))
    if problems:
        raise RulesetError(problems)
    chosen = _choose(options, wanted, chain[-1])
    for name, choice in chosen:
        doc, spec = options[name]
        _overlay(leaves, spec["choices"][choice]["rules"], model.DefinedIn(doc.data["id"], name, choice), doc,
                 ("options", name, "choices", choice, "rules"), len(chain))
    return chain, leaves, chosen, options


#: Why a rule a root ruleset leaves out holds the schema's default, said on its citation.
DEFAULT_NOTE = ("Not given by this ruleset (written before the rule existed, or leaving it out): the value is the "
                "schema's default, the usage of most sources, not this source's word.")
DEFAULT_LOCATOR = "—"


def _fill_defaults(leaves: dict[str, _Leaf], root: Located) -> list[Problem]:
    """Give each rule the root ruleset leaves out the schema's default, cited as unstated by its first source.

    A user's ruleset written before a rule existed must still load, and say plainly that it is silent there; the
    citation names the ruleset's first source (listed, else the first one it cites), since a citation names a
    source, with no locator and no quote.  A root that cites no source at all cannot stand for any."""
    missing = [(g, k, spec) for g, specs in rule_leaves().items() for k, spec in specs.items()
               if f"{g}.{k}" not in leaves]
    if not missing:
        return []
    cited = _listed(root) + [c["source"] for leaf in leaves.values() if leaf.doc is root for c in leaf.raw["cite"]]
    if not cited:
        return [root.problem(("rules",), msg("no-source-for-defaults", "{count} rule(s) left out, and no source to cite their "
                                         "defaults under: list the ruleset's sources (see docs/rulesets.md)",
                                         count=len(missing)))]
    cite = {"source": cited[0], "locator": DEFAULT_LOCATOR, "attestation": "unstated", "note": DEFAULT_NOTE}
    for g, k, spec in missing:
        leaves[f"{g}.{k}"] = _Leaf({"value": spec["default"], "cite": [cite]}, model.DefinedIn(root.data["id"]), root, ("rules",), -1)
    return []


def _known_sources(chain: list[Located]) -> dict[str, Source]:
    """The records a ruleset's citations may name: the shipped registry, then, file by file from the root of
    the chain, the ``sources.yaml`` beside it and the records it gives inline (the nearer wins)."""
    known = dict(sources())
    for doc in chain:
        known.update(sources_beside(Path(doc.file)))
        known.update((sid, source_from(sid, e)) for item in doc.data.get("sources", []) if isinstance(item, dict)
                     for sid, e in item.items())
    return known


def sources_for(path: Path) -> dict[str, Source]:
    """Every record a ruleset file's citations may name."""
    return _known_sources(_chain(path))


def _listed(doc: Located) -> list[str]:
    """The ids of the sources a file says it follows, inline records included."""
    return [item if isinstance(item, str) else next(iter(item)) for item in doc.data.get("sources", [])]


def _check_listed(chain: list[Located], known: dict[str, Source]) -> list[Problem]:
    return [doc.problem(("sources", i), _unknown_source(sid, known))
            for doc in chain for i, sid in enumerate(_listed(doc)) if sid not in known]


def _unknown_source(sid: str, known: dict[str, Source]) -> Message:
    return msg("unknown-source", "unknown source {source}{hint}", source=echo(sid), hint=did_you_mean(sid, list(known)))


def _check_citation(doc: Located, at: tuple[str | int, ...], cite: dict[str, Any],
                    known: dict[str, Source]) -> list[Problem]:
    src = cite["source"]
    if src not in known:
        return [doc.problem(at + ("source",), _unknown_source(src, known))]
    problems = []
    if cite["attestation"] in ("stated", "secondary") and known[src].public_domain and not cite.get("quote"):
        problems.append(doc.problem(at, msg("quote-needed", "a value stated by a public-domain source needs a short "
                                            "quote") if cite["attestation"] == "stated" else msg(
            "quote-needed-reported", "a value reported by a public-domain source needs a short quote")))
    if cite["attestation"] in ("reconstructed", "disputed", "unstated") and not cite.get("note"):
        problems.append(doc.problem(at, msg("note-needed", "an {attestation} citation must say why, in a note",
                                            attestation=echo(cite['attestation']))))
    return problems


def _check_citations(leaves: dict[str, _Leaf], top: Located, known: dict[str, Source]) -> list[Problem]:
    problems = []
    if "inherit_cite" in top.data:
        problems += _check_citation(top, ("inherit_cite",), top.data["inherit_cite"], known)
    for path, leaf in leaves.items():
        for i, cite in enumerate(leaf.raw["cite"]):
            problems += _check_citation(leaf.doc, leaf.at + ("cite", i), cite, known)
            problems += _check_bears_out(path, leaf, leaf.at + ("cite", i, "bears_out"), cite.get("bears_out", ()))
    return problems


def _check_bears_out(path: str, leaf: _Leaf, at: tuple[str | int, ...], values: list[Any]) -> list[Problem]:
    """Each value a passage is said to bear out must be one the rule can take."""
    group, key = path.split(".")
    check = validator("ruleset").evolve(schema=rule_leaves()[group][key]["properties"]["value"])
    return [leaf.doc.problem(at + (i,), msg("not-a-value", "{value} is not a value of {rule}: {why}", value=echo(value),
                                            rule=path, why=said))
            for i, value in enumerate(values) for error in list(check.iter_errors(value))[:1]
            for _, said in schema_messages(error)[:1]]


def _value(leaves: dict[str, _Leaf], path: str) -> Any:
    return leaves[path].raw["value"]


def _check_semantics(leaves: dict[str, _Leaf]) -> list[Problem]:
    """Consistency that JSON Schema cannot state, and what the engine needs to deal and play.

    A check that relates several leaves is blamed on the one written last:
    a child that changes the hand blames its own file, not the installed
    parent whose exchange limits no longer fit.
    """
    v = lambda p: _value(leaves, p)  # noqa: E731

    def blame(*paths: str) -> _Leaf:
        return max((leaves[p] for p in paths), key=lambda leaf: leaf.order)

    problems = []
    ranks = v("deck.ranks")
    if v("deck.size") != 4 * len(ranks):
        problems.append(blame("deck.size", "deck.ranks").problem(
            msg("pack-ranks", "a pack of {size} needs {ranks} ranks a suit, deck.ranks has {given}", size=v('deck.size'),
                ranks=v('deck.size') // 4, given=len(ranks))))
    if 2 * v("deal.hand") + v("deal.talon") != v("deck.size"):
        problems.append(blame("deal.talon", "deal.hand", "deck.size").problem(
            msg("deal-sum", "2 x hand ({hand}) + talon ({talon}) must equal the deck size ({size})", hand=v('deal.hand'),
                talon=v('deal.talon'), size=v('deck.size'))))
    uneven = [p for p in v("deal.packets") if v("deal.hand") % p]
    if uneven:
        problems.append(blame("deal.packets", "deal.hand").problem(
            msg("packets", "packets of {packets} do not divide a hand of {hand} (deal.hand): a hand is dealt in whole "
                "packets", packets=tuple(uneven), hand=v('deal.hand'))))
    if v("exchange.elder_max") > v("deal.talon"):
        problems.append(blame("exchange.elder_max", "deal.talon").problem(
            msg("elder-max", "the elder may take {most} cards (exchange.elder_max), more than the talon of {talon} "
                "holds (deal.talon)", most=v('exchange.elder_max'), talon=v('deal.talon'))))
    for lo, hi in (("exchange.elder_min", "exchange.elder_max"),):
        if v(lo) > v(hi):
            problems.append(blame(lo, hi).problem(msg("larger", "{lo} ({low}) is larger than {hi} ({high})", lo=lo, low=v(lo),
                                                           hi=hi, high=v(hi))))
    for path in ("carte_blanche.excludes", "play.counting_ranks", "play.winning_ranks", "play.first_lead_ranks"):
        stray = [r for r in v(path) or () if r not in ranks]
        if stray:
            problems.append(blame(path, "deck.ranks").problem(msg("stray-ranks", "ranks not in the pack: {ranks}",
                                                                                ranks=tuple(stray))))
    if v("sets.lowest_rank") not in ranks:
        problems.append(blame("sets.lowest_rank", "deck.ranks").problem(
            msg("rank-not-in-pack", "rank {rank} is not in the pack", rank=v('sets.lowest_rank'))))
    missing = [r for r in ranks if r not in v("point.card_values")]
    if missing:
        problems.append(blame("point.card_values", "deck.ranks").problem(msg("no-rank-value", "no value for ranks {ranks}",
                                                                                           ranks=tuple(missing))))
    lengths = [str(n) for n in range(v("sequences.min_length"), len(ranks) + 1)]
    absent = [n for n in lengths if n not in v("sequences.scores")]
    if absent:
        problems.append(blame("sequences.scores", "sequences.min_length", "deck.ranks").problem(
            msg("no-sequence-score", "no score for sequences of length {lengths}", lengths=tuple(absent))))
    if v("point.value_rounds_up_at") > v("point.value_step"):
        problems.append(blame("point.value_rounds_up_at", "point.value_step").problem(
            msg("remainder", "a remainder of {remainder} cannot occur within a step of {step}",
                remainder=v('point.value_rounds_up_at'), step=v('point.value_step'))))
    if v("game.end") == "deals" and len(v("game.deal_multipliers")) != v("game.deals"):
        problems.append(blame("game.deal_multipliers", "game.deals", "game.end").problem(
            msg("multipliers", "{count} multipliers for a partie of {deals} deals", count=len(v('game.deal_multipliers')),
                deals=v('game.deals'))))
    problems += _check_chouette(leaves, blame)
    return problems


def _check_chouette(leaves: dict[str, _Leaf], blame: typing.Callable[..., _Leaf]) -> list[Problem]:
    """A sitting of three is described in full or not at all, and its rounding falls within its step."""
    paths = [f"chouette.{f.name}" for f in fields(model.Chouette)]
    given = [p for p in paths if _value(leaves, p) is not None]
    if given and len(given) != len(paths):
        absent = [p for p in paths if p not in given]
        return [blame(*paths).problem(msg("chouette-in-part", "chouette is given in part: {absent} null, {given} not "
                                          "(give them all, or none)", absent=tuple(absent), given=tuple(given)))]
    if given and _value(leaves, "chouette.rounds_up_above") >= _value(leaves, "chouette.partie_step"):
        return [blame("chouette.rounds_up_above", "chouette.partie_step").problem(
            msg("chouette-rounding", "units above {above} cannot occur within a step of {step} (chouette.partie_step)",
                above=_value(leaves, 'chouette.rounds_up_above'), step=_value(leaves, 'chouette.partie_step')))]
    return []


def _ranks(keys: list[str]) -> tuple[int, ...]:
    return tuple(RANK_KEYS.index(k) for k in keys)


def _by_index(mapping: dict[str, int], keys: typing.Iterable[str], index: typing.Callable[[str], int],
              size: int) -> tuple[int, ...]:
    out = [0] * size
    for k in keys:
        out[index(k)] = mapping[k]
    return tuple(out)


def _convert(path: str, value: Any) -> Any:
    """Ruleset terms to engine terms: rank keys to indices, maps to tuples."""
    if path in ("deck.ranks", "carte_blanche.excludes", "play.counting_ranks", "play.winning_ranks",
                "play.first_lead_ranks"):
        return None if value is None else _ranks(value)
    if path == "sets.lowest_rank":
        return RANK_KEYS.index(value)
    if path == "point.card_values":
        return _by_index(value, value, RANK_KEYS.index, len(RANK_KEYS))
    if path == "sequences.scores":
        return _by_index(value, value, int, len(RANK_KEYS) + 1)
    return tuple(value) if isinstance(value, list) else value


def engine_value(path: str, value: Any) -> Any:
    """A leaf's value in engine terms, from the ruleset terms it is written in (as in the YAML, or ``model.plain``).

    Public for what builds a ruleset that differs from a compiled one in a
    leaf or two (``attribution``), so the conversion is written once, here.
    """
    return _convert(path, value)


def _build(leaves: dict[str, _Leaf]) -> model.Rules:
    groups = {}
    for group_field in fields(model.Rules):
        cls = typing.get_type_hints(model.Rules)[group_field.name]
        values = {f.name: _convert(f"{group_field.name}.{f.name}", _value(leaves, f"{group_field.name}.{f.name}"))
                  for f in fields(cls)}
        groups[group_field.name] = cls(**values)
    return model.Rules(**groups)


def _citation(raw: dict[str, Any]) -> model.Citation:
    return model.Citation(source=raw["source"], locator=raw["locator"], attestation=raw["attestation"],
                          quote=raw.get("quote"), note=raw.get("note"),
                          bears_out=tuple(model.frozen(v) for v in raw.get("bears_out", ())))


def _citations(leaf: _Leaf, ruleset_id: str, inherit: dict[str, Any] | None) -> tuple[model.Citation, ...]:
    """The leaf's citations; a leaf taken from the parent also carries the child's reason for taking it.

    A child that gives no reason (no ``inherit_cite``) still never shows the
    parent's word as its own: the leaf is labelled inherited, under the
    parent's first source and locator.
    """
    own = tuple(_citation(c) for c in leaf.raw["cite"])
    parent = leaf.defined_in.ruleset
    if parent == ruleset_id:
        return own
    if inherit is None:
        first = own[0]
        return (model.Citation(source=first.source, locator=first.locator, attestation="inherited",
                               note=f"Taken unchanged from {parent}, which cites it so; this ruleset gives no "
                                    "reason why it holds here."),) + own
    return (_citation(inherit),) + own


def without_inherit_cite(path: Path) -> str | None:
    """The parent a ruleset file extends without saying why its rules hold (no ``inherit_cite``), if it does."""
    data = load_file(path).data
    if isinstance(data, dict) and "extends" in data and "inherit_cite" not in data:
        return str(data["extends"])
    return None


def compile_path(path: Path, options: tuple[tuple[str, str], ...] = ()) -> model.Ruleset:
    chain, leaves, chosen, options_spec = _gather(path, dict(options))
    known = _known_sources(chain)
    problems = (_fill_defaults(leaves, chain[0]) + _check_listed(chain, known)
                + _check_citations(leaves, chain[-1], known))
    if not problems:
        problems = _check_semantics(leaves)
    if problems:
        raise RulesetError(problems)
    top = chain[-1].data
    order = [f"{g}.{k}" for g, specs in rule_leaves().items() for k in specs]
    inherit = top.get("inherit_cite")
    entries = tuple(
        model.RuleEntry(path=p, value=model.frozen(leaves[p].raw["value"]),
                        citations=_citations(leaves[p], top["id"], inherit),
                        defined_in=leaves[p].defined_in, note=leaves[p].raw.get("note"))
        for p in order)
    opts = tuple(
        model.Option(name=name, description=spec.get("description", ""), default=spec["default"],
                     choices=tuple(model.OptionChoice(c, s.get("description", "")) for c, s in spec["choices"].items()))
        for name, (_, spec) in options_spec.items())
    srcs: list[str] = []
    for doc in chain:
        srcs += [s for s in _listed(doc) if s not in srcs]
    cited = srcs + [c.source for e in entries for c in e.citations]
    return model.Ruleset(id=top["id"], title=top["title"], title_fr=top.get("title_fr"),
                         description=top.get("description", ""), date=_date(chain, known),
                         date_note=top.get("date_note"), extends=top.get("extends"),
                         sources=tuple(srcs), rules=_build(leaves), entries=entries, options=opts,
                         chosen=tuple(chosen), file=str(path),
                         bibliography=tuple(known[s] for s in dict.fromkeys(cited)))


def _date(chain: list[Located], known: dict[str, Source]) -> Date | None:
    """When the rules were written or played: the nearest date the chain gives, the ruleset's own or its own first
    dated source's (a child of the 1651 rules speaks for Cotton's 1674, not for 1651)."""
    for doc in reversed(chain):
        if "date" in doc.data:
            return Date.parse(doc.data["date"])
        dated = [known[s].date for s in _listed(doc) if known[s].date is not None]
        if dated:
            return dated[0]
    return None


def load_ruleset(ruleset_id: str, options: tuple[tuple[str, str], ...] = ()) -> model.Ruleset:
    """A ruleset by id, the first found on the search path (``registry``)."""
    path = path_for(ruleset_id)
    options = tuple(sorted(options))
    return _load_shipped(ruleset_id, options) if is_shipped(path) else compile_path(path, options)


@lru_cache(maxsize=64)
def _load_shipped(ruleset_id: str, options: tuple[tuple[str, str], ...]) -> model.Ruleset:
    """A shipped ruleset, compiled once per set of options and kept on disk (``cache``) between runs."""
    return cached(ruleset_id, options, lambda: compile_path(path_for(ruleset_id), options))
