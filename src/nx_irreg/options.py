"""The backend options of one call: ``nx.config.backends.irreg`` overridden by call keywords."""

from __future__ import annotations

from dataclasses import field, make_dataclass

from _nx_irreg.config import OPTIONS, check_option

# The options of one call, one field per entry of the options table (defaults included).
Options = make_dataclass(
    "Options",
    [(name, object, field(default=option.default)) for name, option in OPTIONS.items()],
    frozen=True,
)
Options.__module__ = __name__


def configured() -> dict:
    """The configured values (defaults when the backend is not registered with NetworkX)."""
    import networkx as nx

    config = nx.config.backends.get("irreg")
    if config is None:
        return {}
    return {key: config[key] for key in OPTIONS}


EMU_FUNCTIONS = ("single_source_shortest_path_length", "descendants_at_distance")


def resolve(options: dict, *, emu: bool = False) -> Options:
    """Options of a call; an unknown keyword raises ``TypeError``, a bad value ``ValueError``,
    and ``execution="emu"`` on a function without an Emu model ``ValueError``."""
    values = configured()
    for key, value in options.items():
        values[key] = check_option(key, value)
    if values.get("execution") == "emu" and not emu:
        raise ValueError(
            "this function has no Emu model; execution='emu' runs "
            + ", ".join(EMU_FUNCTIONS)
            + " (set execution='cpu' for the rest)"
        )
    return Options(**values)


def check_no_variant(function: str, options: dict) -> None:
    """Rejects ``variant=`` on a function whose output order only its serial kernel gives."""
    if options.get("variant") is not None:
        raise ValueError(
            f"{function} has no variants: its output follows NetworkX's serial order, which "
            "only the ordered kernel reproduces"
        )


def chunk_options(options: Options) -> dict:
    """The keywords of :func:`irreg.source_chunks.map_chunks` for a call's options: its thread
    count (:func:`irreg.threads.resolve_threads` of ``options.threads``) and where its chunks of
    sources run (``options.scheduler``, looked up now: a ``dask.distributed.Client``, or None for
    threads; None also honours an active joblib Dask backend)::

        map_chunks(fn, G.graph, sources, **chunk_options(opts))
    """
    from irreg.source_chunks import resolve_scheduler
    from irreg.threads import resolve_threads

    client = resolve_scheduler(options.scheduler)
    return {
        "threads": resolve_threads(options.threads),
        "scheduler": "threads" if client is None else client,
    }
