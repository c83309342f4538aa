"""Inputs of the seed 002 experiments, shared by ``irreg emu``, ``irreg bench emu`` and the tests:
the 5-point Laplacian of §3.1 and the undirected, loop-free graphs BFS runs on (§3.2)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from irreg.graph import IrregGraph


def laplacian(k: int):
    """The 5-point Laplacian of a k x k grid (k*k rows, five diagonals), as a CSR array."""
    import scipy.sparse as sp

    t = sp.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(k, k))
    eye = sp.eye_array(k)
    return sp.csr_array(sp.kron(t, eye) + sp.kron(eye, t))


def bfs_graph(spec: str, seed: int = 1) -> IrregGraph:
    """The graph of a generator spec or edge-list file, undirected and unweighted, without
    self-loops or repeated edges: STINGER keeps one edge per pair, and Graph500 counts a
    traversed edge once."""
    from irreg.inputs import load_input

    edges = load_input(spec, seed=seed, directed=False)
    return replace(edges, weight=None).to_graph(without_loops=True)


def bfs_specs(scale: int) -> dict[str, str]:
    """The generator specs of the seed's BFS graphs at ``scale`` (§5.2), edge factor 16:
    Erdos-Renyi and the STINGER R-MAT generator (hub ids left where it puts them)."""
    return {"er": f"er:{1 << scale}:{16 << scale}", "rmat": f"stinger-rmat:{scale}:16"}


def bfs_source(offsets: np.ndarray) -> int:
    """The source every Emu BFS run starts from: the highest-degree vertex, which lies in the
    giant component."""
    return int(np.argmax(np.diff(offsets)))


def csr_arrays(graph) -> tuple[np.ndarray, np.ndarray]:
    """(offsets int64, targets int32) of an IrregGraph, as the Emu BFS takes them."""
    offsets, targets, _ = graph.csr()
    return offsets.astype(np.int64, copy=False), targets.astype(np.int32, copy=False)
