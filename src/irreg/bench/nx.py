"""``irreg bench nx``: what a NetworkX user waits for, end to end.

Per graph (NetworkX ``DiGraph`` of 10^4 to 10^7 weighted edges, built untimed):

- ``convert``: irreg's conversion (``from_networkx``: C++ walk of the adjacency dicts, CSR and
  grouped index) against ``nx.to_scipy_sparse_array(G)``, NetworkX's own fastest export.
- each dispatched function three ways: plain NetworkX, ``backend="irreg"`` on a fresh graph
  (``extra.cached = false``: conversion + kernel + building NetworkX's output), and again with the
  conversion cached in ``G.__networkx_cache__`` (``extra.cached = true``); the irreg rows at each
  ``--threads`` count (``nx.config.backends.irreg.threads``), with a thread-scaling table;
- for the measures from every source, the peers that serve them where installed, at the same
  thread counts (:mod:`irreg.bench.peers.nx_peers`: rustnx, nx-parallel, NetworKit), cached.

Some functions run on a view of the graph: its undirected copy, or the largest connected
component of that (the diameter and average path length need one). Every irreg result is
checked against NetworkX's (untimed), except where NetworkX would take hours (its row is skipped
and the irreg row says ``verified: false``). Rows carry ``speedup_vs_networkx``.
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
from irreg.bench.peers import nx_peers
from irreg.inputs import generate
from irreg.machine import machine_info

FULL_CASES = (
    "er:1000:10000",
    "er:2000:20000",
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
# Betweenness from every node: NetworkX takes over a minute past this many edges.
BETWEENNESS_MAX_EDGES = 50_000
# NetworkX's Katz and eigenvector centrality loop over every edge in Python each iteration.
PYTHON_LOOP_MAX_EDGES = 2_000_000
# Dense all pairs (n x n lengths, O(n^3)): graphs up to er:1000:10000 and the 2,000-node case.
DENSE_MAX_EDGES = 40_000
# Sources of the sampled betweenness rows.
SAMPLED_SOURCES = 500
VIEWS = ("as built", "undirected", "connected", "acyclic")
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
    view: str = "as built"  # the graph it runs on: one of VIEWS
    peers: tuple[str, ...] = ()  # of nx_peers.PEERS, timed beside irreg
    networkx_max_edges: int | None = None  # past this, only NetworkX's row is skipped
    # Power iterations: values agree within 1e-10 of the largest (rounding carried through
    # every iteration), not 1e-12 of each.
    power_iteration: bool = False
    unavailable: str | None = None  # why the backend declines it with this NetworkX

    def skip_reason(self, G: Any, depth: int) -> str | None:
        """Why this function is not timed on ``G`` (``depth``: hops to the farthest node)."""
        if self.unavailable is not None:
            return self.unavailable
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


def _sampled_betweenness(G: Any, backend: str) -> dict:
    import networkx as nx

    k = min(SAMPLED_SOURCES, len(G))
    return nx.betweenness_centrality(G, k=k, seed=1, backend=backend)


_KATZ_ALPHA: dict[int, float] = {}


def _no_estimate(u: Any, v: Any) -> float:
    """A* heuristic in Python that estimates nothing: times the calls alone."""
    return 0.0


def katz_alpha(G: Any) -> float:
    """An attenuation the power iteration converges at on ``G``: half the inverse of its largest
    degree (the largest eigenvalue of the adjacency matrix is below it). Computed once per graph,
    outside the timed calls' work."""
    if id(G) not in _KATZ_ALPHA:
        degrees = G.in_degree() if G.is_directed() else G.degree()
        _KATZ_ALPHA[id(G)] = 0.5 / max(max((d for _, d in degrees), default=1), 1)
    return _KATZ_ALPHA[id(G)]


def _hits_unavailable() -> str | None:
    """Why irreg declines ``hits`` with the installed NetworkX, if it does: before 3.7 NetworkX
    computes it by ARPACK's SVD (no ``method`` parameter), not by power iteration."""
    import inspect

    import networkx as nx

    if "method" in inspect.signature(nx.hits).parameters:
        return None
    return "this NetworkX computes hits by SVD, which the backend leaves to NetworkX"


