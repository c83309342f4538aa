"""NetworkX signatures over the irreg kernels, mirroring NetworkX's module tree.

NetworkX's dispatcher hands each function a :class:`~nx_irreg.backend_graph.BackendGraph`; the
function handles NetworkX's trivial cases and errors, calls :mod:`nx_irreg.algorithms` and maps
results back to node labels. The backend object (:mod:`nx_irreg.interface`) exposes the ``__all__``
of every module listed in ``NETWORKX_MODULES``.
"""

from nx_irreg.nxapi import (
    breadth_first_search,
    connected,
    dag,
    unweighted,
    weakly_connected,
    weighted,
)

NETWORKX_MODULES = (
    breadth_first_search,
    connected,
    dag,
    unweighted,
    weakly_connected,
    weighted,
)

__all__ = ["NETWORKX_MODULES"]
