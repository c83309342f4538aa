"""The kernels on the simulated machine over arrays and core graphs: STREAM, SpMV on any scipy
matrix, BFS on CSR arrays and the aligner's similarity phase on two core LabelledGraphs. Each
returns the real result (equal to the CPU's) and leaves its :class:`Report` in
:func:`irreg.emu.last_report`. :mod:`nx_irreg.emu` takes NetworkX graphs to these."""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING

import numpy as np

from irreg import _core
from irreg.checks import check_int
from irreg.emu import report
from irreg.emu.machine import Machine, as_machine
from irreg.threads import resolve_threads

if TYPE_CHECKING:
    from irreg.graph import IrregGraph

# The core's vocabularies (C++ tables, _core.NAMES); SpMV's layouts are this module's own words
# for the binding's two_d flag.
STRATEGIES = _core.NAMES["bfs_strategy"]
SPMV_LAYOUTS = ("2d", "1d")
SCHEMES = _core.NAMES["scheme"]
LAYOUTS = _core.NAMES["layout"]


INT64_MAX = 2**63 - 1
# Algorithm 2 scans all n vertices at every level; the simulator spends about 100 ns on each
# scanned vertex (measured here), so this default is some 20 s of simulation.
MAX_SCAN_READS = 2 * 10**8
# STREAM ADD: the simulator spends about 0.2 us per element (2**22 elements in 0.8 s, measured
# here), so this default is about a minute of simulation; 2**33 would take half an hour.
MAX_STREAM_ELEMENTS = 2**28
# SpMV: about 0.26 us per nonzero (10**5 rows, 10**6 nonzeros in 0.27 s, measured here): this
# default is about a minute of simulation.
MAX_SPMV_NONZEROS = 2**28


def _threads(threads: object, m: Machine, *, multiple: bool = True) -> int:
    if threads is None:
        return m.max_threads
    threads = check_int(threads, "threads", 1)
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


def stream(n: int = 1 << 20, *, machine: Machine | str | None = None,
           threads: int | None = None, max_elements: int | None = MAX_STREAM_ELEMENTS):
    """Simulated STREAM ADD over ``n`` elements; returns its Report (bandwidth in bytes/s).
    ``n`` above ``max_elements`` (None: no limit) is refused before it starts: the simulation
    takes about 0.2 us per element."""
    m = as_machine(machine)
    n = check_int(n, "n", 0, INT64_MAX)
    if max_elements is not None and n > check_int(max_elements, "max_elements", 0, INT64_MAX):
        raise ValueError(
            f"n = {n:,} elements would take about {n * 2e-7:,.0f} s to simulate (0.2 us each), "
            f"more than max_elements={max_elements:,} allows (irreg bench emu measures the "
            "bandwidth with 2**21); raise max_elements to run it"
        )
    raw = _core.emu_stream(m.params, n, _threads(threads, m))
    return report.make("stream", m.describe(), raw, raw["bytes"])


def spmv(A: object, x: object, *, machine: Machine | str | None = None, layout: str = "2d",
         replicate: bool = True, threads: int | None = None, grain: int = 0,
         max_nonzeros: int | None = MAX_SPMV_NONZEROS) -> np.ndarray:
    """``A @ x`` on the machine (seed 002 §3.1): rows striped, ``layout="2d"`` keeps each row's
    nonzeros with it, ``"1d"`` stripes the nonzeros; ``replicate`` copies x to every nodelet;
    ``grain`` > 0 gives each threadlet that many rows, 0 splits rows over ``threads``. A matrix
    of more than ``max_nonzeros`` stored entries (None: no limit) is refused before it starts:
    the simulation takes about 0.26 us per nonzero."""
    import scipy.sparse as sp

    m = as_machine(machine)
    if not sp.issparse(A):
        raise TypeError(f"A must be a scipy sparse matrix, got {type(A).__name__}")
    if max_nonzeros is not None and A.nnz > check_int(max_nonzeros, "max_nonzeros", 0, INT64_MAX):
        raise ValueError(
            f"A has {A.nnz:,} stored entries: about {A.nnz * 2.6e-7:,.0f} s to simulate (0.26 us "
            f"each), more than max_nonzeros={max_nonzeros:,} allows; raise max_nonzeros to run it"
        )
    if A.ndim != 2:
        raise ValueError("A must be two-dimensional")
    if np.iscomplexobj(A.data):
        raise TypeError("complex matrices are not supported")
    layout = _choice(layout, "layout", SPMV_LAYOUTS)
    if not isinstance(grain, numbers.Integral) or isinstance(grain, bool) or grain < 0:
        raise ValueError(f"grain must be an int >= 0 (0: dynamic), got {grain!r}")
    if grain > INT64_MAX:
        raise ValueError(f"grain must be <= {INT64_MAX}, got {grain}")
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


