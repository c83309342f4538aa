"""The aligner (nx_irreg.align): exact copies, noise, identical answers across schemes, layouts and
ISAs, the similarity kernel against a Python reference, odd inputs, and bad arguments."""

from __future__ import annotations

import math
import random

import networkx as nx
import numpy as np
import pytest

import nx_irreg
from irreg import _core
from irreg.inputs import align_pairs as ap

ISAS = nx_irreg.available_isas()


def typed_copy(G: nx.Graph, seed: int, types: int = 8, edge_types: int = 0):
    """G with random types, and a relabelled exact copy; returns (G, H, truth)."""
    rnd = random.Random(seed)
    for v in G:
        G.nodes[v]["t"] = rnd.randrange(types)
    for u, v in G.edges:
        if edge_types:
            G.edges[u, v]["e"] = rnd.randrange(edge_types)
    nodes = list(G)
    shuffled = [f"h{v}" for v in nodes]
    rnd.shuffle(shuffled)
    truth = dict(zip(nodes, shuffled, strict=True))
    return G, nx.relabel_nodes(G, truth), truth


def connected_geometric(n: int, seed: int) -> nx.Graph:
    for s in range(seed, seed + 50):
        G = nx.random_geometric_graph(n, math.sqrt(12 / (math.pi * n)), seed=s)
        if nx.is_connected(G):
            return G
    raise AssertionError("no connected geometric graph")


def accuracy(result: dict, truth: dict) -> float:
    return sum(result.get(v) == w for v, w in truth.items()) / len(truth)


def check_one_to_one(result: dict, G1: nx.Graph, G2: nx.Graph) -> None:
    assert set(result) <= set(G1)
    assert set(result.values()) <= set(G2)
    assert len(set(result.values())) == len(result)


# --- quality -------------------------------------------------------------------------------


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("family", ["powerlaw", "geometric"])
def test_exact_copy_is_aligned_completely(family, isa):
    G = (
        nx.powerlaw_cluster_graph(1000, 3, 0.1, seed=3)
        if family == "powerlaw"
        else connected_geometric(1000, 3)
    )
    assert nx.is_connected(G)
    G1, G2, truth = typed_copy(G, seed=5, edge_types=2)
    result = nx_irreg.align(G1, G2, node_type="t", edge_type="e", isa=isa)
    assert accuracy(result, truth) == 1.0
    # Marks count only confident neighbours, so a true pair scores at most 1.
    assert all(0.5 < s <= 1.0 for s in result.scores.values())
    check_one_to_one(result, G1, G2)


def test_five_percent_noise_on_typed_power_law():
    pair = ap.noisy_pair("powerlaw", 3000, 0.05, seed=2, vertex_types=4, edge_types=2)
    result = nx_irreg.align(pair.G1, pair.G2, node_type="type", edge_type="type")
    partner = np.array([result.get(v, -1) for v in range(pair.n)])
    assert ap.accuracy(partner, pair.truth) >= 0.95
    assert ap.edge_correctness(partner, pair.edges1, pair.edges2, pair.n) >= 0.9
    baseline = ap.degree_rank(pair.edges1, pair.edges2, pair.n, pair.n)
    assert ap.accuracy(baseline, pair.truth) < 0.2


def test_untyped_noisy_pair_beats_degree_rank():
    # Without labels, an ER graph's many degree-1 and degree-2 vertices are hard to tell apart.
    pair = ap.noisy_pair("er", 2000, 0.02, seed=4)
    result = nx_irreg.align(pair.G1, pair.G2)
    partner = np.array([result.get(v, -1) for v in range(pair.n)])
    baseline = ap.degree_rank(pair.edges1, pair.edges2, pair.n, pair.n)
    assert ap.accuracy(partner, pair.truth) > 0.7
    assert ap.accuracy(baseline, pair.truth) < 0.05


def test_given_anchors_are_kept_and_seed_the_alignment():
    pair = ap.noisy_pair("powerlaw", 1500, 0.05, seed=6)
    rnd = random.Random(0)
    seeds = {v: int(pair.truth[v]) for v in rnd.sample(range(pair.n), 20)}
    wrong = {0: int(pair.truth[1]), 1: int(pair.truth[0])}  # deliberately swapped pair
    seeds.pop(0, None), seeds.pop(1, None)
    for v in list(seeds):
        if seeds[v] in wrong.values():
            del seeds[v]
    result = nx_irreg.align(pair.G1, pair.G2, anchors={**seeds, **wrong})
    for u, v in {**seeds, **wrong}.items():
        assert result[u] == v
    partner = np.array([result.get(v, -1) for v in range(pair.n)])
    assert ap.accuracy(partner, pair.truth) > 0.8


