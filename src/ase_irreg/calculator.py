"""``ase_irreg.LennardJones``: ASE's Lennard-Jones calculator over a grouped, incrementally
regrouped neighbour index (seed 000 §5; DESIGN §7).

It takes the parameters of :class:`ase.calculators.lj.LennardJones` with the same energy
convention, and keeps its C++ state (atoms in a locality order, the neighbour list with a skin and
its grouped index) from one call to the next. A rebuild happens when an atom has moved more than
``skin / 2`` since the last one, so every result equals a from-scratch calculation; an integer
``rebuild`` adds the seed's fixed schedule to that check (LAMMPS's ``every k check yes``).
"""

from __future__ import annotations

import numbers
import threading
from typing import Any

import numpy as np
from ase.calculators.calculator import Calculator, PropertyNotImplementedError, all_changes

from irreg import _core
from irreg.md_driver import parse_rebuild
from irreg.threads import resolve_threads

# Changes that leave the atoms' number alone: the C++ state is updated, not rebuilt from scratch.
_CALCULATOR_KEYWORDS = {"restart", "ignore_bad_restart_file", "label", "atoms", "directory"}
_IN_PLACE_CHANGES = {"positions", "cell", "pbc", "initial_charges", "initial_magmoms"}


class LennardJones(Calculator):
    """Lennard-Jones potential with a SIMD force kernel over a grouped neighbour index.

    Parameters
    ----------
    sigma, epsilon : float
        As in :class:`ase.calculators.lj.LennardJones`: the minimum is ``-epsilon`` at
        ``2**(1/6) * sigma``. Defaults 1.0.
    rc : float, optional
        Cutoff; ``3 * sigma`` if None. With ``smooth=False`` the pair energy is shifted to be
        zero at ``rc`` (ASE's convention).
    ro : float, optional
        Onset of ASE's smooth cutoff function (``smooth=True``); ``0.66 * rc`` if None.
    smooth : bool
        Multiply the pair energy by ASE's C^1 cutoff function between ``ro`` and ``rc``
        instead of shifting it.
    skin : float, optional
        Neighbour list radius beyond ``rc``; ``0.3 * sigma`` if None.
    rebuild : "auto" or int
        ``"auto"`` (default): rebuild the neighbour list when any atom moved more than
        ``skin / 2`` since the last build, so results always equal a fresh calculation. An
        integer ``k``: rebuild every ``k`` calculations (the seed's fixed schedule) and also
        whenever an atom moved more than ``skin / 2`` (LAMMPS's ``every k check yes``): an
        atom moved by a cell vector (``atoms.wrap()``) or a new frame counts as moved, so
        results still equal a fresh calculation.
    regroup : {"incremental", "full", "none"}
        How a rebuilt list reaches the grouped index: Search-and-Update of the index
        collection (Inc-Group, default), regroup every pair (Regroup-All), or no grouping at all
        (Non-Group: plain list, scalar force loop).
    neighbor : {"binned", "allpairs"}
        Cell-list (MiniMD) or all-pairs (Moldyn) neighbour build.
    tile_size : int, optional
        Tile edge of the grouped index (a power of two); the built-in default if None.
    isa : str, optional
        Force an instruction set (``ase_irreg.available_isas()``); the best one if None.
    threads : int, optional
        OpenMP threads of the neighbour build, the regroup and the force kernel; if None,
        resolved at each calculation from ``IRREG_NUM_THREADS``, else OpenMP's default
        (:func:`irreg.threads.resolve_threads`). 1 is the serial code. Results agree with
        ``threads=1`` to 1e-12 relative; pair lists and rebuilds are identical.

    Notes
    -----
    Properties: ``energy``, ``free_energy``, ``energies``, ``forces``, ``stress`` and
    ``stresses`` (the last two only for a cell of rank 3, as in ASE). ``calc.stats`` reports
    rebuilds, pairs added and removed, holes, SIMD utilization and seconds per phase.

    One calculator may serve several Atoms and several threads: calls are serialized on a
    per-calculator lock, and each Atoms gets its own right results (ASE recomputes when the
    atoms differ from the last ones, so alternating Atoms cost a neighbour rebuild each time).
    """

    implemented_properties = ["energy", "energies", "forces", "free_energy", "stress", "stresses"]  # noqa: RUF012  (ASE API)
    default_parameters: dict[str, Any] = {  # noqa: RUF012  (ASE API)
        "epsilon": 1.0,
        "sigma": 1.0,
        "rc": None,
        "ro": None,
        "smooth": False,
        "skin": None,
        "rebuild": "auto",
        "regroup": "incremental",
        "neighbor": "binned",
        "tile_size": None,
        "isa": None,
        "threads": None,
    }
    nolabel = True

    def __init__(self, **kwargs: Any) -> None:
        unknown = set(kwargs) - set(self.default_parameters) - _CALCULATOR_KEYWORDS
        if unknown:
            raise TypeError(
                f"LennardJones got unknown parameter(s) {sorted(unknown)}; "
                f"accepted: {sorted(self.default_parameters)}"
            )
        # Reentrant: get_property holds it while ASE calls calculate, set and reset.
        self._lock = threading.RLock()
        with self._lock:
            Calculator.__init__(self, **kwargs)
            self._resolve_parameters()

    # --- parameters -------------------------------------------------------------------------
    def _resolve_parameters(self) -> None:
        """Maps ASE's parameters and defaults onto the C++ system's options. The C++ system is
        the one authority that checks them: it is built here, so bad values raise now."""
        p = self.parameters
        if p.rc is None:
            p.rc = _times(3, p.sigma)
        if p.ro is None:
            p.ro = _times(0.66, p.rc)
        self._options = {
            "epsilon": p.epsilon, "sigma": p.sigma, "rc": p.rc, "ro": p.ro,
            "smooth": bool(p.smooth), "shift": True,
            "skin": _times(0.3, p.sigma) if p.skin is None else p.skin,
            "rebuild_every": parse_rebuild(p.rebuild), "regroup": p.regroup,
            "neighbor": p.neighbor, "tile_size": p.tile_size, "isa": p.isa,
            "threads": resolve_threads(p.threads),  # a bad value raises naming `threads`
        }
        self._system = _core.LjSystem(**self._options)
        self._has_atoms = False  # set_system not called yet

    def set(self, **kwargs: Any) -> dict:
        with self._lock:
            changed = Calculator.set(self, **kwargs)
            if changed:
                self._resolve_parameters()
            return changed

    def reset(self) -> None:
        with self._lock:
            Calculator.reset(self)

    def get_property(self, name: str, atoms=None, allow_calculation: bool = True) -> Any:
        # The whole compare-calculate-read: another thread's atoms must not replace self.atoms
        # and self.results between this call's calculation and its read of the results.
        with self._lock:
            return Calculator.get_property(self, name, atoms, allow_calculation)

    # --- state ------------------------------------------------------------------------------
    def check_state(self, atoms, tol: float = 1e-15) -> list[str]:
        """Changes since the last calculation, as ``compare_atoms`` reports them.

        Exact comparisons (``np.array_equal``) instead of ASE's tolerance: every change ASE
        would see is seen, at a fraction of the cost of ``np.isclose`` on every array.
        """
        old = self.atoms
        if old is None:
            return list(all_changes)
        changes = []
        if not np.array_equal(old.cell.array, atoms.cell.array):
            changes.append("cell")
        if not np.array_equal(old.pbc, atoms.pbc):
            changes.append("pbc")
        keys1, keys2 = set(old.arrays), set(atoms.arrays)
        watched = set(all_changes)
        changes += sorted(watched & (keys1 ^ keys2))
        for key in watched & keys1 & keys2:
            a, b = old.arrays[key], atoms.arrays[key]
            if a.shape != b.shape or not np.array_equal(a, b):
                changes.append(key)
        return changes

    @property
    def stats(self) -> dict:
        """Rebuilds, pairs added/removed, holes, SIMD utilization and seconds per phase."""
        with self._lock:  # set() may replace the system and options meanwhile
            if not self._has_atoms:
                return {"rebuilds": 0, "computes": 0}
            stats = self._system.stats()
            stats["isa"] = self._system.isa
            stats["regroup"] = self._options["regroup"]
            stats["neighbor"] = self._options["neighbor"]
            return stats

    def calculate(self, atoms=None, properties=None, system_changes=all_changes) -> None:
        with self._lock:
            self._calculate(atoms, properties, system_changes)

    def _calculate(self, atoms, properties, system_changes) -> None:
        if properties is None:
            properties = self.implemented_properties
        Calculator.calculate(self, atoms, properties, system_changes)
        atoms = self.atoms
        n = len(atoms)
        if not self._has_atoms or not set(system_changes) <= _IN_PLACE_CHANGES or (
            self._system.num_atoms != n
        ):
            if self._has_atoms:
                self._system = _core.LjSystem(**self._options)
            self._system.set_system(atoms.positions, atoms.cell.array, atoms.pbc)
            self._has_atoms = True
        elif {"cell", "pbc"} & set(system_changes):
            self._system.set_system(atoms.positions, atoms.cell.array, atoms.pbc)

        want_energy = bool({"energy", "free_energy", "stress"} & set(properties))
        per_atom = bool({"energies", "stresses"} & set(properties))
        rank3 = atoms.cell.rank == 3
        if ("stress" in properties or "stresses" in properties) and not rank3:
            raise PropertyNotImplementedError(
                "stress needs a cell of rank 3 (three independent cell vectors)"
            )
        self._system.threads = resolve_threads(self.parameters.threads)
        out = self._system.compute(
            atoms.positions, energy_virial=want_energy or per_atom, per_atom=per_atom
        )
        self.results["forces"] = out["forces"]
        if "energy" in out:
            self.results["energy"] = out["energy"]
            self.results["free_energy"] = out["energy"]
            if rank3:
                volume = atoms.get_volume()
                self.results["stress"] = np.array(out["virial"]) / volume
        if per_atom:
            self.results["energies"] = out["energies"]
            if rank3:
                self.results["stresses"] = out["atom_virials"] / atoms.get_volume()


def _times(factor: float, value: Any) -> Any:
    """``factor * value`` for a default derived from a number; anything else is passed on
    unchanged, for the C++ system to report under its own name."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return factor * value
    return value
