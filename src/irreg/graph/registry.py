"""The graph algorithms and their variants, as the core's one table lists them.

``_core.algorithms()`` (C++ ``graph/registry.hpp``) is the only place an algorithm's name,
variants, default, result fields and Python function are written; the CLI's choices and help,
the NetworkX config's checks, the benchmarks' specs and the verifiers read them from here.
"""

from __future__ import annotations

from dataclasses import dataclass

from irreg import _core

__all__ = [
    "ALGORITHMS",
    "PARALLEL_VARIANTS",
    "VARIANTS",
    "Algorithm",
    "Variant",
    "algorithm",
    "variants",
]


@dataclass(frozen=True)
class Variant:
    """A method an algorithm can run: ``parallel`` (it has a parallel path; the others run on
    one thread whatever ``threads`` says), ``simd`` (the seed's SIMD engine, whose vector
    operations and SIMD utilization are counted) and ``engine`` (the seed's vertex-centric
    engine, one superstep of messages at a time)."""

    name: str
    method: str
    parallel: bool
    simd: bool
    engine: bool


@dataclass(frozen=True)
class Algorithm:
    """One row of the registry: ``function`` names the function of
    :mod:`irreg.graph.algorithms` that runs it; its result has ``result_fields`` then ``stats``."""

    name: str
    summary: str
    function: str
    sourced: bool
    variants: tuple[str, ...]
    default_variant: str
    result_fields: tuple[str, ...]

    @property
    def parallel_variants(self) -> tuple[str, ...]:
        return tuple(v for v in self.variants if VARIANTS[v].parallel)


VARIANTS: dict[str, Variant] = {
    v.name: Variant(v.name, v.method, v.parallel, v.simd, v.engine)
    for v in _core.graph_variants()
}
ALGORITHMS: dict[str, Algorithm] = {
    a.name: Algorithm(a.name, a.summary, a.function, a.sourced, tuple(a.variants),
                      a.default_variant, tuple(a.result_fields))
    for a in _core.algorithms()
}
# Every variant with a parallel path (DESIGN §12).
PARALLEL_VARIANTS = frozenset(v.name for v in VARIANTS.values() if v.parallel)


def algorithm(name: object) -> Algorithm:
    """The row of ``name``; ValueError listing the algorithms for any other name."""
    if not isinstance(name, str) or name not in ALGORITHMS:
        raise ValueError(f"unknown algorithm {name!r}; expected one of {', '.join(ALGORITHMS)}")
    return ALGORITHMS[name]


def variants(name: str) -> list[str]:
    """The variant names of algorithm ``name`` (the seed's engine variants first)."""
    return list(algorithm(name).variants)
