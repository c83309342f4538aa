# TEMPORARY stand-in until the chunks branch lands
from concurrent.futures import ThreadPoolExecutor

from irreg.threads import resolve_threads


def map_chunks(fn, graph, sources, *, threads=None, chunk_size=None, scheduler=None):
    sources = list(sources)
    size = chunk_size or 16
    chunks = [sources[i:i + size] for i in range(0, len(sources), size)]
    t = resolve_threads(threads)
    if t == 1:
        for c in chunks:
            yield fn(graph, c)
        return
    with ThreadPoolExecutor(t) as pool:
        for r in pool.map(lambda c: fn(graph, c), chunks):
            yield r
