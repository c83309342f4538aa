"""The one harness every ``irreg bench ...`` command shares (DESIGN §11).

A benchmark describes what to measure as a list of :class:`Spec`; :class:`Harness` runs them in
order. It owns the timing: per spec, ``warmup`` untimed runs, then ``repeats`` timed ones, each
preceded by the spec's untimed ``setup`` and followed by its untimed ``verify`` and ``teardown``;
only ``run`` sits between the two ``time.perf_counter()`` reads, with the garbage collector off.
Kernels never time themselves. A spec with a ``skip_reason`` (a peer that is not installed, an ISA
this CPU cannot run) becomes a row with null times, so nothing is silently dropped.

Rows follow the JSON schema of DESIGN §11; :func:`print_table`, :func:`write_json` and
:func:`plot_rows` present them, and :func:`machine_info` records where they were taken.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

ROW_KEYS = (
    "name",
    "case",
    "impl",
    "variant",
    "isa",
    "seconds",
    "min_seconds",
    "max_seconds",
    "repeats",
    "work",
    "work_unit",
    "extra",
)


class BenchError(Exception):
    """A benchmark request that cannot be served as given; the CLI shows the message alone."""


class MissingDependencyError(BenchError, ImportError):
    """An optional package the request needs is not installed."""


@dataclass
class Spec:
    """What to measure, and how to label it.

    Parameters
    ----------
    name, case : str
        What is timed (an algorithm or a phase) and on which input.
    run : callable, optional
        The timed call. It receives what ``setup`` returned (None without a setup); what it returns
        goes to ``verify`` and, for the last repeat, to ``extra``. None only for a skipped spec.
    impl : str
        Whose code runs: ``"irreg"`` or a peer (``"networkx"``, ``"scipy"``, ...).
    variant, isa : str, optional
        Which of ours; None for peers.
    setup : callable, optional
        Untimed, before every run; builds fresh state (e.g. an index that ``run`` mutates).
    verify : callable, optional
        Untimed, after every run, on its result; raises if the result is wrong.
    teardown : callable, optional
        Untimed, after every run, on the state ``setup`` returned.
    work, work_unit : float, str
        Amount of work one run does and its unit; throughput is ``work / seconds``.
    extra : mapping or callable, optional
        Extra row fields, or a function of the last repeat's result that returns them.
    skip_reason : str, optional
        Why this spec is not run; it is reported as a skipped row.
    """

    name: str
    case: str
    run: Callable[[Any], Any] | None = None
    impl: str = "irreg"
    variant: str | None = None
    isa: str | None = None
    setup: Callable[[], Any] | None = None
    verify: Callable[[Any], None] | None = None
    teardown: Callable[[Any], None] | None = None
    work: float = 0
    work_unit: str = ""
    extra: Mapping[str, Any] | Callable[[Any], Mapping[str, Any]] | None = None
    skip_reason: str | None = None


@dataclass
class Row:
    """One result line, exactly the DESIGN §11 row; times are None for a skipped row."""

    name: str
    case: str
    impl: str
    variant: str | None
    isa: str | None
    seconds: float | None
    min_seconds: float | None
    max_seconds: float | None
    repeats: int
    work: float
    work_unit: str
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def skipped(self) -> bool:
        return self.seconds is None

    @property
    def throughput(self) -> float | None:
        """Work per second of the median run, None when skipped or not timeable."""
        if self.seconds is None or self.seconds <= 0 or not self.work:
            return None
        return self.work / self.seconds

    def to_dict(self) -> dict[str, Any]:
        """The row as DESIGN §11's JSON object, keys in schema order."""
        return {key: _jsonable(getattr(self, key)) for key in ROW_KEYS}


@dataclass
class Harness:
    """Runs specs with warm-up and repeats, reports progress, and keeps the rows.

    Parameters
    ----------
    benchmark : str
        Name written to the JSON (``"index"``, ``"graph"``, ...).
    repeats : int
        Timed runs per spec; the row reports their median, min and max.
    warmup : int
        Untimed runs per spec before the timed ones.
    progress : file, optional
        Where the per-measurement progress lines go (default: ``sys.stderr``).
    budget_seconds : float, optional
        Rough time allowed per spec: when the first run shows that ``repeats`` runs would take
        longer, fewer are made (at least one; a warm-up run longer than the whole budget is
        itself the measurement); the row's ``repeats`` says how many.
    """

    benchmark: str
    repeats: int = 5
    warmup: int = 1
    progress: TextIO | None = None
    budget_seconds: float | None = None
    rows: list[Row] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.repeats < 1 or self.warmup < 0:
            raise BenchError(
                f"repeats must be >= 1 and warmup >= 0, got {self.repeats}, {self.warmup}"
            )

    def run(self, specs: Sequence[Spec]) -> list[Row]:
        """Measures ``specs`` in order, appends their rows to ``self.rows`` and returns them."""
        new_rows = [self._measure(spec, k + 1, len(specs)) for k, spec in enumerate(specs)]
        self.rows.extend(new_rows)
        return new_rows

    def _measure(self, spec: Spec, number: int, total: int) -> Row:
        label = " ".join(
            part for part in (spec.name, spec.case, spec.impl, spec.variant, spec.isa) if part
        )
        self._say(f"[{number}/{total}] {label} ... ")
        if spec.skip_reason is not None or spec.run is None:
            reason = spec.skip_reason or "nothing to run"
            self._say(f"skipped: {reason}\n")
            return _row(spec, [], {"skipped": reason})
        first: float | None = None
        times: list[float] = []
        result: Any = None
        for _ in range(self.warmup):
            seconds, result = time_once(spec)
            first = seconds if first is None else first
            if self.budget_seconds is not None and seconds > self.budget_seconds:
                times.append(seconds)  # too slow to repeat: the warm-up run is the measurement
                break
        repeats = self.repeats if not times else 1
        while len(times) < repeats:
            result = None  # frees the previous result before the next setup
            seconds, result = time_once(spec)
            times.append(seconds)
            first = seconds if first is None else first
            if self.budget_seconds is not None and first > 0:
                repeats = max(1, min(self.repeats, int(self.budget_seconds / first)))
        self._say(f"{format_seconds(statistics.median(times))}\n")
        return _row(spec, times, _extra(spec, result))

    def _say(self, text: str) -> None:
        stream = self.progress if self.progress is not None else sys.stderr
        stream.write(text)
        stream.flush()

    def report(
        self,
        *,
        json_path: str | os.PathLike[str] | None = None,
        plot_path: str | os.PathLike[str] | None = None,
        out: TextIO | None = None,
    ) -> None:
        """Prints the table, then writes the JSON and the plot where asked."""
        print_table(self.rows, out if out is not None else sys.stdout)
        if json_path is not None:
            write_json(json_path, self.benchmark, self.rows)
        if plot_path is not None:
            plot_rows(plot_path, self.rows, title=f"irreg bench {self.benchmark}")


