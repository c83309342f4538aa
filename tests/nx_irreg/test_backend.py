"""The ``irreg`` NetworkX backend: dispatch, conversion and its cache, config, and every function
against NetworkX itself on generated graphs with all kinds of node labels."""

from __future__ import annotations

import inspect
import math
import numbers
import warnings
from decimal import Decimal
from fractions import Fraction
from importlib.metadata import entry_points

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx_cases import assert_same, both, graphs

import nx_irreg
from nx_irreg.backend_graph import BackendGraph, from_networkx, to_networkx
from nx_irreg.interface import MIN_EDGES_TO_CONVERT, BackendInterface, backend_interface
from nx_irreg.nxapi import networkx_modules
from nx_irreg.nxapi._lengths import sum_type
from nx_irreg.versions import dispatchable

ISAS = nx_irreg.available_isas()
OPTION_NAMES = {
    "isa", "variant", "tile_size", "threads", "weight_dtype", "execution", "scheduler"
}


# NetworkX warns on every use of a cached conversion; these tests call several functions on
# one graph.
pytestmark = pytest.mark.usefixtures("quiet_cache_warning")


def exported_functions() -> dict[str, object]:
    return {name: getattr(m, name) for m in networkx_modules() for name in m.__all__}


# --- registration, names and signatures ---------------------------------------------------------


def test_entry_points_registered():
    backends = {ep.name: ep.value for ep in entry_points(group="networkx.backends")}
    info = {ep.name: ep.value for ep in entry_points(group="networkx.backend_info")}
    assert backends["irreg"] == "nx_irreg.interface:backend_interface"
    assert info["irreg"] == "_nx_irreg:get_info"
    assert "irreg" in nx.utils.backends.backends


def test_backend_info_lists_exactly_the_exported_functions():
    from _nx_irreg import get_info

    info = get_info()
    assert info["backend_name"] == "irreg"
    assert set(info["functions"]) == set(exported_functions())
    for name, entry in info["functions"].items():
        assert entry["additional_docs"], name
        assert {key.split(" : ")[0] for key in entry["additional_parameters"]} == OPTION_NAMES
    assert set(info["default_config"]) == OPTION_NAMES


def test_functions_are_dispatched_networkx_functions():
    for name in exported_functions():
        assert "irreg" in dispatchable(name).backends, name
        assert hasattr(backend_interface, name)


def test_signatures_match_networkx():
    for name, func in exported_functions().items():
        ours = [
            (p.name, p.kind, p.default)
            for p in inspect.signature(func).parameters.values()
            if p.kind is not p.VAR_KEYWORD
        ]
        theirs = [
            (p.name, p.kind, p.default)
            for p in inspect.signature(dispatchable(name)).parameters.values()
            if p.name != "backend" and p.kind is not p.VAR_KEYWORD
        ]
        # A keyword-only parameter a newer NetworkX added (closeness_centrality's sp in 3.7)
        # may be missing: set to other than its default, can_run declines the call.
        ours_named = {p[0] for p in ours}
        theirs = [p for p in theirs if p[0] in ours_named or p[1] is not p[1].KEYWORD_ONLY]
        assert ours == theirs, name


# --- dispatch, cache, config ---------------------------------------------------------------------


def test_dispatch_by_backend_keyword_converts_once_and_caches():
    G = nx.path_graph(5)
    assert list(nx.bfs_edges(G, 0, backend="irreg")) == [(0, 1), (1, 2), (2, 3), (3, 4)]
    cached = G.__networkx_cache__["backends"]["irreg"]
    assert len(cached) == 1
    (converted,) = cached.values()
    assert isinstance(converted, BackendGraph)
    assert nx.single_source_shortest_path_length(G, 4, backend="irreg") == {
        4: 0,
        3: 1,
        2: 2,
        1: 3,
        0: 4,
    }
    assert list(cached.values()) == [converted]  # the same conversion, reused


