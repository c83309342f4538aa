"""irreg for NetworkX users: a NetworkX backend, graph kernels and graph alignment.

:class:`IrregGraph` is the graph the kernels run on (:mod:`irreg.graph.algorithms`); the backend
(``backend="irreg"``) converts NetworkX graphs once (:mod:`nx_irreg.backend_graph`) and serves
NetworkX's functions from :mod:`nx_irreg.nxapi`. The instruction-set API and the grouped index
are the shared core's (:mod:`irreg`), re-exported here.
"""

from irreg import (
    GroupedIndex,
    __version__,
    active_isa,
    available_isas,
    best_isa,
    compiled_isas,
    resolve_isa,
)
from irreg.graph import IrregGraph
from nx_irreg import algorithms
from nx_irreg.align import Alignment, AlignStats, align
from nx_irreg.widest_paths import (
    single_source_widest_path,
    single_source_widest_path_length,
    widest_path,
)

__all__ = [
    "AlignStats",
    "Alignment",
    "GroupedIndex",
    "IrregGraph",
    "__version__",
    "active_isa",
    "algorithms",
    "align",
    "available_isas",
    "best_isa",
    "compiled_isas",
    "resolve_isa",
    "single_source_widest_path",
    "single_source_widest_path_length",
    "widest_path",
]
