"""Seeded synthetic graphs for benchmarks and tests, by spec (``rmat:20:16``).

Generators (:func:`generate`) follow GAPBS: a ``numpy.random.default_rng(seed)`` stream makes the
same graph on every run and machine, and every edge carries an integer-valued weight uniform in
[1, 255]. ``rmat`` uses the Graph500 Kronecker parameters and permutes vertex labels so that ids
are not ordered by degree; ``dag`` hides its topological order behind a random relabelling.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from irreg.inputs.edge_list import ID_TOKEN, MAX_VERTICES, EdgeList

__all__ = ["GENERATOR_FORMS", "GENERATOR_KINDS", "generate"]

_INT64_MAX = int(np.iinfo(np.int64).max)

_MAX_RMAT_SCALE = 30
_WEIGHT_LOW, _WEIGHT_HIGH = 1, 255  # GAPBS's weight range, both ends included

# Graph500 Kronecker initiator a=0.57, b=0.19, c=0.19, d=0.05 in percent. `rmat` draws it as a
# lookup from a percentile draw to the quadrant bits (src bit << 1 | dst bit); the parameters
# are whole percents, so the table gives them exactly.
_GRAPH500_INITIATOR_PERCENT = (57, 19, 19, 5)
_RMAT_QUADRANT = np.repeat(np.arange(4, dtype=np.uint8), _GRAPH500_INITIATOR_PERCENT)


def _rmat_bit_tables(levels: int) -> tuple[np.ndarray, np.ndarray]:
    """src and dst bits of ``levels`` Kronecker levels, indexed by one draw in [0, 100**levels).

    The draw's base-100 digits are independent percentile draws, highest digit first, so one
    draw does the work of ``levels`` and the random stream, the costly part, shrinks as much.
    """
    src_bits, dst_bits = _RMAT_QUADRANT >> 1, _RMAT_QUADRANT & 1
    for _ in range(levels - 1):
        src_bits = (src_bits[:, None] << 1 | _RMAT_QUADRANT[None, :] >> 1).ravel()
        dst_bits = (dst_bits[:, None] << 1 | _RMAT_QUADRANT[None, :] & 1).ravel()
    return src_bits, dst_bits


_RMAT_LEVELS_PER_DRAW = 2  # 100**2 draws fit uint16
_RMAT_BIT_TABLES = {k: _rmat_bit_tables(k) for k in range(1, _RMAT_LEVELS_PER_DRAW + 1)}

GENERATOR_FORMS = (
    "rmat:SCALE:EF, kron:SCALE:EF, stinger-rmat:SCALE:EF, er:N:M, urand:SCALE:EF, grid:R:C, dag:N:M"
)

def generate(spec: str, *, seed: int = 1) -> EdgeList:
    """Make a synthetic graph from a spec such as ``rmat:20:16``.

    Parameters
    ----------
    spec : str
        One of

        - ``rmat:SCALE:EF``: ``2**SCALE`` vertices, ``EF * 2**SCALE`` directed Kronecker edges
          (Graph500 a=0.57, b=0.19, c=0.19), vertex labels randomly permuted; SCALE <= 30.
        - ``stinger-rmat:SCALE:EF``: the same Kronecker edges drawn as the STINGER codebase's
          ``rmat_edge`` draws them (the generator seed 002 used): the initiator is perturbed by
          +-5% and renormalised after every level, and labels are *not* permuted, so an id's low
          bits say how likely it is to be a hub (vertex 0 is the largest).
        - ``kron:SCALE:EF``: the edges of ``rmat:SCALE:EF`` as an undirected graph, the graph
          GAPBS's ``-g SCALE -k EF`` builds (its benchmark inputs are undirected).
        - ``er:N:M``: M directed edges with both ends uniform in ``[0, N)``.
        - ``urand:SCALE:EF``: ``EF * 2**SCALE`` undirected edges with both ends uniform over
          ``2**SCALE`` vertices: GAPBS's ``-u SCALE -k EF``.
        - ``grid:R:C``: the undirected R x C grid, vertex ``r * C + c``, each of the
          ``R * (C - 1) + C * (R - 1)`` edges listed once.
        - ``dag:N:M``: M directed edges ``u -> v`` (repeats possible) with ``u`` before ``v`` in
          a hidden random order of the N >= 2 vertices, so id order is not topological.

        Fields are positive decimal integers. Self-loops and repeated edges are kept.
    seed : int
        Seed of the ``numpy.random.default_rng`` stream; the same seed gives the same graph.

    Returns
    -------
    EdgeList
        With integer-valued float64 weights uniform in [1, 255], drawn last from the stream.

    Raises
    ------
    ValueError
        The spec is malformed or names a graph too large; the message lists the accepted forms.
    """
    kind, fields = _parse_spec(spec)
    build, _ = _GENERATORS[kind]
    rng = np.random.default_rng(seed)
    src, dst, n, directed, name = build(rng, *fields)
    weight = rng.integers(_WEIGHT_LOW, _WEIGHT_HIGH + 1, size=len(src), dtype=np.uint8)
    return EdgeList(src, dst, weight.astype(np.float64), n, directed, name)


def _parse_spec(spec: str) -> tuple[str, tuple[int, ...]]:
    def fail(problem: str) -> ValueError:
        return ValueError(f"bad graph spec {spec!r}: {problem}; accepted forms: {GENERATOR_FORMS}")

    kind, *texts = spec.split(":")
    if kind not in _GENERATORS:
        raise fail(f"unknown kind {kind!r}")
    _, names = _GENERATORS[kind]
    if len(texts) != len(names):
        form = ":".join((kind, *names))
        raise fail(f"{kind} takes {len(names)} fields ({form}), got {len(texts)}")
    fields = []
    for field_name, text in zip(names, texts, strict=True):
        if not ID_TOKEN.fullmatch(text):
            raise fail(f"{field_name} is not an integer: {text!r}")
        if int(text) <= 0:
            raise fail(f"{field_name} must be positive, got {int(text)}")
        fields.append(int(text))
    problem = _size_problem(kind, *fields)
    if problem:
        raise fail(problem)
    return kind, tuple(fields)


def _size_problem(kind: str, a: int, b: int) -> str | None:
    """Why a spec's sizes cannot be built, or None."""
    if kind in ("rmat", "kron", "stinger-rmat", "urand"):
        if a > _MAX_RMAT_SCALE:
            return f"SCALE must be at most {_MAX_RMAT_SCALE}, got {a}"
        if b << a > _INT64_MAX:
            return f"EF * 2**SCALE = {b << a} edges does not fit int64"
        return None
    if kind == "grid":
        if a * b > MAX_VERTICES:
            return f"R * C = {a * b} vertices exceeds the limit of {MAX_VERTICES}"
        return None
    if a > MAX_VERTICES:
        return f"N = {a} vertices exceeds the limit of {MAX_VERTICES}"
    if b > _INT64_MAX:
        return f"M = {b} edges does not fit int64"
    if kind == "dag" and a < 2:
        return "a dag needs N >= 2 vertices to have an edge"
    # Edges are drawn with replacement, so more than the pairs could only repeat them: a typo.
    pairs = a * a if kind == "er" else a * (a - 1) // 2
    if b > pairs:
        what = "ordered pairs (N*N)" if kind == "er" else "unordered pairs (N*(N-1)/2)"
        return f"M = {b} edges exceeds the {pairs} {what} of N = {a} vertices"
    return None