# --- the same answer everywhere ------------------------------------------------------------


def test_same_answer_in_every_scheme_layout_and_isa():
    pair = ap.noisy_pair("powerlaw", 2000, 0.05, seed=7, vertex_types=4, edge_types=2)
    results = []
    for isa in ISAS:
        for scheme in ("all", "pair"):
            for layout in ("blk", "hcb"):
                r = nx_irreg.align(
                    pair.G1,
                    pair.G2,
                    node_type="type",
                    edge_type="type",
                    scheme=scheme,
                    layout=layout,
                    isa=isa,
                    seed=isa.__hash__() % 7,
                )
                assert r.stats.isa == isa and r.stats.scheme == scheme and r.stats.layout == layout
                results.append(r)
    first = results[0]
    for r in results[1:]:
        assert dict(r) == dict(first)
        assert r.scores == first.scores
        assert [r.candidates(v) for v in range(0, pair.n, 97)] == [
            first.candidates(v) for v in range(0, pair.n, 97)
        ]
        assert [x["comparisons"] for x in r.stats.rounds] == [
            x["comparisons"] for x in first.stats.rounds
        ]


def test_layouts_differ_in_locality_and_schemes_in_tasks():
    pair = ap.noisy_pair("powerlaw", 5000, 0.05, seed=8, vertex_types=4)
    stats = {
        (s, lay): nx_irreg.align(
            pair.G1, pair.G2, node_type="type", scheme=s, layout=lay
        ).stats.rounds[0]
        for s in ("all", "pair")
        for lay in ("blk", "hcb")
    }
    for s in ("all", "pair"):
        assert stats[s, "hcb"]["locality"] > 2 * stats[s, "blk"]["locality"]
    assert stats["pair", "hcb"]["tasks"] > stats["all", "hcb"]["tasks"]
    assert (
        stats["pair", "hcb"]["max_task_comparisons"] < stats["all", "hcb"]["max_task_comparisons"]
    )


# --- the similarity kernel against a Python reference -------------------------------------


def reference_similarity(G1, G2, u, v, vt1, vt2, et1, et2, attr1, attr2):
    """The five label components of the kernel (see similarity_kernels.hpp), each weight 1."""

    def types_around(G, x, vt):
        return [vt[y] for y in G[x] if y != x]

    def edge_types_around(G, x, et):
        return [et[frozenset((x, y))] for y in G[x] if y != x]

    def inter(a, b, width):
        ca = np.bincount(np.array(a, dtype=int) % width, minlength=width)
        cb = np.bincount(np.array(b, dtype=int) % width, minlength=width)
        return int(np.minimum(ca, cb).sum())

    du, dv = G1.degree(u), G2.degree(v)
    dmax = max(du, dv)
    parts = [min(du, dv) / dmax if dmax else 1.0]
    width = 8  # 6 type ids -> 8 classes
    parts.append(float(vt1[u] == vt2[v]))
    parts.append(
        inter(types_around(G1, u, vt1), types_around(G2, v, vt2), width) / dmax if dmax else 1.0
    )
    parts.append(
        inter(edge_types_around(G1, u, et1), edge_types_around(G2, v, et2), width) / dmax
        if dmax
        else 1.0
    )
    sims = []
    for a, b in zip(attr1[u], attr2[v], strict=True):
        if math.isnan(a) or math.isnan(b):
            sims.append(0.0)
        else:
            scale = abs(a) + abs(b)
            sims.append(1.0 if scale == 0 else 1 - abs(a - b) / scale)
    parts.append(sum(sims) / len(sims))
    return sum(parts) / len(parts)


