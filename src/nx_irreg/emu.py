"""The Emu Chick execution model (seed 002; DESIGN §9) on NetworkX graphs.

The model itself is :mod:`irreg.emu`: a calibrated, event-driven simulator of a migratory-thread
machine (nodes of eight nodelets, Gossamer cores with threadlet contexts, narrow-channel DRAM, a
migration engine, memory-side atomics and posted remote writes). This module takes NetworkX
graphs (or IrregGraphs) to its kernels; results equal the CPU's and :func:`last_report` says how
long the machine took and why.

>>> import networkx as nx
>>> from nx_irreg import emu
>>> depth, parent = emu.bfs(nx.path_graph(4), 0, machine=emu.Machine(nodes=1))
>>> depth
{0: 0, 1: 1, 2: 2, 3: 3}
"""

from __future__ import annotations

import numbers

import networkx as nx
import numpy as np

from irreg.emu import Machine, Report, last_report, spmv, stream
from irreg.emu.run import MAX_SCAN_READS, bfs_graph, similarity_cores
from irreg.graph import IrregGraph
from nx_irreg.backend_graph import BackendGraph, converted

__all__ = ["Machine", "Report", "bfs", "last_report", "similarity", "spmv", "stream"]


def bfs(G: object, source: object, *, machine: Machine | None = None, strategy: str = "remote",
        threads: int | None = None, edge_block: int = 14,
        max_scan_reads: int | None = MAX_SCAN_READS) -> tuple[dict, dict]:
    """Breadth-first search from ``source`` on the machine (seed 002 §3.2): ``"migrate"`` is
    Algorithm 1 (migrating threads, compare-and-swap), ``"remote"`` Algorithm 2 (remote writes,
    then a local scan of all vertices at every level, refused past ``max_scan_reads`` reads:
    see :func:`irreg.emu.run.bfs_arrays`; the graph is read in place). Returns
    ``(depth, parent)`` dicts over the reached
    nodes, in order of depth, then node."""
    if isinstance(G, IrregGraph):
        if not isinstance(source, numbers.Integral) or not 0 <= source < G.n:
            raise nx.NodeNotFound(f"Source {source} is not in G")
        graph, s, labels = G, int(source), None
    elif isinstance(G, nx.Graph):
        backend = converted(G)
        s = backend.position(source)
        if s is None:
            raise nx.NodeNotFound(f"Source {source} is not in G")
        graph, labels = backend.graph, backend
    else:
        raise TypeError(f"G must be a NetworkX graph or an IrregGraph, got {type(G).__name__}")
    raw = bfs_graph(graph, s, machine, strategy, threads, edge_block, max_scan_reads)
    depth, parent = raw["depth"], raw["parent"]
    reached = np.flatnonzero(depth >= 0)
    reached = reached[np.lexsort((reached, depth[reached]))]
    nodes = reached.tolist() if labels is None else labels.labels(reached)
    parents = parent[reached].tolist() if labels is None else labels.labels(parent[reached])
    return (
        dict(zip(nodes, depth[reached].tolist(), strict=True)),
        dict(zip(nodes, parents, strict=True)),
    )


def similarity(G1: object, G2: object, *, machine: Machine | None = None, scheme: str = "all",
               layout: str = "hcb", threads: int | None = None, k: int = 10,
               bucket_size: int = 128, node_type: object = None, edge_type: object = None,
               node_attr: object = None, seed: int = 0) -> dict:
    """The aligner's first-round similarity phase (seed 002 §3.3) on the machine: each G1 node's
    top-``k`` G2 candidates as ``[(node, score), ...]``, equal to the aligner's on the CPU.
    Labels as for :func:`nx_irreg.align`; the rest as :func:`irreg.emu.run.similarity_cores`."""
    from nx_irreg.align import labelled_cores

    sides, cores, _ = labelled_cores(G1, G2, node_type, edge_type, node_attr)
    cand, score = similarity_cores(cores[0], cores[1], machine=machine, scheme=scheme,
                                   layout=layout, threads=threads, k=k,
                                   bucket_size=bucket_size, seed=seed)
    n1 = sides[0].nodes or range(sides[0].n)
    n2 = sides[1].nodes or range(sides[1].n)
    return {
        u: [(n2[c], float(s)) for c, s in zip(cand[i], score[i]) if c >= 0]
        for i, u in enumerate(n1)
    }


def depth_on_emu(G: BackendGraph, source: int) -> np.ndarray:
    """BFS depths (int32, -1: unreached) from vertex ``source`` of a converted graph on the
    simulated Emu Chick: the backend's ``execution="emu"`` (report in :func:`last_report`)."""
    return bfs_graph(G.graph, source, Machine(), "remote", None, 14)["depth"]
