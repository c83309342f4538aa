"""Independent Python checks of the grouped index (DESIGN §4), used by the property tests."""

from __future__ import annotations

import numpy as np

LANES = 16


def edge_set(rows: np.ndarray, cols: np.ndarray) -> set[tuple[int, int]]:
    return set(zip(np.asarray(rows).tolist(), np.asarray(cols).tolist(), strict=True))


def last_positions(rows: np.ndarray, cols: np.ndarray) -> dict[tuple[int, int], int]:
    """Position of the last occurrence of each edge."""
    return {edge: i for i, edge in enumerate(zip(rows.tolist(), cols.tolist(), strict=True))}


def active_map(index) -> dict[tuple[int, int], int]:
    """(row, col) -> slot_edge of the active slots; asserts no edge is active twice."""
    rows, cols, ids = index.active_edges()
    pairs = list(zip(rows.tolist(), cols.tolist(), strict=True))
    assert len(pairs) == len(set(pairs)), "an edge is active in more than one slot"
    assert len(pairs) == index.num_active
    return dict(zip(pairs, ids.tolist(), strict=True))


def structural_edges(index) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(slot, row, col) of every indexed edge, decoded from each generation's Index and Pos."""
    log2 = int(index.tile_size).bit_length() - 1
    t_mask = index.tile_size - 1
    col_mask = (1 << index.tile_column_bits) - 1
    slots, rows, cols = [], [], []
    for g in range(index.num_generations):
        gen = index.generation(g)
        keys, begin = gen["tile_keys"], gen["index_begin"]
        assert np.all(np.diff(keys) > 0), "tile keys must be strictly increasing"
        tile_of_entry = np.repeat(np.arange(len(keys)), np.diff(begin))
        for t in range(len(keys)):
            segment = gen["index"][begin[t] : begin[t + 1]]
            assert np.all(np.diff(segment) > 0), "Index must be sorted and unique within a tile"
        w = gen["index"].astype(np.int64)
        tile_row = keys[tile_of_entry] >> index.tile_column_bits
        tile_col = keys[tile_of_entry] & col_mask
        slots.append(gen["pos"].astype(np.int64))
        rows.append((tile_row << log2) + (w >> log2))
        cols.append((tile_col << log2) + (w & t_mask))
    if not slots:
        return (np.empty(0, np.int64),) * 3
    return np.concatenate(slots), np.concatenate(rows), np.concatenate(cols)


def check_structure(index) -> None:
    """Every invariant of the grouped arrays, checked without the C++ code."""
    x = index.xcoord.reshape(-1, LANES)
    y = index.ycoord.reshape(-1, LANES)
    edge = index.slot_edge.reshape(-1, LANES)
    row_base, col_base = index.group_row_base, index.group_col_base
    assert x.shape[0] == index.num_groups == len(row_base) == len(col_base)
    padding = y < 0
    assert np.array_equal(padding, edge < 0), "padding slots have no edge and vice versa"
    assert np.all(x[padding] == -1), "padding is never active"
    assert np.all(row_base % index.tile_size == 0) and np.all(col_base % index.tile_size == 0)

    slots, rows, cols = structural_edges(index)
    assert len(np.unique(slots)) == len(slots), "two Index entries share a slot"
    assert np.array_equal(np.sort(slots), np.flatnonzero(~padding.ravel())), (
        "Pos must cover exactly the non-padding slots"
    )
    assert len(set(zip(rows.tolist(), cols.tolist(), strict=True))) == len(rows), (
        "an edge is indexed twice"
    )
    group = slots // LANES
    lane_col = (cols - col_base[group]).astype(np.int64)
    lane_row = (rows - row_base[group]).astype(np.int64)
    assert np.all((lane_col >= 0) & (lane_col < index.tile_size)), "edge outside its group's tile"
    assert np.all((lane_row >= 0) & (lane_row < index.tile_size)), "edge outside its group's tile"
    assert np.array_equal(y.ravel()[slots], lane_col), "ycoord disagrees with Index/Pos"
    active = x.ravel()[slots] >= 0
    assert np.array_equal(x.ravel()[slots][active], lane_row[active]), "xcoord is not the row"

    # The conflict rule, on the structure (active or not): no column repeats in a group, and
    # for both_ends no row either.
    assert len(set(zip(group.tolist(), lane_col.tolist(), strict=True))) == len(group), (
        "a group repeats a column"
    )
    if index.conflict == "both_ends":
        assert len(set(zip(group.tolist(), lane_row.tolist(), strict=True))) == len(group), (
            "a group repeats a row"
        )


def scatter_add_reference(
    rows: np.ndarray, cols: np.ndarray, x: np.ndarray, weights: np.ndarray, both_ends: bool
) -> np.ndarray:
    y = np.zeros_like(x)
    np.add.at(y, cols, weights * x[rows])
    if both_ends:
        np.add.at(y, rows, weights * x[cols])
    return y
