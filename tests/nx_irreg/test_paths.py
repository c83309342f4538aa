"""Paths through the backend: every shortest-path function against NetworkX itself (values,
paths among equally short ones, key order, types, errors), the predecessor index, and all pairs
on the thread pool."""

from __future__ import annotations

import gc

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import assert_same, both, graphs

import nx_irreg
from nx_irreg.backend_graph import from_networkx
from nx_irreg.nxapi._paths import LazyDict

ISAS = nx_irreg.available_isas()


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")


def _ends(G, data):
    nodes = list(G) + ["absent"]
    return data.draw(st.sampled_from(nodes)), data.draw(st.sampled_from(nodes))


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=30)
@given(G=graphs(weights="small", multigraph=True), data=st.data())
def test_source_target_and_single_source_paths_equal_networkx(isa, G, data):
    source, target = _ends(G, data)
    cutoff = data.draw(st.one_of(st.none(), st.integers(0, 6)))
    for weight in (None, "weight"):
        for method in ("dijkstra", "bellman-ford"):
            for s, t in ((source, target), (source, None), (None, target)):
                assert_same(*both(nx.shortest_path, G, s, t, weight, method, isa=isa))
                assert_same(*both(nx.shortest_path_length, G, s, t, weight, method, isa=isa))
        assert_same(*both(nx.bidirectional_dijkstra, G, source, target, weight, isa=isa))
        assert_same(*both(nx.dijkstra_path, G, source, target, weight, isa=isa))
        assert_same(*both(nx.dijkstra_path_length, G, source, target, weight, isa=isa))
        assert_same(*both(nx.bellman_ford_path, G, source, target, weight, isa=isa))
        assert_same(*both(nx.bellman_ford_path_length, G, source, target, weight, isa=isa))
        assert_same(*both(nx.single_source_dijkstra, G, source, target, cutoff, weight, isa=isa))
        assert_same(*both(nx.single_source_dijkstra, G, source, None, cutoff, weight, isa=isa))
        assert_same(*both(nx.single_source_dijkstra_path, G, source, cutoff, weight, isa=isa))
        assert_same(*both(nx.single_source_bellman_ford, G, source, target, weight, isa=isa))
        assert_same(*both(nx.single_source_bellman_ford, G, source, None, weight, isa=isa))
        assert_same(*both(nx.single_source_bellman_ford_path, G, source, weight, isa=isa))
    assert_same(*both(nx.has_path, G, source, target, isa=isa))
    assert_same(*both(nx.bidirectional_shortest_path, G, source, target, isa=isa))
    assert_same(*both(nx.single_source_shortest_path, G, source, cutoff, isa=isa))
    assert_same(*both(nx.single_target_shortest_path, G, target, cutoff, isa=isa))
    assert_same(*both(nx.single_target_shortest_path_length, G, target, cutoff, isa=isa))
    assert_same(*both(nx.bfs_edges, G, source, True, cutoff, isa=isa))
    if len(G):
        sources = data.draw(st.lists(st.sampled_from(list(G)), min_size=1, max_size=3))
        assert_same(*both(nx.multi_source_dijkstra, G, sources, target, cutoff, isa=isa))
        assert_same(*both(nx.multi_source_dijkstra, G, set(sources), None, cutoff, isa=isa))
        assert_same(*both(nx.multi_source_dijkstra_path, G, sources, cutoff, isa=isa))


@settings(max_examples=60)
@given(G=graphs(weights="equal", multigraph=True, max_nodes=16), data=st.data())
def test_tie_heavy_graphs_give_networkx_paths(G, data):
    # Every edge weighs the same: which of the many shortest paths comes back is decided by
    # NetworkX's queue and heap orders alone.
    source, target = _ends(G, data)
    assert_same(*both(nx.single_source_dijkstra, G, source))
    assert_same(*both(nx.bidirectional_dijkstra, G, source, target))
    assert_same(*both(nx.dijkstra_path, G, source, target))
    assert_same(*both(nx.bidirectional_shortest_path, G, source, target))
    assert_same(*both(nx.shortest_path, G, None, target, "weight"))
    assert_same(*both(nx.single_source_bellman_ford_path, G, source))


