"""``irreg bench graph``: seed 000's Fig. 8 and Table 3 on this machine, with the peers beside.

For each graph (RMAT scale 20 edge factor 16, Erdos-Renyi of the same size, a 1000 x 1000 grid,
and a 1M-vertex DAG for TS) and each algorithm, it times our variants (``serial`` Pregel,
``naive`` and ``opt`` per ISA, and the faster ``direction`` BFS, ``dijkstra`` SSSP/SSWP and
``union-find`` WCC) and the
same workload in scipy.sparse.csgraph and NetworkX, single-threaded, and GAPBS (OpenMP, where
``IRREG_GAPBS`` names a build: :mod:`irreg.bench.peers.gapbs`), in one run. ``--threads 1,2,...``
times our parallel variants and GAPBS at each count (default: 1 and every usable core) and adds
a thread-scaling table (and plot); the serial variants and the single-threaded peers run once.
Every row records the SIMD utilization of the run and its speedup over ``serial`` (``extra``).
Every timed result, ours and the peers', is checked against the serial reference of
:mod:`irreg.graph.verify` (computed once per graph and algorithm); GAPBS verifies its
own with ``-v``.
"""

from __future__ import annotations

import argparse
import gc
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from irreg import command_line as cli_args
from irreg.bench import harness as hs
from irreg.bench import report
from irreg.bench.peers import gapbs, graphblas, networkit
from irreg.graph import algorithms as alg
from irreg.graph.registry import ALGORITHMS, PARALLEL_VARIANTS, VARIANTS
from irreg.inputs import GENERATOR_FORMS, EdgeList, load_input
from irreg.machine import machine_info

if TYPE_CHECKING:
    from irreg.graph import IrregGraph
    from irreg.graph.verify import Verifier

# Building the graph from its edge list, timed per case beside scipy's CSR build.
BUILD = "build"
MEASURED = (BUILD, *ALGORITHMS)
# kron and urand are GAPBS's -g 20 and -u 20 (undirected); rmat is the same Kronecker draw
# directed (bottom-up BFS and WCC then need its in-edges).
# What runs on every graph but a DAG (PageRank with NetworkX's defaults converges on any graph;
# HITS, Katz and eigenvector centrality need parameters fitted to the graph: irreg bench nx).
ON_EVERY_GRAPH = ("bfs", "sssp", "sswp", "wcc", "pagerank")
FULL_CASES = (
    ("kron:20:16", ON_EVERY_GRAPH),
    ("urand:20:16", ON_EVERY_GRAPH),
    ("rmat:20:16", ON_EVERY_GRAPH),
    ("grid:1000:1000", ON_EVERY_GRAPH),
    ("dag:1000000:8000000", ("ts",)),
)
QUICK_CASES = (
    ("rmat:13:16", ON_EVERY_GRAPH),
    ("er:8192:131072", ON_EVERY_GRAPH),
    ("grid:60:60", ON_EVERY_GRAPH),
    ("dag:10000:80000", ("ts",)),
)
# Every variant but opt-search, which is opt with the paper's search-based activation (slower:
# it searches every superstep; asked for by --variant).
DEFAULT_VARIANTS = tuple(v for v in VARIANTS if v != "opt-search")
# No SIMD: one row, isa None.
ISA_FREE_VARIANTS = tuple(v.name for v in VARIANTS.values() if not v.simd)
# NetworkX holds ~0.5 kB per edge and takes minutes on the 16M-edge graphs; above this many
# stored edges its rows are reported as skipped (raise it with --networkx-max-edges).
NETWORKX_MAX_EDGES = 4_500_000
# Min-label WCC on the grid takes ~30 s per Pregel run (one superstep per grid step, most of the
# grid relabelled each time); measurements that slow are repeated less, so the run stays short.
BUDGET_SECONDS = 5.0


@dataclass(frozen=True)
class GraphBenchConfig:
    quick: bool = False
    isas: Sequence[str] | None = None
    variants: Sequence[str] = DEFAULT_VARIANTS
    algorithms: Sequence[str] = MEASURED
    networkx_max_edges: int = NETWORKX_MAX_EDGES
    tile_size: int | None = None
    threads: Sequence[int] = (1,)
    graphs: Sequence[str] | None = None  # specs or edge-list files instead of the built-in cases