def functions() -> tuple[Function, ...]:
    """Every function ``irreg bench nx`` times, in order."""
    import networkx as nx

    every_source = ("rustnx", "parallel", "networkit")
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
        Function("closeness_centrality", lambda G, e, b: nx.closeness_centrality(G, backend=b),
                 parallel=True, view="undirected", peers=every_source,
                 networkx_max_edges=ALL_PAIRS_MAX_EDGES),
        Function("harmonic_centrality", lambda G, e, b: nx.harmonic_centrality(G, backend=b),
                 parallel=True, view="undirected", peers=every_source,
                 networkx_max_edges=ALL_PAIRS_MAX_EDGES),
        Function("diameter", lambda G, e, b: nx.diameter(G, backend=b), parallel=True,
                 view="connected", peers=every_source, networkx_max_edges=ALL_PAIRS_MAX_EDGES),
        Function("average_shortest_path_length",
                 lambda G, e, b: nx.average_shortest_path_length(G, backend=b), parallel=True,
                 view="connected", peers=every_source, networkx_max_edges=ALL_PAIRS_MAX_EDGES),
        Function("betweenness_centrality",
                 lambda G, e, b: nx.betweenness_centrality(G, backend=b), parallel=True,
                 view="undirected", peers=every_source, networkx_max_edges=BETWEENNESS_MAX_EDGES),
        Function(f"betweenness_centrality (k={SAMPLED_SOURCES})",
                 lambda G, e, b: _sampled_betweenness(G, b), parallel=True, view="undirected",
                 peers=("rustnx", "parallel"), networkx_max_edges=ALL_PAIRS_MAX_EDGES),
        Function("biconnected_components",
                 lambda G, e, b: list(nx.biconnected_components(G, backend=b)),
                 view="undirected", peers=("rustworkx",)),
        Function("articulation_points",
                 lambda G, e, b: list(nx.articulation_points(G, backend=b)),
                 view="undirected", peers=("rustworkx",)),
        Function("bridges", lambda G, e, b: list(nx.bridges(G, backend=b)),
                 view="undirected", peers=("rustworkx",)),
        Function("local_bridges (no spans)",
                 lambda G, e, b: list(nx.local_bridges(G, with_span=False, backend=b)),
                 view="undirected"),
        Function("edge_bfs", lambda G, e, b: list(nx.edge_bfs(G, e[0], backend=b))),
        Function("edge_dfs (every node)", lambda G, e, b: list(nx.edge_dfs(G, backend=b))),
        Function("astar_path (heuristic=None)",
                 lambda G, e, b: nx.astar_path(G, e[0], e[1], backend=b), peers=("rustworkx",)),
        Function("astar_path (Python heuristic)",
                 lambda G, e, b: nx.astar_path(G, e[0], e[1], heuristic=_no_estimate, backend=b),
                 peers=("rustworkx",)),
        Function("transitive_reduction",
                 lambda G, e, b: nx.transitive_reduction(G, backend=b),
                 max_edges=ALL_PAIRS_MAX_EDGES, parallel=True, view="acyclic",
                 peers=("rustworkx",)),
        Function("floyd_warshall_numpy", lambda G, e, b: nx.floyd_warshall_numpy(G, backend=b),
                 max_edges=DENSE_MAX_EDGES, parallel=True, peers=("rustworkx",)),
        Function("pagerank", lambda G, e, b: nx.pagerank(G, backend=b), parallel=True,
                 peers=("rustnx", "networkit"), power_iteration=True),
        Function("hits", lambda G, e, b: nx.hits(G, max_iter=1000, backend=b), parallel=True,
                 power_iteration=True, unavailable=_hits_unavailable()),
        Function("katz_centrality",
                 lambda G, e, b: nx.katz_centrality(G, alpha=katz_alpha(G), backend=b),
                 parallel=True, peers=("rustnx",), networkx_max_edges=PYTHON_LOOP_MAX_EDGES,
                 power_iteration=True),
        Function("eigenvector_centrality",
                 lambda G, e, b: nx.eigenvector_centrality(G, max_iter=1000, backend=b),
                 parallel=True, peers=("rustnx",), networkx_max_edges=PYTHON_LOOP_MAX_EDGES,
                 power_iteration=True),
    )


