"""``IrregGraph.from_edges``: the CSR against a NumPy reference (rows sorted by target, repeated
edges collapsed with the last weight given, undirected edges stored both ways, self-loops once),
the same at every thread count, on graphs large enough that the build runs on several threads
(at least 65,536 stored edges per thread) and through both row sorts (insertion for buckets of
short rows, radix otherwise)."""

from __future__ import annotations

import numpy as np
import pytest

from nx_irreg import IrregGraph


def reference_csr(src, dst, weight, n, directed):
    src, dst = np.asarray(src, np.int64), np.asarray(dst, np.int64)
    w = np.ones(len(src)) if weight is None else np.asarray(weight, np.float64)
    edge = np.arange(len(src))
    if not directed:
        back = src != dst
        src, dst = np.concatenate([src, dst[back]]), np.concatenate([dst, src[back]])
        w, edge = np.concatenate([w, w[back]]), np.concatenate([edge, edge[back]])
    order = np.lexsort((edge, dst, src))
    src, dst, w = src[order], dst[order], w[order]
    last = np.ones(len(src), bool)
    last[:-1] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
    offsets = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(src[last], minlength=n), out=offsets[1:])
    return offsets, dst[last].astype(np.int32), w[last]


def _grid_edges(rows, cols):
    ids = np.arange(rows * cols).reshape(rows, cols)
    src = np.concatenate([ids[:, :-1].ravel(), ids[:-1, :].ravel()])
    dst = np.concatenate([ids[:, 1:].ravel(), ids[1:, :].ravel()])
    return src, dst


def _cases():
    rng = np.random.default_rng(7)
    # Long rows with many repeats (radix sort), weights that tell the copies apart.
    n, m = 700, 300_000
    yield "dense-repeats", rng.integers(0, n, m), rng.integers(0, n, m), rng.random(m), n
    # A grid listed twice in shuffled order, plus self-loops: short rows (insertion sort).
    src, dst = _grid_edges(250, 250)
    loops = np.arange(500)
    src, dst = np.concatenate([src, dst, loops]), np.concatenate([dst, src, loops])
    perm = rng.permutation(len(src))
    yield "grid-twice", src[perm], dst[perm], rng.integers(1, 9, len(src)).astype(float), 250 * 250
    # Skewed degrees: a few hubs in a sparse graph (both sorts within one build).
    n, m = 200_000, 250_000
    hubs = rng.integers(0, 8, m // 10)
    src = np.concatenate([rng.integers(0, n, m), hubs])
    dst = rng.integers(0, n, len(src))
    yield "hubs", src, dst, rng.random(len(src)), n


CASES = {name: (s, d, w, n) for name, s, d, w, n in _cases()}


@pytest.mark.parametrize("weighted", [True, False], ids=["weighted", "unweighted"])
@pytest.mark.parametrize("directed", [True, False], ids=["directed", "undirected"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_csr_is_the_reference_at_every_thread_count(name, directed, weighted, threads):
    src, dst, w, n = CASES[name]
    weight = w if weighted else None
    g = IrregGraph.from_edges(src, dst, weight, n=n, directed=directed, threads=threads)
    want = reference_csr(src, dst, weight, n, directed)
    got = g.csr()
    for a, b in zip(got, want, strict=True):
        np.testing.assert_array_equal(a, b)
    assert g.num_edges == len(want[1])
    degrees = g.out_degrees()
    assert degrees.dtype == np.int64
    np.testing.assert_array_equal(degrees, np.diff(want[0]))


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32, np.int16])
def test_id_dtypes_give_the_same_graph(dtype, threads):
    src, dst, w, n = CASES["hubs"]
    if np.iinfo(dtype).max < n:
        src, dst, n = src % 30_000, dst % 30_000, 30_000
    want = reference_csr(src, dst, w, n, True)
    got = IrregGraph.from_edges(src.astype(dtype), dst.astype(dtype), w, n=n, threads=threads)
    for a, b in zip(got.csr(), want, strict=True):
        np.testing.assert_array_equal(a, b)


def test_mixed_id_widths_and_n_inferred():
    src = np.array([0, 5, 5], np.int32)
    dst = np.array([5, 0, 0], np.int64)
    g = IrregGraph.from_edges(src, dst, [1.0, 2.0, 3.0])
    assert g.n == 6
    offsets, targets, weights = g.csr()
    assert offsets.tolist() == [0, 1, 1, 1, 1, 1, 2]
    assert targets.tolist() == [5, 0] and weights.tolist() == [1.0, 3.0]


@pytest.mark.parametrize("where", [0, 123_456, 299_999])
def test_first_bad_edge_is_named_at_every_thread_count(where, threads):
    src, dst, w, n = CASES["dense-repeats"]
    bad_dst, nan_w = dst.copy(), w.copy()
    bad_dst[where] = n + 1
    nan_w[min(where + 1, len(w) - 1)] = np.nan  # after the bad id: the id is the first problem
    with pytest.raises(ValueError, match=rf"^dst\[{where}\] = {n + 1} is not a vertex"):
        IrregGraph.from_edges(src, bad_dst, nan_w, n=n, threads=threads)
    with pytest.raises(ValueError, match=rf"^weight\[{where}\] is NaN$"):
        w2 = w.copy()
        w2[where] = np.nan
        IrregGraph.from_edges(src, dst, w2, n=n, threads=threads)


def test_id_past_the_vertex_limit_is_named_with_n_given():
    with pytest.raises(ValueError, match=r"^dst holds vertex id 4294967296; ids must be below"):
        IrregGraph.from_edges([0], [2**32], n=10)
    with pytest.raises(ValueError, match=r"^dst\[0\] = 12 is not a vertex"):
        IrregGraph.from_edges([0], [12], n=10)


def test_threads_are_checked():
    with pytest.raises(ValueError, match=r"^threads must be .*got 0$"):
        IrregGraph.from_edges([0], [1], threads=0)
    with pytest.raises(TypeError, match="threads must be an integer"):
        IrregGraph.from_edges([0], [1], threads=1.5)


def test_int32_and_int64_ids_are_read_in_place():
    from irreg import _core

    for dtype in (np.int32, np.int64):
        ids = np.arange(4, dtype=dtype)
        g = _core.Graph(ids, ids[::-1].copy(), None, 4, True)
        assert g.num_edges == 4
    with pytest.raises(TypeError, match="int32 or int64"):
        _core.Graph(np.arange(4, dtype=np.int32), np.arange(4, dtype=np.int64), None, 4, True)
