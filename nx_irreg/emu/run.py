"""The kernels on the simulated machine, from Python objects: SpMV on any scipy matrix, BFS on a
NetworkX graph or IrregGraph, the aligner's similarity phase on two graphs, and STREAM. Each
returns the real result (equal to the CPU's) and leaves its :class:`Report` in
:func:`nx_irreg.emu.last_report`."""

from __future__ import annotations

import numbers

import networkx as nx
import numpy as np

from nx_irreg import _core
from nx_irreg.emu import report
from nx_irreg.emu.inputs import csr_arrays
from nx_irreg.emu.machine import Machine, as_machine

STRATEGIES = ("remote", "migrate")
SPMV_LAYOUTS = ("2d", "1d")
SCHEMES = ("all", "pair")
LAYOUTS = ("blk", "hcb")


def _threads(threads: object, m: Machine, *, multiple: bool = True) -> int:
    if threads is None:
        return m.max_threads
    if not isinstance(threads, numbers.Integral) or isinstance(threads, bool):
        raise TypeError(f"threads must be an int, got {type(threads).__name__}")
    if threads < 1:
        raise ValueError(f"threads must be >= 1, got {threads}")
    if multiple and threads % m.nodelets:
        raise ValueError(
            f"threads must be a multiple of the {m.nodelets} nodelets (a share per nodelet), "
            f"got {threads}"
        )
    return int(threads)


def _choice(value: object, name: str, options: tuple) -> str:
    if value not in options:
        raise ValueError(f"{name} must be one of {list(options)}, got {value!r}")
    return str(value)


def stream(n: int = 1 << 20, *, machine: Machine | None = None, threads: int | None = None):
    """Simulated STREAM ADD over ``n`` elements; returns its Report (bandwidth in bytes/s)."""
    m = as_machine(machine)
    raw = _core.emu_stream(m.params, int(n), _threads(threads, m))
    return report.make("stream", m.describe(), raw, raw["bytes"])


def spmv(A: object, x: object, *, machine: Machine | None = None, layout: str = "2d",
         replicate: bool = True, threads: int | None = None, grain: int = 0) -> np.ndarray:
    """``A @ x`` on the machine (seed 002 §3.1): rows striped, ``layout="2d"`` keeps each row's
    nonzeros with it, ``"1d"`` stripes the nonzeros; ``replicate`` copies x to every nodelet;
    ``grain`` > 0 gives each threadlet that many rows, 0 splits rows over ``threads``."""
    import scipy.sparse as sp

    m = as_machine(machine)
    if not sp.issparse(A):
        raise TypeError(f"A must be a scipy sparse matrix, got {type(A).__name__}")
    if A.ndim != 2:
        raise ValueError("A must be two-dimensional")
    if np.iscomplexobj(A.data):
        raise TypeError("complex matrices are not supported")
    layout = _choice(layout, "layout", SPMV_LAYOUTS)
    if not isinstance(grain, numbers.Integral) or isinstance(grain, bool) or grain < 0:
        raise ValueError(f"grain must be an int >= 0 (0: dynamic), got {grain!r}")
    csr = sp.csr_array(A, dtype=np.float64, copy=True)  # sum_duplicates sorts in place
    csr.sum_duplicates()
    x = np.asarray(x, dtype=np.float64)
    if x.shape != (csr.shape[1],):
        raise ValueError(f"x must have shape ({csr.shape[1]},), got {x.shape}")
    raw = _core.emu_spmv(
        m.params, csr.shape[0], csr.shape[1], csr.indptr.astype(np.int64),
        csr.indices.astype(np.int64), csr.data, x, layout == "2d", bool(replicate),
        _threads(threads, m) if grain == 0 else m.nodelets, int(grain),
    )
    report.make("spmv", m.describe(), raw, raw["bytes"],
                extra={"threads": raw["threads"], "layout": layout, "replicate": bool(replicate),
                       "grain": int(grain), "nnz": int(csr.nnz)})
    return raw["y"]


def csr_of(G: object) -> tuple[list | None, np.ndarray, np.ndarray]:
    """(nodes or None, offsets, targets) of a NetworkX graph or an IrregGraph."""
    from nx_irreg.graph import IrregGraph

    if isinstance(G, IrregGraph):
        return None, *csr_arrays(G)
    if isinstance(G, nx.Graph):
        nodes = list(G)
        A = nx.to_scipy_sparse_array(G, nodelist=nodes, weight=None, format="csr")
        return nodes, A.indptr.astype(np.int64), A.indices.astype(np.int32)
    raise TypeError(f"G must be a NetworkX graph or an IrregGraph, got {type(G).__name__}")


