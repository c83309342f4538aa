"""How benchmark rows are presented and recorded: the table, the JSON of DESIGN §11 and the
plots (the machine they were taken on: :mod:`irreg.machine`)."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from irreg.bench.row import Row
from irreg.command_line import MissingDependencyError, UsageError, format_seconds
from irreg.machine import machine_info

# --- presentation --------------------------------------------------------------------------------

_TABLE_HEADER = ("name", "case", "impl", "variant", "isa", "median", "throughput", "extra")
_SI_PREFIXES = ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"))


def print_table(rows: Sequence[Row], out: TextIO) -> None:
    """Writes ``rows`` as a fixed-width table: labels, median time, throughput, extra."""
    lines = [_TABLE_HEADER] + [_table_cells(row) for row in rows]
    widths = [max(len(line[k]) for line in lines) for k in range(len(_TABLE_HEADER) - 1)]
    for line in lines:
        cells = [cell.ljust(width) for cell, width in zip(line, widths, strict=False)]
        out.write("  ".join(cells + [line[-1]]).rstrip() + "\n")


def _table_cells(row: Row) -> tuple[str, ...]:
    throughput = row.throughput
    rate = "-" if throughput is None else f"{format_si(throughput)}{row.work_unit}/s"
    seconds = "skipped" if row.seconds is None else format_seconds(row.seconds)
    return (
        row.name,
        row.case,
        row.impl,
        row.variant or "-",
        row.isa or "-",
        seconds,
        rate,
        format_extra(row.extra),
    )


def format_si(value: float) -> str:
    """``45200000.0`` -> ``"45.20 M"`` (a number with an SI prefix, ready for a unit)."""
    for scale, prefix in _SI_PREFIXES:
        if abs(value) >= scale:
            return f"{value / scale:.2f} {prefix}"
    return f"{value:.2f} "


def format_extra(extra: Mapping[str, Any], prefix: str = "") -> str:
    """``{"ratio": 3.14159, "stats": {"holes": 5}}`` -> ``"ratio=3.142 stats.holes=5"``."""
    parts = []
    for key, value in extra.items():
        if isinstance(value, Mapping):
            parts.append(format_extra(value, f"{prefix}{key}."))
        elif isinstance(value, float) and math.isfinite(value) and value != int(value):
            parts.append(f"{prefix}{key}={value:.4g}")
        else:
            parts.append(f"{prefix}{key}={value}")
    return " ".join(part for part in parts if part)


def write_json(path: str | os.PathLike[str], benchmark: str, rows: Sequence[Row]) -> None:
    """Writes ``{"benchmark", "irreg_version", "machine", "rows"}`` (DESIGN §11) to ``path``."""
    import irreg

    document = {
        "benchmark": benchmark,
        "irreg_version": irreg.__version__,
        "machine": machine_info(),
        "rows": [row.to_dict() for row in rows],
    }
    Path(path).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def speedup_panel(
    ax: Any,
    title: str,
    cases: Sequence[str],
    series: Sequence[tuple[str, Callable[[str], float | str | None]]],
    ylabel: str,
    styles: Mapping[str, Mapping[str, Any]] | None = None,
) -> None:
    """One log-scale panel of grouped bars: per case, one bar per ``(label, value_of_case)``
    series, with the break-even line at 1 and the legend outside the axes.

    ``value_of_case`` returns the bar's height, None (no bar) or a word to write where the bar
    would be (``"skipped"``). ``styles`` maps a label to bar keywords (``facecolor``, ``hatch``,
    ...);
    by default every series gets its own colour (:func:`distinct_colors`)."""
    from matplotlib.patches import Patch

    colors = distinct_colors(len(series))
    width = 0.8 / max(1, len(series))
    handles = []
    for k, (label, value_of) in enumerate(series):
        style = {"facecolor": colors[k], **((styles or {}).get(label, {}))}
        xs, ys = [], []
        for c, case in enumerate(cases):
            value = value_of(case)
            x = c - 0.4 + (k + 0.5) * width
            if isinstance(value, str):
                ax.text(
                    x,
                    0.02,
                    value,
                    rotation=90,
                    ha="center",
                    va="bottom",
                    fontsize=7,
                    transform=ax.get_xaxis_transform(),
                )
            elif value is not None:
                xs.append(x)
                ys.append(value)
        ax.bar(xs, ys, width, edgecolor="white", linewidth=0.4, **style)
        handles.append(Patch(label=label, edgecolor="white", linewidth=0.4, **style))
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    times_axis(ax)
    ax.set_xticks(range(len(cases)), cases)
    ax.set_xlim(-0.5, len(cases) - 0.5)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    legend_outside(ax, handles=handles)


def distinct_colors(n: int) -> list[Any]:
    """``n`` colours no two alike: tab10 up to 10, tab20 up to 20 (its ten dark shades first,
    then the light ones, so that neighbouring series never share a hue), then a sampled map."""
    from matplotlib import colormaps

    if n <= 10:
        return [f"C{k}" for k in range(n)]
    if n <= 20:
        tab20 = colormaps["tab20"]
        return [tab20(k) for k in [*range(0, 20, 2), *range(1, 20, 2)][:n]]
    return list(colormaps["turbo"]([k / (n - 1) for k in range(n)]))


def times_axis(ax: Any) -> None:
    """Labels a log y axis with plain factors (``0.5×``, ``1×``, ``20×``): 1-2-5 ticks within
    two decades, 1-3 within four, one per decade beyond."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    low, high = ax.get_ylim()
    span = high / low
    subs = (1.0, 2.0, 5.0) if span <= 1e2 else (1.0, 3.0) if span <= 1e4 else (1.0,)
    ax.yaxis.set_major_locator(LogLocator(base=10, subs=subs))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}×"))
    ax.yaxis.set_minor_formatter(NullFormatter())