_Built = tuple[np.ndarray, np.ndarray, int, bool, str]


def _rmat(rng: np.random.Generator, scale: int, edge_factor: int) -> _Built:
    n = 1 << scale
    m = edge_factor * n
    # int32 halves the memory traffic of the shifts (n <= 2**30); relabelling gathers into int64.
    src = np.zeros(m, dtype=np.int32)
    dst = np.zeros(m, dtype=np.int32)
    full, rest = divmod(scale, _RMAT_LEVELS_PER_DRAW)
    for levels in [_RMAT_LEVELS_PER_DRAW] * full + [rest] * (rest > 0):
        src_bits, dst_bits = _RMAT_BIT_TABLES[levels]
        draw = rng.integers(0, 100**levels, size=m, dtype=np.uint16)
        src <<= levels
        src |= src_bits[draw]
        dst <<= levels
        dst |= dst_bits[draw]
    label = rng.permutation(n)
    return label[src], label[dst], n, True, f"rmat-s{scale}-ef{edge_factor}"


_STINGER_RMAT_CHUNK = 1 << 22  # edges drawn together; bounds the (chunk, 4) initiator copies


def _stinger_rmat(rng: np.random.Generator, scale: int, edge_factor: int) -> _Built:
    n = 1 << scale
    m = edge_factor * n
    src = np.empty(m, dtype=np.int64)
    dst = np.empty(m, dtype=np.int64)
    initiator = (np.array(_GRAPH500_INITIATOR_PERCENT)[:, None] / 100).astype(np.float32)
    for lo in range(0, m, _STINGER_RMAT_CHUNK):
        k = min(_STINGER_RMAT_CHUNK, m - lo)
        p = np.repeat(initiator, k, axis=1)  # rows a, b, c, d; each edge walks its own initiator
        noise = np.empty((4, k), dtype=np.float32)
        r = np.empty(k, dtype=np.float32)
        i = np.zeros(k, dtype=np.int64)
        j = np.zeros(k, dtype=np.int64)
        for level in range(scale):
            rng.random(dtype=np.float32, out=r)
            ab = p[0] + p[1]
            i <<= 1
            i |= r > ab  # quadrants c and d
            j <<= 1
            j |= ((r > p[0]) & (r <= ab)) | (r > ab + p[2])  # quadrants b and d
            if level == scale - 1:
                break
            # each of a, b, c, d times U(0.95, 1.05), then renormalised (which cancels the /10)
            rng.random(dtype=np.float32, out=noise)
            noise += 9.5
            p *= noise
            p /= p.sum(axis=0)
            p[3] = 1 - p[0] - p[1] - p[2]
        src[lo:lo + k] = i
        dst[lo:lo + k] = j
    return src, dst, n, True, f"stinger-rmat-s{scale}-ef{edge_factor}"