def test_cache_invalidated_by_add_edge():
    G = nx.path_graph(4)
    assert nx.number_connected_components(G, backend="irreg") == 1
    G.add_node(9)
    assert "backends" not in G.__networkx_cache__
    assert nx.number_connected_components(G, backend="irreg") == 2
    G.add_edge(9, 0)
    assert nx.number_connected_components(G, backend="irreg") == 1
    assert nx.single_source_shortest_path_length(G, 9, backend="irreg")[3] == 4


def test_weighted_conversion_serves_unweighted_calls():
    G = nx.Graph()
    G.add_edge("a", "b", weight=5)
    G.add_edge("b", "c", weight=1)
    assert nx.single_source_dijkstra_path_length(G, "a", backend="irreg") == {
        "a": 0,
        "b": 5,
        "c": 6,
    }
    assert nx.single_source_shortest_path_length(G, "a", backend="irreg") == {
        "a": 0,
        "b": 1,
        "c": 2,
    }
    # NetworkX finds the weighted conversion compatible with an unweighted call and reuses it.
    assert len(G.__networkx_cache__["backends"]["irreg"]) == 1


def test_dispatch_by_backend_priority():
    G = nx.gnm_random_graph(400, 3 * MIN_EDGES_TO_CONVERT, seed=3, directed=True)
    with nx.config(backend_priority=["irreg"]):
        got = list(nx.bfs_edges(G, 0))
    assert "irreg" in G.__networkx_cache__["backends"]
    assert got == list(nx.bfs_edges(G, 0, backend="networkx"))


def test_should_run_declines_small_graphs_but_not_converted_ones():
    small = nx.path_graph(10)
    assert isinstance(BackendInterface.should_run("bfs_edges", (small, 0), {}), str)
    with nx.config(backend_priority=["irreg"]):
        list(nx.bfs_edges(small, 0))
    assert "irreg" not in small.__networkx_cache__.get("backends", {})
    converted = from_networkx(small)
    assert BackendInterface.should_run("bfs_edges", (converted, 0), {}) is True
    big = nx.gnm_random_graph(100, 2 * MIN_EDGES_TO_CONVERT, seed=1)
    assert BackendInterface.should_run("bfs_edges", (big, 0), {}) is True
    assert isinstance(BackendInterface.should_run("is_directed_acyclic_graph", (big,), {}), str)
    nx.number_connected_components(big, backend="irreg")  # now converted
    assert BackendInterface.should_run("is_directed_acyclic_graph", (big,), {}) is True


def test_can_run_declines_what_it_cannot_do_and_networkx_runs_it():
    D = nx.DiGraph([(0, 1), (1, 2), (2, 0)])
    reason = BackendInterface.can_run(
        "single_source_dijkstra_path_length", (D, 0), {"weight": lambda u, v, d: 2}
    )
    assert "callable" in reason
    assert "sort_neighbors" in BackendInterface.can_run(
        "bfs_edges", (D, 0), {"sort_neighbors": sorted}
    )
    assert BackendInterface.can_run("bfs_edges", (D, 0), {"reverse": True}) is True
    assert "Floyd" in BackendInterface.can_run(
        "average_shortest_path_length", (D,), {"method": "floyd-warshall"}
    )
    with nx.config(backend_priority=["irreg"]):  # declined: NetworkX runs it
        assert nx.single_source_dijkstra_path_length(D, 0, weight=lambda u, v, d: 2) == {
            0: 0,
            1: 2,
            2: 4,
        }
    with pytest.raises(NotImplementedError, match="irreg"):
        nx.average_shortest_path_length(D, method="floyd-warshall", backend="irreg")


