"""NetworkX's path lists from parent arrays, and the lazy dicts the all-pairs generators yield."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, MutableMapping

import networkx as nx
import numpy as np

from irreg import _core
from nx_irreg.backend_graph import BackendGraph
from nx_irreg.nxapi._lengths import length_dict
from nx_irreg.options import Options
from nx_irreg.versions import paths_repeat_after_skipped_predecessor


def path_dict(
    G: BackendGraph, order: np.ndarray, parent: np.ndarray, *, toward_root: bool = False
) -> dict:
    """``{label: path}`` for the vertices of ``order``, each path following ``parent`` (per
    vertex, -1 at a source) from its source (or to it, when ``toward_root``). Built in C++:
    one new list per vertex, its parent's labels plus its own, as NetworkX builds them."""
    return _core.path_dict(order, parent, G.nodes, toward_root)


def path_to(G: BackendGraph, parent: np.ndarray, v: int, *, toward_root: bool = False) -> list:
    """The labels along ``parent`` from the source to ``v`` (``v`` first when ``toward_root``)."""
    return _core.path_to(parent, v, G.nodes, toward_root)


def predecessor_lists(
    G: BackendGraph, order: np.ndarray, offsets: np.ndarray, pred: np.ndarray
) -> dict:
    """``{label: [predecessor labels]}`` for the vertices of ``order``, vertex ``v``'s list
    being ``pred[offsets[v]:offsets[v + 1]]`` (NetworkX's ``pred`` dicts)."""
    labels = G.labels(pred)
    starts, ends = offsets[order].tolist(), offsets[order + 1].tolist()
    return {node: labels[a:b] for node, a, b in zip(G.labels(order), starts, ends, strict=True)}


def parents_by_vertex(n: int, order: np.ndarray, parent: np.ndarray) -> np.ndarray:
    """A per-vertex parent array from one source's ``order`` and its aligned ``parent``."""
    by_vertex = np.full(n, -1, dtype=np.int32)
    by_vertex[order] = parent
    return by_vertex


class LazyDict(MutableMapping):
    """A dict of one source's results, built on first use.

    NetworkX's all-pairs functions return iterators of ``(node, dict)``; the backend yields
    these instead, so iterating costs the searches only, and a dict's worth of Python objects
    is made only for the sources a caller looks into (``len`` needs none). It compares equal to
    the dict NetworkX returns and, like it, can be changed (which builds it first);
    ``dict(d)`` (or ``d.copy()``) gives a plain dict.
    """

    __slots__ = ("_build", "_data", "_len")

    def __init__(self, build: Callable[[], dict], length: int) -> None:
        self._build: Callable[[], dict] | None = build
        self._data: dict | None = None
        self._len = length

    def _dict(self) -> dict:
        if self._data is None:
            assert self._build is not None
            self._data, self._build = self._build(), None
        return self._data

    def __getitem__(self, key: object) -> object:
        return self._dict()[key]

    def __iter__(self) -> Iterator:
        return iter(self._dict())

    def __len__(self) -> int:
        return self._len if self._data is None else len(self._data)

    def __setitem__(self, key: object, value: object) -> None:
        self._dict()[key] = value

    def __delitem__(self, key: object) -> None:
        del self._dict()[key]

    def __contains__(self, key: object) -> bool:
        return key in self._dict()

    def keys(self):
        return self._dict().keys()

    def values(self):
        return self._dict().values()

    def items(self):
        return self._dict().items()

    def get(self, key: object, default: object = None) -> object:
        return self._dict().get(key, default)

    def copy(self) -> dict:
        return dict(self._dict())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyDict):
            other = other._dict()
        if not isinstance(other, Mapping):
            return NotImplemented
        return self._dict() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._dict())


def lazy_lengths(
    G: BackendGraph, order: np.ndarray, value: np.ndarray, opts: Options, integral: bool | None
) -> LazyDict:
    """One source's ``{node: length}`` of an all-pairs call (``order[0]`` the source)."""
    return LazyDict(lambda: length_dict(G, order, value, 1, opts, integral=integral), len(order))


def lazy_paths(G: BackendGraph, order: np.ndarray, parent: np.ndarray) -> LazyDict:
    """One source's ``{node: path}`` of an all-pairs call, ``parent`` aligned with ``order``."""
    return LazyDict(lambda: path_dict(G, order, parents_by_vertex(len(G), order, parent)),
                    len(order))


def paths_from_predecessors(pred: dict, sources: set, target: object) -> Iterator[list]:
    """Every path from one of ``sources`` to ``target`` along ``pred``, in NetworkX's order: a
    depth-first walk back from ``target`` taking each node's predecessors in list order, no
    node twice on a path, a path yielded each time the walk stands on a source. NetworkX
    3.4-3.6 also stand again on a node after skipping a predecessor already on the path (the
    same path again, on zero-weight cycles); which the installed NetworkX does is probed."""
    if target not in pred:
        raise nx.NetworkXNoPath(f"Target {target} cannot be reached from given sources")
    skip_in_place = not paths_repeat_after_skipped_predecessor()
    on_path = {target}
    stack = [[target, 0]]
    while stack:
        node, i = stack[-1]
        if node in sources:
            yield [p for p, _ in reversed(stack)]
        preds = pred[node]
        if skip_in_place:
            while i < len(preds) and preds[i] in on_path:
                i += 1
        if i < len(preds):
            stack[-1][1] = i + 1
            following = preds[i]
            if following not in on_path:
                on_path.add(following)
                stack.append([following, 0])
        else:
            on_path.discard(node)
            stack.pop()


class PredecessorArrays:
    """Kernel predecessor lists (``pred[offsets[v]:offsets[v + 1]]``) seen as NetworkX's pred
    dict over vertex ids, for :func:`paths_from_predecessors`: ``v in`` it when ``v`` was
    reached (a finite ``value``)."""

    def __init__(self, offsets: np.ndarray, pred: np.ndarray, value: np.ndarray) -> None:
        self.offsets, self.pred, self.reached = offsets, pred, np.isfinite(value)

    def __contains__(self, v: object) -> bool:
        return bool(self.reached[v])

    def __getitem__(self, v: int) -> list[int]:
        return self.pred[self.offsets[v] : self.offsets[v + 1]].tolist()
