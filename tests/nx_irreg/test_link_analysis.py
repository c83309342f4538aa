"""PageRank, HITS, Katz and eigenvector centrality against NetworkX's own functions.

The backend's values agree with NetworkX's within 1e-10 of the vector's largest value, in
NetworkX's key order, on every ISA and at 1, 2 and 3 threads (where they are the same to the
bit); the iteration counts are NetworkX's (both fail with one iteration fewer, both succeed with
as many); NetworkX's parameters and errors behave as NetworkX's; the seed's engine variants of
PageRank agree with the pull variant.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from irreg.graph import algorithms
from irreg.graph.algorithms import PowerIterationFailed, pagerank, variants
from nx_irreg import IrregGraph
from nx_irreg.backend_graph import from_networkx
from nx_irreg.interface import BackendInterface, binding

RTOL = 1e-10
# NetworkX before 3.7 computes hits by ARPACK's SVD, which the backend leaves to NetworkX.
HITS_BY_POWER_ITERATION = "method" in binding("hits").signature.parameters


@pytest.fixture(autouse=True)
def _cached_conversions_are_expected():
    """Every test reuses the graphs' cached conversions on purpose."""
    with nx.config(warnings_to_ignore={"cache"}):
        yield


def _weighted(G: nx.Graph, seed: int) -> nx.Graph:
    rng = np.random.default_rng(seed)
    for u, v in G.edges:
        G[u][v]["weight"] = float(rng.integers(1, 9)) / 4.0
    return G


def _graphs() -> dict[str, nx.Graph]:
    gnp = nx.gnp_random_graph(400, 0.01, directed=True, seed=1)
    gnp.add_edge(3, 3)  # a self-loop
    gnp.add_nodes_from(["isolated", ("a", 1)])  # dangling, and labels that are not ids
    undirected = nx.gnm_random_graph(300, 900, seed=2)
    undirected.add_edge(7, 7)
    return {
        "directed": gnp,
        "directed-weighted": _weighted(gnp.copy(), 3),
        "undirected": undirected,
        "undirected-weighted": _weighted(undirected.copy(), 4),
        "scale-free": nx.DiGraph(nx.scale_free_graph(500, seed=5)),
    }


GRAPHS = _graphs()
# (function, keyword arguments): each converges on every graph above.
CALLS = {
    "pagerank": (nx.pagerank, {}),
    "pagerank-unweighted": (nx.pagerank, {"weight": None, "alpha": 0.9}),
    "hits": (nx.hits, {"max_iter": 1000}),
    "katz": (nx.katz_centrality, {"alpha": 0.05}),
    "katz-weighted": (nx.katz_centrality, {"alpha": 0.02, "weight": "weight"}),
    "eigenvector": (nx.eigenvector_centrality, {"max_iter": 1000}),
    "eigenvector-weighted": (nx.eigenvector_centrality, {"max_iter": 1000, "weight": "weight"}),
}


def _assert_close(ours: dict, theirs: dict) -> None:
    assert list(ours) == list(theirs)  # NetworkX's key order
    want = np.array(list(theirs.values()))
    got = np.array(list(ours.values()))
    scale = np.abs(want).max()
    assert np.abs(got - want).max() <= RTOL * scale, np.abs(got - want).max() / scale


def _results(result) -> tuple:
    return result if isinstance(result, tuple) else (result,)


@pytest.mark.parametrize("graph", GRAPHS, ids=str)
@pytest.mark.parametrize("call", CALLS, ids=str)
def test_values_are_networkx_on_every_variant_isa_and_thread_count(graph, call, isa):
    G = GRAPHS[graph]
    function, kwargs = CALLS[call]
    if function is nx.hits and graph == "scale-free":
        pytest.skip("HITS on this graph oscillates past NetworkX's max_iter")
    if function is nx.hits and not HITS_BY_POWER_ITERATION:
        pytest.skip("this NetworkX computes hits by SVD: the backend declines it")
    theirs = _results(function(G, **kwargs))
    for variant in ("pull", "push"):
        first = None
        for threads in (1, 2, 3):
            ours = _results(function(G, backend="irreg", isa=isa, threads=threads,
                                     variant=variant, **kwargs))
            for o, t in zip(ours, theirs, strict=True):
                _assert_close(o, t)
            if first is None:
                first = ours
            assert ours == first  # the same to the bit at every thread count