# --- the CLI command ------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg bench graph``."""
    hs.add_arguments(parser, default_repeats=3, default_budget=BUDGET_SECONDS)
    hs.add_isa_argument(parser, "ISAs for naive/opt (default: every native one)")
    parser.add_argument(
        "--variant",
        nargs="+",
        action="extend",
        metavar="V",
        dest="variants",
        help=f"our variants to time (default: {' '.join(DEFAULT_VARIANTS)}; also opt-search)",
    )
    parser.add_argument(
        "--algorithm",
        nargs="+",
        action="extend",
        metavar="ALG",
        dest="algorithms",
        choices=MEASURED,
        help=f"algorithms to time, and {BUILD!r} for the graph's build (default: all)",
    )
    parser.add_argument(
        "--networkx-max-edges",
        type=cli_args.non_negative_int,
        default=NETWORKX_MAX_EDGES,
        metavar="M",
        help=f"skip NetworkX on graphs with more stored edges (default {NETWORKX_MAX_EDGES:,})",
    )
    parser.add_argument(
        "--tile-size", type=cli_args.power_of_two, metavar="T",
        help="tile edge, a power of two (default: by graph size)"
    )
    hs.add_threads_argument(parser, "thread counts of the parallel variants and GAPBS")
    parser.add_argument(
        "--graph",
        nargs="+",
        action="extend",
        metavar="INPUT",
        dest="graphs",
        help="graphs to run instead of the built-in cases: generator specs ("
        + GENERATOR_FORMS
        + ") or edge-list files; bfs, sssp, sswp, wcc and pagerank on each, ts on dag specs",
    )


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg bench graph`` for parsed options; returns the exit status."""
    if args.from_json:
        return hs.redraw(args, "graph", plot_speedups)
    harness = hs.harness_from_args("graph", args)
    config = GraphBenchConfig(
        quick=args.quick,
        isas=args.isa,
        variants=tuple(args.variants or DEFAULT_VARIANTS),
        algorithms=tuple(args.algorithms or MEASURED),
        networkx_max_edges=args.networkx_max_edges,
        tile_size=args.tile_size,
        threads=args.threads or hs.default_thread_counts(),
        graphs=args.graphs,
    )
    graph_benchmark(config, harness)
    harness.report(json_path=args.json)
    if args.plot:
        plot_speedups(args.plot, harness.rows, machine_info())
        hs.plot_scaling_beside(args.plot, "graph", harness.rows)
    return 0


# --- the benchmark --------------------------------------------------------------------------------


def graph_benchmark(config: GraphBenchConfig, harness: hs.Harness) -> list[hs.Row]:
    """Measures every case in turn (one graph in memory at a time); returns the new rows."""
    isas = hs.runnable_isas(config.isas, quick=config.quick)
    for v in config.variants:
        known = set(VARIANTS)
        if v not in known:
            raise hs.BenchError(
                f"unknown variant {v!r}; expected some of {', '.join(sorted(known))}"
            )
    rows: list[hs.Row] = []
    cases = _cases(config)
    timed_build = BUILD in config.algorithms
    harness.plan(
        sum(
            count_specs(name, config.variants, isas, config.threads)
            for _, algorithms in cases
            for name in algorithms
            if name in config.algorithms
        )
        + timed_build * len(cases) * (len(config.threads) + 1)
    )
    for spec, algorithms in cases:
        wanted = [a for a in algorithms if a in config.algorithms]
        if not wanted and not timed_build:
            continue
        case = Case.build(spec, config.tile_size, config.networkx_max_edges)
        if timed_build:
            rows += harness.run(build_specs(case, config.threads))
        with tempfile.TemporaryDirectory(prefix="irreg-gapbs-") as folder:
            case.gapbs_folder = folder
            for name in wanted:
                rows += harness.run(
                    algorithm_specs(case, name, config.variants, isas, config.threads)
                )
        del case
        gc.collect()
    add_speedups(rows)
    return rows


def _cases(config: GraphBenchConfig) -> Sequence[tuple[str, Sequence[str]]]:
    if not config.graphs:
        return QUICK_CASES if config.quick else FULL_CASES
    return [(g, ("ts",) if g.startswith("dag:") else ON_EVERY_GRAPH) for g in config.graphs]


@dataclass
class Case:
    """One input graph, built once for every algorithm and variant, with its peers' forms."""

    name: str
    edges: EdgeList
    graph: IrregGraph
    source: int
    matrix: Any  # scipy CSR of the same edges, or None without scipy
    networkx_graph: Any  # or None
    networkx_skip: str | None
    gapbs_folder: str | None = None  # where its GAPBS files go, written when first needed
    gapbs_files: dict[bool, Path] = field(default_factory=dict)  # weighted? -> .wsg / .sg
    library_graphs: dict[str, Any] = field(default_factory=dict)  # peer -> its graph, built once

    def library_graph(self, peer: str) -> Any:
        """This graph as NetworkX-free library ``peer`` holds it (built untimed, once)."""
        if peer not in self.library_graphs:
            offsets, targets, weights = self.graph.csr()
            hs.note(f"building the {peer} graph of {self.name} ...")
            self.library_graphs[peer] = (
                networkit.graph(offsets, targets, weights, self.graph.n, self.graph.directed)
                if peer == "networkit"
                else graphblas.matrices(offsets, targets, weights, self.graph.n)
            )
        return self.library_graphs[peer]

    def gapbs_file(self, weighted: bool) -> Path:
        """This graph in GAPBS's serialized form (with weights for SSSP), written once."""
        if weighted not in self.gapbs_files:
            assert self.gapbs_folder is not None
            offsets, targets, weights = self.graph.csr()
            hs.note(f"writing {self.name} for GAPBS ({'with' if weighted else 'no'} weights) ...")
            self.gapbs_files[weighted] = gapbs.write_graph(
                Path(self.gapbs_folder) / "graph", offsets, targets,
                weights if weighted else None, self.graph.directed)
        return self.gapbs_files[weighted]

    @classmethod
    def build(cls, spec: str, tile_size: int | None, networkx_max_edges: int) -> Case:

        hs.note(f"generating {spec} ...")
        edges = load_input(spec)
        hs.note(
            f"{edges.name}: {edges.n:,} vertices, {edges.num_edges:,} edges; building the index ..."
        )
        graph = edges.to_graph(tile_size=tile_size)
        offsets, targets, weights = graph.csr()
        source = int(np.argmax(np.diff(offsets))) if graph.n else 0
        matrix = _scipy_matrix(offsets, targets, weights, graph.n)
        nx_graph, nx_skip = None, None
        try:
            import networkx  # noqa: F401
        except ImportError:
            nx_skip = "networkx is not installed"
        else:
            if graph.num_edges > networkx_max_edges:
                nx_skip = f"{graph.num_edges:,} edges > --networkx-max-edges {networkx_max_edges:,}"
            else:
                hs.note(f"building the NetworkX graph of {edges.name} ...")
                nx_graph = _networkx_graph(edges)
        return cls(edges.name, edges, graph, source, matrix, nx_graph, nx_skip)


