"""Graph kernels agree with NetworkX on every ISA and every variant.

Random small graphs (self-loops, parallel edges, isolated vertices, ties and zero weights) are
checked against NetworkX or the serial references of ``irreg.graph.verify`` (BFS
parents, widest paths); integer results must be identical across
ISAs and variants, float results equal within ``REL`` (SSWP exactly: it only compares weights).
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import nx_irreg
from irreg.graph import algorithms as registered
from irreg.graph import registry
from irreg.graph.algorithms import (
    GraphCycleError,
    bfs,
    sssp,
    sswp,
    topological_generations,
    variants,
    wcc,
)
from irreg.graph.verify import Verifier, verify_bfs
from nx_irreg import IrregGraph

# Hypothesis tests take the ISA by parametrization: it refuses function-scoped fixtures.
ISAS = nx_irreg.available_isas()
ALGORITHMS = tuple(registry.ALGORITHMS)
# Float sums may be formed along different (equally short) paths or in a different order.
REL = 1e-12
# Variants that issue no vector operations, so they report no SIMD utilization.
NO_SIMD_VARIANTS = {"serial", "direction", "afforest", "union-find", "delta", "dijkstra", "kahn"}
# Variants that advance one frontier per superstep, so supersteps track the eccentricity.
FRONTIER_VARIANTS = {"naive", "opt", "opt-search", "direction"}
EXAMPLES = 25


# ---------------------------------------------------------------------------------------------
# Inputs and references


class Case:
    """One random graph: the edge arrays given to irreg and the NetworkX graph built in order."""

    def __init__(
        self,
        n: int,
        edges: list[tuple[int, int]],
        weights: list[float] | None,
        directed: bool,
        integral: bool,
    ) -> None:
        self.n = n
        self.src = np.array([u for u, _ in edges], dtype=np.int64)
        self.dst = np.array([v for _, v in edges], dtype=np.int64)
        self.weight = None if weights is None else np.array(weights, dtype=np.float64)
        self.directed = directed
        self.integral = integral  # every weight an integer: float sums are exact
        self.nx = nx.DiGraph() if directed else nx.Graph()
        self.nx.add_nodes_from(range(n))
        for i, (u, v) in enumerate(edges):
            self.nx.add_edge(u, v, weight=1.0 if weights is None else weights[i])

    def graph(self, **kwargs: object) -> IrregGraph:
        return IrregGraph.from_edges(
            self.src, self.dst, self.weight, n=self.n, directed=self.directed, **kwargs
        )

    def __repr__(self) -> str:
        w = None if self.weight is None else self.weight.tolist()
        return (
            f"Case(n={self.n}, src={self.src.tolist()}, dst={self.dst.tolist()}, weight={w}, "
            f"directed={self.directed})"
        )


@st.composite
def cases(draw: st.DrawFn, *, max_n: int = 40, max_m: int = 120, signed: bool = False) -> Case:
    n = draw(st.integers(1, max_n))
    vertex = st.integers(0, n - 1)
    edges = draw(st.lists(st.tuples(vertex, vertex), max_size=max_m))
    directed = draw(st.booleans())
    kind = draw(st.sampled_from(["none", "int", "float"]))
    low = -5 if signed else 0
    if kind == "none":
        weights = None
    elif kind == "int":  # few values: many ties and zeros
        weights = [
            float(w)
            for w in draw(st.lists(st.integers(low, 5), min_size=len(edges), max_size=len(edges)))
        ]
    else:
        weights = draw(
            st.lists(
                st.floats(float(low) * 1e3, 1e3, allow_nan=False, allow_infinity=False),
                min_size=len(edges),
                max_size=len(edges),
            )
        )
    return Case(n, edges, weights, directed, integral=kind != "float")


@st.composite
def cases_with_source(draw: st.DrawFn, signed: bool = False) -> tuple[Case, int]:
    case = draw(cases(signed=signed))
    return case, draw(st.integers(0, case.n - 1))


@st.composite
def dags(draw: st.DrawFn, max_n: int = 40, max_m: int = 120) -> Case:
    """Edges ``u -> v`` with ``u < v`` in a random permutation of the vertices: acyclic."""
    n = draw(st.integers(1, max_n))
    perm = draw(st.permutations(range(n)))
    pairs = draw(
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda p: p[0] != p[1]),
            max_size=max_m if n > 1 else 0,
        )
    )
    edges = [(perm[min(a, b)], perm[max(a, b)]) for a, b in pairs]
    return Case(n, edges, None, directed=True, integral=True)


@st.composite
def cyclic(draw: st.DrawFn) -> Case:
    """A DAG plus a directed cycle (a self-loop when it has one vertex)."""
    base = draw(dags(max_n=20, max_m=40))
    cycle = draw(st.lists(st.integers(0, base.n - 1), min_size=1, max_size=base.n, unique=True))
    extra = list(zip(cycle, cycle[1:] + cycle[:1], strict=True))
    edges = list(zip(base.src.tolist(), base.dst.tolist(), strict=True))
    # Insert the cycle anywhere among the DAG edges.
    at = draw(st.integers(0, len(edges)))
    return Case(base.n, edges[:at] + extra + edges[at:], None, directed=True, integral=True)


def check_bfs(case: Case, g: IrregGraph, source: int, r: object) -> None:
    assert r.depth.dtype == np.int32 and r.parent.dtype == np.int32
    assert r.depth.shape == r.parent.shape == (case.n,)
    expected = np.full(case.n, -1)
    for v, d in nx.single_source_shortest_path_length(case.nx, source).items():
        expected[v] = d
    np.testing.assert_array_equal(r.depth, expected)
    # Parents: the smallest-id vertex one level up with an edge to the vertex.
    verify_bfs(g, r, source=source)


def check_stats(stats: object, algorithm: str, variant: str, isa: str) -> None:
    assert stats.algorithm == algorithm and stats.variant == variant and stats.isa == isa
    assert stats.supersteps >= 0 and stats.active_edges >= 0 and stats.vector_ops >= 0
    assert min(stats.compute_seconds, stats.activate_seconds, stats.produce_seconds) >= 0
    if variant in NO_SIMD_VARIANTS:
        assert stats.simd_utilization is None
    elif stats.vector_ops:
        assert 0.0 <= stats.simd_utilization <= 1.0
        # RunStats documents utilization as edges per 16-lane vector operation.
        assert stats.simd_utilization == pytest.approx(
            stats.active_edges / (stats.vector_ops * 16), rel=1e-12
        )


def run(algorithm: str, g: IrregGraph, source: int | None, variant: str, isa: str):
    return registered.run(algorithm, g, source=source, variant=variant, isa=isa)


# ---------------------------------------------------------------------------------------------
# Against NetworkX, every ISA and every variant


def test_variant_names():
    # The seed's five algorithms have the four grouped-index variants; some add a faster method
    # after them. The measures from every source, the link analyses and the dense all-pairs
    # lengths have their own.
    own = {"distances": ["bit-parallel", "per-source"], "betweenness": ["brandes"],
           "hits": ["pull", "push"], "katz": ["pull", "push"],
           "eigenvector": ["pull", "push"], "floyd-warshall": ["blocked"]}
    for algorithm in ALGORITHMS:
        names = variants(algorithm)
        if algorithm in own:
            assert names == own[algorithm]
        else:
            assert names[:4] == ["serial", "naive", "opt", "opt-search"]
        assert len(set(names)) == len(names)
    assert "direction" in variants("bfs") and "union-find" in variants("wcc")
    assert "afforest" in variants("wcc")
    assert "delta" in variants("sssp") and "delta" in variants("sswp")
    assert variants("pagerank")[-2:] == ["pull", "push"]
    with pytest.raises(ValueError, match="unknown algorithm"):
        variants("closeness")


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(cs=cases_with_source())
def test_bfs_matches_networkx(isa, cs):
    case, source = cs
    g = case.graph(isa=isa)
    for variant in variants("bfs"):
        r = bfs(g, source=source, variant=variant, isa=isa)
        check_bfs(case, g, source, r)
        check_stats(r.stats, "bfs", variant, isa)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(cs=cases_with_source())
def test_sssp_matches_networkx(isa, cs):
    case, source = cs
    expected = np.full(case.n, math.inf)
    for v, d in nx.single_source_dijkstra_path_length(case.nx, source).items():
        expected[v] = d
    g = case.graph(isa=isa)
    for variant in variants("sssp"):
        r = sssp(g, source=source, variant=variant, isa=isa)
        assert r.value.dtype == np.float64 and r.value.shape == (case.n,)
        if case.integral:
            np.testing.assert_array_equal(r.value, expected)
        else:
            np.testing.assert_allclose(r.value, expected, rtol=REL, atol=0)
        check_stats(r.stats, "sssp", variant, isa)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(cs=cases_with_source(signed=True))
def test_sswp_matches_max_min_dijkstra(isa, cs):
    case, source = cs
    g = case.graph(isa=isa)
    check = Verifier("sswp", g, source=source)  # max-min Dijkstra
    for variant in variants("sswp"):
        r = sswp(g, source=source, variant=variant, isa=isa)
        assert r.value.dtype == np.float64
        check(r)  # exact: only comparisons
        check_stats(r.stats, "sswp", variant, isa)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(case=cases())
def test_wcc_matches_networkx(isa, case):
    components = (
        nx.weakly_connected_components(case.nx)
        if case.directed
        else nx.connected_components(case.nx)
    )
    expected = np.empty(case.n, dtype=np.int64)
    for comp in components:
        expected[list(comp)] = min(comp)
    g = case.graph(isa=isa)
    for variant in variants("wcc"):
        r = wcc(g, variant=variant, isa=isa)
        assert r.label.dtype == np.int32
        np.testing.assert_array_equal(r.label, expected)
        check_stats(r.stats, "wcc", variant, isa)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(case=dags())
def test_topological_generations_match_networkx(isa, case):
    expected_gens = [set(gen) for gen in nx.topological_generations(case.nx)]
    g = case.graph(isa=isa)
    for variant in variants("ts"):
        r = topological_generations(g, variant=variant, isa=isa)
        assert r.generation.dtype == np.int32 and r.order.dtype == np.int32
        got_gens = [
            set(np.flatnonzero(r.generation == k).tolist()) for k in range(len(expected_gens))
        ]
        assert got_gens == expected_gens
        assert sorted(r.order.tolist()) == list(range(case.n))
        position = np.empty(case.n, dtype=np.int64)
        position[r.order] = np.arange(case.n)
        assert all(position[u] < position[v] for u, v in case.nx.edges)
        # Documented order: by generation, then by id.
        assert r.order.tolist() == sorted(range(case.n), key=lambda v: (r.generation[v], v))
        check_stats(r.stats, "ts", variant, isa)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(case=cyclic())
def test_cycles_raise(isa, case):
    assert not nx.is_directed_acyclic_graph(case.nx)
    g = case.graph(isa=isa)
    for variant in variants("ts"):
        with pytest.raises(GraphCycleError, match="cycle"):
            topological_generations(g, variant=variant, isa=isa)


def test_cycle_error_is_a_value_error_and_self_loop_is_a_cycle(isa):
    assert issubclass(GraphCycleError, ValueError)
    g = IrregGraph.from_edges([0, 1, 2], [1, 2, 2], n=4)
    for variant in variants("ts"):
        with pytest.raises(GraphCycleError):
            topological_generations(g, variant=variant, isa=isa)
    undirected = IrregGraph.from_edges([0], [1], directed=False)
    with pytest.raises(GraphCycleError):
        topological_generations(undirected, isa=isa)


# ---------------------------------------------------------------------------------------------
# Same answer on every ISA and every variant


@settings(max_examples=EXAMPLES)
@given(cs=cases_with_source())
def test_results_identical_across_isas_and_variants(cs):
    case, source = cs
    graphs = {isa: case.graph(isa=isa) for isa in ISAS}
    for algorithm in ("bfs", "sssp", "sswp", "wcc"):
        results = [
            (isa, variant, run(algorithm, graphs[isa], source, variant, isa))
            for isa in ISAS
            for variant in variants(algorithm)
        ]
        _, _, first = results[0]
        for isa, variant, r in results[1:]:
            where = f"{algorithm} {variant} on {isa}"
            if algorithm == "bfs":
                np.testing.assert_array_equal(r.depth, first.depth, err_msg=where)
                np.testing.assert_array_equal(r.parent, first.parent, err_msg=where)
            elif algorithm == "wcc":
                np.testing.assert_array_equal(r.label, first.label, err_msg=where)
            else:
                np.testing.assert_allclose(r.value, first.value, rtol=REL, atol=0, err_msg=where)


@settings(max_examples=EXAMPLES)
@given(case=dags())
def test_generations_identical_across_isas_and_variants(case):
    results = [
        topological_generations(case.graph(isa=isa), variant=variant, isa=isa)
        for isa in ISAS
        for variant in variants("ts")
    ]
    for r in results[1:]:
        np.testing.assert_array_equal(r.generation, results[0].generation)
        np.testing.assert_array_equal(r.order, results[0].order)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(cs=cases_with_source(), tile=st.sampled_from([1, 2, 16]))
def test_small_tiles_give_the_same_results(isa, cs, tile):
    case, source = cs
    default, small = case.graph(isa=isa), case.graph(isa=isa, tile_size=tile)
    assert small.tile_size == tile
    for algorithm in ("bfs", "sssp", "sswp", "wcc"):
        for variant in variants(algorithm):
            a = run(algorithm, default, source, variant, isa)
            b = run(algorithm, small, source, variant, isa)
            for x, y in zip(a[:-1], b[:-1], strict=True):  # every array, not the stats
                np.testing.assert_array_equal(x, y, err_msg=f"{algorithm} {variant} T={tile}")


# ---------------------------------------------------------------------------------------------
# Edge cases


def test_one_vertex_no_edges(isa):
    g = IrregGraph.from_edges([], [], n=1)
    for variant in variants("bfs"):
        r = bfs(g, source=0, variant=variant, isa=isa)
        assert r.depth.tolist() == [0] and r.parent.tolist() == [-1]
    for variant in variants("sssp"):
        assert sssp(g, source=0, variant=variant, isa=isa).value.tolist() == [0.0]
        assert sswp(g, source=0, variant=variant, isa=isa).value.tolist() == [math.inf]
    for variant in variants("wcc"):
        assert wcc(g, variant=variant, isa=isa).label.tolist() == [0]
    for variant in variants("ts"):
        r = topological_generations(g, variant=variant, isa=isa)
        assert r.generation.tolist() == [0] and r.order.tolist() == [0]


def test_empty_graph(isa):
    g = IrregGraph.from_edges([], [], n=0)
    assert g.n == 0 and g.num_edges == 0
    for variant in variants("wcc"):
        r = wcc(g, variant=variant, isa=isa)
        assert r.label.shape == (0,) and r.label.dtype == np.int32
    for variant in variants("ts"):
        r = topological_generations(g, variant=variant, isa=isa)
        assert r.generation.shape == r.order.shape == (0,)
    for source in (0, -1, 1):
        for kernel in (bfs, sssp, sswp):
            with pytest.raises(ValueError, match="not a vertex"):
                kernel(g, source=source, isa=isa)


def test_unreachable_vertices(isa):
    # 0 -> 1 -> 2, 3 -> 0 (3 reaches 0 but not the other way), 4 isolated.
    g = IrregGraph.from_edges([0, 1, 3], [1, 2, 0], [2.0, 3.0, 1.0], n=5)
    for variant in variants("bfs"):
        r = bfs(g, source=0, variant=variant, isa=isa)
        assert r.depth.tolist() == [0, 1, 2, -1, -1]
        assert r.parent.tolist() == [-1, 0, 1, -1, -1]
    for variant in variants("sssp"):
        assert sssp(g, source=0, variant=variant, isa=isa).value.tolist() == [
            0.0,
            2.0,
            5.0,
            math.inf,
            math.inf,
        ]
        assert sswp(g, source=0, variant=variant, isa=isa).value.tolist() == [
            math.inf,
            2.0,
            2.0,
            -math.inf,
            -math.inf,
        ]
    for variant in variants("wcc"):
        assert wcc(g, variant=variant, isa=isa).label.tolist() == [0, 0, 0, 0, 4]


def test_zero_width_is_not_unreachable(isa):
    # 0 -(0)-> 1 -(5)-> 2; 3 unreachable; a source self-loop does not narrow the source.
    g = IrregGraph.from_edges([0, 1, 0], [1, 2, 0], [0.0, 5.0, 1.0], n=4)
    for variant in variants("sswp"):
        assert sswp(g, source=0, variant=variant, isa=isa).value.tolist() == [
            math.inf,
            0.0,
            0.0,
            -math.inf,
        ]
        assert sssp(g, source=0, variant=variant, isa=isa).value.tolist() == [
            0.0,
            0.0,
            5.0,
            math.inf,
        ]


def test_sswp_infinite_and_negative_weights(isa):
    g = IrregGraph.from_edges([0, 1, 0, 3], [1, 2, 3, 2], [math.inf, -7.0, -1.0, -2.0], n=5)
    for variant in variants("sswp"):
        # 2 is reached by 0-1-2 (width -7) and 0-3-2 (width -2).
        assert sswp(g, source=0, variant=variant, isa=isa).value.tolist() == [
            math.inf,
            math.inf,
            -2.0,
            -1.0,
            -math.inf,
        ]


def test_parallel_edges_keep_the_last_weight(isa):
    directed = IrregGraph.from_edges([0, 0, 1, 0], [1, 1, 0, 1], [5.0, 1.0, 9.0, 3.0])
    undirected = IrregGraph.from_edges([0, 1, 0], [1, 0, 2], [5.0, 2.0, 1.0], directed=False)
    assert directed.num_edges == 2 and undirected.num_edges == 4
    for variant in variants("sssp"):
        assert sssp(directed, source=0, variant=variant, isa=isa).value.tolist() == [0.0, 3.0]
        assert sssp(directed, source=1, variant=variant, isa=isa).value.tolist() == [9.0, 0.0]
        assert sssp(undirected, source=1, variant=variant, isa=isa).value.tolist() == [
            2.0,
            0.0,
            3.0,
        ]


def test_from_scipy_keeps_explicit_zeros(isa):
    a = sp.csr_matrix(
        (np.array([0.0, 2.0, 0.0]), (np.array([0, 1, 3]), np.array([1, 2, 3]))), shape=(5, 5)
    )
    assert a.nnz == 3
    for directed in (True, False):
        g = IrregGraph.from_scipy(a, directed=directed)
        assert g.n == 5
        for variant in variants("sssp"):
            assert sssp(g, source=0, variant=variant, isa=isa).value.tolist() == [
                0.0,
                0.0,
                2.0,
                math.inf,
                math.inf,
            ]
            assert sswp(g, source=0, variant=variant, isa=isa).value.tolist() == [
                math.inf,
                0.0,
                0.0,
                -math.inf,
                -math.inf,
            ]
        for variant in variants("bfs"):
            assert bfs(g, source=3, variant=variant, isa=isa).depth.tolist() == [-1, -1, -1, 0, -1]
            assert bfs(g, source=1, variant=variant, isa=isa).depth.tolist() == (
                [-1, 0, 1, -1, -1] if directed else [1, 0, 1, -1, -1]
            )
        for variant in variants("wcc"):
            assert wcc(g, variant=variant, isa=isa).label.tolist() == [0, 0, 0, 3, 4]
    with pytest.raises(TypeError, match="scipy.sparse"):
        IrregGraph.from_scipy(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="square"):
        IrregGraph.from_scipy(sp.csr_matrix((2, 3)))


def test_from_scipy_sums_duplicate_entries_as_scipy_does():
    from scipy.sparse.csgraph import dijkstra as csgraph_dijkstra

    # Two entries for (0, 1): scipy's CSR (and csgraph) hold their sum, 7, not the last one, 2.
    a = sp.coo_array(
        (np.array([5.0, 2.0, 1.0]), (np.array([0, 0, 1]), np.array([1, 1, 2]))), shape=(3, 3)
    )
    g = IrregGraph.from_scipy(a)
    assert g.num_edges == 2
    assert sssp(g, source=0).value.tolist() == [0.0, 7.0, 8.0]
    assert csgraph_dijkstra(a, indices=0).tolist() == [0.0, 7.0, 8.0]
    assert a.nnz == 3  # the caller's matrix keeps its entries


@pytest.mark.slow
@pytest.mark.parametrize("reverse", [False, True])
def test_long_path(isa, reverse):
    """A 3000-vertex path takes ~3000 supersteps; numbered backwards, min labels travel far."""
    n = 3000
    ids = np.arange(n)[::-1] if reverse else np.arange(n)
    g = IrregGraph.from_edges(ids[:-1], ids[1:], np.ones(n - 1) * 0.5, n=n)
    source = int(ids[0])
    hops = np.empty(n, dtype=np.int64)
    hops[ids] = np.arange(n)
    for variant in variants("bfs"):
        r = bfs(g, source=source, variant=variant, isa=isa)
        np.testing.assert_array_equal(r.depth, hops)
        if variant in FRONTIER_VARIANTS:
            assert n - 1 <= r.stats.supersteps <= n + 1, (variant, r.stats.supersteps)
    for variant in variants("sssp"):
        r = sssp(g, source=source, variant=variant, isa=isa)
        np.testing.assert_array_equal(r.value, hops * 0.5)  # halves add exactly
        if variant in FRONTIER_VARIANTS:
            assert n - 1 <= r.stats.supersteps <= n + 1, (variant, r.stats.supersteps)
        r = sswp(g, source=source, variant=variant, isa=isa)
        assert r.value[source] == math.inf and np.all(np.delete(r.value, source) == 0.5)
    for variant in variants("wcc"):
        assert np.all(wcc(g, variant=variant, isa=isa).label == 0)
    for variant in variants("ts"):
        np.testing.assert_array_equal(
            topological_generations(g, variant=variant, isa=isa).generation, hops
        )


@pytest.mark.slow
def test_grid(isa):
    side = 60
    grid = nx.convert_node_labels_to_integers(nx.grid_2d_graph(side, side), ordering="sorted")
    src, dst = np.array(list(grid.edges)).T
    g = IrregGraph.from_edges(src, dst, n=side * side, directed=False)
    rows, cols = np.divmod(np.arange(side * side), side)
    corner_hops = rows + cols
    for variant in variants("bfs"):
        r = bfs(g, source=0, variant=variant, isa=isa)
        np.testing.assert_array_equal(r.depth, corner_hops)
        # Smallest-id parent one level up: the vertex above when there is one, else to the left.
        ids = np.arange(side * side)
        expected_parent = np.where(rows > 0, ids - side, ids - 1)
        expected_parent[0] = -1
        np.testing.assert_array_equal(r.parent, expected_parent)
        if variant in FRONTIER_VARIANTS:
            diameter = 2 * (side - 1)
            assert diameter <= r.stats.supersteps <= diameter + 2, (variant, r.stats.supersteps)
    for variant in variants("sssp"):
        np.testing.assert_array_equal(
            sssp(g, source=0, variant=variant, isa=isa).value, corner_hops.astype(float)
        )
    for variant in variants("wcc"):
        assert np.all(wcc(g, variant=variant, isa=isa).label == 0)


@pytest.mark.slow
def test_medium_random_graph_spans_many_tiles(isa):
    """Seeded 600-vertex graphs with tile 16: edges fall in many tiles and groups."""
    rng = np.random.default_rng(20240601)
    n, m = 600, 2400
    src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
    weight = rng.integers(0, 4, m).astype(np.float64)  # integers: exact sums
    for directed in (True, False):
        case = Case(
            n,
            list(zip(src.tolist(), dst.tolist(), strict=True)),
            weight.tolist(),
            directed,
            integral=True,
        )
        g = case.graph(isa=isa, tile_size=16)
        source = int(src[0])
        depth = np.full(n, -1)
        for v, d in nx.single_source_shortest_path_length(case.nx, source).items():
            depth[v] = d
        dist = np.full(n, math.inf)
        for v, d in nx.single_source_dijkstra_path_length(case.nx, source).items():
            dist[v] = d
        check_bfs_tree = Verifier("bfs", g, source=source)  # smallest-id parents
        check_width = Verifier("sswp", g, source=source)
        components = (
            nx.weakly_connected_components(case.nx)
            if directed
            else nx.connected_components(case.nx)
        )
        label = np.empty(n, dtype=np.int64)
        for comp in components:
            label[list(comp)] = min(comp)
        for variant in variants("bfs"):
            r = bfs(g, source=source, variant=variant, isa=isa)
            np.testing.assert_array_equal(r.depth, depth, err_msg=variant)
            check_bfs_tree(r)
        for variant in variants("sssp"):
            np.testing.assert_array_equal(
                sssp(g, source=source, variant=variant, isa=isa).value, dist
            )
            check_width(sswp(g, source=source, variant=variant, isa=isa))
        for variant in variants("wcc"):
            np.testing.assert_array_equal(wcc(g, variant=variant, isa=isa).label, label)


# ---------------------------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize("kernel", [bfs, sssp, sswp])
def test_bad_sources(kernel):
    g = IrregGraph.from_edges([0, 1], [1, 2])
    for source in (3, -1, 2**40):
        with pytest.raises(ValueError, match=f"source {source} is not a vertex"):
            kernel(g, source=source)
    for source in (1.0, True, False, "0", None, np.float64(1)):
        with pytest.raises(TypeError, match="source must be an integer"):
            kernel(g, source=source)
    # NumPy integers are integers.
    for source in (np.int64(1), np.int32(1), np.uint8(1)):
        np.testing.assert_array_equal(kernel(g, source=source)[0], kernel(g, source=1)[0])


def test_negative_weight_refused_by_sssp_only(isa):
    g = IrregGraph.from_edges([0, 1, 2], [1, 2, 0], [1.0, -2.0, 3.0])
    for variant in variants("sssp"):
        with pytest.raises(ValueError, match=r"negative weight .* on edge \(1, 2\)"):
            sssp(g, source=0, variant=variant, isa=isa)
        assert sswp(g, source=0, variant=variant, isa=isa).value.tolist() == [math.inf, 1.0, -2.0]


def test_nan_and_bad_weights_refused_at_build():
    with pytest.raises(ValueError, match="NaN"):
        IrregGraph.from_edges([0, 1], [1, 2], [1.0, math.nan])
    with pytest.raises(ValueError, match="one value per edge"):
        IrregGraph.from_edges([0, 1], [1, 2], [1.0])
    with pytest.raises(ValueError, match="one value per edge"):
        IrregGraph.from_edges([0, 1], [1, 2], [1.0, 2.0, 3.0])
    with pytest.raises(TypeError, match="weight must be numeric"):
        IrregGraph.from_edges([0, 1], [1, 2], ["a", "b"])


def test_bad_vertex_arrays_refused():
    with pytest.raises(TypeError, match="src must hold integer vertex ids"):
        IrregGraph.from_edges(np.array([0.0, 1.0]), [1, 2])
    with pytest.raises(TypeError, match="dst must hold integer vertex ids"):
        IrregGraph.from_edges([0, 1], np.array([1.0, 2.0]))
    with pytest.raises(ValueError, match="same length"):
        IrregGraph.from_edges([0, 1], [1])


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_unknown_variant_and_isa(algorithm):
    g = IrregGraph.from_edges([0, 1], [1, 2])
    source = 0 if registry.ALGORITHMS[algorithm].sourced else None
    for bad in ("fastest", "OPT", "direction" if algorithm != "bfs" else "union-find"):
        with pytest.raises(ValueError, match="unknown variant"):
            run(algorithm, g, source, bad, None)
    with pytest.raises(ValueError, match="unknown ISA"):
        run(algorithm, g, source, registry.ALGORITHMS[algorithm].default_variant, "sse9")


# ---------------------------------------------------------------------------------------------
# Stats


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=EXAMPLES)
@given(cs=cases_with_source())
def test_bfs_opt_counts_the_out_edges_of_reached_vertices(isa, cs):
    case, source = cs
    g = case.graph(isa=isa)
    r = bfs(g, source=source, variant="opt", isa=isa)
    reached = np.flatnonzero(r.depth >= 0)
    # Out-edges as stored: an undirected self-loop counts once (len(adj), not nx's degree).
    assert r.stats.active_edges == sum(len(case.nx.adj[v]) for v in reached)
    if r.stats.active_edges:
        assert r.stats.supersteps > 0
        assert r.stats.vector_ops > 0 and 0.0 < r.stats.simd_utilization <= 1.0


def test_stats_on_a_traversal(isa):
    g = IrregGraph.from_edges([0, 1, 2, 3], [1, 2, 3, 0], [1.0, 1.0, 1.0, 1.0])
    for algorithm in (a for a in ALGORITHMS if a != "ts"):  # the graph is a cycle
        for variant in variants(algorithm):
            stats = run(algorithm, g, 0, variant, isa).stats
            check_stats(stats, algorithm, variant, isa)
            if variant not in ("serial", "union-find"):
                assert stats.supersteps > 0, (algorithm, variant)
            assert stats.seconds >= 0
