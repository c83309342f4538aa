"""Graph alignment, gsaNA-style (seed 002 §3.3; DESIGN §8): :func:`align`.

Both graphs are placed on a plane by BFS distances from anchor pairs, the plane is cut into
quad-tree buckets, and each vertex of ``G1`` is compared only with the vertices of ``G2`` in its
own and the touching buckets, scoring degree, vertex type, adjacent-vertex types, adjacent-edge
types and a vertex attribute (the seed's five components; those whose labels are absent drop
out) plus agreement of the anchor distances. Confident pairs become the next round's anchors, and
the marks they leave on neighbourhoods join the score. The structure is taken undirected;
self-loops and parallel edges count once.
"""

from __future__ import annotations

import numbers
import time
from collections.abc import Hashable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from irreg import _core
from irreg.checks import check_int
from irreg.graph import IrregGraph
from irreg.threads import resolve_threads
from nx_irreg.backend_graph import converted
from nx_irreg.options import configured

__all__ = ["AlignStats", "Alignment", "align"]

_SCHEMES = _core.NAMES["scheme"]  # the aligner's tables (align/similarity_phase.hpp)
_LAYOUTS = _core.NAMES["layout"]


@dataclass(frozen=True)
class AlignStats:
    """What one :func:`align` call did.

    ``rounds`` holds one dict per round: ``anchors``, ``buckets``, ``oversized_buckets`` (leaves
    whose points coincide, kept whole), ``tasks``, ``comparisons`` (pairs scored in the bucket
    phase), ``max_task_comparisons`` and ``task_comparisons_cv`` (load spread over tasks),
    ``locality`` (vertices read per task over 16 x the 64-byte lines they span: 1 is perfect),
    ``refine_comparisons``, ``matched``, ``confident`` and seconds per phase. All but the
    seconds are the same at every ``threads``.
    """

    isa: str
    scheme: str
    layout: str
    components: tuple[str, ...]
    seconds: float
    rounds: list[dict] = field(default_factory=list)
    threads: int = 1

    @property
    def comparisons(self) -> int:
        return sum(r["comparisons"] + r["refine_comparisons"] for r in self.rounds)


class Alignment(dict):
    """The alignment: a dict from nodes of ``G1`` to nodes of ``G2`` (one-to-one, partial).

    Also ``scores`` (node of ``G1`` -> score in [0, 1] of its pair), :meth:`candidates` (the best
    ``k`` candidates of a node with their scores) and ``stats`` (:class:`AlignStats`).
    """

    def __init__(
        self, mapping: dict, scores: dict, sides: tuple, top: tuple, stats: AlignStats
    ) -> None:
        super().__init__(mapping)
        self.scores = scores
        self.stats = stats
        self._sides = sides
        self._top = top  # (candidate ids, scores), one row of k per G1 vertex

    def candidates(self, node: Hashable) -> list[tuple[Hashable, float]]:
        """The best candidates of ``node`` in ``G2``, best first, as ``(node, score)``."""
        s1, s2 = self._sides
        i = s1.id_of(node, "G1 node")
        cand, score = self._top
        return [(s2.node_of(int(c)), float(x)) for c, x in zip(cand[i], score[i]) if c >= 0]


