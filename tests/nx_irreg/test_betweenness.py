"""Betweenness centrality (per node, per edge, over subsets): the backend against NetworkX on
generated graphs (directed, disconnected, self-loops, ties, zero weights, mixed labels, sampled
sources), the installed NetworkX's rescaling, and the same sums at every thread count."""

from __future__ import annotations

import math
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import both, graphs

from irreg.graph import IrregGraph
from irreg.graph.algorithms import betweenness
from nx_irreg.interface import BackendInterface

REL = 1e-12


def assert_close(expected: dict, got: dict) -> None:
    assert list(got) == list(expected)
    for key, want in expected.items():
        assert type(got[key]) is type(want), key
        assert math.isclose(got[key], want, rel_tol=REL, abs_tol=1e-15) or (
            math.isnan(want) and math.isnan(got[key])
        ), (key, got[key], want)


@settings(max_examples=60, deadline=None)
@given(G=graphs(weights="small", multigraph=True), data=st.data())
def test_betweenness_equals_networkx(G, data):
    weight = data.draw(st.sampled_from([None, "weight"]))
    normalized = data.draw(st.booleans())
    endpoints = data.draw(st.booleans())
    k = data.draw(st.sampled_from([None, *range(1, len(G) + 1)])) if len(G) else None
    seed = data.draw(st.integers(0, 9))
    expected, got = both(nx.betweenness_centrality, G, k=k, normalized=normalized,
                         weight=weight, endpoints=endpoints, seed=seed)
    if expected is not None:
        assert_close(expected, got)
    if not G.is_multigraph():
        expected, got = both(nx.edge_betweenness_centrality, G, k=k, normalized=normalized,
                             weight=weight, seed=seed)
        if expected is not None:
            assert_close(expected, got)


@settings(max_examples=60, deadline=None)
@given(G=graphs(weights="small"), data=st.data())
def test_subset_betweenness_equals_networkx(G, data):
    nodes = list(G)
    sources = data.draw(st.lists(st.sampled_from(nodes), max_size=5)) if nodes else []
    targets = data.draw(st.lists(st.sampled_from(nodes), max_size=5)) if nodes else []
    weight = data.draw(st.sampled_from([None, "weight"]))
    normalized = data.draw(st.booleans())
    for func in (nx.betweenness_centrality_subset, nx.edge_betweenness_centrality_subset):
        expected, got = both(func, G, sources, targets, normalized=normalized, weight=weight)
        if expected is not None:
            assert_close(expected, got)


def test_sampled_sources_are_networkx_s_and_the_random_state_advances_alike():
    G = nx.gnm_random_graph(300, 900, seed=5)
    state_a, state_b = random.Random(7), random.Random(7)
    expected = nx.betweenness_centrality(G, k=30, seed=state_a)
    got = nx.betweenness_centrality(G, k=30, seed=state_b, backend="irreg")
    assert_close(expected, got)  # the same sources: NetworkX's sums, grouped otherwise
    assert state_a.random() == state_b.random()


def test_the_same_at_every_thread_count_and_with_networkx():
    G = nx.gnm_random_graph(400, 1200, seed=6, directed=True)
    for u, v in G.edges:
        G[u][v]["weight"] = (u + 3 * v) % 5
    expected = nx.betweenness_centrality(G, weight="weight")
    first = None
    for threads in (1, 2, 3):
        got = nx.betweenness_centrality(G, weight="weight", backend="irreg", threads=threads)
        assert_close(expected, got)
        first = first or got
        assert got == first


@pytest.mark.parametrize("diamonds", [40, 1400])
def test_path_counts_are_networkx_s_floats_rounded_past_2_53_and_inf_past_the_range(diamonds):
    """NetworkX counts shortest paths in floats (sigma is 1.0 at the source), and so do we. A
    chain of three-way diamonds has 3^k shortest paths over k diamonds: past 2^53 (k = 34) the
    counts round, past ~1.8e308 (k = 647) they are inf, and shares then come out 0 or nan.
    Either way ours are NetworkX's, by hops on the plain path and by weights, at every thread
    count."""
    G = nx.Graph()
    for i in range(diamonds):
        for j in (1, 2, 3):
            G.add_edge(4 * i, 4 * i + j, weight=2)
            G.add_edge(4 * i + j, 4 * i + 4, weight=2)
    for weight in (None, "weight"):
        expected = nx.betweenness_centrality(G, k=12, seed=3, normalized=False, weight=weight)
        assert any(math.isnan(x) for x in expected.values()) == (diamonds > 647)
        for threads in (1, 2, 3):
            got = nx.betweenness_centrality(G, k=12, seed=3, normalized=False, weight=weight,
                                            backend="irreg", threads=threads)
            assert_close(expected, got)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_undirected_searches_end_bottom_up_with_networkx_s_sums(threads):
    """On an undirected small world the last levels are stepped bottom-up (fewer edges read than
    every source's BFS reads top-down); the sums stay NetworkX's, isolated nodes and self-loops
    included, the same at every thread count."""
    G = nx.gnm_random_graph(1500, 6000, seed=11)
    G.add_edges_from([(3, 3), (40, 40)])
    G.add_nodes_from(range(1500, 1510))  # isolated
    expected = nx.betweenness_centrality(G, k=40, seed=2, endpoints=True)
    got = nx.betweenness_centrality(G, k=40, seed=2, endpoints=True, backend="irreg",
                                    threads=threads)
    assert_close(expected, got)
    g = IrregGraph.from_edges(*np.array(list(G.edges)).T, n=len(G), directed=False)
    found = betweenness(g, sources=np.arange(40), threads=threads)
    assert found.stats.active_edges < 0.8 * 40 * g.num_edges
    assert np.array_equal(found.score, betweenness(g, sources=np.arange(40)).score)


def test_graph_level_function_and_edge_order():
    # A directed 4-cycle with a chord: every edge's share, in the CSR's order.
    g = IrregGraph.from_edges([0, 1, 2, 3, 0], [1, 2, 3, 0, 2], n=4)
    found = betweenness(g, edges=True)
    G = nx.DiGraph([(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)])
    want = nx.edge_betweenness_centrality(G, normalized=False)
    offsets, targets, _ = g.csr()
    rows = np.repeat(np.arange(4), np.diff(offsets))
    assert {(int(u), int(v)): s for u, v, s in zip(rows, targets, found.edge_score,
                                                     strict=True)} == pytest.approx(want)
    assert not found.score.any()
    with pytest.raises(ValueError, match="vertex 9 is not in"):
        betweenness(g, sources=[9])


def test_declines_and_errors():
    M = nx.MultiGraph([(0, 1), (0, 1), (1, 2)])
    assert "edge keys" in BackendInterface.can_run("edge_betweenness_centrality", (M,), {})
    assert BackendInterface.can_run("betweenness_centrality", (M,), {}) is True
    with pytest.raises(KeyError):
        nx.betweenness_centrality_subset(nx.path_graph(3), ["x"], [1], backend="irreg")
