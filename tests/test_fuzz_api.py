"""Property-based fuzzing of the public API (DESIGN §10): arbitrary arrays, dtypes, shapes and
options. Every outcome is either a result equal to a reference computed here, or one of the
documented exceptions (``TypeError`` / ``ValueError``, of which the package's own errors are
subclasses); never a crash, never a silently wrong answer."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import irreg
from irreg import _core
from irreg.graph import algorithms as alg
from irreg.graph import verify
from nx_irreg import IrregGraph

DOCUMENTED = (TypeError, ValueError)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_DTYPES = st.sampled_from(
    [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint32, np.uint64, np.float64, np.bool_]
)
_IDS = hnp.arrays(
    dtype=_DTYPES, shape=hnp.array_shapes(min_dims=0, max_dims=2, min_side=0, max_side=12)
)
_SMALL_IDS = hnp.arrays(
    dtype=np.int64, shape=st.integers(0, 40), elements=st.integers(-2, 30)
)
_OPTION_INTS = st.one_of(
    st.none(), st.integers(-5, 70), st.sampled_from([2**31 - 1, 2**31, 2**40, -(2**31)])
)


def _reference_csr(src, dst, weight, n, directed):
    """Out-edges per vertex as from_edges documents them: repeats collapse (the last weight
    wins), an undirected edge is stored both ways, a self-loop once."""
    edges: dict[tuple[int, int], float] = {}
    for k, (u, v) in enumerate(zip(src.tolist(), dst.tolist(), strict=True)):
        w = 1.0 if weight is None else float(weight[k])
        edges[(u, v)] = w
        if not directed and u != v:
            edges[(v, u)] = w
    return {key: edges[key] for key in sorted(edges)}


@FUZZ
@given(src=_IDS, dst=_IDS, n=_OPTION_INTS, directed=st.booleans(), tile=_OPTION_INTS)
def test_from_edges_with_any_arrays_builds_or_refuses(src, dst, n, directed, tile):
    # A valid id in [10**5, MAX_VERTICES) builds a graph of that many vertices (up to 17 GB,
    # checked below in Python vertex by vertex): right, but hours. Ids past the limit still
    # reach from_edges, which must refuse them.
    tops = [int(a.max()) for a in (np.asarray(src), np.asarray(dst))
            if a.size and a.dtype.kind in "iu"]
    assume(not tops or not 10**5 <= max(tops) < _core.MAX_VERTICES)
    try:
        g = IrregGraph.from_edges(src, dst, n=n, directed=directed, tile_size=tile)
    except DOCUMENTED:
        return
    # Accepted: the arrays were 1-D integer ids in range, as documented.
    s = np.asarray(src).astype(np.int64)
    d = np.asarray(dst).astype(np.int64)
    assert np.asarray(src).ndim == 1 and s.shape == d.shape
    assert np.asarray(src).dtype.kind in "iub" or s.size == 0
    offsets, targets, weights = g.csr()
    stored = {
        (u, int(v)): float(w)
        for u in range(g.n)
        for v, w in zip(targets[offsets[u] : offsets[u + 1]], weights[offsets[u] : offsets[u + 1]])
    }
    assert stored == _reference_csr(s, d, None, g.n, directed)


@FUZZ
@given(
    src=_SMALL_IDS,
    data=st.data(),
    variant=st.sampled_from([None, "serial", "naive", "opt", "opt-search"]),
    isa=st.sampled_from(irreg.available_isas()),
)
def test_algorithms_on_any_small_graph_equal_the_serial_reference(src, data, variant, isa):
    dst = data.draw(hnp.arrays(np.int64, src.shape, elements=st.integers(-2, 30)))
    weight = data.draw(
        hnp.arrays(
            np.float64,
            src.shape,
            elements=st.one_of(st.floats(0, 100), st.sampled_from([np.inf, np.nan, -1.0, 0.0])),
        )
    )
    try:
        g = IrregGraph.from_edges(src, dst, weight, isa=isa)
    except DOCUMENTED:
        assert (src < 0).any() or (dst < 0).any() or np.isnan(weight).any()
        return
    if g.n == 0:
        return
    source = data.draw(st.integers(0, g.n - 1))
    verify.verify_bfs(g, alg.bfs(g, source=source, variant=variant, isa=isa), source=source)
    verify.verify_wcc(g, alg.wcc(g, variant=variant, isa=isa))
    verify.verify_sswp(g, alg.sswp(g, source=source, variant=variant, isa=isa), source=source)
    if (g.csr()[2] < 0).any():  # stored weights: a repeated edge keeps its last weight
        with pytest.raises(ValueError):
            alg.sssp(g, source=source, variant=variant, isa=isa)
    else:
        verify.verify_sssp(g, alg.sssp(g, source=source, variant=variant, isa=isa), source=source)


@FUZZ
@given(
    rows=_IDS,
    cols=_IDS,
    n_rows=_OPTION_INTS,
    tile=_OPTION_INTS,
    conflict=st.sampled_from(["destination", "both_ends", "rows", ""]),
)
def test_grouped_index_with_any_arrays_builds_or_refuses(rows, cols, n_rows, tile, conflict):
    options = {"conflict": conflict}
    if tile is not None:
        options["tile_size"] = tile
    try:
        index = irreg.GroupedIndex(rows, cols, n_rows=n_rows, **options)
    except DOCUMENTED:
        return
    r = np.asarray(rows).astype(np.int64)
    c = np.asarray(cols).astype(np.int64)
    # Every given edge is indexed, and active (the default).
    slots = index.locate(r, c)
    assert (np.asarray(slots) >= 0).all()
    active_rows, active_cols, _ = index.active_edges()
    assert set(zip(active_rows.tolist(), active_cols.tolist())) == set(
        zip(r.tolist(), c.tolist())
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    n=st.integers(1, 8),
    side=st.floats(2.0, 9.0),
    pbc=st.tuples(st.booleans(), st.booleans(), st.booleans()),
    smooth=st.booleans(),
)
def test_lennard_jones_on_any_small_system_equals_ase(data, n, side, pbc, smooth):
    from ase import Atoms
    from ase.calculators.lj import LennardJones as AseLennardJones

    from ase_irreg import LennardJones

    unit = hnp.arrays(np.float64, (n, 3), elements=st.floats(0, 1))
    positions = data.draw(unit) * side
    atoms = Atoms("Ar" * n, positions=positions, cell=np.eye(3) * side, pbc=pbc)
    reference = atoms.copy()
    reference.calc = AseLennardJones(sigma=1.0, epsilon=1.0, rc=2.5, smooth=smooth)
    try:
        with np.errstate(all="ignore"):  # ASE divides by zero for coincident atoms
            expected = reference.get_potential_energy(), reference.get_forces()
    except (ValueError, FloatingPointError, ZeroDivisionError):
        return  # ASE itself has no answer (coincident atoms)
    if not np.isfinite(expected[0]) or not np.isfinite(expected[1]).all():
        return
    atoms.calc = LennardJones(sigma=1.0, epsilon=1.0, rc=2.5, smooth=smooth)
    try:
        energy, forces = atoms.get_potential_energy(), atoms.get_forces()
    except DOCUMENTED:
        return  # e.g. atoms closer than the calculator's sane minimum
    scale = max(1.0, abs(expected[0]))
    assert energy == pytest.approx(expected[0], rel=1e-9, abs=1e-9 * scale)
    force_scale = max(1.0, float(abs(expected[1]).max()))
    np.testing.assert_allclose(forces, expected[1], rtol=1e-8, atol=1e-8 * force_scale)