@settings(max_examples=80)
@given(G=graphs(weights="signed", multigraph=True), data=st.data())
def test_signed_weights_equal_networkx(G, data):
    source, target = _ends(G, data)
    assert_same(*both(nx.single_source_bellman_ford, G, source))
    assert_same(*both(nx.bellman_ford_path, G, source, target))
    assert_same(*both(nx.bellman_ford_path_length, G, source, target))
    assert_same(*both(nx.single_source_dijkstra, G, source))
    assert_same(*both(nx.bidirectional_dijkstra, G, source, target))
    assert_same(*both(nx.negative_edge_cycle, G))
    assert_same(*both(nx.negative_edge_cycle, G, heuristic=False))
    if source in G:
        try:
            nx.find_negative_cycle(G, source)
        except AttributeError:  # NetworkX 3.6 calls its weight function with G for a self-loop
            # ... where it means to return [v, v] for a negative one and raise otherwise.
            try:
                cycle = nx.find_negative_cycle(G, source, backend="irreg")
            except nx.NetworkXError:
                return
            assert len(cycle) == 2 and cycle[0] == cycle[1]
            assert G[cycle[0]][cycle[0]].get("weight", 1) < 0 or G.is_multigraph()
            return
        except nx.NetworkXException:
            pass
        assert_same(*both(nx.find_negative_cycle, G, source))


@settings(max_examples=40)
@given(G=graphs(weights="float"), data=st.data())
def test_float_weights_paths_equal_networkx(G, data):
    source, target = _ends(G, data)
    assert_same(*both(nx.single_source_dijkstra, G, source))
    assert_same(*both(nx.bidirectional_dijkstra, G, source, target))
    assert_same(*both(nx.shortest_path_length, G, None, target, "weight"))


@settings(max_examples=30)
@given(G=graphs(weights="int", multigraph=True), cutoff=st.one_of(st.none(), st.integers(0, 5)))
def test_all_pairs_equal_networkx(G, cutoff):
    for func, args in [
        (nx.all_pairs_shortest_path_length, (G, cutoff)),
        (nx.all_pairs_shortest_path, (G, cutoff)),
        (nx.all_pairs_dijkstra_path_length, (G, cutoff)),
        (nx.all_pairs_dijkstra_path, (G, cutoff)),
        (nx.all_pairs_dijkstra, (G, cutoff)),
        (nx.all_pairs_bellman_ford_path_length, (G,)),
        (nx.all_pairs_bellman_ford_path, (G,)),
        (nx.shortest_path, (G,)),
        (nx.shortest_path_length, (G, None, None, "weight")),
    ]:
        expected, got = both(func, *args)
        if expected is not None:  # None: both raised the same error
            assert [node for node, _ in got] == [node for node, _ in expected]
        assert got == expected


@settings(max_examples=40)
@given(G=graphs(weights="int", multigraph=True), weighted=st.booleans())
def test_average_shortest_path_length_equals_networkx(G, weighted):
    weight = "weight" if weighted else None
    for method in (None, "dijkstra", "bellman-ford", "unweighted"):
        expected, got = both(nx.average_shortest_path_length, G, weight, method)
        if expected is not None:  # None: both raised the same error
            assert got == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_all_pairs_on_threads_equal_networkx(threads):
    G = nx.gnm_random_graph(300, 1200, seed=4, directed=True)
    for i, (u, v) in enumerate(G.edges):
        G[u][v]["weight"] = 1 + i % 5
    got = nx.all_pairs_dijkstra(G, backend="irreg", threads=threads)
    for (node, (lengths, paths)), (want_node, (want_lengths, want_paths)) in zip(
        got, nx.all_pairs_dijkstra(G), strict=True
    ):
        assert node == want_node and isinstance(lengths, LazyDict)
        assert list(lengths.items()) == list(want_lengths.items()) and paths == want_paths
    expected = dict(nx.all_pairs_shortest_path_length(G))
    assert dict(nx.all_pairs_shortest_path_length(G, backend="irreg", threads=threads)) == expected
    H = G.subgraph(max(nx.strongly_connected_components(G), key=len))
    assert nx.average_shortest_path_length(H, "weight", backend="irreg", threads=threads) == (
        nx.average_shortest_path_length(H, "weight")
    )