def build_specs(case: Case, threads: Sequence[int]) -> list[hs.Spec]:
    """``IrregGraph.from_edges`` of the case's edge list at every thread count, and scipy's CSR
    build from the same arrays (``csr_array((w, (src, dst)))``, which sorts rows and sums
    repeated entries as ours sorts and collapses them; an undirected list is concatenated with
    its reverse first, inside the timing, as ours stores both directions). Every result is
    checked against the case's graph: ours entry for entry, scipy's structure (its weights are
    sums of repeats where ours keep the last)."""
    from irreg.graph import IrregGraph

    e = case.edges
    offsets, targets, weights = case.graph.csr()
    work = e.num_edges

    def check_ours(graph: IrregGraph) -> None:
        got = graph.csr()
        expected = (offsets, targets, weights)
        if not all(np.array_equal(a, b) for a, b in zip(got, expected, strict=True)):
            raise hs.BenchError(f"build: the CSR of {case.name} differs from the first build")

    def check_scipy(matrix: Any) -> None:
        if not (np.array_equal(matrix.indptr, offsets) and np.array_equal(matrix.indices, targets)):
            raise hs.BenchError(f"build: scipy's CSR of {case.name} has other rows than ours")

    def scipy_build(_s: Any) -> Any:
        import scipy.sparse as sp

        src, dst, w = e.src, e.dst, e.weight if e.weight is not None else np.ones(len(e.src))
        if not e.directed:
            src, dst = np.concatenate([src, dst]), np.concatenate([dst, src])
            w = np.concatenate([w, w])
        return sp.csr_array((w, (src, dst)), shape=(e.n, e.n))

    specs = [
        hs.Spec(name=BUILD, case=case.name, impl="irreg", threads=t, work=work, work_unit="edges",
                run=lambda _s, t=t: IrregGraph.from_edges(
                    e.src, e.dst, e.weight, n=e.n, directed=e.directed, threads=t),
                verify=check_ours)
        for t in threads
    ]
    specs.append(hs.Spec(name=BUILD, case=case.name, impl="scipy", work=work, work_unit="edges",
                         run=scipy_build, verify=check_scipy,
                         skip_reason=None if case.matrix is not None else "scipy is not installed"))
    return specs