def test_config_defaults_and_validation(irreg_config):
    assert dict(irreg_config.items()) == {
        "isa": None,
        "variant": None,
        "tile_size": None,
        "threads": None,
        "weight_dtype": "auto",
        "execution": "cpu",
        "scheduler": None,
    }
    with pytest.raises(ValueError, match=r"threads must be in \[1, 1024\], got 0"):
        irreg_config.threads = 0
    with pytest.raises(TypeError, match="threads must be None or an int, got float"):
        irreg_config.threads = 2.0
    with pytest.raises(ValueError, match="isa must be None or one of"):
        irreg_config.isa = "sse9"
    with pytest.raises(ValueError, match="variant must be None or one of"):
        irreg_config.variant = "fastest"
    with pytest.raises(ValueError, match="power of two"):
        irreg_config.tile_size = 100
    with pytest.raises(TypeError, match="tile_size must be None or an int"):
        irreg_config.tile_size = "64"
    with pytest.raises(ValueError, match="weight_dtype must be one of"):
        irreg_config.weight_dtype = "float16"
    with pytest.raises(ValueError, match="execution must be one of"):
        irreg_config.execution = "gpu"
    with pytest.raises(ValueError, match="scheduler must be None, one of"):
        irreg_config.scheduler = "mpi"
    with pytest.raises(TypeError, match="scheduler must be None, one of"):
        irreg_config.scheduler = 4
    with pytest.raises(AttributeError, match="Invalid config name"):
        irreg_config.cores = 4
    irreg_config.threads = 3
    irreg_config.variant = "opt"
    irreg_config.tile_size = 64
    G = nx.gnm_random_graph(50, 200, seed=2, directed=True)
    assert nx.single_source_shortest_path_length(G, 0, backend="irreg") == dict(
        sorted(nx.single_source_shortest_path_length(G, 0).items(), key=lambda kv: kv[1])
    )


@pytest.mark.parametrize("isa", ISAS)
def test_backend_keywords(isa):
    G = nx.gnm_random_graph(60, 240, seed=4, directed=True)
    expected = nx.single_source_shortest_path_length(G, 0)
    for variant in nx_irreg.algorithms.variants("bfs"):
        got = nx.single_source_shortest_path_length(
            G, 0, backend="irreg", isa=isa, variant=variant, tile_size=64
        )
        assert got == expected
    assert list(nx.bfs_edges(G, 0, backend="irreg", isa=isa)) == list(nx.bfs_edges(G, 0))


def test_bad_backend_keywords_raise_clear_errors():
    G = nx.path_graph(4)
    with pytest.raises(TypeError, match="unknown irreg backend option 'cores'"):
        nx.single_source_shortest_path_length(G, 0, backend="irreg", cores=2)
    with pytest.raises(ValueError, match=r"threads must be in \[1, 1024\], got 0"):
        nx.single_source_shortest_path_length(G, 0, backend="irreg", threads=0)
    assert nx.single_source_shortest_path_length(G, 0, backend="irreg", threads=2,
                                                 variant="direction") == {0: 0, 1: 1, 2: 2, 3: 3}
    with pytest.raises(ValueError, match="variant must be None or one of"):
        nx.number_connected_components(G, backend="irreg", variant="nope")
    with pytest.raises(ValueError, match="unknown variant|variant"):
        nx.number_connected_components(G, backend="irreg", variant="dijkstra")
    with pytest.raises(ValueError, match="has no variants"):
        list(nx.bfs_edges(G, 0, backend="irreg", variant="opt"))
    with pytest.raises(ValueError, match="execution must be one of"):
        nx.is_connected(G, backend="irreg", execution="gpu")
    with pytest.raises(ValueError, match="has no Emu model"):
        nx.is_connected(G, backend="irreg", execution="emu")
    with pytest.raises(ValueError, match="only the 'dijkstra' variant"):
        nx.multi_source_dijkstra_path_length(G, {0, 1}, backend="irreg", variant="opt")


