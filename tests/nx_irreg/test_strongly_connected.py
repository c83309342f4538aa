"""Strongly connected components through ``backend="irreg"`` against NetworkX itself: the same
sets in the same order (each set iterating in the same order too), the same condensation, the
same errors; on graphs deep enough to break a recursive search; and the kernel's arrays."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import LABELS

import nx_irreg
from irreg.graph import IrregGraph
from irreg.graph.algorithms import strongly_connected_components as ordered_components
from nx_irreg.backend_graph import from_networkx
from nx_irreg.nxapi.components import attracting
from nx_irreg.nxapi.components import strongly_connected as nxapi

ISAS = nx_irreg.available_isas()


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")




@st.composite
def digraphs(draw, max_nodes: int = 14):
    """DiGraphs and MultiDiGraphs in any node order, with self-loops, parallel edges, isolated
    nodes and int, string, tuple or mixed labels."""
    n = draw(st.integers(0, max_nodes))
    G = draw(st.sampled_from([nx.DiGraph, nx.MultiDiGraph]))()
    G.add_nodes_from(draw(st.permutations(range(n))) if n else [])
    if n:
        vertex = st.integers(0, n - 1)
        G.add_edges_from(draw(st.lists(st.tuples(vertex, vertex), max_size=3 * n)))
        G.add_edges_from((v, v) for v in draw(st.lists(vertex, max_size=3)))
    return nx.relabel_nodes(G, LABELS[draw(st.sampled_from(sorted(LABELS)))])


def as_lists(components) -> list[list]:
    return [list(c) for c in components]  # set iteration order too, not only the sets


def assert_same_condensation(got: nx.DiGraph, expected: nx.DiGraph) -> None:
    assert type(got) is nx.DiGraph
    assert list(got.nodes(data=True)) == list(expected.nodes(data=True))
    assert list(got.graph["mapping"].items()) == list(expected.graph["mapping"].items())
    assert got.graph.keys() == expected.graph.keys()
    assert list(got.edges) == list(expected.edges)
    assert [list(got.pred[c]) for c in got] == [list(expected.pred[c]) for c in expected]


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=60)
@given(G=digraphs())
def test_components_equal_networkx(isa, G):
    expected = list(nx.strongly_connected_components(G))
    got = nx.strongly_connected_components(G, backend="irreg", isa=isa)
    assert as_lists(got) == as_lists(expected)
    assert nx.number_strongly_connected_components(G, backend="irreg", isa=isa) == len(expected)
    if len(G):
        got_connected = nx.is_strongly_connected(G, backend="irreg", isa=isa)
        assert got_connected is nx.is_strongly_connected(G)
    assert_same_condensation(nx.condensation(G, backend="irreg", isa=isa), nx.condensation(G))


@settings(max_examples=60)
@given(G=digraphs(), data=st.data())
def test_condensation_of_given_components_equals_networkx(G, data):
    components = list(nx.strongly_connected_components(G))
    scc = [sorted(c, key=repr) for c in data.draw(st.permutations(components))]
    if scc and data.draw(st.booleans()):
        scc.pop(data.draw(st.integers(0, len(scc) - 1)))  # nodes left out: KeyError on an edge
    if scc and data.draw(st.booleans()):
        scc[0] = scc[0] + scc[-1][:1]  # a node listed twice belongs to its last component
    try:
        expected = nx.condensation(G, scc)
    except (KeyError, UnboundLocalError) as err:  # UnboundLocalError: scc is empty, G is not
        with pytest.raises(type(err)) as ours:
            nx.condensation(G, scc, backend="irreg")
        if isinstance(err, KeyError):
            assert ours.value.args == err.args
        return
    got = nx.condensation(G, iter(scc), backend="irreg")  # any iterable, read once
    assert_same_condensation(got, expected)
    assert all(got.nodes[i]["members"] is scc[i] for i in got)  # kept as given, as NetworkX does


@pytest.mark.slow
def test_deep_cycle_and_path_need_no_recursion():
    # A 200,000-vertex cycle with a 100,000-vertex tail into it: one depth-first path of 300,000
    # vertices, far past any recursion limit.
    G = nx.cycle_graph(200_000, create_using=nx.DiGraph)
    nx.add_path(G, [("tail", i) for i in range(100_000)] + [0])
    expected = list(nx.strongly_connected_components(G))
    got = list(nx.strongly_connected_components(G, backend="irreg"))
    assert len(got) == 100_001 and got == expected
    assert as_lists(got) == as_lists(expected)
    assert not nx.is_strongly_connected(G, backend="irreg")
    C = nx.condensation(G, backend="irreg")
    assert list(C.edges) == list(nx.condensation(G).edges)


def test_errors_match_networkx():
    U = nx.Graph([(0, 1)])
    for func in (
        nx.strongly_connected_components,
        nx.number_strongly_connected_components,
        nx.is_strongly_connected,
        nx.condensation,
    ):
        for backend in ("networkx", "irreg"):
            with pytest.raises(nx.NetworkXNotImplemented, match="not implemented for undirected"):
                result = func(U, backend=backend)
                list(result) if func is nx.strongly_connected_components else result
    for backend in ("networkx", "irreg"):
        with pytest.raises(nx.NetworkXPointlessConcept):
            nx.is_strongly_connected(nx.DiGraph(), backend=backend)
        assert list(nx.strongly_connected_components(nx.DiGraph(), backend=backend)) == []
        assert nx.number_strongly_connected_components(nx.DiGraph(), backend=backend) == 0
        C = nx.condensation(nx.DiGraph(), backend=backend)
        assert len(C) == 0 and C.graph == {"mapping": {}}
        with pytest.raises(UnboundLocalError):  # NetworkX's: no components for a non-empty G
            nx.condensation(nx.DiGraph([(0, 1)]), [], backend=backend)
        with pytest.raises(KeyError, match="'b'"):  # the first edge's missing node
            nx.condensation(nx.DiGraph([("a", "b"), ("c", "a")]), [{"a"}, {"c"}], backend=backend)
    with pytest.raises(ValueError, match="no variants"):
        nx.number_strongly_connected_components(
            nx.DiGraph([(0, 1)]), backend="irreg", variant="opt"
        )


def test_generator_errors_are_raised_on_iteration():
    # NetworkX's decorator checks directedness before dispatch; called directly, the backend's
    # generator raises when iterated, as a NetworkX generator body would.
    components = nxapi.strongly_connected_components(from_networkx(nx.Graph([(0, 1)])))
    with pytest.raises(nx.NetworkXNotImplemented):
        next(components)


@pytest.mark.parametrize("isa", ISAS)
def test_kernel_arrays(isa):
    # 0 -> 1 -> 2 -> 0 and 2 -> 3 <-> 4, 5 alone: the search from 0 finishes {3, 4} first.
    src = np.array([0, 1, 2, 2, 3, 4])
    dst = np.array([1, 2, 0, 3, 4, 3])
    result = ordered_components(IrregGraph.from_edges(src, dst, n=6, isa=isa))
    assert result.order.dtype == np.int32 and result.component.dtype == np.int32
    assert result.component_end.tolist() == [2, 5, 6]
    assert result.order.tolist() == [3, 4, 0, 1, 2, 5]  # each root first, then latest finished
    assert result.component.tolist() == [1, 1, 1, 0, 0, 2]
    # Undirected: every edge both ways, so the strongly connected components are the components.
    undirected = ordered_components(IrregGraph.from_edges(src, dst, n=6, directed=False, isa=isa))
    assert undirected.component.tolist() == [0, 0, 0, 0, 0, 1]


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=digraphs())
def test_attracting_and_semiconnected_equal_networkx(isa, G):
    got = list(nx.attracting_components(G, backend="irreg", isa=isa))
    assert as_lists(got) == as_lists(nx.attracting_components(G))
    assert nx.number_attracting_components(G, backend="irreg") == (
        nx.number_attracting_components(G)
    )
    assert nx.is_attracting_component(G, backend="irreg") == nx.is_attracting_component(G)
    if len(G):
        assert nx.is_semiconnected(G, backend="irreg", isa=isa) == nx.is_semiconnected(G)
    else:
        with pytest.raises(nx.NetworkXPointlessConcept):
            nx.is_semiconnected(G, backend="irreg")


def test_semiconnected_on_chains_and_forks():
    chain = nx.DiGraph([(0, 1), (1, 2), (2, 1), (2, 3)])
    fork = nx.DiGraph([(0, 1), (0, 2)])
    for G, expected in ((chain, True), (fork, False)):
        assert nx.is_semiconnected(G, backend="irreg") is expected is nx.is_semiconnected(G)
    with pytest.raises(nx.NetworkXNotImplemented):  # raised on iteration, as in NetworkX
        list(attracting.attracting_components(from_networkx(nx.Graph([(0, 1)]))))


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=digraphs(), data=st.data())
def test_kosaraju_equals_networkx(isa, G, data):
    source = data.draw(st.sampled_from([None, "absent", *G]))
    expected = nx.kosaraju_strongly_connected_components(G, source)
    if source == "absent":
        with pytest.raises(nx.NetworkXError, match="not in the digraph"):
            list(nx.kosaraju_strongly_connected_components(G, source, backend="irreg", isa=isa))
        return
    got = nx.kosaraju_strongly_connected_components(G, source, backend="irreg", isa=isa)
    assert as_lists(got) == as_lists(expected)
