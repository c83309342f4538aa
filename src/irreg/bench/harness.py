"""The one harness every ``irreg bench ...`` command shares (DESIGN §11).

A benchmark describes what to measure as a list of :class:`Spec`; :class:`Harness` runs them in
order. It owns the timing: per spec, ``warmup`` untimed runs, then ``repeats`` timed ones, each
preceded by the spec's untimed ``setup`` and followed by its untimed ``verify`` and ``teardown``;
only ``run`` sits between the two ``time.perf_counter()`` reads, with the garbage collector off.
Kernels never time themselves. A spec with a ``skip_reason`` (a peer that is not installed, an ISA
this CPU cannot run) becomes a row with null times, so nothing is silently dropped.

Progress goes to stderr, one line per measurement or step, counted over the whole run as
``[i/N] label ... result``: a benchmark declares N with :meth:`Harness.plan` before it starts, and
steps that are not timed specs (a simulation, say) are counted with :meth:`Harness.step`. A step
still running after a minute adds ``(1 min)``, ``(2 min)``, ... to its line, so a long run never
goes silent.

Rows follow the JSON schema of DESIGN §11; :mod:`irreg.bench.report` presents them (table, JSON,
plot) and records the machine they were taken on.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from irreg.bench.report import (
    figure_title,
    format_seconds,
    machine_info,
    plot_rows,
    plot_scaling,
    print_scaling,
    print_table,
    require_matplotlib,
    scaling_groups,
    write_json,
)
from irreg.bench.row import ROW_KEYS, Row
from irreg.command_line import (
    UsageError,
    check_output,
    non_negative_int,
    positive_int,
    thread_counts,
)

HEARTBEAT_SECONDS = 60.0

class Declined(Exception):
    """A peer that will not run what was asked of it (its row is reported as skipped)."""


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
    threads : int, optional
        The thread count the spec runs on; the progress label shows it and the row records it
        as ``extra["threads"]`` (the thread-scaling table groups rows by it).
    trials : callable, optional
        Instead of ``run``: a peer that is a separate program with its own timer around its
        kernel (GAPBS's ``Trial Time``), called once with the repeat count; it returns the
        seconds of each trial, and the row says ``timed_by`` the peer. Process start and graph
        loading are outside its trials, as ``setup`` is outside ours.
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
    threads: int | None = None
    trials: Callable[[int], list[float]] | None = None


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
    total: int | None = None
    started: int = 0

    def __post_init__(self) -> None:
        if self.repeats < 1 or self.warmup < 0:
            raise BenchError(
                f"repeats must be >= 1 and warmup >= 0, got {self.repeats}, {self.warmup}"
            )

    def plan(self, total: int) -> None:
        """Declares how many measurements and steps the whole run makes: the N of ``[i/N]``.

        Without a plan, each :meth:`run` extends N by its own specs."""
        self.total = self.started + total

    def run(self, specs: Sequence[Spec]) -> list[Row]:
        """Measures ``specs`` in order, appends their rows to ``self.rows`` and returns them."""
        self.total = max(self.total or 0, self.started + len(specs))
        new_rows = [self._measure(spec) for spec in specs]
        self.rows.extend(new_rows)
        return new_rows

    @contextlib.contextmanager
    def step(self, label: str) -> Iterator[None]:
        """Counts and reports one untimed step (``[i/N] label ... 1.2 s``), e.g. a simulation
        whose result is made into a row by the benchmark itself."""
        self._begin(label)
        start = time.perf_counter()
        with self._running():
            yield
        self._say(f"{format_seconds(time.perf_counter() - start)}\n")

    def _begin(self, label: str) -> None:
        self.started += 1
        if self.total is None or self.total < self.started:
            self.total = self.started  # a plan that fell short: never print i > N
        self._say(f"[{self.started}/{self.total}] {label} ... ")

    @contextlib.contextmanager
    def _running(self) -> Iterator[None]:
        """While the body runs past a minute, appends ``(k min)`` to the line every minute; on
        an error, ends the line so that the message starts on its own."""
        done = threading.Event()

        def beat() -> None:
            minutes = 0.0
            while not done.wait(HEARTBEAT_SECONDS):
                minutes += HEARTBEAT_SECONDS / 60
                self._say(f"({minutes:g} min) ")

        thread = threading.Thread(target=beat, name="irreg-bench-heartbeat", daemon=True)
        thread.start()
        try:
            yield
        except BaseException:
            done.set()
            thread.join()
            self._say("failed\n")
            raise
        done.set()
        thread.join()

    def _measure(self, spec: Spec) -> Row:
        label = " ".join(
            part for part in (spec.name, spec.case, spec.impl, spec.variant, spec.isa) if part
        ) + (f" {spec.threads} thr" if spec.threads is not None else "")
        self._begin(label)
        if spec.skip_reason is not None or (spec.run is None and spec.trials is None):
            reason = spec.skip_reason or "nothing to run"
            self._say(f"skipped: {reason}\n")
            return _row(spec, [], {**({} if spec.threads is None else {"threads": spec.threads}),
                                   "skipped": reason})
        if spec.trials is not None:
            try:
                with self._running():
                    times = list(spec.trials(self.repeats))
            except Declined as declined:
                self._say(f"skipped: {declined}\n")
                return _row(spec, [], {**({} if spec.threads is None else
                                          {"threads": spec.threads}), "skipped": str(declined)})
            self._say(f"{format_seconds(statistics.median(times))}\n")
            return _row(spec, times, {**_extra(spec, None), "timed_by": spec.impl})
        with self._running():
            times, result = self._repeat(spec)
        self._say(f"{format_seconds(statistics.median(times))}\n")
        return _row(spec, times, _extra(spec, result))

    def _repeat(self, spec: Spec) -> tuple[list[float], Any]:
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
        return times, result

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
        print_scaling(self.rows, out if out is not None else sys.stdout)
        if json_path is not None:
            write_json(json_path, self.benchmark, self.rows)
        if plot_path is not None:
            plot_rows(plot_path, self.rows, title=figure_title(self.benchmark, machine_info()))


def default_thread_counts() -> tuple[int, ...]:
    """``--threads``' default: 1 and every usable core (:func:`irreg.threads.default_threads`)."""
    from irreg.threads import default_threads

    return tuple(dict.fromkeys((1, default_threads())))


