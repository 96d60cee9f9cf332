"""Parse a generated corpus of 10,000 deals in the notation; print deals/s and MB/s, beside Lark's LALR on JSON.

    python benchmarks/parse.py [N]

The deals are random but legal (the engine plays them), written by the
canonical writer, so the corpus is what the reader sees in practice.  The
comparison parses the same records as JSON with Lark's own LALR JSON grammar.
"""

from __future__ import annotations

import json
import random
import sys
import time

from lark import Lark

from piquet_variants.cards import mask_names
from piquet_variants.engine.deal import ELDER, YOUNGER, Deal, Phase, random_dealt
from piquet_variants.notation.reader import read_text
from piquet_variants.notation.writer import write
from piquet_variants.ruleset.compiler import load_ruleset

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


def _record(rules, rng: random.Random) -> dict:
    dealt = random_dealt(rules, rng)
    deal = Deal(rules, dealt)
    talon = [mask_names(1 << c)[0] for c in dealt.talon]
    while deal.phase != Phase.PLAY:
        deal.apply(deal.sample_action(rng))
    deal.play_out(rng)
    tricks = [mask_names(1 << lead) + mask_names(1 << follow) for _, lead, follow in deal.tricks]
    return {"players": ["A", "B"], "lang": "en",
            "deals": [{"dealer": "B", "hands": {"elder": mask_names(dealt.elder), "younger": mask_names(dealt.younger)},
                       "talon": talon,
                       "exchange": {r: {"discard": mask_names(deal.discards[i])} for i, r in
                                    ((ELDER, "elder"), (YOUNGER, "younger"))},
                       "tricks": tricks}]}


def main(n: int = 10_000) -> None:
    rules = load_ruleset("cavendish-rubicon").rules
    rng = random.Random(1)
    records = [_record(rules, rng) for _ in range(n)]
    texts = [write(r) for r in records]
    size = sum(len(t.encode()) for t in texts) / 1e6
    read_text(texts[0])  # compile (or load the cached) grammar before timing
    t0 = time.perf_counter()
    for t in texts:
        read_text(t)
    notation = time.perf_counter() - t0
    jsons = [json.dumps(r) for r in records]
    jsize = sum(len(j.encode()) for j in jsons) / 1e6
    lark_json = Lark(JSON_GRAMMAR, start="value", parser="lalr")
    t0 = time.perf_counter()
    for j in jsons:
        lark_json.parse(j)
    lj = time.perf_counter() - t0
    print(f"notation: {n} deals, {size:.2f} MB in {notation:.2f} s: {n / notation:,.0f} deals/s, "
          f"{size / notation:.2f} MB/s (parse and build the record)")
    print(f"lark LALR JSON (tree only): {jsize:.2f} MB in {lj:.2f} s: {n / lj:,.0f} deals/s, {jsize / lj:.2f} MB/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
