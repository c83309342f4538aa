"""Several species in ``ase_irreg.LennardJones`` and ``lennard_jones_asap3``: energies, forces,
per-atom energies and stresses of mixtures against a NumPy reference over ASE's neighbour list
(``tests/lj_reference.py``), against asap3 where it is installed, and against finite
differences; the energy conventions (shifted or not, smooth); the errors that name bad input.
"""

from __future__ import annotations

import numpy as np
import pytest
from ase import Atoms
from ase.build import bulk
from ase.calculators.fd import calculate_numerical_forces, calculate_numerical_stress
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ase_irreg import LennardJones, lennard_jones_asap3
from ase_irreg.species import atom_types, mix
from lj_reference import reference_lj

RTOL = 1e-10
REGROUPS = ("incremental", "none")

# Argon, krypton, neon in eV and Angstrom (per element; pairs by Lorentz-Berthelot).
ELEMENTS = (18, 36, 10)
EPSILON = np.array([0.0104, 0.0140, 0.0031])
SIGMA = np.array([3.40, 3.65, 2.75])


def assert_close(got, want, what: str, rtol: float = RTOL) -> None:
    want = np.asarray(want)
    scale = max(float(np.max(np.abs(want))), 1e-300)
    err = float(np.max(np.abs(np.asarray(got) - want))) / scale
    assert err <= rtol, f"{what}: relative error {err:.3g}"


def with_species(atoms: Atoms, k: int, seed: int) -> Atoms:
    """``atoms`` with its elements drawn from the first k of ELEMENTS, every one present."""
    rng = np.random.default_rng(seed)
    types = rng.integers(0, k, len(atoms))
    types[:k] = np.arange(k)
    atoms = atoms.copy()
    atoms.numbers = np.array(ELEMENTS)[types]
    return atoms


def systems() -> dict[str, Atoms]:
    rng = np.random.default_rng(5)
    out = {}
    crystal = bulk("Ar", "fcc", a=5.4, cubic=True).repeat((3, 3, 3))
    crystal.positions += rng.normal(0, 0.15, crystal.positions.shape)
    out["periodic"] = crystal
    tri = Atoms("Ar4", scaled_positions=rng.uniform(0, 1, (4, 3)),
                cell=[[6.8, 0, 0], [3.7, 6.5, 0], [2.4, 1.7, 6.1]], pbc=True).repeat((2, 2, 2))
    tri.positions += rng.normal(0, 0.05, tri.positions.shape)
    out["triclinic"] = tri
    points = [rng.uniform(0, 12, 3)]
    while len(points) < 40:
        p = rng.uniform(0, 12, 3)
        if min(np.linalg.norm(p - q) for q in points) > 2.9:
            points.append(p)
    out["open_cluster"] = Atoms(positions=points, numbers=[18] * 40)  # no cell at all
    # A cell smaller than the cutoff: each atom meets many images of the others and itself.
    out["small_box"] = Atoms("Ar3", positions=[[0, 0, 0], [2.6, 2.3, 0.4], [1.2, 0.3, 2.9]],
                             cell=[4.6, 4.9, 5.1], pbc=True)
    slab = bulk("Ar", "fcc", a=5.4, cubic=True).repeat((3, 3, 2))
    slab.pbc = [True, True, False]
    out["slab"] = slab
    return out


SYSTEMS = systems()


def parameter_sets(k: int) -> dict[str, tuple[dict, dict]]:
    """name -> (calculator parameters, reference parameters) for k species."""
    eps_ij, sig_ij = mix(EPSILON[:k], SIGMA[:k], "lorentz-berthelot")
    sig_ka = sig_ij * np.array([[1.0, 0.97, 1.02], [0.97, 1.0, 0.95], [1.02, 0.95, 1.0]])[:k, :k]
    return {
        # Per-element vectors, one cutoff, ASE's shifted energies.
        "mixed-shifted": (
            {"epsilon": EPSILON[:k], "sigma": SIGMA[:k], "mixing": "lorentz-berthelot",
             "rc": 9.0},
            {"epsilon": eps_ij, "sigma": sig_ij, "rc": np.full((k, k), 9.0)}),
        # Per-pair matrices and cutoffs (2.5 sigma_ij), LAMMPS's unshifted lj/cut.
        "pairs-unshifted": (
            {"epsilon": eps_ij * 1.3, "sigma": sig_ka, "rc": 2.5 * sig_ka, "shift": False},
            {"epsilon": eps_ij * 1.3, "sigma": sig_ka, "rc": 2.5 * sig_ka, "shift": False}),
        # Default cutoffs (3 sigma_ij per pair), ASE's smooth cutoff from one ro.
        "pairs-smooth": (
            {"epsilon": eps_ij, "sigma": sig_ij, "smooth": True, "ro": 6.0},
            {"epsilon": eps_ij, "sigma": sig_ij, "rc": 3 * sig_ij, "smooth": True, "ro": 6.0}),
    }


