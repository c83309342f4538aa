"""The OpenMP graph kernels give the serial results at every thread count (DESIGN §12).

Afforest WCC, direction-optimizing BFS and delta-stepping SSSP/SSWP at ``threads`` 1, 2 and 3
against the serial references of :mod:`irreg.graph.verify` (and Dijkstra's values bit
for bit: both are the minimum over paths of the weights summed in path order), on graph shapes
that stress them differently: random (ER, RMAT), long and thin (paths, grids), one hub (stars),
many small components and isolated vertices, directed and undirected. The engine's opt and
opt-search variants, parallel over tile columns, on every ISA, against the same references and
their own ``threads=1`` run, stats included.
"""

from __future__ import annotations

import numpy as np
import pytest

from irreg.graph import verify
from irreg.graph.algorithms import (
    bfs,
    sssp,
    sswp,
    topological_generations,
    variants,
    wcc,
)
from irreg.graph.algorithms.dag import GraphCycleError
from irreg.inputs import generate
from nx_irreg import IrregGraph


def _er(n: int, m: int, seed: int, weights: str = "int", directed: bool = True) -> IrregGraph:
    rng = np.random.default_rng(seed)
    src, dst = rng.integers(0, max(n, 1), (2, m))
    w = _weights(rng, m, weights)
    return IrregGraph.from_edges(src, dst, w, n=n, directed=directed)


def _weights(rng: np.random.Generator, m: int, kind: str) -> np.ndarray:
    if kind == "int":  # ties everywhere, zeros included
        return rng.integers(0, 8, m).astype(np.float64)
    if kind == "real":
        return rng.random(m) * 10.0
    if kind == "tiny-and-huge":  # buckets past the last one share it
        return np.where(rng.random(m) < 0.5, rng.random(m) * 1e-9, rng.random(m) * 1e12)
    raise AssertionError(kind)


def _rmat(scale: int, directed: bool) -> IrregGraph:
    e = generate(f"rmat:{scale}:8", seed=scale)
    return IrregGraph.from_edges(e.src, e.dst, e.weight, n=e.n, directed=directed)


def _grid(side: int, seed: int) -> IrregGraph:
    ids = np.arange(side * side).reshape(side, side)
    src = np.concatenate([ids[:, :-1].ravel(), ids[:-1, :].ravel()])
    dst = np.concatenate([ids[:, 1:].ravel(), ids[1:, :].ravel()])
    w = np.random.default_rng(seed).random(len(src))
    return IrregGraph.from_edges(src, dst, w, n=side * side, directed=False)


def _path(n: int, backwards: bool) -> IrregGraph:
    ids = np.arange(n)[::-1] if backwards else np.arange(n)
    return IrregGraph.from_edges(ids[:-1], ids[1:], np.full(n - 1, 0.25), n=n)


def _star(n: int, directed: bool) -> IrregGraph:
    leaves = np.arange(1, n)
    w = np.random.default_rng(n).random(n - 1)
    return IrregGraph.from_edges(np.zeros(n - 1, dtype=np.int64), leaves, w, n=n, directed=directed)


def _components(n: int, seed: int) -> IrregGraph:
    """Many small trees (and isolated vertices), numbered in a shuffled order."""
    rng = np.random.default_rng(seed)
    perm = rng.permutation(n)
    child = np.arange(1, n)
    parent = child - rng.integers(1, 4, n - 1)
    keep = (parent >= 0) & (rng.random(n - 1) < 0.7)
    return IrregGraph.from_edges(perm[parent[keep]], perm[child[keep]], n=n)


GRAPHS = {
    "er-directed-int": lambda: _er(2000, 6000, 1),
    "er-undirected-real": lambda: _er(2000, 5000, 2, "real", directed=False),
    "er-sparse-isolated": lambda: _er(3000, 1500, 3, "real"),
    "er-tiny-and-huge": lambda: _er(1500, 6000, 4, "tiny-and-huge"),
    "rmat-directed": lambda: _rmat(11, True),
    "rmat-undirected": lambda: _rmat(11, False),
    "grid": lambda: _grid(40, 5),
    "path": lambda: _path(3000, False),
    "path-backwards": lambda: _path(3000, True),
    "star-out": lambda: _star(3000, True),
    "star-undirected": lambda: _star(3000, False),
    "many-components": lambda: _components(4000, 6),
    "one-vertex": lambda: IrregGraph.from_edges([], [], n=1),
    "self-loop": lambda: IrregGraph.from_edges([0, 0], [0, 1], [0.5, 1.5], n=3),
}


@pytest.fixture(scope="module", params=sorted(GRAPHS))
def graph(request: pytest.FixtureRequest) -> IrregGraph:
    return GRAPHS[request.param]()


