"""ase_irreg.LennardJones against ASE's own LennardJones, finite differences and physics.

Every check runs on every ISA this machine can execute and in every regroup mode; the ISA
decides the grouped force kernel (regroup "full"/"incremental"), "none" is the plain list.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from ase import Atoms
from ase.build import bulk
from ase.calculators.calculator import PropertyNotImplementedError
from ase.calculators.fd import calculate_numerical_forces, calculate_numerical_stress
from ase.calculators.lj import LennardJones as AseLennardJones
from ase.md.verlet import VelocityVerlet
from ase.neighborlist import primitive_neighbor_list

from ase_irreg import LennardJones
from irreg import _core

REGROUPS = ("incremental", "full", "none")
RTOL = 1e-10


def fcc(cells: int, density: float = 0.8442, jitter: float = 0.05, seed: int = 0) -> Atoms:
    a = (4 / density) ** (1 / 3)
    atoms = bulk("Ar", "fcc", a=a, cubic=True).repeat((cells, cells, cells))
    atoms.positions += np.random.default_rng(seed).normal(0, jitter, atoms.positions.shape)
    return atoms


def systems() -> dict[str, Atoms]:
    rng = np.random.default_rng(7)
    out = {"crystal": fcc(3, jitter=0.0), "random_crystal": fcc(3)}
    # A liquid-like random periodic box: atoms placed with a minimum separation.
    pts: list[np.ndarray] = []
    while len(pts) < 60:
        p = rng.uniform(0, 4.5, 3)
        if all(np.linalg.norm(p - q) > 0.9 for q in pts):
            pts.append(p)
    out["random"] = Atoms("Ar60", positions=pts, cell=[4.5, 4.5, 4.5], pbc=True)
    # Boxes smaller than the cutoff: atoms meet several images of each other and themselves.
    out["small_box"] = Atoms("Ar2", positions=[[0, 0, 0], [0.7, 0.6, 0.5]],
                             cell=[1.3, 1.4, 1.5], pbc=True)
    out["one_atom"] = Atoms("Ar", positions=[[0.1, 0.2, 0.3]], cell=[1.2, 1.1, 1.6], pbc=True)
    tri = Atoms("Ar4", scaled_positions=rng.uniform(0, 1, (4, 3)),
                cell=[[2.0, 0, 0], [1.1, 1.9, 0], [0.7, 0.5, 1.8]], pbc=True)
    out["triclinic"] = tri.repeat((2, 2, 2))
    out["triclinic"].positions += rng.normal(0, 0.02, out["triclinic"].positions.shape)
    out["open_cluster"] = Atoms("Ar40", positions=rng.uniform(0, 4, (40, 3)))  # no cell at all
    keep = [0]
    for k in range(1, 40):
        positions = out["open_cluster"].positions
        if all(np.linalg.norm(positions[k] - positions[q]) > 0.85 for q in keep):
            keep.append(k)
    out["open_cluster"] = out["open_cluster"][keep]
    slab = fcc(2)
    slab.pbc = [True, True, False]
    out["slab"] = slab
    # Atoms far outside the cell: wrapping must not change anything.
    out["unwrapped"] = fcc(2, seed=3)
    out["unwrapped"].positions += [[7.1, -13.4, 20.2]]
    return out


SYSTEMS = systems()


def ase_reference(atoms: Atoms, **params) -> dict:
    a = atoms.copy()
    a.calc = AseLennardJones(**params)
    ref = {"energy": a.get_potential_energy(), "forces": a.get_forces(),
           "energies": a.get_potential_energies()}
    if a.cell.rank == 3:
        ref["stress"] = a.get_stress()
        ref["stresses"] = a.get_stresses()
    return ref


def assert_close(got: np.ndarray, want: np.ndarray, what: str) -> None:
    scale = max(1.0, float(np.max(np.abs(want))))
    err = float(np.max(np.abs(np.asarray(got) - want))) / scale
    assert err <= RTOL, f"{what}: relative error {err:.3g}"


@pytest.mark.parametrize("name", sorted(SYSTEMS))
@pytest.mark.parametrize("smooth", [False, True])
def test_equals_ase_lennard_jones(name: str, smooth: bool, isa: str) -> None:
    atoms = SYSTEMS[name]
    params = {"sigma": 1.0, "epsilon": 1.0, "rc": 2.5, "smooth": smooth}
    ref = ase_reference(atoms, **params)
    for regroup in REGROUPS:
        a = atoms.copy()
        a.calc = LennardJones(**params, isa=isa, regroup=regroup)
        assert_close(a.get_potential_energy(), ref["energy"], f"{regroup} energy")
        assert_close(a.get_forces(), ref["forces"], f"{regroup} forces")
        assert_close(a.get_potential_energies(), ref["energies"], f"{regroup} energies")
        if "stress" in ref:
            assert_close(a.get_stress(), ref["stress"], f"{regroup} stress")
            assert_close(a.get_stresses(), ref["stresses"], f"{regroup} stresses")
        else:
            with pytest.raises(PropertyNotImplementedError):
                a.get_stress()


def test_default_parameters_match_ase(isa: str) -> None:
    """rc = 3 sigma and ro = 0.66 rc when not given, with a sigma and epsilon other than 1."""
    atoms = fcc(2, density=0.8442 / 3.4**3)
    ref = ase_reference(atoms, sigma=3.4, epsilon=0.0104)
    a = atoms.copy()
    a.calc = LennardJones(sigma=3.4, epsilon=0.0104, isa=isa)
    assert_close(a.get_forces(), ref["forces"], "forces")
    assert_close(a.get_potential_energy(), ref["energy"], "energy")


def test_neighbour_pairs_equal_ase_neighbor_list() -> None:
    """Half list within rc + skin, images included, equals ASE's neighbour list both ways."""
    for name in ("small_box", "one_atom", "triclinic", "slab", "open_cluster", "unwrapped"):
        atoms = SYSTEMS[name]
        cell, pos = atoms.cell.array, atoms.positions
        i, j, shift = primitive_neighbor_list("ijS", atoms.pbc, cell, pos, 2.8,
                                              self_interaction=False)
        want = {(a, b, *np.round(pos[b] + s @ cell - pos[a], 8)) for a, b, s in zip(i, j, shift)}
        for method in ("binned", "allpairs"):
            system = _core.LjSystem(rc=2.5, skin=0.3, neighbor=method)
            system.set_system(pos, cell, atoms.pbc)
            system.compute(pos)
            pi, pj, pshift = system.pairs()
            got = set()
            for a, b, s in zip(pi, pj, pshift):
                d = pos[b] + s - pos[a]
                got.add((a, b, *np.round(d, 8)))
                got.add((b, a, *np.round(-d, 8)))
            assert len(got) == 2 * len(pi), f"{name} {method}: a pair is listed twice"
            # A pair exactly at the radius is in either list or not: both are correct.
            differ = {p for p in got ^ want if abs(np.linalg.norm(p[2:]) - 2.8) > 1e-6}
            assert not differ, f"{name} {method}: {len(differ)} pairs differ"