def legend_outside(ax: Any, handles: Sequence[Any] | None = None, **kwargs: Any) -> None:
    """The legend to the right of the axes, clear of the data, one entry per label (of
    ``handles``, default: the artists' labels)."""
    if handles is None:
        found, labels = ax.get_legend_handles_labels()
        unique = dict(zip(labels, found, strict=False))
    else:
        unique = {handle.get_label(): handle for handle in handles}
    ax.legend(
        unique.values(),
        unique.keys(),
        fontsize=7,
        loc="upper left",
        bbox_to_anchor=(1.01, 1.0),
        borderaxespad=0.0,
        frameon=False,
        **kwargs,
    )


def figure_title(benchmark: str, machine: Mapping[str, Any] | None, note: str = "") -> str:
    """``irreg bench graph (AMD EPYC, single thread)``: the command and where it ran."""
    parts = [str(machine["cpu"])] if machine and machine.get("cpu") else []
    parts += [note] if note else []
    return f"irreg bench {benchmark}" + (f" ({', '.join(parts)})" if parts else "")


def require_matplotlib(path: str | os.PathLike[str] | None = None) -> None:
    """Raises :class:`MissingDependencyError` unless matplotlib can be imported, and
    :class:`UsageError` when ``path``'s extension is no format matplotlib writes (before the
    run, not after it)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError(
            "--plot needs matplotlib, which is not installed: pip install matplotlib"
        ) from exc
    if path is None:
        return
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    ext = os.path.splitext(os.fspath(path))[1].lstrip(".").lower()
    if ext not in formats:
        raise UsageError(
            f"--plot {os.fspath(path)}: {ext or 'no extension'} is not a format matplotlib "
            f"writes; use one of {', '.join(sorted(formats))}"
        )


def plot_rows(
    path: str | os.PathLike[str],
    rows: Sequence[Row],
    *,
    title: str = "",
    case_of: Callable[[Row], str] | None = None,
    series_of: Callable[[Row], str] | None = None,
) -> None:
    """Bar chart of throughput: one panel per ``name``, bars grouped by case.

    Each bar is one (impl, variant, isa) series; skipped rows are marked where their bar would be.
    ``case_of`` names a row's group (default: its ``case``): rows that differ in what the labels
    do not show (e.g. a setting in ``extra``) must be told apart by it; ``series_of`` names a
    bar's series in the legend (default: impl, variant and ISA). A panel whose bars span more
    than 30x is drawn on a log scale.
    """
    require_matplotlib()
    from matplotlib.figure import Figure

    names = list(dict.fromkeys(row.name for row in rows))
    ncols = 2 if len(names) > 1 else 1
    nrows = max(1, math.ceil(len(names) / ncols))
    fig = Figure(figsize=(7.5 * ncols, 3.8 * nrows), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False).ravel()
    for ax, name in zip(axes, names, strict=False):
        in_panel = [row for row in rows if row.name == name]
        _plot_panel(ax, in_panel, name, case_of or _case, series_of or _series_label)
    for ax in axes[len(names) :]:
        ax.set_visible(False)
    if title:
        fig.suptitle(title)
    fig.savefig(path, dpi=120)


def _case(row: Row) -> str:
    return row.case


def _plot_panel(
    ax: Any,
    rows: Sequence[Row],
    name: str,
    case_of: Callable[[Row], str],
    series_of: Callable[[Row], str],
) -> None:
    from matplotlib.ticker import EngFormatter

    cases = list(dict.fromkeys(map(case_of, rows)))
    labels = list(dict.fromkeys(map(series_of, rows)))
    colors = dict(zip(labels, distinct_colors(len(labels)), strict=True))
    rates = [row.throughput for row in rows if row.throughput]
    log = bool(rates) and max(rates) > 30 * min(rates)
    for position, case in enumerate(cases):
        in_case = [row for row in rows if case_of(row) == case]
        width = 0.8 / len(in_case)
        for k, row in enumerate(in_case):
            x = position - 0.4 + (k + 0.5) * width
            label = series_of(row)
            ax.bar(x, row.throughput or 0.0, width, color=colors[label], label=label)
            if row.skipped:
                ax.text(
                    x,
                    0.02,
                    "skipped",
                    rotation=90,
                    ha="center",
                    va="bottom",
                    fontsize=7,
                    transform=ax.get_xaxis_transform(),
                )
    legend_outside(ax)
    ax.set_xticks(range(len(cases)), cases, rotation=20, ha="right", fontsize=8)
    ax.set_title(name)
    units = {row.work_unit for row in rows}
    ax.set_ylabel(f"{units.pop()}/s" if len(units) == 1 else "work/s")
    if log:
        from matplotlib.ticker import NullFormatter

        ax.set_yscale("log")
        ax.yaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_major_formatter(EngFormatter())


def _series_label(row: Row) -> str:
    return series_label(row, (row.impl, row.variant, row.isa))


def series_label(row: Row, parts: Sequence[str | None]) -> str:
    """``parts`` joined, and the thread count where the row records one: bars of one method at
    1 and 2 threads are two series, each with its own colour and legend entry."""
    label = " ".join(part for part in parts if part)
    if "threads" in row.extra:
        count = threads_of(row)
        label += f", {count} thread" + ("s" if count != 1 else "")
    return label


# --- thread scaling ------------------------------------------------------------------------------


def threads_of(row: Row) -> int:
    """The thread count a row ran on (``extra["threads"]``; 1 where the row does not say)."""
    return int(row.extra.get("threads", 1))


def _scaling_key(row: Row) -> tuple:
    return (row.name, row.case, row.impl, row.variant, row.isa)


def scaling_groups(rows: Sequence[Row]) -> dict[tuple, dict[int, Row]]:
    """Rows that ran at more than one thread count, by (name, case, impl, variant, isa), each a
    ``{threads: row}`` map (skipped rows left out)."""
    groups: dict[tuple, dict[int, Row]] = {}
    for row in rows:
        if not row.skipped:
            groups.setdefault(_scaling_key(row), {})[threads_of(row)] = row
    return {key: by for key, by in groups.items() if len(by) > 1}


def print_scaling(rows: Sequence[Row], out: TextIO) -> None:
    """The thread-scaling table: per series its median at each thread count and the speedup
    over its own 1-thread run; nothing when no series ran at several counts."""
    groups = scaling_groups(rows)
    if not groups:
        return
    counts = sorted({t for by in groups.values() for t in by})
    header = ("name", "case", "impl", "variant", "isa", *(f"{t} thr" for t in counts))
    lines = [header]
    for (name, case, impl, variant, isa), by in groups.items():
        base = by.get(1)
        cells = []
        for t in counts:
            row = by.get(t)
            if row is None:
                cells.append("-")
                continue
            speedup = f" ({base.seconds / row.seconds:.2f}x)" if base and t != 1 else ""
            cells.append(format_seconds(row.seconds) + speedup)
        lines.append((name, case, impl, variant or "-", isa or "-", *cells))
    widths = [max(len(line[k]) for line in lines) for k in range(len(header))]
    out.write("\nthread scaling (median; speedup over the same series on 1 thread)\n")
    out.writelines(
        "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip() + "\n"
        for line in lines
    )


def plot_scaling(path: str | os.PathLike[str], rows: Sequence[Row], *, title: str = "") -> None:
    """Median time against threads, log-log: one panel per (name, case), one line per series
    (impl, variant, ISA), so scaling and the gap to a peer read off the same axes. Series timed
    on one thread only (serial kernels, single-threaded peers) are dashed levels."""
    require_matplotlib()
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    groups = scaling_groups(rows)
    panels = list(dict.fromkeys((key[0], key[1]) for key in groups))
    if not panels:
        return
    ncols = min(3, len(panels))
    nrows = math.ceil(len(panels) / ncols)
    fig = Figure(figsize=(5.2 * ncols + 2.5, 3.6 * nrows), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False).ravel()
    def label_of(key: tuple) -> str:
        return " ".join(p for p in key[2:] if p)

    levels = [r for r in rows if not r.skipped and _scaling_key(r) not in groups
              and (r.name, r.case) in panels]
    labels = list(dict.fromkeys([label_of(k) for k in groups] +
                                [label_of(_scaling_key(r)) for r in levels]))
    colors = dict(zip(labels, distinct_colors(len(labels)), strict=True))
    counts = sorted({t for by in groups.values() for t in by})
    for ax, (name, case) in zip(axes, panels, strict=False):
        for key, by in groups.items():
            if key[:2] == (name, case):
                ts = sorted(by)
                ax.plot(ts, [by[t].seconds for t in ts], marker="o", label=label_of(key),
                        color=colors[label_of(key)])
        for row in levels:
            if (row.name, row.case) == (name, case):
                label = label_of(_scaling_key(row))
                ax.axhline(row.seconds, linestyle="--", linewidth=1, color=colors[label],
                           label=f"{label} (1 thread)")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xticks(counts, [str(t) for t in counts])
        low, high = ax.get_ylim()
        span = high / low if low > 0 else 1e9  # enough ticks to read within a decade or less
        subs = ((1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0) if span < 3 else
                (1.0, 2.0, 3.0, 5.0, 7.0) if span < 30 else (1.0, 2.0, 5.0) if span < 1e3
                else (1.0,))
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=subs))
        ticks = FuncFormatter(lambda value, _: format_seconds(value, tick=True))
        ax.yaxis.set_major_formatter(ticks)
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_xlabel("threads")
        ax.set_ylabel("median time")
        ax.set_title(f"{name} on {case}", fontsize=9)
        legend_outside(ax)
    for ax in axes[len(panels):]:
        ax.set_visible(False)
    if title:
        fig.suptitle(title)
    fig.savefig(path, dpi=120)
