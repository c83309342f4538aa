"""NetworkX signatures over the irreg kernels, mirroring NetworkX's module tree.

``nxapi/traversal/breadth_first_search.py`` serves ``networkx.algorithms.traversal.
breadth_first_search`` and so on (a test checks that every function sits where NetworkX's does).
NetworkX's dispatcher hands each function a :class:`~nx_irreg.backend_graph.BackendGraph`; the
function handles NetworkX's trivial cases and errors, calls :mod:`irreg.graph.algorithms` and maps
results back to node labels. The backend object (:mod:`nx_irreg.interface`) exposes the
``__all__`` of every public module found here (:func:`networkx_modules`); importing this
package alone imports none of them.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

__all__ = ["networkx_modules"]


def networkx_modules() -> tuple[ModuleType, ...]:
    """Every public module under this package (no part of its name starts with ``_``)."""
    found = []
    for info in pkgutil.walk_packages(__path__, prefix=f"{__name__}."):
        if info.ispkg or any(part.startswith("_") for part in info.name.split(".")):
            continue
        found.append(importlib.import_module(info.name))
    return tuple(sorted(found, key=lambda module: module.__name__))
