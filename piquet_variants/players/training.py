"""Fit the ``learned`` player's weights to the ``search`` player's choices: a deterministic script.

    python -m piquet_variants.players.training [--deals N] [--rounds R] [--samples K] [--seed S] [--jobs J]
                                               [--out FILE] [--choices FOLDER]

It deals ``N`` deals under the club laws (each from its own seeds), lets the
``search`` player play both seats, and at every card with more than one
choice notes the features of each playable card (``features``) and the
search's value of each (``SearchPlayer.weigh``: the search often finds
several cards of the same value over its drawn deals, and plays the first),
drawing ``K`` deals a card where the player draws eight (``search.SAMPLES``):
a value averaged over more deals is a cleaner answer to learn from.
Then it fits, for leads and for cards played to a lead, the weights of a
softmax over the playable cards (the chance of each card grows with the
exponential of its weighted features; for a card played to a lead, with a
yes for each count's value and the product of each pair weighed together,
``_expanded``) by stochastic gradient descent on the
log of the chance of playing a right card, the best counting as right and
each other by how near the best it comes (``credits``), each
choice weighed by its regret (``regrets``: what a card other than the best
costs there), in an order drawn from the seed, with a small weight decay.
Each further round deals ``N`` new deals, played by the learned player with
the weights of the round before (discarding by the book, ``book``, as it did when
the shipped weights were fitted): its own positions, which the search's deals
do not show it, are noted with the search's values, and the weights are
fitted again to every choice noted so far (imitation with the learner's
positions, "DAgger").  The same arguments give the same file, on any number
of jobs: each deal's choices come from its own seeds, and the fit runs in one
process.  The shipped weights:

    python -m piquet_variants.players.training --deals 2000 --rounds 2 --seed 1 --jobs 2

``--choices FOLDER`` keeps each round's deals, and each deal's every action
beside its choices, so that a deal can be played again without the search
(``refeatured``) and a feature tried on the same choices
(``benchmarks/fit_orders.py``).

The target is the search player's choices alone; nothing here reads
Cavendish's figures.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from ..cards import iter_cards
from ..errors import OutputRefused
from ..files import check_output_file, replace_whole
from ..located import LoadFailure, read_source
from ..engine.combos import tables
from ..engine.deal import Deal, Phase, random_dealt
from ..ruleset.compiler import load_ruleset
from ..ruleset.model import Rules
from .features import FOLLOW_NAMES, LEAD_NAMES, TOP, Situation, follow_features, lead_features
from .learned import COUNTS, PAIRS, SPAN, LearnedPlayer, parse_weights
from .search import SAMPLES, SearchPlayer
from .table import play
from .view import Legal, View

#: The ruleset the choices are made under; the passes over the choices, the first step's size (divided by the
#: pass's number after), and the weight decay.  Set once; 30 passes fitted the choices no better and played worse.
RULESET = "cavendish-rubicon"
EPOCHS = 12
RATE = 0.05
DECAY = 1e-4
#: A choice's weight in the fit is its regret in points divided by ``REGRET`` (a choice where a card other than
#: the best costs ten points on average counts once), and at most ``REGRET_CAP``, so that the few positions where
#: a wrong card loses a capot or a repique do not drown the many where it loses a trick.
REGRET = 10.0
REGRET_CAP = 3.0
#: The shortfall, in points, at which a card counts a third (1/e) as right as the best (``credits``).
NEAR = 1.0


@dataclass(frozen=True)
class Choice:
    """One decision: whether it was a lead, each playable card's features, and the search's value of each (points
    to the player, averaged over its drawn deals)."""

    lead: bool
    features: tuple[tuple[int, ...], ...]
    values: tuple[float, ...]

    @property
    def best(self) -> tuple[int, ...]:
        """The cards of the highest value: all of them where several were equally good over the drawn deals."""
        top = max(self.values)
        return tuple(i for i, v in enumerate(self.values) if v == top)

    @property
    def regret(self) -> float:
        """What a card other than the best costs, in points: the mean of the others' shortfalls (nothing where
        every card is as good)."""
        top = max(self.values)
        gaps = [top - v for v in self.values if v != top]
        return sum(gaps) / len(gaps) if gaps else 0.0


def regrets(choices: list[Choice]) -> list[float]:
    """Each choice's weight in the fit: its regret over ``REGRET``, at most ``REGRET_CAP``.

    Imitating every choice alike spends the weights' few degrees of freedom on positions where any card does
    about as well (which small card to throw) as much as on those where one card loses the deal; weighing by
    regret makes the fit care about the search's choices in proportion to what missing them costs.
    """
    return [min(c.regret / REGRET, REGRET_CAP) for c in choices]


def _features(view: View, cards: list[int]) -> tuple[tuple[int, ...], ...]:
    """The features of playing each of ``cards``, in their order."""
    sit = Situation(view, tables(view.rules).counting_cards)
    lead = view.lead_card
    return tuple(tuple(lead_features(sit, c) if lead is None else follow_features(sit, lead, c)) for c in cards)


def _weighed(legal: Legal) -> bool:
    """Whether a choice is noted: a card to play, with more than one that may be played."""
    return legal.phase == Phase.PLAY and legal.cards & (legal.cards - 1) != 0


@dataclass(frozen=True)
class Noted:
    """One deal as the training saw it: its choices, and every action taken in it (each exchange, call and card,
    in turn), so that the deal can be played again and its choices described by other features without the
    search (``refeatured``)."""

    seed: int
    index: int
    choices: tuple[Choice, ...]
    actions: tuple[int, ...]


class _Recorder:
    """Notes the cards the search player finds best among several; plays the first, or the learner's card where
    there is one; and notes every action taken."""

    def __init__(self, rng: random.Random, out: list[Choice], actions: list[int], learner: LearnedPlayer | None = None,
                 samples: int = SAMPLES):
        self.teacher = SearchPlayer(rng)
        self.teacher.samples = samples
        self.out = out
        self.actions = actions
        self.learner = learner

    def choose(self, view: View, legal: Legal) -> int:
        if not _weighed(legal):
            action = self.teacher.choose(view, legal)
        else:
            values = self.teacher.weigh(view, legal)
            cards = [c for c, _ in values]
            choice = Choice(view.lead_card is None, _features(view, cards), tuple(v for _, v in values))
            self.out.append(choice)
            action = cards[choice.best[0]] if self.learner is None else self.learner.choose(view, legal)
        self.actions.append(action)
        return action


class _Script:
    """Plays a noted deal again: its actions in turn, each noted choice described by the features of this code."""

    def __init__(self, noted: Noted, out: list[Choice]):
        self.noted = noted
        self.actions = iter(noted.actions)
        self.choices = iter(noted.choices)
        self.out = out

    def choose(self, view: View, legal: Legal) -> int:
        if _weighed(legal):
            old = next(self.choices, None)
            features = _features(view, list(iter_cards(legal.cards)))  # the highest card first, as weighed
            if old is None or old.lead != (view.lead_card is None) or len(old.values) != len(features):
                raise self.astray()
            self.out.append(Choice(old.lead, features, old.values))
        action = next(self.actions, None)
        if action is None:
            raise self.astray()
        return action

    def astray(self) -> ValueError:
        return ValueError(f"deal {self.noted.index} of seed {self.noted.seed}: the noted actions and choices do not "
                          f"play it again (noted under other rules, or altered)")


def _dealt(rules: Rules, seed: int, index: int) -> Deal:
    """Deal ``index``'s cards, from its own seed."""
    cards = random.Random(f"{seed}:{index}:cards")
    packet = rules.deal.packets[int(cards.random() * len(rules.deal.packets))]
    return Deal(rules, random_dealt(rules, cards, packet))


