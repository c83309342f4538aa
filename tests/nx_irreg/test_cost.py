"""The cost rule (DESIGN §4) on inputs that run many supersteps: total work is O(n + m).

Checked by the operation counts of the stats, never by time: edges that carried a message and
vector operations, summed over the run, stay within a small multiple of n + m on a long path
(one vertex active per superstep), a star (one dense superstep) and many small components.
"""

from __future__ import annotations

import numpy as np
import pytest

from irreg.graph.algorithms import distance_sums, run, variants, wcc
from irreg.graph.registry import ALGORITHMS, VARIANTS
from nx_irreg import IrregGraph

ENGINE_VARIANTS = tuple(v for v in VARIANTS if VARIANTS[v].engine)
# The engine's variants and the faster methods (direction, delta, dijkstra, afforest, union-find,
# kahn).
# (Not the measures from every source: all pairs of a path are quadratic by definition; the
# distances' cost on one is tested below. Nor the power iterations, each of whose iterations is
# a whole product by definition: their cost per iteration is tested below. Nor the dense
# all-pairs lengths, n^3 whatever the edges: a 10^5-vertex path's matrix would be 80 GB.)
POWER_ITERATIONS = ("pagerank", "hits", "katz", "eigenvector")
EVERY_VARIANT = [
    (a, v) for a in ALGORITHMS
    if a not in ("distances", "betweenness", "floyd-warshall", *POWER_ITERATIONS)
    for v in variants(a)
]
N = 100_000


def _path(n: int) -> IrregGraph:
    ids = np.arange(n)
    return IrregGraph.from_edges(ids[:-1], ids[1:], np.full(n - 1, 0.5), n=n)


def _run(g: IrregGraph, algorithm: str, variant: str, isa: str):
    return run(algorithm, g, source=0, variant=variant, isa=isa)


def _check_linear(stats, n: int, m: int) -> None:
    # WCC walks the undirected view: each edge carries a message both ways, once.
    assert stats.active_edges <= 2 * m, stats
    assert stats.vector_ops <= 2 * (n + m), stats
    assert stats.supersteps <= n + 1, stats


@pytest.fixture(scope="module")
def path() -> IrregGraph:
    return _path(N)


@pytest.mark.parametrize(("algorithm", "variant"), EVERY_VARIANT)
def test_long_path_is_linear(path, algorithm, variant, isa):
    r = _run(path, algorithm, variant, isa)
    _check_linear(r.stats, N, N - 1)
    if variant in ENGINE_VARIANTS:
        assert r.stats.supersteps >= N - 1  # one hop per superstep: a real long run


@pytest.mark.parametrize(("algorithm", "variant"),
                         [(a, v) for a in POWER_ITERATIONS for v in variants(a)])
def test_power_iterations_read_each_edge_once_per_product(algorithm, variant, isa):
    n = 5_000
    ids = np.arange(n)
    cycle = IrregGraph.from_edges(ids, np.roll(ids, -1), np.full(n, 0.5), n=n)
    stats = _run(cycle, algorithm, variant, isa).stats
    products = 2 if algorithm == "hits" else 1  # a = A^T h, then h = A a
    assert stats.active_edges == products * n * stats.supersteps, stats
    if variant in ENGINE_VARIANTS and variant != "serial":
        assert stats.vector_ops <= 2 * n * stats.supersteps, stats


@pytest.mark.parametrize("variant", ENGINE_VARIANTS)
def test_wcc_path_numbered_backwards_and_from_the_middle(variant, isa):
    # Min-label propagation from every vertex at once relabelled each vertex once per smaller
    # id reaching it: n^2 / 2 active edges on these.
    n = 20_000
    for ids in (np.arange(n)[::-1], np.roll(np.arange(n), n // 2)):
        g = IrregGraph.from_edges(ids[:-1], ids[1:], n=n)
        r = wcc(g, variant=variant, isa=isa)
        assert np.all(r.label == 0)
        _check_linear(r.stats, n, n - 1)


@pytest.mark.parametrize("variant", ENGINE_VARIANTS)
def test_star_and_many_components(variant, isa):
    n = 20_000
    leaves = np.arange(1, n)
    star = IrregGraph.from_edges(np.zeros(n - 1, dtype=np.int64), leaves, n=n)
    for algorithm in ("bfs", "wcc"):
        _check_linear(_run(star, algorithm, variant, isa).stats, n, n - 1)
    # n / 2 disjoint edges plus isolated vertices: WCC seeds every component in turn.
    src = np.arange(0, n // 2, 2)
    pairs = IrregGraph.from_edges(src, src + 1, n=n)
    r = wcc(pairs, variant=variant, isa=isa)
    expected = np.arange(n)
    expected[1 : n // 2 : 2] -= 1
    np.testing.assert_array_equal(r.label, expected)
    _check_linear(r.stats, n, len(src))


@pytest.mark.parametrize("variant", variants("distances"))
def test_distances_from_a_few_sources_of_a_long_path_cost_a_search_each(path, variant, isa):
    # A path is as deep as a graph gets: the bit-parallel variant sees it from its first search
    # and runs a queue BFS per source, so each source costs one pass over the path.
    sources = [0, N // 2, N - 1]
    r = distance_sums(path, sources=sources, variant=variant, isa=isa)
    assert r.stats.active_edges <= len(sources) * (N - 1)
    assert r.stats.supersteps <= len(sources) * N
    np.testing.assert_array_equal(r.eccentricity, [N - 1, N - 1 - N // 2, 0])
    assert list(r.reaches_all) == [True, False, False]
    assert r.total[-1] == (N - 1) + (N - 1 - N // 2)
