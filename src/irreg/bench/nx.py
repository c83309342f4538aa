"""``irreg bench nx``: what a NetworkX user waits for, end to end.

Per graph (NetworkX ``DiGraph`` of 10^4 to 10^7 weighted edges, built untimed):

- ``convert``: irreg's conversion (``from_networkx``: C++ walk of the adjacency dicts, CSR and
  grouped index) against ``nx.to_scipy_sparse_array(G)``, NetworkX's own fastest export.
- each dispatched function three ways: plain NetworkX, ``backend="irreg"`` on a fresh graph
  (``extra.cached = false``: conversion + kernel + building NetworkX's output), and again with the
  conversion cached in ``G.__networkx_cache__`` (``extra.cached = true``); the irreg rows at each
  ``--threads`` count (``nx.config.backends.irreg.threads``), with a thread-scaling table.

Every irreg result is checked against NetworkX's (untimed). Rows carry ``speedup_vs_networkx``.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from irreg.bench import harness as hs
from irreg.bench import report
from irreg.inputs import generate

FULL_CASES = (
    "er:1000:10000",
    "er:10000:100000",
    "er:100000:1000000",
    "rmat:16:16",
    "er:1000000:10000000",
)
QUICK_CASES = ("er:1000:10000", "rmat:10:10")
BUDGET_SECONDS = 20.0
# rows per case of convert_specs, and per function of function_specs
CONVERT_SPECS, FUNCTION_SPECS = 2, 3


@dataclass(frozen=True)
class Function:
    """A dispatched NetworkX function as the benchmark calls it (generators consumed)."""

    name: str
    call: Callable[[Any, Any, str], Any]  # (G, source, backend) -> comparable result


def _functions() -> tuple[Function, ...]:
    import networkx as nx

    return (
        Function("bfs_edges", lambda G, s, b: list(nx.bfs_edges(G, s, backend=b))),
        Function(
            "single_source_shortest_path_length",
            lambda G, s, b: nx.single_source_shortest_path_length(G, s, backend=b),
        ),
        Function(
            "single_source_dijkstra_path_length",
            lambda G, s, b: nx.single_source_dijkstra_path_length(G, s, backend=b),
        ),
        Function(
            "weakly_connected_components",
            lambda G, s, b: list(nx.weakly_connected_components(G, backend=b)),
        ),
        Function(
            "strongly_connected_components",
            lambda G, s, b: list(nx.strongly_connected_components(G, backend=b)),
        ),
        Function(
            "is_directed_acyclic_graph", lambda G, s, b: nx.is_directed_acyclic_graph(G, backend=b)
        ),
        Function("descendants", lambda G, s, b: nx.descendants(G, s, backend=b)),
        Function("ancestors", lambda G, s, b: nx.ancestors(G, s, backend=b)),
    )


# --- the CLI command ------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg bench nx``."""
    hs.add_arguments(parser, default_repeats=3, default_budget=BUDGET_SECONDS)
    parser.add_argument(
        "--case",
        nargs="+",
        action="extend",
        metavar="SPEC",
        dest="cases",
        help="generated graphs (default: er graphs of 10^4 to 10^7 edges and rmat:16:16)",
    )
    hs.add_threads_argument(parser, "thread counts of the irreg rows")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg bench nx`` for parsed options; returns the exit status."""
    if args.from_json:
        return hs.redraw(args, "nx", plot_speedups)
    harness = hs.harness_from_args("nx", args)
    cases = args.cases or (QUICK_CASES if args.quick else FULL_CASES)
    nx_benchmark(cases, harness, args.threads or hs.default_thread_counts())
    harness.report(json_path=args.json)
    if args.plot:
        plot_speedups(args.plot, harness.rows, report.machine_info())
        hs.plot_scaling_beside(args.plot, "nx", harness.rows)
    return 0


# --- the benchmark --------------------------------------------------------------------------------


def nx_benchmark(
    cases: Sequence[str], harness: hs.Harness, threads: Sequence[int] = (1,)
) -> list[hs.Row]:
    """Measures every case in turn (one graph in memory at a time); returns the new rows."""
    import networkx as nx

    rows: list[hs.Row] = []
    per_case = (1 + (CONVERT_SPECS - 1) * len(threads)
                + len(_functions()) * (1 + (FUNCTION_SPECS - 1) * len(threads)))
    harness.plan(len(cases) * per_case)
    with nx.config(warnings_to_ignore={"cache"}, backend_priority=[]):
        for spec in cases:
            G, source, name = _networkx_graph(spec)
            rows += harness.run(convert_specs(G, name, threads))
            for function in _functions():
                rows += harness.run(function_specs(G, source, name, function, threads))
            del G
            gc.collect()
    add_speedups(rows)
    return rows


def _networkx_graph(spec: str) -> tuple[Any, int, str]:
    import networkx as nx

    try:
        edges = generate(spec)
    except ValueError as err:
        raise hs.BenchError(str(err)) from None
    hs.note(f"{edges.name}: building the NetworkX DiGraph of {edges.num_edges:,} edges ...")
    G = nx.DiGraph() if edges.directed else nx.Graph()
    G.add_nodes_from(range(edges.n))
    G.add_weighted_edges_from(
        zip(edges.src.tolist(), edges.dst.tolist(), edges.weight.tolist(), strict=True)
    )
    with_edges = np.flatnonzero(np.bincount(edges.src, minlength=edges.n) > 0)
    source = int(with_edges[0]) if with_edges.size else 0
    return G, source, edges.name


@contextlib.contextmanager
def _irreg_threads(count: int) -> Iterator[None]:
    """``nx.config.backends.irreg.threads = count`` for the duration."""
    import networkx as nx

    config = nx.config.backends.irreg
    before = config.threads
    config.threads = count
    try:
        yield
    finally:
        config.threads = before


def _with_threads(count: int, call: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def run(state: Any) -> Any:
        with _irreg_threads(count):
            return call(state)

    return run


def convert_specs(G: Any, case: str, threads: Sequence[int] = (1,)) -> list[hs.Spec]:
    import networkx as nx

    from nx_irreg.backend_graph import from_networkx

    m = G.number_of_edges()
    # from_networkx walks NetworkX's dicts in Python order: one thread whatever the count, but
    # timed at each count beside the functions' rows.
    return [
        hs.Spec(
            name="convert",
            case=case,
            impl="networkx",
            run=lambda _: nx.to_scipy_sparse_array(G),
            work=m,
            work_unit="edges",
            extra={"to": "scipy.sparse (nx.to_scipy_sparse_array)"},
        ),
    ] + [
        hs.Spec(
            name="convert",
            case=case,
            impl="irreg",
            isa=_active_isa(),
            run=_with_threads(t, lambda _: from_networkx(G, "weight")),
            verify=lambda bg: _check(bg.graph.num_edges == m, "convert: edge count"),
            work=m,
            work_unit="edges",
            extra={"to": "irreg CSR + grouped index (from_networkx)"},
            threads=t,
        )
        for t in threads
    ]


def function_specs(
    G: Any, source: int, case: str, function: Function, threads: Sequence[int] = (1,)
) -> list[hs.Spec]:
    """NetworkX, then at each thread count irreg uncached (cache cleared before each run) and
    irreg cached."""
    m = G.number_of_edges()
    reference: dict[str, Any] = {}

    def keep(result: Any) -> None:
        reference["value"] = result

    def same(result: Any) -> None:
        _check(result == reference["value"], f"{function.name}: irreg differs from NetworkX")

    def clear_cache() -> None:
        G.__networkx_cache__.clear()

    def warm_cache() -> None:
        if "irreg" not in G.__networkx_cache__.get("backends", {}):
            function.call(G, source, "irreg")

    common = {"name": function.name, "case": case, "work": m, "work_unit": "edges"}
    return [
        hs.Spec(
            impl="networkx",
            run=lambda _: function.call(G, source, "networkx"),
            verify=keep,
            **common,
        ),
    ] + [
        hs.Spec(
            impl="irreg",
            variant="cached" if cached else "uncached",  # separate series in the scaling table
            isa=_active_isa(),
            setup=setup,
            run=_with_threads(t, lambda _: function.call(G, source, "irreg")),
            verify=same,
            extra={"cached": cached},
            threads=t,
            **common,
        )
        for t in threads
        for cached, setup in ((False, clear_cache), (True, warm_cache))
    ]


def add_speedups(rows: Sequence[hs.Row]) -> None:
    """``extra.speedup_vs_networkx`` on every irreg row whose NetworkX row was timed."""
    for row in rows:
        if row.impl != "irreg" or row.skipped:
            continue
        peer = next(
            (r for r in rows if r.impl == "networkx" and r.name == row.name and r.case == row.case),
            None,
        )
        if peer is not None and not peer.skipped and row.seconds:
            row.extra["speedup_vs_networkx"] = round(peer.seconds / row.seconds, 2)


def _active_isa() -> str:
    from nx_irreg import active_isa

    return active_isa()


def plot_speedups(
    path: str | os.PathLike[str], rows: Sequence[hs.Row], machine: dict | None = None
) -> None:
    """Speedup over NetworkX per function and graph: uncached (with conversion) and cached;
    ``machine`` (the JSON's) names the CPU in the title."""
    report.require_matplotlib()
    from matplotlib.figure import Figure

    names = list(dict.fromkeys(r.name for r in rows))
    cases = list(dict.fromkeys(r.case for r in rows))
    fig = Figure(figsize=(12, 2.8 * len(names)), layout="constrained")
    axes = fig.subplots(len(names), 1, squeeze=False).ravel()

    def speedup(name: str, case: str, cached: bool | None) -> float | None:
        for r in rows:  # the single-thread rows (the scaling chart shows the others)
            if (
                (r.impl, r.name, r.case) == ("irreg", name, case)
                and r.extra.get("cached") is cached
                and report.threads_of(r) == 1
            ):
                return r.extra.get("speedup_vs_networkx")
        return None

    for ax, name in zip(axes, names, strict=True):
        kinds = (
            [("irreg from_networkx vs nx.to_scipy_sparse_array", None)]
            if name == "convert"
            else [("uncached (conversion included)", False), ("cached conversion", True)]
        )
        series = [(label, lambda c, n=name, k=cached: speedup(n, c, k)) for label, cached in kinds]
        report.speedup_panel(ax, name, cases, series, "speedup over NetworkX")
    fig.suptitle(report.figure_title("nx", machine, "single thread"))
    fig.savefig(path, dpi=120)


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise hs.BenchError(what)
