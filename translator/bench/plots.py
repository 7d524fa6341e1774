"""One PNG per setting: execution time and context switches of every version,
relative to the rendezvous version (100%), medians with min-max whiskers; and,
where a program has a hand-written version, the servers version relative to
it (the translation / hand-written ratio of the report)."""

from __future__ import annotations

from pathlib import Path

from ..schemes import registry
from . import stats
from .versions import HAND, LABELS, RENDEZVOUS, SERVERS

COLOURS = {"rendezvous": "#777777", **{s.version: s.colour for s in registry.BENCHED},
           "hand-written": "#3a9b4a"}


def write(results: dict, out: Path) -> tuple[dict[str, str], str]:
    """The plots written, by setting, and a note when none could be."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return {}, "not drawn: matplotlib is not installed (pip install 'rdv2po[bench]')"
    written = {}
    for setting in results["settings"]:
        rows = _rows(results, setting)
        if not rows:
            continue
        fig, axes = plt.subplots(1, 3, figsize=(16, 0.6 * len(rows) + 2.2), sharey=True,
                                 gridspec_kw={"width_ratios": (2, 2, 1.3)})
        for ax, kind in zip(axes, ("time", "switches")):
            _panel(ax, rows, kind)
        _hand_panel(axes[2], rows)
        axes[0].invert_yaxis()        # once: the axes share it
        axes[0].legend(loc="lower right", fontsize="small")
        fig.suptitle(f"rdv2po bench, {setting}: relative to the rendezvous version")
        fig.tight_layout()
        name = f"plot-{setting}.png"
        fig.savefig(out / name, dpi=110)
        plt.close(fig)
        written[setting] = name
    return written, ""


def _rows(results: dict, setting: str) -> list[tuple[str, dict]]:
    """(row name, {kind: {version: (median, low, high) in % of rendezvous}})."""
    found = []
    for p in results["programs"]:
        usable = [v["name"] for v in p["versions"] if v["available"]]
        for item in p["items"]:
            for row in stats.rows_of(results, item):
                picks = {"time": lambda r, row=row: stats.row_time(r, row["time"]),
                         "switches": lambda r, row=row: stats.row_switches(r, row["switches"])}
                data = {k: _relative(results, item["name"], usable, setting, pick)
                        for k, pick in picks.items()}
                if data["time"] or data["switches"]:
                    found.append((row["name"], data))
            for op in item["ops"]:        # micro-benchmarks: per operation
                picks = {k: lambda r, op=op, k=k: stats.per_op(r, op["label"], k)
                         for k in ("time", "switches")}
                data = {k: _relative(results, item["name"], usable, setting, pick)
                        for k, pick in picks.items()}
                if data["time"] or data["switches"]:
                    found.append((op["name"], data))
    return found


def _relative(results, item, versions, setting, pick) -> dict:
    base = stats.metric(results, item, RENDEZVOUS, setting, pick)
    if base is None or base.median == 0:
        return {}
    rel = {}
    for v in versions:
        s = stats.metric(results, item, v, setting, pick)
        if s is not None:
            rel[v] = tuple(x / base.median * 100 for x in (s.median, s.low, s.high))
    return rel


def _hand_panel(ax, rows) -> None:
    """Servers / hand-written, time and switches, for the rows that have both."""
    for j, (kind, colour) in enumerate((("time", "#2b6fd0"), ("switches", "#8fb3e8"))):
        ys, xs = [], []
        for i, (_name, data) in enumerate(rows):
            got = data[kind]
            if SERVERS in got and HAND in got and got[HAND][0] > 0:
                ys.append(i + (j - 0.5) * 0.4)
                xs.append(got[SERVERS][0] / got[HAND][0] * 100)
        if xs:
            ax.barh(ys, xs, height=0.4, color=colour, label=kind)
            for y, x in zip(ys, xs):
                ax.text(x, y, f" {x / 100:.2f}", va="center", fontsize="x-small")
    ax.axvline(100, color="black", linewidth=0.6)
    ax.axvline(110, color="black", linewidth=0.6, linestyle="--")
    ax.set_xlabel("servers, % of hand-written (median)")
    ax.set_title("translation / hand-written")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="lower right", fontsize="small")


def _panel(ax, rows, kind: str) -> None:
    versions = [v for v in COLOURS if any(v in data[kind] for _n, data in rows)]
    height = 0.8 / max(1, len(versions))
    for j, v in enumerate(versions):
        ys, xs, lo, hi = [], [], [], []
        for i, (_name, data) in enumerate(rows):
            if v in data[kind]:
                med, low, high = data[kind][v]
                ys.append(i + (j - (len(versions) - 1) / 2) * height)
                xs.append(med)
                lo.append(med - low)
                hi.append(high - med)
        ax.barh(ys, xs, height=height, xerr=[lo, hi], color=COLOURS[v], label=LABELS[v],
                error_kw={"elinewidth": 0.8, "capsize": 2})
    ax.axvline(100, color="black", linewidth=0.6)
    ax.set_yticks(range(len(rows)), [name for name, _d in rows])
    ax.set_xlabel("% of rendezvous (median, min-max)")
    ax.set_title("execution time" if kind == "time" else "context switches")
