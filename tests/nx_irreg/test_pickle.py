"""Pickling the graphs: what a Dask worker receives is the same graph (same CSR, same results)."""

from __future__ import annotations

import pickle

import networkx as nx
import numpy as np
import pytest

from irreg import _core
from irreg.graph.algorithms import bfs, sssp, variants, wcc
from nx_irreg import IrregGraph
from nx_irreg.backend_graph import BackendGraph, from_networkx, to_networkx


def round_trip(obj: object) -> object:
    return pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))


def assert_same_graph(a: IrregGraph, b: IrregGraph) -> None:
    assert (a.n, a.num_edges, a.directed, a.weighted, a.tile_size) == (
        b.n, b.num_edges, b.directed, b.weighted, b.tile_size
    )
    for x, y in zip(a.csr(), b.csr(), strict=True):
        assert x.dtype == y.dtype
        np.testing.assert_array_equal(x, y)


def random_graph(directed: bool, weighted: bool, tile_size: int | None = None) -> IrregGraph:
    rng = np.random.default_rng(7)
    n, m = 300, 1500
    src, dst = rng.integers(0, n, m), rng.integers(0, n, m)
    weight = rng.uniform(0.5, 4.0, m) if weighted else None
    return IrregGraph.from_edges(src, dst, weight, n=n, directed=directed, tile_size=tile_size)


@pytest.mark.parametrize("directed", [True, False])
@pytest.mark.parametrize("weighted", [True, False])
@pytest.mark.parametrize("tile_size", [None, 16])
def test_irreg_graph_round_trip(directed, weighted, tile_size):
    g = random_graph(directed, weighted, tile_size)
    again = round_trip(g)
    assert type(again) is IrregGraph
    assert_same_graph(g, again)
    # The core graph alone pickles too, to the same state.
    core = round_trip(g._core)
    assert_same_graph(g, IrregGraph(core))


@pytest.mark.parametrize("n", [0, 1])
def test_tiny_graphs_round_trip(n):
    g = IrregGraph.from_edges([], [], n=n)
    assert_same_graph(g, round_trip(g))


def test_results_identical_after_unpickling():
    for directed in (True, False):
        g = random_graph(directed, weighted=True)
        # Build the lazy parts first: they must not travel, and rebuild the same on the other side.
        wcc(g)
        again = round_trip(g)
        for source in (0, 17, 299):
            for variant in variants("bfs"):
                np.testing.assert_array_equal(
                    bfs(g, source=source, variant=variant).depth,
                    bfs(again, source=source, variant=variant).depth,
                )
            for variant in variants("sssp"):
                np.testing.assert_array_equal(
                    sssp(g, source=source, variant=variant).value,
                    sssp(again, source=source, variant=variant).value,
                )
        np.testing.assert_array_equal(wcc(g).label, wcc(again).label)


def test_state_holds_arrays_not_lists():
    g = random_graph(directed=True, weighted=True)
    state = g._core.__getstate__()
    assert all(isinstance(x, np.ndarray) for x in state[-3:])


def test_bad_state_raises():
    g = random_graph(directed=True, weighted=False)
    state = list(g._core.__getstate__())
    with pytest.raises(ValueError, match="not a pickled"):
        _core.Graph.__new__(_core.Graph).__setstate__(tuple(state[:3]))
    state[5] = state[5][:-1]  # offsets one short
    with pytest.raises(ValueError, match="offsets"):
        _core.Graph.__new__(_core.Graph).__setstate__(tuple(state))


def labelled_graph(directed: bool) -> nx.Graph:
    G = nx.DiGraph() if directed else nx.Graph()
    G.graph["name"] = "towns"
    G.add_weighted_edges_from(
        [("a", "b", 2), ("b", "c", 3), ("c", "a", 4), ("c", ("d", 1), 1), (("d", 1), "e", 7)],
        weight="km",
    )
    G.add_node("lonely")
    return G