@pytest.mark.parametrize("isa", ISAS)
def test_similarity_kernel_matches_reference(isa):
    rng = np.random.default_rng(1)
    G1 = nx.gnm_random_graph(60, 200, seed=1)
    G2 = nx.gnm_random_graph(70, 260, seed=2)
    G2.add_node(70)  # an isolated vertex: degree 0 on one side
    vt1, vt2 = rng.integers(0, 6, 60), rng.integers(0, 6, 71)
    et1 = {frozenset(e): int(rng.integers(0, 6)) for e in G1.edges}
    et2 = {frozenset(e): int(rng.integers(0, 6)) for e in G2.edges}
    attr1 = rng.normal(size=(60, 2)).astype(np.float32)
    attr2 = rng.normal(size=(71, 2)).astype(np.float32)
    attr1[3, 0] = np.nan
    attr2[5, 1] = np.nan
    attr2[7] = 0.0
    attr1[4] = 0.0

    def core(G, n, vt, et, attr):
        e = np.array(G.edges, dtype=np.int64)
        types = np.array([et[frozenset(x)] for x in G.edges], dtype=np.int32)
        return _core.LabelledGraph(
            n, e[:, 0].copy(), e[:, 1].copy(), types, vt.astype(np.int32), attr
        )

    g1, g2 = core(G1, 60, vt1, et1, attr1), core(G2, 71, vt2, et2, attr2)
    cand = np.arange(71, dtype=np.int32)
    for u in (0, 3, 4, 17, 59):
        got = _core.align_similarity(g1, g2, u, cand, isa)
        want = [reference_similarity(G1, G2, u, v, vt1, vt2, et1, et2, attr1, attr2) for v in cand]
        np.testing.assert_allclose(got, want, rtol=2e-6, atol=2e-7)
        if isa != "scalar":
            np.testing.assert_array_equal(got, _core.align_similarity(g1, g2, u, cand, "scalar"))


# --- odd inputs ----------------------------------------------------------------------------


def test_empty_graphs():
    assert nx_irreg.align(nx.Graph(), nx.Graph()) == {}
    G = nx.path_graph(5)
    assert nx_irreg.align(G, nx.Graph()) == {}
    assert nx_irreg.align(nx.Graph(), G) == {}
    edgeless = nx.empty_graph(4)
    result = nx_irreg.align(edgeless, nx.empty_graph(6))
    assert len(result) == 4
    check_one_to_one(result, edgeless, nx.empty_graph(6))


def test_graphs_of_different_sizes():
    pair = ap.noisy_pair("powerlaw", 2000, 0.0, seed=9, vertex_types=8)
    G2 = pair.G2.copy()
    dropped = [int(pair.truth[v]) for v in range(0, pair.n, 10)]
    G2.remove_nodes_from(dropped)
    result = nx_irreg.align(pair.G1, G2, node_type="type")
    check_one_to_one(result, pair.G1, G2)
    assert len(result) >= 0.99 * G2.number_of_nodes()
    kept = [v for v in range(pair.n) if v % 10]
    assert sum(result.get(v) == pair.truth[v] for v in kept) / len(kept) > 0.9
    reverse = nx_irreg.align(G2, pair.G1, node_type="type")
    assert len(reverse) >= 0.99 * G2.number_of_nodes()
    assert sum(reverse[pair.truth[v]] == v for v in kept if pair.truth[v] in reverse) > 0.9 * len(
        kept
    )


def test_disconnected_graphs():
    A = nx.powerlaw_cluster_graph(600, 3, 0.1, seed=1)
    B = nx.powerlaw_cluster_graph(400, 3, 0.1, seed=2)
    G = nx.disjoint_union(A, B)
    G.add_nodes_from(range(1000, 1005))  # isolated vertices too
    G1, G2, truth = typed_copy(G, seed=3, types=8)
    result = nx_irreg.align(G1, G2, node_type="t")
    core = [v for v in G1 if v < 1000]
    assert sum(result[v] == truth[v] for v in core) == len(core)
    assert len(result) == G1.number_of_nodes()


def test_missing_labels():
    G1, G2, truth = typed_copy(nx.powerlaw_cluster_graph(500, 3, 0.1, seed=4), seed=4)
    # An attribute nobody has drops out of the score.
    result = nx_irreg.align(G1, G2, node_type="nobody", edge_type="nobody", node_attr="nobody")
    assert result.stats.components == ("degree", "anchors")
    # Some nodes without a type: "missing" is a type of its own.
    for v in list(G1)[:50]:
        del G1.nodes[v]["t"]
        del G2.nodes[truth[v]]["t"]
    result = nx_irreg.align(G1, G2, node_type="t")
    assert "type" in result.stats.components
    assert accuracy(result, truth) > 0.95
    # Numeric attributes, some missing, as scalars.
    for v in G1:
        if v % 3:
            G1.nodes[v]["w"] = G2.nodes[truth[v]]["w"] = float(v)
    result = nx_irreg.align(G1, G2, node_type="t", node_attr="w")
    assert result.stats.components[-2:] == ("attribute", "anchors")
    assert accuracy(result, truth) > 0.95


