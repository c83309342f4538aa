"""An integer ``rebuild`` schedule is never silently wrong: the calculator also rebuilds when an
atom moved more than skin / 2 (LAMMPS's ``every k check yes``), so a wrap, a new frame or a
wrapping MD run all equal ``rebuild="auto"`` / a fresh calculator. The C++ driver's
``check no`` schedule (the benchmark's) counts the lists it used too long instead.
"""

from __future__ import annotations

import numpy as np
import pytest
from ase.build import bulk
from ase.md.verlet import VelocityVerlet

from ase_irreg import LennardJones
from irreg import _core
from irreg.md_driver import run_lj

RTOL = 1e-10


def fcc(cells: int, seed: int = 0, jitter: float = 0.05):
    atoms = bulk("Ar", "fcc", a=(4 / 0.8442) ** (1 / 3), cubic=True).repeat((cells,) * 3)
    atoms.positions += np.random.default_rng(seed).normal(0, jitter, atoms.positions.shape)
    return atoms


def fresh(atoms) -> tuple[float, np.ndarray]:
    probe = atoms.copy()
    probe.calc = LennardJones(rc=2.5)
    return probe.get_potential_energy(), probe.get_forces()


def assert_fresh(atoms) -> None:
    energy, forces = fresh(atoms)
    assert atoms.get_potential_energy() == pytest.approx(energy, rel=RTOL)
    scale = np.abs(forces).max()
    np.testing.assert_allclose(atoms.get_forces(), forces, rtol=0, atol=RTOL * scale)


@pytest.mark.parametrize("regroup", ["incremental", "none"])
def test_atoms_moved_by_a_cell_vector(regroup: str) -> None:
    """Half the atoms of a 500-atom box moved by cell vectors (what ``atoms.wrap()`` does to
    atoms outside the cell): the same energy and forces, not the old list's images."""
    atoms = fcc(5)
    atoms.calc = LennardJones(rc=2.5, rebuild=20, regroup=regroup)
    assert_fresh(atoms)
    cell = atoms.cell.array
    atoms.positions[::2] += cell[0] - cell[2]
    assert_fresh(atoms)
    atoms.wrap()
    assert_fresh(atoms)


def test_one_calculator_on_separate_frames() -> None:
    """Unrelated frames of the same size through one calculator: each equals a fresh one."""
    calc = LennardJones(rc=2.5, rebuild=20)
    for seed in range(4):
        atoms = fcc(4, seed=seed, jitter=0.05)
        atoms.positions = atoms.positions[np.random.default_rng(seed).permutation(len(atoms))]
        atoms.calc = calc
        assert_fresh(atoms)


def test_md_run_that_wraps_equals_auto() -> None:
    """An NVE run wrapping the atoms every step, rebuild=20 against rebuild="auto" (the same
    trajectory while the forces agree)."""
    atoms = fcc(3, jitter=0.0)
    rng = np.random.default_rng(11)
    v = rng.normal(0, 1.2, (len(atoms), 3))
    atoms.set_velocities(v - v.mean(axis=0))
    atoms.calc = LennardJones(rc=2.5, rebuild=20)
    auto = LennardJones(rc=2.5, rebuild="auto")
    dyn = VelocityVerlet(atoms, timestep=0.005)
    moved = 0.0
    start = atoms.positions.copy()
    for _ in range(40):
        dyn.run(1)
        moved = max(moved, float(np.abs(atoms.positions - start).max()))
        atoms.wrap()
        probe = atoms.copy()
        probe.calc = auto
        scale = np.abs(probe.get_forces()).max()
        np.testing.assert_allclose(atoms.get_forces(), probe.get_forces(), rtol=0,
                                   atol=RTOL * scale)
    assert moved > 0.5, "atoms should have crossed the cell boundary"


def test_check_false_counts_dangerous_builds() -> None:
    """LjSystem(check=False) keeps the fixed schedule (LAMMPS ``check no``) and counts a list used
    after an atom moved more than skin / 2; check=True (the default) rebuilds instead."""
    atoms = fcc(2)
    x, cell = atoms.positions, atoms.cell.array
    moved = x.copy()
    moved[0] += 0.2  # > skin / 2 = 0.15
    for check, rebuilds, dangerous in ((False, 1, 1), (True, 2, 0)):
        system = _core.LjSystem(rc=2.5, skin=0.3, rebuild_every=100, check=check)
        system.set_system(x, cell, [True] * 3)
        system.compute(x)
        system.compute(moved)
        system.compute(moved)
        stats = system.stats()
        assert (stats["rebuilds"], stats["dangerous_builds"]) == (rebuilds, dangerous)


def test_md_driver_reports_dangerous_builds() -> None:
    stats = run_lj(2, 40, rebuild=20).stats
    assert stats["dangerous_builds"] >= 0 and stats["rebuilds"] == 3  # steps 0, 20 and 40