def test_weight_dtype():
    G = nx.Graph()
    G.add_edge(0, 1, weight=2)
    G.add_edge(1, 2, weight=3)
    ints = nx.single_source_dijkstra_path_length(G, 0, backend="irreg")
    assert ints == {0: 0, 1: 2, 2: 5} and all(type(v) is int for v in ints.values())
    floats = nx.single_source_dijkstra_path_length(G, 0, backend="irreg", weight_dtype="float64")
    assert all(type(v) is float for v in floats.values())
    G.add_edge(2, 3, weight=0.5)
    got = nx.single_source_dijkstra_path_length(G, 0, backend="irreg")
    assert got == nx.single_source_dijkstra_path_length(G, 0)
    # NetworkX's type follows each path's sum; mixed weights give floats here (the source: int 0).
    assert [type(v) for v in got.values()] == [int, float, float, float]
    with pytest.raises(TypeError, match="needs integer weights"):
        nx.single_source_dijkstra_path_length(G, 0, backend="irreg", weight_dtype="int64")


# --- conversion ----------------------------------------------------------------------------------


def test_conversion_keeps_adjacency_order_and_labels():
    G = nx.DiGraph()
    G.add_edges_from([("z", "b"), ("z", "a"), (("t", 1), "z"), (3.5, "a"), ("a", "none")])
    converted = from_networkx(G)
    assert converted.nodes == list(G)
    offsets, targets, _ = converted.graph.csr()
    rows = [converted.labels(targets[offsets[i] : offsets[i + 1]]) for i in range(len(G))]
    assert rows == [list(G[u]) for u in G]
    back = to_networkx(converted)
    assert list(back) == list(G) and list(back.edges) == list(G.edges)


@pytest.mark.parametrize("isa", ISAS)
def test_tuple_labels_of_one_length(isa):
    G = nx.grid_2d_graph(4, 5)  # every node a 2-tuple: must not become a 2-D array of labels
    source = (0, 0)
    assert list(nx.bfs_edges(G, source, backend="irreg", isa=isa)) == list(nx.bfs_edges(G, source))
    assert list(nx.connected_components(G, backend="irreg")) == list(nx.connected_components(G))
    assert nx.single_source_shortest_path_length(G, source, backend="irreg") == (
        nx.single_source_shortest_path_length(G, source)
    )


def test_conversion_of_weights():
    M = nx.MultiDiGraph()
    M.add_edge(0, 1, weight=5)
    M.add_edge(0, 1, weight=2)
    M.add_edge(1, 2)  # no attribute: 1
    M.add_edge(2, 3, weight=None)  # hidden, as in NetworkX's Dijkstra
    assert nx.single_source_dijkstra_path_length(M, 0, backend="irreg") == {0: 0, 1: 2, 2: 3}
    assert nx.single_source_dijkstra_path_length(M, 0) == {0: 0, 1: 2, 2: 3}
    bad = nx.Graph()
    bad.add_edge("u", "v", weight="heavy")
    with pytest.raises(TypeError, match=r"edge \('u', 'v'\) has 'weight' = 'heavy'"):
        from_networkx(bad, "weight")
    bad["u"]["v"]["weight"] = math.nan
    with pytest.raises(ValueError, match="= nan"):
        from_networkx(bad, "weight")
    with pytest.raises(TypeError, match="expected a NetworkX graph"):
        from_networkx([(0, 1)])


def test_conversion_of_graph_views():
    G = nx.path_graph(8)
    view = nx.subgraph_view(G, filter_node=lambda v: v != 3)
    assert list(nx.connected_components(view, backend="irreg")) == list(
        nx.connected_components(view)
    )
    R = nx.DiGraph([(0, 1), (1, 2)]).reverse(copy=False)
    assert list(nx.topological_sort(R, backend="irreg")) == [2, 1, 0]


def test_conversion_is_much_faster_than_a_python_loop():
    # A smoke check of the C++ walk, not a timing test: 200k edges convert without error.
    G = nx.gnm_random_graph(20000, 200000, seed=5, directed=True)
    converted = from_networkx(G, "weight")
    assert converted.graph.num_edges == 200000


# --- exact weights: NetworkX's values and types, or NetworkX runs the graph ----------------------