def results(atoms: Atoms, calc) -> dict:
    a = atoms.copy()
    a.calc = calc
    out = {"energy": a.get_potential_energy(), "forces": a.get_forces(),
           "energies": a.get_potential_energies()}
    if a.cell.rank == 3:
        out["stress"] = a.get_stress()
        out["stresses"] = a.get_stresses()
    return out


def reference(atoms: Atoms, k: int, params: dict) -> dict:
    types = atom_types(atoms.numbers, ELEMENTS[:k])
    return reference_lj(atoms, types, **params)


@pytest.mark.parametrize("name", sorted(SYSTEMS))
@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("case", ["mixed-shifted", "pairs-unshifted", "pairs-smooth"])
def test_mixture_equals_reference(name: str, k: int, case: str, isa: str) -> None:
    atoms = with_species(SYSTEMS[name], k, seed=k)
    params, ref_params = parameter_sets(k)[case]
    want = reference(atoms, k, ref_params)
    assert np.abs(want["energies"]).min() > 0 and np.abs(want["forces"]).max() > 0  # all interact
    for regroup in REGROUPS:
        got = results(atoms, LennardJones(elements=ELEMENTS[:k], **params, isa=isa,
                                          regroup=regroup))
        assert set(got) == set(want)
        for key in want:
            assert_close(got[key], want[key], f"{regroup} {key}")
        # Forces alone take the kernels' path without energy (smooth still needs u there).
        alone = atoms.copy()
        alone.calc = LennardJones(elements=ELEMENTS[:k], **params, isa=isa, regroup=regroup)
        assert_close(alone.get_forces(), want["forces"], f"{regroup} forces alone")


def test_shifted_minus_unshifted_is_the_cutoff_energies() -> None:
    """The two conventions differ in energy by u_ab(rc_ab) per pair within its cutoff, and
    not at all in forces."""
    atoms = with_species(SYSTEMS["periodic"], 3, seed=1)
    kw = {"elements": ELEMENTS, "epsilon": EPSILON, "sigma": SIGMA, "mixing": "lorentz-berthelot",
          "rc": 8.0}
    shifted = results(atoms, LennardJones(**kw))
    plain = results(atoms, LennardJones(**kw, shift=False))
    assert_close(plain["forces"], shifted["forces"], "forces")
    eps, sig = mix(EPSILON, SIGMA, "lorentz-berthelot")
    u_rc = 4 * eps * ((sig / 8.0) ** 12 - (sig / 8.0) ** 6)
    from ase.neighborlist import neighbor_list

    i, j = neighbor_list("ij", atoms, 8.0)
    types = atom_types(atoms.numbers, ELEMENTS)
    expected = 0.5 * u_rc[types[i], types[j]].sum()
    assert plain["energy"] - shifted["energy"] == pytest.approx(expected, rel=1e-10)


def test_lorentz_berthelot_dimer_minimum() -> None:
    """An Ar-Kr dimer at 2^(1/6) sigma_ArKr has energy -epsilon_ArKr and no force (smooth
    cutoff starting beyond it, so nothing is shifted)."""
    sigma = (3.40 + 3.65) / 2
    epsilon = np.sqrt(0.0104 * 0.0140)
    dimer = Atoms("ArKr", positions=[[0, 0, 0], [0, 0, 2 ** (1 / 6) * sigma]])
    dimer.calc = LennardJones(elements=["Ar", "Kr"], epsilon=[0.0104, 0.0140],
                              sigma=[3.40, 3.65], mixing="lorentz-berthelot", smooth=True,
                              ro=2 * 3.65)
    assert dimer.get_potential_energy() == pytest.approx(-epsilon, rel=1e-12)
    np.testing.assert_allclose(dimer.get_forces(), 0.0, atol=1e-14)


@pytest.mark.parametrize("name", ["periodic", "triclinic", "small_box", "open_cluster"])
def test_forces_and_stress_match_finite_differences(name: str) -> None:
    atoms = with_species(SYSTEMS[name], 3, seed=4)
    eps_ij, sig_ij = mix(EPSILON, SIGMA, "lorentz-berthelot")
    atoms.calc = LennardJones(elements=ELEMENTS, epsilon=eps_ij, sigma=sig_ij, rc=2.5 * sig_ij,
                              smooth=True, ro=6.0)
    numeric = calculate_numerical_forces(atoms, eps=1e-5)
    forces = atoms.get_forces()
    np.testing.assert_allclose(forces, numeric, atol=1e-6 * np.abs(numeric).max())
    if all(atoms.pbc):
        stress = atoms.get_stress()
        np.testing.assert_allclose(stress, calculate_numerical_stress(atoms, eps=1e-6),
                                   atol=1e-6 * np.abs(stress).max())


