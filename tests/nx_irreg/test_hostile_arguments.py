"""Arguments NetworkX answers must not reach the core as a cast error or an index error
(issue 34): ints of 2**63 and more as limits, fractional and huge distances, a machine by name,
a rebuild period past int64; and the dense-graph cost of BFS from every source."""

from __future__ import annotations

import time
import warnings

import networkx as nx
import pytest

from nx_irreg import emu

HUGE = [2**63, 10**30, float("inf")]


def _both(call):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "Note: conversions to backend graphs", UserWarning)
        return call("irreg"), call("networkx")


@pytest.mark.parametrize("limit", HUGE)
def test_huge_limits_mean_no_limit(limit):
    G = nx.path_graph(8)
    D = nx.DiGraph(G)
    calls = [
        lambda b: nx.single_source_shortest_path_length(G, 0, cutoff=limit, backend=b),
        lambda b: nx.single_source_shortest_path(G, 0, cutoff=limit, backend=b),
        lambda b: dict(nx.all_pairs_shortest_path_length(G, cutoff=limit, backend=b)),
        lambda b: list(nx.bfs_edges(G, 0, depth_limit=limit, backend=b)),
        lambda b: list(nx.dfs_edges(G, 0, depth_limit=limit, backend=b)),
        lambda b: nx.descendants_at_distance(D, 0, limit, backend=b),
    ]
    for call in calls:
        ours, theirs = _both(call)
        assert ours == theirs


@pytest.mark.parametrize("distance", [1.5, 2.0, -1, 7, 8, float("nan")])
def test_descendants_at_any_distance(distance):
    D = nx.DiGraph(nx.path_graph(8))
    ours, theirs = _both(lambda b: nx.descendants_at_distance(D, 0, distance, backend=b))
    assert ours == theirs


def test_an_emu_machine_by_its_preset_name():
    G = nx.path_graph(4)
    assert emu.bfs(G, 0, machine="chick") == emu.bfs(G, 0)
    with pytest.raises(TypeError, match="machine must be an irreg.emu.Machine or a preset's name"):
        emu.bfs(G, 0, machine=3)


def test_a_rebuild_period_past_int64_is_the_same_schedule():
    from irreg.rebuild_schedule import parse_rebuild

    assert parse_rebuild(2**70) == 2**63 - 1
    with pytest.raises(ValueError, match="rebuild must be 'auto' or a positive integer"):
        parse_rebuild(0)


@pytest.mark.slow
def test_bfs_from_every_source_of_a_dense_graph_costs_what_networkx_costs():
    # NetworkX's BFS returns once it has seen every node; irreg's scanned every edge, O(n m)
    # against O(n^2): K2000's average took 283 s against 16 s. Generous: within 3x of NetworkX.
    K = nx.complete_graph(1200)
    timings = {}
    for backend in ("networkx", "irreg"):
        start = time.perf_counter()
        nx.average_shortest_path_length(K, backend=backend)
        timings[backend] = time.perf_counter() - start
    assert timings["irreg"] < 3 * timings["networkx"] + 0.1, timings
