"""The graph object the algorithms run on: CSR plus the tiled, conflict-free grouped index.

It is built once and reused for every source and every algorithm. ``from_edges`` builds the CSR
only (on every core, the GIL released); the grouped index (tiling and grouping every edge), the
in-edges and the undirected view that weakly connected components need are built on first use by
the kernels that read them, and kept.
"""

from __future__ import annotations

import numbers

import numpy as np

from irreg import _core
from irreg.checks import check_memory
from irreg.threads import resolve_threads

__all__ = ["IrregGraph"]


def _vertex_array(values: object, name: str) -> np.ndarray:
    """``values`` as contiguous int32 or int64 ids: int32 and int64 arrays pass without a copy."""
    arr = np.asarray(values)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a 1-D array of vertex ids, got {arr.ndim} dimensions")
    if arr.size == 0:
        return np.zeros(0, dtype=np.int64)
    if arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must hold integer vertex ids, got dtype {arr.dtype}")
    if arr.dtype == np.uint64 and arr.max() > np.iinfo(np.int64).max:
        raise ValueError(f"{name} holds ids too large for a vertex id")
    narrow = arr.dtype.itemsize < 4 or (arr.dtype.itemsize == 4 and arr.dtype.kind == "i")
    return np.ascontiguousarray(arr, dtype=np.int32 if narrow else np.int64)


def _check_id_limit(name: str, largest: int) -> None:
    if largest >= _core.MAX_VERTICES:
        raise ValueError(
            f"{name} holds vertex id {largest}; ids must be below "
            f"{_core.MAX_VERTICES} (32-bit ids; renumber them)"
        )


def _weight_array(values: object, m: int) -> np.ndarray:
    arr = np.asarray(values)
    if arr.dtype.kind not in "iuf" or arr.dtype == np.bool_:
        raise TypeError(f"weight must be numeric, got dtype {arr.dtype}")
    if arr.ndim != 1 or arr.shape[0] != m:
        raise ValueError(
            f"weight must be a 1-D array with one value per edge ({m}), got shape {arr.shape}"
        )
    return np.ascontiguousarray(arr, dtype=np.float64)


