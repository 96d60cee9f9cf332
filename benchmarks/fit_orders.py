"""How far the fit's order alone moves the learned player: the same kept choices fitted in several orders.

    python benchmarks/fit_orders.py CHOICES ORDERS OUT

CHOICES is a folder of rounds the training script kept (``--choices``), read
in the order of their names, each deal played again so that its choices are
described by the features of the code that runs (``training.refeatured``):
a new feature is fitted here in minutes, the search's values kept, where
noting the choices again takes the search some six minutes a thousand deals
on two processes.  ORDERS is the
number of orders (1 to 64).  Writes
``OUT/order-1.json`` to ``OUT/order-N.json``, the weights fitted in the order
drawn from each seed 1 to N (order 1 is the training script's own under
``--seed 1``, so that with the shipped command's choices its file is the
shipped one), and ``OUT/mean.json``, each weight the mean of the N.  Each is
matched against the shipped weights by ``duel.py``:
``PIQUET_WEIGHTS=OUT/order-2.json python benchmarks/duel.py duel:Weighed learned 10000 cavendish-rubicon 2 3``.
A gain that one fit of each weights shows against another is a gain only
where it is larger than the orders' spread.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from piquet_variants.players.training import RULESET, Noted, read_noted, refeatured, weights_text
from piquet_variants.ruleset.compiler import load_ruleset


def _mean(values: list[object]) -> object:
    """The mean of alike JSON values, weight by weight."""
    first = values[0]
    if isinstance(first, dict):
        return {k: _mean([v[k] for v in values]) for k in first}  # type: ignore[index]
    if isinstance(first, list):
        return [_mean([v[i] for v in values]) for i in range(len(first))]  # type: ignore[index]
    return round(sum(values) / len(values), 4)  # type: ignore[arg-type]


def main(folder: Path, orders: int, out: Path) -> None:
    rounds = sorted(folder.glob("round-*.json"))
    if not rounds:
        raise SystemExit(f"{folder}: no round-*.json (the training script's --choices folder)")
    if not 1 <= orders <= 64:
        raise SystemExit(f"{orders}: the orders must be 1 to 64")
    noted: list[Noted] = []
    for path in rounds:
        noted += read_noted(path)
    choices = refeatured(load_ruleset(RULESET).rules, noted)
    out.mkdir(parents=True, exist_ok=True)
    fitted = []
    for seed in range(1, orders + 1):
        start = time.perf_counter()
        text = weights_text(choices, seed, {"choices": str(folder), "order": seed})
        (out / f"order-{seed}.json").write_text(text, encoding="utf-8")
        fitted.append(json.loads(text))
        print(f"order {seed}: {time.perf_counter() - start:.0f} s", file=sys.stderr)
    mean = dict(fitted[0], order=f"the mean of 1 to {orders}")
    for kind, weights in fitted[0].items():
        if isinstance(weights, dict):  # the weights (the header's values are plain)
            mean[kind] = _mean([f[kind] for f in fitted])
    (out / "mean.json").write_text(json.dumps(mean, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 4 or not sys.argv[2].isdigit():
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3]))
