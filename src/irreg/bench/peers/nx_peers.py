"""Peers of ``irreg bench nx``: the other NetworkX backends and NetworKit, each timed in a
process of its own.

rustnx and nx-rustworkx (PyPI, Rust, Rayon) size their thread pools once per process from
``RAYON_NUM_THREADS``, nx-parallel (joblib) from its ``n_jobs`` config and NetworKit from
``setNumberOfThreads``, so each row runs in a fresh child process
(:mod:`irreg.bench.peers.nx_child`) at the thread count of the irreg row beside it. The child
builds the same generated graph (untimed), makes one untimed call (which converts and caches the
graph, as irreg's cached rows do), then times ``repeats`` calls and prints their seconds as JSON. A
backend that declines the call (NetworkX raises ``NotImplementedError`` when ``backend=`` is
explicit) or is not installed gives a skipped row with the reason; no peer row ever times
NetworkX's own fallback.

NetworKit's rows time its own algorithm objects (``run()`` only, the graph converted untimed);
its definitions differ in details (closeness of disconnected graphs, normalization), so its
results are not compared with NetworkX's.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from irreg.bench.harness import BenchError, Declined

__all__ = ["BACKENDS", "NETWORKIT", "NETWORKIT_WEIGHTED", "PEERS", "networkit_calls",
           "networkit_pagerank", "peer_trials", "skip_reason"]

# Peer name -> the module that must be importable.
PEERS = {"rustnx": "rustnx", "rustworkx": "nx_rustworkx", "parallel": "nx_parallel",
         "networkit": "networkit"}
# NetworkX backends: called as backend=<name>
BACKENDS = ("rustnx", "rustworkx", "parallel")


def networkit_calls() -> dict[str, Callable[[Any, Any], Any]]:
    """Benchmark function name -> NetworKit's algorithm on its graph (``nk``: the module)."""
    return {
        "closeness_centrality": lambda nk, g: nk.centrality.Closeness(
            g, True, nk.centrality.ClosenessVariant.Generalized).run(),
        "harmonic_centrality": lambda nk, g: nk.centrality.HarmonicCloseness(g, False).run(),
        "betweenness_centrality": lambda nk, g: nk.centrality.Betweenness(g, True).run(),
        "diameter": lambda nk, g: nk.distance.Diameter(g, nk.distance.DiameterAlgo.EXACT).run(),
        "pagerank": networkit_pagerank,
    }


def networkit_pagerank(nk: Any, g: Any) -> Any:
    """NetworKit's PageRank on NetworkX's terms: damping 0.85, dangling rank spread over every
    node, and NetworkX's stopping rule (the L1 change below n * 1e-6), at most 100 iterations
    (``g`` weighted as NetworkX's ``weight="weight"`` reads the graph)."""
    pr = nk.centrality.PageRank(g, 0.85, g.numberOfNodes() * 1e-6, False,
                                nk.centrality.SinkHandling.DistributeSinks)
    pr.norm = nk.centrality.Norm.L1_NORM
    pr.maxIterations = 100
    return pr.run()


# NetworKit functions whose graph carries NetworkX's "weight" attribute.
NETWORKIT_WEIGHTED = frozenset({"pagerank"})


NETWORKIT = tuple(networkit_calls())


def skip_reason(peer: str, function: str) -> str | None:
    """Why ``peer`` has no row for ``function`` here (None: it has one)."""
    if importlib.util.find_spec(PEERS[peer]) is None:
        return f"{peer} is not installed (pip install {PEERS[peer].replace('_', '-')})"
    if peer == "networkit" and function not in NETWORKIT:
        return f"no NetworKit counterpart of {function} here"
    if peer in BACKENDS:
        import networkx as nx

        base = function.split(" ")[0]
        if peer not in getattr(getattr(nx, base, None), "backends", ()):
            return f"{peer} does not serve {base}"
    return None


def peer_trials(peer: str, case: str, function: str, view: str, threads: int,
                repeats: int, budget: float | None = None) -> list[float]:
    """Seconds of ``repeats`` calls of ``function`` by ``peer`` on ``case`` (seen as ``view``),
    in a child process at ``threads`` threads, fewer where ``budget`` seconds would pass (the
    harness's rule); ``BenchError`` with the child's reason when the peer declines."""
    env = {**os.environ, "RAYON_NUM_THREADS": str(threads), "OMP_NUM_THREADS": str(threads)}
    command = [sys.executable, "-m", "irreg.bench.peers.nx_child", peer, case, function, view,
               str(threads), str(repeats), str(budget or 0)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise BenchError(f"{peer} failed on {function} ({case}): {last}")
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    if "declined" in answer:
        raise Declined(f"{peer} declines it: {answer['declined']}")
    return answer["seconds"]
