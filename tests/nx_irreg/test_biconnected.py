"""Biconnected components, cut vertices and bridges through ``backend="irreg"`` against NetworkX
itself: the same components in the same order (each set iterating in the same order, each edge
list in NetworkX's order), the same cut vertices and bridges in the same order, with and without
``root``; the same errors; a path too deep for a recursive search; and the kernel's arrays."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import LABELS

import nx_irreg
from irreg.graph import IrregGraph
from irreg.graph.algorithms import biconnected
from nx_irreg.backend_graph import from_networkx
from nx_irreg.interface import BackendInterface

ISAS = nx_irreg.available_isas()
LOW_LINK_FUNCTIONS = (nx.biconnected_component_edges, nx.biconnected_components,
                      nx.articulation_points, nx.is_biconnected, nx.bridges, nx.has_bridges)


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")




@st.composite
def undirected(draw, max_nodes: int = 16, multigraph: bool = True):
    """Graphs (and MultiGraphs) in any node order, with self-loops, parallel edges, isolated
    nodes, chains of cycles (many cut vertices and bridges) and int, string, tuple or mixed
    labels."""
    n = draw(st.integers(0, max_nodes))
    kinds = [nx.Graph, nx.MultiGraph] if multigraph else [nx.Graph]
    G = draw(st.sampled_from(kinds))()
    G.add_nodes_from(draw(st.permutations(range(n))) if n else [])
    if n:
        vertex = st.integers(0, n - 1)
        G.add_edges_from(draw(st.lists(st.tuples(vertex, vertex), max_size=2 * n)))
        G.add_edges_from((v, v) for v in draw(st.lists(vertex, max_size=3)))
    return nx.relabel_nodes(G, LABELS[draw(st.sampled_from(sorted(LABELS)))])


def as_lists(components) -> list[list]:
    return [list(c) for c in components]  # set iteration order too, not only the sets


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=80)
@given(G=undirected())
def test_components_and_cut_vertices_equal_networkx(isa, G):
    got = list(nx.biconnected_components(G, backend="irreg", isa=isa))
    assert as_lists(got) == as_lists(nx.biconnected_components(G))
    assert (list(nx.biconnected_component_edges(G, backend="irreg", isa=isa))
            == list(nx.biconnected_component_edges(G)))
    assert (list(nx.articulation_points(G, backend="irreg", isa=isa))
            == list(nx.articulation_points(G)))
    assert nx.is_biconnected(G, backend="irreg", isa=isa) is nx.is_biconnected(G)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=80)
@given(G=undirected(multigraph=False), data=st.data())
def test_bridges_equal_networkx(isa, G, data):
    root = data.draw(st.sampled_from(list(G))) if len(G) and data.draw(st.booleans()) else None
    assert (list(nx.bridges(G, root=root, backend="irreg", isa=isa))
            == list(nx.bridges(G, root=root)))
    assert nx.has_bridges(G, root=root, backend="irreg", isa=isa) is nx.has_bridges(G, root=root)


def test_bridges_of_a_small_component_come_in_its_set_order():
    # NetworkX walks the edges of G.subgraph(component).copy(), whose nodes come in the
    # component set's order when it holds fewer than half of G's nodes.
    G = nx.Graph()
    G.add_nodes_from(range(40, 0, -1))
    nx.add_path(G, [33, 7, 21, 2, 40])
    G.add_edges_from([(21, 30), (30, 5), (5, 21)])
    for root in (7, 5, 40):
        assert list(nx.bridges(G, root=root, backend="irreg")) == list(nx.bridges(G, root=root))


def test_multigraph_bridges_are_left_to_networkx():
    G = nx.MultiGraph([(0, 1), (0, 1), (1, 2)])
    assert "parallel edge" in BackendInterface.can_run("bridges", (G,), {})
    assert "parallel edge" in BackendInterface.can_run("has_bridges", (G, None), {})
    with pytest.raises(nx.NetworkXNotImplemented, match="parallel edges"):
        list(BackendInterface.bridges(from_networkx(G)))


def test_errors_match_networkx():
    D = nx.DiGraph([(0, 1)])
    for func in LOW_LINK_FUNCTIONS:
        for backend in ("networkx", "irreg"):
            with pytest.raises(nx.NetworkXNotImplemented, match="not implemented for directed"):
                result = func(D, backend=backend)
                list(result) if not isinstance(result, bool) else result
    for backend in ("networkx", "irreg"):
        for func in (nx.bridges, nx.has_bridges):
            with pytest.raises(nx.NodeNotFound, match="Root node 9 is not in graph"):
                result = func(nx.path_graph(3), root=9, backend=backend)
                list(result) if not isinstance(result, bool) else result
        assert nx.is_biconnected(nx.Graph(), backend=backend) is False
        assert nx.is_biconnected(nx.empty_graph(1), backend=backend) is False
        assert nx.is_biconnected(nx.path_graph(2), backend=backend) is True
        assert list(nx.biconnected_components(nx.Graph(), backend=backend)) == []
    with pytest.raises(ValueError, match="no variants"):
        list(nx.articulation_points(nx.path_graph(3), backend="irreg", variant="opt"))


@pytest.mark.slow
def test_deep_path_needs_no_recursion():
    # A 300,000-vertex path closed into a cycle halfway: one depth-first path far past any
    # recursion limit, 150,000 bridges and as many cut vertices.
    G = nx.path_graph(300_000)
    G.add_edge(150_000, 299_999)
    for func in (nx.articulation_points, nx.bridges, nx.biconnected_component_edges):
        assert list(func(G, backend="irreg")) == list(func(G))


def test_kernel_arrays_on_a_known_graph():
    # Two triangles joined at vertex 2, a pendant edge 4-5 and a self-loop at 1.
    tails, heads = np.array([0, 1, 2, 2, 3, 4, 4, 1]), np.array([1, 2, 0, 3, 4, 2, 5, 1])
    g = IrregGraph.from_edges(tails, heads, n=6, directed=False)
    found = biconnected(g)
    assert found.articulation.tolist() == [4, 2]
    assert sorted(zip(found.bridge_tail.tolist(), found.bridge_head.tolist(), strict=True)) == [
        (4, 5)]
    nodes = np.split(found.node_order, found.node_end[:-1])
    assert sorted(sorted(c.tolist()) for c in nodes) == [[0, 1, 2], [2, 3, 4], [4, 5]]
    assert found.component_end[-1] == 8  # every edge in one component, the self-loop included
    only_cuts = biconnected(g, components=False)
    assert only_cuts.edge_tail.size == 0 and only_cuts.articulation.tolist() == [4, 2]
    with pytest.raises(ValueError, match="undirected"):
        biconnected(IrregGraph.from_edges(tails, heads, n=6))


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=80)
@given(G=undirected(multigraph=False), data=st.data())
def test_local_bridges_equal_networkx(isa, G, data):
    with_span = data.draw(st.sampled_from([True, False, 1]))  # NetworkX tests `is not True`
    weight = None
    if data.draw(st.booleans()):
        weight = "weight"
        for u, v in G.edges:
            G[u][v]["weight"] = data.draw(st.sampled_from([1, 2, 3]))
    expected = list(nx.local_bridges(G, with_span=with_span, weight=weight))
    got = list(nx.local_bridges(G, with_span=with_span, weight=weight, backend="irreg", isa=isa))
    assert got == expected
    assert [tuple(map(type, e)) for e in got] == [tuple(map(type, e)) for e in expected]


def test_local_bridges_errors_and_declines_match_networkx():
    for G, match in ((nx.DiGraph([(0, 1)]), "directed"), (nx.MultiGraph([(0, 1)]), "multigraph")):
        for backend in ("networkx", "irreg"):
            with pytest.raises(nx.NetworkXNotImplemented, match=match):
                list(nx.local_bridges(G, backend=backend))
    G = nx.path_graph(4)
    nx.set_edge_attributes(G, -1, "weight")
    with pytest.raises(NotImplementedError, match="local_bridges"):
        list(nx.local_bridges(G, weight="weight", backend="irreg"))