def test_irreg_graphs_and_label_sequences():
    pair = ap.noisy_pair("powerlaw", 800, 0.0, seed=5, vertex_types=8, networkx=False)
    g1 = nx_irreg.IrregGraph.from_edges(
        pair.edges1[:, 0], pair.edges1[:, 1], n=pair.n, directed=False
    )
    g2 = nx_irreg.IrregGraph.from_edges(
        pair.edges2[:, 0], pair.edges2[:, 1], n=pair.n, directed=False
    )
    result = nx_irreg.align(g1, g2, node_type=(pair.vertex_types1, pair.vertex_types2))
    assert all(result[v] == pair.truth[v] for v in range(pair.n))


def test_directed_and_multigraphs_use_the_undirected_structure():
    G = nx.powerlaw_cluster_graph(300, 3, 0.1, seed=6)
    D = nx.DiGraph((u, v) if (u + v) % 2 else (v, u) for u, v in G.edges)
    M = nx.MultiGraph(list(G.edges) + list(G.edges)[:50])
    M.add_edge(3, 3)
    a = nx_irreg.align(G, D)
    b = nx_irreg.align(G, M)
    assert dict(a) == dict(b) == dict(nx_irreg.align(G, G.copy()))


# --- bad arguments -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"scheme": "both"}, ValueError, "scheme"),
        ({"layout": "morton"}, ValueError, "layout"),
        ({"k": 0}, ValueError, "k must be at least 1"),
        ({"k": 2.5}, TypeError, "k must be an integer"),
        ({"seed": -1}, ValueError, "seed"),
        ({"iterations": 0}, ValueError, "iterations"),
        ({"bucket_size": 0}, ValueError, "bucket_size"),
        ({"max_anchors": 65}, ValueError, "max_anchors"),
        ({"min_score": 1.5}, ValueError, "min_score"),
        ({"isa": "sse9"}, ValueError, "unknown ISA"),
        ({"anchors": {99: 0}}, nx.NodeNotFound, "99"),
        ({"anchors": [(0, 1), (1, 1)]}, ValueError, "more than once"),
        ({"anchors": [(0,)]}, TypeError, "pair"),
        ({"anchors": 5}, TypeError, "anchors"),
        ({"edge_type": 3}, TypeError, "edge_type"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    G = nx.path_graph(10)
    with pytest.raises(error, match=match):
        nx_irreg.align(G, G.copy(), **kwargs)


def test_bad_inputs():
    G = nx.path_graph(10)
    with pytest.raises(TypeError, match="G2 must be a NetworkX graph"):
        nx_irreg.align(G, [(0, 1)])
    H = G.copy()
    H.nodes[0]["t"] = [1, 2]
    with pytest.raises(TypeError, match="not hashable"):
        nx_irreg.align(G, H, node_type="t")
    H.nodes[0]["t"] = "text"
    with pytest.raises(TypeError, match="not numeric"):
        nx_irreg.align(G, H, node_attr="t")
    H.nodes[0]["a"], H.nodes[1]["a"] = (1.0, 2.0), 3.0
    with pytest.raises(ValueError, match="different lengths"):
        nx_irreg.align(G, H, node_attr="a")
    g = nx_irreg.IrregGraph.from_edges([0, 1], [1, 2], directed=False)
    with pytest.raises(TypeError, match="edge_type needs NetworkX graphs"):
        nx_irreg.align(g, g, edge_type="type")
    with pytest.raises(TypeError, match="IrregGraph"):
        nx_irreg.align(g, g, node_type="type")
    with pytest.raises(ValueError, match="one value per vertex"):
        nx_irreg.align(g, g, node_type=[1, 2])
    result = nx_irreg.align(G, G.copy())
    with pytest.raises(nx.NodeNotFound):
        result.candidates("nope")


def test_long_path_compares_locally():
    """Anchor distances past 254 hops once all placed far vertices on one point: one bucket
    held them all and the comparisons grew as n^2. Exact distances spread them on the plane."""
    comparisons = {}
    for n in (2000, 4000):
        G = nx.path_graph(n)
        rounds = nx_irreg.align(G, G.copy()).stats.rounds
        assert all(r["oversized_buckets"] == 0 for r in rounds)
        assert all(r["comparisons"] <= 300 * n for r in rounds), [r["comparisons"] for r in rounds]
        comparisons[n] = rounds[0]["comparisons"]
    assert comparisons[4000] <= 2.5 * comparisons[2000], comparisons
