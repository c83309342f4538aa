"""GAPBS (github.com/sbeamer/gapbs) as a peer of ``irreg bench graph``.

GAPBS is not part of irreg: build it from its public source (``make bfs sssp cc`` in a clone)
and set ``IRREG_GAPBS`` to that folder; without it, GAPBS rows are reported as skipped. The
benchmark hands GAPBS the very graph it times irreg on, written once per input in GAPBS's own
serialized form (``.sg``, or ``.wsg`` with the integer weights), so neither side relabels,
symmetrizes or drops an edge the other keeps. Each row is GAPBS's own ``Trial Time`` (its kernel
alone, graph loading excluded), at the same ``OMP_NUM_THREADS`` as irreg's row, with GAPBS's
``-v`` verification passing on every trial. SSSP runs with ``-d 2``, GAPBS's own setting for its
Kronecker and uniform graphs (``benchmark/bench.mk``) and weights 1..255.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import numpy as np

from irreg.bench.harness import BenchError

__all__ = ["KERNELS", "SSSP_DELTA", "gapbs_dir", "run_trials", "skip_reason", "write_graph"]

# Our algorithm name -> GAPBS binary.
KERNELS = {"bfs": "bfs", "sssp": "sssp", "wcc": "cc"}
SSSP_DELTA = 2
_TRIAL = re.compile(r"^Trial Time:\s+([0-9.eE+-]+)\s*$", re.MULTILINE)


def gapbs_dir() -> Path | None:
    """The GAPBS build folder named by ``IRREG_GAPBS``, or None."""
    value = os.environ.get("IRREG_GAPBS")
    return Path(value) if value else None


def skip_reason(name: str) -> str | None:
    """Why there is no GAPBS row for algorithm ``name`` (None: there is one)."""
    if name not in KERNELS:
        return None  # no row at all: see KERNELS
    folder = gapbs_dir()
    if folder is None:
        return "IRREG_GAPBS is not set (build github.com/sbeamer/gapbs, point it at the folder)"
    binary = folder / KERNELS[name]
    if not os.access(binary, os.X_OK):
        return f"IRREG_GAPBS={folder} has no executable {KERNELS[name]!r} (run make there)"
    return None


def write_graph(path: Path, offsets: np.ndarray, targets: np.ndarray, weights: np.ndarray | None,
                directed: bool) -> Path:
    """Writes a CSR in GAPBS's serialized layout (``reader.h``, ReadSerializedGraph): a bool
    ``directed``, int64 edge and vertex counts, int64 offsets and int32 neighbours (with an
    int32 weight after each for ``.wsg``), then the same for the in-edges of a directed graph.
    ``path`` gets the suffix that says which: ``.wsg`` with weights, ``.sg`` without."""
    path = path.with_suffix(".sg" if weights is None else ".wsg")
    n = len(offsets) - 1
    m = int(offsets[-1])
    if weights is not None:
        weights = np.asarray(weights[:m])
        int32 = np.iinfo(np.int32)
        if not np.all(np.isfinite(weights)) or not np.array_equal(weights, np.round(weights)):
            raise BenchError("GAPBS reads int32 weights only; this graph has fractional or "
                             "infinite weights")
        if m and (weights.min() < int32.min or weights.max() > int32.max):
            raise BenchError("GAPBS reads int32 weights only; this graph has weights outside "
                             f"[{int32.min}, {int32.max}]")
    sides = [(offsets, targets, weights)]
    if directed:
        import scipy.sparse as sp

        data = np.arange(m, dtype=np.int64)  # carries each edge's weight through the transpose
        inverse = sp.csr_array((data, targets, offsets), shape=(n, n)).T.tocsr()
        inverse.sort_indices()
        sides.append((inverse.indptr, inverse.indices,
                      None if weights is None else weights[inverse.data]))
    with open(path, "wb") as f:
        f.write(np.array([directed], dtype=np.bool_).tobytes())
        f.write(np.array([m, n], dtype=np.int64).tobytes())
        for ptr, idx, w in sides:
            f.write(np.asarray(ptr, dtype=np.int64).tobytes())
            if w is None:
                f.write(np.asarray(idx[:m], dtype=np.int32).tobytes())
            else:
                pairs = np.empty((m, 2), dtype=np.int32)
                pairs[:, 0] = idx[:m]
                pairs[:, 1] = w[:m]
                f.write(pairs.tobytes())
    return path


def run_trials(name: str, graph_file: Path, threads: int, trials: int,
               source: int | None) -> list[float]:
    """GAPBS's ``Trial Time`` of each of ``trials`` runs of ``name`` on ``threads`` threads;
    raises BenchError when GAPBS fails or its verification does not pass."""
    folder = gapbs_dir()
    assert folder is not None, "skip_reason() said GAPBS is there"
    cmd = [str(folder / KERNELS[name]), "-f", str(graph_file), "-n", str(trials), "-v"]
    if source is not None and name != "wcc":
        cmd += ["-r", str(source)]
    if name == "sssp":
        cmd += ["-d", str(SSSP_DELTA)]
    env = {**os.environ, "OMP_NUM_THREADS": str(threads)}
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    times = [float(t) for t in _TRIAL.findall(done.stdout)]
    failed = done.stdout.count("Verification:") != len(times) or "FAIL" in done.stdout
    if done.returncode != 0 or len(times) != trials or failed:
        tail = (done.stdout + done.stderr).strip().splitlines()[-3:]
        raise BenchError(f"GAPBS {KERNELS[name]} failed on {graph_file.name}: {' | '.join(tail)}")
    return times