def bfs_arrays(offsets: np.ndarray, targets: np.ndarray, source: int, m: Machine | str | None,
               strategy: str, threads: int | None, edge_block: int,
               max_scan_reads: int | None = MAX_SCAN_READS,
               host_threads: int | None = None) -> dict:
    """BFS from ``source`` over CSR arrays on the machine. ``"remote"`` (seed 002 Algorithm 2)
    scans the whole new-parent array at every level, n x levels reads whatever the frontier:
    that is the seed's algorithm, so it is simulated as such, but refused before it starts when
    it passes ``max_scan_reads`` (None: no limit), since a long path would take hours.
    ``host_threads`` (None: :func:`irreg.threads.resolve_threads`) simulate the machine's nodes
    at once; the result is the same for any number."""
    return _bfs((offsets, targets), len(offsets) - 1, source, m, strategy, threads, edge_block,
                max_scan_reads, host_threads)


def bfs_graph(graph: IrregGraph, source: int, m: Machine | str | None, strategy: str,
              threads: int | None, edge_block: int, max_scan_reads: int | None = MAX_SCAN_READS,
              host_threads: int | None = None) -> dict:
    """:func:`bfs_arrays` over a built graph's CSR, read in place (no copy through NumPy)."""
    return _bfs((graph._core,), graph.n, source, m, strategy, threads, edge_block,
                max_scan_reads, host_threads)


def _bfs(csr: tuple, n: int, source: int, m: Machine | str | None, strategy: str,
         threads: int | None, edge_block: int, max_scan_reads: int | None,
         host_threads: int | None) -> dict:
    m = as_machine(m)
    strategy = _choice(strategy, "strategy", STRATEGIES)
    edge_block = check_int(edge_block, "edge_block", 1)
    source = check_int(source, "source", 0)
    if strategy == "remote" and max_scan_reads is not None:
        _check_scan_reads(csr, n, source,
                          check_int(max_scan_reads, "max_scan_reads", 0, INT64_MAX))
    raw = _core.emu_bfs(m.params, *csr, source, strategy, _threads(threads, m), edge_block,
                        resolve_threads(host_threads))
    report.make("bfs", m.describe(), raw, 16.0 * raw["edges"], edges=raw["edges"],
                extra={"strategy": strategy, "levels": raw["levels"]})
    return raw


def _check_scan_reads(csr: tuple, n: int, source: int, limit: int) -> None:
    if not 0 <= source < n:
        return  # the kernel names the bad source
    levels = _core.emu_bfs_levels(*csr, source)
    reads = n * levels
    if reads > limit:
        raise ValueError(
            f"strategy='remote' (seed 002 Algorithm 2) scans all {n:,} vertices at each of the "
            f"{levels:,} levels from source {source}: {reads:.2g} simulated reads, more than "
            f"max_scan_reads={limit:.2g} (about 100 ns of simulation each). Use "
            "strategy='migrate' (Algorithm 1: work proportional to the edges reached) or raise "
            "max_scan_reads")


def similarity_cores(core1: object, core2: object, *, machine: Machine | None = None,
                     scheme: str = "all", layout: str = "hcb", threads: int | None = None,
                     k: int = 10, bucket_size: int = 128, seed: int = 0) -> tuple:
    """The aligner's first-round similarity phase (seed 002 §3.3) on the machine over two core
    LabelledGraphs: ``(candidates, scores)``, each vertex's top-``k`` row (-1: none), equal to
    the aligner's on the CPU. ``threads`` sets the ALL workers (any count); PAIR spawns one
    threadlet per bucket pair."""
    m = as_machine(machine)
    scheme = _choice(scheme, "scheme", SCHEMES)
    layout = _choice(layout, "layout", LAYOUTS)
    k = check_int(k, "k", 1)
    bucket_size = check_int(bucket_size, "bucket_size", 1)
    seed = check_int(seed, "seed", 0, 2**64 - 1)
    raw = _core.emu_similarity(m.params, core1, core2, scheme, layout,
                               _threads(threads, m, multiple=False), int(k), int(bucket_size),
                               seed)
    same = all(np.array_equal(a, b, equal_nan=True) for a, b in zip(raw["top"], raw["cpu_top"]))
    report.make("similarity", m.describe(), raw, raw["bytes"],
                extra={"scheme": scheme, "layout": layout, "tasks": raw["tasks"],
                       "comparisons": raw["comparisons"], "equal_to_cpu": same})
    return raw["top"]
