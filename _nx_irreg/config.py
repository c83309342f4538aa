"""``nx.config.backends.irreg``: the backend's options, each also a per-call keyword.

Imported by :func:`_nx_irreg.get_info` at the end of ``import networkx``; it imports only
NetworkX's ``Config`` base class, and the compiled core only when a value needs checking.
"""

from __future__ import annotations

from networkx.utils.configs import Config

__all__ = ["OPTION_DOCS", "IrregConfig", "check_option"]

WEIGHT_DTYPES = ("auto", "float64", "int64")
EXECUTIONS = ("cpu", "emu")
ALGORITHMS = ("bfs", "sssp", "sswp", "wcc", "ts")

OPTION_TYPES = {
    "isa": "str or None, optional",
    "variant": "str or None, optional",
    "tile_size": "int or None, optional",
    "weight_dtype": "str, optional",
    "execution": "str, optional",
}
OPTION_DOCS = {
    "isa": "Instruction set of the kernels: 'scalar', 'avx2', 'avx512' or 'avx512-emu' "
    "(None: the best this CPU supports).",
    "variant": "Engine variant for functions without an order of their own: 'serial', 'naive', "
    "'opt', 'opt-search', or a faster method ('direction', 'dijkstra', 'union-find'); None: "
    "the kernel that reproduces NetworkX's output order.",
    "tile_size": "Tile edge of the grouped index (a power of two; None: chosen from the graph).",
    "weight_dtype": "Type of returned path lengths: 'auto' (int when every weight is an int, as "
    "NetworkX), 'float64', or 'int64' (weights must be integers).",
    "execution": "Where kernels run: 'cpu', or 'emu' (BFS lengths on the simulated Emu Chick; "
    "the report is in nx_irreg.emu.last_report()).",
}


def check_option(key: str, value: object) -> object:
    """``value`` if it is valid for option ``key``; otherwise a ``ValueError``/``TypeError``
    that names the option and what it accepts."""
    if key == "isa":
        if value is None:
            return None
        from nx_irreg import _core

        names = list(_core.compiled_isas())
        if value not in names:
            raise ValueError(f"isa must be None or one of {names}, got {value!r}")
        if value not in _core.available_isas():
            raise ValueError(f"isa {value!r} is compiled but this CPU does not support it")
        return value
    if key == "variant":
        if value is None:
            return None
        from nx_irreg import _core

        names = sorted({v for alg in ALGORITHMS for v in _core.variants(alg)})
        if value not in names:
            raise ValueError(f"variant must be None or one of {names}, got {value!r}")
        return value
    if key == "tile_size":
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"tile_size must be None or an int, got {type(value).__name__}")
        if value < 1 or value > 32768 or value & (value - 1):
            raise ValueError(f"tile_size must be a power of two in [1, 32768], got {value}")
        return value
    if key == "weight_dtype":
        if value not in WEIGHT_DTYPES:
            raise ValueError(f"weight_dtype must be one of {list(WEIGHT_DTYPES)}, got {value!r}")
        return value
    if key == "execution":
        if value not in EXECUTIONS:
            raise ValueError(
                f"execution must be one of {list(EXECUTIONS)}, got {value!r}"
            )
        return value
    raise TypeError(f"unknown irreg backend option {key!r}; options are {sorted(OPTION_DOCS)}")


class IrregConfig(Config):
    """Configuration of the ``irreg`` NetworkX backend (``nx.config.backends.irreg``).

    Parameters
    ----------
    isa : str or None
        Instruction set of the kernels (None: the best this CPU supports).
    variant : str or None
        Engine variant where a function has no output order of its own (None: NetworkX's order).
    tile_size : int or None
        Tile edge of the grouped index (None: chosen from the graph's size).
    weight_dtype : {"auto", "float64", "int64"}
        Type of returned path lengths.
    execution : {"cpu", "emu"}
        Where kernels run: "emu" runs BFS lengths on the simulated Emu Chick (seed 002).
    """

    isa: str | None = None
    variant: str | None = None
    tile_size: int | None = None
    weight_dtype: str = "auto"
    execution: str = "cpu"

    def _on_setattr(self, key: str, value: object) -> object:
        return check_option(key, value)