def algorithm_specs(
    case: Case, name: str, variants: Sequence[str], isas: Sequence[str],
    threads: Sequence[int] = (1,),
) -> list[hs.Spec]:
    """Specs for one algorithm on one case: ours (the parallel variants at every thread count),
    then scipy, NetworkX and GAPBS."""

    reference = _verifier(case, name)
    check = _checker(name, reference)
    work = case.graph.num_edges
    specs: list[hs.Spec] = []
    for variant in variants:
        if variant not in alg.variants(name):
            continue
        for isa in [None] if variant in ISA_FREE_VARIANTS else isas:
            for t in _counts_of(variant, threads):
                specs.append(
                    hs.Spec(
                        name=name,
                        case=case.name,
                        impl="irreg",
                        variant=variant,
                        isa=isa,
                        threads=t,
                        run=lambda _s, v=variant, i=isa, t=t: _run_ours(case, name, v, i, t),
                        verify=check,
                        work=work,
                        work_unit="edges",
                        extra=_stats_extra,
                    )
                )
    specs += peer_specs(case, name, reference.expected, work)
    specs += library_specs(case, name, reference.expected, work, threads)
    specs += gapbs_specs(case, name, work, threads)
    return specs


# OpenMP libraries timed at every thread count, beside GAPBS: name -> (module, algorithms).
LIBRARY_PEERS = {"networkit": (networkit, networkit.ALGORITHMS),
                 "graphblas": (graphblas, graphblas.ALGORITHMS)}


def library_specs(case: Case, name: str, reference: Any, work: int,
                  threads: Sequence[int]) -> list[hs.Spec]:
    """NetworKit's and GraphBLAS's ``name`` at every thread count (skipped rows where the
    library is not installed)."""
    specs = []
    for peer, (module, algorithms) in LIBRARY_PEERS.items():
        if name not in algorithms:
            continue
        skip = module.skip_reason()
        for t in threads:
            specs.append(hs.Spec(
                name=name, case=case.name, impl=peer, threads=t, work=work, work_unit="edges",
                skip_reason=skip,
                setup=None if skip else lambda p=peer: case.library_graph(p),  # untimed
                run=None if skip else _library_run(case, peer, name, t),
                verify=_library_checker(peer, name, reference),
            ))
    return specs


def _library_run(case: Case, peer: str, name: str, threads: int) -> Callable[[Any], Any]:
    """The timed call; it receives the peer's graph from the spec's setup."""
    def run(graph: Any) -> Any:
        if peer == "networkit":
            call = networkit.runner(name, graph, case.source, case.graph.directed, threads)
        else:
            call = graphblas.runner(name, graph, case.source, threads)
        assert call is not None
        return call(graph)

    return run


def _library_checker(peer: str, name: str, ref: Any) -> Callable[[Any], None]:
    def verify(result: np.ndarray) -> None:
        if name == "bfs":
            ok = np.array_equal(result, ref.depth)
        elif name == "sssp":
            ok = np.allclose(result, ref.value, rtol=1e-12, atol=0.0)
        elif name == "pagerank":  # its own summation order and stopping test: the tolerance's
            ok = close_ranks(result, ref.value, 1e-3)
        else:
            ok = _same_partition(result, ref.label)
        if not ok:
            raise hs.BenchError(f"{name}: {peer} disagrees with the serial reference")

    return verify


def close_ranks(got: np.ndarray, want: np.ndarray, rtol: float) -> bool:
    """Whether ranks agree within ``rtol`` of the largest."""
    got = np.asarray(got, dtype=np.float64)
    return got.shape == want.shape and bool(
        np.abs(got - want).max(initial=0.0) <= rtol * np.abs(want).max(initial=0.0))