def bfs_arrays(offsets: np.ndarray, targets: np.ndarray, source: int, m: Machine,
               strategy: str, threads: int | None, edge_block: int) -> dict:
    strategy = _choice(strategy, "strategy", STRATEGIES)
    if not isinstance(edge_block, numbers.Integral) or edge_block < 1:
        raise ValueError(f"edge_block must be an int >= 1, got {edge_block!r}")
    raw = _core.emu_bfs(m.params, offsets, targets, int(source), strategy,
                        _threads(threads, m), int(edge_block))
    report.make("bfs", m.describe(), raw, 16.0 * raw["edges"], edges=raw["edges"],
                extra={"strategy": strategy, "levels": raw["levels"]})
    return raw


def bfs(G: object, source: object, *, machine: Machine | None = None, strategy: str = "remote",
        threads: int | None = None, edge_block: int = 14) -> tuple[dict, dict]:
    """Breadth-first search from ``source`` on the machine (seed 002 §3.2): ``"migrate"`` is
    Algorithm 1 (migrating threads, compare-and-swap), ``"remote"`` Algorithm 2 (remote writes,
    then a local scan). Returns ``(depth, parent)`` dicts over the reached nodes."""
    m = as_machine(machine)
    nodes, offsets, targets = csr_of(G)
    if nodes is None:
        if not isinstance(source, numbers.Integral) or not 0 <= source < len(offsets) - 1:
            raise nx.NodeNotFound(f"Source {source} is not in G")
        s, label = int(source), (lambda i: i)
    else:
        index = {v: i for i, v in enumerate(nodes)}
        if source not in index:
            raise nx.NodeNotFound(f"Source {source} is not in G")
        s, label = index[source], nodes.__getitem__
    raw = bfs_arrays(offsets, targets, s, m, strategy, threads, edge_block)
    depth, parent = raw["depth"], raw["parent"]
    reached = np.flatnonzero(depth >= 0)
    reached = reached[np.lexsort((reached, depth[reached]))]
    return (
        {label(i): int(depth[i]) for i in reached},
        {label(i): label(int(parent[i])) for i in reached},
    )


def similarity(G1: object, G2: object, *, machine: Machine | None = None, scheme: str = "all",
               layout: str = "hcb", threads: int | None = None, k: int = 10,
               bucket_size: int = 128, node_type: object = None, edge_type: object = None,
               node_attr: object = None, seed: int = 0) -> dict:
    """The aligner's first-round similarity phase (seed 002 §3.3) on the machine: each G1 node's
    top-``k`` G2 candidates as ``[(node, score), ...]``, equal to the aligner's on the CPU.
    ``threads`` sets the ALL workers (any count); PAIR spawns one threadlet per bucket pair."""
    from nx_irreg.align import labelled_cores

    m = as_machine(machine)
    scheme = _choice(scheme, "scheme", SCHEMES)
    layout = _choice(layout, "layout", LAYOUTS)
    for name, v in (("k", k), ("bucket_size", bucket_size)):
        if not isinstance(v, numbers.Integral) or isinstance(v, bool) or v < 1:
            raise ValueError(f"{name} must be an int >= 1, got {v!r}")
    sides, cores, _ = labelled_cores(G1, G2, node_type, edge_type, node_attr)
    raw = _core.emu_similarity(m.params, cores[0], cores[1], scheme, layout,
                               _threads(threads, m, multiple=False), int(k), int(bucket_size),
                               int(seed))
    same = all(np.array_equal(a, b, equal_nan=True) for a, b in zip(raw["top"], raw["cpu_top"]))
    report.make("similarity", m.describe(), raw, raw["bytes"],
                extra={"scheme": scheme, "layout": layout, "tasks": raw["tasks"],
                       "comparisons": raw["comparisons"], "equal_to_cpu": same})
    cand, score = raw["top"]
    n1 = sides[0].nodes or range(sides[0].n)
    n2 = sides[1].nodes or range(sides[1].n)
    return {
        u: [(n2[c], float(s)) for c, s in zip(cand[i], score[i]) if c >= 0]
        for i, u in enumerate(n1)
    }
