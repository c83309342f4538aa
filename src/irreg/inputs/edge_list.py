"""SNAP-style edge-list files and the :class:`EdgeList` every graph input becomes.

Files (:func:`read_edge_list`) hold whitespace-separated ``src dst [weight]`` lines; a line whose
first non-blank character is ``#`` is a comment, blank lines are skipped, and every data line has
the same number of columns. Large files are parsed by ``numpy.loadtxt``'s C reader; whenever that
fast path refuses the file, or its result breaks a rule (a negative or too large id, a NaN
weight), a line-by-line scan of the same file either names the first offending line or, where the
fast reader was merely stricter, returns the edges itself. Both paths read the file as Latin-1
with universal newlines and split on ``str.split`` whitespace, so they accept the same files.
"""

from __future__ import annotations

import gzip
import io
import math
import os
import re
import warnings
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import numpy as np

from irreg._core import MAX_VERTICES

if TYPE_CHECKING:
    from irreg.graph import IrregGraph

__all__ = ["ID_TOKEN", "MAX_VERTICES", "EdgeList", "EdgeListError", "read_edge_list"]

# MAX_VERTICES (2**31 - 2) is the core's: 32-bit ids, and n + 1 must fit too. Every id is below
# it, so every file this reader accepts is a graph the core builds.
ID_TOKEN = re.compile(r"[+-]?[0-9]+")  # a decimal integer, as ids and generator fields are written

