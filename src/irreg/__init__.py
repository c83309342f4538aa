"""irreg: SIMD kernels over a tiled, conflict-free grouped index (the shared core).

This package holds what the two front ends share: the compiled core (:mod:`irreg._core`), the
instruction-set API and the grouped index. The front ends are :mod:`nx_irreg` (a NetworkX
backend) and :mod:`ase_irreg` (an ASE calculator); the tools (:mod:`irreg.cli`,
:mod:`irreg.bench`) and their inputs (:mod:`irreg.inputs`, :mod:`irreg.emu`) import on demand.

The core picks the best instruction set the CPU supports (:func:`active_isa`); set
``IRREG_ISA=scalar|avx2|avx512|avx512-emu`` or pass ``isa=`` to a call to force one.
"""

from importlib.metadata import PackageNotFoundError, version

from irreg._core import (
    GroupedIndex,
    active_isa,
    available_isas,
    best_isa,
    compiled_isas,
    resolve_isa,
)

try:
    __version__ = version("irreg")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "GroupedIndex",
    "__version__",
    "active_isa",
    "available_isas",
    "best_isa",
    "compiled_isas",
    "resolve_isa",
]
