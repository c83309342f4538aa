"""Every node a source: the chunks of the all-pairs functions (DESIGN §13).

The sources (every node, in ``G``'s order) are cut into chunks, each one C++ call that releases
the GIL; :func:`irreg.source_chunks.map_chunks` runs them on the thread pool or on Dask and
hands them back in order, a bounded number ahead of the caller, so a caller that iterates never
holds all pairs at once.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from irreg.source_chunks import map_chunks
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.options import Options, chunk_options

# Entries (reached vertex, length, parent: 16 bytes) one chunk may hold: a chunk of an n-node
# graph gets about this many over n sources, so chunks stay a few MB whatever the graph (and
# map_chunks keeps about two per worker outstanding).
CHUNK_ENTRIES = 1 << 20
MAX_CHUNK_SOURCES = 128


def chunk_size(n: int) -> int:
    return max(1, min(MAX_CHUNK_SOURCES, CHUNK_ENTRIES // max(n, 1)))


def chunk_results(
    G: BackendGraph, chunk: Callable, opts: Options, *,
    failure: Callable[[int], Exception] | None = None,
) -> Iterator:
    """``chunk(graph, sources)`` for consecutive chunks of every node, in order; a chunk whose
    ``failed_at`` names a source raises ``failure(that node's position)`` after being yielded."""
    n = len(G)
    start = 0
    size = chunk_size(n)
    for result in map_chunks(chunk, G.graph, range(n), chunk_size=size, **chunk_options(opts)):
        yield result
        if result.failed_at >= 0:
            raise (failure or _unexpected)(start + result.failed_at)
        start += size


def _unexpected(position: int) -> Exception:
    return RuntimeError(f"the search from node position {position} failed")


def per_source(
    G: BackendGraph, kernel: Callable, opts: Options, *,
    failure: Callable[[int], Exception] | None = None, **arguments: object,
) -> Iterator[tuple[int, tuple]]:
    """``(source position, (order, lengths, parent))`` for every node in ``G``'s order, from
    chunks of ``kernel(graph, sources, **arguments)`` (a :class:`SourceLengths`)."""
    position = 0
    for found in chunk_results(G, functools.partial(kernel, **arguments), opts,
                               failure=failure):
        for i in range(len(found.offsets) - 1):
            yield position + i, found.source(i)
        position += len(found.offsets) - 1
