"""The JSON Schemas, and validation that names the file, line and JSON path.

Errors are turned into ``Problem`` objects positioned with the marks the
located loader recorded.  Unknown keys and bad enum values get a
"did you mean …?" from the names the schema allows, as check-jsonschema and
cibuildwheel do.
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import json
from collections.abc import Callable, Iterator
from functools import cache
from itertools import islice
from importlib import resources
from typing import TYPE_CHECKING, Any, cast

from ..cards import parse_card
from ..errors import MAX_PROBLEMS, CardError, Message, PiquetError, Problem, ProblemsError, Word, echo, msg
from .formats import renamed
from ..located import Located, LoadFailure, caret, load_text, read_source

if TYPE_CHECKING:
    import jsonschema


@cache
def schema(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"{name}.schema.json").read_text("utf-8")
    return json.loads(text)


@cache
def validator(name: str) -> jsonschema.protocols.Validator:
    """Imported here, not at start-up: a replay of a notation file under shipped (cached) rulesets never
    validates JSON, and importing jsonschema is about a tenth of such a command."""
    import jsonschema
    from referencing import Registry, Resource
    s = schema(name)
    draft = jsonschema.validators.validator_for(s)
    # JSON Schema counts 1.0 as an integer; the engine counts with it, indexes with it and prints it, so a
    # whole number must be written as one.
    integers = draft.TYPE_CHECKER.redefine("integer", lambda _, value: type(value) is int)
    cls = jsonschema.validators.extend(draft, type_checker=integers, validators={
        "enum": _enum, "items": _unless_too_many(draft.VALIDATORS["items"], "maxItems"),
        "additionalProperties": _unless_too_many(draft.VALIDATORS["additionalProperties"], "maxProperties")})
    formats = copy.copy(draft.FORMAT_CHECKER)
    formats.checkers = dict(formats.checkers)
    formats.checks("card", raises=CardError)(_is_card)
    # A ruleset's inline sources are checked by the sources schema itself, found by its $id.
    registry: Registry = Registry().with_resources(
        (schema(other)["$id"], Resource.from_contents(schema(other))) for other in ("ruleset", "sources"))
    return cls(s, registry=registry, format_checker=formats)


def _unless_too_many(check: Any, bound: str) -> Any:
    """A keyword that checks each item (or each property) skipped where there are more than ``bound`` allows: the
    whole is refused as too long, and 190,000 items each checked would be 190,000 messages (and seconds)."""
    def checked(validator: Any, value: Any, instance: Any, schema: dict[str, Any]) -> Any:
        if bound in schema and isinstance(instance, (list, dict)) and len(instance) > schema[bound]:
            return ()
        return check(validator, value, instance, schema)
    return checked


def _enum(validator: Any, choices: list[Any], instance: Any, schema: Any) -> Iterator[jsonschema.ValidationError]:
    """``enum``, where a choice must be matched in type as well as value: 2.0 is not the packet size 2, nor true 1."""
    if not any(type(instance) is type(choice) and instance == choice for choice in choices):
        from jsonschema import ValidationError
        yield ValidationError(f"{echo(instance)} is not one of {echo(choices)}")


def _is_card(value: object) -> bool:
    """The format ``card``: a card as ``cards.parse_card`` reads it in either language, or "?" (unknown)."""
    if isinstance(value, str) and value != "?":
        parse_card(value)
    return True


def did_you_mean(word: str, choices: list[str]) -> Message | str:
    """"; did you mean 'x'?" of the nearest choice, or nothing where none is near."""
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return msg("did-you-mean", "; did you mean {choice}?", choice=repr(close[0])) if close else ""


def _leaf_error(err: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """The most specific error under a oneOf/anyOf, which names the real fault."""
    if err.context:
        from jsonschema.exceptions import best_match
        return _leaf_error(best_match(err.context))
    return err


def _hint(path: tuple[str | int, ...], key: str, allowed: list[str]) -> Message | str:
    """The new name of a key renamed since an older format, else the nearest allowed key."""
    was = renamed(path, key) if isinstance(key, str) else None
    return was.hint() if was is not None else did_you_mean(key, allowed)


_JSON_TYPES = {dict: Word("a map"), list: Word("a list"), str: Word("text"), bool: Word("true or false"),
               int: Word("a whole number"), float: Word("a number with a fraction"), type(None): Word("nothing")}
#: A JSON Schema type, in words.
_TYPE_WORDS = {"object": Word("a map"), "array": Word("a list"), "string": Word("text"),
               "boolean": Word("true or false"), "integer": Word("a whole number"), "number": Word("a number"),
               "null": Word("nothing")}


def _either(words: list[Word]) -> Message:
    """Kinds of value, the last joined by "or"."""
    if len(words) == 1:
        return msg("word", "{word}", word=words[0])
    return msg("either", "{some} or {last}", some=tuple(words[:-1]), last=words[-1])


def _found(instance: Any) -> Word | str:
    return _JSON_TYPES.get(type(instance), type(instance).__name__)


def schema_messages(err: jsonschema.ValidationError, most: int = MAX_PROBLEMS) -> list[tuple[tuple[str | int, ...], Message]]:
    """The error's problems, each with its path; at most ``most`` + 1 of them (one object's unknown keys are one
    error, and may be a hundred thousand).  Each is said from the validator's keyword and its values, not from
    jsonschema's English."""
    path = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        return _unknown_keys(err, path, most)
    if err.validator in ("oneOf", "anyOf"):
        leaf = _leaf_error(err)
        if leaf is not err:
            return schema_messages(leaf, most)
    return [(path, _said_of(err))]