def note(text: str) -> None:
    """A progress line on stderr (set-up steps that are not measurements)."""
    print(text, file=sys.stderr, flush=True)


def time_once(spec: Spec) -> tuple[float, Any]:
    """One setup / timed run / verify / teardown cycle; returns (seconds, result)."""
    assert spec.run is not None
    state = spec.setup() if spec.setup is not None else None
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        result = spec.run(state)
        seconds = time.perf_counter() - start
    finally:
        if gc_was_enabled:
            gc.enable()
    if spec.verify is not None:
        spec.verify(result)
    if spec.teardown is not None:
        spec.teardown(state)
    return seconds, result


def _row(spec: Spec, times: Sequence[float], extra: Mapping[str, Any]) -> Row:
    return Row(
        name=spec.name,
        case=spec.case,
        impl=spec.impl,
        variant=spec.variant,
        isa=spec.isa,
        seconds=statistics.median(times) if times else None,
        min_seconds=min(times) if times else None,
        max_seconds=max(times) if times else None,
        repeats=len(times),
        work=spec.work,
        work_unit=spec.work_unit,
        extra=dict(extra),
    )


def _extra(spec: Spec, result: Any) -> dict[str, Any]:
    if spec.extra is None:
        return {}
    return dict(spec.extra(result) if callable(spec.extra) else spec.extra)


def _jsonable(value: Any) -> Any:
    """Plain JSON types for NumPy scalars and arrays, recursively."""
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    if hasattr(value, "tolist"):  # NumPy scalar or array
        return value.tolist()
    return value


# --- the options every bench command takes --------------------------------------------------------


def add_arguments(
    parser: argparse.ArgumentParser,
    *,
    default_repeats: int = 5,
    default_budget: float | None = None,
) -> None:
    """Adds ``--quick``, ``--repeats``, ``--warmup``, ``--json`` and ``--plot`` to ``parser``, and
    ``--budget`` (see :class:`Harness`) when ``default_budget`` is given."""
    parser.add_argument("--quick", action="store_true", help="reduced size, for smoke tests")
    parser.add_argument(
        "--repeats",
        type=positive_int,
        default=default_repeats,
        metavar="N",
        help=f"timed runs per measurement; the median is reported (default {default_repeats})",
    )
    parser.add_argument(
        "--warmup",
        type=non_negative_int,
        default=1,
        metavar="N",
        help="untimed runs before the timed ones (default 1)",
    )
    parser.add_argument("--json", metavar="FILE", help="also write the rows to FILE as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw a bar chart (matplotlib)")
    if default_budget is not None:
        parser.add_argument(
            "--budget",
            type=float,
            default=default_budget,
            metavar="S",
            help="seconds per measurement: slower ones are repeated less "
            f"(default {default_budget:g})",
        )


def harness_from_args(benchmark: str, args: argparse.Namespace) -> Harness:
    """A :class:`Harness` for parsed :func:`add_arguments` options, outputs checked up front.

    Raises
    ------
    BenchError
        If an output's folder does not exist, or ``--plot`` is given without matplotlib, so that
        a long run never ends in a failure to save it.
    """
    if args.plot is not None:
        require_matplotlib()
    for option, path in (("--json", args.json), ("--plot", args.plot)):
        if path is not None and not Path(path).resolve().parent.is_dir():
            raise BenchError(f"{option} {path}: folder {Path(path).parent} does not exist")
    return Harness(
        benchmark,
        repeats=args.repeats,
        warmup=args.warmup,
        budget_seconds=getattr(args, "budget", None),
    )


def positive_int(text: str) -> int:
    """argparse type: an integer >= 1."""
    return _int_at_least(text, 1)


def non_negative_int(text: str) -> int:
    """argparse type: an integer >= 0."""
    return _int_at_least(text, 0)


def _int_at_least(text: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer, got {text!r}") from None
    if value < low:
        raise argparse.ArgumentTypeError(f"expected an integer >= {low}, got {value}")
    return value


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
