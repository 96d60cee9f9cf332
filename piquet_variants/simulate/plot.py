"""``--plot FILE.svg``: the deal scores in Cavendish's bands of ten, ours against his (matplotlib, extra ``[plot]``)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from ..errors import OutputError, PiquetError, msg
from ..files import replace_whole, system_reason
from ..odds import book


class PlotUnavailable(PiquetError):
    """matplotlib is not installed."""


def plot(data: dict[str, Any], path: Path) -> None:
    """One panel a ruleset: each band's share of deals (per 10,000), elder and younger, with Cavendish's tables."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotUnavailable(msg("no-matplotlib", "--plot needs matplotlib: pip install 'piquet-variants[plot]'")) \
            from None
    results = data["results"]
    fig, axes = plt.subplots(len(results), 1, figsize=(10, 3.2 * len(results)), squeeze=False)
    x = list(range(len(book.BANDS)))
    for ax, res in zip(axes[:, 0], results):
        n = max(1, res["deals"])
        for shift, role, colour in ((-0.2, "elder", "tab:blue"), (0.2, "younger", "tab:orange")):
            ours = [res["bands"][role][b] * 10_000 / n for b in book.BANDS]
            ax.bar([i + shift for i in x], ours, width=0.4, color=colour, label=f"{role} (ours)")
            if res.get("book_bands"):
                ax.plot([i + shift for i in x], list(res["book_bands"][role].values()), "k_", markersize=12,
                        label=f"{role} (Cavendish)" if role == "elder" else None)
        ax.set_title(f"{res['ruleset']}: {res['deals']} deals, players {' v '.join(data['players'])}, seed {data['seed']}")
        ax.set_xticks(x, book.BANDS, rotation=45, fontsize=8)
        ax.set_ylabel("deals per 10,000")
        ax.legend(fontsize=8)
    fig.tight_layout()
    # Drawn in memory, then written as every output file is: whole or not at all, the mode kept, a link followed.
    drawn = io.BytesIO()
    try:
        fig.savefig(drawn, format=path.suffix.lstrip(".") or "svg")
        replace_whole(path, drawn.getvalue())
    except (OSError, ValueError) as err:
        raise OutputError(msg("cannot-write-plot", "{path}: cannot write the plot: {why}", path=path,
                              why=system_reason(err) if isinstance(err, OSError) else str(err))) from None
    finally:
        plt.close(fig)