def noted_deal(rules: Rules, seed: int, index: int, weights: str | None = None, samples: int = SAMPLES) -> Noted:
    """The search player's choices in one deal, both seats, from the deal's own seeds, each card weighed over
    ``samples`` drawn deals; the deal played by the search, or by a learned player with ``weights`` (a weights
    file's text), so that its own positions are noted."""
    out: list[Choice] = []
    actions: list[int] = []
    learners: list[LearnedPlayer | None] = [None, None]
    if weights is not None:
        learners = [LearnedPlayer(random.Random(0), frozenset({"book"}), parse_weights(weights, "the last round"))
                    for _ in "ey"]
    players = (_Recorder(random.Random(f"{seed}:{index}:elder"), out, actions, learners[0], samples),
               _Recorder(random.Random(f"{seed}:{index}:younger"), out, actions, learners[1], samples))
    play(_dealt(rules, seed, index), players)
    return Noted(seed, index, tuple(out), tuple(actions))


def refeatured(rules: Rules, deals: list[Noted]) -> list[Choice]:
    """The noted deals' choices, each card described by the features of this code, the search's values kept: a
    change of features is described again in seconds, where noting the choices again takes the search many
    minutes.  Each choice's cards are in the order ``SearchPlayer.weigh`` gives them, the highest first."""
    out: list[Choice] = []
    for noted in deals:
        script = _Script(noted, out)
        play(_dealt(rules, noted.seed, noted.index), (script, script))
        if next(script.actions, None) is not None or next(script.choices, None) is not None:
            raise script.astray()
    return out