# Tiles of 64 vertices: the test graphs span dozens of tile columns, so the engine's parallel
# sweep has shares to deal (one tile, the default for a small graph, is one column: serial).
ENGINE_TILE = 64


def _retiled(g: IrregGraph, tile_size: int) -> IrregGraph:
    """The same graph with another tile size (an undirected one from its edges u <= v)."""
    offsets, targets, weights = g.csr()
    src = np.repeat(np.arange(g.n), np.diff(offsets))
    keep = slice(None) if g.directed else src <= targets
    return IrregGraph.from_edges(src[keep], targets[keep], weights[keep], n=g.n,
                                 directed=g.directed, tile_size=tile_size)


@pytest.fixture(scope="module")
def tiled(graph: IrregGraph) -> IrregGraph:
    return _retiled(graph, ENGINE_TILE)


def _team(g: IrregGraph, threads: int) -> int:
    """The team the core reports: under the suite's exact teams (tests/conftest.py), the threads
    asked for, however small the graph (by default a small one runs on one thread)."""
    del g
    return threads


def _sources(g: IrregGraph) -> list[int]:
    offsets = g.csr()[0]
    busiest = int(np.argmax(np.diff(offsets)))
    return sorted({0, busiest, g.n - 1})


def test_afforest_wcc_is_union_find(graph, threads):
    r = wcc(graph, variant="afforest", threads=threads)
    assert r.label.dtype == np.int32
    np.testing.assert_array_equal(r.label, verify.components(graph))
    np.testing.assert_array_equal(r.label, wcc(graph, variant="union-find").label)
    assert r.stats.threads == _team(graph, threads) and r.stats.active_edges <= graph.num_edges


def test_direction_bfs_depth_and_parent(graph, threads):
    for s in _sources(graph):
        r = bfs(graph, source=s, variant="direction", threads=threads)
        depth = verify.bfs_depth(graph, s)
        np.testing.assert_array_equal(r.depth, depth)
        np.testing.assert_array_equal(r.parent, verify.bfs_parent(graph, depth))
        serial = bfs(graph, source=s, variant="direction", threads=1)
        assert r.stats.active_edges == serial.stats.active_edges
        assert r.stats.supersteps == serial.stats.supersteps


@pytest.mark.parametrize("make", [
    lambda: _rmat(12, True), lambda: _er(3000, 9000, 7), lambda: _components(5000, 8),
    lambda: _star(5000, True),
], ids=["rmat", "er", "many-components", "star-out"])
def test_in_edges_built_at_any_thread_count_serve_bfs_and_wcc(make, threads):
    """A directed graph's in-edges, built by this thread count's first bottom-up BFS, give the
    serial depths and parents; WCC then skips the big component through them, same labels."""
    g = make()
    before = wcc(g, variant="afforest", threads=threads)
    for s in _sources(g):
        r = bfs(g, source=s, variant="direction", threads=threads)
        np.testing.assert_array_equal(r.depth, verify.bfs_depth(g, s))
        np.testing.assert_array_equal(r.parent, verify.bfs_parent(g, r.depth))
    after = wcc(g, variant="afforest", threads=threads)
    np.testing.assert_array_equal(before.label, verify.components(g))
    np.testing.assert_array_equal(after.label, before.label)


def test_delta_stepping_is_dijkstra_bit_for_bit(graph, threads):
    for s in _sources(graph):
        r = sssp(graph, source=s, variant="delta", threads=threads)
        np.testing.assert_array_equal(r.value, sssp(graph, source=s, variant="dijkstra").value)
        np.testing.assert_array_equal(r.value, verify.shortest_paths(graph, s))
        w = sswp(graph, source=s, variant="delta", threads=threads)
        np.testing.assert_array_equal(w.value, sswp(graph, source=s, variant="dijkstra").value)
        np.testing.assert_array_equal(w.value, verify.widest_paths(graph, s))


def _same_stats(r, serial) -> None:
    assert (r.stats.supersteps, r.stats.active_edges, r.stats.vector_ops) == (
        serial.stats.supersteps, serial.stats.active_edges, serial.stats.vector_ops)


