"""irreg for ASE users: a Lennard-Jones calculator over a grouped, incrementally regrouped
neighbour index.

The compiled core picks the best instruction set the CPU supports (``active_isa()``); set
``IRREG_ISA=scalar|avx2|avx512|avx512-emu`` or pass ``isa=`` to a call to force one.
"""

from importlib.metadata import PackageNotFoundError, version

from ase_irreg._core import (
    GroupedIndex,
    active_isa,
    available_isas,
    best_isa,
    compiled_isas,
    resolve_isa,
)
from ase_irreg.calculator import LennardJones

try:
    __version__ = version("irreg")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "GroupedIndex",
    "LennardJones",
    "__version__",
    "active_isa",
    "available_isas",
    "best_isa",
    "compiled_isas",
    "resolve_isa",
]
