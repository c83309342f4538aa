"""Peak memory and time of one Lennard-Jones force call from scratch, irreg against LAMMPS and
asap3, each in a fresh Python process (a process's peak resident size cannot be reset, so every
measurement gets its own): the LJ benchmark lattice of ``cells``^3 fcc cells (1,000,188 atoms at
63), one thread.

- ``irreg``: ``set_system`` (wrap, spatial order) and the first ``compute`` (neighbour list,
  grouped pairs, forces), as ``irreg.md_driver.make_system`` sets them up, Inc-Group.
- ``lammps``: LAMMPS's ``run 0`` (set-up, neighbour list, forces) of ``bench/in.lj``.
- ``asap3``: ``atoms.get_forces()`` with asap3's ``LennardJones`` (its neighbour list and forces)
  on ASE ``Atoms`` holding the lattice.

Peak is the child's high-water resident size (``VmHWM``, reset just before the call through
``/proc/self/clear_refs``, so imports and set-up that peaked earlier do not count) minus what it
held just before (interpreter, imports and the positions). Run as
``python -m irreg.bench.md_memory {irreg,lammps,asap3} CELLS``; it prints JSON.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from typing import Any

__all__ = ["IMPLS", "measure"]

IMPLS = ("irreg", "lammps", "asap3")


def _resident_mb() -> float:
    """Current resident size of this process, MB (from /proc: ru_maxrss is the peak)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def _reset_peak() -> None:
    """Resets this process's high-water mark to its current resident size (Linux >= 4.0)."""
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def _peak_mb() -> float:
    """High-water resident size since the last reset (``ru_maxrss`` cannot be reset)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child(impl: str, cells: int) -> dict[str, Any]:
    if impl == "irreg":
        from irreg import _core
        from irreg import md_driver as md
        from irreg.inputs.lattices import fcc_lattice

        positions, cell = fcc_lattice(cells)
        system = _core.LjSystem(rc=md.CUTOFF, skin=md.SKIN, shift=False, threads=1)
        before = _resident_mb()
        _reset_peak()
        t0 = time.perf_counter()
        system.set_system(positions, cell, [True, True, True])
        system.compute(positions, energy_virial=True)
        seconds = time.perf_counter() - t0
        stats = system.stats()
        return {"atoms": len(positions), "seconds": seconds, "before_mb": before,
                "peak_mb": _peak_mb(), "pairs": stats["pairs"], "isa": stats["isa"],
                "memory": stats.get("memory")}
    if impl == "asap3":
        try:
            from asap3 import LennardJones
        except ImportError:
            return {"skipped": "asap3 is not installed (pip install asap3)"}
        from ase import Atoms

        from irreg import md_driver as md
        from irreg.inputs.lattices import fcc_lattice

        positions, cell = fcc_lattice(cells)
        atoms = Atoms(f"Ar{len(positions)}", positions=positions, cell=cell, pbc=True)
        atoms.calc = LennardJones([18], [1.0], [1.0], rCut=md.CUTOFF, modified=False)
        before = _resident_mb()
        _reset_peak()
        t0 = time.perf_counter()
        atoms.get_forces()
        seconds = time.perf_counter() - t0
        return {"atoms": len(positions), "seconds": seconds, "before_mb": before,
                "peak_mb": _peak_mb()}
    from irreg.bench.peers import lammps

    reason = lammps.lammps_available()
    if reason is not None:
        return {"skipped": reason}
    lammps.load()  # import and load LAMMPS and MPI before the reset
    before = _resident_mb()
    _reset_peak()
    run = lammps.run_lammps_lj(cells, 0)
    return {"atoms": run.atoms, "seconds": run.setup_seconds, "before_mb": before,
            "peak_mb": _peak_mb()}


def measure(impl: str, cells: int) -> dict[str, Any]:
    """One measurement in a child process: ``atoms``, ``seconds``, ``peak_mb`` (growth over
    ``before_mb``), or ``skipped`` with the reason."""
    out = subprocess.run([sys.executable, "-m", "irreg.bench.md_memory", impl, str(cells)],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise RuntimeError(f"md_memory {impl} {cells} failed:\n{out.stderr[-2000:]}")
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if "peak_mb" in result:
        result["peak_growth_mb"] = result["peak_mb"] - result["before_mb"]
    return result


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in IMPLS:
        sys.exit("usage: python -m irreg.bench.md_memory {irreg,lammps,asap3} CELLS")
    print(json.dumps(_child(sys.argv[1], int(sys.argv[2]))))