class _Side:
    """One graph as the aligner takes it: node list, undirected edge arrays, label arrays."""

    def __init__(self, G: object, name: str) -> None:
        self.name = name
        if isinstance(G, IrregGraph):
            self.nodes: list | None = None
            self.graph = None
            core = G
        elif isinstance(G, nx.Graph):
            self.graph = G
            self._backend = converted(G)  # the backend's conversion, cached on G
            self.nodes = self._backend.nodes
            core = self._backend.graph
        else:
            raise TypeError(
                f"{name} must be a NetworkX graph or an IrregGraph, got {type(G).__name__}"
            )
        self.n = core.n
        self.core = core

    def node_of(self, i: int) -> Hashable:
        return i if self.nodes is None else self.nodes[i]

    def nodes_of(self, ids: np.ndarray) -> list:
        """The nodes of an array of vertex ids, in its order."""
        if self.nodes is None:
            return ids.tolist()
        nodes = self.nodes
        return [nodes[i] for i in ids.tolist()]

    def id_of(self, node: Hashable, what: str = "anchor") -> int:
        if self.nodes is None:
            if not isinstance(node, numbers.Integral) or not 0 <= int(node) < self.n:
                raise nx.NodeNotFound(f"{what} {node!r} is not a vertex of {self.name}")
            return int(node)
        position = self._backend.position(node)
        if position is None:
            raise nx.NodeNotFound(f"{what} {node!r} is not a node of {self.name}")
        return position

    def node_values(self, labels: object, what: str) -> list:
        """One value per vertex (None where missing) from an attribute name or a sequence."""
        if isinstance(labels, str):
            if self.graph is None:
                raise TypeError(
                    f"{what}={labels!r} names a node attribute, but {self.name} is an IrregGraph;"
                    " give a sequence with one value per vertex"
                )
            return [self.graph.nodes[v].get(labels) for v in self.nodes]
        # A 1-D array stays one (it iterates as its list would); other sequences become lists.
        values = labels if isinstance(labels, np.ndarray) and labels.ndim == 1 else list(labels)
        if len(values) != self.n:
            raise ValueError(
                f"{what} for {self.name} must have one value per vertex ({self.n}), "
                f"got {len(values)}"
            )
        return values

    def typed_edges(self, attr: str) -> tuple[np.ndarray, np.ndarray, list]:
        """``(src, dst, values)``: every edge but self-loops with its ``attr`` (None: missing),
        in ``G.edges()`` order (the conversion keeps one numeric weight, not labels)."""
        if self.graph is None:
            raise TypeError(f"edge_type needs NetworkX graphs; {self.name} is an IrregGraph")
        position = self._backend.position
        edges = [(position(u), position(v), t) for u, v, t in self.graph.edges(data=attr) if u != v]
        ends = np.array([(u, v) for u, v, _ in edges], dtype=np.int64).reshape(-1, 2)
        return ends[:, 0].copy(), ends[:, 1].copy(), [t for _, _, t in edges]


def _labels_for(sides: tuple[_Side, _Side], spec: object, what: str) -> tuple[dict, ...] | None:
    """Per side, the label of each vertex; None when no vertex of either graph has one."""
    if spec is None:
        return None
    if (
        isinstance(spec, tuple)
        and len(spec) == 2
        and all(isinstance(x, Iterable) and not isinstance(x, str) for x in spec)
    ):
        per_side = spec  # one sequence per graph
    else:
        per_side = (spec, spec)
    return tuple(s.node_values(p, what) for s, p in zip(sides, per_side, strict=True))


