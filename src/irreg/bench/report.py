"""How benchmark rows are presented and recorded: the table, the JSON of DESIGN §11, the plots,
and the machine they were taken on."""

from __future__ import annotations

import json
import math
import os
import platform
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from irreg.cli.args import MissingDependencyError

if TYPE_CHECKING:
    from irreg.bench.harness import Row


# --- the machine ---------------------------------------------------------------------------------


def machine_info() -> dict[str, Any]:
    """``{"cpu", "cores", "isas"}`` of this machine, as every JSON result records it."""
    import nx_irreg

    return {"cpu": cpu_model(), "cores": os.cpu_count(), "isas": list(nx_irreg.available_isas())}


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, else what ``platform`` knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as cpuinfo:
            for line in cpuinfo:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Processor", "cpu model") and value.strip():
                    return value.strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


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


def format_seconds(seconds: float) -> str:
    """``0.00123`` -> ``"1.230 ms"``."""
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "us")):
        if seconds >= scale:
            return f"{seconds / scale:.3f} {unit}"
    return f"{seconds / 1e-9:.1f} ns"


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
    import nx_irreg

    document = {
        "benchmark": benchmark,
        "irreg_version": nx_irreg.__version__,
        "machine": machine_info(),
        "rows": [row.to_dict() for row in rows],
    }
    Path(path).write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


def speedup_panel(
    ax: Any,
    title: str,
    cases: Sequence[str],
    series: Sequence[tuple[str, Callable[[str], float | None]]],
    ylabel: str,
) -> None:
    """One log-scale panel of grouped bars: per case, one bar per ``(label, value_of_case)``
    series (``None``: no bar), with the break-even line at 1."""
    width = 0.8 / max(1, len(series))
    for k, (label, value_of) in enumerate(series):
        xs, ys = [], []
        for c, case in enumerate(cases):
            value = value_of(case)
            if value is not None:
                xs.append(c - 0.4 + (k + 0.5) * width)
                ys.append(value)
        ax.bar(xs, ys, width, label=label, color=f"C{k % 10}")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xticks(range(len(cases)), cases)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=7, ncols=4)


def require_matplotlib() -> None:
    """Raises :class:`MissingDependencyError` unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise MissingDependencyError(
            "--plot needs matplotlib, which is not installed: pip install matplotlib"
        ) from exc


def plot_rows(path: str | os.PathLike[str], rows: Sequence[Row], *, title: str = "") -> None:
    """Bar chart of throughput: one panel per ``name``, bars grouped by ``case``.

    Each bar is one (impl, variant, isa) series; skipped rows are marked where their bar would be.
    """
    require_matplotlib()
    from matplotlib.figure import Figure

    names = list(dict.fromkeys(row.name for row in rows))
    ncols = 2 if len(names) > 1 else 1
    nrows = max(1, math.ceil(len(names) / ncols))
    fig = Figure(figsize=(7 * ncols, 3.6 * nrows), layout="constrained")
    axes = fig.subplots(nrows, ncols, squeeze=False).ravel()
    for ax, name in zip(axes, names, strict=False):
        _plot_panel(ax, [row for row in rows if row.name == name], name)
    for ax in axes[len(names) :]:
        ax.set_visible(False)
    if title:
        fig.suptitle(title)
    fig.savefig(path, dpi=120)


def _plot_panel(ax: Any, rows: Sequence[Row], name: str) -> None:
    from matplotlib.ticker import EngFormatter

    cases = list(dict.fromkeys(row.case for row in rows))
    colors = {
        label: f"C{k % 10}" for k, label in enumerate(dict.fromkeys(map(_series_label, rows)))
    }
    for position, case in enumerate(cases):
        in_case = [row for row in rows if row.case == case]
        width = 0.8 / len(in_case)
        for k, row in enumerate(in_case):
            x = position - 0.4 + (k + 0.5) * width
            label = _series_label(row)
            ax.bar(x, row.throughput or 0.0, width, color=colors[label], label=label)
            if row.skipped:
                ax.text(x, 0, "skipped", rotation=90, ha="center", va="bottom", fontsize=7)
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=False))
    ax.legend(
        unique.values(), unique.keys(), fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0)
    )
    ax.set_xticks(range(len(cases)), cases, rotation=20, ha="right", fontsize=8)
    ax.set_title(name)
    units = {row.work_unit for row in rows}
    ax.set_ylabel(f"{units.pop()}/s" if len(units) == 1 else "work/s")
    ax.yaxis.set_major_formatter(EngFormatter())


def _series_label(row: Row) -> str:
    return " ".join(part for part in (row.impl, row.variant, row.isa) if part)
