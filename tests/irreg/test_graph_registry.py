"""The graph registry (C++ graph/registry.hpp, read by irreg.graph.registry) is the one list of
algorithms and variants: every row runs, its result has the fields the row names, and every
reader (CLI, NetworkX config, verifiers, benchmarks) follows it."""

from __future__ import annotations

import numpy as np
import pytest

from irreg.graph import IrregGraph, registry, verify
from irreg.graph import algorithms as alg

ROWS = list(registry.ALGORITHMS.values())


@pytest.fixture(scope="module")
def dag() -> IrregGraph:
    src = np.array([0, 0, 1, 2, 3, 4])
    dst = np.array([1, 2, 3, 3, 4, 5])
    return IrregGraph.from_edges(src, dst, np.array([1.0, 4.0, 2.0, 0.5, 1.0, 3.0]))


@pytest.fixture(scope="module")
def cyclic(dag) -> IrregGraph:
    """The DAG and the edge 5 -> 0: strongly connected, so every power iteration converges."""
    offsets, targets, weights = dag.csr()
    src = np.repeat(np.arange(dag.n), np.diff(offsets))
    return IrregGraph.from_edges(np.append(src, 5), np.append(targets, 0), np.append(weights, 2.0))


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_every_row_runs_every_variant_and_verifies(dag, cyclic, row):
    graph = dag if row.name == "ts" else cyclic
    assert row.default_variant in row.variants
    assert set(row.parallel_variants) <= set(row.variants)
    for variant in row.variants:
        result = alg.run(row.name, graph, source=0, variant=variant)
        assert result._fields == (*row.result_fields, "stats")
        assert result.stats.variant == variant and result.stats.algorithm == row.name
        verify.Verifier(row.name, graph, source=0 if row.sourced else None)(result)


def test_variants_and_defaults_come_from_the_core():
    assert alg.variants("bfs") == list(registry.ALGORITHMS["bfs"].variants)
    assert registry.PARALLEL_VARIANTS == {v for r in ROWS for v in r.parallel_variants}
    assert all(registry.VARIANTS[v].method for r in ROWS for v in r.variants)
    with pytest.raises(ValueError, match="unknown algorithm 'closeness'; expected one of bfs"):
        alg.variants("closeness")
    with pytest.raises(ValueError, match="unknown algorithm"):
        alg.run("closeness", IrregGraph.from_edges([0], [1]))


def test_the_cli_offers_what_the_registry_lists():
    import argparse

    from irreg.cli import graph as graph_cli

    parser = argparse.ArgumentParser()
    graph_cli.add_arguments(parser)
    choices = next(a.choices for a in parser._actions if a.dest == "algorithm")
    assert list(choices) == list(registry.ALGORITHMS)
    help_text = next(a.help for a in parser._actions if a.dest == "variant")
    for row in ROWS:
        assert f"{row.name}: {', '.join(row.variants)} (default {row.default_variant})" in help_text


def test_the_backend_accepts_every_registered_variant():
    pytest.importorskip("networkx")
    from _nx_irreg.config import check_option

    for name in registry.VARIANTS:
        assert check_option("variant", name) == name
    with pytest.raises(ValueError, match="variant must be None or one of"):
        check_option("variant", "fastest")