def _kron(rng: np.random.Generator, scale: int, edge_factor: int) -> _Built:
    src, dst, n, _, _ = _rmat(rng, scale, edge_factor)
    return src, dst, n, False, f"kron-s{scale}-ef{edge_factor}"


def _uniform(rng: np.random.Generator, scale: int, edge_factor: int) -> _Built:
    src, dst, n, _, _ = _erdos_renyi(rng, 1 << scale, edge_factor << scale)
    return src, dst, n, False, f"urand-s{scale}-ef{edge_factor}"


def _erdos_renyi(rng: np.random.Generator, n: int, m: int) -> _Built:
    src = rng.integers(0, n, size=m, dtype=np.int64)
    dst = rng.integers(0, n, size=m, dtype=np.int64)
    return src, dst, n, True, f"er-n{n}-m{m}"


def _grid(rng: np.random.Generator, rows: int, cols: int) -> _Built:
    del rng  # only the weights are random
    ids = np.arange(rows * cols, dtype=np.int64).reshape(rows, cols)
    src = np.concatenate([ids[:, :-1].ravel(), ids[:-1, :].ravel()])
    dst = np.concatenate([ids[:, 1:].ravel(), ids[1:, :].ravel()])
    return src, dst, rows * cols, False, f"grid-{rows}x{cols}"


def _dag(rng: np.random.Generator, n: int, m: int) -> _Built:
    # Two distinct positions in the hidden order, uniform over unordered pairs; the earlier one
    # is the tail. Relabelling by a random permutation hides the order.
    first = rng.integers(0, n, size=m, dtype=np.int64)
    second = rng.integers(0, n - 1, size=m, dtype=np.int64)
    second += second >= first
    label = rng.permutation(n)
    src = label[np.minimum(first, second)]
    dst = label[np.maximum(first, second)]
    return src, dst, n, True, f"dag-n{n}-m{m}"


# kind -> (builder, field names); the single list of generator kinds.
_GENERATORS: dict[str, tuple[Callable[..., _Built], tuple[str, str]]] = {
    "rmat": (_rmat, ("SCALE", "EF")),
    "kron": (_kron, ("SCALE", "EF")),
    "stinger-rmat": (_stinger_rmat, ("SCALE", "EF")),
    "er": (_erdos_renyi, ("N", "M")),
    "urand": (_uniform, ("SCALE", "EF")),
    "grid": (_grid, ("R", "C")),
    "dag": (_dag, ("N", "M")),
}

GENERATOR_KINDS = tuple(_GENERATORS)
