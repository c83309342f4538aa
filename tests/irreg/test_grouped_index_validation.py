"""Bad input gets a clear Python exception naming the problem, never a crash."""

from __future__ import annotations

import numpy as np
import pytest

import ase_irreg
import irreg

GroupedIndex = irreg.GroupedIndex


@pytest.fixture
def index(isa: str) -> irreg.GroupedIndex:
    return GroupedIndex([0, 1, 2], [1, 2, 3], n_rows=5, n_cols=5, isa=isa)


@pytest.mark.parametrize(
    ("rows", "cols", "message"),
    [
        ([0, 7], [1, 1], r"rows\[1\] = 7 is outside \[0, n_rows=5\)"),
        ([0, 1], [1, 5], r"cols\[1\] = 5 is outside \[0, n_cols=5\)"),
        ([-1, 0], [1, 1], r"rows\[0\] = -1 is outside"),
        ([0, 1], [0, -3], r"cols\[1\] = -3 is outside"),
    ],
)
def test_out_of_range_and_negative_ids(isa, index, rows, cols, message):
    with pytest.raises(ValueError, match=message):
        GroupedIndex(rows, cols, n_rows=5, n_cols=5, isa=isa)
    for method in (index.activate, index.deactivate, index.update, index.locate):
        with pytest.raises(ValueError, match=message):
            method(rows, cols, isa=isa)
    assert index.num_active == 3  # a refused call changes nothing


def test_ids_too_large_for_32_bits():
    with pytest.raises(ValueError, match=r"rows\[1\] = 4294967296 does not fit a 32-bit vertex id"):
        GroupedIndex(np.array([0, 2**32]), np.array([0, 0]))
    with pytest.raises(ValueError, match=r"cols\[0\] = 18446744073709551615 does not fit"):
        GroupedIndex(np.array([0], np.uint64), np.array([2**64 - 1], np.uint64))


def test_mismatched_lengths(index):
    with pytest.raises(ValueError, match="rows and cols must have the same length, got 3 and 2"):
        GroupedIndex([0, 1, 2], [1, 2])
    with pytest.raises(ValueError, match="same length"):
        index.update([0], [1, 2])


@pytest.mark.parametrize("tile", [0, -4, 3, 48, 100, 2**16])
def test_tile_size_must_be_a_power_of_two_in_range(tile):
    message = rf"tile_size must be a power of two in \[1, 32768\], got {tile}"
    with pytest.raises(ValueError, match=message):
        GroupedIndex([0], [1], tile_size=tile)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.bool_, np.complex128])
def test_non_integer_ids_are_refused(dtype):
    with pytest.raises(TypeError, match="rows must hold integer vertex ids, got dtype"):
        GroupedIndex(np.array([0, 1], dtype=dtype), [1, 0])
    with pytest.raises(TypeError, match="cols must hold integer vertex ids"):
        GroupedIndex([0, 1], np.array([1, 0], dtype=dtype))
    with pytest.raises(TypeError, match="integer vertex ids"):
        GroupedIndex(["a", "b"], [1, 0])


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.uint32, np.int64,
                                   np.uint64])
def test_other_integer_dtypes_are_converted(dtype):
    rows = np.array([3, 1, 2], dtype=dtype)
    cols = np.array([1, 2, 0], dtype=dtype)
    index = GroupedIndex(rows, cols, n_rows=4, n_cols=4)
    got = set(zip(*[a.tolist() for a in index.active_edges()[:2]], strict=True))
    assert got == {(3, 1), (1, 2), (2, 0)}
    # Non-contiguous int32 views are copied, not misread.
    strided = np.arange(12, dtype=np.int32)[::3] % 4
    index = GroupedIndex(strided, strided[::-1].copy(), n_rows=4, n_cols=4)
    assert index.num_indexed == len(set(zip(strided.tolist(), strided[::-1].tolist(), strict=True)))


def test_multidimensional_ids_are_refused():
    message = "rows must be a 1-D array of vertex ids, got 2 dimensions"
    with pytest.raises(ValueError, match=message):
        GroupedIndex(np.zeros((2, 2), np.int32), np.zeros(4, np.int32))


def test_bad_options():
    with pytest.raises(ValueError, match="conflict must be one of 'destination'"):
        GroupedIndex([0], [1], conflict="rows")
    with pytest.raises(ValueError, match=r"n_rows must be in \[0, 2\^31 - 1\], got -1"):
        GroupedIndex([0], [0], n_rows=-1)
    with pytest.raises(ValueError, match=r"n_cols must be in \[0, 2\^31 - 1\]"):
        GroupedIndex([0], [0], n_cols=2**31)
    with pytest.raises(ValueError, match=r"compact_threshold must be in \(0, 1\]"):
        GroupedIndex([0], [0], compact_threshold=0.0)
    with pytest.raises(ValueError, match="max_generations must be at least 1"):
        GroupedIndex([0], [0], max_generations=0)
    with pytest.raises(TypeError):
        GroupedIndex([0], [0], tile_size="64")


def test_scatter_add_arguments(isa, index):
    with pytest.raises(ValueError, match="x must be a 1-D float64 array of length >= "):
        index.scatter_add(np.ones(3), isa=isa)
    with pytest.raises(ValueError, match="weights must be slot-aligned"):
        index.scatter_add(np.ones(5), weights=np.ones(3), isa=isa)
    with pytest.raises(ValueError, match="both_ends=True needs an index grouped with conflict="):
        index.scatter_add(np.ones(5), both_ends=True, isa=isa)
    md = ase_irreg.GroupedIndex([0, 1], [1, 2], isa=isa)
    assert md.scatter_add(np.ones(3), isa=isa).tolist() == [1.0, 2.0, 1.0]


def test_generation_out_of_range(index):
    assert set(index.generation(-1)) == {"tile_keys", "index_begin", "index", "pos", "group_begin"}
    with pytest.raises(IndexError, match="generation 1 out of range: the index has 1"):
        index.generation(1)