# The same calls on irreg's own functions (graph converted with weights).
IRREG_CALLS = {
    "pagerank": (algorithms.pagerank, {}),
    "pagerank-unweighted": (algorithms.pagerank, {"weighted": False, "alpha": 0.9}),
    "hits": (algorithms.hits, {"max_iter": 1000}),
    "katz": (algorithms.katz_centrality, {"alpha": 0.05}),
    "katz-weighted": (algorithms.katz_centrality, {"alpha": 0.02, "weighted": True}),
    "eigenvector": (algorithms.eigenvector_centrality, {"max_iter": 1000}),
    "eigenvector-weighted": (algorithms.eigenvector_centrality,
                             {"max_iter": 1000, "weighted": True}),
}


@pytest.mark.parametrize("call", CALLS, ids=str)
def test_iteration_counts_are_networkx(call):
    G = GRAPHS["directed-weighted"]
    function, kwargs = CALLS[call]
    if function is nx.hits and not HITS_BY_POWER_ITERATION:
        pytest.skip("this NetworkX computes hits by SVD: the backend declines it")
    ours, our_kwargs = IRREG_CALLS[call]
    iterations = ours(from_networkx(G, "weight").graph, **our_kwargs).iterations
    assert iterations > 1
    for backend in (None, "irreg"):
        function(G, **{**kwargs, "max_iter": iterations}, backend=backend)
        with pytest.raises(nx.PowerIterationFailedConvergence):
            function(G, **{**kwargs, "max_iter": iterations - 1}, backend=backend)


def test_pagerank_vectors_follow_networkx():
    G = GRAPHS["directed-weighted"]
    nodes = list(G)
    personalization = {n: i % 3 for i, n in enumerate(nodes[:50])}  # missing nodes count 0
    nstart = {n: 1.0 + (i % 5) for i, n in enumerate(nodes)}
    dangling = {nodes[0]: 1.0, nodes[1]: 3.0}
    kwargs = {"personalization": personalization, "nstart": nstart, "dangling": dangling,
              "alpha": 0.7, "tol": 1e-9}
    _assert_close(nx.pagerank(G, backend="irreg", **kwargs), nx.pagerank(G, **kwargs))
    with pytest.raises(ZeroDivisionError):
        nx.pagerank(G, personalization=dict.fromkeys(nodes, 0), backend="irreg")


def test_the_arguments_networkx_rejects_are_rejected_alike():
    G = GRAPHS["directed"]
    nodes = list(G)
    if HITS_BY_POWER_ITERATION:
        with pytest.raises(nx.NetworkXError, match="nstart must have a value for every node"):
            nx.hits(G, nstart={nodes[0]: 1.0}, backend="irreg")
        with pytest.raises(nx.NetworkXError, match="must not sum to zero"):
            nx.hits(G, nstart=dict.fromkeys(nodes, 0.0), backend="irreg")
        with pytest.raises(nx.PowerIterationFailedConvergence):
            nx.hits(G, max_iter=0, backend="irreg")
        assert nx.hits(nx.DiGraph(), backend="irreg") == ({}, {})
    with pytest.raises(nx.NetworkXError, match="beta dictionary must have a value"):
        nx.katz_centrality(G, beta={nodes[0]: 1.0}, backend="irreg")
    with pytest.raises(nx.NetworkXError, match="initial vector cannot have all zero"):
        nx.eigenvector_centrality(G, nstart=dict.fromkeys(nodes, 0), backend="irreg")
    with pytest.raises(nx.NetworkXPointlessConcept):
        nx.eigenvector_centrality(nx.Graph(), backend="irreg")
    with pytest.raises(nx.PowerIterationFailedConvergence):
        nx.pagerank(G, max_iter=2, backend="irreg")
    with pytest.raises(TypeError):
        nx.pagerank(G, max_iter=2.5, backend="irreg")
    assert nx.pagerank(nx.DiGraph(), backend="irreg") == {}
    assert nx.katz_centrality(nx.DiGraph(), backend="irreg") == {}


