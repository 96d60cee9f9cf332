"""Fit the weights of the fitted discard (``fitted_discard``) to a discard search's values: a deterministic script.

    python -m piquet_variants.players.discard_training [--deals N] [--samples K] [--seed S] [--jobs J]
                                                       [--positions FILE] [--out FILE]

It deals ``N`` deals under the club laws (each from its own seeds, as
``players.training`` deals them), lets the plain player with the book's discard
(``learned+blind+quick+book``) play both seats, and at each discard notes the
position: the hand, the cards he may put out, and the candidates of the option
``aim`` (``discard_to_score.aims``, the book's first), each valued by the
deal's points (his less the other's) averaged over ``K`` deals drawn from what
he sees, each played out after every candidate by the book's player
(``cavendish``) in both seats, the same draws for every candidate
(``discard_to_score.played_out``: the search of ``aim``, valued by
the points).  A position with one candidate is not noted.  ``--positions FILE``
keeps the positions (plain JSON, one a line), read where the file exists, so
that the fit can be run again without the search.

Then it fits the weights of a softmax over each position's candidates
(``training.fit``, as the card weights are fitted: each candidate counted
right by how near the best it comes, each position weighed by what a
candidate other than the best costs there) and prints, on the last fifth of
the deals held out of a first fit, what the weights' choice is worth over the
book's there, in points of the deal, beside the best candidate's worth (which
the noise of the draws flatters).  The weights shipped (``fitted_discard.json``):

    python -m piquet_variants.players.discard_training --deals 5000 --samples 128 --seed 1 --jobs 1

The target is the search's values alone; nothing here reads Cavendish's worked
discards or figures, which are the test of the result.
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from ..engine.deal import Phase
from ..ruleset.compiler import load_ruleset
from ..ruleset.model import Rules
from .cavendish import CavendishPlayer
from .discard_to_score import aims, played_out
from .fitted_discard import NAMES, WEIGHTS, best_of, features, parse_weights
from .learned import LearnedPlayer
from .table import play
from .training import RULESET, Choice, _dealt, _within, check_kept, fit, read_kept, write_kept
from .view import Legal, View

#: The share of the deals, the last ones, held out of the first fit to measure the weights on.
HELD_OUT = 5


@dataclass(frozen=True)
class Position:
    """One discard: the deal's number, the role, the hand discarded from, the most cards he may put out, and each
    candidate (the book's first) with the search's value of it (the deal's points, his less the other's, averaged
    over its drawn deals)."""

    deal: int
    role: int
    hand: int
    most: int
    candidates: tuple[int, ...]
    values: tuple[float, ...]


class _Recorder:
    """Notes each discard's candidates and their values; plays as the plain player."""

    def __init__(self, seed: int, index: int, samples: int, out: list[Position]):
        self.plain = LearnedPlayer(random.Random(0), frozenset({"blind", "quick", "book"}))
        self.book = CavendishPlayer(random.Random(0))
        self.seed, self.index, self.samples = seed, index, samples
        self.out = out

    def choose(self, view: View, legal: Legal) -> int:
        if legal.phase == Phase.EXCHANGE:
            candidates = aims(view, legal)
            if len(candidates) > 1:
                rng = random.Random(f"{self.seed}:{self.index}:{view.role}:draws")
                values = []
                for row in played_out(view, legal, candidates, self.book, rng, self.samples):
                    total = 0.0
                    for score in row:
                        total += score.totals[view.role] - score.totals[1 - view.role]
                    values.append(round(total / max(len(row), 1), 3))
                self.out.append(Position(self.index, view.role, legal.hand, legal.take[1] + legal.excess,
                                         tuple(candidates), tuple(values)))
        return self.plain.choose(view, legal)


def noted_deal(rules: Rules, seed: int, index: int, samples: int) -> list[Position]:
    """The discards of one deal, both seats, from the deal's own seeds."""
    out: list[Position] = []
    recorder = _Recorder(seed, index, samples, out)
    play(_dealt(rules, seed, index), (recorder, recorder))
    return out


def generate(rules: Rules, deals: int, seed: int, samples: int, jobs: int) -> list[Position]:
    """The discards of deals 0 to ``deals - 1``, in turn: the same on any number of jobs."""
    if jobs <= 1:
        noted = [noted_deal(rules, seed, i, samples) for i in range(deals)]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            noted = list(pool.map(noted_deal, [rules] * deals, [seed] * deals, range(deals), [samples] * deals,
                                  chunksize=4))
    return [p for ps in noted for p in ps]


def choices(rules: Rules, positions: list[Position]) -> list[Choice]:
    """Each position as the fit takes it: each candidate's features and value."""
    return [Choice(False, tuple(features(rules, p.role, p.hand, p.most, c, i == 0) for i, c in enumerate(p.candidates)),
                   p.values) for p in positions]


def gain(rules: Rules, positions: list[Position], weights: tuple[float, ...]) -> tuple[float, float]:
    """What the weights' choice is worth over the book's, and the best candidate's, a position on average, in points
    of the deal, by the positions' own values."""
    chosen = best = 0.0
    for p in positions:
        i = best_of(rules, p.role, p.hand, p.most, list(p.candidates), weights)
        chosen += p.values[i] - p.values[0]
        best += max(p.values) - p.values[0]
    n = max(len(positions), 1)
    return chosen / n, best / n


def read_positions(path: Path) -> tuple[dict[str, object], list[Position]]:
    """A file as ``write_positions`` left it: its header and its positions."""
    try:
        data = json.loads(read_kept(path))
        header = data["header"]
        positions = [Position(int(p["deal"]), int(p["role"]), int(p["hand"]), int(p["most"]),
                              tuple(int(c) for c in p["candidates"]), tuple(float(v) for v in p["values"]))
                     for p in data["positions"]]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{path}: not a file of noted discards ({e})") from None
    if not isinstance(header, dict) or any(len(p.candidates) != len(p.values) for p in positions):
        raise SystemExit(f"{path}: not a file of noted discards (a header, and a value for each candidate)")
    return header, positions


def write_positions(path: Path, header: dict[str, object], positions: list[Position]) -> None:
    """One position a line, its fields named, so that the file can be read (and diffed) by eye."""
    lines = (json.dumps({"deal": p.deal, "role": p.role, "hand": p.hand, "most": p.most,
                         "candidates": p.candidates, "values": p.values}) for p in positions)
    write_kept(path, json.dumps({"header": header})[:-1] + ', "positions": [\n' + ",\n".join(lines) + "\n]}\n")


def weights_text(rules: Rules, positions: list[Position], seed: int, header: dict[str, object]) -> str:
    """The weights file for ``positions``, after a fit without the last fifth of the deals measured on them."""
    last = max((p.deal for p in positions), default=0)
    cut = last - last // HELD_OUT
    train = [p for p in positions if p.deal < cut]
    held = [p for p in positions if p.deal >= cut]
    trial = tuple(fit(choices(rules, train), NAMES, seed))
    chosen, best = gain(rules, held, trial)
    print(f"held out: {len(held)} discards of deals {cut} to {last}, fitted on {len(train)}: the weights' choice "
          f"{chosen:+.2f} points a discard over the book's, the best candidate {best:+.2f}")
    weights = fit(choices(rules, positions), NAMES, seed)
    chosen, best = gain(rules, positions, tuple(weights))
    print(f"all {len(positions)} discards: the weights' choice {chosen:+.2f} over the book's, the best {best:+.2f}")
    out = dict(header)
    out["weights"] = dict(zip(NAMES, weights))
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Fit the fitted discard's weights to a discard search's values.")
    parser.add_argument("--deals", type=_within(1, 100_000), default=200, help="Deals dealt, each with two discards.")
    parser.add_argument("--samples", type=_within(1, 1024), default=128,
                        help="Deals drawn to value the candidates of each discard.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=_within(1, 64), default=1)
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--positions", type=Path, default=None,
                        help="A file of the noted discards (JSON): read where it exists, else written.")
    args = parser.parse_args(argv)
    check_kept(args.out)
    rules = load_ruleset(RULESET).rules
    header: dict[str, object] = {"deals": args.deals, "samples": args.samples, "seed": args.seed, "ruleset": RULESET}
    if args.positions is not None and args.positions.exists():
        header, positions = read_positions(args.positions)
    else:
        positions = generate(rules, args.deals, args.seed, args.samples, args.jobs)
        if args.positions is not None:
            write_positions(args.positions, header, positions)
    seed = header.get("seed")
    if not isinstance(seed, int):
        raise SystemExit(f"{args.positions}: not a file of noted discards (its header gives no seed)")
    text = weights_text(rules, positions, seed, header)
    parse_weights(text, str(args.out))
    write_kept(args.out, text)


if __name__ == "__main__":
    main()