@pytest.mark.parametrize("name", ["random_crystal", "triclinic", "small_box", "open_cluster"])
def test_forces_and_stress_match_finite_differences(name: str, isa: str) -> None:
    atoms = SYSTEMS[name].copy()
    atoms.calc = LennardJones(rc=2.5, smooth=True, isa=isa)
    numeric = calculate_numerical_forces(atoms, eps=1e-5)
    tolerance = 1e-6 * max(1, np.abs(numeric).max())
    np.testing.assert_allclose(atoms.get_forces(), numeric, atol=tolerance)
    if atoms.cell.rank == 3 and all(atoms.pbc):
        np.testing.assert_allclose(atoms.get_stress(), calculate_numerical_stress(atoms, eps=1e-6),
                                   atol=1e-6 * max(1, np.abs(atoms.get_stress()).max()))


@pytest.mark.parametrize("regroup", REGROUPS)
def test_physics(regroup: str, isa: str) -> None:
    atoms = SYSTEMS["random"].copy()
    atoms.calc = LennardJones(rc=2.5, regroup=regroup, isa=isa)
    forces = atoms.get_forces()
    np.testing.assert_allclose(forces.sum(axis=0), 0.0, atol=1e-10 * np.abs(forces).max())
    np.testing.assert_allclose(atoms.get_potential_energies().sum(),
                               atoms.get_potential_energy(), rtol=1e-12)
    np.testing.assert_allclose(atoms.get_stresses().sum(axis=0), atoms.get_stress(), atol=1e-12)


