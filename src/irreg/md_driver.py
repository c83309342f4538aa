"""The standard Lennard-Jones benchmark (LAMMPS ``bench/in.lj``, miniMD ``in.lj.miniMD``) run by
irreg's own C++ velocity-Verlet driver: what ``irreg md lj`` and ``irreg bench md`` use.

fcc lattice at reduced density 0.8442, initial temperature 1.44 (:mod:`irreg.inputs.lattices`;
``state`` picks another of its :data:`~irreg.inputs.lattices.STATES`), cutoff 2.5 sigma, skin 0.3,
dt 0.005, mass 1, NVE; the energy is not shifted (LAMMPS's plain ``lj/cut``), so thermo lines
compare with LAMMPS's.

``model="kob-andersen"`` runs the Kob-Andersen binary mixture instead (W. Kob and H. C.
Andersen, Phys. Rev. E 51, 4626 (1995)), the standard glass former: 80 % A and 20 % B atoms on
the fcc sites by a seeded random permutation, number density 1.2, epsilon_AA 1.0, epsilon_AB 1.5,
epsilon_BB 0.5, sigma_AA 1.0, sigma_AB 0.8, sigma_BB 0.88, each pair truncated at 2.5 sigma_ab
and shifted to zero there (as in the paper); the same start temperature, step and masses.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from irreg import _core
from irreg.inputs.lattices import fcc_lattice, initial_velocities, lj_state
from irreg.rebuild_schedule import parse_rebuild
from irreg.threads import resolve_threads

CUTOFF = 2.5
SKIN = 0.3
TIMESTEP = 0.005

MODELS = ("lj", "kob-andersen")
# Kob-Andersen: types 0 (A) and 1 (B); rows and columns of the pair tables.
KA_EPSILON = np.array([[1.0, 1.5], [1.5, 0.5]])
KA_SIGMA = np.array([[1.0, 0.8], [0.8, 0.88]])
KA_CUTOFF = 2.5 * KA_SIGMA
KA_DENSITY = 1.2
KA_FRACTION_B = 0.2
KA_SEED = 4626


def kob_andersen_types(n: int, seed: int = KA_SEED) -> np.ndarray:
    """Types of n lattice sites, 0 (A) or 1 (B): ``round(0.2 n)`` B atoms on the sites a seeded
    random permutation picks, so a run is the same every time."""
    types = np.zeros(n, dtype=np.int32)
    types[np.random.default_rng(seed).permutation(n)[: round(KA_FRACTION_B * n)]] = 1
    return types


def _model_start(model: str, cells: int, density: float) -> tuple[
        np.ndarray, np.ndarray, np.ndarray | None, dict[str, Any]]:
    """Positions, cell, types (None: one species) and the LjSystem's model options of
    ``model``, one of MODELS; in.lj's model at ``density``, Kob-Andersen at its own."""
    if model == "lj":
        positions, cell = fcc_lattice(cells, density)
        return positions, cell, None, {"rc": CUTOFF, "shift": False}
    if model == "kob-andersen":
        positions, cell = fcc_lattice(cells, density=KA_DENSITY)
        tables = {"pair_epsilon": KA_EPSILON, "pair_sigma": KA_SIGMA, "pair_rc": KA_CUTOFF}
        return positions, cell, kob_andersen_types(len(positions)), {**tables, "shift": True}
    raise ValueError(f"model must be one of {list(MODELS)}, got {model!r}")


@dataclass
class LjRun:
    """One standalone run: thermo rows, wall time of the steps, and the system's stats."""

    atoms: int
    steps: int
    seconds: float = 0.0
    thermo: list[dict[str, float]] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    isa: str = ""
    threads: int = 1

    @property
    def atom_steps_per_second(self) -> float:
        return self.atoms * self.steps / self.seconds if self.seconds > 0 else float("nan")