def _counts_of(variant: str, threads: Sequence[int]) -> Sequence[int]:
    """The thread counts a variant is timed at: every one for a parallel kernel, else 1."""
    return threads if variant in PARALLEL_VARIANTS else (1,)


def gapbs_specs(case: Case, name: str, work: int, threads: Sequence[int]) -> list[hs.Spec]:
    """GAPBS's kernel for ``name`` at every thread count (skipped rows without a build)."""
    if name not in gapbs.KERNELS:
        return []
    skip = gapbs.skip_reason(name)
    source = None if name == "wcc" else case.source

    def trials(repeats: int, t: int) -> list[float]:
        return gapbs.run_trials(name, case.gapbs_file(name == "sssp"), t, repeats, source)

    return [
        hs.Spec(name=name, case=case.name, impl="gapbs", threads=t, work=work,
                work_unit="edges", skip_reason=skip,
                trials=None if skip else lambda repeats, t=t: trials(repeats, t))
        for t in threads
    ]


# The algorithms _scipy_runner and _networkx_runner have: one peer row each per case.
PEER_ALGORITHMS = {"scipy": ("bfs", "sssp", "wcc", "pagerank"),
                   "networkx": ("bfs", "sssp", "wcc", "ts")}


def count_specs(name: str, variants: Sequence[str], isas: Sequence[str],
                threads: Sequence[int] = (1,)) -> int:
    """How many specs :func:`algorithm_specs` makes for ``name`` (the progress counter's N)."""
    ours = sum(
        (1 if v in ISA_FREE_VARIANTS else len(isas)) * len(_counts_of(v, threads))
        for v in variants if v in alg.variants(name)
    )
    peers = sum(name in names for names in PEER_ALGORITHMS.values())
    libraries = sum(name in algorithms for _, algorithms in LIBRARY_PEERS.values())
    return ours + peers + (libraries + (name in gapbs.KERNELS)) * len(threads)


def peer_specs(case: Case, name: str, reference: Any, work: int) -> list[hs.Spec]:
    """scipy.sparse.csgraph and NetworkX doing the same work, where they have the algorithm."""
    specs = []
    scipy_run = _scipy_runner(case, name)
    if scipy_run is not None:
        specs.append(
            hs.Spec(
                name=name,
                case=case.name,
                impl="scipy",
                run=scipy_run,
                verify=_scipy_checker(name, reference),
                work=work,
                work_unit="edges",
                skip_reason=None if case.matrix is not None else "scipy is not installed",
            )
        )
    nx_run = _networkx_runner(case, name)
    if nx_run is not None:
        specs.append(
            hs.Spec(
                name=name,
                case=case.name,
                impl="networkx",
                run=nx_run,
                verify=_networkx_checker(name, reference),
                work=work,
                work_unit="edges",
                skip_reason=case.networkx_skip,
            )
        )
    return specs


def add_speedups(rows: Sequence[hs.Row]) -> None:
    """``extra["speedup_vs_serial"]``: the serial row's median over this row's, per (name, case)."""
    serial = {
        (r.name, r.case): r.seconds
        for r in rows
        if r.impl == "irreg" and r.variant == "serial" and not r.skipped
    }
    for row in rows:
        base = serial.get((row.name, row.case))
        if base and not row.skipped and row.seconds:
            row.extra["speedup_vs_serial"] = base / row.seconds


# --- running ours and the peers ------------------------------------------------------------------


def _run_ours(case: Case, name: str, variant: str, isa: str | None, threads: int) -> Any:
    return alg.run(name, case.graph, source=case.source, variant=variant, isa=isa,
                   threads=threads)


def _stats_extra(result: Any) -> dict[str, Any]:
    s = result.stats
    return {
        "team": s.threads,  # the threads the last run got: fewer on a busy machine or small graph
        "simd_utilization": s.simd_utilization,
        "supersteps": s.supersteps,
        "active_edges": s.active_edges,
    }


def _verifier(case: Case, name: str) -> Verifier:
    from irreg.graph.verify import Verifier

    return Verifier(name, case.graph, source=case.source if ALGORITHMS[name].sourced else None)


