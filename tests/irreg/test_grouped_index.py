"""Property tests of the tiled, conflict-free grouped index on every available ISA."""

from __future__ import annotations

import gc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ase_irreg
import irreg
from conftest import ISAS
from grouped_reference import (
    LANES,
    active_map,
    check_structure,
    edge_set,
    last_positions,
    scatter_add_reference,
)
from irreg.threads import default_threads

CONFLICTS = ["destination", "both_ends"]
TILE_SIZES = [1, 2, 4, 8, 16, 64, 256]


@st.composite
def edge_lists(draw, max_vertices: int = 120, max_edges: int = 400):
    """Edge arrays with many repeats: ids are drawn from a small range on purpose."""
    n_rows = draw(st.integers(1, max_vertices))
    n_cols = draw(st.integers(1, max_vertices))
    m = draw(st.integers(0, max_edges))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, n_rows, m).astype(np.int32)
    cols = rng.integers(0, n_cols, m).astype(np.int32)
    return n_rows, n_cols, rows, cols


def build(rows, cols, n_rows, n_cols, tile, conflict, isa, **kw):
    return irreg.GroupedIndex(
        rows, cols, n_rows=n_rows, n_cols=n_cols, tile_size=tile, conflict=conflict, isa=isa, **kw
    )


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("conflict", CONFLICTS)
@given(edges=edge_lists(), tile=st.sampled_from(TILE_SIZES),
       grouping=st.sampled_from(["window", "first_fit"]))
def test_every_edge_in_exactly_one_active_slot(isa, conflict, edges, tile, grouping):
    n_rows, n_cols, rows, cols = edges
    index = build(rows, cols, n_rows, n_cols, tile, conflict, isa, grouping=grouping)
    check_structure(index)
    assert active_map(index) == last_positions(rows, cols)
    assert index.num_indexed == len(edge_set(rows, cols))
    assert index.first_conflicting_group(isa=isa) == -1
    assert index.first_conflicting_group(check_rows=conflict == "both_ends", isa=isa) == -1


@pytest.mark.parametrize("isa", ISAS)
@given(edges=edge_lists(), tile=st.sampled_from(TILE_SIZES), data=st.data())
def test_activation_activates_exactly_the_asked_edges(isa, edges, tile, data):
    n_rows, n_cols, rows, cols = edges
    index = build(rows, cols, n_rows, n_cols, tile, "destination", isa, active=False)
    assert index.num_active == 0 and len(index.active_groups) == 0
    seed = data.draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    # Queries: some indexed edges (with repeats) and some edges that are not in the index.
    k = int(rng.integers(0, len(rows) + 1)) if len(rows) else 0
    pick = rng.integers(0, len(rows), k) if len(rows) else np.empty(0, np.int64)
    q_rows = np.concatenate([rows[pick], rng.integers(0, n_rows, 20)]).astype(np.int32)
    q_cols = np.concatenate([cols[pick], rng.integers(0, n_cols, 20)]).astype(np.int32)
    order = rng.permutation(len(q_rows))
    q_rows, q_cols = q_rows[order], q_cols[order]

    indexed = edge_set(rows, cols)
    asked = edge_set(q_rows, q_cols)
    found = index.activate(q_rows, q_cols, isa=isa)
    assert found == sum((r, c) in indexed for r, c in zip(q_rows.tolist(), q_cols.tolist()))
    assert set(active_map(index)) == asked & indexed
    # The list of groups to sweep is no longer than the number of edges asked for.
    groups = index.active_groups
    assert len(np.unique(groups)) == len(groups) <= len(asked & indexed)
    check_structure(index)

    slots = index.locate(q_rows, q_cols, isa=isa)
    for (r, c), s in zip(zip(q_rows.tolist(), q_cols.tolist()), slots.tolist()):
        assert (s >= 0) == ((r, c) in indexed)

    half = len(q_rows) // 2
    index.deactivate(q_rows[:half], q_cols[:half], isa=isa)
    assert set(active_map(index)) == (asked - edge_set(q_rows[:half], q_cols[:half])) & indexed
    index.deactivate_all(isa=isa)
    assert index.num_active == 0 and len(index.active_groups) == 0


