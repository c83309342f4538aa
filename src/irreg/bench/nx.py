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
from irreg.machine import machine_info

FULL_CASES = (
    "er:1000:10000",
    "er:10000:100000",
    "er:100000:1000000",
    "rmat:16:16",
    "grid:1000:1000",
    "er:1000000:10000000",
)
QUICK_CASES = ("er:1000:10000", "rmat:10:10")
BUDGET_SECONDS = 20.0
# rows per case of convert_specs, and per function of function_specs
CONVERT_SPECS, FUNCTION_SPECS = 2, 3


# Every node a source: NetworkX takes minutes past this many edges.
ALL_PAIRS_MAX_EDGES = 200_000
# Paths to every node: NetworkX's lists and ours, 8 bytes an entry each (a 1000 x 1000 grid's
# would be about 10^9 entries, 16 GB).
MAX_PATH_ENTRIES = 200_000_000


@dataclass(frozen=True)
class Function:
    """A dispatched NetworkX function as the benchmark calls it (generators consumed).

    ``call(G, ends, backend)`` gets ``ends = (source, target)``: a source with out-edges and the
    node farthest from it in hops. ``max_edges``: larger graphs skip it.
    """

    name: str
    call: Callable[[Any, Any, str], Any]  # (G, (source, target), backend) -> comparable result
    max_edges: int | None = None
    directed_only: bool = False
    every_path: bool = False  # builds a path to every node: n x depth list entries
    parallel: bool = False  # has a threaded path (the others are serial: NetworkX's order)

    def skip_reason(self, G: Any, depth: int) -> str | None:
        """Why this function is not timed on ``G`` (``depth``: hops to the farthest node)."""
        if self.directed_only and not G.is_directed():
            return "directed graphs only"
        if self.max_edges is not None and G.number_of_edges() > self.max_edges:
            return f"more than {self.max_edges:,} edges: NetworkX would take too long"
        if self.every_path and len(G) * depth > MAX_PATH_ENTRIES:
            return (f"paths to all {len(G):,} nodes, up to {depth} hops deep: too many list "
                    "entries to hold twice")
        return None


def _all_pairs_lengths_read(G: Any, backend: str) -> int:
    """Every length of ``all_pairs_shortest_path_length`` read, as a user summing them would."""
    import networkx as nx

    return sum(sum(lengths.values()) for _, lengths in
               nx.all_pairs_shortest_path_length(G, backend=backend))


def _all_pairs_iterated(G: Any, backend: str) -> int:
    """``all_pairs_shortest_path_length`` iterated to the end, each dict's size taken."""
    import networkx as nx

    return sum(len(lengths) for _, lengths in
               nx.all_pairs_shortest_path_length(G, backend=backend))


