"""Floyd-Warshall's matrix of lengths through ``backend="irreg"`` against NetworkX's own
``floyd_warshall_numpy`` (graphs of every kind, negative weights, parallel edges and self-loops,
``nodelist``, ``weight=None``), the same bits at every ISA and thread count, the same errors,
and the kernel against a search per source across its block edges."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import graphs

import nx_irreg
from irreg.graph import IrregGraph, verify
from irreg.graph.algorithms import floyd_warshall
from nx_irreg.versions import floyd_warshall_numpy_detects_negative_cycles

ISAS = nx_irreg.available_isas()


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")


def _networkx_or_error(G, **kwargs):
    try:
        return nx.floyd_warshall_numpy(G, **kwargs), None
    except nx.NetworkXUnbounded as err:
        return None, err


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=60, deadline=None)
@given(G=graphs(weights="signed", multigraph=True), data=st.data())
def test_matrix_equals_networkx(isa, G, data):
    kwargs = {}
    if len(G) and data.draw(st.booleans()):
        kwargs["nodelist"] = data.draw(st.permutations(list(G)))
    if data.draw(st.booleans()):
        kwargs["weight"] = None
    expected, error = _networkx_or_error(G, **kwargs)
    if error is not None:  # a negative cycle, and NetworkX 3.7 says so
        with pytest.raises(nx.NetworkXUnbounded, match="Negative cycle detected"):
            nx.floyd_warshall_numpy(G, backend="irreg", isa=isa, **kwargs)
        return
    if np.any(np.diag(expected) < 0):  # NetworkX before 3.7 returns its matrix: it runs it
        assert not floyd_warshall_numpy_detects_negative_cycles()
        with pytest.raises(NotImplementedError, match="floyd_warshall_numpy"):
            nx.floyd_warshall_numpy(G, backend="irreg", isa=isa, **kwargs)
        return
    got = nx.floyd_warshall_numpy(G, backend="irreg", isa=isa, **kwargs)
    assert got.dtype == expected.dtype and got.shape == expected.shape
    np.testing.assert_array_equal(got, expected)  # integer weights: exact sums


@pytest.mark.parametrize("n", [1, 63, 64, 65, 130, 200])
def test_kernel_matches_a_search_per_source_across_block_edges(n):
    rng = np.random.default_rng(n)
    m = 4 * n
    g = IrregGraph.from_edges(rng.integers(0, n, m), rng.integers(0, n, m),
                              rng.uniform(0.5, 9.5, m), n=n)
    expected = verify.all_pairs_lengths(g)
    first = floyd_warshall(g, isa=ISAS[0], threads=1).value
    np.testing.assert_allclose(first, expected, rtol=1e-12)
    for isa in ISAS:
        for threads in (1, 2, 3):
            found = floyd_warshall(g, isa=isa, threads=threads)
            assert not found.negative_cycle
            np.testing.assert_array_equal(found.value, first)  # the same bits


def test_float_sums_agree_with_networkx_within_rounding():
    G = nx.gnm_random_graph(150, 900, seed=3, directed=True)
    rng = np.random.default_rng(3)
    for u, v in G.edges:
        G[u][v]["weight"] = float(rng.uniform(0.1, 3.0))
    np.testing.assert_allclose(nx.floyd_warshall_numpy(G, backend="irreg", threads=2),
                               nx.floyd_warshall_numpy(G), rtol=1e-12)


def test_errors_match_networkx():
    G = nx.path_graph(3)
    for nodelist, match in (([0, 1], "every node in G"), ([0, 0, 1], "every node in G"),
                            ([0, 1, 9], r"Nodes \{9\} in nodelist is not in G")):
        for backend in ("networkx", "irreg"):
            with pytest.raises(nx.NetworkXError, match=match):
                nx.floyd_warshall_numpy(G, nodelist=nodelist, backend=backend)
    assert nx.floyd_warshall_numpy(nx.Graph(), backend="irreg").shape == (0, 0)
    with pytest.raises(ValueError, match="unknown variant 'pull' for floyd-warshall"):
        nx.floyd_warshall_numpy(G, backend="irreg", variant="pull")


def test_refuses_a_matrix_past_the_memory(monkeypatch):
    from irreg import checks

    monkeypatch.setattr(checks, "memory_limit", lambda: (10**6, "the test's limit"))
    monkeypatch.setattr(checks, "CHECKED_BYTES", 0)
    g = IrregGraph.from_edges([0], [1], n=1000)
    with pytest.raises(MemoryError, match="1,000 x 1,000 matrix of lengths needs about"):
        floyd_warshall(g)
