"""Closeness and harmonic centrality, eccentricity and what is made from it, the Wiener index and
the average shortest path length: the backend against NetworkX on generated graphs on every ISA
(directed, disconnected, multigraphs, self-loops, mixed labels, ties), and the same to the bit
at every thread count."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import assert_same, both, graphs

import nx_irreg
from nx_irreg.interface import BackendInterface

REL = 1e-12
ISAS = nx_irreg.available_isas()


def assert_close(expected, got):
    """Equal keys in the same order and value types; floats within ``REL``."""
    if isinstance(expected, dict):
        assert list(got) == list(expected)
        for key, want in expected.items():
            assert type(got[key]) is type(want), key
            assert_close(want, got[key])
    elif isinstance(expected, float):
        assert math.isclose(got, expected, rel_tol=REL, abs_tol=0.0) or got == expected
    else:
        assert got == expected


def _some_nodes(data, G) -> list:
    return data.draw(st.lists(st.sampled_from(list(G)), max_size=4)) if len(G) else []


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40, deadline=None)
@given(G=graphs(weights="int", multigraph=True), data=st.data())
def test_closeness_and_harmonic_equal_networkx(isa, G, data):
    distance = data.draw(st.sampled_from([None, "weight"]))
    wf = data.draw(st.booleans())
    expected, got = both(nx.closeness_centrality, G, distance=distance, wf_improved=wf, isa=isa)
    assert_close(expected, got)
    if len(G):
        u = data.draw(st.sampled_from(list(G)))
        expected, got = both(nx.closeness_centrality, G, u, distance=distance, isa=isa)
        assert_close(expected, got)
    nbunch = data.draw(st.sampled_from([None, _some_nodes(data, G)]))
    sources = data.draw(st.sampled_from([None, _some_nodes(data, G)]))
    expected, got = both(nx.harmonic_centrality, G, nbunch=nbunch, sources=sources,
                         distance=distance, isa=isa)
    assert_close(expected, got)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40, deadline=None)
@given(G=graphs(weights="float"), data=st.data())
def test_float_and_zero_weights_equal_networkx(isa, G, data):
    if data.draw(st.booleans()):  # zero-length edges: pairs at distance 0 count for nothing
        for _, _, attrs in G.edges(data=True):
            attrs["weight"] = data.draw(st.sampled_from([0, 0.5, 2.0]))
    for func in (nx.closeness_centrality, nx.harmonic_centrality):
        expected, got = both(func, G, distance="weight", isa=isa)
        assert_close(expected, got)
    expected, got = both(nx.wiener_index, G, weight="weight", isa=isa)
    assert_close(expected, got)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=60, deadline=None)
@given(G=graphs(weights="int", multigraph=True), data=st.data())
def test_eccentricities_equal_networkx(isa, G, data):
    weight = data.draw(st.sampled_from([None, "weight"]))
    if data.draw(st.booleans()):  # often connected, so that the answers are not all errors
        parts = nx.weakly_connected_components if G.is_directed() else nx.connected_components
        G = G.subgraph(max(parts(G), key=len)).copy() if len(G) else G
        if G.is_directed():
            G.add_edges_from([(v, u, d) for u, v, d in list(G.edges(data=True))])
    v = data.draw(st.sampled_from([None, _some_nodes(data, G), *list(G)[:1]]))
    expected, got = both(nx.eccentricity, G, v=v, weight=weight, isa=isa)
    assert_same(expected, got)
    usebounds = data.draw(st.booleans()) and weight is None
    for func in (nx.diameter, nx.radius, nx.center, nx.periphery):
        expected, got = both(func, G, usebounds=usebounds, weight=weight, isa=isa)
        assert_same(expected, got)
    expected, got = both(nx.wiener_index, G, weight=weight, isa=isa)
    assert_close(expected, got)
    expected, got = both(nx.average_shortest_path_length, G, isa=isa)
    assert_same(expected, got)


@pytest.fixture(scope="module")
def big() -> nx.Graph:
    """Three batches of sources and more than one chunk; a few nodes unreached."""
    G = nx.gnm_random_graph(1300, 2600, seed=3)
    G.add_nodes_from(range(1300, 1310))
    return G


def test_many_batches_equal_networkx_and_every_thread_count(big):
    expected = nx.closeness_centrality(big)
    harmonic = nx.harmonic_centrality(big)
    first = None
    for threads in (1, 2, 3):
        got = nx.closeness_centrality(big, backend="irreg", threads=threads)
        assert got == expected  # hop counts: NetworkX's float operations, to the bit
        got_harmonic = nx.harmonic_centrality(big, backend="irreg", threads=threads)
        assert_close(harmonic, got_harmonic)
        first = first or got_harmonic
        assert got_harmonic == first  # exact fixed-point sums: the same at every count


def test_directed_closeness_reads_incoming_distances():
    G = nx.DiGraph([(0, 1), (1, 2), (3, 2)])
    assert nx.closeness_centrality(G, backend="irreg") == nx.closeness_centrality(G)
    assert nx.closeness_centrality(G, backend="irreg")[2] > 0 == nx.closeness_centrality(
        G, backend="irreg")[0]


def test_errors_and_declines_as_networkx():
    G = nx.path_graph(4)
    G.add_node(9)
    with pytest.raises(nx.NetworkXError, match="graph is not connected"):
        nx.eccentricity(G, backend="irreg")
    with pytest.raises(nx.NetworkXError, match="Cannot compute metric"):
        nx.diameter(G, usebounds=True, backend="irreg")
    with pytest.raises(nx.NodeNotFound):
        nx.closeness_centrality(G, "x", backend="irreg")
    assert nx.wiener_index(G, backend="irreg") == float("inf")
    for null in (nx.Graph(), nx.DiGraph()):  # releases differ here: the installed one's answer
        for func in (nx.eccentricity, nx.wiener_index):
            assert_same(*both(func, null))
        for func in (nx.diameter, nx.radius, nx.center, nx.periphery):
            for usebounds in (False, True):
                assert_same(*both(func, null, usebounds=usebounds))
    # What NetworkX must answer itself is declined, with the reason.
    P = nx.path_graph(3)
    assert "NetworkX reads them" in BackendInterface.can_run(
        "eccentricity", (P,), {"sp": {0: {0: 0}}})
    assert "NetworkX reads them" in BackendInterface.can_run("diameter", (P,), {"e": {0: 1}})
    assert "unit lengths" in BackendInterface.can_run(
        "diameter", (P,), {"usebounds": True, "weight": "weight"})
    assert "callable" in BackendInterface.can_run(
        "closeness_centrality", (P,), {"distance": lambda u, v, d: 1})
    # The same answer as NetworkX's, through its fallback.
    assert nx.eccentricity(P, sp=dict(nx.shortest_path_length(P))) == {0: 2, 1: 1, 2: 2}


def test_negative_weights_raise_as_networkx():
    G = nx.DiGraph()
    G.add_weighted_edges_from([(0, 1, 2), (1, 2, -5), (0, 2, 1), (2, 0, 1)])
    for func in (nx.closeness_centrality, nx.harmonic_centrality):
        expected_error = None
        try:
            func(G, distance="weight")
        except ValueError as err:
            expected_error = err
        if expected_error is None:
            assert_close(func(G, distance="weight"),
                         func(G, distance="weight", backend="irreg"))
        else:
            with pytest.raises(ValueError, match="Contradictory paths"):
                func(G, distance="weight", backend="irreg")


def test_peak_memory_has_no_n_by_n_array():
    # 20,000 nodes: an n x n int64 array would be 3.2 GB; the kernel holds O(n) per chunk.
    import resource

    G = nx.random_regular_graph(3, 20_000, seed=1)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    nx.closeness_centrality(G, backend="irreg", threads=2)
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 400, grown_mb
    assert np.isfinite(grown_mb)


def test_bounds_that_rule_out_few_nodes_finish_exactly():
    # A small world: each bounding search rules out few nodes, so the candidates left after
    # BOUNDED_SEARCHES get exact eccentricities from the bit-parallel search.
    from nx_irreg.nxapi import distance_measures

    H = nx.connected_watts_strogatz_graph(3000, 6, 0.1, seed=2)
    e = nx.eccentricity(H, backend="irreg")
    assert e == nx.eccentricity(H.subgraph(list(H)).copy())  # NetworkX's own, on a copy
    searches = []
    original = distance_measures.bfs
    distance_measures.bfs = lambda *a, **k: searches.append(1) or original(*a, **k)
    try:
        got = {f.__name__: f(H, usebounds=True, backend="irreg")
               for f in (nx.diameter, nx.radius, nx.center, nx.periphery)}
    finally:
        distance_measures.bfs = original
    d, r = max(e.values()), min(e.values())
    assert got == {"diameter": d, "radius": r,
                   "center": [v for v in H if e[v] == r], "periphery": [v for v in H if e[v] == d]}
    assert len(searches) <= 4 * distance_measures.BOUNDED_SEARCHES


def test_on_dask_workers_the_same_as_on_threads(dask_client, big):
    """The chunks of sources run on a Dask cluster when asked (DESIGN §13), with the same sums
    (betweenness chunks have a fixed size, distance sums are exact)."""
    D = big.to_directed()
    for func in (nx.closeness_centrality, nx.harmonic_centrality, nx.betweenness_centrality):
        on_threads = func(D, backend="irreg", threads=2)
        assert func(D, backend="irreg", scheduler=dask_client) == on_threads