def _checker(name: str, reference: Verifier) -> Callable[[Any], None]:
    def verify(result: Any) -> None:
        try:
            reference(result)
        except AssertionError as exc:
            raise hs.BenchError(
                f"{name}: {result.stats.variant}/{result.stats.isa} is wrong: {exc}"
            ) from None

    return verify


def _scipy_matrix(offsets: np.ndarray, targets: np.ndarray, weights: np.ndarray, n: int) -> Any:
    try:
        import scipy.sparse as sp
    except ImportError:
        return None
    return sp.csr_matrix((weights, targets, offsets), shape=(n, n))


def _scipy_runner(case: Case, name: str) -> Callable[[Any], Any] | None:
    from scipy.sparse import csgraph

    a, s = case.matrix, case.source
    if name == "bfs":
        return lambda _s: csgraph.breadth_first_order(a, s, directed=True, return_predecessors=True)
    if name == "sssp":
        return lambda _s: csgraph.dijkstra(a, directed=True, indices=s)
    if name == "wcc":
        return lambda _s: csgraph.connected_components(a, directed=True, connection="weak")
    if name == "pagerank":
        return lambda _s: scipy_pagerank(a)
    return None  # scipy has no widest path or topological sort


def scipy_pagerank(a: Any, alpha: float = 0.85, max_iter: int = 100,
                   tol: float = 1e-6) -> np.ndarray:
    """PageRank as NetworkX's own SciPy code computes it: the rows divided by their sums, then
    ``x @ A`` power iteration with the dangling mass spread evenly, until the L1 change is below
    ``n * tol``."""
    import scipy.sparse as sp

    n = a.shape[0]
    sums = np.asarray(a.sum(axis=1)).ravel()
    dangling = sums == 0
    inverse = np.where(dangling, 0.0, 1.0 / np.where(dangling, 1.0, sums))
    q = (sp.dia_array((inverse, 0), shape=a.shape) @ a).tocsr()
    x = np.full(n, 1.0 / n)
    for _ in range(max_iter):
        last = x
        x = alpha * (x @ q + x[dangling].sum() / n) + (1 - alpha) / n
        if np.abs(x - last).sum() < n * tol:
            return x
    raise hs.BenchError(f"scipy's PageRank did not converge in {max_iter} iterations")


def _scipy_checker(name: str, ref: Any) -> Callable[[Any], None]:
    def verify(result: Any) -> None:
        if name == "bfs":
            ok = np.array_equal(np.sort(result[0]), np.flatnonzero(ref.depth >= 0))
        elif name == "sssp":
            ok = np.allclose(result, ref.value, rtol=1e-12, atol=0.0)
        elif name == "pagerank":
            ok = close_ranks(result, ref.value, 1e-10)
        else:
            ok = _same_partition(result[1], ref.label)
        if not ok:
            raise hs.BenchError(f"{name}: scipy disagrees with the serial reference")

    return verify


def _networkx_graph(edges: EdgeList) -> Any:
    import networkx as nx

    g = nx.DiGraph() if edges.directed else nx.Graph()
    g.add_nodes_from(range(edges.n))
    g.add_weighted_edges_from(zip(edges.src.tolist(), edges.dst.tolist(), edges.weight.tolist()))
    return g


def _networkx_runner(case: Case, name: str) -> Callable[[Any], Any] | None:
    import networkx as nx

    g, s = case.networkx_graph, case.source
    if name == "bfs":
        return lambda _s: nx.single_source_shortest_path_length(g, s)
    if name == "sssp":
        return lambda _s: nx.single_source_dijkstra_path_length(g, s, weight="weight")
    if name == "wcc":
        if case.edges.directed:
            return lambda _s: list(nx.weakly_connected_components(g))
        return lambda _s: list(nx.connected_components(g))
    if name == "ts":
        return lambda _s: list(nx.topological_generations(g))
    return None  # NetworkX has no single-source widest path


def _networkx_checker(name: str, ref: Any) -> Callable[[Any], None]:
    def verify(result: Any) -> None:
        if name in ("bfs", "sssp"):
            got = np.full(len(ref[0]), -1.0)
            got[list(result)] = list(result.values())
            want = ref.depth if name == "bfs" else np.where(np.isinf(ref.value), -1.0, ref.value)
            ok = np.allclose(got, want, rtol=1e-12, atol=0.0)
        elif name == "wcc":
            label = np.empty(len(ref.label), np.int64)
            for k, comp in enumerate(result):
                label[list(comp)] = k
            ok = _same_partition(label, ref.label)
        else:
            gen = np.empty(len(ref.generation), np.int64)
            for k, layer in enumerate(result):
                gen[list(layer)] = k
            ok = np.array_equal(gen, ref.generation)
        if not ok:
            raise hs.BenchError(f"{name}: NetworkX disagrees with the serial reference")

    return verify