@pytest.mark.parametrize("sigma,epsilon", [(1.0, 1.0), (3.4, 0.0104)])
def test_analytic_minimum(sigma: float, epsilon: float, isa: str) -> None:
    """E = -epsilon at r = 2^(1/6) sigma with zero force (smooth cutoff starting beyond it)."""
    r0 = 2 ** (1 / 6) * sigma
    dimer = Atoms("Ar2", positions=[[0, 0, 0], [0, 0, r0]])
    dimer.calc = LennardJones(sigma=sigma, epsilon=epsilon, rc=3 * sigma, ro=2 * sigma,
                              smooth=True, isa=isa)
    assert dimer.get_potential_energy() == pytest.approx(-epsilon, rel=1e-12)
    np.testing.assert_allclose(dimer.get_forces(), 0.0, atol=1e-12 * epsilon / sigma)
    shifted = Atoms("Ar2", positions=[[0, 0, 0], [0, 0, r0]])
    shifted.calc = LennardJones(sigma=sigma, epsilon=epsilon, isa=isa)
    u_rc = 4 * epsilon * (3.0**-12 - 3.0**-6)
    assert shifted.get_potential_energy() == pytest.approx(-epsilon - u_rc, rel=1e-12)


def liquid_start() -> Atoms:
    """The LJ benchmark's start (fcc at density 0.8442, T = 1.44), 108 atoms."""
    atoms = fcc(3, jitter=0.0)
    atoms.set_masses(np.ones(len(atoms)))
    rng = np.random.default_rng(11)
    v = rng.uniform(-0.5, 0.5, (len(atoms), 3))
    v -= v.mean(axis=0)
    v *= np.sqrt(1.44 * (3 * len(atoms) - 3) / (v**2).sum())
    atoms.set_velocities(v)
    return atoms


@functools.cache
def ase_nve_drift(steps: int) -> float:
    atoms = liquid_start()
    atoms.calc = AseLennardJones(rc=2.5)
    e0 = atoms.get_total_energy()
    VelocityVerlet(atoms, timestep=0.005).run(steps)
    return abs(atoms.get_total_energy() - e0)


@pytest.mark.slow
@pytest.mark.parametrize("regroup", REGROUPS)
def test_nve_run_equals_fresh_calculation_every_step(regroup: str, isa: str) -> None:
    """1,000 NVE steps with rebuild="auto": forces equal a fresh calculator's at every step,
    and the energy drifts no more than under ASE's own LennardJones."""
    ours = liquid_start()
    ours.calc = LennardJones(rc=2.5, regroup=regroup, isa=isa)
    dyn = VelocityVerlet(ours, timestep=0.005)
    e0 = ours.get_total_energy()
    worst = 0.0
    for _ in range(1000):
        dyn.run(1)
        probe = ours.copy()
        probe.calc = LennardJones(rc=2.5, regroup=regroup, isa=isa)
        worst = max(worst, float(np.abs(ours.get_forces() - probe.get_forces()).max()))
    assert worst <= 1e-10, f"forces differ from a fresh calculation by {worst:.3g}"
    stats = ours.calc.stats
    assert stats["rebuilds"] > 5, "the run should have needed rebuilds"
    drift_ours = abs(ours.get_total_energy() - e0)
    drift_ase = ase_nve_drift(1000)
    assert drift_ours <= drift_ase * (1 + 1e-6) + 1e-9