def test_physics_of_a_mixture() -> None:
    atoms = with_species(SYSTEMS["periodic"], 3, seed=2)
    atoms.calc = LennardJones(elements=ELEMENTS, epsilon=EPSILON, sigma=SIGMA,
                              mixing="geometric", rc=8.0)
    forces = atoms.get_forces()
    np.testing.assert_allclose(forces.sum(axis=0), 0.0, atol=1e-12 * np.abs(forces).max())
    assert atoms.get_potential_energies().sum() == pytest.approx(atoms.get_potential_energy(),
                                                                 rel=1e-12)
    np.testing.assert_allclose(atoms.get_stresses().sum(axis=0), atoms.get_stress(),
                               atol=1e-12 * np.abs(atoms.get_stress()).max())


def test_one_listed_species_equals_ase_usage() -> None:
    """elements=["Ar"] with numbers changes nothing but refuses unlisted elements; the
    defaults (rc = 3 sigma, ro = 0.66 rc, skin) are ASE's."""
    atoms = SYSTEMS["periodic"]
    for smooth in (False, True):
        plain = results(atoms, LennardJones(sigma=3.4, epsilon=0.0104, smooth=smooth))
        listed = results(atoms, LennardJones(elements=["Ar"], sigma=3.4, epsilon=0.0104,
                                             smooth=smooth))
        for key in plain:
            assert_close(listed[key], plain[key], key, rtol=1e-13)


def test_changing_numbers_reaches_the_system() -> None:
    atoms = with_species(SYSTEMS["periodic"], 2, seed=3)
    params, ref_params = parameter_sets(2)["pairs-unshifted"]
    atoms.calc = LennardJones(elements=ELEMENTS[:2], **params)
    atoms.get_forces()
    numbers = atoms.numbers.copy()
    numbers[:20] = np.where(numbers[:20] == 18, 36, 18)
    atoms.numbers = numbers
    assert "numbers" in atoms.calc.check_state(atoms)
    want = reference(atoms, 2, ref_params)
    assert_close(atoms.get_forces(), want["forces"], "forces after numbers changed")
    assert_close(atoms.get_potential_energy(), want["energy"], "energy after numbers changed")
    atoms.numbers[0] = 10  # neon is not listed
    with pytest.raises(ValueError, match=r"atom 0 is Ne \(Z=10\), which is not in elements"):
        atoms.get_forces()


def test_set_changes_the_tables() -> None:
    atoms = with_species(SYSTEMS["triclinic"], 2, seed=6)
    params, ref_params = parameter_sets(2)["pairs-unshifted"]
    atoms.calc = LennardJones(elements=ELEMENTS[:2], **params)
    atoms.get_potential_energy()
    atoms.calc.set(epsilon=2 * params["epsilon"])
    want = reference(atoms, 2, {**ref_params, "epsilon": 2 * ref_params["epsilon"]})
    assert_close(atoms.get_potential_energy(), want["energy"], "energy after set")


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(
    k=st.integers(1, 3),
    seed=st.integers(0, 2**31),
    shift=st.booleans(),
    rule=st.sampled_from(["lorentz-berthelot", "geometric"]),
    box=st.floats(0.45, 1.6),
)
def test_random_mixtures_equal_reference(k: int, seed: int, shift: bool, rule: str,
                                         box: float) -> None:
    """Random per-element parameters, random atoms in a random triclinic cell (from smaller
    than the cutoff to a few cutoffs), both conventions."""
    rng = np.random.default_rng(seed)
    epsilon = rng.uniform(0.2, 2.0, k)
    sigma = rng.uniform(0.8, 1.2, k)
    rc = 2.5
    cell = np.diag([box * rc * rng.uniform(1, 2) for _ in range(3)])
    cell[1, 0], cell[2, 0], cell[2, 1] = rng.uniform(-0.4, 0.4, 3) * cell[0, 0]
    n = int(rng.integers(1, 30))
    atoms = Atoms(numbers=np.array(ELEMENTS[:k])[rng.integers(0, k, n)],
                  scaled_positions=rng.uniform(0, 1, (n, 3)), cell=cell, pbc=True)
    from ase.neighborlist import neighbor_list

    if len(neighbor_list("i", atoms, 0.7)):  # too close for a sane LJ liquid: drop atoms
        keep = [0]
        for a in range(1, n):
            d = atoms.get_distances(a, keep, mic=True)
            if d.min() > 0.7:
                keep.append(a)
        atoms = atoms[keep]
    eps_ij, sig_ij = mix(epsilon, sigma, rule)
    got = results(atoms, LennardJones(elements=ELEMENTS[:k], epsilon=epsilon, sigma=sigma,
                                      mixing=rule, rc=rc, shift=shift))
    want = reference(atoms, k, {"epsilon": eps_ij, "sigma": sig_ij,
                                "rc": np.full((k, k), rc), "shift": shift})
    for key in want:
        scale = max(1.0, float(np.max(np.abs(want[key]))))
        assert np.max(np.abs(np.asarray(got[key]) - want[key])) <= RTOL * scale, key