def _probabilities(weights: list[float], feats: tuple[tuple[int, ...], ...]) -> list[float]:
    scores = [sum(w * f for w, f in zip(weights, fs)) for fs in feats]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def credits(choice: Choice) -> list[float]:
    """How right each card is, from 1 for the best down: ``exp(-shortfall / NEAR)``, so that a card a point below
    the best counts about a third right, and one that loses a trick or more hardly at all."""
    top = max(choice.values)
    return [math.exp((v - top) / NEAR) for v in choice.values]


def fit(choices: list[Choice], names: tuple[str, ...], seed: int, epochs: int = EPOCHS) -> list[float]:
    """Softmax weights by stochastic gradient descent, the order of each epoch drawn from ``seed``.

    It maximises the log of the chance of playing a right card, each card counted as right by its credit
    (``credits``), each choice's term weighed by its regret (``regrets``).  A card the search found as good as
    the one it played is not taught as a mistake, and one nearly as good is taught as a small one: the search's
    values are means over a few drawn deals, and a card that falls a fraction of a point short of the best is
    as likely as not the best.  A choice where no card costs much teaches little.  The gradient for a card's
    score is its share of the credited chance, less its chance.
    """
    weights = [0.0] * len(names)
    order = list(range(len(choices)))
    scale = regrets(choices)
    right = [credits(ch) for ch in choices]
    rng = random.Random(f"{seed}:fit:{len(names)}")
    for epoch in range(epochs):
        rng.shuffle(order)
        rate = RATE / (1 + epoch)
        for i in order:
            step = rate * scale[i]
            if step:
                feats = choices[i].features
                credit = right[i]
                probs = _probabilities(weights, feats)
                good = sum(p * q for p, q in zip(probs, credit))
                for j, fs in enumerate(feats):
                    g = probs[j] * credit[j] / good - probs[j]
                    if g:
                        for k, f in enumerate(fs):
                            if f:
                                weights[k] += step * g * f
            for k in range(len(weights)):
                weights[k] -= rate * DECAY * weights[k]
    return [round(w, 4) for w in weights]


def agreement(choices: list[Choice], weights: list[float]) -> float:
    """The share of choices where the weights' best card is one of the search player's best."""
    hits = 0
    for ch in choices:
        scores = [sum(w * f for w, f in zip(weights, fs)) for fs in ch.features]
        hits += scores.index(max(scores)) in ch.best
    return hits / len(choices) if choices else 0.0


def generate(deals: int, seed: int, jobs: int, first: int = 0, weights: str | None = None,
             samples: int = SAMPLES) -> list[Noted]:
    """Deals ``first`` to ``first + deals - 1``, played by the search or by ``weights``, as noted."""
    rules = load_ruleset(RULESET).rules
    indices = range(first, first + deals)
    if jobs <= 1:
        return [noted_deal(rules, seed, i, weights, samples) for i in indices]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(noted_deal, [rules] * deals, [seed] * deals, indices, [weights] * deals,
                             [samples] * deals, chunksize=8))


def all_choices(deals: list[Noted]) -> list[Choice]:
    """The noted deals' choices, in turn."""
    return [c for noted in deals for c in noted.choices]


#: The most a file a training script keeps (its noted choices, its weights) may hold: it is read whole.
MOST_BYTES: Final = 256 << 20


def read_kept(path: Path) -> str:
    """A file a training script kept, as text: bounded as a user's file is (``located.read_source``), the script's
    message and exit status where it is too large, unreadable or not UTF-8."""
    try:
        return read_source(path, MOST_BYTES)
    except LoadFailure as e:
        raise SystemExit(str(e)) from None


def check_kept(path: Path) -> None:
    """Refuse, with the script's message and exit status, an output a training script would write over a read-only
    file or another user's (``files.check_output_file``): asked before the minutes of play, and again on writing."""
    try:
        check_output_file(path)
    except OutputRefused as e:
        raise SystemExit(str(e)) from None