def test_katz_beta_per_node_and_start_keep_networkx_order():
    G = GRAPHS["undirected"]
    nodes = list(G)
    beta = {n: 1.0 + (i % 4) / 4 for i, n in enumerate(reversed(nodes))}
    nstart = {n: 0.5 for n in reversed(nodes)}  # NetworkX returns its keys in this order
    for kwargs in ({"beta": beta}, {"beta": 2.0, "nstart": nstart}, {"normalized": False}):
        _assert_close(nx.katz_centrality(G, alpha=0.05, backend="irreg", **kwargs),
                      nx.katz_centrality(G, alpha=0.05, **kwargs))
    _assert_close(nx.eigenvector_centrality(G, nstart=nstart, max_iter=1000, backend="irreg"),
                  nx.eigenvector_centrality(G, nstart=nstart, max_iter=1000))
    if HITS_BY_POWER_ITERATION:
        hubs, authorities = nx.hits(G, normalized=False, max_iter=1000, backend="irreg")
        want = nx.hits(G, normalized=False, max_iter=1000)
        _assert_close(hubs, want[0])
        _assert_close(authorities, want[1])


def test_multigraphs_run_in_networkx():
    G = nx.MultiDiGraph(GRAPHS["directed"])
    G.add_edges_from(list(G.edges)[:40])  # parallel edges, whose weights PageRank sums
    for name in ("pagerank", "hits"):
        reason = BackendInterface.can_run(name, (G,), {})
        assert "sums the weights of parallel edges" in reason
    with pytest.raises(NotImplementedError):
        nx.pagerank(G, backend="irreg")
    with nx.config(backend_priority=["irreg"]):
        assert nx.pagerank(G) == nx.pagerank(G, backend="networkx")


@pytest.mark.parametrize("variant", variants("pagerank"))
def test_pagerank_variants_agree(variant, isa):
    G = GRAPHS["directed-weighted"]
    graph = from_networkx(G, "weight").graph
    want = pagerank(graph, variant="pull")
    for threads in (1, 2, 3):
        got = pagerank(graph, variant=variant, isa=isa, threads=threads)
        assert got.iterations == want.iterations
        np.testing.assert_allclose(got.value, want.value, rtol=1e-12, atol=0)
        stats = got.stats
        assert stats.supersteps >= want.iterations - 1
        if variant in ("naive", "opt", "opt-search"):
            assert 0 < stats.simd_utilization <= 1


def test_engine_variants_refuse_what_their_messages_cannot_carry():
    graph = IrregGraph.from_edges([0, 1, 2], [1, 2, 0], [1.0, -1.0, 2.0])
    with pytest.raises(ValueError, match="non-negative weights"):
        pagerank(graph, variant="opt")
    assert pagerank(graph, variant="pull", max_iter=1000).iterations > 0
    with pytest.raises(ValueError, match="reads the graph's weights"):
        pagerank(IrregGraph.from_edges([0, 1], [1, 0], [1.0, 2.0]), variant="opt",
                 weighted=False)
    with pytest.raises(PowerIterationFailed, match="within 0 iterations"):
        pagerank(graph, max_iter=0)
    with pytest.raises(ValueError, match="nstart must have one value per vertex"):
        pagerank(graph, nstart=[1.0])


@given(
    n=st.integers(1, 40),
    edges=st.lists(st.tuples(st.integers(0, 39), st.integers(0, 39),
                             st.integers(0, 4)), max_size=120),
    directed=st.booleans(),
    alpha=st.sampled_from([0.5, 0.85, 0.99]),
)
def test_pagerank_matches_networkx_on_any_graph(n, edges, directed, alpha):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(n))
    G.add_weighted_edges_from((u % n, v % n, w) for u, v, w in edges)  # zero weights included
    try:
        theirs = nx.pagerank(G, alpha=alpha, max_iter=500)
    except nx.PowerIterationFailedConvergence:
        with pytest.raises(nx.PowerIterationFailedConvergence):
            nx.pagerank(G, alpha=alpha, max_iter=500, backend="irreg")
        return
    _assert_close(nx.pagerank(G, alpha=alpha, max_iter=500, backend="irreg"), theirs)
