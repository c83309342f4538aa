"""No answer from a conversion made before the graph under a view changed (issue 34).

A NetworkX view keeps a cache of its own, which NetworkX does not clear when the graph under it
changes through its methods. Every kind of view is converted, its base graph changed, and the
backend asked again; the answer must be NetworkX's for the changed graph. The same holds for the
direct calls that share the conversion (widest paths, the Emu model), and for every call after
``nx.config.cache_converted_graphs = False``.
"""

from __future__ import annotations

import warnings

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nx_irreg

VIEWS = {
    "subgraph": lambda G: G.subgraph(list(G)[: max(1, len(G) - 1)]),
    "subgraph_view": lambda G: nx.subgraph_view(G, filter_edge=lambda u, v, *k: (u + v) % 5 != 0),
    "restricted_view": lambda G: nx.restricted_view(G, [len(G) - 1], []),
    "edge_subgraph": lambda G: G.edge_subgraph(list(G.edges)[: max(1, G.number_of_edges() - 1)]),
    "to_undirected": lambda G: G.to_undirected(as_view=True),
    "to_directed": lambda G: G.to_directed(as_view=True),
    "reverse": lambda G: G.reverse(copy=False) if G.is_directed() else G.to_directed(as_view=True),
    "view of a view": lambda G: G.subgraph(list(G)).to_undirected(as_view=True),
}

CALLS = {
    "dijkstra lengths": lambda G, s, **kw: nx.single_source_dijkstra_path_length(
        G, s, weight="weight", **kw
    ),
    "bfs lengths": lambda G, s, **kw: nx.single_source_shortest_path_length(G, s, **kw),
    "descendants": lambda G, s, **kw: nx.descendants(G, s, **kw),
}


def _quiet(call):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Note: conversions to backend graphs", UserWarning)
        return call()


def _mutations(G: nx.Graph, data) -> list:
    """The base graph's own methods, each a change NetworkX clears the base's cache for."""
    return [
        lambda: G.add_edge(0, max(G), weight=data.draw(st.integers(1, 9))),
        lambda: G.remove_edge(*next(iter(G.edges))) if G.number_of_edges() else G.add_edge(0, 1),
        lambda: G.add_edge(max(G), max(G) + 1, weight=1),
        lambda: G.add_weighted_edges_from([(1, 0, 3), (0, 2, 1)]),
        lambda: G.remove_node(max(G)) if len(G) > 1 else G.add_node(1),
    ]


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize("view", VIEWS)
@given(
    data=st.data(),
    directed=st.booleans(),
    edges=st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(1, 9)),
                   min_size=1, max_size=25),
)
def test_a_view_answers_for_its_changed_base_graph(view, call, data, directed, edges):
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(range(8))
    G.add_weighted_edges_from(edges)
    V = VIEWS[view](G)
    run = CALLS[call]
    if 0 not in V:
        return
    for change in data.draw(st.lists(st.sampled_from(_mutations(G, data)), min_size=1, max_size=3)):
        if 0 not in V:
            break
        ours = _quiet(lambda: run(V, 0, backend="irreg"))
        assert ours == run(V, 0, backend="networkx")
        change()
    if 0 in V:
        assert _quiet(lambda: run(V, 0, backend="irreg")) == run(V, 0, backend="networkx")


def test_the_example_of_the_issue():
    G = nx.path_graph(4)
    nx.set_edge_attributes(G, 1, "weight")
    V = G.subgraph([0, 1, 2, 3])
    assert _quiet(lambda: nx.single_source_dijkstra_path_length(V, 0, backend="irreg"))[3] == 3
    G.add_edge(0, 3, weight=1)
    assert _quiet(lambda: nx.single_source_dijkstra_path_length(V, 0, backend="irreg"))[3] == 1


def test_a_base_graph_without_a_cache_reconverts_every_call():
    G = nx.path_graph(4)
    G.__networkx_cache__ = None
    V = G.subgraph(range(4))
    assert _quiet(lambda: nx.single_source_shortest_path_length(V, 0, backend="irreg"))[3] == 3
    G.add_edge(0, 3)  # no cache on G to clear: only reconverting can see this
    assert _quiet(lambda: nx.single_source_shortest_path_length(V, 0, backend="irreg"))[3] == 1


@pytest.mark.parametrize("make_view", [False, True])
def test_direct_calls_follow_changes_and_the_cache_setting(make_view):
    G = nx.path_graph(4)
    nx.set_edge_attributes(G, 5, "weight")
    V = G.subgraph(range(4)) if make_view else G
    assert nx_irreg.single_source_widest_path_length(V, 0)[3] == 5
    G.add_edge(0, 3, weight=9)  # through G's method: NetworkX clears G's cache
    assert nx_irreg.single_source_widest_path_length(V, 0)[3] == 9
    before = nx.config.cache_converted_graphs
    nx.config.cache_converted_graphs = False
    try:
        assert nx_irreg.widest_path(V, 0, 3) == [0, 3]
        G[0][3]["weight"] = 1  # in place: only a graph converted again sees it
        assert nx_irreg.widest_path(V, 0, 3) == [0, 1, 2, 3]
        assert nx_irreg.single_source_widest_path_length(V, 0)[3] == 5
    finally:
        nx.config.cache_converted_graphs = before
