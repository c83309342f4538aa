"""Several species in the C++ system (``_core.LjSystem`` with pair tables): every kernel (grouped
on each ISA, the plain list, per-atom shares) against a reference built from ASE's neighbour list,
at 1, 2 and 3 threads, shifted and unshifted, smooth, and the errors that name bad tables."""

from __future__ import annotations

import numpy as np
import pytest
from ase import Atoms
from ase.neighborlist import neighbor_list

from irreg import _core
from irreg.inputs.lattices import fcc_lattice

SIGMA = np.array([1.0, 0.8, 1.1])
EPSILON = np.array([1.0, 0.5, 1.5])
PAIR_SIGMA = (SIGMA[:, None] + SIGMA[None]) / 2
PAIR_EPSILON = np.sqrt(EPSILON[:, None] * EPSILON[None])
PAIR_RC = 2.5 * PAIR_SIGMA


def reference(x, cell, pbc, types, *, shift: bool, smooth_ro: float | None = None):
    """Energy, forces and virial (Voigt xx yy zz yz xz xy) from ASE's full neighbour list."""
    atoms = Atoms(positions=x, cell=cell, pbc=pbc)
    i, j, d, vec = neighbor_list("ijdD", atoms, PAIR_RC.max())
    a, b = types[i], types[j]
    rc = PAIR_RC[a, b]
    keep = d <= rc
    i, d, vec, a, b, rc = i[keep], d[keep], vec[keep], a[keep], b[keep], rc[keep]
    eps, sig = PAIR_EPSILON[a, b], PAIR_SIGMA[a, b]
    s6 = (sig / d) ** 6
    u = 4 * eps * (s6 * s6 - s6)
    du = -24 * eps * (2 * s6 * s6 - s6) / d**2  # (du/dr) / r
    if smooth_ro is not None:  # ASE's cutoff function between ro and rc
        r2, ro2, rc2 = d**2, smooth_ro**2, rc**2
        outer = r2 >= ro2
        fc = np.where(outer, (rc2 - r2) ** 2 * (rc2 + 2 * r2 - 3 * ro2) / (rc2 - ro2) ** 3, 1.0)
        dfc = np.where(outer, 6 * (rc2 - r2) * (ro2 - r2) / (rc2 - ro2) ** 3, 0.0)
        du, u = fc * du + 2 * dfc * u, u * fc
    elif shift:
        sc = (sig / rc) ** 6
        u = u - 4 * eps * (sc * sc - sc)
    forces = np.zeros_like(x)
    np.add.at(forces, i, du[:, None] * vec)
    w = du[:, None] * vec
    virial = 0.5 * np.array([(w[:, p] * vec[:, q]).sum()
                             for p, q in ((0, 0), (1, 1), (2, 2), (1, 2), (0, 2), (0, 1))])
    return 0.5 * u.sum(), forces, virial


def mixture(cells: int = 4, density: float = 0.9, seed: int = 1):
    rng = np.random.default_rng(seed)
    x, cell = fcc_lattice(cells, density=density)
    x = x + rng.normal(0.0, 0.05, x.shape)
    return x, cell, rng.integers(0, len(SIGMA), len(x))


@pytest.mark.parametrize("regroup", ["incremental", "none"])
@pytest.mark.parametrize("shift", [True, False])
def test_mixture_matches_reference(isa: str, threads: int, regroup: str, shift: bool) -> None:
    x, cell, types = mixture()
    system = _core.LjSystem(pair_epsilon=PAIR_EPSILON, pair_sigma=PAIR_SIGMA, pair_rc=PAIR_RC,
                            shift=shift, isa=isa, regroup=regroup, threads=threads)
    system.set_system(x, cell, [True] * 3, types=types)
    assert system.num_types == 3
    out = system.compute(x, energy_virial=True, per_atom=True)
    energy, forces, virial = reference(x, cell, True, types, shift=shift)
    assert out["energy"] == pytest.approx(energy, rel=1e-12)
    np.testing.assert_allclose(out["forces"], forces, rtol=0, atol=1e-12 * np.abs(forces).max())
    np.testing.assert_allclose(out["virial"], virial, rtol=1e-11)
    assert out["energies"].sum() == pytest.approx(energy, rel=1e-12)


