"""Several species for ``ase_irreg.LennardJones``: the listed elements, mixing rules, the
per-pair tables the C++ system takes, and each atom's type (DESIGN §7).

Python owns what only Python sees: which element is which type, per-element vectors mixed into
pairs, and the shapes of the tables. The values in the tables (symmetry, sigma > 0, rc > 0,
finite epsilon) are checked once, by the C++ system.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np
from ase.data import atomic_numbers, chemical_symbols

__all__ = ["MIXING_RULES", "atom_types", "element_numbers", "mix", "pair_tables"]

MIXING_RULES = ("lorentz-berthelot", "geometric")


def element_numbers(elements: Any) -> tuple[int, ...]:
    """Atomic numbers of ``elements`` (numbers or symbols, one or a sequence), in the order
    given: the k-th element is type k, row and column k of the pair tables."""
    if isinstance(elements, str | numbers.Integral):
        elements = [elements]
    try:
        items = list(elements)
    except TypeError:
        raise TypeError(f"elements must be atomic numbers or symbols, got {elements!r}") from None
    if not items:
        raise ValueError("elements must list at least one element")
    out = []
    for item in items:
        if isinstance(item, str):
            if item not in atomic_numbers:
                raise ValueError(f"elements: unknown chemical symbol {item!r}")
            z = atomic_numbers[item]
        elif isinstance(item, numbers.Integral) and not isinstance(item, bool):
            z = int(item)
            if not 0 < z < len(chemical_symbols):
                raise ValueError(f"elements: no element has atomic number {z}")
        else:
            raise TypeError(f"elements must be atomic numbers or symbols, got {item!r}")
        if z in out:
            raise ValueError(f"elements lists {chemical_symbols[z]} (Z={z}) twice")
        out.append(z)
    return tuple(out)


def atom_types(numbers_: np.ndarray, elements: Sequence[int]) -> np.ndarray:
    """Each atom's type, the index of its atomic number in ``elements``; an atom whose element
    is not listed raises, naming it (asap3 would silently give it no interaction)."""
    lookup = np.full(len(chemical_symbols), -1, dtype=np.int32)
    lookup[list(elements)] = np.arange(len(elements), dtype=np.int32)
    z = np.asarray(numbers_)
    bad = (z < 0) | (z >= len(lookup))
    types = np.where(bad, -1, lookup[np.where(bad, 0, z)])
    unknown = np.flatnonzero(types < 0)
    if unknown.size:
        first = int(unknown[0])
        zf = int(z[first])
        name = chemical_symbols[zf] if 0 <= zf < len(chemical_symbols) else f"Z={zf}"
        missing = sorted({int(v) for v in z[unknown]})
        raise ValueError(
            f"atom {first} is {name} (Z={zf}), which is not in elements "
            f"{[chemical_symbols[e] for e in elements]}; {len(unknown)} atom(s) of element(s) "
            f"{missing} lack parameters: list them in elements"
        )
    return types.astype(np.int32)


def mix(epsilon: np.ndarray, sigma: np.ndarray, rule: str) -> tuple[np.ndarray, np.ndarray]:
    """Pair (k, k) epsilon and sigma from per-element vectors by a mixing rule.

    ``"lorentz-berthelot"``: ``sigma_ij = (sigma_i + sigma_j) / 2``,
    ``epsilon_ij = sqrt(epsilon_i epsilon_j)`` (LAMMPS ``pair_modify mix arithmetic``);
    ``"geometric"``: both geometric means (LAMMPS ``mix geometric``, OPLS).
    """
    if rule not in MIXING_RULES:
        raise ValueError(f"mixing must be one of {list(MIXING_RULES)} or None, got {rule!r}")
    # Means of negative numbers are NaN or meaningless: refuse them by element, not by pair.
    for name, bad, need in (("epsilon", ~(epsilon >= 0), ">= 0"), ("sigma", ~(sigma > 0), "> 0")):
        if bad.any():
            k = int(np.flatnonzero(bad)[0])
            value = (epsilon if name == "epsilon" else sigma)[k]
            raise ValueError(f"{name}[{k}] = {value}: a per-element {name} must be {need} "
                             "to be mixed")
    eps = np.sqrt(np.outer(epsilon, epsilon))
    if rule == "lorentz-berthelot":
        sig = 0.5 * (sigma[:, None] + sigma[None, :])
    else:
        sig = np.sqrt(np.outer(sigma, sigma))
    return eps, sig


def _as_table(name: str, value: Any, k: int, *, vector_ok: bool) -> tuple[np.ndarray, str]:
    """``value`` as a float array and what it is: "scalar", "vector" (k,) or "matrix" (k, k)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        raise TypeError(f"{name} must be a number or an array of numbers, got {value!r}")
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a number or an array of numbers, got {value!r}") from None
    if a.ndim == 0:
        return a, "scalar"
    if vector_ok and a.shape == (k,):
        return a, "vector"
    if a.shape == (k, k):
        return a, "matrix"
    shapes = f"a number, a per-element vector ({k},) or a per-pair matrix ({k}, {k})" if (
        vector_ok) else f"a number or a per-pair matrix ({k}, {k})"
    raise ValueError(f"{name} has shape {a.shape}; with {k} element(s) it must be {shapes}")


def pair_tables(
    k: int, epsilon: Any, sigma: Any, rc: Any, mixing: str | None
) -> dict[str, np.ndarray]:
    """The (k, k) tables of k species from the calculator's parameters.

    ``epsilon`` and ``sigma``: a number (every pair), per-element vectors (k,) mixed by
    ``mixing``, or per-pair (k, k) matrices (taken as given; ``mixing`` must be None).
    ``rc``: a number, a (k, k) matrix, or None for ``3 sigma_ij`` per pair.
    """
    eps, eps_kind = _as_table("epsilon", epsilon, k, vector_ok=True)
    sig, sig_kind = _as_table("sigma", sigma, k, vector_ok=True)
    kinds = {eps_kind, sig_kind}
    if "vector" in kinds:
        if mixing is None:
            raise ValueError(
                "per-element epsilon or sigma (a vector of one value per element) needs a "
                f"mixing rule: mixing={MIXING_RULES[0]!r} or {MIXING_RULES[1]!r}; or give "
                f"({k}, {k}) matrices of every pair"
            )
        if "matrix" in kinds:
            raise ValueError("epsilon and sigma must both be per-element vectors to be mixed; "
                             "got one vector and one (k, k) matrix")
        eps, sig = mix(np.broadcast_to(eps, (k,)).copy(), np.broadcast_to(sig, (k,)).copy(),
                       mixing)
    elif mixing is not None:
        if mixing not in MIXING_RULES:
            raise ValueError(f"mixing must be one of {list(MIXING_RULES)} or None, got {mixing!r}")
        raise ValueError(f"mixing={mixing!r} mixes per-element vectors; epsilon and sigma are "
                         "not vectors (give vectors, or mixing=None with per-pair matrices)")
    eps = np.broadcast_to(eps, (k, k))
    sig = np.broadcast_to(sig, (k, k))
    if rc is None:
        cut = 3.0 * sig  # ASE's default, 3 sigma, per pair
    else:
        cut, _ = _as_table("rc", rc, k, vector_ok=False)
        cut = np.broadcast_to(cut, (k, k))
    return {name: np.ascontiguousarray(a, dtype=float)
            for name, a in (("pair_epsilon", eps), ("pair_sigma", sig), ("pair_rc", cut))}
