"""``ase_irreg.LennardJones``: ASE's Lennard-Jones calculator over a grouped, incrementally
regrouped neighbour index (seed 000 §5; DESIGN §7).

It takes the parameters of :class:`ase.calculators.lj.LennardJones` with the same energy
convention, and keeps its C++ state (atoms in a locality order, the neighbour list with a skin and
its grouped index) from one call to the next. A rebuild happens when an atom has moved more than
``skin / 2`` since the last one (``rebuild="auto"``), so every result equals a from-scratch
calculation; an integer ``rebuild`` is the seed's fixed schedule instead.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np
from ase.calculators.calculator import Calculator, PropertyNotImplementedError, all_changes

from irreg import _core

REGROUP_MODES = ("incremental", "full", "none")
NEIGHBOR_METHODS = ("binned", "allpairs")
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
        integer ``k``: rebuild every ``k`` calculations (the seed's fixed schedule; pairs that
        come within ``rc`` between rebuilds are missed if atoms move farther than the skin).
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

    Notes
    -----
    Properties: ``energy``, ``free_energy``, ``energies``, ``forces``, ``stress`` and
    ``stresses`` (the last two only for a cell of rank 3, as in ASE). ``calc.stats`` reports
    rebuilds, pairs added and removed, holes, SIMD utilization and seconds per phase.
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
    }
    nolabel = True

    def __init__(self, **kwargs: Any) -> None:
        unknown = set(kwargs) - set(self.default_parameters) - _CALCULATOR_KEYWORDS
        if unknown:
            raise TypeError(
                f"LennardJones got unknown parameter(s) {sorted(unknown)}; "
                f"accepted: {sorted(self.default_parameters)}"
            )
        Calculator.__init__(self, **kwargs)
        self._system: Any = None
        self._resolve_parameters()

    # --- parameters -------------------------------------------------------------------------
    def _resolve_parameters(self) -> None:
        p = self.parameters
        sigma = _number("sigma", p.sigma)
        if not sigma > 0:
            raise ValueError(f"sigma must be > 0, got {sigma}")
        _number("epsilon", p.epsilon)
        if p.rc is None:
            p.rc = 3 * sigma
        rc = _number("rc", p.rc)
        if not rc > 0:
            raise ValueError(f"rc must be a positive cutoff, got {rc}")
        if p.ro is None:
            p.ro = 0.66 * rc
        ro = _number("ro", p.ro)
        if p.smooth and not 0 <= ro < rc:
            raise ValueError(f"ro must satisfy 0 <= ro < rc with smooth=True, got ro={ro}, rc={rc}")
        skin = 0.3 * sigma if p.skin is None else _number("skin", p.skin)
        if not skin >= 0:
            raise ValueError(f"skin must be >= 0, got {skin}")
        rebuild = p.rebuild
        if isinstance(rebuild, str):
            if rebuild != "auto":
                raise ValueError(f"rebuild must be 'auto' or a positive integer, got {rebuild!r}")
            every = 0
        elif isinstance(rebuild, numbers.Integral) and not isinstance(rebuild, bool) and rebuild >= 1:
            every = int(rebuild)
        else:
            raise ValueError(f"rebuild must be 'auto' or a positive integer, got {rebuild!r}")
        if p.regroup not in REGROUP_MODES:
            raise ValueError(f"regroup must be one of {REGROUP_MODES}, got {p.regroup!r}")
        if p.neighbor not in NEIGHBOR_METHODS:
            raise ValueError(f"neighbor must be one of {NEIGHBOR_METHODS}, got {p.neighbor!r}")
        tile = 0 if p.tile_size is None else p.tile_size
        if isinstance(tile, bool) or not isinstance(tile, numbers.Integral) or tile < 0:
            raise ValueError(f"tile_size must be a power of two, got {p.tile_size!r}")
        self._options = {
            "epsilon": float(p.epsilon), "sigma": sigma, "rc": rc, "ro": ro, "smooth": bool(p.smooth),
            "shift": True, "skin": skin, "rebuild_every": every, "regroup": p.regroup,
            "neighbor": p.neighbor, "tile_size": int(tile), "isa": p.isa,
        }
        # Validates the rest (tile size, ISA) now rather than at the first calculation.
        _core.LjSystem(**self._options)

    def set(self, **kwargs: Any) -> dict:
        changed = Calculator.set(self, **kwargs)
        if changed:
            self._resolve_parameters()
            self._system = None
        return changed

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
        if self._system is None:
            return {"rebuilds": 0, "computes": 0}
        stats = self._system.stats()
        stats["isa"] = self._system.isa
        stats["regroup"] = self._options["regroup"]
        stats["neighbor"] = self._options["neighbor"]
        return stats

    def calculate(self, atoms=None, properties=None, system_changes=all_changes) -> None:
        if properties is None:
            properties = self.implemented_properties
        Calculator.calculate(self, atoms, properties, system_changes)
        atoms = self.atoms
        n = len(atoms)
        if self._system is None or not set(system_changes) <= _IN_PLACE_CHANGES or (
            self._system.num_atoms != n
        ):
            self._system = _core.LjSystem(**self._options)
            self._system.set_system(atoms.positions, atoms.cell.array, atoms.pbc)
        elif {"cell", "pbc"} & set(system_changes):
            self._system.set_system(atoms.positions, atoms.cell.array, atoms.pbc)

        want_energy = bool({"energy", "free_energy", "stress"} & set(properties))
        per_atom = bool({"energies", "stresses"} & set(properties))
        rank3 = atoms.cell.rank == 3
        if ("stress" in properties or "stresses" in properties) and not rank3:
            raise PropertyNotImplementedError(
                "stress needs a cell of rank 3 (three independent cell vectors)"
            )
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


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {value!r}")
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value}")
    return value
