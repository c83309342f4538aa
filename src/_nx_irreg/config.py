"""``nx.config.backends.irreg``: the backend's options, each also a per-call keyword.

:data:`OPTIONS` is the one table of options: their defaults, documented types, descriptions and
checks. The config class (:class:`IrregConfig`), the per-call options
(:class:`nx_irreg.options.Options`), the keyword checks (:func:`check_option`) and the docs
NetworkX shows (:func:`_nx_irreg.get_info`) all derive from it.

Imported by :func:`_nx_irreg.get_info` at the end of ``import networkx``; it imports only
NetworkX's ``Config`` base class, and the compiled core only when a value needs checking.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from networkx.utils.configs import Config

__all__ = ["OPTIONS", "IrregConfig", "Option", "check_option"]


@dataclass(frozen=True)
class Option:
    """One backend option: its default, its type as NumPy-style docs write it, what it does,
    and the check that returns a valid value or raises naming the option."""

    default: object
    type_doc: str
    doc: str
    check: Callable[[object], object]


def _isa(value: object) -> object:
    if value is None:
        return None
    from irreg import _core

    names = list(_core.compiled_isas())
    if value not in names:
        raise ValueError(f"isa must be None or one of {names}, got {value!r}")
    if value not in _core.available_isas():
        raise ValueError(f"isa {value!r} is compiled but this CPU does not support it")
    return value


def _variant(value: object) -> object:
    if value is None:
        return None
    from irreg.graph.registry import VARIANTS

    names = sorted(VARIANTS)
    if value not in names:
        raise ValueError(f"variant must be None or one of {names}, got {value!r}")
    return value


def _tile_size(value: object) -> object:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"tile_size must be None or an int, got {type(value).__name__}")
    from irreg._core import MAX_TILE_SIZE

    if value < 1 or value > MAX_TILE_SIZE or value & (value - 1):
        raise ValueError(f"tile_size must be a power of two in [1, {MAX_TILE_SIZE}], got {value}")
    return value


def _threads(value: object) -> object:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"threads must be None or an int, got {type(value).__name__}")
    from irreg.threads import check_threads

    return check_threads(value)


def _scheduler(value: object) -> object:
    if value is None:
        return None
    from irreg.source_chunks import check_scheduler

    return check_scheduler(value)


def _one_of(name: str, choices: tuple[str, ...]) -> Callable[[object], object]:
    def check(value: object) -> object:
        if value not in choices:
            raise ValueError(f"{name} must be one of {list(choices)}, got {value!r}")
        return value

    return check


OPTIONS: dict[str, Option] = {
    "isa": Option(
        None,
        "str or None, optional",
        "Instruction set of the kernels: 'scalar', 'avx2', 'avx512' or 'avx512-emu' "
        "(None: the best this CPU supports).",
        _isa,
    ),
    "variant": Option(
        None,
        "str or None, optional",
        "Engine variant for functions without an order of their own: a name of "
        "irreg.graph.registry.VARIANTS (the seed's engine, e.g. 'opt', or a faster method, "
        "e.g. 'delta'); None: the kernel that reproduces NetworkX's output order.",
        _variant,
    ),
    "tile_size": Option(
        None,
        "int or None, optional",
        "Tile edge of the grouped index (a power of two; None: chosen from the graph).",
        _tile_size,
    ),
    "threads": Option(
        None,
        "int or None, optional",
        "OpenMP threads of the parallel kernels (None: IRREG_NUM_THREADS, else OpenMP's "
        "default: OMP_NUM_THREADS or the usable cores). Kernels whose output follows "
        "NetworkX's serial order run on one. Functions over many sources run this many "
        "chunks of sources at once (see scheduler), each on one thread.",
        _threads,
    ),
    "weight_dtype": Option(
        "auto",
        "str, optional",
        "Type of returned path lengths: 'auto' (as NetworkX: ints when every weight is an "
        "integer, NumPy scalars when every weight has one NumPy integer type), 'float64', or "
        "'int64' (weights must be integers).",
        _one_of("weight_dtype", ("auto", "float64", "int64")),
    ),
    "execution": Option(
        "cpu",
        "str, optional",
        "Where kernels run: 'cpu', or 'emu' (BFS lengths on the simulated Emu Chick; "
        "the report is in nx_irreg.emu.last_report()).",
        _one_of("execution", ("cpu", "emu")),
    ),
    "scheduler": Option(
        None,
        "str, dask.distributed.Client or None, optional",
        "Where functions over many sources (all pairs, averages over sources) run their chunks "
        "of sources: None (threads in this process, `threads` of them, unless joblib's Dask "
        "backend is active: joblib.parallel_config(backend='dask')), 'threads' (always), "
        "'dask' (the current dask.distributed client), or a dask.distributed.Client; on Dask "
        "the graph is shipped once per worker.",
        _scheduler,
    ),
}


def check_option(key: str, value: object) -> object:
    """``value`` if it is valid for option ``key``; otherwise a ``ValueError``/``TypeError``
    that names the option and what it accepts."""
    option = OPTIONS.get(key)
    if option is None:
        raise TypeError(f"unknown irreg backend option {key!r}; options are {sorted(OPTIONS)}")
    return option.check(value)


def _on_setattr(self: Config, key: str, value: object) -> object:
    return check_option(key, value)


IrregConfig = type(
    "IrregConfig",
    (Config,),
    {
        "__module__": __name__,
        "__qualname__": "IrregConfig",
        "__doc__": "Configuration of the ``irreg`` NetworkX backend (``nx.config.backends.irreg``)."
        "\n\nParameters\n----------\n"
        + "".join(f"{name} : {o.type_doc}\n    {o.doc}\n" for name, o in OPTIONS.items()),
        "__annotations__": {name: object for name in OPTIONS},
        **{name: option.default for name, option in OPTIONS.items()},
        "_on_setattr": _on_setattr,
    },
)
