"""A plain NumPy Lennard-Jones of several species over ASE's neighbour list: the reference the
calculator, the asap3 factory and the Kob-Andersen driver are checked against.

Every pair (i, j, image) within its own cutoff is taken from ``ase.neighborlist.neighbor_list``
(both directions, so each pair is counted twice and halved), with the pair's coefficients looked
up by the two atoms' types. Conventions as ``ase.calculators.lj``: shifted by ``u(rc_ab)``
unless ``shift=False``; with ``smooth`` the unshifted energy times ASE's cutoff function.
"""

from __future__ import annotations

import numpy as np
from ase import Atoms
from ase.neighborlist import neighbor_list


def reference_lj(
    atoms: Atoms,
    types: np.ndarray,
    epsilon: np.ndarray,
    sigma: np.ndarray,
    rc: np.ndarray,
    *,
    shift: bool = True,
    smooth: bool = False,
    ro: float | None = None,
) -> dict[str, np.ndarray | float]:
    """energy, energies, forces and (cell of rank 3) stress, stresses, in ASE's conventions."""
    epsilon, sigma, rc = (np.asarray(a, dtype=float) for a in (epsilon, sigma, rc))
    types = np.asarray(types)
    n = len(atoms)
    i, j, d, dv = neighbor_list("ijdD", atoms, float(rc.max()), self_interaction=False)
    ti, tj = types[i], types[j]
    eps, sig, cut = epsilon[ti, tj], sigma[ti, tj], rc[ti, tj]
    keep = d < cut
    i, j, d, dv = i[keep], j[keep], d[keep], dv[keep]
    eps, sig, cut = eps[keep], sig[keep], cut[keep]
    r2 = d * d
    c6 = (sig * sig / r2) ** 3
    c12 = c6 * c6
    u = 4 * eps * (c12 - c6)
    du = -24 * eps * (2 * c12 - c6) / r2  # (du/dr) / r
    if smooth:
        ro2 = ro * ro
        rc2 = cut * cut
        outer = r2 >= ro2
        fc = np.where(outer, (rc2 - r2) ** 2 * (rc2 + 2 * r2 - 3 * ro2) / (rc2 - ro2) ** 3, 1.0)
        dfc = np.where(outer, 12 * (rc2 - r2) * (ro2 - r2) / (rc2 - ro2) ** 3, 0.0)  # (df/dr)/r
        du = du * fc + u * dfc
        u = u * fc
    elif shift:
        s6 = (sig / cut) ** 6
        u = u - 4 * eps * (s6 * s6 - s6)
    energies = 0.5 * np.bincount(i, weights=u, minlength=n)
    pair_force = du[:, None] * dv  # force on i from j is (du/dr)/r * (x_j - x_i)
    forces = np.zeros((n, 3))
    for axis in range(3):
        forces[:, axis] = np.bincount(i, weights=pair_force[:, axis], minlength=n)
    out: dict[str, np.ndarray | float] = {
        "energy": float(energies.sum()), "energies": energies, "forces": forces
    }
    if atoms.cell.rank == 3:
        volume = atoms.get_volume()
        # Half of each pair's virial on each atom; each pair appears twice (i-j and j-i).
        outer_prod = 0.5 * 0.5 * du[:, None, None] * dv[:, :, None] * dv[:, None, :]
        per_atom = np.zeros((n, 3, 3))
        np.add.at(per_atom, i, outer_prod)
        np.add.at(per_atom, j, outer_prod)
        voigt = [(0, 0), (1, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
        stresses = np.stack([per_atom[:, a, b] for a, b in voigt], axis=1) / volume
        out["stresses"] = stresses
        out["stress"] = stresses.sum(axis=0)
    return out