def graph_view(G: Any, view: str) -> Any:
    """``G`` as a function of :data:`VIEWS` reads it: itself, its undirected copy, the largest
    connected component of that (relabelled 0..n-1 in node order), or the DAG of its edges
    from a smaller node to a larger one."""
    import networkx as nx

    if view == "as built":
        return G
    if view == "acyclic":
        dag = nx.DiGraph()
        dag.add_nodes_from(G)
        dag.add_edges_from((u, v, d) for u, v, d in G.edges(data=True) if u < v)
        return dag
    H = G.to_undirected() if G.is_directed() else G
    if view == "undirected":
        return H
    largest = max(nx.connected_components(H), key=len) if len(H) else set()
    return nx.convert_node_labels_to_integers(H.subgraph(sorted(largest)).copy())


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
    parser.add_argument(
        "--peer",
        nargs="+",
        action="extend",
        metavar="NAME",
        dest="peers",
        choices=sorted(nx_peers.PEERS),
        help="time only these peers (default: every one installed: "
        + ", ".join(nx_peers.PEERS) + "); the others' rows say they were left out",
    )
    hs.add_threads_argument(parser, "thread counts of the irreg rows")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg bench nx`` for parsed options; returns the exit status."""
    if args.from_json:
        return hs.redraw(args, "nx", plot_speedups)
    harness = hs.harness_from_args("nx", args)
    cases = args.cases or (QUICK_CASES if args.quick else FULL_CASES)
    nx_benchmark(cases, harness, args.threads or hs.default_thread_counts(), args.functions,
                 args.peers)
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
    peers: Sequence[str] | None = None,
) -> list[hs.Row]:
    """Measures every case in turn (one graph in memory at a time); returns the new rows.
    ``only``: prefixes of the function names to time (None: every function); ``peers``: the
    peers to time (None: all)."""
    import networkx as nx

    timed_functions = [f for f in functions() if not only or f.name.startswith(tuple(only))]
    if only and not timed_functions:
        raise hs.BenchError(f"no function starts with {', '.join(only)}")
    rows: list[hs.Row] = []
    per_case = sum(1 + (FUNCTION_SPECS - 1 + len(f.peers)) * len(threads)
                   for f in timed_functions)
    harness.plan(len(cases) * (1 + (CONVERT_SPECS - 1) * len(threads) + per_case))
    with nx.config(warnings_to_ignore={"cache"}, backend_priority=[]):
        for spec in cases:
            G, ends, depth, name, graph_bytes = networkx_graph(spec)
            rows += harness.run(convert_specs(G, name, threads))
            views: dict[str, Any] = {"as built": G}
            for function in timed_functions:
                if function.view not in views:
                    hs.note(f"{name}: the {function.view} view of the graph ...")
                    views[function.view] = graph_view(G, function.view)
                H = views[function.view]
                why = function.skip_reason(H, depth)
                if why is not None:
                    rows += harness.run(_skipped(function, why, name, threads))
                    continue
                timed = harness.run(function_specs(H, ends, name, function, threads, spec,
                                                   peers, harness.budget_seconds))
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
    peers = [hs.Spec(name=function.name, case=case, impl=p, skip_reason=why, threads=t)
             for p in function.peers for t in threads]
    return [hs.Spec(name=function.name, case=case, impl="networkx", skip_reason=why), *irreg,
            *peers]


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


def networkx_graph(spec: str) -> tuple[Any, tuple[int, int], int, str, int]:
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
    G: Any, ends: tuple[int, int], case: str, function: Function, threads: Sequence[int] = (1,),
    spec: str | None = None,
    peers: Sequence[str] | None = None,
    budget: float | None = None,
) -> list[hs.Spec]:
    """NetworkX, then at each thread count irreg uncached (cache cleared before each run) and
    irreg cached, then each peer (``spec``: the case's generator spec, which a peer's process
    builds again; ``peers``: the ones asked for, None: all; ``budget``: the harness's seconds
    per row, which the peers' processes keep to as well)."""
    m = G.number_of_edges()
    reference: dict[str, Any] = {}
    networkx_skipped = None
    if function.networkx_max_edges is not None and m > function.networkx_max_edges:
        networkx_skipped = (f"more than {function.networkx_max_edges:,} edges: NetworkX would "
                            "take too long (irreg checked by the tests, not here)")

    def keep(result: Any) -> None:
        reference["value"] = result

    def same(result: Any) -> None:
        if networkx_skipped is None:
            agrees = _agrees_scaled if function.power_iteration else _agrees
            _check(agrees(result, reference["value"]),
                   f"{function.name}: irreg differs from NetworkX")

    def clear_cache() -> None:
        G.__networkx_cache__.clear()

    def warm_cache() -> None:
        if "irreg" not in G.__networkx_cache__.get("backends", {}):
            function.call(G, ends, "irreg")

    common = {"name": function.name, "case": case, "work": m, "work_unit": "edges"}
    peers = [
        hs.Spec(
            impl=peer,
            trials=lambda repeats, p=peer, t=t: nx_peers.peer_trials(
                p, spec, function.name, function.view, t, repeats, budget),
            skip_reason=_peer_skip(peer, function.name, spec, networkx_skipped, peers),
            extra={"cached": True},
            threads=t,
            **common,
        )
        for peer in function.peers
        for t in threads
    ]
    return [
        hs.Spec(
            impl="networkx",
            run=lambda _: function.call(G, ends, "networkx"),
            verify=keep,
            skip_reason=networkx_skipped,
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
            extra={"cached": cached, "parallel": function.parallel,
                   **({"verified": False} if networkx_skipped else {})},
            threads=t,
            **common,
        )
        for t in threads
        for cached, setup in ((False, clear_cache), (True, warm_cache))
    ] + peers


def _peer_skip(peer: str, name: str, spec: str | None, networkx_skipped: str | None,
               asked: Sequence[str] | None = None) -> str | None:
    """Why a peer's row is skipped: left out by ``--peer``, not installed, not served, or
    nx-parallel where NetworkX is (it runs NetworkX's Python per source on processes: the same
    hours, shared out)."""
    if asked is not None and peer not in asked:
        return "left out (--peer " + " ".join(asked) + ")"
    if spec is None:
        return "no case spec to build the graph from"
    if peer == "parallel" and networkx_skipped:
        return "nx-parallel runs NetworkX's code per source: " + networkx_skipped
    return nx_peers.skip_reason(peer, name)


def _agrees(got: Any, want: Any) -> bool:
    """Equal, or, for dicts of floats, floats and arrays (centralities, averages, matrices of
    lengths: sums in another order), equal keys (shapes) in order and values within 1e-12
    relative."""
    if isinstance(want, float) and isinstance(got, float):
        return abs(got - want) <= 1e-12 * abs(want)
    if hasattr(want, "adj") and hasattr(got, "adj"):  # a graph: its nodes and edges in order
        return list(got.nodes) == list(want.nodes) and list(got.edges) == list(want.edges)
    if isinstance(want, np.ndarray):  # a dense matrix of lengths
        return (isinstance(got, np.ndarray) and got.shape == want.shape
                and bool(np.allclose(got, want, rtol=1e-12, atol=0.0)))
    if isinstance(want, dict) and isinstance(got, dict) and list(got) == list(want):
        return all(_agrees(got[k], v) if isinstance(v, float) else got[k] == v
                   for k, v in want.items())
    return got == want


def _agrees_scaled(got: Any, want: Any) -> bool:
    """Dicts of floats (or tuples of them) with equal keys in order and values within 1e-10 of
    the largest value."""
    if isinstance(want, tuple) and isinstance(got, tuple) and len(got) == len(want):
        return all(_agrees_scaled(g, w) for g, w in zip(got, want, strict=True))
    if not (isinstance(want, dict) and isinstance(got, dict) and list(got) == list(want)):
        return False
    theirs, ours = np.array(list(want.values())), np.array(list(got.values()))
    return bool(np.abs(ours - theirs).max(initial=0.0)
                <= 1e-10 * np.abs(theirs).max(initial=0.0))


def add_speedups(rows: Sequence[hs.Row]) -> None:
    """``extra.speedup_vs_networkx`` on every irreg row whose NetworkX row was timed, and
    ``speedup_vs_<peer>`` on every cached irreg row beside a peer's row at its thread count."""
    for row in rows:
        if row.impl != "irreg" or row.skipped:
            continue
        for peer in nx_peers.PEERS:
            other = next((r for r in rows if r.impl == peer and r.name == row.name
                          and r.case == row.case and not r.skipped
                          and report.threads_of(r) == report.threads_of(row)), None)
            if other is not None and row.extra.get("cached") and row.seconds:
                row.extra[f"speedup_vs_{peer}"] = round(other.seconds / row.seconds, 2)
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