@pytest.mark.parametrize("threads", [1, 2])
def test_sweep_stays_in_tile_order_across_rebuilds(threads: int) -> None:
    """Inc-Group writes each row tile's groups back in tile order: the sweep must list groups
    row tile by row tile, column tiles ascending within one, each holding a pair."""
    from irreg.md_driver import make_driver

    system, driver = make_driver(6, rebuild="auto", threads=threads, tile_size=32)
    for _ in range(6):
        driver.run(15)
        g = system.grouped()
        keys = (g["group_row_base"] << 32) | g["group_col_base"]
        assert np.all(np.diff(keys) >= 0)
        assert g["active"].reshape(-1, 16).any(axis=1).all()
        assert np.all(g["group_row_base"] % 32 == 0) and np.all(g["group_col_base"] % 32 == 0)
    stats = system.stats()
    assert stats["rebuilds"] > 3 and stats["pairs_added"] > 0


def test_refilled_holes_keep_groups_conflict_free() -> None:
    """Inc-Group refills holes with new pairs: every group must still hold each row and each
    column at most once among its active lanes, and exactly the current pairs, once each."""
    from irreg.md_driver import make_driver

    system, driver = make_driver(6, rebuild="auto", tile_size=64)
    refilled_any = False
    for _ in range(5):
        driver.run(20)
        g = system.grouped()
        x = g["rows"].reshape(-1, 16)
        y = g["cols"].reshape(-1, 16)
        for rows, cols, active in zip(x, y, g["active"].reshape(-1, 16)):
            assert len(set(rows[active])) == active.sum()
            assert len(set(cols[active])) == active.sum()
        assert g["active"].sum() == system.stats()["pairs"]
        refilled_any |= system.stats()["pairs_added"] > 0
    assert refilled_any


def _pair_set(system) -> set:
    """The half list as unordered pairs with their distance vector's shift, caller numbering."""
    i, j, shift = system.pairs()
    flip = (i > j)[:, None]
    shift = np.where(flip, -shift, shift).round(6)
    low, high = np.minimum(i, j).tolist(), np.maximum(i, j).tolist()
    pairs = set(zip(low, high, map(tuple, shift.tolist()), strict=True))
    assert len(pairs) == len(i), "a pair is listed twice"
    return pairs


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("regroup", ["incremental", "full"])
def test_groups_hold_exactly_the_pairs_within_reach(regroup: str, threads: int) -> None:
    """After every rebuild the groups hold the half list a fresh build makes, no pair more or
    fewer, however many pairs came and went (checked against Non-Group's own list)."""
    from irreg import _core
    from irreg.md_driver import make_system

    system, positions, _, cell = make_system(5, regroup=regroup, tile_size=32, threads=threads)
    rng = np.random.default_rng(7)
    for jitter in (0.0, 0.05, 0.3, 0.05, 0.6, 0.01):
        moved = positions + rng.normal(0, jitter, positions.shape)
        system.rebuild_at(moved)
        plain = _core.LjSystem(rc=2.5, skin=0.3, regroup="none")
        plain.set_system(moved, cell, [True] * 3)
        plain.rebuild_at(moved)
        assert _pair_set(system) == _pair_set(plain), f"jitter {jitter}"
        stats = system.stats()
        assert stats["active_slots"] == stats["pairs"] == len(plain.pairs()[0])


def test_memory_is_reported_by_purpose() -> None:
    from irreg.md_driver import make_driver

    system, driver = make_driver(5, rebuild="auto")
    driver.run(30)
    memory = system.stats()["memory"]
    parts = [k for k in memory if k.endswith("_mb") and k != "total_mb"]
    assert memory["total_mb"] == pytest.approx(sum(memory[k] for k in parts))
    assert memory["groups_mb"] > 0 and memory["atoms_mb"] > 0 and memory["workspace_mb"] > 0
    assert memory["pair_list_mb"] == 0  # the groups are the only copy of the pairs
    assert memory["bytes_per_pair"] * system.stats()["pairs"] == pytest.approx(
        memory["total_mb"] * 2**20)


def test_driver_keeps_its_atoms_through_other_calls_on_its_system() -> None:
    """The driver integrates in the system's own positions: another caller's compute or
    rebuild_at in between must not move its atoms, and a system set to other atoms refuses it."""
    from irreg.inputs.lattices import fcc_lattice
    from irreg.md_driver import make_driver

    system, driver = make_driver(4, rebuild="auto")
    other_system, other = make_driver(4, rebuild="auto")
    cell = fcc_lattice(4)[1]
    driver.run(30)
    other.run(30)
    elsewhere = other.positions + 0.2
    other_system.compute(elsewhere)
    other_system.rebuild_at(elsewhere + 0.1)
    driver.run(30)
    other.run(30)
    np.testing.assert_allclose(other.positions, driver.positions, rtol=0, atol=1e-9)
    assert other.thermo()["etotal_per_atom"] == pytest.approx(
        driver.thermo()["etotal_per_atom"], rel=1e-9)
    system.set_system(driver.positions[:-1], cell, [True] * 3)
    with pytest.raises(ValueError, match="set to other atoms"):
        driver.run(1)
    with pytest.raises(ValueError, match="set to other atoms"):
        driver.positions  # noqa: B018
