"""Breadth-first search."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from nx_irreg import _core
from nx_irreg.algorithms._run import RunStats, check_graph, check_source, run_stats
from nx_irreg.graph import IrregGraph


class BfsResult(NamedTuple):
    depth: np.ndarray  # int32 hops from the source, -1 where unreachable
    parent: (
        np.ndarray
    )  # int32 smallest-id vertex of the previous level; -1 at the source and unreachable
    stats: RunStats


def bfs(
    graph: IrregGraph, *, source: int, variant: str | None = None, isa: str | None = None
) -> BfsResult:
    """Breadth-first search from ``source`` along out-edges.

    The parent of a vertex is the smallest-id vertex one level closer to the source that has an
    edge to it, so the tree does not depend on the variant or ISA. Variants: ``direction``
    (direction-optimizing, default), ``opt`` (grouped index), ``opt-search``, ``naive``,
    ``serial``.
    """
    g = check_graph(graph)
    s = check_source(g, source)
    depth, parent, stats = _core.bfs(g._core, s, variant or "", isa)
    return BfsResult(depth, parent, run_stats("bfs", variant, isa, stats))