def _unknown_keys(err: jsonschema.ValidationError, path: tuple[str | int, ...],
                  most: int) -> list[tuple[tuple[str | int, ...], Message]]:
    allowed = sorted(err.schema.get("properties", {}))
    known = set(allowed)
    extra = list(islice((k for k in err.instance if k not in known), most + 1))
    if allowed:
        return [(path + (k,), msg("unknown-key", "unknown key {key}{hint}", key=repr(k), hint=_hint(path, k, allowed)))
                for k in extra]
    return [(path + (k,), msg("no-keys", "no key {key} is allowed here", key=repr(k))) for k in extra]


def _said_of(err: jsonschema.ValidationError) -> Message:
    """One error's message, from its keyword and its values."""
    if err.validator == "enum":
        return _not_a_choice(err)
    if err.validator == "type":
        wanted = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        expected = _either([_TYPE_WORDS.get(str(w), Word(str(w))) for w in wanted])
        return msg("type", "expected {expected} here, not {found}: {value}", expected=expected,
                   found=_found(err.instance), value=echo(err.instance))
    if err.validator == "format" and isinstance(err.cause, PiquetError):
        return err.cause.message
    if err.validator == "required":
        missing = [k for k in err.validator_value if isinstance(err.instance, dict) and k not in err.instance]
        key = next((k for k in missing if err.message.startswith(repr(k))), missing[0] if missing else "")
        return msg("required", "{key} is required", key=repr(key))
    if err.validator in _BOUNDS:
        return _bound(err)
    if err.validator == "pattern":
        form = err.schema.get("description")
        if form:
            return msg("pattern-described", "{value} does not have the form needed here: {form}",
                       value=echo(err.instance), form=form)
        return msg("pattern", "{value} does not have the form needed here", value=echo(err.instance))
    return _other(err)


def _not_a_choice(err: jsonschema.ValidationError) -> Message:
    choices = tuple(str(c) for c in err.validator_value)
    found = _JSON_TYPES.get(type(err.instance))
    kinds = sorted({_JSON_TYPES[type(c)] for c in err.validator_value}, key=lambda w: w.text)
    if found not in kinds:  # '3' for 3: the choice is right, its type is not
        return msg("enum-type", "{value} is {found}; expected {kinds}, one of {choices}", value=echo(err.instance),
                   found=found or Word("this"), kinds=_either(kinds), choices=choices)
    hint = did_you_mean(err.instance, list(choices)) if isinstance(err.instance, str) else ""
    return msg("enum", "{value} is not one of {choices}{hint}", value=echo(err.instance), choices=choices, hint=hint)


#: The keywords that bound a value, a length or a count, and what each says of the value it refuses.
_BOUNDS = {
    "minimum": ("minimum", "{value} is less than the minimum of {bound}"),
    "maximum": ("maximum", "{value} is greater than the maximum of {bound}"),
    "exclusiveMinimum": ("exclusive-minimum", "{value} is less than or equal to the minimum of {bound}"),
    "exclusiveMaximum": ("exclusive-maximum", "{value} is greater than or equal to the maximum of {bound}"),
    "maxItems": ("max-items", "{count} items, where at most {bound} are allowed"),
    "minItems": ("min-items", "{count} items, where at least {bound} are needed"),
    "maxProperties": ("max-keys", "{count} keys, where at most {bound} are allowed"),
    "minProperties": ("min-keys", "{count} keys, where at least {bound} are needed"),
    "maxLength": ("max-length", "{value} is longer than {bound} characters"),
    "minLength": ("min-length", "{value} is shorter than {bound} characters"),
}


def _bound(err: jsonschema.ValidationError) -> Message:
    kind, template = _BOUNDS[str(err.validator)]
    count = len(err.instance) if isinstance(err.instance, (list, dict, str)) else 0
    return msg(kind, template, value=echo(err.instance), bound=err.validator_value, count=count)