class IrregGraph:
    """A directed or undirected graph with vertices ``0 .. n-1``, ready for the irreg kernels.

    Build it with :meth:`from_edges` or :meth:`from_scipy`. Parallel edges collapse to one (the
    last weight given wins, as repeated ``add_edge`` does in NetworkX); self-loops are kept; an
    edge given without weights has weight 1. Vertex ids are 32-bit. It pickles as its CSR
    arrays (for Dask workers: :mod:`irreg.source_chunks`); what is built lazily is rebuilt on
    first use on the other side.
    """

    def __init__(self, core: _core.Graph) -> None:
        self._core = core

    def __reduce__(self) -> tuple[type[IrregGraph], tuple[_core.Graph]]:
        # The core graph pickles as its CSR arrays; what it builds lazily is rebuilt on demand.
        return (IrregGraph, (self._core,))

    @classmethod
    def from_edges(
        cls,
        src: object,
        dst: object,
        weight: object | None = None,
        n: int | None = None,
        directed: bool = True,
        *,
        tile_size: int | None = None,
        isa: str | None = None,
        threads: int | None = None,
    ) -> IrregGraph:
        """Builds the graph of edges ``src[i] -> dst[i]`` (with ``weight[i]`` when given).

        Parameters
        ----------
        src, dst : array_like of int
            Endpoints, one per edge.
        weight : array_like of float, optional
            One finite or infinite weight per edge; NaN is refused.
        n : int, optional
            Number of vertices; default ``max(src, dst) + 1`` (0 with no edges). At most
            ``irreg._core.MAX_VERTICES`` (2**31 - 2: ids are 32-bit and ``n + 1`` must fit), so
            every id is below it. The graph takes memory for every vertex, edges or not (about
            8 bytes each for the CSR offsets alone): ids are used as given, never renumbered,
            so one edge ``(0, 2**31 - 3)`` builds a graph of 2**31 - 2 vertices (about 17 GB).
            Renumber sparse ids first (``numpy.unique(..., return_inverse=True)``).
        directed : bool
            ``False`` stores every edge in both directions.
        tile_size : int, optional
            Tile edge T of the grouped index, a power of two in ``[1, 32768]``; None or 0:
            by graph size.
        isa : str, optional
            ISA whose kernels tile the edges (the result does not depend on it).
        threads : int, optional
            Threads of the CSR build (None: :func:`irreg.threads.resolve_threads`'s default;
            1: the serial build). The graph does not depend on it.
        """
        s = _vertex_array(src, "src")
        d = _vertex_array(dst, "dst")
        if s.shape != d.shape:
            raise ValueError(f"src and dst must have the same length, got {s.size} and {d.size}")
        if s.dtype != d.dtype:  # the core reads one id type; mixed widths meet at int64
            s, d = s.astype(np.int64, copy=False), d.astype(np.int64, copy=False)
        w = None if weight is None else _weight_array(weight, s.size)
        if n is None:
            largest = [int(ids.max()) if ids.size else -1 for ids in (s, d)]
            for name, top in zip(("src", "dst"), largest, strict=True):
                _check_id_limit(name, top)
            n = max(largest) + 1
        elif not isinstance(n, numbers.Integral) or isinstance(n, bool):
            raise TypeError(f"n must be an integer, got {n!r}")
        elif not 0 <= n <= _core.MAX_VERTICES:
            raise ValueError(f"n must be in [0, {_core.MAX_VERTICES}], got {n}")
        t = resolve_threads(threads)
        # 8 bytes per vertex for the CSR offsets, about 32 per edge over the build's arrays.
        check_memory(8 * (int(n) + 1) + 32 * s.size * (1 if directed else 2),
                     f"a graph of n={int(n):,} vertices and {s.size:,} edges",
                     "every id below n is a vertex: renumber sparse ids first "
                     "(numpy.unique(..., return_inverse=True))")
        try:
            core = _core.Graph(s, d, w, int(n), bool(directed), tile_size, isa, t)
        except ValueError:
            # The core names the first id >= n; an id past the 32-bit limit gets this message,
            # as without n (checked only on failure: it costs a pass over the ids).
            for name, ids in (("src", s), ("dst", d)):
                if ids.size:
                    _check_id_limit(name, int(ids.max()))
            raise
        return cls(core)

    @classmethod
    def from_scipy(
        cls, matrix: object, *, directed: bool = True, tile_size: int | None = None
    ) -> IrregGraph:
        """Builds the graph whose edge ``i -> j`` is the stored entry ``A[i, j]`` (its weight).

        Every stored entry is an edge, explicit zeros included (a zero-weight edge), as in
        ``scipy.sparse.csgraph`` for sparse input. Duplicate entries (a COO matrix may hold
        several for one ``(i, j)``) are summed into one edge, as scipy does when it converts to
        CSR (``A.sum_duplicates()``); ``matrix`` itself is left as it is. With ``directed=False``
        the matrix is read as undirected: ``A[i, j]`` and ``A[j, i]`` are the same edge.
        """
        import scipy.sparse as sp

        if not sp.issparse(matrix):
            raise TypeError(f"expected a scipy.sparse matrix or array, got {type(matrix).__name__}")
        rows, cols = matrix.shape
        if rows != cols:
            raise ValueError(f"adjacency matrix must be square, got shape {matrix.shape}")
        # A copy: tocoo() of a COO matrix is the matrix itself, which sum_duplicates would change.
        coo = matrix.tocoo(copy=True)
        coo.sum_duplicates()
        return cls.from_edges(
            coo.row, coo.col, coo.data, n=rows, directed=directed, tile_size=tile_size
        )

    @property
    def n(self) -> int:
        """Number of vertices."""
        return self._core.n

    @property
    def num_edges(self) -> int:
        """Stored edges (an undirected edge counts in both directions, a self-loop once)."""
        return self._core.num_edges

    @property
    def directed(self) -> bool:
        return self._core.directed

    @property
    def weighted(self) -> bool:
        """Whether weights were given (otherwise every weight is 1)."""
        return self._core.weighted

    @property
    def tile_size(self) -> int:
        """Tile edge T of the grouped index."""
        return self._core.tile_size

    @property
    def lane_fill(self) -> float:
        """Edges per grouped slot: 1.0 means every SIMD lane of every group holds an edge."""
        return self._core.lane_fill

    def lengths_stay_finite(self) -> bool:
        """Whether every weight is finite and no simple path's sum can pass float64's range:
        then a length of ``inf`` can only mean "not reached"."""
        count, low, high = self._core.finite_weights()
        if count < self.num_edges:
            return False
        largest = max(abs(low), abs(high)) if count else 0.0
        return largest * max(self.n - 1, 1) < np.finfo(np.float64).max

    def csr(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Copies of ``(offsets, targets, weights)``: out-edges by source, sorted by target."""
        return self._core.csr()

    def out_degrees(self) -> np.ndarray:
        """int64 stored out-edges per vertex (``np.diff`` of the CSR offsets, without copying
        the edges)."""
        return self._core.out_degrees()

    def __repr__(self) -> str:
        kind = "directed" if self.directed else "undirected"
        return (
            f"IrregGraph(n={self.n}, num_edges={self.num_edges}, {kind}, "
            f"tile_size={self.tile_size})"
        )
