"""Generated NetworkX graphs and the comparison of a backend call with NetworkX's own, shared by
the backend's property tests."""

from __future__ import annotations

import inspect

import networkx as nx
import pytest
from hypothesis import strategies as st

LABELINGS = ("identity", "shuffled", "strings", "tuples", "mixed")
# Label functions of a node id, for the strategies that relabel as they draw.
LABELS = {
    "identity": lambda v: v,
    "strings": lambda v: f"v{v * 7 % 31}",
    "tuples": lambda v: (v % 3, v),
    "mixed": lambda v: (v + 100, f"n{v}", (v, "t"), v + 0.5)[v % 4],
}


def _relabel(G: nx.Graph, labeling: str, seed: int) -> nx.Graph:
    nodes = list(G)
    if labeling == "identity":
        return G
    if labeling == "shuffled":
        perm = nodes[seed % len(nodes) :] + nodes[: seed % len(nodes)] if nodes else nodes
        mapping = dict(zip(nodes, reversed(perm), strict=True))
    elif labeling == "strings":
        mapping = {v: f"v{v * 7 % 31}" for v in nodes}
    elif labeling == "tuples":
        mapping = {v: (v % 3, v) for v in nodes}
    else:
        kinds = (lambda v: v + 100, lambda v: f"n{v}", lambda v: (v, "t"), lambda v: v + 0.5)
        mapping = {v: kinds[v % 4](v) for v in nodes}
    return nx.relabel_nodes(G, mapping)


WEIGHTS = {
    "int": st.integers(1, 9),
    "float": st.sampled_from([0.5, 1.25, 2.0, 3.75]),
    "signed": st.integers(-3, 9),
    "equal": st.just(2),  # every path of k edges ties with every other: tie-breaking decides
    "small": st.integers(0, 2),  # zero weights and many ties
}


@st.composite
def graphs(draw, weights: str = "int", multigraph: bool = False, max_nodes: int = 12):
    """A Graph or DiGraph (or, with ``multigraph``, possibly a MultiGraph or MultiDiGraph) of up
    to ``max_nodes`` nodes in shuffled insertion order, self-loops and parallel edges drawn like
    any other, weights from ``WEIGHTS[weights]``, relabelled by one of ``LABELINGS``."""
    n = draw(st.integers(0, max_nodes))
    directed = draw(st.booleans())
    multi = multigraph and draw(st.booleans())
    kinds = {(False, False): nx.Graph, (True, False): nx.DiGraph,
             (False, True): nx.MultiGraph, (True, True): nx.MultiDiGraph}
    G = kinds[directed, multi]()
    G.add_nodes_from(draw(st.permutations(range(n))) if n else [])
    if n:
        pairs = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)),
                              max_size=3 * max_nodes))
        for u, v in pairs:
            G.add_edge(u, v, weight=draw(WEIGHTS[weights]))
    return _relabel(G, draw(st.sampled_from(LABELINGS)), draw(st.integers(0, 50)))


def both(func, *args, isa=None, **kwargs):
    """NetworkX's result and the backend's (generators listed); when NetworkX raises, checks
    that the backend raises the same type and returns ``(None, None)``."""
    expected_error = None
    try:
        expected = func(*args, **kwargs)
        expected = list(expected) if inspect.isgenerator(expected) else expected
    except Exception as err:  # noqa: BLE001 - the backend must raise the same type
        expected_error = type(err)
    if expected_error is not None:
        with pytest.raises(expected_error):
            got = func(*args, backend="irreg", isa=isa, **kwargs)
            list(got) if inspect.isgenerator(got) else got
        return None, None
    got = func(*args, backend="irreg", isa=isa, **kwargs)
    got = list(got) if inspect.isgenerator(got) else got
    return expected, got


def assert_same(expected, got):
    """Equal, and a dict's keys in the same order with values of the same types (also inside a
    tuple of results, such as ``(lengths, paths)``)."""
    assert got == expected
    if isinstance(expected, tuple):
        for one, other in zip(expected, got, strict=True):
            assert_same(one, other)
    if isinstance(expected, dict):
        assert list(got) == list(expected)  # key order too
        assert [type(v) for v in got.values()] == [type(v) for v in expected.values()]