def _other(err: jsonschema.ValidationError) -> Message:
    """The keywords no other branch says, each from its values."""
    value = echo(err.instance)
    match err.validator:
        case "const":
            return msg("const", "{value} is not allowed here: the value here is {const}", value=value,
                       const=echo(err.validator_value))
        case "uniqueItems":
            return msg("unique", "{value} holds an item twice, where each is given once", value=value)
        case "contains":
            return msg("contains", "{value} holds no item of the kind needed here", value=value)
        case "dependentRequired" if isinstance(err.instance, dict):
            key, needed = next(((k, [d for d in v if d not in err.instance]) for k, v in err.validator_value.items()
                                if k in err.instance and any(d not in err.instance for d in v)), ("", []))
            return msg("dependent", "{needed} is needed beside {key}", key=repr(key), needed=tuple(map(repr, needed)))
        case "not" | "oneOf" | "anyOf" | "allOf" | "if" | "then" | "else" | "propertyNames" | "false":
            return msg("invalid", "{value} is not valid here", value=value)
        case _:
            return msg("schema-keyword", "{value} is not valid here ({keyword})", value=value,
                       keyword=str(err.validator))


#: The schemas checked first by jsonschema-rs, where it is installed: a record is read as often as a corpus is
#: replayed, and the Python validator was nineteen twentieths of reading a JSON record.
_FAST = ("record",)


@cache
def _fast(name: str) -> Callable[[Any], bool] | None:
    """jsonschema-rs's compiled validator for ``name`` (a Rust build of the same JSON Schema rules, some thirty
    times faster), or None where it is not installed or the schema is not one it checks first."""
    if name not in _FAST:
        return None
    try:
        import jsonschema_rs
    except ImportError:
        return None

    def card(value: str) -> bool:
        try:
            return _is_card(value)
        except CardError:
            return False
    return cast(Callable[[Any], bool], jsonschema_rs.validator_for(schema(name), formats={"card": card},
                                                                   validate_formats=True).is_valid)


def _has_float(value: Any) -> bool:
    """Whether a document holds a number with a fraction or an exponent (``2.0``): JSON Schema counts it an
    integer, and a value of an enum of integers, where this tool's validator does not."""
    if isinstance(value, dict):
        return any(_has_float(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_float(v) for v in value)
    return isinstance(value, float)


def validate(doc: Located, name: str, most: int = MAX_PROBLEMS) -> list[Problem]:
    """The document's problems, in the order of the file; past ``most``, the checking stops and says so.

    A document the fast validator finds valid, and that holds no fraction, has
    none; any other is checked by the Python validator, whose messages name
    each problem.
    """
    fast = _fast(name)
    if fast is not None and fast(doc.data) and not _has_float(doc.data):
        return []
    problems: list[Problem] = []
    errors = validator(name).iter_errors(doc.data)
    more = False
    for err in errors:
        problems += [doc.problem(path, message) for path, message in schema_messages(err, most - len(problems))]
        if len(problems) >= most:
            more = len(problems) > most or next(errors, None) is not None
            del problems[most:]
            break
    problems.sort(key=lambda p: (p.line, p.column, p.path))
    if more:
        last = problems[-1]
        problems.append(Problem(last.file, last.line, last.column, "", msg(
            "more-problems", "more problems follow: the checking stops after {count}, and the rest of the file is not "
            "checked", count=len(problems))))
    return problems


def rule_leaves() -> dict[str, dict[str, dict[str, Any]]]:
    """The rule groups and their leaf schemas, as the ruleset schema defines them."""
    groups = schema("ruleset")["$defs"]["rules"]["properties"]
    return {g: spec["properties"] for g, spec in groups.items()}


def load_validated(path: Any, name: str, error: type[ProblemsError]) -> Located:
    """Load a YAML/JSON file safely and validate it, raising ``error`` with every problem found."""
    try:
        text = read_source(path)
    except LoadFailure as exc:
        raise error([exc.problem]) from None
    return text_validated(text, str(path), name, error)


def text_validated(text: str, file: str, name: str, error: type[ProblemsError]) -> Located:
    """YAML/JSON text (a file's, or standard input's) loaded safely and validated, as ``load_validated``."""
    try:
        doc = load_text(text, file)
    except LoadFailure as exc:
        raise error([exc.problem]) from None
    problems = validate(doc, name)
    if problems:  # each shown at its line, with a caret: the text is at hand here, and kept by no document
        lines = text.splitlines()
        raise error([p if p.excerpt else dataclasses.replace(p, excerpt=caret(lines, p.line, p.column))
                     for p in problems])
    return doc