@pytest.mark.parametrize("variant", ["opt", "opt-search"])
def test_engine_over_tile_columns(tiled, variant, isa, threads):
    g = tiled
    for s in _sources(g):
        r = bfs(g, source=s, variant=variant, isa=isa, threads=threads)
        serial = bfs(g, source=s, variant=variant, isa=isa, threads=1)
        depth = verify.bfs_depth(g, s)
        np.testing.assert_array_equal(r.depth, depth)
        np.testing.assert_array_equal(r.parent, verify.bfs_parent(g, depth))
        np.testing.assert_array_equal(r.parent, serial.parent)
        _same_stats(r, serial)
        for kernel, reference in ((sssp, verify.shortest_paths), (sswp, verify.widest_paths)):
            r = kernel(g, source=s, variant=variant, isa=isa, threads=threads)
            serial = kernel(g, source=s, variant=variant, isa=isa, threads=1)
            np.testing.assert_array_equal(r.value, serial.value)
            np.testing.assert_array_equal(r.value, reference(g, s))
            _same_stats(r, serial)
    r = wcc(g, variant=variant, isa=isa, threads=threads)
    np.testing.assert_array_equal(r.label, verify.components(g))
    _same_stats(r, wcc(g, variant=variant, isa=isa, threads=1))
    assert r.stats.threads == _team(g, threads)


@pytest.fixture(scope="module")
def large() -> IrregGraph:
    """Big enough that supersteps sweep more groups than the engine's fork threshold (65536)."""
    rng = np.random.default_rng(11)
    n, m = 1 << 18, 1 << 21
    src, dst = rng.integers(0, n, (2, m))
    return IrregGraph.from_edges(src, dst, rng.integers(0, 8, m).astype(np.float64), n=n,
                                 tile_size=2048)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["opt", "opt-search"])
def test_engine_over_tile_columns_forks(large, variant, isa):
    for algorithm in ("bfs", "sssp", "sswp", "wcc"):
        if algorithm == "wcc":
            runs = [wcc(large, variant=variant, isa=isa, threads=t) for t in (1, 2, 3)]
        else:
            kernel = {"bfs": bfs, "sssp": sssp, "sswp": sswp}[algorithm]
            runs = [kernel(large, source=0, variant=variant, isa=isa, threads=t) for t in (1, 2, 3)]
        for r in runs[1:]:
            for a, b in zip(r[:-1], runs[0][:-1]):
                np.testing.assert_array_equal(a, b, err_msg=algorithm)
            _same_stats(r, runs[0])
    np.testing.assert_array_equal(runs[0].label, verify.components(large))


@pytest.mark.parametrize("variant", ["naive", "opt", "opt-search"])
def test_engine_infinite_weights_list_each_recipient_once(variant, threads):
    """Messages that stay +inf (SSSP over infinite weights) list nobody: the recipient list has
    room for n entries, and 300 x 300 infinite edges into 300 vertices used to overrun it."""
    a = 300
    left, right = np.arange(1, a + 1), np.arange(a + 1, 2 * a + 1)
    src = np.concatenate([np.zeros(a, dtype=np.int64), np.repeat(left, a)])
    dst = np.concatenate([left, np.tile(right, a)])
    w = np.concatenate([np.ones(a), np.full(a * a, np.inf)])
    g = IrregGraph.from_edges(src, dst, w, n=2 * a + 1, tile_size=ENGINE_TILE)
    r = sssp(g, source=0, variant=variant, threads=threads)
    np.testing.assert_array_equal(r.value, verify.shortest_paths(g, 0))
    assert r.stats.supersteps == 2


@pytest.mark.parametrize("seed", range(8))
def test_small_random_graphs(seed, threads):
    """Many small graphs (n from 1, directed or not): races show up on the odd one."""
    rng = np.random.default_rng(100 + seed)
    for _ in range(10):
        n = int(rng.integers(1, 60))
        m = int(rng.integers(0, 4 * n))
        kind = ("int", "real")[int(rng.integers(2))]
        g = _er(n, m, int(rng.integers(1 << 30)), kind, directed=bool(rng.integers(2)))
        np.testing.assert_array_equal(
            wcc(g, variant="afforest", threads=threads).label, verify.components(g)
        )
        s = int(rng.integers(n))
        r = bfs(g, source=s, variant="direction", threads=threads)
        np.testing.assert_array_equal(r.depth, verify.bfs_depth(g, s))
        np.testing.assert_array_equal(r.parent, verify.bfs_parent(g, r.depth))
        np.testing.assert_array_equal(
            sssp(g, source=s, variant="delta", threads=threads).value, verify.shortest_paths(g, s)
        )
        np.testing.assert_array_equal(
            sswp(g, source=s, variant="delta", threads=threads).value, verify.widest_paths(g, s)
        )


def test_sswp_delta_with_signed_and_infinite_weights(threads):
    rng = np.random.default_rng(7)
    n, m = 500, 2500
    src, dst = rng.integers(0, n, (2, m))
    w = rng.normal(size=m) * 100
    w[rng.random(m) < 0.05] = np.inf
    w[rng.random(m) < 0.05] = -np.inf
    w[rng.random(m) < 0.05] = 0.0
    g = IrregGraph.from_edges(src, dst, w, n=n)
    for s in (0, 17, 499):
        np.testing.assert_array_equal(
            sswp(g, source=s, variant="delta", threads=threads).value, verify.widest_paths(g, s)
        )


