"""Synthetic alignment problems: a graph, and a randomly relabelled copy with edge noise.

``noisy_pair`` takes a graph of one family (power-law cluster, Erdos-Renyi, random geometric),
removes ``noise`` of its edges at random and adds as many new ones between random non-adjacent
vertices, then renumbers the vertices by a random permutation. Vertex types (and edge types)
are drawn uniformly; the copy keeps its vertices' types and its surviving edges' types. The
truth is the permutation. Everything is seeded, so the same arguments give the same pair.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import networkx as nx
import numpy as np

FAMILIES = ("powerlaw", "er", "geometric")
MEAN_DEGREE = 6  # ER and geometric are sized to the power-law family's 2 * m


def base_edges(family: str, n: int, seed: int) -> np.ndarray:
    """Edges ``(m, 2)`` of an undirected graph of the family on vertices ``0 .. n-1``."""
    if family == "powerlaw":
        G = nx.powerlaw_cluster_graph(n, MEAN_DEGREE // 2, 0.1, seed=seed)
    elif family == "er":
        G = nx.fast_gnp_random_graph(n, MEAN_DEGREE / max(n - 1, 1), seed=seed)
    elif family == "geometric":
        G = nx.random_geometric_graph(n, math.sqrt(MEAN_DEGREE / (math.pi * n)), seed=seed)
    else:
        raise ValueError(f"unknown graph family {family!r}; expected one of {FAMILIES}")
    return np.array(G.edges(), dtype=np.int64).reshape(-1, 2)


@dataclass
class AlignPair:
    """Both graphs as arrays (and NetworkX graphs when asked), and the true partner of each
    vertex of the first: ``truth[i]`` is vertex i's id in the second."""

    n: int
    edges1: np.ndarray
    edges2: np.ndarray
    truth: np.ndarray
    vertex_types1: np.ndarray | None
    vertex_types2: np.ndarray | None
    edge_types1: np.ndarray | None
    edge_types2: np.ndarray | None
    G1: nx.Graph | None = None
    G2: nx.Graph | None = None


def noisy_pair(
    family: str,
    n: int,
    noise: float,
    *,
    seed: int = 0,
    vertex_types: int = 0,
    edge_types: int = 0,
    networkx: bool = True,
) -> AlignPair:
    """A graph of ``family`` with ``n`` vertices and its noisy, relabelled copy.

    With ``networkx`` the pair is also built as NetworkX graphs whose node attribute ``"type"``
    and edge attribute ``"type"`` carry the types (when asked for).
    """
    if not 0.0 <= noise <= 1.0:
        raise ValueError(f"noise must be in [0, 1], got {noise}")
    rng = np.random.default_rng(seed)
    e1 = base_edges(family, n, seed)
    m = len(e1)
    k = round(noise * m)
    keep = np.ones(m, dtype=bool)
    keep[rng.choice(m, size=k, replace=False)] = False
    existing = set((e1[:, 0] * n + e1[:, 1]).tolist()) | set((e1[:, 1] * n + e1[:, 0]).tolist())
    added: list[tuple[int, int]] = []
    while len(added) < k and n > 1:
        a, b = (int(x) for x in rng.integers(0, n, size=2))
        if a == b or a * n + b in existing:
            continue
        existing.update((a * n + b, b * n + a))
        added.append((a, b))
    perm = rng.permutation(n).astype(np.int64)
    kept = e1[keep]
    e2 = np.vstack([kept, np.array(added, dtype=np.int64).reshape(-1, 2)])
    vt1 = rng.integers(0, vertex_types, size=n).astype(np.int32) if vertex_types else None
    vt2 = None
    if vt1 is not None:
        vt2 = np.empty_like(vt1)
        vt2[perm] = vt1
    et1 = rng.integers(0, edge_types, size=m).astype(np.int32) if edge_types else None
    et2 = None
    if et1 is not None:
        et2 = np.concatenate([et1[keep], rng.integers(0, edge_types, size=len(added))]).astype(
            np.int32
        )
    pair = AlignPair(n, e1, perm[e2], perm, vt1, vt2, et1, et2)
    if networkx:
        pair.G1 = _to_networkx(n, pair.edges1, vt1, et1)
        pair.G2 = _to_networkx(n, pair.edges2, vt2, et2)
    return pair


def _to_networkx(
    n: int, edges: np.ndarray, vtypes: np.ndarray | None, etypes: np.ndarray | None
) -> nx.Graph:
    G = nx.Graph()
    if vtypes is None:
        G.add_nodes_from(range(n))
    else:
        G.add_nodes_from((v, {"type": int(t)}) for v, t in enumerate(vtypes))
    if etypes is None:
        G.add_edges_from(edges.tolist())
    else:
        G.add_edges_from(
            (int(a), int(b), {"type": int(t)}) for (a, b), t in zip(edges, etypes, strict=True)
        )
    return G


def accuracy(partner: np.ndarray, truth: np.ndarray) -> float:
    """Fraction of first-graph vertices mapped to their true partner (``partner[i]`` or -1)."""
    return float(np.mean(partner == truth)) if len(truth) else 1.0


def partner_array(mapping: dict, n: int) -> np.ndarray:
    """A mapping of first-graph vertices ``0 .. n-1`` as an array (-1 where unmapped)."""
    partner = np.full(n, -1, dtype=np.int64)
    for u, v in mapping.items():
        partner[u] = v
    return partner


def quality(pair: AlignPair, partner: np.ndarray) -> dict[str, float]:
    """Accuracy and edge correctness of ``partner`` on ``pair``."""
    return {
        "accuracy": accuracy(partner, pair.truth),
        "edge_correctness": edge_correctness(partner, pair.edges1, pair.edges2, pair.n),
    }


def edge_correctness(partner: np.ndarray, edges1: np.ndarray, edges2: np.ndarray, n2: int) -> float:
    """Fraction of the first graph's edges whose mapped ends are adjacent in the second."""
    if len(edges1) == 0:
        return 1.0
    a, b = partner[edges1[:, 0]], partner[edges1[:, 1]]
    ok = (a >= 0) & (b >= 0)
    present = set((edges2[:, 0] * n2 + edges2[:, 1]).tolist()) | set(
        (edges2[:, 1] * n2 + edges2[:, 0]).tolist()
    )
    hits = sum(1 for x in (a[ok] * n2 + b[ok]).tolist() if x in present)
    return hits / len(edges1)


def degree_rank(edges1: np.ndarray, edges2: np.ndarray, n1: int, n2: int) -> np.ndarray:
    """The baseline: vertices of both graphs sorted by degree (ties by id), paired by rank."""
    d1 = np.bincount(edges1.ravel(), minlength=n1)
    d2 = np.bincount(edges2.ravel(), minlength=n2)
    r1 = np.lexsort((np.arange(n1), -d1))
    r2 = np.lexsort((np.arange(n2), -d2))
    partner = np.full(n1, -1, dtype=np.int64)
    count = min(n1, n2)
    partner[r1[:count]] = r2[:count]
    return partner
