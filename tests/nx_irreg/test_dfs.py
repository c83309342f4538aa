"""Depth-first search through the backend: every function of NetworkX's depth_first_search
module against NetworkX itself (items and their order, types, the items yielded before an error,
the error's type and words), sources missing and None, depth limits of every kind, a deep path,
and the arguments left to NetworkX."""

from __future__ import annotations

import inspect
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import graphs

import nx_irreg
from irreg import _core
from nx_irreg.interface import BackendInterface

ISAS = nx_irreg.available_isas()

FUNCTIONS = (
    nx.dfs_edges,
    nx.dfs_tree,
    nx.dfs_predecessors,
    nx.dfs_successors,
    nx.dfs_preorder_nodes,
    nx.dfs_postorder_nodes,
    nx.dfs_labeled_edges,
)
DEPTH_LIMITS = (None, -1, 0, 1, 2, 3, 4, 1.5, math.inf, math.nan)


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")


def _outcome(func, *args, **kwargs) -> tuple:
    """What a call gives, comparable across implementations: when it raised (at the call or
    while iterating), the items yielded before, the error's type and words; otherwise the
    items in order with their types (a dict's in key order, a graph's nodes and edges)."""
    items: list = []
    stage = "call"
    try:
        result = func(*args, **kwargs)
        if inspect.isgenerator(result):
            stage = "iteration"
            items.extend(result)  # keeps what came before an error
            return ("generator", items, _types(items))
        if isinstance(result, nx.Graph):
            return (type(result), list(result.nodes), list(result.edges))
        assert isinstance(result, dict)
        return (dict, list(result.items()), _types(result.items()))
    except Exception as err:  # noqa: BLE001 - compared with NetworkX's own error
        return ("raised at " + stage, items, type(err), str(err))


def _types(items) -> list:
    """Types of everything in ``items`` (nested tuples and lists flattened)."""
    return [
        [type(x) for x in item] if isinstance(item, tuple | list) else type(item) for item in items
    ]


def _assert_same(func, G, *args, isa=None) -> None:
    expected = _outcome(func, G, *args)
    got = _outcome(func, G, *args, backend="irreg", isa=isa)
    assert got == expected, (func.__name__, args)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=25, deadline=None)
@given(G=graphs(multigraph=True), data=st.data())
def test_every_dfs_function_equals_networkx(isa, G, data):
    source = data.draw(st.sampled_from([*G, "absent", None]))
    depth_limit = data.draw(st.sampled_from(DEPTH_LIMITS))
    for func in FUNCTIONS:
        _assert_same(func, G, source, depth_limit, isa=isa)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("directed", [False, True])
def test_missing_and_unhashable_sources_fail_as_in_networkx(func, directed):
    # NetworkX's labelled walk yields (source, source, "forward") before G.neighbors fails, so
    # the preorder yields the source first; the words name "graph" or "digraph".
    G = nx.path_graph(4, create_using=nx.DiGraph if directed else nx.Graph)
    for source in ("absent", 7, [1]):
        for depth_limit in (None, 0, 2):
            _assert_same(func, G, source, depth_limit)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_a_source_equal_to_a_node_is_yielded_as_given(func):
    # NetworkX's stack holds the source object itself, so the root's edges carry it.
    G = nx.path_graph(4)
    for source in (1.0, True, np.int64(2)):
        _assert_same(func, G, source, None)
        _assert_same(func, G, source, 2)


@pytest.mark.slow
def test_a_path_of_300000_nodes_is_searched_without_recursion():
    G = nx.path_graph(300_000)
    for func in (nx.dfs_postorder_nodes, nx.dfs_edges):
        for source in (0, 150_000):
            _assert_same(func, G, source, None)
    _assert_same(nx.dfs_preorder_nodes, G, None, 200_000)


def test_the_calls_reach_the_kernel(monkeypatch):
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return kernel(*args, **kwargs)

    kernel = _core.ordered_dfs
    monkeypatch.setattr(_core, "ordered_dfs", counted)
    G = nx.cycle_graph(5)
    for func in FUNCTIONS:
        result = func(G, 0, backend="irreg")
        list(result) if inspect.isgenerator(result) else result
    assert len(calls) == len(FUNCTIONS)


@pytest.mark.parametrize("func", FUNCTIONS, ids=lambda f: f.__name__)
def test_sort_neighbors_and_non_numeric_limits_are_left_to_networkx(func):
    G = nx.path_graph(3)
    name = func.__name__
    assert isinstance(BackendInterface.can_run(name, (G, 0), {"sort_neighbors": sorted}), str)
    assert isinstance(BackendInterface.can_run(name, (G, 0, "2"), {}), str)
    assert BackendInterface.can_run(name, (G, 0, 2.5), {}) is True
    assert BackendInterface.can_run(name, (G,), {"depth_limit": np.int64(2)}) is True


def test_variant_is_refused():
    with pytest.raises(ValueError, match="no variants"):
        list(nx.dfs_edges(nx.path_graph(3), 0, backend="irreg", variant="opt"))
