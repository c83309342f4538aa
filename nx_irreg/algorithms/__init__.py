"""Keyword-only graph algorithms over :class:`~nx_irreg.IrregGraph` (seed 000 §6.1).

Each takes ``variant=`` (the seed's ``"serial"``, ``"naive"``, ``"opt"``, ``"opt-search"``, and
for some a faster method, which is then the default: :func:`variants`) and ``isa=``, and returns
NumPy arrays and a :class:`RunStats`. Results do not depend on the variant or the ISA.
"""

from nx_irreg import _core
from nx_irreg.algorithms._run import RunStats
from nx_irreg.algorithms.components import WccResult, wcc
from nx_irreg.algorithms.dag import GraphCycleError, TopoResult, topological_generations
from nx_irreg.algorithms.paths import PathResult, sssp, sswp
from nx_irreg.algorithms.traversal import BfsResult, bfs


def variants(algorithm: str) -> list[str]:
    """The variant names of ``algorithm`` (``"bfs"``, ``"sssp"``, ``"sswp"``, ``"wcc"``, ``"ts"``)."""
    if algorithm not in ("bfs", "sssp", "sswp", "wcc", "ts"):
        raise ValueError(f"unknown algorithm {algorithm!r}; expected bfs, sssp, sswp, wcc or ts")
    return list(_core.variants(algorithm))


__all__ = [
    "BfsResult",
    "GraphCycleError",
    "PathResult",
    "RunStats",
    "TopoResult",
    "WccResult",
    "bfs",
    "sssp",
    "sswp",
    "topological_generations",
    "variants",
    "wcc",
]
