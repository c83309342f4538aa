"""The aligner on several threads (DESIGN §12): the bucket tasks (ALL and PAIR), the refinement
and the anchor BFS runs spread over OpenMP threads give the serial answer exactly: the mapping,
the scores, every candidate list and every count, on every ISA."""

from __future__ import annotations

import functools

import networkx as nx
import numpy as np
import pytest

import nx_irreg
from _irreg_cli import main
from irreg.inputs import align_pairs as ap


def _noisy_typed() -> tuple[nx.Graph, nx.Graph, dict]:
    pair = ap.noisy_pair("powerlaw", 1500, 0.05, seed=11, vertex_types=4, edge_types=2)
    return pair.G1, pair.G2, {"node_type": "type", "edge_type": "type"}


def _noisy_untyped_with_anchors() -> tuple[nx.Graph, nx.Graph, dict]:
    pair = ap.noisy_pair("powerlaw", 1200, 0.08, seed=12)
    anchors = {v: int(pair.truth[v]) for v in range(0, pair.n, 150)}
    return pair.G1, pair.G2, {"anchors": anchors}


def _disconnected() -> tuple[nx.Graph, nx.Graph, dict]:
    """Three power-law components of different sizes and a few isolated nodes, noisy copy."""
    parts = [nx.powerlaw_cluster_graph(n, 3, 0.1, seed=20 + n) for n in (400, 250, 120)]
    G = nx.disjoint_union_all(parts)
    G.add_nodes_from(range(G.number_of_nodes(), G.number_of_nodes() + 5))
    rnd = np.random.default_rng(13)
    for v in G:
        G.nodes[v]["t"] = int(rnd.integers(3))
    H = nx.relabel_nodes(G, {v: f"h{v}" for v in G})
    edges = list(H.edges)
    for i in rnd.choice(len(edges), size=len(edges) // 25, replace=False):
        H.remove_edge(*edges[i])
    return G, H, {"node_type": "t"}


# (graphs and their keywords, scheme, layout): each pair runs the scheme it is listed with, so
# PAIR's per-thread lists and ALL's shared ones are both checked, in both layouts.
CASES = {
    "typed-pair-hcb": (_noisy_typed, "pair", "hcb"),
    "typed-all-blk": (_noisy_typed, "all", "blk"),
    "untyped-anchors-pair-blk": (_noisy_untyped_with_anchors, "pair", "blk"),
    "disconnected-all-hcb": (_disconnected, "all", "hcb"),
}


@functools.cache
def _graphs(name: str) -> tuple[nx.Graph, nx.Graph, dict]:
    return CASES[name][0]()


def _run(name: str, isa: str, threads: int) -> nx_irreg.Alignment:
    G1, G2, keywords = _graphs(name)
    _, scheme, layout = CASES[name]
    return nx_irreg.align(
        G1, G2, scheme=scheme, layout=layout, isa=isa, threads=threads, seed=3, **keywords
    )


@functools.cache
def _serial(name: str, isa: str) -> nx_irreg.Alignment:
    return _run(name, isa, 1)


def _counts(result: nx_irreg.Alignment) -> list[dict]:
    return [{k: v for k, v in r.items() if not k.endswith("seconds")} for r in result.stats.rounds]


@pytest.mark.parametrize("name", list(CASES))
def test_same_alignment_at_every_thread_count(name, isa, threads):
    serial = _serial(name, isa)
    result = _run(name, isa, threads)
    assert result.stats.threads == threads
    assert dict(result) == dict(serial)
    assert result.scores == serial.scores
    np.testing.assert_array_equal(result._top[0], serial._top[0])
    np.testing.assert_array_equal(result._top[1], serial._top[1])
    assert _counts(result) == _counts(serial)
    assert len(result.stats.rounds) >= 2  # later rounds: anchors spread, settled pairs, marks
    assert len(result) > 0.5 * len(_graphs(name)[0])


def test_threads_from_the_backend_config():
    G1, G2, _ = _graphs("untyped-anchors-pair-blk")
    with nx.config.backends.irreg(threads=2):
        assert nx_irreg.align(G1, G2, iterations=1).stats.threads == 2
    assert nx_irreg.align(G1, G2, iterations=1, threads=3).stats.threads == 3


@pytest.mark.parametrize("bad", [0, -1, 2.5, "2", True])
def test_bad_threads_raise_naming_threads(bad):
    G1, G2, _ = _graphs("untyped-anchors-pair-blk")
    with pytest.raises((TypeError, ValueError), match="threads"):
        nx_irreg.align(G1, G2, threads=bad)


def test_cli_threads(capsys):
    argv = ["align", "--generate", "powerlaw:600:0.02", "--iterations", "2", "--output", "-"]
    assert main([*argv, "--threads", "1"]) == 0
    one = capsys.readouterr()
    assert main([*argv, "--threads", "3"]) == 0
    three = capsys.readouterr()
    assert one.out == three.out and one.out.count("\n") > 500
    assert "3 threads" in three.err


@pytest.mark.parametrize("bad", ["0", "2.5", "x"])
def test_cli_bad_threads_exit_2(bad, capsys):
    assert main(["align", "--generate", "powerlaw:100:0.0", "--threads", bad]) == 2
    assert "--threads" in capsys.readouterr().err
