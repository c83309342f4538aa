"""Components as NetworkX yields them: sets, in the order of their first node in ``G``."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from nx_irreg.algorithms import wcc
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.options import Options


def component_labels(G: BackendGraph, opts: Options) -> np.ndarray:
    """Per vertex the smallest vertex id of its component (afforest unless a variant is set)."""
    graph = G.with_tile_size(opts.tile_size)
    return wcc(graph, variant=opts.variant, isa=opts.isa, threads=opts.threads).label


def component_sets(G: BackendGraph, label: np.ndarray) -> Iterator[set]:
    # A component's label is its first vertex, which is NetworkX's order of components.
    order = np.argsort(label, kind="stable")
    starts = np.flatnonzero(np.diff(label[order], prepend=-1)).tolist()
    labels = G.labels(order)
    for begin, end in zip(starts, [*starts[1:], len(labels)][: len(starts)], strict=True):
        yield set(labels[begin:end])


def count_components(label: np.ndarray) -> int:
    return int(np.count_nonzero(label == np.arange(label.size)))