def next_edge_set(rng, op, rows, cols, n_rows, n_cols):
    """One rebuild of an adaptive edge set: what MD neighbour lists and the tests throw at it."""
    m = len(rows)
    if op == "repeat":
        return rows.copy(), cols.copy()
    if op == "empty":
        return np.empty(0, np.int32), np.empty(0, np.int32)
    if op == "duplicates":
        extra = rng.integers(0, max(m, 1), max(m // 3, 1)) if m else np.empty(0, np.int64)
        return np.concatenate([rows, rows[extra]]), np.concatenate([cols, cols[extra]])
    if op == "shuffle":
        p = rng.permutation(m)
        return rows[p], cols[p]
    if op == "fresh":
        k = int(rng.integers(0, 200))
        return (rng.integers(0, n_rows, k).astype(np.int32),
                rng.integers(0, n_cols, k).astype(np.int32))
    # "change": drop a random fraction, add new edges near the old ones and far away.
    keep = rng.random(m) > rng.uniform(0, 0.3)
    k = int(rng.integers(0, 40))
    return (np.concatenate([rows[keep], rng.integers(0, n_rows, k)]).astype(np.int32),
            np.concatenate([cols[keep], rng.integers(0, n_cols, k)]).astype(np.int32))


OPS = ["change", "change", "repeat", "empty", "duplicates", "shuffle", "fresh"]


@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("conflict", CONFLICTS)
@given(
    edges=edge_lists(max_edges=250),
    tile=st.sampled_from(TILE_SIZES),
    ops=st.lists(st.sampled_from(OPS), min_size=1, max_size=8),
    threshold=st.sampled_from([0.05, 0.25, 1.0]),
    grouping=st.sampled_from(["window", "first_fit"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_search_and_update_matches_a_fresh_build(
    isa, conflict, edges, tile, ops, threshold, grouping, seed
):
    n_rows, n_cols, rows, cols = edges
    rng = np.random.default_rng(seed)
    index = build(rows, cols, n_rows, n_cols, tile, conflict, isa,
                  compact_threshold=threshold, max_generations=3, grouping=grouping)
    for op in ops:
        before = index.num_indexed
        rows, cols = next_edge_set(rng, op, rows, cols, n_rows, n_cols)
        stats = index.update(rows, cols, isa=isa)
        expected = last_positions(rows, cols)
        assert active_map(index) == expected
        fresh = build(rows, cols, n_rows, n_cols, tile, conflict, isa)
        assert active_map(fresh) == expected
        check_structure(index)
        assert index.first_conflicting_group(isa=isa) == -1
        assert stats["found"] <= len(rows)
        if not stats["compacted"]:
            assert index.num_indexed == before + stats["added"]
            assert stats["holes"] == index.num_indexed - index.num_active
            assert stats["holes"] <= threshold * index.num_indexed
        else:
            assert index.num_indexed == index.num_active == len(expected)
            assert index.num_generations == 1
        assert index.num_generations <= 3


@pytest.mark.parametrize("isa", ISAS)
@given(edges=edge_lists(), tile=st.sampled_from(TILE_SIZES), seed=st.integers(0, 2**32 - 1))
def test_compaction_preserves_the_active_set(isa, edges, tile, seed):
    n_rows, n_cols, rows, cols = edges
    rng = np.random.default_rng(seed)
    index = build(rows, cols, n_rows, n_cols, tile, "both_ends", isa, compact_threshold=1.0,
                  max_generations=100)
    for _ in range(3):
        rows, cols = next_edge_set(rng, "change", rows, cols, n_rows, n_cols)
        index.update(rows, cols, isa=isa)
    before = active_map(index)
    index.compact(isa=isa)
    assert active_map(index) == before
    assert index.num_generations == 1 and index.num_indexed == len(before)
    check_structure(index)


@pytest.mark.parametrize("conflict", CONFLICTS)
@given(edges=edge_lists(), tile=st.sampled_from(TILE_SIZES), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40)
def test_integer_outputs_identical_across_isas(conflict, edges, tile, seed):
    n_rows, n_cols, rows, cols = edges
    rng = np.random.default_rng(seed)
    nxt_rows, nxt_cols = next_edge_set(rng, "change", rows, cols, n_rows, n_cols)
    results = []
    for isa in ISAS:
        index = build(rows, cols, n_rows, n_cols, tile, conflict, isa)
        slots = index.locate(nxt_rows, nxt_cols, isa=isa)
        index.update(nxt_rows, nxt_cols, isa=isa)
        arrays = [index.xcoord, index.ycoord, index.slot_edge, index.group_row_base,
                  index.group_col_base, np.sort(index.active_groups), slots]
        for g in range(index.num_generations):
            arrays += list(index.generation(g).values())
        results.append([a.copy() for a in arrays])
    for other in results[1:]:
        for a, b in zip(results[0], other, strict=True):
            np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("conflict", CONFLICTS)
@pytest.mark.parametrize("all_groups", [False, True])
@given(edges=edge_lists(), tile=st.sampled_from(TILE_SIZES), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40)
def test_scatter_add_loses_no_update_on_any_isa(conflict, all_groups, edges, tile, seed):
    """A conflict in a group would make the masked scatter drop an update."""
    n_rows, n_cols, rows, cols = edges
    rng = np.random.default_rng(seed)
    n = max(n_rows, n_cols)
    x = rng.standard_normal(n)
    index = build(rows, cols, n_rows, n_cols, tile, conflict, ISAS[0])
    weights = rng.standard_normal(index.num_slots)
    act_rows, act_cols, _ = index.active_edges()
    slots = index.locate(act_rows, act_cols)
    both = conflict == "both_ends"
    expected = scatter_add_reference(act_rows, act_cols, x, weights[slots], both)
    for isa in ISAS:
        y = index.scatter_add(x, weights=weights, all_groups=all_groups, isa=isa)
        np.testing.assert_allclose(y, expected, rtol=1e-12, atol=1e-12 * (1 + np.abs(x).sum()))
        y1 = index.scatter_add(x, isa=isa)
        ones = scatter_add_reference(act_rows, act_cols, x, np.ones(len(act_rows)), both)
        np.testing.assert_allclose(y1, ones, rtol=1e-12, atol=1e-12 * (1 + np.abs(x).sum()))


def test_both_packages_share_one_core_with_their_own_default_rule():
    a = irreg.GroupedIndex([0, 1], [1, 0])
    b = ase_irreg.GroupedIndex([0, 1], [1, 0])
    assert a.conflict == "destination" and b.conflict == "both_ends"
    assert type(a) is not type(b)  # module-local bindings: no clash when both are imported


def test_arrays_are_read_only_copies_that_outlive_the_index():
    # README and the class docstring: copies taken under the lock, unchanged by later calls,
    # readable after the index is gone (the sanitized CI stage would catch a freed read).
    rng = np.random.default_rng(0)
    rows, cols = rng.integers(0, 500, 3000), rng.integers(0, 500, 3000)
    index = irreg.GroupedIndex(rows, cols, tile_size=32, active=False)
    x = index.xcoord
    assert not x.flags.writeable
    with pytest.raises(ValueError):
        x[0] = 3
    assert np.all(x == -1)
    index.activate(rows[:10], cols[:10])
    assert np.all(x == -1)  # a copy: activation shows in a new read only
    assert np.count_nonzero(index.xcoord >= 0) == index.num_active
    snapshot, before = index.ycoord, index.ycoord.copy()
    generation = index.generation(0)
    for _ in range(20):  # updates and compactions replace the storage
        index.update(rng.integers(0, 500, 3000), rng.integers(0, 500, 3000))
    np.testing.assert_array_equal(snapshot, before)
    assert len(index.ycoord) == index.num_slots
    del index
    gc.collect()
    assert x.sum() == -x.size and int(snapshot.max()) < 32
    assert all(a.size >= 0 and a.sum() is not None for a in generation.values())


def test_empty_and_trivial_inputs():
    for isa in ISAS:
        empty = irreg.GroupedIndex([], [], n_rows=10, n_cols=10, isa=isa)
        assert empty.num_groups == 0 and empty.num_active == 0 and empty.num_generations == 1
        assert empty.activate([], [], isa=isa) == 0
        assert empty.update([1], [2], isa=isa)["added"] == 1
        assert active_map(empty) == {(1, 2): 0}
        zero = irreg.GroupedIndex([], [])
        assert zero.n_rows == 0 and zero.num_slots == 0


def test_group_packing_is_close_to_the_lower_bound():
    """MD-like pairs (sorted atoms, short range): a tile needs at least max(row degree, column
    degree, edges / 16) groups under the both-ends rule; first-fit stays within 25% of that."""
    rng = np.random.default_rng(1)
    n, tile = 4000, 64
    i = rng.integers(0, n, 60000)
    j = np.clip(i + rng.integers(1, 40, len(i)), 0, n - 1)
    pairs = np.unique(np.stack([i, j], 1)[i < j], axis=0)
    i, j = pairs[:, 0], pairs[:, 1]
    index = ase_irreg.GroupedIndex(i, j, n_rows=n, n_cols=n, tile_size=tile)
    tiles = (i // tile) * n + j // tile
    bound = 0
    for t in np.unique(tiles):
        here = tiles == t
        bound += max(np.bincount(i[here]).max(), np.bincount(j[here]).max(),
                     -(-int(here.sum()) // LANES))
    assert bound <= index.num_groups <= 1.25 * bound


@pytest.mark.slow
@pytest.mark.parametrize("isa", ISAS)
@pytest.mark.parametrize("conflict", CONFLICTS)
@settings(max_examples=15)
@given(
    edges=edge_lists(max_vertices=6000, max_edges=30000),
    tile=st.sampled_from([64, 256, 1024, 32768]),
    seed=st.integers(0, 2**32 - 1),
)
def test_large_rebuild_sequences(isa, conflict, edges, tile, seed):
    """Bigger graphs than the quick properties: many tiles, full windows, several generations."""
    n_rows, n_cols, rows, cols = edges
    rng = np.random.default_rng(seed)
    index = build(rows, cols, n_rows, n_cols, tile, conflict, isa, max_generations=4)
    assert active_map(index) == last_positions(rows, cols)
    for op in ["change", "duplicates", "change", "shuffle", "change", "change"]:
        rows, cols = next_edge_set(rng, op, rows, cols, n_rows, n_cols)
        index.update(rows, cols, isa=isa)
        assert active_map(index) == last_positions(rows, cols)
    check_structure(index)
    assert index.first_conflicting_group(isa=isa) == -1


def _grouped_arrays(index: irreg.GroupedIndex) -> dict[str, np.ndarray]:
    arrays = {name: getattr(index, name).copy() for name in
              ("xcoord", "ycoord", "slot_edge", "group_row_base", "group_col_base")}
    for g in range(index.num_generations):
        for name, value in index.generation(g).items():
            arrays[f"generation {g} {name}"] = value.copy()
    arrays["active_edges"] = np.concatenate(index.active_edges())
    return arrays


# Large enough that build, update and compact take their parallel paths (65,536 edges and up):
# tile 1 gives every edge a tile of its own, tile 1024 a few tiles far larger than a thread's
# share of the edges.
@pytest.mark.slow
@pytest.mark.parametrize("tile, grouping", [(1, "window"), (64, "window"), (64, "first_fit"),
                                            (1024, "window")])
@pytest.mark.parametrize("conflict", CONFLICTS)
def test_grouped_index_is_identical_at_every_thread_count(isa, threads, conflict, tile, grouping):
    rng = np.random.default_rng(7)
    n, m = 3000, 140_000
    rows = rng.integers(0, n, m).astype(np.int32)
    cols = rng.integers(0, n, m).astype(np.int32)
    rows, cols = np.r_[rows, rows[:5000]], np.r_[cols, cols[:5000]]  # repeats: last id wins
    kept, new = m // 2, 3 * m // 4  # the update's new edges are a parallel grouping too
    moved_rows = np.r_[rows[:kept], rng.integers(0, n, new).astype(np.int32)]
    moved_cols = np.r_[cols[:kept], rng.integers(0, n, new).astype(np.int32)]
    runs = {}
    for t in sorted({1, threads}):
        index = build(rows, cols, n, n, tile, conflict, isa, grouping=grouping, threads=t,
                      compact_threshold=1.0)
        assert index.threads == t
        steps = [_grouped_arrays(index)]
        stats = [index.update(moved_rows, moved_cols, isa=isa)]  # a second generation
        steps.append(_grouped_arrays(index))
        index.compact(isa=isa)
        steps.append(_grouped_arrays(index))
        index.threads = 1  # the count may change between calls
        stats.append(index.update(rows, cols, isa=isa))
        steps.append(_grouped_arrays(index))
        runs[t] = steps, stats
    assert runs[threads][1] == runs[1][1] and runs[1][1][0]["added"] >= 2**16
    for got, want in zip(runs[threads][0], runs[1][0]):
        assert got.keys() == want.keys()
        for name in want:
            np.testing.assert_array_equal(got[name], want[name], err_msg=name)
    check_structure(index)


def test_grouped_index_threads_is_checked():
    with pytest.raises(ValueError, match="threads"):
        irreg.GroupedIndex([0], [0], threads=0)
    index = irreg.GroupedIndex([0], [0])
    assert index.threads == default_threads()  # None: the default count, as everywhere
    with pytest.raises(TypeError, match="threads"):
        index.threads = 1.5