# --- asap3's convention ----------------------------------------------------------------------

def asap3_matrix(values: np.ndarray, form: str) -> np.ndarray:
    """A symmetric matrix as asap3 users write it: lower triangle, full, or flattened."""
    if form == "lower":
        return np.tril(values)
    if form == "flat":
        return values.ravel()
    return values


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("form", ["lower", "full", "flat"])
@pytest.mark.parametrize("modified", [True, False])
@pytest.mark.parametrize("rcut", [-1.0, 9.5])
def test_asap3_factory_equals_asap3(k: int, form: str, modified: bool, rcut: float) -> None:
    asap3 = pytest.importorskip("asap3")
    eps_ij, sig_ij = mix(EPSILON[:k], SIGMA[:k], "lorentz-berthelot")
    eps_ij[0, -1] = eps_ij[-1, 0] = 0.008  # not a mixing rule: every pair is given
    args = (list(ELEMENTS[:k]), asap3_matrix(eps_ij, form), asap3_matrix(sig_ij, form), rcut,
            modified)
    # asap3 needs a cell at least twice its cutoff high.
    atoms = bulk("Ar", "fcc", a=5.4, cubic=True).repeat((5, 5, 5))
    atoms.positions += np.random.default_rng(k).normal(0, 0.15, atoms.positions.shape)
    atoms = with_species(atoms, k, seed=k)
    want = results(atoms, asap3.LennardJones(*args))
    got = results(atoms, lennard_jones_asap3(*args))
    for key in ("energy", "forces", "energies", "stress"):  # asap3's "stresses" are per volume
        assert_close(got[key], want[key], key, rtol=1e-9)    # of an atom, not of the cell


def test_asap3_factory_defaults() -> None:
    """rCut=-1 is 3 max(sigma), one cutoff for every pair; modified=True shifts."""
    calc = lennard_jones_asap3([18, 36], [[0.01, 0], [0.012, 0.014]], [[3.4, 0], [3.5, 3.65]])
    opts = calc._options
    np.testing.assert_array_equal(opts["pair_rc"], np.full((2, 2), 3 * 3.65))
    np.testing.assert_array_equal(opts["pair_sigma"], [[3.4, 3.5], [3.5, 3.65]])
    assert opts["shift"] is True and opts["smooth"] is False
    one = lennard_jones_asap3(29, 0.15, 2.7, -1.0, False)
    np.testing.assert_array_equal(one._options["pair_rc"], [[3 * 2.7]])
    assert one._options["shift"] is False


def test_asap3_factory_against_reference_without_asap3() -> None:
    """asap3's meaning, checked without asap3: lower triangle used, one default cutoff."""
    atoms = with_species(SYSTEMS["periodic"], 3, seed=8)
    eps_ij, sig_ij = mix(EPSILON, SIGMA, "lorentz-berthelot")
    calc = lennard_jones_asap3(ELEMENTS, np.tril(eps_ij), np.tril(sig_ij), modified=False)
    want = reference(atoms, 3, {"epsilon": eps_ij, "sigma": sig_ij,
                                "rc": np.full((3, 3), 3 * SIGMA.max()), "shift": False})
    got = results(atoms, calc)
    for key in want:
        assert_close(got[key], want[key], key)


@pytest.mark.parametrize(
    "args, error, message",
    [
        (([18, 36], [[1, 2], [3, 1]], [[1, 0], [1, 1]]), ValueError,
         r"epsilon matrix must be a symmetric or a lower triangular matrix; epsilon\[0\]\[1\]"),
        (([18, 36], 1.0, [[1, 0], [1, 1]]), TypeError, "cannot be a scalar"),
        (([18, 36], [1.0, 2.0], [[1, 0], [1, 1]]), TypeError, "should be a 2x2 array"),
        (([18, 36], [[1, 0], [1, 1]], [[1, 0], [1, 1]], -1.0, True, {"rc": 3.0}), TypeError,
         "sets \\['rc'\\] itself"),
    ],
)
def test_asap3_factory_bad_input(args, error, message: str) -> None:
    options = args[5] if len(args) > 5 else {}
    with pytest.raises(error, match=message):
        lennard_jones_asap3(*args[:5], **options)


