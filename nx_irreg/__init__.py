"""irreg for NetworkX users: SIMD graph kernels over a tiled, conflict-free grouped index.

The compiled core picks the best instruction set the CPU supports (``active_isa()``); set
``IRREG_ISA=scalar|avx2|avx512|avx512-emu`` or pass ``isa=`` to a call to force one.
"""

from importlib.metadata import PackageNotFoundError, version

from nx_irreg._core import (
    GroupedIndex,
    active_isa,
    available_isas,
    best_isa,
    compiled_isas,
    resolve_isa,
)
from nx_irreg.align import Alignment, AlignStats, align
from nx_irreg.graph import IrregGraph
from nx_irreg.widest_paths import single_source_widest_path_length

try:
    __version__ = version("irreg")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "AlignStats",
    "Alignment",
    "GroupedIndex",
    "IrregGraph",
    "__version__",
    "active_isa",
    "align",
    "available_isas",
    "best_isa",
    "compiled_isas",
    "resolve_isa",
    "single_source_widest_path_length",
]
