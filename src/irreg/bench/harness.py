"""The one harness every ``irreg bench ...`` command shares (DESIGN §11).

A benchmark describes what to measure as a list of :class:`Spec`; :class:`Harness` runs them in
order. It owns the timing: per spec, ``warmup`` untimed runs, then ``repeats`` timed ones, each
preceded by the spec's untimed ``setup`` and followed by its untimed ``verify`` and ``teardown``;
only ``run`` sits between the two ``time.perf_counter()`` reads, with the garbage collector off.
Kernels never time themselves. A spec with a ``skip_reason`` (a peer that is not installed, an ISA
this CPU cannot run) becomes a row with null times, so nothing is silently dropped.

Rows follow the JSON schema of DESIGN §11; :mod:`irreg.bench.report` presents them (table, JSON,
plot) and records the machine they were taken on.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from irreg.bench.report import format_seconds, plot_rows, print_table, require_matplotlib, write_json
from irreg.cli.args import UsageError, non_negative_int, positive_int

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


class BenchError(UsageError):
    """A benchmark request that cannot be served as given; the CLI shows the message alone."""


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
