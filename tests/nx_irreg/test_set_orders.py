"""Sets come back built in NetworkX's order, so they iterate as NetworkX's do: a set's order is
the order its members were added wherever they share hash slots (small ints 0, 8, 16, ...),
and code that takes a set's first member, or lists it, sees the difference."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st


@st.composite
def colliding_digraphs(draw):
    """Digraphs on labels that share hash slots of small sets, in shuffled insertion order."""
    labels = draw(st.lists(st.integers(0, 40), min_size=1, max_size=12, unique=True))
    G = nx.DiGraph()
    G.add_nodes_from(labels)
    edges = draw(st.lists(st.tuples(st.sampled_from(labels), st.sampled_from(labels)),
                          max_size=3 * len(labels)))
    G.add_edges_from(edges)
    return G


def _listed(result) -> list:
    return [list(c) for c in result] if not isinstance(result, set) else list(result)


def _same_order(function, G, *args):
    assert _listed(function(G, *args, backend="irreg")) == _listed(function(G, *args))


@settings(max_examples=300, deadline=None)
@given(G=colliding_digraphs())
def test_component_sets_iterate_as_networkx(G):
    for function in (nx.strongly_connected_components, nx.kosaraju_strongly_connected_components,
                     nx.attracting_components, nx.weakly_connected_components):
        _same_order(function, G)
    _same_order(nx.connected_components, G.to_undirected())
    C = nx.condensation(G, backend="irreg")
    assert [list(C.nodes[c]["members"]) for c in C] == [
        list(m) for _, m in nx.condensation(G).nodes(data="members")]


@settings(max_examples=200, deadline=None)
@given(G=colliding_digraphs(), data=st.data())
def test_reachable_sets_iterate_as_networkx(G, data):
    source = data.draw(st.sampled_from(list(G)))
    for function in (nx.descendants, nx.ancestors):
        _same_order(function, G, source)
        _same_order(function, G.to_undirected(), source)
    _same_order(nx.node_connected_component, G.to_undirected(), source)
    _same_order(nx.descendants_at_distance, G, source, data.draw(st.integers(0, 3)))