def _functions() -> tuple[Function, ...]:
    import networkx as nx

    return (
        Function("bfs_edges", lambda G, e, b: list(nx.bfs_edges(G, e[0], backend=b))),
        Function(
            "single_source_shortest_path_length",
            lambda G, e, b: nx.single_source_shortest_path_length(G, e[0], backend=b),
        ),
        Function(
            "single_source_dijkstra_path_length",
            lambda G, e, b: nx.single_source_dijkstra_path_length(G, e[0], backend=b),
        ),
        Function(
            "weakly_connected_components",
            lambda G, e, b: list(nx.weakly_connected_components(G, backend=b)),
            directed_only=True,
            parallel=True,
        ),
        Function(
            "strongly_connected_components",
            lambda G, e, b: list(nx.strongly_connected_components(G, backend=b)),
            directed_only=True,
        ),
        Function(
            "is_directed_acyclic_graph",
            lambda G, e, b: nx.is_directed_acyclic_graph(G, backend=b),
            directed_only=True,
        ),
        Function("descendants", lambda G, e, b: nx.descendants(G, e[0], backend=b),
                 parallel=True),
        Function("ancestors", lambda G, e, b: nx.ancestors(G, e[0], backend=b), parallel=True),
        Function(
            "shortest_path (source to target, weighted)",
            lambda G, e, b: nx.shortest_path(G, e[0], e[1], weight="weight", backend=b),
        ),
        Function(
            "single_source_dijkstra (lengths and paths)",
            lambda G, e, b: nx.single_source_dijkstra(G, e[0], backend=b),
            every_path=True,
        ),
        Function(
            "all_pairs_shortest_path_length (every length read)",
            lambda G, e, b: _all_pairs_lengths_read(G, b),
            max_edges=ALL_PAIRS_MAX_EDGES,
            parallel=True,
        ),
        Function(
            "all_pairs_shortest_path_length (iterated)",
            lambda G, e, b: _all_pairs_iterated(G, b),
            max_edges=ALL_PAIRS_MAX_EDGES,
            parallel=True,
        ),
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
        help="generated graphs (default: er graphs of 10^4 to 10^7 edges, rmat:16:16 and the "
        "road-like grid:1000:1000)",
    )
    parser.add_argument(
        "--function",
        nargs="+",
        action="extend",
        metavar="NAME",
        dest="functions",
        help="time only the functions whose names start with these (default: all; "
        "'convert' is always timed)",
    )
    hs.add_threads_argument(parser, "thread counts of the irreg rows")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg bench nx`` for parsed options; returns the exit status."""
    if args.from_json:
        return hs.redraw(args, "nx", plot_speedups)
    harness = hs.harness_from_args("nx", args)
    cases = args.cases or (QUICK_CASES if args.quick else FULL_CASES)
    nx_benchmark(cases, harness, args.threads or hs.default_thread_counts(), args.functions)
    harness.report(json_path=args.json)
    if args.plot:
        plot_speedups(args.plot, harness.rows, machine_info())
        hs.plot_scaling_beside(args.plot, "nx", harness.rows)
    return 0


# --- the benchmark --------------------------------------------------------------------------------


def nx_benchmark(
    cases: Sequence[str],
    harness: hs.Harness,
    threads: Sequence[int] = (1,),
    only: Sequence[str] | None = None,
) -> list[hs.Row]:
    """Measures every case in turn (one graph in memory at a time); returns the new rows.
    ``only``: prefixes of the function names to time (None: every function)."""
    import networkx as nx

    functions = [f for f in _functions() if not only or f.name.startswith(tuple(only))]
    if only and not functions:
        raise hs.BenchError(f"no function starts with {', '.join(only)}")
    rows: list[hs.Row] = []
    per_function = 1 + (FUNCTION_SPECS - 1) * len(threads)
    harness.plan(len(cases) * (1 + (CONVERT_SPECS - 1) * len(threads))
                 + len(cases) * len(functions) * per_function)
    with nx.config(warnings_to_ignore={"cache"}, backend_priority=[]):
        for spec in cases:
            G, ends, depth, name, graph_bytes = _networkx_graph(spec)
            rows += harness.run(convert_specs(G, name, threads))
            for function in functions:
                why = function.skip_reason(G, depth)
                if why is not None:
                    rows += harness.run(_skipped(function, why, name, threads))
                    continue
                timed = harness.run(function_specs(G, ends, name, function, threads))
                if function.name.startswith("all_pairs"):
                    _add_peak_memory(G, function, graph_bytes, timed)
                rows += timed
            del G
            gc.collect()
    add_speedups(rows)
    return rows


def _skipped(function: Function, why: str, case: str, threads: Sequence[int]) -> list[hs.Spec]:
    irreg = [hs.Spec(name=function.name, case=case, impl="irreg", skip_reason=why, threads=t,
                     variant=kind) for t in threads for kind in ("uncached", "cached")]
    return [hs.Spec(name=function.name, case=case, impl="networkx", skip_reason=why), *irreg]


def _rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _peak_rss_growth(call: Callable[[], Any]) -> int:
    """The most the resident set grew while ``call()`` ran (sampled every millisecond by a
    thread; the kernels release the GIL, so the sampler keeps running)."""
    import threading

    start, peak, done = _rss_bytes(), [0], threading.Event()

    def sample() -> None:
        while not done.wait(0.001):
            peak[0] = max(peak[0], _rss_bytes() - start)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        call()
    finally:
        done.set()
        sampler.join()
    return max(peak[0], _rss_bytes() - start)


def _add_peak_memory(G: Any, function: Function, graph_bytes: int, rows: list[hs.Row]) -> None:
    """Untimed: how far iterating an all-pairs generator (conversion cached) grows the resident
    set, beside what building the NetworkX graph took; added to the function's irreg rows."""
    function.call(G, None, "irreg")  # caches the conversion
    gc.collect()
    grown = _peak_rss_growth(lambda: function.call(G, None, "irreg"))
    hs.note(f"{function.name}: peak resident growth {grown / 2**20:.1f} MB while iterating, "
            f"beside a NetworkX graph of {graph_bytes / 2**20:.1f} MB")
    for row in rows:
        if row.impl == "irreg":
            row.extra.update(peak_rss_growth_mb=round(grown / 2**20, 1),
                             graph_rss_mb=round(graph_bytes / 2**20, 1))


def _networkx_graph(spec: str) -> tuple[Any, tuple[int, int], int, str, int]:
    """The NetworkX graph of ``spec``, ``(source, target)`` (a node with out-edges and the node
    farthest from it in hops), the hops to that node, its name, and the resident memory
    building it took."""
    import networkx as nx

    try:
        edges = generate(spec)
    except ValueError as err:
        raise hs.BenchError(str(err)) from None
    hs.note(f"{edges.name}: building the NetworkX graph of {edges.num_edges:,} edges ...")
    gc.collect()
    before = _rss_bytes()
    G = nx.DiGraph() if edges.directed else nx.Graph()
    G.add_nodes_from(range(edges.n))
    G.add_weighted_edges_from(
        zip(edges.src.tolist(), edges.dst.tolist(), edges.weight.tolist(), strict=True)
    )
    graph_bytes = _rss_bytes() - before
    with_edges = np.flatnonzero(np.bincount(edges.src, minlength=edges.n) > 0)
    source = int(with_edges[0]) if with_edges.size else 0
    hops = nx.single_source_shortest_path_length(G, source, backend="irreg")
    target = next(reversed(hops))  # BFS order: the last is the farthest
    G.__networkx_cache__.clear()
    return G, (source, target), hops[target], edges.name, graph_bytes


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
    # Stored edges: an undirected edge in both rows, a self-loop once.
    stored = m if G.is_directed() else 2 * m - nx.number_of_selfloops(G)
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
            verify=lambda bg: _check(bg.graph.num_edges == stored, "convert: edge count"),
            work=m,
            work_unit="edges",
            extra={"to": "irreg CSR + grouped index (from_networkx)", "parallel": False},
            threads=t,
        )
        for t in threads
    ]


def function_specs(
    G: Any, ends: tuple[int, int], case: str, function: Function, threads: Sequence[int] = (1,)
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
            function.call(G, ends, "irreg")

    common = {"name": function.name, "case": case, "work": m, "work_unit": "edges"}
    return [
        hs.Spec(
            impl="networkx",
            run=lambda _: function.call(G, ends, "networkx"),
            verify=keep,
            **common,
        ),
    ] + [
        hs.Spec(
            impl="irreg",
            variant="cached" if cached else "uncached",  # separate series in the scaling table
            isa=_active_isa(),
            setup=setup,
            run=_with_threads(t, lambda _: function.call(G, ends, "irreg")),
            verify=same,
            extra={"cached": cached, "parallel": function.parallel},
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
