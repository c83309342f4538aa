"""GroupedPairs, the Inc-Group of seed 000 §5 as MD's storage, on its own: any half list given
row by row is grouped into conflict-free groups of 16 lanes, and each update leaves exactly the
new rows in the groups, the pairs found again in their lanes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from irreg import _core


def random_rows(rng, n: int, log2: int, images: int, per_row: int, base=None, keep=0.0):
    """CSR rows of n rows, about per_row distinct columns each (atom + image << log2). With
    `base` (an earlier pattern's pair set), a share `keep` of its pairs is kept."""
    rows: list[set[int]] = [set() for _ in range(n)]
    if base is not None:
        for r, c in base:
            if rng.random() < keep:
                rows[r].add(c)
    for r in range(n):
        for _ in range(rng.poisson(per_row)):
            atom = int(np.clip(r + rng.normal(0, 40), 0, n - 1))
            rows[r].add(atom | (int(rng.integers(images)) << log2))
    row_begin = np.zeros(n + 1, np.int64)
    row_begin[1:] = np.cumsum([len(s) for s in rows])
    cols = np.array([c for s in rows for c in sorted(s, key=lambda _: rng.random())], np.int32)
    return row_begin, cols


def pair_set(row_begin, cols) -> set[tuple[int, int]]:
    return {(r, int(c)) for r in range(len(row_begin) - 1)
            for c in cols[row_begin[r]:row_begin[r + 1]]}


def held(g) -> dict[tuple[int, int], tuple[int, int]]:
    """The pairs the groups hold -> (group, lane), checking the layout's rules on the way."""
    a = g.groups()
    tile = g.tile_size
    rows = a["rows"].reshape(-1, 16)
    cols = a["cols"].reshape(-1, 16)
    active = a["active"].reshape(-1, 16)
    keys = (a["group_row_base"].astype(np.int64) << 32) | a["group_col_base"]
    assert np.all(np.diff(keys) >= 0), "groups out of tile order"
    assert active.any(axis=1).all(), "a group holds no pair"
    assert np.all(a["group_row_base"] % tile == 0) and np.all(a["group_col_base"] % tile == 0)
    assert rows.max(initial=0) < tile and cols.max(initial=0) < tile
    out = {}
    for k in range(len(rows)):
        on = active[k]
        assert len(set(rows[k][on])) == on.sum(), "a row twice in a group"
        assert len(set(cols[k][on])) == on.sum(), "a column twice in a group"
        for lane in np.nonzero(on)[0]:
            pair = (int(a["group_row_base"][k] + rows[k][lane]),
                    int(a["group_col_base"][k] + cols[k][lane]))
            assert pair not in out, "a pair in two lanes"
            out[pair] = (k, int(lane))
    assert len(out) == g.num_pairs
    return out


@pytest.mark.parametrize("tile", [16, 64, 256])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_build_then_updates_hold_exactly_the_rows(tile: int, threads: int) -> None:
    rng = np.random.default_rng(tile + threads)
    n, log2 = 700, 10
    row_begin, cols = random_rows(rng, n, log2, 3, 12)
    g = _core.GroupedPairs(tile_size=tile)
    counts = g.build(row_begin, cols, log2, threads=threads)
    before = held(g)
    assert set(before) == pair_set(row_begin, cols)
    assert counts["added"] == counts["pairs"] == len(cols)
    for keep in (0.95, 0.6, 0.99, 0.1):
        old = set(before)
        row_begin, cols = random_rows(rng, n, log2, 3, 12 * (1 - keep) + 0.5, base=old, keep=keep)
        new = pair_set(row_begin, cols)
        counts = g.update(row_begin, cols, log2, threads=threads)
        after = held(g)
        assert set(after) == new
        assert counts["found"] == len(old & new)
        assert counts["removed"] == len(old - new)
        assert counts["added"] == len(new - old)
        assert counts["pairs"] == len(new) and counts["groups"] == g.num_groups
        assert counts["holes"] == 16 * counts["groups"] - counts["pairs"]
        if counts["regrouped_tiles"] == 0:  # a found pair keeps its lane
            assert all(after[p][1] == before[p][1] for p in old & new)
        before = after


def test_groups_are_the_same_at_every_thread_count() -> None:
    rng = np.random.default_rng(5)
    patterns = [random_rows(rng, 2000, 11, 2, 20)]
    for keep in (0.9, 0.5):
        patterns.append(random_rows(rng, 2000, 11, 2, 4, base=pair_set(*patterns[-1]), keep=keep))
    results = {}
    for threads in (1, 2, 3):
        g = _core.GroupedPairs(tile_size=128)
        steps = [g.build(*patterns[0], 11, threads=threads), g.groups()]
        for p in patterns[1:]:
            steps += [g.update(*p, 11, threads=threads), g.groups()]
        results[threads] = steps
    for threads in (2, 3):
        for got, want in zip(results[threads], results[1], strict=True):
            assert got.keys() == want.keys()
            for key in want:
                np.testing.assert_array_equal(got[key], want[key], err_msg=key)


def test_a_row_tile_whose_fill_falls_is_grouped_afresh() -> None:
    rng = np.random.default_rng(11)
    row_begin, cols = random_rows(rng, 512, 9, 1, 30)
    g = _core.GroupedPairs(tile_size=256, regroup_below=0.75)
    g.build(row_begin, cols, 9)
    fill = g.num_pairs / (16 * g.num_groups)
    thin_begin, thin_cols = random_rows(rng, 512, 9, 1, 0, base=pair_set(row_begin, cols),
                                        keep=0.3)
    counts = g.update(thin_begin, thin_cols, 9)
    assert counts["regrouped_tiles"] == 2
    assert set(held(g)) == pair_set(thin_begin, thin_cols)
    assert g.num_pairs / (16 * g.num_groups) > 0.75 * fill


def test_other_rows_or_encoding_are_grouped_afresh() -> None:
    rng = np.random.default_rng(2)
    g = _core.GroupedPairs(tile_size=32)
    g.build(*random_rows(rng, 100, 7, 2, 5), 7)
    for n, log2 in ((150, 8), (150, 9)):
        row_begin, cols = random_rows(rng, n, log2, 2, 5)
        counts = g.update(row_begin, cols, log2)
        assert counts["found"] == 0 and counts["added"] == len(cols)
        assert set(held(g)) == pair_set(row_begin, cols)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_rows_and_updates(data) -> None:
    tile = data.draw(st.sampled_from([1, 2, 16, 64, 256]))
    n = data.draw(st.integers(0, 300))
    log2 = max(n - 1, 1).bit_length() + data.draw(st.integers(0, 2))
    below = data.draw(st.sampled_from([0.0, 0.75, 1.0]))
    g = _core.GroupedPairs(tile_size=tile, regroup_below=below)
    threads = data.draw(st.integers(1, 3))
    old = None
    for step in range(3):
        rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
        row_begin, cols = random_rows(rng, n, log2, 2, data.draw(st.floats(0, 8)),
                                      base=old, keep=data.draw(st.floats(0, 1)))
        counts = (g.build if step == 0 else g.update)(row_begin, cols, log2, threads=threads)
        old = pair_set(row_begin, cols)
        assert set(held(g)) == old and counts["pairs"] == len(old)
        i, j = g.pairs()
        assert set(zip(i.tolist(), j.tolist(), strict=True)) == old


@pytest.mark.parametrize("tile", [0, 3, 512, -16])
def test_tile_size_is_checked(tile: int) -> None:
    with pytest.raises(ValueError, match="tile_size must be a power of two <= 256"):
        _core.GroupedPairs(tile_size=tile)


@pytest.mark.parametrize(("row_begin", "cols", "log2", "match"), [
    ([0, 2, 1, 2], [1, 2], 4, "row_begin must be non-decreasing"),
    ([1, 2], [1, 2], 4, "row_begin must start at 0"),
    ([0, 2], [1], 4, "row_begin must end at len\\(cols\\) = 1"),
    ([0, 2], [3, 3], 4, "row 0 lists column 3 twice"),
    ([0, 1], [-1], 4, "cols must be >= 0"),
    ([0, 1], [1], 31, "log2_columns_per_image must be in 0 .. 30"),
])
def test_bad_rows_are_named(row_begin, cols, log2, match) -> None:
    g = _core.GroupedPairs(tile_size=16)
    with pytest.raises(ValueError, match=match):
        g.build(np.array(row_begin, np.int64), np.array(cols, np.int32), log2)