@pytest.mark.parametrize("directed", [True, False])
def test_backend_graph_round_trip(directed):
    G = labelled_graph(directed)
    bg = from_networkx(G, weight="km", graph_attrs=True)
    bg.labels(np.arange(len(bg)))  # fills the label cache, which must not travel
    bg.with_tile_size(4)
    again = round_trip(bg)
    assert type(again) is BackendGraph
    assert_same_graph(bg.graph, again.graph)
    assert again.nodes == bg.nodes
    assert (again.is_directed(), again.is_multigraph(), again.weight) == (directed, False, "km")
    assert (again.integral_weights, again.integer_type, again.graph_attrs) == (
        bg.integral_weights, bg.integer_type, {"name": "towns"}
    )
    assert again._labels is None and again._by_tile == {} and again.__networkx_cache__ == {}
    for node in G:
        assert again.position(node) == bg.position(node)
    assert again.position("nowhere") is None
    assert again.labels(np.array([3, 0])) == bg.labels(np.array([3, 0]))
    assert nx.utils.graphs_equal(to_networkx(again), to_networkx(bg))
    source = bg.position("a")
    np.testing.assert_array_equal(
        sssp(again.graph, source=source).value, sssp(bg.graph, source=source).value
    )
    np.testing.assert_array_equal(
        bfs(again.with_tile_size(4), source=source, variant="opt").depth,
        bfs(bg.graph, source=source).depth,
    )


def test_backend_graph_with_integer_labels_keeps_no_index():
    G = nx.path_graph(5)
    G.add_edge(4, 0)
    bg = from_networkx(G)
    assert bg._index is None
    again = round_trip(bg)
    assert again._index is None
    assert again.position(3) == 3 and again.position(5) is None


def test_backend_graph_state_lists_its_fields():
    bg = from_networkx(labelled_graph(True), weight="km")
    state = bg.__getstate__()
    assert set(state) == {*BackendGraph._PICKLED, "labels_are_ids"}
    # Every field is either shipped or rebuilt by __setstate__: a new one must pick a side.
    rebuilt = {"_index", "_labels", "_hashes", "_by_tile", "__networkx_cache__", "_source",
               "_view", "_conversion", "_view_stamp"}
    assert set(vars(bg)) == set(BackendGraph._PICKLED) | rebuilt


def test_a_directed_backend_graph_ships_its_predecessor_order():
    # The order is read from the NetworkX graph, which does not travel: pickling reads it first.
    G = nx.DiGraph([(0, 2), (1, 2), (3, 2)])
    G.add_edge(0, 3)
    bg = from_networkx(G)
    again = round_trip(bg)
    assert again._source is None
    assert np.array_equal(again.predecessors().csr()[1], bg.predecessors().csr()[1])
    assert again.labels(again.predecessors().csr()[1])[:3] == [0, 1, 3]  # G._pred[2]


def _crafted(**changes):
    """The state of a small core graph's pickle, with ``changes`` by position name."""
    g = IrregGraph.from_edges([0, 1, 2], [1, 2, 0], [1.0, 2.0, 3.0], n=3)._core
    state = list(g.__getstate__())
    names = ["version", "n", "directed", "tile", "symmetric_sorted", "offsets", "targets",
             "weights"]
    for name, value in changes.items():
        state[names.index(name)] = value
    return g, tuple(state)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"targets": np.array([1.7, 2.0, 0.0])},
            "targets must be a 1-D int32 array, got 1-D float64",
        ),
        ({"weights": np.array([1.0, np.nan, 3.0])}, r"weight\[1\] is NaN"),
        ({"n": 2**40}, r"vertex count must be an int in \[0, 2147483646\], got 1099511627776"),
        ({"n": -1}, "vertex count must be an int"),
        ({"targets": np.array([1, 2, 7], dtype=np.int32)}, "targets"),
        ({"offsets": np.array([0, 1, 1, 5])}, "offsets must hold n \\+ 1 entries"),
        ({"symmetric_sorted": True}, "says its rows are sorted and symmetric"),
        ({"offsets": [0, 1, 2, 3]}, "offsets must be a NumPy array"),
    ],
)
def test_a_crafted_core_graph_state_is_refused(changes, message):
    g, state = _crafted(**changes)
    fresh = type(g).__new__(type(g))
    with pytest.raises(ValueError, match=message):
        fresh.__setstate__(state)


def test_a_crafted_backend_graph_state_is_refused():
    bg = from_networkx(labelled_graph(True), weight="km")
    state = bg.__getstate__()
    state["nodes"] = state["nodes"][:-1]
    with pytest.raises(ValueError, match="one label per vertex"):
        BackendGraph.__new__(BackendGraph).__setstate__(state)
