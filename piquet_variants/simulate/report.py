"""A tally turned into the figures ``simulate`` reports, with 95% intervals, and Cavendish's beside them.

The JSON contract: ``{"seed", "deals", "players", "results": [{"ruleset",
"show", "cards", "pique", "repique", "capot", "carte_blanche", "bands",
"partie"}]}``; each share ``P`` (of deals, 0 to 1) has its interval beside it
under the same name with ``_ci`` (``"cards_ci": {"elder": [low, high]}``),
and ``book`` lists Cavendish's figures with ours and the distance between
them in standard errors (where the ruleset plays the club game).

Intervals: a share's is Wilson's; a mean's is the mean plus or minus 1.96
standard errors; a show's (a median) is the order statistics at n/2 plus or
minus 1.96 sqrt(n)/2.
"""

from __future__ import annotations

from math import sqrt
from typing import Any

from ..engine.deal import ROLES
from ..odds import book
from ..ruleset.model import Ruleset
from .tally import HAZARDS, Tally

Z = 1.96


def wilson(k: int, n: int) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return [round(max(0.0, centre - half), 6), round(min(1.0, centre + half), 6)]


def _share(k: int, n: int) -> float:
    return round(k / n, 6) if n else 0.0


def _mean(total: int, squares: int, n: int) -> tuple[float, list[float], float]:
    """Mean, its interval, and its standard error."""
    if n == 0:
        return 0.0, [0.0, 0.0], 0.0
    mean = total / n
    var = max(0.0, squares / n - mean * mean) * n / max(1, n - 1)
    se = sqrt(var / n)
    return round(mean, 3), [round(mean - Z * se, 3), round(mean + Z * se, 3)], se


def _spread(total: int, squares: int, n: int) -> tuple[float, list[float]]:
    """The standard deviation of a figure from its sum and sum of squares, with its interval (the normal
    approximation, the deviation's own standard error being about itself over the root of twice the count)."""
    if n < 2:
        return 0.0, [0.0, 0.0]
    mean = total / n
    sd = sqrt(max(0.0, squares / n - mean * mean) * n / (n - 1))
    half = Z * sd / sqrt(2 * (n - 1))
    return round(sd, 3), [round(sd - half, 3), round(sd + half, 3)]


def _at_least(hist: dict[int, int], score: int) -> int:
    return sum(n for s, n in hist.items() if s >= score)


def show(hist: dict[int, int]) -> tuple[int, list[int]]:
    """Cavendish's show: the highest score reached or passed in at least half the deals, with its interval."""
    n = sum(hist.values())
    if n == 0:
        return 0, [0, 0]
    ordered = sorted(hist.items(), reverse=True)  # highest score first

    def reached_by(k: float) -> int:
        """The score that at least ``k`` deals reach or pass (the k-th highest)."""
        seen = 0
        for s, count in ordered:
            seen += count
            if seen >= k:
                return s
        return ordered[-1][0]

    half = n / 2
    spread = Z * sqrt(n) / 2
    return reached_by(half), [reached_by(half + spread), reached_by(max(1.0, half - spread))]


def _z(ours: float, expected: float, se: float) -> float | None:
    return round((ours - expected) / se, 2) if se > 0 else None


#: What ours is measured as, beside each of the book's figures (``{n}`` the book's figure).  English words, kept in
#: the JSON as they are; ``simulate``'s table says them through the catalogues, where they are msgids.
MEASURED_AS = {"show": "deals scoring {n} or more", "cards": "share of deals", "repique": "share of deals",
               "pique_or_repique": "share of deals", "carte_blanche": "share of deals", "rubicon": "share of parties",
               "partie_average": "points won a partie"}


def _book(tally: Tally) -> list[dict[str, Any]]:
    """Cavendish's figures beside ours, with the distance in standard errors of ours."""
    n = tally.deals
    out = []
    for fig in book.PLAY:
        expected = float(fig.value)
        if fig.key == "show":
            r = ROLES.index(fig.hand or "elder")
            k = _at_least(tally.scores[r], int(fig.value))
            ours, expected = _share(k, n), 0.5  # half the deals reach the show
            se = sqrt(0.25 / n) if n else 0.0
        elif fig.key == "cards":
            k = tally.cards[("elder", "younger", "divided").index(fig.hand or "")]
            ours, se = _share(k, n), sqrt(expected * (1 - expected) / n) if n else 0.0
        elif fig.key in ("repique", "pique_or_repique", "carte_blanche"):
            k = tally.hazards[fig.key][ROLES.index(fig.hand or "elder")]
            ours, se = _share(k, n), sqrt(expected * (1 - expected) / n) if n else 0.0
        elif fig.key == "rubicon":
            m = tally.parties - tally.draws
            ours = _share(tally.rubicons, m)
            se = sqrt(expected * (1 - expected) / m) if m else 0.0
        else:  # the partie's average
            m = tally.parties - tally.draws
            ours, _, se = _mean(tally.won, tally.won_squares, m)
        out.append({"figure": fig.key, "hand": fig.hand, "book": fig.figure, "book_value": round(expected, 6),
                    "ours": ours, "measure": MEASURED_AS[fig.key].format(n=fig.figure), "z": _z(ours, expected, se), "citation": fig.citation()})
    return out


