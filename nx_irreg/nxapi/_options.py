"""The backend options of one call: ``nx.config.backends.irreg`` overridden by call keywords."""

from __future__ import annotations

from dataclasses import dataclass

from _nx_irreg.config import OPTION_DOCS, check_option


@dataclass(frozen=True)
class Options:
    isa: str | None = None
    variant: str | None = None
    tile_size: int | None = None
    weight_dtype: str = "auto"
    execution: str = "cpu"


def configured() -> dict:
    """The configured values (defaults when the backend is not registered with NetworkX)."""
    import networkx as nx

    config = nx.config.backends.get("irreg")
    if config is None:
        return {}
    return {key: config[key] for key in OPTION_DOCS}


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