def _path(weights: list) -> nx.Graph:
    G = nx.Graph()
    for i, w in enumerate(weights):
        G.add_edge(i, i + 1, weight=w)
    return G


def _same(got: dict, expected: dict) -> bool:
    return list(got.items()) == list(expected.items()) and [type(v) for v in got.values()] == [
        type(v) for v in expected.values()
    ]


@pytest.mark.parametrize(
    "weights",
    [
        [10**30, 1],  # past int64: float64 cast back gave -2**63
        [2**53 + 1, 1],  # past 2**53: float64 rounds it
        [2**52, 2**52, 1],  # each exact, their sum is not
        [10**400, 1],  # past float64 itself: OverflowError, reported as "not a number"
        [Decimal("0.1"), Decimal("0.2")],
        [Fraction(1, 3), Fraction(1, 3)],
        [np.float32(0.1), np.float32(0.2)],  # NetworkX sums in float32
    ],
    ids=["1e30", "2**53+1", "sum-past-2**53", "1e400", "decimal", "fraction", "float32"],
)
def test_weights_float64_cannot_sum_exactly_are_declined(weights, monkeypatch):
    G = _path(weights)
    expected = nx.single_source_dijkstra_path_length(G, 0)
    with pytest.raises(NotImplementedError, match="irreg") as raised:
        nx.single_source_dijkstra_path_length(G, 0, backend="irreg")
    assert "NetworkX must run this graph" in str(raised.value.__cause__)
    G.__networkx_cache__.clear()
    monkeypatch.setattr("nx_irreg.interface.MIN_EDGES_TO_CONVERT", 0)  # small graphs too
    with nx.config(backend_priority=["irreg"]):  # declined at conversion: NetworkX runs it
        assert _same(nx.single_source_dijkstra_path_length(G, 0), expected)
        assert _same(nx.single_source_bellman_ford_path_length(G, 0), expected)
    if hasattr(nx.utils.backends, "FAILED_TO_CONVERT"):  # NetworkX 3.5 on caches the refusal
        assert "FAILED_TO_CONVERT" in G.__networkx_cache__["backends"]["irreg"].values()
    with pytest.raises(NotImplementedError, match=r"edge \(0, 1\) has 'weight' = |sum to more"):
        from_networkx(G, "weight")


def test_declined_weights_name_the_edge_and_the_value():
    with pytest.raises(NotImplementedError, match=r"edge \(0, 1\) has 'weight' = 10{30}, beyond"):
        from_networkx(_path([10**30]), "weight")
    with pytest.raises(NotImplementedError, match=r"= an int of 1329 bits, beyond 2\*\*53"):
        from_networkx(_path([10**400]), "weight")
    with pytest.raises(NotImplementedError, match=r"= Decimal\('0.5'\), a Decimal"):
        from_networkx(_path([1, Decimal("0.5")]), "weight")
    with pytest.raises(NotImplementedError, match=r"sum to more than 9007199254740992 \(2\*\*53\)"):
        from_networkx(_path([2**52, 2**52, 1]), "weight")