def test_lazy_dicts_behave_as_dicts():
    G = nx.path_graph(4)
    [(_, lengths), *_] = nx.all_pairs_shortest_path_length(G, backend="irreg")
    assert len(lengths) == 4 and lengths._data is None  # nothing built yet
    assert lengths == {0: 0, 1: 1, 2: 2, 3: 3} and {0: 0, 1: 1, 2: 2, 3: 3} == lengths
    assert lengths[3] == 3 and 2 in lengths and list(lengths) == [0, 1, 2, 3]
    assert lengths.get("x", -1) == -1 and repr(lengths) == "{0: 0, 1: 1, 2: 2, 3: 3}"
    copy = lengths.copy()
    copy[9] = 9
    assert type(copy) is dict and 9 not in lengths
    lengths[5] = 5  # NetworkX's dicts can be changed, and so can these
    del lengths[0]
    assert lengths == {1: 1, 2: 2, 3: 3, 5: 5} and len(lengths) == 4
    with pytest.raises(TypeError):
        hash(lengths)


def test_all_pairs_stop_at_the_failing_source_as_networkx_does():
    G = nx.DiGraph([(0, 1, {"weight": 1}), (2, 3, {"weight": -2}), (3, 2, {"weight": 1})])
    got = nx.all_pairs_bellman_ford_path_length(G, backend="irreg")
    assert next(got) == (0, {0: 0, 1: 1})
    assert next(got) == (1, {1: 0})
    with pytest.raises(nx.NetworkXUnbounded):
        next(got)
    G = nx.DiGraph([(0, 1, {"weight": 1}), (0, 2, {"weight": 2}), (2, 1, {"weight": -3})])
    with pytest.raises(ValueError, match="Contradictory"):
        dict(nx.all_pairs_dijkstra_path_length(G, backend="irreg"))


def test_errors_match_networkx():
    D = nx.DiGraph([(0, 1), (2, 3)])
    cases = [
        (nx.shortest_path, (D, 0, 3)),
        (nx.shortest_path, (D, 0, 9)),
        (nx.shortest_path, (D, 9, 0)),
        (nx.shortest_path, (D, 0, 1, None, "astar")),
        (nx.has_path, (D, 9, 0)),
        (nx.dijkstra_path, (D, 0, 3)),
        (nx.dijkstra_path_length, (D, 0, 3)),
        (nx.bidirectional_dijkstra, (D, 0, 3)),
        (nx.bidirectional_dijkstra, (D, 0, 9)),
        (nx.bellman_ford_path, (D, 0, 3)),
        (nx.bellman_ford_path_length, (D, 0, 3)),
        (nx.multi_source_dijkstra, (D, [])),
        (nx.multi_source_dijkstra, (D, [0, 9])),
        (nx.single_target_shortest_path, (D, 9)),
        (nx.find_negative_cycle, (D, 0)),
        (nx.average_shortest_path_length, (D,)),
        (nx.average_shortest_path_length, (nx.DiGraph(),)),
        (nx.average_shortest_path_length, (D, None, "astar")),
    ]
    for func, args in cases:
        with pytest.raises(Exception) as theirs:
            func(*args)
        with pytest.raises(type(theirs.value)) as ours:
            func(*args, backend="irreg")
        assert str(ours.value) == str(theirs.value), func.__name__