_GZIP_MAGIC = b"\x1f\x8b"
# Compressions only gzip of which is read: named, rather than parsed as text and reported as a
# bad first line.
_OTHER_MAGIC = {b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz", b"\x28\xb5\x2f\xfd": "zstd"}
_DECOMPRESSED_BY_NUMPY = (".gz", ".bz2", ".xz", ".lzma")
# Universal newlines, as numpy.loadtxt and open() read text.
_LINE = re.compile(rb"[^\r\n]+")
_LINE_END = re.compile(rb"[\r\n]")


@dataclass(frozen=True, eq=False, repr=False)
class EdgeList:
    """The edges of one benchmark graph, as flat arrays ready for a graph constructor.

    Attributes
    ----------
    src, dst : numpy.ndarray
        int64 vertex ids in ``[0, n)``, one entry per edge. Self-loops and repeated edges are
        kept; the graph class decides what they mean.
    weight : numpy.ndarray or None
        float64 weight per edge, or None for an unweighted file.
    n : int
        Number of vertices: the largest id plus one for a file, exact for a generator (which
        may leave vertices isolated).
    directed : bool
        Whether an edge ``(u, v)`` means only ``u -> v``; an undirected edge is listed once.
    name : str
        Case name for benchmark output: ``rmat-s20-ef16``, ``er-n1024-m8192``,
        ``grid-1000x1000``, ``dag-n1000000-m8000000``, or the file's base name.
    """

    src: np.ndarray
    dst: np.ndarray
    weight: np.ndarray | None
    n: int
    directed: bool
    name: str

    def __post_init__(self) -> None:
        for label, ids in (("src", self.src), ("dst", self.dst)):
            if ids.dtype != np.int64 or ids.ndim != 1:
                raise TypeError(f"{label} must be a 1-D int64 array, got {ids.dtype} {ids.shape}")
        if len(self.src) != len(self.dst):
            raise ValueError(f"src and dst lengths differ: {len(self.src)} and {len(self.dst)}")
        if self.weight is not None and (
            self.weight.dtype != np.float64 or self.weight.shape != self.src.shape
        ):
            raise ValueError(
                f"weight must be float64 with one entry per edge, got {self.weight.dtype} "
                f"{self.weight.shape} for {len(self.src)} edges"
            )

    @property
    def num_edges(self) -> int:
        """Number of listed edges (self-loops and repeats included)."""
        return len(self.src)

    def to_graph(
        self, *, tile_size: int | None = None, isa: str | None = None,
        without_loops: bool = False,
    ) -> IrregGraph:
        """The :class:`~irreg.graph.IrregGraph` of these edges (CSR built now, grouped index on
        first use). ``without_loops`` drops self-loops first (the Emu BFS's inputs: Graph500
        counts a traversed edge once)."""
        from irreg.graph import IrregGraph

        src, dst, weight = self.src, self.dst, self.weight
        if without_loops:
            keep = src != dst
            src, dst = src[keep], dst[keep]
            weight = None if weight is None else weight[keep]
        return IrregGraph.from_edges(
            src, dst, weight, n=self.n, directed=self.directed, tile_size=tile_size, isa=isa
        )

    def __repr__(self) -> str:
        return (
            f"EdgeList(name={self.name!r}, n={self.n}, num_edges={self.num_edges}, "
            f"directed={self.directed}, weighted={self.weight is not None})"
        )


class EdgeListError(ValueError):
    """A malformed edge-list file; the message reads ``<path>:<line>: <problem>``, or
    ``<path>: <problem>`` (``line`` None) for a problem of the whole file, such as bad gzip data."""

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        super().__init__(f"{path}: {problem}" if line is None else f"{path}:{line}: {problem}")
        self.path = path
        self.line = line
        self.problem = problem

    def __reduce__(self) -> tuple[type[EdgeListError], tuple[str, int | None, str]]:
        return type(self), (self.path, self.line, self.problem)


# ---------------------------------------------------------------------------------------------
# Files

_Columns = tuple[np.ndarray, np.ndarray, np.ndarray | None]  # src, dst, weight


def read_edge_list(path: str | os.PathLike[str], *, directed: bool = True) -> EdgeList:
    """Read a SNAP-style edge list: ``src dst`` or ``src dst weight`` per line.

    Parameters
    ----------
    path : str or path-like
        The file, plain or gzip-compressed (recognised by content, not name); it may be a pipe.
        ``#`` comment lines and blank lines are skipped.
    directed : bool
        How the edges are meant; the file itself does not say.

    Returns
    -------
    EdgeList
        ``n`` is the largest id plus one (0 for a file without edges); ``weight`` is None for a
        two-column file; ``name`` is the file's base name.

    Raises
    ------
    FileNotFoundError
        The file does not exist.
    EdgeListError
        The gzip data is truncated or corrupt, or the file is bzip2, xz or zstd data (no line
        number then), or a line is malformed:
        wrong or inconsistent column count, a comment after data, an id that is not an integer
        in ``[0, MAX_VERTICES)`` (``MAX_VERTICES = 2**31 - 2``), or a weight that is not a
        number or is NaN. The message names the file, the 1-based line and the problem.
    """
    label = os.fspath(path)
    with open(path, "rb") as f:
        data = f.read()
    # numpy.loadtxt reads a path in large chunks but a file object line by line, about 40%
    # slower on 5M lines, so the fast path reads a plain regular file again by name.
    reread = os.path.isfile(label)
    if data.startswith(_GZIP_MAGIC):  # SNAP ships its edge lists gzip-compressed
        data = _gunzip(label, data)
        reread = False
    for magic, kind in _OTHER_MAGIC.items():
        if data.startswith(magic):
            raise EdgeListError(
                label, None, f"{kind}-compressed data; only gzip is read: decompress it first"
            )
    edges = _read_fast(label if reread else None, data)
    if edges is None:
        edges = _read_by_line(label, data)
    src, dst, weight = edges
    n = int(max(src.max(), dst.max())) + 1 if len(src) else 0
    return EdgeList(src, dst, weight, n, directed, Path(label).name)


def _gunzip(path: str, data: bytes) -> bytes:
    # gzip reports bad data as EOFError, zlib.error or BadGzipFile (an OSError), none of which
    # says which file; a download cut short is the usual cause.
    try:
        return gzip.decompress(data)
    except EOFError:
        problem = "truncated gzip data: the file ends before the compressed stream does"
    except (OSError, zlib.error) as exc:
        problem = f"corrupt gzip data ({exc})"
    raise EdgeListError(path, None, problem + "; download or compress the file again")


def _read_fast(path: str | None, data: bytes) -> _Columns | None:
    """Parse with ``numpy.loadtxt``; None where the file needs the line-by-line scan.

    ``path`` names a file holding exactly ``data``, or is None to parse ``data`` in memory.
    Non-ASCII files and files with a ``#`` inside a data line go to the scan, so that the two
    readers agree on what whitespace and comments are.
    """
    if not data.isascii() or (b"#" in data and not _hashes_only_in_comments(data)):
        return None
    num_columns = _first_data_columns(data)
    if num_columns is None:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty.copy(), None
    if num_columns not in (2, 3):
        return None
    dtype = (
        np.dtype(np.int64)
        if num_columns == 2
        else np.dtype([("src", np.int64), ("dst", np.int64), ("weight", np.float64)])
    )
    try:
        # Old numpy versions warn instead of failing on some inputs; either way, scan instead.
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            table = _loadtxt(path, data, dtype)
    except (ValueError, OverflowError, Warning):
        return None
    if num_columns == 2:
        src, dst, weight = table[:, 0], table[:, 1], None
    else:
        table = table.ravel()
        src, dst = table["src"], table["dst"]
        weight = np.ascontiguousarray(table["weight"])
        if np.isnan(weight).any():
            return None
    src, dst = np.ascontiguousarray(src), np.ascontiguousarray(dst)
    for ids in (src, dst):
        if len(ids) and (ids.min() < 0 or ids.max() >= MAX_VERTICES):
            return None
    return src, dst, weight


def _as_text(data: bytes) -> TextIO:
    """The file as both readers see it: Latin-1, so any byte decodes, with universal newlines."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="latin-1", newline=None)


def _loadtxt(path: str | None, data: bytes, dtype: np.dtype) -> np.ndarray:
    # Given a name, numpy opens the file as _as_text does, except that it would take a URL-like
    # name for a URL (an absolute path never is one) and decompress by suffix.
    if path is not None and Path(path).suffix.lower() not in _DECOMPRESSED_BY_NUMPY:
        return np.loadtxt(
            os.path.abspath(path), dtype=dtype, comments="#", encoding="latin-1", ndmin=2
        )
    return np.loadtxt(_as_text(data), dtype=dtype, comments="#", ndmin=2)


def _hashes_only_in_comments(data: bytes) -> bool:
    """Whether every ``#`` lies on a line whose first non-blank character is ``#``."""
    has_cr = b"\r" in data
    pos = data.find(b"#")
    while pos >= 0:
        start = data.rfind(b"\n", 0, pos)
        if has_cr:  # bounded to the current \n-line, so never a scan back to the file's start
            start = max(start, data.rfind(b"\r", start + 1, pos))
        if data[start + 1 : pos].strip():
            return False
        end = _LINE_END.search(data, pos)
        if end is None:
            return True
        pos = data.find(b"#", end.start())
    return True


def _first_data_columns(data: bytes) -> int | None:
    """Column count of the first data line of an ASCII file; None when there is none."""
    for line in _LINE.finditer(data):
        fields = line.group().decode("ascii").split()
        if fields and not fields[0].startswith("#"):
            return len(fields)
    return None


def _read_by_line(path: str, data: bytes) -> _Columns:
    """Parse one line at a time, raising :class:`EdgeListError` at the first bad line.

    ``path`` only names the file in messages; ``data`` is its content.
    """
    src: list[int] = []
    dst: list[int] = []
    weight: list[float] = []
    num_columns, first_line = 0, 0
    with _as_text(data) as f:
        for line_no, line in enumerate(f, start=1):
            fields = line.split()
            if not fields or fields[0][0] == "#":
                continue
            try:
                if len(fields) != num_columns:
                    _check_columns(len(fields), num_columns, first_line)
                    num_columns, first_line = len(fields), line_no
                src.append(_parse_id(fields[0]))
                dst.append(_parse_id(fields[1]))
                if num_columns == 3:
                    weight.append(_parse_weight(fields[2]))
            except _LineProblem as problem:
                message = str(problem)
                # A '#' after data is never valid, and is likelier the cause than what it broke.
                if any(field[0] == "#" for field in fields):
                    message = "a '#' comment must start its own line"
                raise EdgeListError(path, line_no, message) from None
    return (
        np.array(src, dtype=np.int64),
        np.array(dst, dtype=np.int64),
        np.array(weight, dtype=np.float64) if num_columns == 3 else None,
    )


class _LineProblem(Exception):
    """What is wrong with the line being parsed; the caller adds file and line number."""


def _check_columns(count: int, num_columns: int, first_line: int) -> None:
    """Accept the first data line's column count; refuse any other change."""
    if count not in (2, 3):
        raise _LineProblem(f"expected 2 or 3 columns, got {count}")
    if num_columns:
        raise _LineProblem(f"line has {count} columns but line {first_line} had {num_columns}")


def _parse_id(token: str) -> int:
    # Up to nine ASCII digits is always valid and covers nearly every id: check it cheaply.
    if len(token) < 10 and token.isdigit() and token.isascii():
        return int(token)
    if not ID_TOKEN.fullmatch(token):
        raise _LineProblem(f"vertex id {token!r} is not an integer")
    value = int(token)
    if value < 0:
        raise _LineProblem(f"vertex id {token!r} is negative")
    if value >= MAX_VERTICES:
        raise _LineProblem(f"vertex id {token!r} is too large (ids must be below {MAX_VERTICES})")
    return value


def _parse_weight(token: str) -> float:
    try:
        if "_" in token:  # float() takes digit separators, numpy.loadtxt does not
            raise ValueError(token)
        value = float(token)
    except ValueError:
        raise _LineProblem(f"weight {token!r} is not a number") from None
    if math.isnan(value):
        raise _LineProblem("weight is NaN")
    return value