def test_integer_weights_up_to_2_53_are_exact():
    G = _path([2**52, 2**52 - 1, 1])  # the lengths reach 2**53, where float64 is still exact
    got = nx.single_source_dijkstra_path_length(G, 0, backend="irreg")
    assert _same(got, nx.single_source_dijkstra_path_length(G, 0)) and got[3] == 2**53
    D = nx.DiGraph()
    D.add_weighted_edges_from([(0, 1, 2**40), (1, 2, -(2**40)), (0, 2, 3)])
    assert _same(
        nx.single_source_bellman_ford_path_length(D, 0, backend="irreg"),
        nx.single_source_bellman_ford_path_length(D, 0),
    )
    # With negative weights Bellman-Ford's sums can reach n times the total before it stops.
    with pytest.raises(NotImplementedError, match=r"2\*\*53 / \(n \+ 1\), with negative"):
        from_networkx(nx.DiGraph([(0, 1, {"weight": 2**52}), (1, 2, {"weight": -5})]), "weight")


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint8])
def test_numpy_integer_weights_give_networkx_types(dtype):
    G = _path([dtype(2), dtype(3)])
    expected = nx.single_source_dijkstra_path_length(G, 0)
    assert _same(nx.single_source_dijkstra_path_length(G, 0, backend="irreg"), expected)
    # NetworkX's sums keep the type under NumPy 2 and widen to int64 under NumPy 1.
    assert type(expected[2]) is sum_type(dtype)
    mixed = _path([np.int64(2), 3, True])  # per-path types in NetworkX: ints of equal value here
    got = nx.single_source_dijkstra_path_length(mixed, 0, backend="irreg")
    assert got == nx.single_source_dijkstra_path_length(mixed, 0)
    assert all(type(v) is int for v in got.values())
    floats = nx.single_source_dijkstra_path_length(G, 0, backend="irreg", weight_dtype="float64")
    assert all(type(v) is float for v in floats.values())


class _Mutating:
    """A weight whose conversion to a number removes every edge of ``G`` (NetworkX itself never
    converts it): conversion walks the very dicts this frees."""

    def __init__(self, G):
        self.G = G

    def _mutate(self):
        G = self.G
        G.remove_edges_from(list(G.edges(keys=True) if G.is_multigraph() else G.edges))

    def __float__(self):
        self._mutate()
        return 1.0


class _MutatingInteger(_Mutating):
    def __index__(self):
        self._mutate()
        return 1


numbers.Integral.register(_MutatingInteger)


@pytest.mark.parametrize("cls", [nx.Graph, nx.MultiGraph, nx.MultiDiGraph])
def test_weight_that_changes_the_graph_during_conversion(cls):
    for weight, error in ((_MutatingInteger, RuntimeError), (_Mutating, NotImplementedError)):
        G = cls()
        G.add_edge(0, 1, weight=weight(G))
        G.add_edge(0, 2, weight=2)
        if G.is_multigraph():
            G.add_edge(0, 1, weight=3)  # a second key: the key dict is walked on after the call
        G.add_edge(1, 2, weight=3)
        match = "changed size during iteration" if error is RuntimeError else "NetworkX must"
        with pytest.raises(error, match=match):
            from_networkx(G, "weight")


# --- errors as NetworkX raises them --------------------------------------------------------------


def test_errors_match_networkx():
    G = nx.path_graph(3)
    D = nx.DiGraph([(0, 1), (1, 0)])
    cases = [
        (lambda b: list(nx.bfs_edges(G, 7, backend=b)), nx.NetworkXError),
        (lambda b: list(nx.bfs_layers(G, [0, 9], backend=b)), nx.NetworkXError),
        (lambda b: nx.descendants_at_distance(G, 9, 1, backend=b), nx.NetworkXError),
        (lambda b: nx.single_source_shortest_path_length(G, 9, backend=b), nx.NodeNotFound),
        (lambda b: nx.single_source_dijkstra_path_length(G, 9, backend=b), nx.NodeNotFound),
        (lambda b: nx.multi_source_dijkstra_path_length(G, set(), backend=b), ValueError),
        (lambda b: nx.single_source_bellman_ford_path_length(G, 9, backend=b), nx.NodeNotFound),
        (lambda b: list(nx.topological_sort(D, backend=b)), nx.NetworkXUnfeasible),
        (lambda b: list(nx.topological_sort(G, backend=b)), nx.NetworkXError),
        (lambda b: nx.node_connected_component(G, 9, backend=b), KeyError),
        (lambda b: nx.is_connected(nx.Graph(), backend=b), nx.NetworkXPointlessConcept),
        (lambda b: nx.is_weakly_connected(nx.DiGraph(), backend=b), nx.NetworkXPointlessConcept),
        (lambda b: list(nx.connected_components(D, backend=b)), nx.NetworkXNotImplemented),
        (lambda b: nx.number_weakly_connected_components(G, backend=b), nx.NetworkXNotImplemented),
    ]
    for call, error in cases:
        with pytest.raises(error):
            call("networkx")
        with pytest.raises(error):
            call("irreg")