def add_threads_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--threads N,N,...`` of a benchmark (its rows at each count, and a scaling table)."""
    parser.add_argument(
        "--threads", type=thread_counts, metavar="N,N,...",
        help=f"{what} (default: 1 and every usable core)",
    )


def plot_scaling_beside(plot: str | os.PathLike[str], benchmark: str, rows: Sequence[Row],
                        machine: Mapping[str, Any] | None = None) -> None:
    """With rows at several thread counts, their scaling plot beside ``--plot FILE``:
    ``FILE-threads.png`` (``machine``: a saved run's, else this one). Rows marked
    ``extra["parallel"] = False`` (code that runs on one thread whatever the count) stay in the
    table but not in the plot, where they would only be flat lines."""
    rows = [r for r in rows if r.extra.get("parallel", True) is not False]
    if not scaling_groups(rows):
        return
    root, ext = os.path.splitext(os.fspath(plot))
    path = f"{root}-threads{ext or '.png'}"
    plot_scaling(path, rows, title=figure_title(f"{benchmark} --threads",
                                                machine or machine_info()))
    note(f"thread-scaling plot: {path}")


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
    extra = {} if spec.threads is None else {"threads": spec.threads}
    if spec.extra is not None:
        extra.update(spec.extra(result) if callable(spec.extra) else spec.extra)
    return extra


# --- the options every bench command takes --------------------------------------------------------


EMULATED_ISA = "avx512-emu"  # SIMDe's AVX-512: proves the kernels, too slow to time at full size


def add_isa_argument(parser: argparse.ArgumentParser, help_text: str) -> None:
    """``--isa ISA [ISA ...]``: the ISAs a benchmark times (see :func:`select_isas`)."""
    import irreg

    parser.add_argument(
        "--isa",
        nargs="+",
        action="extend",
        metavar="ISA",
        help=f"{help_text}; one of {', '.join(irreg.compiled_isas())}",
    )


def select_isas(requested: Sequence[str] | None, *, quick: bool) -> list[tuple[str, str | None]]:
    """``(isa, skip_reason)`` per ISA a benchmark reports, best first; the reason is None for
    those to run. Default: every ISA of the build, the emulated one skipped at full size (slow)
    unless ``quick``; an ISA this CPU cannot run is reported with the reason, never dropped.

    Raises
    ------
    BenchError
        If a requested name is not an ISA of this build.
    """
    import irreg

    compiled = list(irreg.compiled_isas())
    runnable = list(irreg.available_isas())
    for isa in requested or ():
        if isa not in compiled:
            raise BenchError(f"unknown ISA {isa!r}; expected one of {', '.join(compiled)}")
    wanted = set(requested or compiled)
    order = runnable + [isa for isa in compiled if isa not in runnable]

    def skip_reason(isa: str) -> str | None:
        if isa not in runnable:
            return f"this CPU cannot run {isa}"
        if isa == EMULATED_ISA and not quick and not requested:
            return f"emulated, slow at full size: use --quick or --isa {EMULATED_ISA}"
        return None

    return [(isa, skip_reason(isa)) for isa in order if isa in wanted]


def runnable_isas(requested: Sequence[str] | None, *, quick: bool) -> list[str]:
    """The ISAs of :func:`select_isas` that run; a requested one that cannot is an error."""
    chosen = []
    for isa, skip in select_isas(requested, quick=quick):
        if skip is None:
            chosen.append(isa)
        elif requested:
            raise BenchError(f"--isa {isa}: {skip}")
    return chosen


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
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the chart (matplotlib)")
    parser.add_argument(
        "--from-json",
        metavar="FILE",
        help="run nothing: print the table of rows saved by --json FILE and, with --plot, "
        "redraw their chart (e.g. --from-json results.json --plot results.png)",
    )
    if default_budget is not None:
        parser.add_argument(
            "--budget",
            type=float,
            default=default_budget,
            metavar="S",
            help="seconds per measurement: slower ones are repeated less "
            f"(default {default_budget:g})",
        )


Plotter = Callable[[str, Sequence[Row], Mapping[str, Any]], None]
"""A benchmark's chart: ``(path, rows, machine)``, machine as :func:`irreg.machine.machine_info`."""


def redraw(args: argparse.Namespace, benchmark: str, plot: Plotter) -> int:
    """``--from-json FILE``: the table of FILE's rows, and ``plot`` of them to ``--plot``.

    Raises
    ------
    BenchError
        If FILE cannot be read, is not a result of ``benchmark``, or ``--json`` is also given.
    """
    if args.json is not None:
        raise BenchError("--from-json runs nothing, so there is no new --json to write")
    rows, machine = load_rows(args.from_json, benchmark)
    if args.plot is not None:
        require_matplotlib(args.plot)
        check_output("--plot", args.plot)
    print_table(rows, sys.stdout)
    print_scaling(rows, sys.stdout)
    if args.plot is not None:
        plot(args.plot, rows, machine)
        plot_scaling_beside(args.plot, benchmark, rows, machine)
    return 0


def load_rows(path: str | os.PathLike[str], benchmark: str) -> tuple[list[Row], dict[str, Any]]:
    """The rows and machine of a JSON result that ``--json`` wrote for ``benchmark``."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BenchError(f"--from-json {path}: {exc}") from None
    if not isinstance(document, dict) or not isinstance(document.get("rows"), list):
        raise BenchError(f"--from-json {path}: not a benchmark result (no rows)")
    if document.get("benchmark") != benchmark:
        raise BenchError(
            f"--from-json {path}: rows of 'irreg bench {document.get('benchmark')}', "
            f"not of 'irreg bench {benchmark}'"
        )
    try:
        rows = [
            Row(**{key: row[key] for key in ROW_KEYS if key != "extra"}, extra=row["extra"] or {})
            for row in document["rows"]
        ]
    except (KeyError, TypeError) as exc:
        raise BenchError(f"--from-json {path}: a row lacks {exc}") from None
    return rows, dict(document.get("machine") or {})


def harness_from_args(benchmark: str, args: argparse.Namespace) -> Harness:
    """A :class:`Harness` for parsed :func:`add_arguments` options, outputs checked up front.

    Raises
    ------
    BenchError
        If an output's folder does not exist, or ``--plot`` is given without matplotlib, so that
        a long run never ends in a failure to save it.
    """
    if args.plot is not None:
        require_matplotlib(args.plot)
    for option, path in (("--json", args.json), ("--plot", args.plot)):
        check_output(option, path)
    return Harness(
        benchmark,
        repeats=args.repeats,
        warmup=args.warmup,
        budget_seconds=getattr(args, "budget", None),
    )
