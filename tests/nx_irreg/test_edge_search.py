"""``edge_bfs`` and ``edge_dfs`` through ``backend="irreg"`` against NetworkX itself: the same
edges in the same order with the same directions, for every orientation, from a node, from
several (listed twice, or missing from G) or from all, on graphs and digraphs with self-loops,
both directions of a pair and mixed labels; the same errors; and the kernel on a deep path."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import graphs

import nx_irreg
from irreg.graph import IrregGraph
from irreg.graph.algorithms import edge_search
from nx_irreg.interface import BackendInterface

ISAS = nx_irreg.available_isas()
SEARCHES = (nx.edge_bfs, nx.edge_dfs)


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=80)
@given(G=graphs(weights="equal"), data=st.data())
def test_edges_equal_networkx(isa, G, data):
    nodes = list(G)
    source = data.draw(st.one_of(
        st.none(),
        st.sampled_from(nodes) if nodes else st.none(),
        st.lists(st.sampled_from([*nodes, "not a node"]), max_size=4),
    ))
    orientation = data.draw(st.sampled_from([None, "original", "reverse", "ignore"]))
    for search in SEARCHES:
        expected = list(search(G, source, orientation))
        assert list(search(G, source, orientation, backend="irreg", isa=isa)) == expected


def test_errors_and_declines_match_networkx():
    D = nx.DiGraph([(0, 1)])
    for search in SEARCHES:
        for backend in ("networkx", "irreg"):
            with pytest.raises(nx.NetworkXError, match="invalid orientation argument"):
                list(search(D, 0, "sideways", backend=backend))
            # A graph reads every orientation as forward; no start nodes: nothing at all.
            assert list(search(nx.Graph([(0, 1)]), 0, "sideways", backend=backend)) == [
                (0, 1, "forward")]
            assert list(search(D, [], "sideways", backend=backend)) == []
            # neither a node nor nodes (NetworkX's words differ by release)
            with pytest.raises(nx.NetworkXError, match="7|nbunch is not a node"):
                list(search(D, 7, backend=backend))
        M = nx.MultiGraph([(0, 1), (0, 1)])
        assert "keys" in BackendInterface.can_run(search.__name__, (M,), {})


def test_kernel_follows_a_path_too_deep_for_recursion():
    n = 200_000
    g = IrregGraph.from_edges(np.arange(n - 1), np.arange(1, n), n=n)
    for depth_first in (True, False):
        found = edge_search(g, sources=[0], depth_first=depth_first)
        np.testing.assert_array_equal(found.tail, np.arange(n - 1))
        np.testing.assert_array_equal(found.head, np.arange(1, n))
    with pytest.raises(ValueError, match="orientation must be one of"):
        edge_search(g, sources=[0], orientation="sideways")