def test_predecessor_order_is_networkx_insertion_order():
    # Same edges, predecessors of 3 inserted in the opposite order: reverse searches differ.
    first = nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3)])
    second = nx.DiGraph([(0, 1), (0, 2), (2, 3), (1, 3)])
    for G in (first, second):
        assert nx.bidirectional_shortest_path(G, 0, 3, backend="irreg") == (
            nx.bidirectional_shortest_path(G, 0, 3)
        )
        assert nx.single_target_shortest_path(G, 3, backend="irreg") == (
            nx.single_target_shortest_path(G, 3)
        )
        assert list(nx.bfs_edges(G, 3, reverse=True, backend="irreg")) == list(
            nx.bfs_edges(G, 3, reverse=True)
        )
    assert nx.single_target_shortest_path(first, 3)[0] != nx.single_target_shortest_path(
        second, 3
    )[0]


def test_predecessor_index_refuses_a_changed_or_vanished_graph():
    G = nx.DiGraph([(0, 1), (1, 2)])
    converted = from_networkx(G)
    G.remove_edge(0, 1)  # a method: NetworkX would drop its cache; this object is ours
    with pytest.raises(RuntimeError, match="changed since it was converted"):
        converted.predecessors()
    H = nx.DiGraph([(0, 1), (1, 2)])
    converted = from_networkx(H)
    del H
    gc.collect()
    with pytest.raises(RuntimeError, match="is gone"):
        converted.predecessors()


def test_predecessor_index_of_an_undirected_graph_is_the_graph():
    converted = from_networkx(nx.Graph([(0, 1)]))
    assert converted.predecessors() is converted.graph


def test_deep_paths_are_built_in_c():
    G = nx.path_graph(3000, create_using=nx.DiGraph)
    got = nx.single_source_shortest_path(G, 0, backend="irreg")
    assert got == nx.single_source_shortest_path(G, 0)
    got[5].append("x")  # every path is its own list, as in NetworkX
    assert got[6] == [0, 1, 2, 3, 4, 5, 6]


def test_a_conversion_that_left_out_none_weighted_edges_never_answers_unweighted_calls():
    G = nx.DiGraph()
    G.add_edge(0, 1, weight=None)  # NetworkX's Dijkstra skips this edge; its BFS follows it
    G.add_edge(1, 0, weight=2)
    G.add_edges_from((i, i + 1) for i in range(2, 3000))  # big enough to convert
    assert nx.single_source_dijkstra_path_length(G, 0, backend="irreg") == {0: 0}
    with nx.config(backend_priority=["irreg"]):  # the cached weighted conversion is declined
        assert list(nx.bfs_edges(G, 0)) == [(0, 1)]
        assert nx.shortest_path(G, 0, 1) == [0, 1]
    with pytest.raises(NotImplementedError) as raised:
        list(nx.bfs_edges(G, 0, backend="irreg"))
    assert "'weight' is None" in str(raised.value.__cause__)
    with pytest.raises(NotImplementedError):  # NetworkX's Bellman-Ford adds None: TypeError
        nx.single_source_bellman_ford_path_length(G, 0, backend="irreg")
    with nx.config(backend_priority=["irreg"]), pytest.raises(TypeError):
        nx.single_source_bellman_ford_path_length(G, 0)


@st.composite
def weighted_dags(draw):
    """DAGs whose edges point up a random ranking, nodes in shuffled order, weights of either
    sign with many ties, relabelled to strings half the time."""
    n = draw(st.integers(0, 14))
    rank = draw(st.permutations(range(n))) if n else []
    G = nx.DiGraph()
    G.add_nodes_from(draw(st.permutations(range(n))) if n else [])
    pairs = draw(st.lists(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0))),
                          max_size=40)) if n else []
    for u, v in pairs:
        if u != v:
            a, b = (u, v) if rank[u] < rank[v] else (v, u)
            G.add_edge(a, b, weight=draw(st.sampled_from([-2, -1, 0, 1, 1, 2, 3])))
    if draw(st.booleans()):
        G = nx.relabel_nodes(G, {v: f"v{v}" for v in G})
    return G


