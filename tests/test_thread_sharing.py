"""One object shared by several Python threads (DESIGN §12): every call releases the GIL, so
objects with state serialize their calls on a per-object lock and read-only graphs build their
lazy parts once. Marked ``threads`` so CI can run just this module under AddressSanitizer
(``pytest -m threads``); each test takes well under 2 s.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import networkx as nx
import numpy as np
import pytest
from ase.build import bulk

from ase_irreg import LennardJones
from irreg import GroupedIndex
from irreg.graph.algorithms import bfs, sssp, wcc
from nx_irreg import IrregGraph
from nx_irreg.backend_graph import from_networkx

pytestmark = pytest.mark.threads

THREADS = 4
RTOL = 1e-10


def run_threads(work: Callable[[int], None], threads: int = THREADS) -> None:
    """Runs work(k) for k in range(threads) at once (a barrier lines up their starts) and
    re-raises the first exception a thread met."""
    barrier = threading.Barrier(threads)
    errors: list[BaseException] = []

    def body(k: int) -> None:
        try:
            barrier.wait()
            work(k)
        except BaseException as err:  # noqa: BLE001  (re-raised in the main thread)
            errors.append(err)

    pool = [threading.Thread(target=body, args=(k,)) for k in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    if errors:
        raise errors[0]


def lj_atoms(cells: int, seed: int):
    atoms = bulk("Ar", "fcc", a=(4 / 0.8442) ** (1 / 3), cubic=True).repeat((cells,) * 3)
    atoms.positions += np.random.default_rng(seed).normal(0, 0.05, atoms.positions.shape)
    return atoms


@pytest.mark.parametrize("rebuild", ["auto", 20])
def test_one_calculator_two_atoms_four_threads(rebuild: str | int) -> None:
    """Two Atoms (different sizes) share one calculator across 4 threads: each energy and force
    equals a fresh single-threaded calculation of its own Atoms."""
    frames = [lj_atoms(3, seed=1), lj_atoms(2, seed=2)]
    reference = []
    for frame in frames:
        probe = frame.copy()
        probe.calc = LennardJones(rc=2.5)
        reference.append((probe.get_potential_energy(), probe.get_forces()))
    shared = LennardJones(rc=2.5, rebuild=rebuild)

    def work(k: int) -> None:
        atoms = frames[k % 2].copy()  # an Atoms per thread; the calculator is what is shared
        atoms.calc = shared
        energy, forces = reference[k % 2]
        for _ in range(40):
            assert atoms.get_potential_energy() == pytest.approx(energy, rel=RTOL)
            np.testing.assert_allclose(atoms.get_forces(), forces, rtol=RTOL, atol=1e-10)

    run_threads(work)


def test_grouped_index_updated_and_queried_from_four_threads() -> None:
    """Two threads update (and clear) one index while two query and compact it: every query sees
    the index between two calls (one whole edge set active, or none; never a conflicting group)
    and the final state is that of the last update."""
    rng = np.random.default_rng(3)
    n = 400
    edge_sets = []
    for _ in range(2):
        keys = np.unique(rng.integers(0, n * n, 3000))
        edge_sets.append((keys // n, keys % n))
    allowed = {frozenset(zip(r.tolist(), c.tolist(), strict=True)) for r, c in edge_sets}
    allowed.add(frozenset())
    index = GroupedIndex(*edge_sets[0], n_rows=n, n_cols=n, conflict="both_ends")

    def check() -> None:
        got_rows, got_cols, _ = index.active_edges()
        assert frozenset(zip(got_rows.tolist(), got_cols.tolist(), strict=True)) in allowed
        assert index.first_conflicting_group() == -1

    def work(k: int) -> None:
        rows, cols = edge_sets[k % 2]
        for i in range(60):
            if k < 2:  # writers
                index.update(rows, cols)
                if i % 10 == 9:
                    index.deactivate_all()
            elif i % 20 == 19:
                index.compact()
            else:  # readers
                index.scatter_add(np.ones(n))
                assert index.xcoord.size % 16 == 0  # a snapshot of whole groups
                index.locate(rows, cols)
                repr(index)
            check()

    run_threads(work)
    rows, cols = edge_sets[1]
    index.update(rows, cols)
    got_rows, got_cols, _ = index.active_edges()
    expected = frozenset(zip(rows.tolist(), cols.tolist(), strict=True))
    assert frozenset(zip(got_rows.tolist(), got_cols.tolist(), strict=True)) == expected
    assert index.num_active == len(rows)
    assert index.first_conflicting_group() == -1
    y = index.scatter_add(np.ones(n))
    assert y.sum() == pytest.approx(2 * len(rows))  # both ends, weight 1


def test_graph_queried_from_four_threads() -> None:
    """One IrregGraph (directed: its undirected view is built lazily) and one BackendGraph
    (its retiled copies built lazily) serve 4 threads; results equal single-threaded ones and
    each lazy part is built once."""
    G = nx.gnm_random_graph(2000, 8000, seed=5, directed=True)
    for u, v in G.edges:
        G.edges[u, v]["weight"] = (u * 7 + v) % 13 + 1
    backend = from_networkx(G, "weight")
    graph = backend.graph
    fresh = from_networkx(G, "weight").graph
    expected = {
        "bfs": bfs(fresh, source=0).depth,
        "sssp": sssp(fresh, source=0).value,
        "wcc": wcc(fresh).label,
        "wcc-opt": wcc(fresh, variant="opt").label,
    }
    retiled: list[list[IrregGraph]] = [[] for _ in range(THREADS)]

    def work(k: int) -> None:
        for i in range(4):
            np.testing.assert_array_equal(wcc(graph).label, expected["wcc"])
            np.testing.assert_array_equal(wcc(graph, variant="opt").label, expected["wcc-opt"])
            np.testing.assert_array_equal(bfs(graph, source=0, variant="opt").depth,
                                          expected["bfs"])
            np.testing.assert_array_equal(sssp(graph, source=0).value, expected["sssp"])
            retiled[k].append(backend.with_tile_size(64 if (i + k) % 2 else 128))

    run_threads(work)
    by_size: dict[int, set[int]] = {}
    for got in retiled:
        for g in got:
            by_size.setdefault(g.tile_size, set()).add(id(g))
    assert {size: len(ids) for size, ids in by_size.items()} == {64: 1, 128: 1}
