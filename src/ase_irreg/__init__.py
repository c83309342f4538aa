"""irreg for ASE users: a Lennard-Jones calculator (one species or several) over a grouped,
incrementally regrouped neighbour index.

The instruction-set API is the shared core's (:mod:`irreg`), re-exported here; ``GroupedIndex``
here defaults to MD's conflict rule (no atom twice in a group, as row or as column).
"""

from ase_irreg.calculator import LennardJones, lennard_jones_asap3
from irreg import GroupedIndex as _GroupedIndex
from irreg import (
    __version__,
    active_isa,
    available_isas,
    best_isa,
    compiled_isas,
    resolve_isa,
)


class GroupedIndex(_GroupedIndex):
    """:class:`irreg.GroupedIndex` with ``conflict="both_ends"`` by default: MD writes forces to
    both atoms of a pair."""

    def __init__(self, rows: object, cols: object, *, conflict: str = "both_ends", **options):
        super().__init__(rows, cols, conflict=conflict, **options)


__all__ = [
    "GroupedIndex",
    "LennardJones",
    "__version__",
    "active_isa",
    "available_isas",
    "best_isa",
    "compiled_isas",
    "lennard_jones_asap3",
    "resolve_isa",
]