def make_system(
    cells: int,
    *,
    state: str = "lj",
    rebuild: str | int = "auto",
    regroup: str = "incremental",
    neighbor: str = "binned",
    isa: str | None = None,
    tile_size: int = 0,
    threads: int | None = 1,
    model: str = "lj",
) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray]:
    """An LjSystem set to the benchmark lattice; returns (system, positions, velocities, cell).

    ``state``: the initial density and temperature, a name in
    :data:`irreg.inputs.lattices.STATES` (``"lj"``: in.lj's); ValueError naming them otherwise.
    ``model``: ``"lj"`` (in.lj, the default) or ``"kob-andersen"`` (the binary mixture, at its
    own density 1.2 and the state's temperature).

    ``threads``: OpenMP threads of the neighbour build, regroup and forces, resolved by
    :func:`irreg.threads.resolve_threads` (None: ``IRREG_NUM_THREADS``, else OpenMP's default).
    The default 1 is the serial code the seed measures (``irreg bench md`` times it); forces
    agree with 1 thread to 1e-12 relative at any count."""
    start = lj_state(state)
    positions, cell, types, model_options = _model_start(model, cells, start.density)
    system = _core.LjSystem(
        **model_options,
        skin=SKIN,
        rebuild_every=parse_rebuild(rebuild),
        # LAMMPS's `every k check no` (in.lj): the benchmark's exact schedule; a list used after
        # an atom moved more than skin / 2 is counted in stats()["dangerous_builds"].
        check=False,
        regroup=regroup,
        neighbor=neighbor,
        isa=isa,
        tile_size=tile_size,
        threads=resolve_threads(threads),
    )
    system.set_system(positions, cell, [True, True, True], types=types)
    return system, positions, initial_velocities(len(positions), start.temperature), cell


def make_driver(cells: int, **system_options: Any) -> tuple[Any, Any]:
    """An LjSystem (options as :func:`make_system`) and a VelocityVerlet driver at the benchmark
    start; the driver has computed the forces of step 0."""
    system, positions, velocities, cell = make_system(cells, **system_options)
    driver = _core.VelocityVerlet(
        system, positions, velocities, mass=1.0, dt=TIMESTEP, volume=float(np.linalg.det(cell))
    )
    return system, driver


def run_lj(
    cells: int,
    steps: int,
    *,
    state: str = "lj",
    rebuild: str | int = "auto",
    regroup: str = "incremental",
    neighbor: str = "binned",
    isa: str | None = None,
    thermo_every: int = 0,
    on_thermo: Callable[[dict[str, float]], None] | None = None,
    threads: int | None = None,
    model: str = "lj",
) -> LjRun:
    """Runs the LJ benchmark for ``steps`` steps with the C++ driver.

    Thermo rows (step, temp, pe_per_atom, etotal_per_atom, press) are taken at step 0, every
    ``thermo_every`` steps (0: none between) and at the last step; ``on_thermo`` sees each as it
    comes (progress). ``seconds`` counts the steps only, not the set-up or the first forces.
    An integer ``rebuild`` is LAMMPS's ``every k check no``: ``stats["dangerous_builds"]`` counts
    the neighbour lists used after an atom had moved more than skin / 2 (pairs may be missed).
    ``state``, ``model`` and ``threads`` as :func:`make_system`, except that ``threads=None``
    (the default) is resolved here: ``IRREG_NUM_THREADS``, else OpenMP's default.
    """
    if steps < 0:
        raise ValueError(f"steps must be >= 0, got {steps}")
    system, driver = make_driver(
        cells,
        state=state,
        rebuild=rebuild,
        regroup=regroup,
        neighbor=neighbor,
        isa=isa,
        threads=threads,
        model=model,
    )
    run = LjRun(atoms=system.num_atoms, steps=steps, isa=system.isa, threads=system.threads)

    def record() -> None:
        row = driver.thermo()
        run.thermo.append(row)
        if on_thermo is not None:
            on_thermo(row)

    record()
    chunk = thermo_every if thermo_every > 0 else steps
    done = 0
    while done < steps:
        k = min(chunk, steps - done)
        t0 = time.perf_counter()
        driver.run(k)
        run.seconds += time.perf_counter() - t0
        done += k
        record()
    run.stats = system.stats()
    return run