def _same_partition(a: np.ndarray, b: np.ndarray) -> bool:
    pairs = np.unique(np.stack([np.asarray(a, np.int64), np.asarray(b, np.int64)]), axis=1)
    return pairs.shape[1] == np.unique(a).size == np.unique(b).size


# --- the plot -------------------------------------------------------------------------------------

# One hue per method (a colour-map family), one shade and hatch per ISA within it: every series
# has its own colour, and the bars of one method read as one family. Each algorithm's fast
# default and its serial alternative get different families (they share a panel).
_METHOD_COLORMAPS = {
    "naive": "Blues",
    "opt": "Oranges",
    "opt-search": "Purples",
    "direction": "Greens",
    "delta": "Greens",
    "afforest": "Greens",
    "kahn": "Greens",
    "dijkstra": "Reds",
    "union-find": "Reds",
    "pull": "Greens",
    "push": "Reds",
}
# Peers run no ISA of ours: one solid colour each, none of them a shade of the families above.
_PEER_COLORS = {
    "scipy": "#8c8c8c",
    "networkx": "#e377c2",
    "networkit": "#d4a017",
    "graphblas": "#17becf",
    "gapbs": "#111111",
    "igraph": "#8c564b",
}
_ISA_SHADES = {None: 0.65, "avx512": 0.85, "avx2": 0.6, "scalar": 0.4, hs.EMULATED_ISA: 0.25}
_ISA_HATCHES = {"avx2": "//", "scalar": "..", hs.EMULATED_ISA: "xx"}


def plot_speedups(
    path: str | os.PathLike[str], rows: Sequence[hs.Row], machine: dict | None = None
) -> None:
    """Bar chart of speedup over ``serial`` on one thread: one panel per algorithm, bars grouped
    by case; ``machine`` (the JSON's) names the CPU in the title. Without serial rows there is
    nothing to divide by, and no chart is written (the scaling plot still is)."""
    report.require_matplotlib()
    from matplotlib.figure import Figure

    rows = [r for r in rows if report.threads_of(r) == 1]
    if not any("speedup_vs_serial" in r.extra for r in rows):
        hs.note(f"no serial rows (--variant serial): no speedup plot at {path}")
        return
    names = [n for n in ALGORITHMS if any(r.name == n for r in rows)]
    fig = Figure(figsize=(13, 3.4 * len(names)), layout="constrained")
    axes = fig.subplots(len(names), 1, squeeze=False).ravel()
    for ax, name in zip(axes, names, strict=True):
        mine = [r for r in rows if r.name == name and r.variant != "serial"]
        cases = list(dict.fromkeys(r.case for r in mine))
        labels = list(dict.fromkeys(_series(r) for r in mine))
        styles = {_series(r): _style(r) for r in mine}

        def speedup(case: str, label: str, mine: list = mine) -> float | str | None:
            row = next((r for r in mine if r.case == case and _series(r) == label), None)
            if row is not None and row.skipped:
                return "skipped"
            return None if row is None else row.extra.get("speedup_vs_serial")

        series = [(label, lambda c, label=label: speedup(c, label)) for label in labels]
        report.speedup_panel(ax, name, cases, series, "speedup over serial", styles)
    fig.suptitle(report.figure_title("graph", machine, "single thread"))
    fig.savefig(path, dpi=120)


def _series(row: hs.Row) -> str:
    return " ".join(p for p in (row.impl, row.variant, row.isa) if p)


def _style(row: hs.Row) -> dict[str, Any]:
    from matplotlib import colormaps

    if row.impl != "irreg":
        return {"facecolor": _PEER_COLORS.get(row.impl, "#000000"), "hatch": None}
    family = colormaps[_METHOD_COLORMAPS.get(row.variant or "", "Greys")]
    return {"facecolor": family(_ISA_SHADES.get(row.isa, 0.65)), "hatch": _ISA_HATCHES.get(row.isa)}
