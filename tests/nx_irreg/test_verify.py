"""The serial references of ``irreg.graph.verify`` against NetworkX and brute force, and
the verifiers naming the first wrong vertex.

The tests and ``irreg bench graph`` trust these references, so they are checked here against
external ones: NetworkX for depths, distances, components and generations; every simple path of
a tiny graph for widths and BFS parents.
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from irreg.graph import verify as V
from irreg.graph.algorithms import bfs, sssp, sswp, topological_generations, wcc
from nx_irreg import IrregGraph

EXAMPLES = 40


@st.composite
def graphs(draw: st.DrawFn, *, max_n: int = 12, signed: bool = False, dag: bool = False):
    """(IrregGraph, the same graph in NetworkX, a source)."""
    n = draw(st.integers(1, max_n))
    vertex = st.integers(0, n - 1)
    edges = draw(st.lists(st.tuples(vertex, vertex), max_size=3 * n))
    directed = dag or draw(st.booleans())
    if dag:
        edges = [(min(u, v), max(u, v)) for u, v in edges if u != v]
    low = -4 if signed else 0
    weights = draw(st.lists(st.integers(low, 4), min_size=len(edges), max_size=len(edges)))
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    for (u, v), w in zip(edges, weights, strict=True):
        G.add_edge(u, v, weight=float(w))
    src = np.array([u for u, _ in edges], dtype=np.int64)
    dst = np.array([v for _, v in edges], dtype=np.int64)
    g = IrregGraph.from_edges(src, dst, np.array(weights, dtype=np.float64), n=n, directed=directed)
    return g, G, draw(st.integers(0, n - 1))


def per_vertex(n: int, values: dict, missing: float) -> np.ndarray:
    out = np.full(n, missing, dtype=np.float64)
    for v, x in values.items():
        out[v] = x
    return out


@settings(max_examples=EXAMPLES)
@given(case=graphs())
def test_bfs_reference_matches_networkx_and_brute_force(case):
    g, G, s = case
    depth = V.bfs_depth(g, s)
    np.testing.assert_array_equal(
        depth, per_vertex(g.n, nx.single_source_shortest_path_length(G, s), -1)
    )
    parent = V.bfs_parent(g, depth)
    # Brute force: the smallest in-neighbour one level up (none for the source and unreached).
    into = G.pred if G.is_directed() else G.adj
    for v in range(g.n):
        one_up = [u for u in into[v] if depth[u] >= 0 and depth[u] == depth[v] - 1]
        assert parent[v] == (min(one_up) if one_up else -1), (v, one_up)


@settings(max_examples=EXAMPLES)
@given(case=graphs())
def test_shortest_paths_reference_matches_networkx(case):
    g, G, s = case
    np.testing.assert_array_equal(
        V.shortest_paths(g, s),
        per_vertex(g.n, nx.single_source_dijkstra_path_length(G, s), math.inf),
    )


@settings(max_examples=EXAMPLES)
@given(case=graphs(max_n=7, signed=True))
def test_widest_paths_reference_matches_every_simple_path(case):
    g, G, s = case
    expected = np.full(g.n, -math.inf)
    expected[s] = math.inf
    for t in range(g.n):
        if t != s:
            for path in nx.all_simple_edge_paths(G, s, t):
                expected[t] = max(expected[t], min(G.edges[e]["weight"] for e in path))
    np.testing.assert_array_equal(V.widest_paths(g, s), expected)


@settings(max_examples=EXAMPLES)
@given(case=graphs())
def test_components_reference_matches_networkx(case):
    g, G, _ = case
    comps = nx.weakly_connected_components(G) if G.is_directed() else nx.connected_components(G)
    expected = np.empty(g.n, dtype=np.int32)
    for comp in comps:
        expected[list(comp)] = min(comp)
    np.testing.assert_array_equal(V.components(g), expected)


@settings(max_examples=EXAMPLES)
@given(case=graphs(dag=True))
def test_generations_reference_matches_networkx(case):
    g, G, _ = case
    generation = V.generations(g)
    assert [set(np.flatnonzero(generation == k).tolist()) for k in range(generation.max() + 1)] == [
        set(gen) for gen in nx.topological_generations(G)
    ]


def test_verifiers_name_the_first_wrong_vertex():
    # 0 -> 1 -> 3, 0 -> 2 -> 3, 4 isolated.
    g = IrregGraph.from_edges([0, 0, 1, 2], [1, 2, 3, 3], [1.0, 2.0, 5.0, 1.0], n=5)
    r = bfs(g, source=0)
    V.verify_bfs(g, r, source=0)
    with pytest.raises(AssertionError, match=r"bfs from 0: vertex 3 has parent 2, expected 1"):
        V.verify_bfs(g, r._replace(parent=np.array([-1, 0, 0, 2, -1], np.int32)), source=0)
    with pytest.raises(AssertionError, match=r"vertex 4 has depth 1, expected -1"):
        V.verify_bfs(g, r._replace(depth=np.array([0, 1, 1, 2, 1], np.int32)), source=0)
    with pytest.raises(AssertionError, match=r"depth has dtype int64, expected int32"):
        V.verify_bfs(g, r._replace(depth=r.depth.astype(np.int64)), source=0)
    with pytest.raises(AssertionError, match=r"parent has shape \(4,\), expected \(5,\)"):
        V.verify_bfs(g, r._replace(parent=r.parent[:4]), source=0)

    r = sssp(g, source=0)
    V.verify_sssp(g, r, source=0)
    V.verify_sssp(g, r._replace(value=r.value * (1 + 1e-13)), source=0)
    with pytest.raises(
        AssertionError, match=r"sssp from 0: vertex 3 has distance 6.0, expected 3.0"
    ):
        V.verify_sssp(g, r._replace(value=np.array([0, 1, 2, 6, math.inf])), source=0)
    with pytest.raises(AssertionError, match=r"vertex 1 has distance"):
        V.verify_sssp(g, r._replace(value=r.value * (1 + 1e-13)), source=0, rtol=0)

    r = sswp(g, source=0)
    V.verify_sswp(g, r, source=0)
    with pytest.raises(AssertionError, match=r"vertex 4 has width 0.0, expected -inf"):
        V.verify_sswp(g, r._replace(value=np.array([math.inf, 1, 2, 1, 0])), source=0)

    r = wcc(g)
    V.verify_wcc(g, r)
    with pytest.raises(AssertionError, match=r"wcc: vertex 2 has label 2, expected 0"):
        V.verify_wcc(g, r._replace(label=np.array([0, 0, 2, 2, 4], np.int32)))

    r = topological_generations(g)
    V.verify_ts(g, r)
    with pytest.raises(AssertionError, match=r"ts: vertex 3 has generation 1, expected 2"):
        V.verify_ts(g, r._replace(generation=np.array([0, 1, 1, 1, 0], np.int32)))
    with pytest.raises(AssertionError, match=r"order\[1\] is vertex 1, expected 4"):
        V.verify_ts(g, r._replace(order=np.array([0, 1, 4, 2, 3], np.int32)))


def test_references_refuse_what_they_cannot_check():
    g = IrregGraph.from_edges([0, 1], [1, 0], [1.0, -1.0])
    with pytest.raises(ValueError, match=r"negative weight -1.0 on edge \(1, 0\)"):
        V.shortest_paths(g, 0)
    with pytest.raises(ValueError, match="cycle: vertex 0"):
        V.generations(g)
    with pytest.raises(ValueError, match="source 2 is not a vertex"):
        V.bfs_depth(g, 2)
    with pytest.raises(ValueError, match="unknown algorithm"):
        V.Verifier("closeness", g)