def test_stats_report_rebuilds_and_utilization(isa: str) -> None:
    atoms = fcc(3)
    atoms.calc = LennardJones(rc=2.5, rebuild=3, isa=isa)
    for k in range(7):
        atoms.positions += 0.001
        atoms.get_forces()
    stats = atoms.calc.stats
    assert stats["computes"] == 7 and stats["rebuilds"] == 3  # computes 0, 3 and 6
    assert 0 < stats["simd_utilization"] <= 1
    assert stats["pairs"] > 0 and stats["isa"] == isa
    assert set(stats["seconds"]) == {"neighbor", "group", "force", "other"}
    assert len(stats["recent_rebuilds"]) == 3


def test_changes_are_detected(isa: str) -> None:
    atoms = fcc(2)
    atoms.calc = LennardJones(rc=2.5, isa=isa)
    atoms.get_forces()
    for change in ("positions", "cell", "pbc", "numbers"):
        if change == "positions":
            atoms.positions[3] += 1e-9
        elif change == "cell":
            atoms.set_cell(atoms.cell * 1.01, scale_atoms=False)
        elif change == "pbc":
            atoms.pbc = [True, True, False]
        else:
            del atoms[5]
        assert change in atoms.calc.check_state(atoms)
        ref = ase_reference(atoms, rc=2.5)
        assert_close(atoms.get_forces(), ref["forces"], f"after {change}")
        assert_close(atoms.get_potential_energy(), ref["energy"], f"after {change}")
    assert atoms.calc.check_state(atoms) == []


@pytest.mark.parametrize(
    "setup, message",
    [
        (lambda a: a.positions.__setitem__(1, a.positions[0]), "on top of each other"),
        (lambda a: a.positions.__setitem__((2, 1), np.nan), "not finite"),
    ],
)
def test_bad_atoms_raise(setup, message: str) -> None:
    atoms = fcc(2)
    setup(atoms)
    atoms.calc = LennardJones(rc=2.5)
    with pytest.raises(ValueError, match=message):
        atoms.get_forces()


def test_zero_volume_cell_raises() -> None:
    atoms = fcc(2)
    atoms.cell[2] = atoms.cell[0] + atoms.cell[1]
    atoms.calc = LennardJones(rc=2.5)
    with pytest.raises(ValueError, match="zero volume"):
        atoms.get_forces()


@pytest.mark.parametrize(
    "params, message",
    [
        ({"rc": 0.0}, "rc must be a positive"),
        ({"rc": -1.0}, "rc must be a positive"),
        ({"skin": -0.1}, "skin must be >= 0"),
        ({"sigma": 0.0}, "sigma must be > 0"),
        ({"rebuild": "sometimes"}, "rebuild must be"),
        ({"rebuild": 0}, "rebuild must be"),
        ({"regroup": "partial"}, "regroup must be one of"),
        ({"neighbor": "octree"}, "neighbor must be one of"),
        ({"tile_size": 100}, "power of two"),
        ({"smooth": True, "ro": 3.0, "rc": 2.5}, "ro must satisfy"),
        ({"isa": "sse9"}, "unknown ISA"),
    ],
)
def test_bad_parameters_raise(params: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LennardJones(**params)


@pytest.mark.parametrize(
    "params, message",
    [
        ({"sigma": "1"}, "sigma must be a number"),
        ({"epsilon": None}, "epsilon must be a number"),
        ({"rc": [2.5]}, "rc must be a number"),
        ({"skin": False}, "skin must be a number"),
    ],
)
def test_non_numeric_parameters_raise(params: dict, message: str) -> None:
    with pytest.raises(TypeError, match=message):
        LennardJones(**params)


def test_unknown_parameter_raises() -> None:
    with pytest.raises(TypeError, match="unknown parameter"):
        LennardJones(cutoff=2.5)