def test_generator_errors_are_raised_on_iteration():
    G = nx.path_graph(3)
    edges = nx.bfs_edges(G, 99, backend="irreg")  # no error yet
    with pytest.raises(nx.NetworkXError):
        next(edges)
    order = nx.topological_sort(G, backend="irreg")
    with pytest.raises(nx.NetworkXError):
        next(order)


def test_topological_generations_before_a_cycle_are_yielded():
    D = nx.DiGraph([(0, 1), (1, 2), (2, 1)])
    it = nx.topological_generations(D, backend="irreg")
    assert next(it) == [0]
    with pytest.raises(nx.NetworkXUnfeasible):
        next(it)


def test_negative_weights():
    D = nx.DiGraph()
    D.add_weighted_edges_from([(0, 1, 4), (0, 2, 1), (2, 1, -2), (1, 3, 1)])
    assert nx.single_source_bellman_ford_path_length(D, 0, backend="irreg") == (
        nx.single_source_bellman_ford_path_length(D, 0)
    )
    D.add_weighted_edges_from([(3, 2, -5)])
    for backend in ("networkx", "irreg"):
        with pytest.raises(nx.NetworkXUnbounded):
            nx.single_source_bellman_ford_path_length(D, 0, backend=backend)
    U = nx.Graph()
    U.add_weighted_edges_from([(0, 1, 1), (1, 2, -1)])
    with pytest.raises(nx.NetworkXUnbounded):
        nx.single_source_bellman_ford_path_length(U, 0, backend="irreg")


def test_widest_path_accepts_networkx_graphs():
    G = nx.DiGraph()
    G.add_weighted_edges_from([("s", "a", 5), ("a", "t", 2), ("s", "b", 3), ("b", "t", 3)])
    G.add_node("lonely")
    widths = nx_irreg.single_source_widest_path_length(G, "s")
    assert widths == {"s": math.inf, "a": 5, "b": 3, "t": 3}
    assert type(widths["t"]) is int
    G.add_edge("a", "t", weight=4)  # clears the cached conversion
    assert nx_irreg.single_source_widest_path_length(G, "s")["t"] == 4
    with pytest.raises(nx.NodeNotFound):
        nx_irreg.single_source_widest_path_length(G, "nowhere")


# --- every function against NetworkX on generated graphs -----------------------------------------

PREDECESSORS_DEPRECATION = "ignore:.*bfs_predecessors is deprecated:DeprecationWarning"


def test_bfs_predecessors_warns_exactly_when_networkx_does():
    G = nx.path_graph(3)
    with warnings.catch_warnings(record=True) as theirs:
        warnings.simplefilter("always")
        list(nx.bfs_predecessors(G, 0))
    with warnings.catch_warnings(record=True) as ours:
        warnings.simplefilter("always")
        assert list(nx.bfs_predecessors(G, 0, backend="irreg")) == [(1, 0), (2, 1)]
    assert [type(w.message) for w in ours] == [type(w.message) for w in theirs]