def write_kept(path: Path, text: str) -> None:
    """Write a training script's file whole or not at all (``files.replace_whole``): the default output is the
    shipped weights, and a wrong ``--out`` must not leave half a file or take one from its owner (``check_kept``)."""
    check_kept(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        replace_whole(path, text.encode("utf-8"))
    except OSError as e:
        raise SystemExit(f"{path}: {e.strerror or e}") from None


def read_noted(path: Path) -> list[Noted]:
    """A round as ``write_noted`` left it; a file of an older form (choices without the deals' actions, or without
    the search's values) is refused, since its deals cannot be played again: delete it, and the round is dealt
    again."""
    out = []
    for d in json.loads(read_kept(path)):
        if not isinstance(d, dict) or "actions" not in d:
            raise SystemExit(f"{path}: choices without the deals' actions (an older form); delete it to deal again")
        out.append(Noted(d["seed"], d["deal"], tuple(Choice(bool(c["lead"]), tuple(tuple(f) for f in c["features"]),
                                                            tuple(c["values"])) for c in d["choices"]),
                         tuple(d["actions"])))
    return out


def write_noted(path: Path, deals: list[Noted]) -> None:
    """One deal a line, its fields named, so that the file can be read (and diffed) by eye."""
    lines = (json.dumps({"seed": n.seed, "deal": n.index, "actions": n.actions,
                         "choices": [{"lead": c.lead, "features": c.features, "values": c.values} for c in n.choices]})
             for n in deals)
    write_kept(path, "[\n" + ",\n".join(lines) + "\n]\n")


def _expanded(choice: Choice) -> Choice:
    """A card played to a lead as the learned player weighs it (``learned.Model``): its features; then, for each
    count of ``FOLLOW_COUNTS``, a yes for each of the values 2 to ``TOP`` (``TOP`` or more); then the product of
    each pair weighed together (``learned.PAIRS``), 1 where both are."""
    feats = []
    for fs in choice.features:
        values = [0] * (len(COUNTS) * SPAN)
        for k, i in enumerate(COUNTS):
            if fs[i] >= 2:
                values[k * SPAN + min(fs[i], TOP) - 2] = 1
        feats.append(fs + tuple(values) + tuple(fs[i] * fs[j] for i, j in PAIRS))
    return Choice(choice.lead, tuple(feats), choice.values)


def weights_text(choices: list[Choice], seed: int, header: dict[str, object]) -> str:
    """The weights file for ``choices``; ``seed`` orders the fit's passes apart from the deals, so that kept choices
    can be fitted again in other orders (``benchmarks/fit_orders.py``) to see how far the order alone moves them."""
    out = dict(header)
    value_names = tuple(f"{FOLLOW_NAMES[i]}: {v}" for i in COUNTS for v in range(2, TOP + 1))
    pair_names = tuple(f"{FOLLOW_NAMES[i]}, and {FOLLOW_NAMES[j]}" for i, j in PAIRS)
    for kind, names, lead in (("lead", LEAD_NAMES, True), ("follow", FOLLOW_NAMES, False)):
        mine = [c if lead else _expanded(c) for c in choices if c.lead == lead]
        weights = fit(mine, names if lead else names + value_names + pair_names, seed)
        out[kind] = dict(zip(names, weights))
        if not lead:
            rest = weights[len(names):]
            out["follow by value"] = {FOLLOW_NAMES[i]: rest[k * SPAN:(k + 1) * SPAN] for k, i in enumerate(COUNTS)}
            pairs: dict[str, dict[str, float]] = {}
            for (i, j), w in zip(PAIRS, rest[len(value_names):]):
                pairs.setdefault(names[i], {})[names[j]] = w
            out["follow pairs"] = pairs
        scale = regrets(mine)
        print(f"{kind}: {len(mine)} choices (mean weight by regret {sum(scale) / max(len(scale), 1):.3f}), the "
              f"search player's card chosen in {agreement(mine, weights):.1%}")
    return json.dumps(out, indent=1, ensure_ascii=False) + "\n"


def _within(low: int, high: int) -> Callable[[str], int]:
    """An argument's type: a whole number from ``low`` to ``high``, else argparse's message and exit status 2."""
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not low <= n <= high:
            raise argparse.ArgumentTypeError(f"{n} is not between {low} and {high}")
        return n
    return parse


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Fit the learned player's weights to the search player's choices.")
    parser.add_argument("--deals", type=_within(1, 100_000), default=400, help="Deals a round.")
    parser.add_argument("--rounds", type=_within(1, 20), default=1,
                        help="Rounds: the first played by the search; each other by the weights of the round before, "
                             "its positions noted with the search's choices, and the weights fitted to all of them.")
    parser.add_argument("--samples", type=_within(1, 256), default=SAMPLES,
                        help="Deals the search draws to weigh each card (the search player draws %(default)s).")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=_within(1, 64), default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "learned.json")
    parser.add_argument("--choices", type=Path, default=None,
                        help="A folder for each round's deals, their actions and choices (JSON): read where a round's "
                             "file exists, else written.")
    args = parser.parse_args(argv)
    check_kept(args.out)
    noted: list[Noted] = []
    text: str | None = None
    for r in range(args.rounds):
        cached = args.choices / f"round-{r + 1}.json" if args.choices is not None else None
        if cached is not None and cached.exists():
            new = read_noted(cached)
        else:
            new = generate(args.deals, args.seed, args.jobs, r * args.deals, text, args.samples)
            if cached is not None:
                write_noted(cached, new)
        noted += new
        header: dict[str, object] = {"deals": args.deals, "rounds": r + 1, "samples": args.samples, "seed": args.seed,
                                     "ruleset": RULESET}
        text = weights_text(all_choices(noted), args.seed, header)
    assert text is not None
    write_kept(args.out, text)


if __name__ == "__main__":
    main()