@pytest.mark.parametrize("high", [4_290_000, 4_300_000, 2**40])
def test_sssp_delta_on_whole_weights_up_to_the_integer_limit(high, threads):
    """Whole-number weights run on 32-bit integer distances while n x the largest weight fits
    (the long path's sum then nearly reaches 2^32), on float64 past it: the same values."""
    n = 1000
    rng = np.random.default_rng(high)
    ids = np.arange(n)
    extra_src, extra_dst = rng.integers(0, n, (2, 3 * n))
    src = np.concatenate([ids[:-1], extra_src])
    dst = np.concatenate([ids[1:], extra_dst])
    w = np.concatenate([np.full(n - 1, float(high)), rng.integers(0, high, 3 * n).astype(float)])
    w[rng.random(len(w)) < 0.01] = 0.0
    g = IrregGraph.from_edges(src, dst, w, n=n)
    for s in (0, 1, 500):
        value = sssp(g, source=s, variant="delta", threads=threads).value
        np.testing.assert_array_equal(value, verify.shortest_paths(g, s))
    assert sssp(g, source=0, variant="delta", threads=threads).value[n - 1] <= (n - 1) * high


def test_sssp_delta_with_whole_and_infinite_weights(threads):
    """An infinite weight among whole numbers keeps the float labels: no path uses that edge."""
    g = IrregGraph.from_edges([0, 0, 1, 2], [1, 2, 3, 3], [np.inf, 2.0, 1.0, 5.0], n=5)
    for s in range(5):
        value = sssp(g, source=s, variant="delta", threads=threads).value
        np.testing.assert_array_equal(value, verify.shortest_paths(g, s))
    assert sssp(g, source=0, variant="delta", threads=threads).value.tolist() == [
        0.0, np.inf, 2.0, 7.0, np.inf]


@pytest.mark.parametrize("seed", range(6))
def test_kahn_generations(seed, threads):
    """Random DAGs (ids shuffled, so the order is hidden), some with a cycle added."""
    rng = np.random.default_rng(200 + seed)
    for trial in range(6):
        n = int(rng.integers(1, 6000 if trial == 0 else 300))
        m = int(rng.integers(0, 6 * n))
        a, b = rng.integers(0, n, (2, m))
        keep = a != b
        perm = rng.permutation(n)
        src, dst = perm[np.minimum(a, b)[keep]], perm[np.maximum(a, b)[keep]]
        if trial % 3 == 2 and len(src):  # close a cycle (or a self-loop)
            src, dst = np.append(src, dst[0]), np.append(dst, src[0])
        g = IrregGraph.from_edges(src, dst, n=n)
        try:
            expected = topological_generations(g, variant="naive").generation
        except GraphCycleError:
            with pytest.raises(GraphCycleError):
                topological_generations(g, variant="kahn", threads=threads)
            continue
        r = topological_generations(g, variant="kahn", threads=threads)
        np.testing.assert_array_equal(r.generation, expected)
        np.testing.assert_array_equal(r.generation, verify.generations(g))
        assert r.stats.threads == _team(g, threads) and r.stats.active_edges <= g.num_edges
        tiled = IrregGraph.from_edges(src, dst, n=n, tile_size=ENGINE_TILE)
        for variant in ("opt", "opt-search"):
            r = topological_generations(tiled, variant=variant, threads=threads)
            np.testing.assert_array_equal(r.generation, expected)
            _same_stats(r, topological_generations(tiled, variant=variant, threads=1))


def test_empty_graph(threads):
    g = IrregGraph.from_edges([], [], n=0)
    assert wcc(g, variant="afforest", threads=threads).label.shape == (0,)
    assert topological_generations(g, variant="kahn", threads=threads).generation.shape == (0,)


def test_defaults_are_the_parallel_methods():
    assert variants("wcc")[-2:] == ["afforest", "union-find"]
    assert variants("sssp")[-2:] == variants("sswp")[-2:] == ["delta", "dijkstra"]
    g = _er(100, 300, 9)
    assert wcc(g).stats.variant == "afforest"
    assert sssp(g, source=0).stats.variant == "delta"
    assert sswp(g, source=0).stats.variant == "delta"
    assert bfs(g, source=0).stats.variant == "direction"
    assert variants("ts")[-1] == "kahn"
    assert topological_generations(_er(0, 0, 1)).stats.variant == "kahn"