# --- bad input ---------------------------------------------------------------------------------

GOOD = {"elements": [18, 36], "epsilon": [[1.0, 1.2], [1.2, 0.8]],
        "sigma": [[1.0, 0.9], [0.9, 1.1]]}


@pytest.mark.parametrize(
    "params, error, message",
    [
        ({"epsilon": [[1.0, 1.2], [1.3, 0.8]]}, ValueError,
         r"pair_epsilon must be symmetric: pair_epsilon\[0, 1\] = 1.2 but pair_epsilon\[1, 0\]"),
        ({"rc": [[2.5, 2.0], [2.1, 2.5]]}, ValueError, "pair_rc must be symmetric"),
        ({"sigma": [[1.0, -0.9], [-0.9, 1.1]]}, ValueError, r"pair_sigma\[0, 1\] must be > 0"),
        ({"sigma": [[1.0, 0.9, 1.0], [0.9, 1.1, 1.0]]}, ValueError,
         r"sigma has shape \(2, 3\); with 2 element\(s\) it must be"),
        ({"rc": [2.5, 2.5]}, ValueError, r"rc has shape \(2,\); with 2 element\(s\) it must be a"),
        ({"epsilon": [1.0, 0.5], "sigma": [1.0, 0.8]}, ValueError,
         "per-element epsilon or sigma .* needs a mixing rule"),
        ({"epsilon": [1.0, 0.5], "mixing": "lorentz-berthelot"}, ValueError,
         "both be per-element vectors"),
        ({"mixing": "lorentz-berthelot"}, ValueError, "mixes per-element vectors"),
        ({"epsilon": [1.0, 0.5], "sigma": [1.0, 0.8], "mixing": "arithmetic"}, ValueError,
         "mixing must be one of"),
        ({"epsilon": [1.0, 0.5], "sigma": [-1.0, 0.8], "mixing": "geometric"}, ValueError,
         r"sigma\[0\] = -1.0: a per-element sigma must be > 0"),
        ({"epsilon": [1.0, -0.5], "sigma": [1.0, 0.8], "mixing": "geometric"}, ValueError,
         r"epsilon\[1\] = -0.5: a per-element epsilon must be >= 0"),
        ({"elements": [18, 18]}, ValueError, r"elements lists Ar \(Z=18\) twice"),
        ({"elements": ["Ar", "Xx"]}, ValueError, "unknown chemical symbol 'Xx'"),
        ({"elements": [18, 0]}, ValueError, "no element has atomic number 0"),
        ({"elements": []}, ValueError, "at least one element"),
        ({"elements": [18.0, 36]}, TypeError, "atomic numbers or symbols"),
        ({"epsilon": "big"}, TypeError, "epsilon must be a number or an array"),
        ({"smooth": True, "ro": 2.0, "rc": [[2.5, 2.0], [2.0, 2.5]]}, ValueError,
         r"ro must satisfy 0 <= ro < rc \(every pair's\)"),
        ({"shift": "no"}, TypeError, "shift must be True or False"),
    ],
)
def test_bad_parameters_raise(params: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        LennardJones(**{**GOOD, **params})


@pytest.mark.parametrize(
    "params, error, message",
    [
        ({"sigma": [3.4, 3.6]}, TypeError,
         r"sigma must be a number with one species; .* need elements=\[...\]"),
        ({"mixing": "geometric"}, ValueError, r"mixing needs elements=\[...\]"),
    ],
)
def test_arrays_without_elements_raise(params: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        LennardJones(**params)


def test_unknown_element_raises_naming_it() -> None:
    atoms = with_species(SYSTEMS["periodic"], 3, seed=0)  # Ar, Kr and Ne
    atoms.calc = LennardJones(elements=["Ar", "Kr"], epsilon=EPSILON[:2], sigma=SIGMA[:2],
                              mixing="lorentz-berthelot")
    first = int(np.flatnonzero(atoms.numbers == 10)[0])
    with pytest.raises(ValueError, match=rf"atom {first} is Ne \(Z=10\), which is not in "
                       r"elements \['Ar', 'Kr'\]; \d+ atom\(s\) of element\(s\) \[10\]"):
        atoms.get_potential_energy()