@pytest.mark.filterwarnings(PREDECESSORS_DEPRECATION)
@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=graphs(), data=st.data())
def test_traversals_equal_networkx(isa, G, data):
    nodes = list(G) + ["absent"]
    source = data.draw(st.sampled_from(nodes))
    depth = data.draw(st.one_of(st.none(), st.integers(-1, 4)))
    for func, args in [
        (nx.bfs_edges, (G, source, False, depth)),
        (nx.bfs_predecessors, (G, source, depth)),
        (nx.bfs_successors, (G, source, depth)),
        (nx.single_source_shortest_path_length, (G, source, depth)),
        (nx.descendants_at_distance, (G, source, depth or 0)),
        (nx.bfs_layers, (G, data.draw(st.lists(st.sampled_from(nodes), min_size=1)))),
    ]:
        assert_same(*both(func, *args, isa=isa))
    if source in G:
        expected = nx.bfs_tree(G, source, depth_limit=depth)
        got = nx.bfs_tree(G, source, depth_limit=depth, backend="irreg", isa=isa)
        assert list(got.edges) == list(expected.edges) and list(got) == list(expected)


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=graphs(weights="int"), data=st.data())
def test_paths_equal_networkx(isa, G, data):
    nodes = list(G) + ["absent"]
    source = data.draw(st.sampled_from(nodes))
    cutoff = data.draw(st.one_of(st.none(), st.integers(0, 12)))
    assert_same(*both(nx.single_source_dijkstra_path_length, G, source, cutoff, isa=isa))
    assert_same(*both(nx.single_source_bellman_ford_path_length, G, source, isa=isa))
    assert_same(*both(nx.single_source_dijkstra_path_length, G, source, weight=None, isa=isa))
    if len(G):
        sources = data.draw(st.lists(st.sampled_from(list(G)), min_size=1, max_size=3))
        assert_same(*both(nx.multi_source_dijkstra_path_length, G, sources, cutoff, isa=isa))
    if source in G:
        for variant in nx_irreg.algorithms.variants("sssp"):
            got = nx.single_source_dijkstra_path_length(
                G, source, cutoff, backend="irreg", isa=isa, variant=variant
            )
            assert got == nx.single_source_dijkstra_path_length(G, source, cutoff)


@settings(max_examples=60)
@given(G=graphs(weights="float"), data=st.data())
def test_float_weights_equal_networkx(G, data):
    source = data.draw(st.sampled_from(list(G) + ["absent"]))
    assert_same(*both(nx.single_source_dijkstra_path_length, G, source))
    assert_same(*both(nx.single_source_bellman_ford_path_length, G, source))


@settings(max_examples=80)
@given(G=graphs(weights="signed"), data=st.data())
def test_signed_weights_equal_networkx(G, data):
    source = data.draw(st.sampled_from(list(G) + ["absent"]))
    assert_same(*both(nx.single_source_bellman_ford_path_length, G, source))
    assert_same(*both(nx.single_source_dijkstra_path_length, G, source))


@pytest.mark.parametrize("isa", ISAS)
@settings(max_examples=40)
@given(G=graphs(), data=st.data())
def test_components_and_dags_equal_networkx(isa, G, data):
    for func in (
        nx.weakly_connected_components,
        nx.number_weakly_connected_components,
        nx.is_weakly_connected,
        nx.connected_components,
        nx.number_connected_components,
        nx.is_connected,
        nx.topological_sort,
        nx.topological_generations,
        nx.is_directed_acyclic_graph,
    ):
        assert_same(*both(func, G, isa=isa))
    node = data.draw(st.sampled_from(list(G) + ["absent"]))
    assert_same(*both(nx.node_connected_component, G, node, isa=isa))
    if G.is_directed() and len(G):
        for variant in nx_irreg.algorithms.variants("wcc"):
            got = nx.number_weakly_connected_components(G, backend="irreg", variant=variant)
            assert got == nx.number_weakly_connected_components(G)
        for variant in nx_irreg.algorithms.variants("ts"):
            got = nx.is_directed_acyclic_graph(G, backend="irreg", variant=variant)
            assert got == nx.is_directed_acyclic_graph(G)


@pytest.mark.parametrize("isa", ISAS)
def test_dag_on_a_larger_random_dag(isa):
    D = nx.gn_graph(300, seed=7)  # edges point to older nodes: a DAG
    assert list(nx.topological_sort(D, backend="irreg", isa=isa)) == list(nx.topological_sort(D))
    assert list(nx.topological_generations(D, backend="irreg")) == list(
        nx.topological_generations(D)
    )