@settings(max_examples=80)
@given(G=weighted_dags(), default=st.sampled_from([1, 3]), unweighted=st.booleans())
def test_dag_longest_path_equals_networkx(G, default, unweighted):
    weight = None if unweighted else "weight"
    assert_same(*both(nx.dag_longest_path, G, weight, default))
    expected, got = both(nx.dag_longest_path_length, G, weight, default)
    assert got == expected and type(got) is type(expected)


def test_dag_longest_path_on_a_cycle_and_declined_cases():
    C = nx.DiGraph([(0, 1), (1, 0)])
    with pytest.raises(nx.NetworkXUnfeasible):
        nx.dag_longest_path(C, backend="irreg")
    M = nx.MultiDiGraph([(0, 1, {"weight": 1}), (0, 1, {"weight": 5})])
    with nx.config(backend_priority=["irreg"]):  # declined: NetworkX takes the largest
        assert nx.dag_longest_path_length(M) == 5
    D = nx.DiGraph([(0, 1), (1, 2)])
    with nx.config(backend_priority=["irreg"]):
        assert nx.dag_longest_path(D, topo_order=[0, 1, 2]) == [0, 1, 2]


def test_all_pairs_on_dask_workers_equal_networkx(dask_client):
    # Two worker processes: the graph is shipped once to each, chunks of sources run there.
    G = nx.gnm_random_graph(150, 600, seed=5, directed=True)
    for i, (u, v) in enumerate(G.edges):
        G[u][v]["weight"] = 1 + i % 4
    got = nx.all_pairs_dijkstra(G, backend="irreg", scheduler=dask_client)
    assert list(got) == list(nx.all_pairs_dijkstra(G))
    got = nx.all_pairs_shortest_path_length(G, backend="irreg", scheduler=dask_client)
    assert dict(got) == dict(nx.all_pairs_shortest_path_length(G))
    joblib = pytest.importorskip("joblib")
    H = G.subgraph(max(nx.strongly_connected_components(G), key=len))
    with dask_client.as_current(), joblib.parallel_config(backend="dask"):
        got = nx.average_shortest_path_length(H, "weight", backend="irreg")
    assert got == nx.average_shortest_path_length(H, "weight")


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=graphs(weights="small", multigraph=True), data=st.data())
def test_predecessor_and_distance_equal_networkx(isa, G, data):
    source = data.draw(st.sampled_from(list(G) + ["absent"]))
    cutoff = data.draw(st.one_of(st.none(), st.integers(0, 4)))
    assert_same(*both(nx.dijkstra_predecessor_and_distance, G, source, cutoff, isa=isa))
    for heuristic in (False, True):
        assert_same(*both(nx.bellman_ford_predecessor_and_distance, G, source, None, "weight",
                          heuristic, isa=isa))


@settings(max_examples=60)
@given(G=graphs(weights="signed", multigraph=True), data=st.data())
def test_bellman_ford_predecessor_and_distance_with_negative_weights(G, data):
    source = data.draw(st.sampled_from(list(G) + ["absent"]))
    assert_same(*both(nx.bellman_ford_predecessor_and_distance, G, source))
    assert_same(*both(nx.dijkstra_predecessor_and_distance, G, source))


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=graphs(weights="small", multigraph=True), data=st.data())
def test_every_shortest_path_equals_networkx(isa, G, data):
    source, target = _ends(G, data)
    cutoff = data.draw(st.one_of(st.none(), st.integers(-1, 3), st.just(1.5)))
    assert_same(*both(nx.predecessor, G, source, None, cutoff, isa=isa))
    assert_same(*both(nx.predecessor, G, source, None, cutoff, True, isa=isa))
    assert_same(*both(nx.predecessor, G, source, target, cutoff, isa=isa))
    for weight in (None, "weight"):
        for method in ("dijkstra", "bellman-ford", "astar"):
            assert_same(*both(nx.all_shortest_paths, G, source, target, weight, method, isa=isa))
            assert_same(*both(nx.single_source_all_shortest_paths, G, source, weight, method,
                              isa=isa))
    assert_same(*both(nx.all_pairs_all_shortest_paths, G, "weight", isa=isa))