def test_mixture_smooth_triclinic_and_moving(isa: str) -> None:
    """A sheared cell, ASE's smooth cutoff, and atoms that move past the skin (Inc-Group)."""
    x, cell, types = mixture(cells=3)
    cell = cell + np.array([[0, 0, 0], [0.7, 0, 0], [0.3, -0.4, 0]])
    system = _core.LjSystem(pair_epsilon=PAIR_EPSILON, pair_sigma=PAIR_SIGMA, pair_rc=PAIR_RC,
                            smooth=True, ro=1.5, isa=isa)
    system.set_system(x, cell, [True] * 3, types=types)
    rng = np.random.default_rng(5)
    for _ in range(4):
        out = system.compute(x, energy_virial=True)
        energy, forces, _ = reference(x, cell, True, types, shift=False, smooth_ro=1.5)
        assert out["energy"] == pytest.approx(energy, rel=1e-12)
        np.testing.assert_allclose(out["forces"], forces, atol=1e-12 * np.abs(forces).max())
        x = x + rng.normal(0.0, 0.08, x.shape)
    assert system.stats()["rebuilds"] > 1


def test_one_type_table_equals_scalar_parameters(isa: str) -> None:
    x, cell, _ = mixture(cells=3)
    one = _core.LjSystem(epsilon=0.7, sigma=1.1, rc=2.6, isa=isa)
    table = _core.LjSystem(pair_epsilon=[[0.7]], pair_sigma=[[1.1]], pair_rc=[[2.6]], isa=isa)
    for s in (one, table):
        s.set_system(x, cell, [True] * 3)
    a, b = one.compute(x), table.compute(x)
    assert a["energy"] == b["energy"]
    np.testing.assert_array_equal(a["forces"], b["forces"])


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        (
            {"pair_epsilon": PAIR_EPSILON + np.triu(np.ones((3, 3)), 1)},
            "pair_epsilon must be symmetric",
        ),
        ({"pair_sigma": -PAIR_SIGMA}, r"pair_sigma\[0, 0\] must be > 0"),
        ({"pair_rc": np.zeros((3, 3))}, r"pair_rc\[0, 0\] must be a positive cutoff"),
        ({"pair_epsilon": PAIR_EPSILON[:2, :2]}, "same k x k size"),
        ({"pair_sigma": SIGMA}, r"pair_sigma must have shape \(k, k\)"),
        ({"pair_rc": None}, "same k x k size"),
    ],
)
def test_bad_tables_name_the_problem(tables: dict, message: str) -> None:
    kwargs = {"pair_epsilon": PAIR_EPSILON, "pair_sigma": PAIR_SIGMA, "pair_rc": PAIR_RC}
    kwargs.update(tables)
    with pytest.raises(ValueError, match=message):
        _core.LjSystem(**kwargs)


def test_bad_types_name_the_atom() -> None:
    x, cell, types = mixture(cells=2)
    system = _core.LjSystem(pair_epsilon=PAIR_EPSILON, pair_sigma=PAIR_SIGMA, pair_rc=PAIR_RC)
    bad = types.copy()
    bad[5] = 3
    with pytest.raises(ValueError, match="atom 5 has type 3, outside 0 .. 2"):
        system.set_system(x, cell, [True] * 3, types=bad)
    with pytest.raises(ValueError, match="atom 2 has type -1"):
        system.set_system(x, cell, [True] * 3, types=np.where(np.arange(len(x)) == 2, -1, 0))
    with pytest.raises(ValueError, match="one per atom"):
        system.set_system(x, cell, [True] * 3, types=types[:-1])
    with pytest.raises(TypeError, match="types must be integers"):
        system.set_system(x, cell, [True] * 3, types=types.astype(float))
    with pytest.raises(ValueError, match="ro must satisfy"):
        _core.LjSystem(pair_epsilon=PAIR_EPSILON, pair_sigma=PAIR_SIGMA, pair_rc=PAIR_RC,
                       smooth=True, ro=2.1)