def _dense_ids(values: tuple, what: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Type values of both graphs mapped to shared ids (missing is a type of its own)."""
    if all(
        isinstance(vals, np.ndarray) and vals.dtype.kind in "iu" and vals.dtype == values[0].dtype
        for vals in values
    ):
        # Integer arrays: the ids the loop below gives (first seen, first numbered), vectorized.
        both = np.concatenate(values)
        if both.size == 0:
            return None
        _, first, inverse = np.unique(both, return_index=True, return_inverse=True)
        rank = np.empty(len(first), dtype=np.int32)
        rank[np.argsort(first, kind="stable")] = np.arange(len(first), dtype=np.int32)
        ids_of = rank[inverse.reshape(-1)]
        return ids_of[: len(values[0])], ids_of[len(values[0]) :]
    if all(v is None for vals in values for v in vals):
        return None
    ids: dict = {}
    out = []
    for vals in values:
        arr = np.empty(len(vals), dtype=np.int32)
        for i, v in enumerate(vals):
            try:
                arr[i] = ids.setdefault(v, len(ids))
            except TypeError:
                raise TypeError(f"{what} value {v!r} is not hashable") from None
        out.append(arr)
    return out[0], out[1]


def _attr_matrix(values: list, what: str) -> np.ndarray:
    dims = {np.size(v) for v in values if v is not None}
    if len(dims) > 1:
        raise ValueError(f"{what} values have different lengths: {sorted(dims)}")
    dim = dims.pop() if dims else 1
    out = np.full((len(values), dim), np.nan, dtype=np.float32)
    for i, v in enumerate(values):
        if v is None:
            continue
        arr = np.asarray(v)
        if arr.dtype.kind not in "iuf" or arr.dtype == np.bool_:
            raise TypeError(f"{what} value {v!r} is not numeric")
        out[i] = arr.reshape(-1)
    return out


def _anchor_array(anchors: object, s1: _Side, s2: _Side) -> np.ndarray | None:
    if anchors is None:
        return None
    pairs = anchors.items() if isinstance(anchors, Mapping) else anchors
    if not isinstance(pairs, Iterable):
        raise TypeError("anchors must be a mapping {G1 node: G2 node} or an iterable of pairs")
    out = []
    for pair in pairs:
        try:
            u, v = pair
        except (TypeError, ValueError):
            raise TypeError(f"anchor {pair!r} is not a (G1 node, G2 node) pair") from None
        out.append((s1.id_of(u), s2.id_of(v)))
    arr = np.array(out, dtype=np.int64).reshape(-1, 2)
    for col, which in ((0, "G1"), (1, "G2")):
        if len(np.unique(arr[:, col])) != len(arr):
            raise ValueError(f"anchors name a node of {which} more than once")
    return arr


def labelled_cores(
    G1: object, G2: object, node_type, edge_type, node_attr, threads: int = 1
) -> tuple:
    """Both graphs as the core's LabelledGraphs, with the ``_Side`` views and the similarity
    components their labels switch on (also used by ``nx_irreg.emu.similarity``). With
    ``threads`` >= 2 the two are built at once (the build releases the GIL)."""
    sides = (_Side(G1, "G1"), _Side(G2, "G2"))

    components = ["degree"]
    vtypes = _labels_for(sides, node_type, "node_type")
    vtype_ids = _dense_ids(vtypes, "node_type") if vtypes else None
    if vtype_ids is not None:
        components += ["type", "adjacent_type"]
    etype_ids = None
    ends = None  # typed edges give the structure, aligned with their types
    if edge_type is not None:
        if not isinstance(edge_type, str):
            raise TypeError(f"edge_type must be an edge attribute name, got {edge_type!r}")
        typed = [s.typed_edges(edge_type) for s in sides]
        etype_ids = _dense_ids(tuple(values for _, _, values in typed), "edge_type")
        if etype_ids is not None:
            ends = [(src, dst) for src, dst, _ in typed]
            components.append("adjacent_edge_type")
    attrs = _labels_for(sides, node_attr, "node_attr")
    attr_arrays = None
    if attrs is not None and not all(v is None for vals in attrs for v in vals):
        attr_arrays = tuple(_attr_matrix(vals, "node_attr") for vals in attrs)
        if attr_arrays[0].shape[1] != attr_arrays[1].shape[1]:
            raise ValueError("node_attr values have different lengths in G1 and G2")
        components.append("attribute")
    components.append("anchors")

    def build(i: int) -> object:
        vertex_type = None if vtype_ids is None else vtype_ids[i]
        attr = None if attr_arrays is None else attr_arrays[i]
        if ends is None:  # the converted graph's own CSR, no copy through NumPy
            return _core.LabelledGraph(sides[i].core._core, vertex_type, attr)
        return _core.LabelledGraph(sides[i].n, *ends[i], etype_ids[i], vertex_type, attr)

    if threads >= 2:
        with ThreadPoolExecutor(2) as pool:
            cores = list(pool.map(build, (0, 1)))
    else:
        cores = [build(0), build(1)]
    return sides, cores, components


def align(
    G1: nx.Graph | IrregGraph,
    G2: nx.Graph | IrregGraph,
    *,
    k: int = 10,
    node_type: object = None,
    edge_type: str | None = None,
    node_attr: object = None,
    anchors: Mapping | Iterable | None = None,
    scheme: str = "pair",
    layout: str = "hcb",
    seed: int = 0,
    isa: str | None = None,
    bucket_size: int = 128,
    iterations: int = 6,
    max_anchors: int = 32,
    min_score: float = 0.0,
    threads: int | None = None,
) -> Alignment:
    """Aligns the nodes of ``G1`` to those of ``G2``.

    Parameters
    ----------
    G1, G2 : NetworkX graph or IrregGraph
        Any NetworkX graph class; the structure is used undirected. IrregGraph vertices are
        ``0 .. n-1``.
    k : int
        Candidates kept per node of ``G1``.
    node_type, node_attr : str or sequence, optional
        A node attribute name, or (for IrregGraphs) a sequence with one value per vertex, or a
        pair of such sequences, one per graph. Types are any hashable values; attributes are
        numbers or equal-length sequences of numbers. A node without one gets the "missing"
        type / no attribute similarity; a label no node has drops out of the score.
    edge_type : str, optional
        An edge attribute name (NetworkX graphs only).
    anchors : mapping or iterable of pairs, optional
        Known pairs (G1 node, G2 node): always in the result and the first anchors. Without
        them, anchors are chosen from structure (highest-degree vertices paired by similarity).
    scheme : {"pair", "all"}
        One task per bucket pair, or per bucket (seed 002 §3.3.1).
    layout : {"hcb", "blk"}
        Vertices renumbered by the Hilbert order of their bucket, or kept in id order (§3.3.2).
        Scheme and layout never change the answer, only locality and balance (see ``stats``).
    seed : int
        Orders the PAIR tasks (the answer does not depend on it).
    isa : str, optional
        Forces an instruction set (``nx_irreg.available_isas()``); results are identical.
    bucket_size, iterations, max_anchors, min_score
        Quad-tree leaf capacity (points of both graphs), rounds at most, anchors per round
        (1..64), and the score below which a node is left unmatched.
    threads : int, optional
        OpenMP threads (None: ``nx.config.backends.irreg.threads``, ``IRREG_NUM_THREADS``, else
        OpenMP's default; :mod:`irreg.threads`). The bucket tasks, refinement and anchor BFS
        runs are spread over them;
        the alignment, scores, candidates and counts are the same at every count, and ``1`` runs
        the serial code.

    Returns
    -------
    Alignment
        A dict ``{G1 node: G2 node}`` with ``scores``, ``candidates(node)`` and ``stats``.
    """
    start = time.perf_counter()
    if scheme not in _SCHEMES:
        raise ValueError(f"scheme must be one of {_SCHEMES}, got {scheme!r}")
    if layout not in _LAYOUTS:
        raise ValueError(f"layout must be one of {_LAYOUTS}, got {layout!r}")
    k = check_int(k, "k", 1)
    seed = check_int(seed, "seed", 0)
    bucket_size = check_int(bucket_size, "bucket_size", 1)
    iterations = check_int(iterations, "iterations", 1)
    max_anchors = check_int(max_anchors, "max_anchors", 1)
    if max_anchors > 64:
        raise ValueError(f"max_anchors must be at most 64, got {max_anchors}")
    if not isinstance(min_score, numbers.Real) or not 0.0 <= float(min_score) <= 1.0:
        raise ValueError(f"min_score must be a number in [0, 1], got {min_score!r}")
    resolved_isa = _core.resolve_isa(isa)
    threads = resolve_threads(threads, configured().get("threads"))
    sides, cores, components = labelled_cores(G1, G2, node_type, edge_type, node_attr, threads)
    anchor_pairs = _anchor_array(anchors, *sides)
    raw = _core.align(
        cores[0],
        cores[1],
        anchor_pairs,
        k,
        scheme,
        layout,
        seed,
        bucket_size,
        iterations,
        max_anchors,
        float(min_score),
        resolved_isa,
        threads,
    )
    s1, s2 = sides
    partner, score = raw["partner"], raw["score"]
    matched = np.flatnonzero(partner >= 0)
    keys = s1.nodes_of(matched)
    mapping = dict(zip(keys, s2.nodes_of(partner[matched]), strict=True))
    scores = dict(zip(keys, score[matched].tolist(), strict=True))
    stats = AlignStats(
        isa=raw["isa"],
        scheme=scheme,
        layout=layout,
        components=tuple(components),
        seconds=time.perf_counter() - start,
        rounds=list(raw["rounds"]),
        threads=threads,
    )
    return Alignment(mapping, scores, sides, (raw["top_candidates"], raw["top_scores"]), stats)
