"""The initial state of the standard Lennard-Jones benchmark (LAMMPS ``bench/in.lj``, miniMD
``in.lj.miniMD``), in reduced units: an fcc crystal and velocities at a set temperature."""

from __future__ import annotations

import numpy as np

__all__ = ["DENSITY", "TEMPERATURE", "fcc_lattice", "initial_velocities"]

DENSITY = 0.8442
TEMPERATURE = 1.44


def fcc_lattice(cells: int, density: float = DENSITY) -> tuple[np.ndarray, np.ndarray]:
    """Positions (4 cells^3 x 3) and cubic cell (3 x 3) of an fcc crystal at ``density``."""
    if cells < 1:
        raise ValueError(f"cells must be >= 1, got {cells}")
    a = (4.0 / density) ** (1.0 / 3.0)
    basis = np.array([[0, 0, 0], [0.5, 0.5, 0], [0.5, 0, 0.5], [0, 0.5, 0.5]])
    grid = np.stack(np.meshgrid(*[np.arange(cells)] * 3, indexing="ij"), -1).reshape(-1, 1, 3)
    positions = ((grid + basis[None]).reshape(-1, 3)) * a
    return positions, np.eye(3) * a * cells


def initial_velocities(n: int, temperature: float = TEMPERATURE, seed: int = 87287) -> np.ndarray:
    """Uniform random velocities with zero total momentum, scaled to ``temperature`` with
    3n - 3 degrees of freedom (LAMMPS ``velocity all create T seed``, mass 1)."""
    v = np.random.default_rng(seed).uniform(-0.5, 0.5, (n, 3))
    v -= v.mean(axis=0)
    dof = max(3 * n - 3, 1)
    return v * np.sqrt(temperature * dof / max((v**2).sum(), 1e-300))
