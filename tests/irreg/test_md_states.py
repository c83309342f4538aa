"""The named initial states of the LJ benchmarks (irreg.inputs.lattices.STATES), and the binned
neighbour build against the all-pairs one on the states' own geometry and on awkward cells."""

from __future__ import annotations

import numpy as np
import pytest

from irreg import _core
from irreg import md_driver as md
from irreg.inputs.lattices import STATES, lj_state


def test_default_state_is_in_lj():
    assert lj_state("lj") == STATES["lj"]
    assert (STATES["lj"].density, STATES["lj"].temperature) == (0.8442, 1.44)


@pytest.mark.parametrize("bad", ["solid", "", None, 3])
def test_bad_state_names_the_choices(bad):
    with pytest.raises(ValueError, match=r"state must be one of \['dense', 'gas', 'hot', 'lj'\]"):
        md.make_system(2, state=bad)


def test_bad_state_is_refused_before_lammps_starts():
    from irreg.bench.peers.lammps import run_lammps_lj

    with pytest.raises(ValueError, match="state must be one of"):
        run_lammps_lj(2, 1, state="plasma")


@pytest.mark.parametrize("state", sorted(STATES))
def test_state_sets_density_and_temperature(state):
    system, positions, velocities, cell = md.make_system(3, state=state)
    density = len(positions) / abs(np.linalg.det(cell))
    assert density == pytest.approx(STATES[state].density, rel=1e-12)
    dof = 3 * len(positions) - 3
    assert (velocities**2).sum() / dof == pytest.approx(STATES[state].temperature, rel=1e-12)
    assert system.num_atoms == len(positions)


def _pairs(positions, cell, pbc, neighbor, threads=1, isa=None):
    system = _core.LjSystem(rc=2.5, skin=0.3, shift=False, rebuild_every=0, check=False,
                            regroup="none", neighbor=neighbor, isa=isa, tile_size=0,
                            threads=threads)
    system.set_system(positions, cell, pbc)
    system.rebuild_at(positions)
    return system.pairs()


def _as_set(i, j, shift):
    low, high = np.minimum(i, j), np.maximum(i, j)
    sign = np.where((i <= j)[:, None], 1.0, -1.0)
    return sorted(zip(low.tolist(), high.tolist(), map(tuple, np.round(shift * sign, 6).tolist()),
                      strict=True))


CELLS = {
    "gas": (np.eye(3) * 30.0, [True] * 3, 1000),
    "small": (np.eye(3) * 2.0, [True] * 3, 50),  # several images of every atom
    "triclinic": (np.array([[10.0, 0, 0], [3.0, 10.0, 0], [-2.0, 2.5, 10.0]]), [True] * 3, 400),
    "slab": (np.eye(3) * 8.0, [True, False, True], 300),
    "open": (np.eye(3) * 12.0, [False] * 3, 300),
    "dense": (np.eye(3) * 9.0, [True] * 3, 300),
    # fewer atoms than bins (the sparse scan), but a dense drop: lines of many atoms
    "drop": (np.eye(3) * 40.0, [True] * 3, 1200),
    "liquid": (np.eye(3) * 10.0, [True] * 3, 844),  # in.lj's density: lines of about 10
    "crowded": (np.eye(3) * 7.0, [True] * 3, 1000),  # lines longer than a 16-lane vector
}


@pytest.mark.parametrize("name", ["dense", "liquid", "crowded", "gas", "drop", "triclinic"])
def test_binned_list_is_the_same_on_every_isa(name, isa):
    """The rows of atoms away from the faces come from a per-ISA kernel: the same list, entry
    for entry, as the scalar one (positions on the radius included: see CMakeLists.txt)."""
    cell, pbc, n = CELLS[name]
    positions = np.random.default_rng(3).random((n, 3)) @ cell
    if name == "drop":
        positions[: n // 2] = 20.0 + 4.0 * np.random.default_rng(4).random((n // 2, 3))
    want = _pairs(positions, cell, pbc, "binned", isa="scalar")
    for ours, theirs in zip(_pairs(positions, cell, pbc, "binned", isa=isa), want, strict=True):
        np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("name", sorted(CELLS))
def test_binned_equals_all_pairs_at_any_thread_count(name):
    cell, pbc, n = CELLS[name]
    positions = np.random.default_rng(7).random((n, 3)) @ cell
    if name == "drop":
        positions[: n // 2] = 20.0 + 4.0 * np.random.default_rng(8).random((n // 2, 3))
    binned = _pairs(positions, cell, pbc, "binned")
    assert _as_set(*binned) == _as_set(*_pairs(positions, cell, pbc, "allpairs"))
    for ours, theirs in zip(binned, _pairs(positions, cell, pbc, "binned", threads=2), strict=True):
        np.testing.assert_array_equal(ours, theirs)