def ruleset_figures(rs: Ruleset, tally: Tally, club_game: bool) -> dict[str, Any]:
    """One ruleset's figures; with Cavendish's beside where the ruleset is the club game."""
    n = tally.deals
    res: dict[str, Any] = {"ruleset": rs.id, "deals": n}
    shows = [show(tally.scores[r]) for r in (0, 1)]
    res["show"] = {role: shows[r][0] for r, role in enumerate(ROLES)}
    res["show_ci"] = {role: shows[r][1] for r, role in enumerate(ROLES)}
    names = ("elder", "younger", "divided")
    res["cards"] = {names[i]: _share(tally.cards[i], n) for i in range(3)}
    res["cards_ci"] = {names[i]: wilson(tally.cards[i], n) for i in range(3)}
    for hazard in HAZARDS:
        counts = tally.hazards[hazard]
        res[hazard] = {role: _share(counts[r], n) for r, role in enumerate(ROLES)}
        res[f"{hazard}_ci"] = {role: wilson(counts[r], n) for r, role in enumerate(ROLES)}
    res["sunk"] = {role: _share(tally.sunk[r], n) for r, role in enumerate(ROLES)}
    res["sunk_ci"] = {role: wilson(tally.sunk[r], n) for r, role in enumerate(ROLES)}
    res["bands"] = {role: _bands(tally.scores[r]) for r, role in enumerate(ROLES)}
    means = [_mean(tally.totals[r], tally.squares[r], n) for r in (0, 1)]
    res["average"] = {role: means[r][0] for r, role in enumerate(ROLES)}
    res["average_ci"] = {role: means[r][1] for r, role in enumerate(ROLES)}
    decided = tally.parties - tally.draws
    won, won_ci, _ = _mean(tally.won, tally.won_squares, decided)
    length, length_ci, _ = _mean(tally.partie_deals, tally.partie_deal_squares, tally.parties)
    first, first_ci, _ = _mean(tally.first_dealer_won, tally.first_dealer_won_squares, tally.parties)
    spread, spread_ci = _spread(tally.first_dealer_won, tally.first_dealer_won_squares, tally.parties)
    res["partie"] = {
        "parties": tally.parties, "draws": tally.draws,
        "points_won": won, "points_won_ci": won_ci,
        "winner_total": round(tally.winner_totals / decided, 3) if decided else 0.0,
        "loser_total": round(tally.loser_totals / decided, 3) if decided else 0.0,
        "rubicon": _share(tally.rubicons, decided), "rubicon_ci": wilson(tally.rubicons, decided),
        "length": length, "length_ci": length_ci,
        "first_dealer_wins": _share(tally.first_dealer_wins, decided),
        "first_dealer_wins_ci": wilson(tally.first_dealer_wins, decided),
        "first_dealer_points": first, "first_dealer_points_ci": first_ci,
        "points_won_sd": spread, "points_won_sd_ci": spread_ci,
        # a share of games, where the partie is a series of them (else none)
        "double_game": _share(tally.double_games, tally.games) if tally.games else None,
        "double_game_ci": wilson(tally.double_games, tally.games) if tally.games else None}
    res["book"] = _book(tally) if club_game else []
    if club_game:
        res["book_bands"] = {role: dict(zip(book.BANDS, book.BAND_TABLES[role])) for role in ROLES}
        res["book_bands_citation"] = book.BAND_SOURCE.citation()
        res["book_bands_distance"] = {role: distance(res["bands"][role], res["book_bands"][role]) for role in ROLES}
    return res


def distance(ours: dict[str, int], theirs: dict[str, int]) -> float:
    """The total-variation distance between two tables of bands: half the sum of the differences of their shares."""
    n, m = sum(ours.values()), sum(theirs.values())
    if not n or not m:
        return 0.0
    return round(sum(abs(ours[b] / n - theirs[b] / m) for b in theirs) / 2, 4)


def _bands(hist: dict[int, int]) -> dict[str, int]:
    counts = [0] * len(book.BANDS)
    for s, n in hist.items():
        counts[book.band(s)] += n
    return dict(zip(book.BANDS, counts))
