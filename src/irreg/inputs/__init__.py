"""Inputs of the commands, benchmarks and tests: graphs (edge-list files and seeded generators),
alignment pairs (:mod:`irreg.inputs.align_pairs`), MD pair sets (:mod:`irreg.inputs.md_pairs`)
and the LJ benchmark's lattice (:mod:`irreg.inputs.lattices`).

Every graph input becomes an :class:`EdgeList` (``src``, ``dst``, optional ``weight``, ``n``),
named so that a benchmark line says which graph it ran on. :func:`load_input` takes either a
generator spec or a file path, which is what a command line or a benchmark configuration holds.
"""

from __future__ import annotations

import os
from dataclasses import replace

from irreg.inputs.edge_list import MAX_VERTICES, EdgeList, EdgeListError, read_edge_list
from irreg.inputs.generators import GENERATOR_FORMS, GENERATOR_KINDS, generate

__all__ = [
    "GENERATOR_FORMS",
    "MAX_VERTICES",
    "EdgeList",
    "EdgeListError",
    "generate",
    "load_input",
    "read_edge_list",
]


def load_input(
    spec_or_path: str | os.PathLike[str], *, seed: int = 1, directed: bool | None = None
) -> EdgeList:
    """A generator spec (``rmat:``, ``er:``, ``grid:``, ``dag:``) or else an edge-list file.

    Parameters
    ----------
    spec_or_path : str or path-like
        Passed to :func:`generate` when it is a string starting with a generator kind and a
        colon, otherwise to :func:`read_edge_list`.
    seed : int
        Generator seed; unused for files.
    directed : bool or None
        Overrides how the edges are meant; None keeps the default (files: directed, generators:
        as listed in :func:`generate`).
    """
    if isinstance(spec_or_path, str) and spec_or_path.startswith(
        tuple(f"{kind}:" for kind in GENERATOR_KINDS)
    ):
        edges = generate(spec_or_path, seed=seed)
        return edges if directed is None else replace(edges, directed=directed)
    return read_edge_list(spec_or_path, directed=True if directed is None else directed)
