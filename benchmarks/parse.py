"""Read a generated corpus of deals in the notation; print deals/s beside Lark's LALR on the same records as JSON.

    python benchmarks/parse.py [N]

The deals are random but legal (the engine plays them), written by the
canonical writer, so the corpus is what the reader sees in practice.  Each
deal is read whole (parse and record), by lark-cython's parser where it is
installed and by Lark's own pure-Python parser, and the same records are
parsed as JSON by Lark's own LALR JSON grammar (tree only).  The machine is
shared and its load varies by the minute, so the passes are interleaved over
several rounds and each figure is the best round's; the ratios are of figures
taken in the same run.

Then one file of K records and one of 2K are read whole: the time should grow
no faster than the size (a ratio of at most 2.2).

Each pass lets each result go as it reads the next, and the corpus's source
records are dropped before the timing: kept alive, 10,000 results and their
sources make a heap that every garbage collection walks, a cost of the
benchmark and not of the reader.  Kept in a list, the same corpus reads at
about 2,700 deals/s with the compiled reader, and Lark's JSON at half its
speed (3.5x).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable

from lark import Lark

from piquet_variants.cards import mask_names
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Phase, random_dealt
from piquet_variants.notation import parser
from piquet_variants.notation.reader import records as notation_records
from piquet_variants.notation.writer import write, write_all
from piquet_variants.records.data import record_of
from piquet_variants.ruleset.compiler import load_ruleset
from piquet_variants.ruleset.model import Rules
from piquet_variants.players.random_player import finish_randomly

JSON_GRAMMAR = r"""
?value: object | array | string | SIGNED_NUMBER | "true" | "false" | "null"
array: "[" [value ("," value)*] "]"
object: "{" [pair ("," pair)*] "}"
pair: string ":" value
string: ESCAPED_STRING
%import common.ESCAPED_STRING
%import common.SIGNED_NUMBER
%import common.WS
%ignore WS
"""
ROUNDS = 5


def random_record(rules: Rules, rng: random.Random) -> dict:
    dealt = random_dealt(rules, rng)
    deal = Deal(rules, dealt)
    talon = [mask_names(1 << c)[0] for c in dealt.talon]
    while deal.phase != Phase.PLAY:
        deal.apply(deal.sample_action(rng))
    finish_randomly(deal, rng)
    tricks = [mask_names(1 << lead) + mask_names(1 << follow) for _, lead, follow in deal.tricks]
    return {"players": ["A", "B"], "lang": "en",
            "deals": [{"dealer": "B", "hands": {"elder": mask_names(dealt.elder), "younger": mask_names(dealt.younger)},
                       "talon": talon,
                       "exchange": {r: {"discard": mask_names(deal.discards[i])} for i, r in
                                    ((ELDER, "elder"), (YOUNGER, "younger"))},
                       "tricks": tricks}]}


def _one(text: str) -> object:
    """A text's one record, as the notation's reader gives it."""
    return next(notation_records([text]))


def _each(read: Callable[[str], object], texts: list[str]) -> None:
    """Read each text, and let each result go as the next is read, as a reader of a corpus does (replays a record,
    then the next): results kept in a list grow the heap that each collection walks, and the measure with it."""
    for text in texts:
        read(text)


def _best(passes: dict[str, Callable[[], None]]) -> dict[str, float]:
    """Each pass's best time over the rounds, the passes taking turns within each round."""
    best = dict.fromkeys(passes, float("inf"))
    for _ in range(ROUNDS):
        for name, run in passes.items():
            t0 = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - t0)
    return best


def _with_parser(fast: bool, run: Callable[[], object]) -> Callable[[], None]:
    def timed() -> None:
        if fast:
            os.environ.pop("PIQUET_VARIANTS_PURE_PARSER", None)
        else:
            os.environ["PIQUET_VARIANTS_PURE_PARSER"] = "1"
        run()
    return timed


def main(n: int = 10_000) -> None:
    rules = load_ruleset("cavendish-rubicon").rules
    rng = random.Random(1)
    records = [random_record(rules, rng) for _ in range(n)]
    texts = [write(record_of(r)) for r in records]
    jsons = [json.dumps(r) for r in records]
    size, jsize = sum(len(t.encode()) for t in texts) / 1e6, sum(len(j.encode()) for j in jsons) / 1e6
    lark_json = Lark(JSON_GRAMMAR, start="value", parser="lalr")
    fast = parser.accelerated()
    k = min(500, n // 2)
    one, two = write_all(map(record_of, records[:k])), write_all(map(record_of, records[:2 * k]))
    del records  # the corpus's own dicts, alive, would be walked by every collection the passes trigger
    passes = {"pure": _with_parser(False, lambda: _each(_one, texts))}
    if fast:
        passes["fast"] = _with_parser(True, lambda: _each(_one, texts))
    passes["json"] = lambda: _each(lark_json.parse, jsons)
    parser.parser(False)  # compile (or load the cached) grammars before timing
    if fast:
        parser.parser(True)
    best = _best(passes)
    os.environ.pop("PIQUET_VARIANTS_PURE_PARSER", None)
    print(f"{n} deals, {size:.2f} MB as notation, {jsize:.2f} MB as JSON; best of {ROUNDS} interleaved rounds")
    for name, label in (("fast", "notation, lark-cython"), ("pure", "notation, pure Python")):
        if name in best:
            t = best[name]
            print(f"{label}: {n / t:,.0f} deals/s, {size / t:.2f} MB/s (parse and build the record), "
                  f"{best['json'] / t:.1f}x Lark's JSON")
    print(f"lark LALR JSON (tree only): {n / best['json']:,.0f} deals/s, {jsize / best['json']:.2f} MB/s")

    sizes = _best({"1x": lambda: list(notation_records([one], "1x")), "2x": lambda: list(notation_records([two], "2x"))})
    print(f"one file of {k} records ({len(one) / 1e6:.2f} MB): {sizes['1x']:.3f} s; of {2 * k} records: "
          f"{sizes['2x']:.3f} s ({2 * k / sizes['2x']:,.0f} deals/s, the reader in one call); "
          f"ratio {sizes['2x'] / sizes['1x']:.2f} (linear: 2)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
