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

from ase_irreg.species import atom_types, element_numbers, pair_tables
from irreg import _core
from irreg.rebuild_schedule import parse_rebuild
from irreg.threads import resolve_threads

# Changes that leave the atoms' number alone: the C++ state is updated, not rebuilt from scratch.
_CALCULATOR_KEYWORDS = {"restart", "ignore_bad_restart_file", "label", "atoms", "directory"}
_IN_PLACE_CHANGES = {"positions", "cell", "pbc", "initial_charges", "initial_magmoms"}


class LennardJones(Calculator):
    """Lennard-Jones potential with a SIMD force kernel over a grouped neighbour index.

    One species, as :class:`ase.calculators.lj.LennardJones` (``sigma``, ``epsilon``, ``rc``,
    ``ro``, ``smooth``, same defaults and energies), or several: ``elements`` lists them and
    ``epsilon``, ``sigma`` (and ``rc``) become per-element vectors with a ``mixing`` rule or
    per-pair (k, k) matrices.

    Parameters
    ----------
    sigma, epsilon : float or array
        As in :class:`ase.calculators.lj.LennardJones`: the minimum of a pair is ``-epsilon``
        at ``2**(1/6) * sigma``. Defaults 1.0. With ``elements`` (k of them): a number (every
        pair), a per-element vector of k values mixed by ``mixing``, or a symmetric (k, k)
        matrix of every pair, row and column i for ``elements[i]``.
    rc : float or array, optional
        Cutoff; ``3 * sigma`` (per pair with ``elements``) if None. With ``elements``, a
        number (every pair) or a symmetric (k, k) matrix of per-pair cutoffs.
    ro : float, optional
        Onset of ASE's smooth cutoff function (``smooth=True``), below every pair's cutoff;
        ``0.66 * rc`` (the smallest pair cutoff with ``elements``) if None.
    smooth : bool
        Multiply the pair energy by ASE's C^1 cutoff function between ``ro`` and ``rc``
        instead of shifting it.
    shift : bool
        With ``smooth=False``: subtract each pair's energy at its cutoff (True, the default:
        ASE's convention, asap3's ``modified=True``, LAMMPS's ``pair_modify shift yes``), or
        not (False: LAMMPS's plain ``lj/cut``, asap3's ``modified=False``). Forces are the
        same either way. No effect with ``smooth=True``, which never shifts (as in ASE).
    elements : sequence of int or str, optional
        The species, as atomic numbers or symbols; ``elements[i]`` is row and column i of the
        pair parameters. None (the default): one species, whatever ``atoms.numbers`` holds.
        Given, every atom's element must be listed (else ValueError naming it); the types
        follow ``atoms.numbers`` at each calculation.
    mixing : {"lorentz-berthelot", "geometric"}, optional
        How per-element vectors become pairs: ``"lorentz-berthelot"``, ``sigma_ij = (sigma_i
        + sigma_j) / 2`` and ``epsilon_ij = sqrt(epsilon_i epsilon_j)`` (LAMMPS ``pair_modify
        mix arithmetic``), or ``"geometric"``, both geometric means. Only with vectors.
    skin : float, optional
        Neighbour list radius beyond the largest cutoff; ``0.3 * sigma`` (the largest pair
        sigma with ``elements``) if None.
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
    The energy of a pair of types a, b at distance r < rc_ab is

    .. math::

        u(r) = 4 \\epsilon_{ab} [(\\sigma_{ab}/r)^{12} - (\\sigma_{ab}/r)^6] - s_{ab},

    with ``s_ab = u_LJ(rc_ab)`` when ``shift=True`` and ``smooth=False`` (so ``u(rc_ab) =
    0``: no jump in the energy at the cutoff; ASE's default and asap3's ``modified=True``),
    ``s_ab = 0`` otherwise (LAMMPS ``lj/cut``); with ``smooth=True`` the unshifted ``u`` is
    multiplied by ASE's cutoff function ``f(r)``, 1 below ``ro`` and ``(rc^2 - r^2)^2 (rc^2 +
    2 r^2 - 3 ro^2) / (rc^2 - ro^2)^3`` between ``ro`` and ``rc_ab``, so energy and force both
    go to zero at the cutoff. Each atom's ``energies`` entry holds half of each of its pairs.
    For asap3's positional signature and its conventions (lower-triangle matrices, one
    cutoff ``3 max(sigma)`` by default) use :func:`lennard_jones_asap3`.

    Properties: ``energy``, ``free_energy``, ``energies``, ``forces``, ``stress`` and
    ``stresses`` (the last two only for a cell of rank 3, as in ASE). ``calc.stats`` reports
    rebuilds, pairs added and removed, holes, SIMD utilization and seconds per phase.

    One calculator may serve several Atoms and several threads: calls are serialized on a
    per-calculator lock, and each Atoms gets its own right results (ASE recomputes when the
    atoms differ from the last ones, so alternating Atoms cost a neighbour rebuild each time).

    Examples
    --------
    An argon-krypton mixture, Lorentz-Berthelot mixing, unshifted as in LAMMPS:

    >>> calc = LennardJones(elements=["Ar", "Kr"], epsilon=[0.0104, 0.014],
    ...                     sigma=[3.40, 3.65], rc=9.0, mixing="lorentz-berthelot",
    ...                     shift=False)
    """

    implemented_properties = ["energy", "energies", "forces", "free_energy", "stress", "stresses"]  # noqa: RUF012  (ASE API)
    default_parameters: dict[str, Any] = {  # noqa: RUF012  (ASE API)
        "epsilon": 1.0,
        "sigma": 1.0,
        "rc": None,
        "ro": None,
        "smooth": False,
        "shift": True,
        "elements": None,
        "mixing": None,
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
        if not isinstance(p.shift, bool | np.bool_):
            raise TypeError(f"shift must be True or False, got {p.shift!r}")
        if p.elements is None:
            self._elements = None
            _check_one_species(p)
            if p.rc is None:
                p.rc = _times(3, p.sigma)
            if p.ro is None:
                p.ro = _times(0.66, p.rc)
            model = {"epsilon": p.epsilon, "sigma": p.sigma, "rc": p.rc, "ro": p.ro}
            skin = _times(0.3, p.sigma) if p.skin is None else p.skin
        else:
            self._elements = element_numbers(p.elements)
            tables = pair_tables(len(self._elements), p.epsilon, p.sigma, p.rc, p.mixing)
            model = _species_model(tables, p.ro)
            skin = 0.3 * float(np.max(tables["pair_sigma"])) if p.skin is None else p.skin
        self._options = {
            **model,
            "smooth": bool(p.smooth), "shift": bool(p.shift), "skin": skin,
            "rebuild_every": parse_rebuild(p.rebuild), "regroup": p.regroup,
            "neighbor": p.neighbor, "tile_size": p.tile_size, "isa": p.isa,
            "threads": resolve_threads(p.threads),  # a bad value raises naming `threads`
        }
        self._system = _core.LjSystem(**self._options)
        self._has_atoms = False  # set_system not called yet

    def _set_system(self, atoms) -> None:
        """Hands positions, cell, pbc and (with ``elements``) the atom types to the system."""
        if self._elements is None:
            self._system.set_system(atoms.positions, atoms.cell.array, atoms.pbc)
        else:
            types = atom_types(atoms.numbers, self._elements)
            self._system.set_system(atoms.positions, atoms.cell.array, atoms.pbc, types=types)

    def set(self, **kwargs: Any) -> dict:
        with self._lock:
            changed = Calculator.set(self, **kwargs)
            if changed:
                self._resolve_parameters()
                # ASE's Calculator keeps the old results (so does ase.calculators.lj): they no
                # longer belong to these parameters.
                self.reset()
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
            # A change of atoms.numbers lands here too: new types need a new system.
            if self._has_atoms:
                self._system = _core.LjSystem(**self._options)
            self._set_system(atoms)
            self._has_atoms = True
        elif {"cell", "pbc"} & set(system_changes):
            self._set_system(atoms)

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


def lennard_jones_asap3(
    elements: Any,
    epsilon: Any,
    sigma: Any,
    rCut: float = -1.0,
    modified: bool = True,
    **options: Any,
) -> LennardJones:
    """``asap3.LennardJones(elements, epsilon, sigma, rCut, modified)`` with asap3's meaning,
    as an :class:`LennardJones`: switching from asap3 is a change of one name.

    Parameters
    ----------
    elements : int or sequence of int
        Atomic numbers (symbols also work); ``elements[i]`` is row and column i.
    epsilon, sigma : float or array
        As asap3 takes them: (k, k) matrices of which only the lower triangle (``i >= j``) is
        used, so they must be symmetric or lower triangular (a nonzero upper entry that differs
        from its mirror raises ValueError, as in asap3); or the same matrix flattened to k*k
        values (lower triangle used, not checked); a number when k = 1. No mixing rule: every
        pair is given.
    rCut : float
        One cutoff for every pair; a negative value (the default -1) means ``3 * max(sigma)``
        over the entries given, as asap3's ``CalculateRCut``.
    modified : bool
        Subtract each pair's energy at ``rCut`` (True, the default) or not:
        :class:`LennardJones`'s ``shift``.
    **options
        Any other :class:`LennardJones` option (``skin``, ``rebuild``, ``regroup``, ``isa``,
        ``threads``, ...).

    Notes
    -----
    One difference: asap3 gives atoms of an element missing from ``elements`` no interaction
    at all, silently; here they raise ValueError naming the element.
    """
    taken = {"epsilon", "sigma", "rc", "ro", "smooth", "shift", "elements", "mixing"} & set(options)
    if taken:
        raise TypeError(f"lennard_jones_asap3 sets {sorted(taken)} itself (from asap3's "
                        "arguments); give them to LennardJones instead")
    elements = element_numbers(elements)
    k = len(elements)
    eps = _asap3_matrix("epsilon", epsilon, k)
    sig = _asap3_matrix("sigma", sigma, k)
    if isinstance(rCut, numbers.Real) and not isinstance(rCut, bool) and rCut < 0:
        # asap3 takes the largest of all the entries it was given, upper ones included.
        rCut = 3.0 * float(np.max(np.asarray(sigma, dtype=float)))
    return LennardJones(elements=elements, epsilon=eps, sigma=sig, rc=rCut,
                        shift=bool(modified), **options)


def _asap3_matrix(name: str, value: Any, k: int) -> np.ndarray:
    """asap3's epsilon or sigma (a number for one element, a lower-triangular or symmetric
    (k, k) matrix, or that matrix flattened) as a symmetric (k, k) matrix."""
    a = np.asarray(value, dtype=float)
    if a.ndim == 0:
        if k != 1:
            raise TypeError(f"LennardJones: {name} parameter cannot be a scalar ({k} elements)")
        return a.reshape(1, 1)
    if a.shape == (k * k,):
        a = a.reshape(k, k)
    elif a.shape == (k, k):
        upper = np.triu(np.ones((k, k), dtype=bool), 1)
        bad = upper & (a != 0) & (a != a.T)
        if bad.any():
            i, j = (int(v) for v in np.argwhere(bad)[0])
            raise ValueError(
                f"LennardJones: {name} matrix must be a symmetric or a lower triangular matrix; "
                f"{name}[{i}][{j}] = {a[i, j]} but {name}[{j}][{i}] = {a[j, i]} (asap3 uses "
                "the lower triangle)"
            )
    else:
        raise TypeError(f"LennardJones: {name} parameter should be a {k}x{k} array, got shape "
                        f"{a.shape}")
    lower = np.tril(a)
    return lower + np.tril(a, -1).T


def _species_model(tables: dict[str, np.ndarray], ro: Any) -> dict[str, Any]:
    """The system's model options for several species: the pair tables, and the scalar
    epsilon, sigma and rc it still wants as valid numbers (its own defaults; unused)."""
    cut = tables["pair_rc"]
    if ro is None:
        ro = 0.66 * float(np.min(cut))  # ASE's 0.66 rc, below every pair's cutoff
    return {"epsilon": 1.0, "sigma": 1.0, "rc": 3.0, "ro": ro, **tables}


def _check_one_species(p: Any) -> None:
    """Arrays of parameters without ``elements``: say what is missing, before the system says
    only that a number was expected."""
    for name in ("epsilon", "sigma", "rc"):
        value = p[name]
        if isinstance(value, list | tuple | np.ndarray) and np.ndim(value) > 0:
            raise TypeError(
                f"{name} must be a number with one species; per-element or per-pair values "
                "need elements=[...] listing the species their entries stand for"
            )
    if p.mixing is not None:
        raise ValueError("mixing needs elements=[...] and per-element epsilon and sigma")


def _times(factor: float, value: Any) -> Any:
    """``factor * value`` for a default derived from a number; anything else is passed on
    unchanged, for the C++ system to report under its own name."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return factor * value
    return value
