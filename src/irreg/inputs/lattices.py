"""The initial state of the standard Lennard-Jones benchmark (LAMMPS ``bench/in.lj``, miniMD
``in.lj.miniMD``), in reduced units: an fcc crystal and velocities at a set temperature; and the
other named states the benchmarks start from (:data:`STATES`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "DENSITY",
    "STATES",
    "TEMPERATURE",
    "LjState",
    "fcc_lattice",
    "initial_velocities",
    "lj_state",
]

DENSITY = 0.8442
TEMPERATURE = 1.44


@dataclass(frozen=True)
class LjState:
    """An initial state: an fcc lattice at ``density`` with velocities at ``temperature``."""

    density: float
    temperature: float


# The neighbour build's cost depends on how many atoms a bin holds and how far they move between
# builds: in.lj itself, a hotter start (more rebuilds), a denser solid and a dilute gas.
STATES: dict[str, LjState] = {
    "lj": LjState(DENSITY, TEMPERATURE),
    "hot": LjState(DENSITY, 3.0),
    "dense": LjState(1.2, TEMPERATURE),
    "gas": LjState(0.01, TEMPERATURE),
}


def lj_state(name: str) -> LjState:
    """The state named ``name`` in :data:`STATES`; ValueError naming the choices otherwise."""
    try:
        return STATES[name]
    except (KeyError, TypeError):
        raise ValueError(f"state must be one of {sorted(STATES)}, got {name!r}") from None


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
