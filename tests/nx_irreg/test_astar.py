"""A* through ``backend="irreg"`` against NetworkX itself: the same path among equally short
ones, the same length and its type, the same calls of a Python heuristic in the same order
(admissible, inadmissible and inconsistent ones, with and without ``cutoff``), the same errors,
on graphs of every kind with tie-heavy weights and mixed labels."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import graphs

import nx_irreg

ISAS = nx_irreg.available_isas()

HEURISTICS = {
    "none": None,
    "zero": lambda u, v: 0,
    "hashed": lambda u, v: abs(hash((repr(u), repr(v)))) % 3,  # inconsistent: re-explores
    "half": lambda u, v: 0.5 * (len(repr(u)) % 3),
}


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")


def _run(function, G, s, t, heuristic, backend, **kwargs):
    """(result or exception type and text, the nodes the heuristic was asked about)."""
    asked = []

    def recorded(u, v):
        asked.append(u)
        return heuristic(u, v)

    h = None if heuristic is None else recorded
    try:
        return function(G, s, t, h, backend=backend, **kwargs), asked
    except (nx.NetworkXNoPath, nx.NodeNotFound) as err:
        return (type(err), str(err)), asked


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=60, deadline=None)
@given(G=graphs(weights="small", multigraph=True), data=st.data())
def test_paths_lengths_and_heuristic_calls_equal_networkx(isa, G, data):
    if not len(G):
        return
    s, t = data.draw(st.sampled_from(list(G))), data.draw(st.sampled_from(list(G)))
    heuristic = HEURISTICS[data.draw(st.sampled_from(sorted(HEURISTICS)))]
    kwargs = {"cutoff": data.draw(st.sampled_from([None, 2, 4.5]))}
    if data.draw(st.booleans()):
        kwargs["weight"] = None
    for function in (nx.astar_path, nx.astar_path_length):
        expected = _run(function, G, s, t, heuristic, "networkx", **kwargs)
        got = _run(function, G, s, t, heuristic, "irreg", isa=isa, **kwargs)
        assert got == expected
        assert type(got[0]) is type(expected[0])


def test_errors_match_networkx():
    G = nx.path_graph(3)
    G.add_node(9)
    cases = [(nx.astar_path, 7, 0, "Source 7 is not in G"),
             (nx.astar_path, 0, 7, "Target 7 is not in G"),
             (nx.astar_path_length, 7, 0, "Either source 7 or target 0 is not in G"),
             (nx.astar_path, 0, 9, "Node 9 not reachable from 0")]
    for function, s, t, message in cases:
        for backend in ("networkx", "irreg"):
            with pytest.raises((nx.NodeNotFound, nx.NetworkXNoPath), match=message):
                function(G, s, t, backend=backend)
    with pytest.raises(ZeroDivisionError):  # the heuristic's own error passes through
        nx.astar_path(G, 0, 2, heuristic=lambda u, v: 1 / 0, backend="irreg")
    with pytest.raises(ValueError, match="no variants"):
        nx.astar_path(G, 0, 2, backend="irreg", variant="opt")
