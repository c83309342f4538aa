"""Hops from many sources summed per vertex: the kernel of the distance measures (DESIGN §13).

Closeness and harmonic centrality, eccentricity, diameter, radius, the Wiener index and the
average shortest path length are all sums or maxima of hop counts over many sources. The sources
are cut into chunks (multiples of 512, the bit-parallel batch); each chunk is one C++ call that
releases the GIL and returns per-vertex sums, never an n x n array, and the chunks run side by
side on threads or Dask workers (:func:`irreg.source_chunks.map_chunks`). Reciprocal hops are
summed in fixed point (64 fraction bits) and so exactly: the result is the same to the bit at
every thread count, ISA, chunking and variant.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from irreg import _core
from irreg.graph.algorithms._run import RunStats, check_graph, chunked_stats
from irreg.graph.irreg_graph import IrregGraph
from irreg.source_chunks import chunk_size_for, map_chunks
from irreg.threads import resolve_threads

__all__ = ["BATCH_SOURCES", "DistanceSums", "distance_sums"]

BATCH_SOURCES = 512
"""Sources per bit-parallel batch (one bit each in a 64-byte block per vertex); chunks are whole
batches, so the batches, and every sum, do not depend on the chunking."""


class DistanceSums(NamedTuple):
    """Hops from ``sources`` summed per vertex, and each source's farthest hop.

    Per vertex ``v``, over the sources ``s`` with a path ``s -> v`` (``v`` itself included when
    it is a source; with ``reverse``, the paths ``v -> s``): ``reached`` (int64) how many,
    ``total`` (int64) their hops summed, ``harmonic`` (float64) their ``1 / hops`` summed over
    ``hops > 0``, ``farthest`` (int32) the most hops (-1: none). Empty arrays when
    ``per_vertex=False``. Per source, in the order given: ``eccentricity`` (int32) the most
    hops to a vertex it reaches, ``reaches_all`` (bool) whether it reaches every vertex.
    """

    reached: np.ndarray
    total: np.ndarray
    harmonic: np.ndarray
    farthest: np.ndarray
    eccentricity: np.ndarray
    reaches_all: np.ndarray
    stats: RunStats


def _chunk(graph: IrregGraph, sources: Sequence[int], *, reverse: bool, per_vertex: bool,
           variant: str, isa: str | None):
    return _core.distance_sums(graph._core, list(sources), reverse, per_vertex, variant, isa)


class _Accumulator:
    """The chunks' sums, added in chunk order (integers, so any order gives the same)."""

    def __init__(self, n: int, per_vertex: bool) -> None:
        size = n if per_vertex else 0
        self.reached = np.zeros(size, np.int64)
        self.total = np.zeros(size, np.int64)
        self.low = np.zeros(size, np.uint64)  # the fixed-point reciprocal sums, 128-bit
        self.high = np.zeros(size, np.uint64)
        self.farthest = np.full(size, -1, np.int32)
        self.eccentricity: list[np.ndarray] = []
        self.reaches_all: list[np.ndarray] = []
        self.supersteps = 0
        self.active_edges = 0

    def add(self, found) -> None:
        if self.reached.size:
            self.reached += found.reached
            self.total += found.total
            pairs = found.inverse.reshape(-1, 2)
            low = self.low + pairs[:, 0]  # wraps modulo 2^64; the carry goes up
            self.high += pairs[:, 1] + (low < self.low)
            self.low = low
            np.maximum(self.farthest, found.farthest, out=self.farthest)
        self.eccentricity.append(found.eccentricity)
        self.reaches_all.append(found.reaches_all)
        self.supersteps += found.stats["supersteps"]
        self.active_edges += found.stats["active_edges"]

    def harmonic(self) -> np.ndarray:
        return self.high.astype(np.float64) + np.ldexp(self.low.astype(np.float64), -64)


def distance_sums(
    graph: IrregGraph,
    *,
    sources: Sequence[int] | np.ndarray | None = None,
    reverse: bool = False,
    per_vertex: bool = True,
    variant: str | None = None,
    isa: str | None = None,
    threads: int | None = None,
    scheduler: object = None,
) -> DistanceSums:
    """Hops from ``sources`` (default: every vertex) summed per vertex (:class:`DistanceSums`).

    ``variant``: ``"bit-parallel"`` (the default: 512 searches per 64-byte block per vertex,
    Then et al., VLDB 2015) or ``"per-source"`` (one queue BFS per source). ``reverse`` walks
    edges backwards. ``per_vertex=False`` skips the per-vertex sums (eccentricities only).
    ``threads``/``scheduler``: where the chunks run (:func:`irreg.source_chunks.map_chunks`).
    """
    g = check_graph(graph)
    started = time.perf_counter()
    ids = np.arange(g.n) if sources is None else np.asarray(sources, dtype=np.int64).ravel()
    batches = math.ceil(len(ids) / BATCH_SOURCES)
    workers = max(1, min(resolve_threads(threads), batches))  # no pool for a single chunk
    # Every batch costs about the same (each search reaches its component): one chunk per
    # worker's share, as each chunk allocates its blocks and runs its own first search.
    size = BATCH_SOURCES * max(chunk_size_for(batches, workers), math.ceil(batches / workers))
    chunk = functools.partial(_chunk, reverse=bool(reverse), per_vertex=bool(per_vertex),
                              variant=variant or "", isa=isa)
    sums = _Accumulator(g.n, per_vertex)
    for found in map_chunks(chunk, g, ids, threads=workers, chunk_size=size,
                            scheduler=scheduler):
        sums.add(found)
    stats = chunked_stats("distances", variant, isa, supersteps=sums.supersteps,
                          active_edges=sums.active_edges, seconds=time.perf_counter() - started,
                          threads=workers)
    parts = sums.eccentricity or [np.zeros(0, np.int32)]
    reach = sums.reaches_all or [np.zeros(0, np.uint8)]
    return DistanceSums(sums.reached, sums.total, sums.harmonic(), sums.farthest,
                        np.concatenate(parts), np.concatenate(reach).astype(bool), stats)
