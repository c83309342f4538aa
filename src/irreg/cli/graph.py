"""``irreg graph {bfs,sssp,sswp,wcc,ts} INPUT``: one algorithm on a file or a generated graph.

INPUT is an edge-list file (SNAP style: ``src dst [weight]`` per line, ``#`` comments) or a
generator spec (``rmat:SCALE:EF``, ``kron:SCALE:EF``, ``stinger-rmat:SCALE:EF``, ``er:N:M``,
``urand:SCALE:EF``, ``grid:R:C``, ``dag:N:M``; seeded by ``--seed``; ``kron`` and ``urand`` are
GAPBS's undirected ``-g`` and ``-u`` inputs).
The graph is built once and every trial reuses it; the report gives the build time, each
trial's time with the engine's counters, and a summary of the result. ``--output FILE.npz``
saves the result arrays.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import TYPE_CHECKING, Any

import numpy as np

from irreg import compiled_isas
from irreg.command_line import (
    UsageError,
    check_isa,
    check_output,
    format_seconds,
    non_negative_int,
    positive_int,
    power_of_two,
    thread_count,
    write_json_report,
)
from irreg.graph import algorithms as alg
from irreg.graph.registry import ALGORITHMS, VARIANTS
from irreg.inputs import GENERATOR_FORMS, EdgeList, load_input
from irreg.machine import machine_info

if TYPE_CHECKING:
    from irreg.graph import IrregGraph


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg graph``."""
    parser.add_argument(
        "algorithm", choices=list(ALGORITHMS),
        help="; ".join(f"{a.name}: {a.summary}" for a in ALGORITHMS.values()),
    )
    parser.add_argument(
        "input", metavar="INPUT", help=f"edge-list file, or {GENERATOR_FORMS}"
    )
    parser.add_argument(
        "--source",
        type=non_negative_int,
        help="source vertex for bfs/sssp/sswp (default: the lowest id with an out-edge)",
    )
    parser.add_argument(
        "--variant",
        help="; ".join(
            f"{a.name}: {', '.join(a.variants)} (default {a.default_variant})"
            for a in ALGORITHMS.values()
        ),
    )
    parser.add_argument("--isa", help=f"one of {', '.join(compiled_isas())} (default: the best)")
    parser.add_argument(
        "--threads", type=thread_count, metavar="N",
        help="OpenMP threads (default: IRREG_NUM_THREADS, OMP_NUM_THREADS, else every usable "
        "core); variants without a parallel kernel run on one",
    )
    parser.add_argument(
        "--trials", type=positive_int, default=3, help="runs to time (default 3)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of generated graphs (default 1)")
    parser.add_argument(
        "--undirected", action="store_true", help="read the edge list as undirected edges"
    )
    parser.add_argument("--tile-size", type=power_of_two, metavar="T",
                        help="tile edge, a power of two")
    parser.add_argument("--json", metavar="FILE", help="write the report as JSON ('-': stdout)")
    parser.add_argument("--output", metavar="FILE.npz", help="save the result arrays")


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg graph`` for parsed options; returns the exit status."""
    check_output("--output", args.output)
    check_output("--json", args.json)
    check_isa(args.isa)
    _check_variant(args.algorithm, args.variant)
    try:
        edges = load_input(args.input, seed=args.seed, directed=False if args.undirected else None)
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from None
    _say(
        f"{edges.name}: {edges.n:,} vertices, {edges.num_edges:,}"
        f" {'directed' if edges.directed else 'undirected'} input edges; building ..."
    )
    warning = sparse_ids_warning(edges)
    if warning:
        _say(warning)
    try:
        start = time.perf_counter()
        graph = edges.to_graph(tile_size=args.tile_size, isa=args.isa)
        build_seconds = time.perf_counter() - start
        source = _source(args, graph)
        trials = []
        for trial in range(args.trials):
            start = time.perf_counter()
            result = alg.run(args.algorithm, graph, source=source, variant=args.variant,
                             isa=args.isa, threads=args.threads)
            seconds = time.perf_counter() - start
            trials.append((seconds, result.stats))
            _say(f"trial {trial + 1}/{args.trials}: {format_seconds(seconds)}")
    except (ValueError, TypeError, RuntimeError) as exc:
        raise UsageError(str(exc)) from None
    report = make_report(args.algorithm, edges, graph, source, build_seconds, trials, result)
    if args.output:
        try:
            np.savez(args.output, **{k: v for k, v in result._asdict().items() if k != "stats"})
        except OSError as exc:
            reason = exc.strerror or exc
            raise UsageError(f"--output {args.output}: cannot write: {reason}") from None
    if args.json:
        write_json_report(args.json, report)
    if args.json != "-":
        print_report(report, sys.stdout, input_edges=edges.num_edges)
    return 0


# Ids are used as given, so a few edges with a large id make a graph of that many vertices:
# worth saying once it costs real memory (8 MB of offsets) for far more ids than edges.
SPARSE_IDS_RATIO = 100
SPARSE_IDS_MIN_VERTICES = 1_000_000


def sparse_ids_warning(edges: EdgeList) -> str | None:
    """A warning when the largest id, not the edges, sets the graph's size (None otherwise)."""
    if edges.n < SPARSE_IDS_MIN_VERTICES or edges.n <= SPARSE_IDS_RATIO * edges.num_edges:
        return None
    return (
        f"warning: {edges.name}: ids up to {edges.n - 1:,} for {edges.num_edges:,} edges; the "
        f"graph takes memory for every id (about {8 * edges.n / 1e9:.2g} GB for the CSR offsets "
        "alone): renumber the ids to make it smaller"
    )


def _check_variant(algorithm: str, variant: str | None) -> None:
    """Refuses an unknown --variant before the input is read (a large file takes a while)."""
    known = ALGORITHMS[algorithm].variants
    if variant is not None and variant not in known:
        raise UsageError(
            f"--variant: unknown variant {variant!r} for {algorithm}; expected one of "
            + ", ".join(known)
        )


def default_source(graph: IrregGraph) -> int:
    """The lowest vertex id with an out-edge (0 when there is none)."""
    with_edges = np.flatnonzero(graph.out_degrees() > 0)
    return int(with_edges[0]) if with_edges.size else 0


def _source(args: argparse.Namespace, graph: IrregGraph) -> int | None:
    if not ALGORITHMS[args.algorithm].sourced:
        return None
    if args.source is None:
        return default_source(graph)
    if args.source >= graph.n:
        raise ValueError(
            f"--source {args.source} is not a vertex (the graph has {graph.n} vertices)"
        )
    return args.source


def summarize(name: str, result: Any) -> dict[str, Any]:
    """A few numbers that say what the result is."""
    if name == "bfs":
        reached = result.depth >= 0
        return {"reached": int(reached.sum()), "max_depth": int(result.depth.max(initial=-1))}
    if name in ("sssp", "sswp"):
        value = result.value
        finite = np.isfinite(value)
        key = "max_distance" if name == "sssp" else "min_width"
        picked = value[finite]
        extreme = (picked.max() if name == "sssp" else picked.min()) if picked.size else None
        reached = int((value < np.inf).sum()) if name == "sssp" else int((value > -np.inf).sum())
        return {"reached": reached, key: None if extreme is None else float(extreme)}
    if name == "wcc":
        labels = result.label
        sizes = np.bincount(labels, minlength=1) if labels.size else np.zeros(0, np.int64)
        return {"components": int(np.count_nonzero(sizes)), "largest": int(sizes.max(initial=0))}
    return {"generations": int(result.generation.max(initial=-1)) + 1}


def make_report(
    name, edges: EdgeList, graph: IrregGraph, source, build_seconds, trials, result
) -> dict:
    times = [t for t, _ in trials]
    stats = trials[-1][1]
    return {
        "algorithm": name,
        "input": edges.name,
        "vertices": graph.n,
        "edges": graph.num_edges,
        "directed": graph.directed,
        "tile_size": graph.tile_size,
        "lane_fill": graph.lane_fill,
        "source": source,
        "variant": stats.variant,
        "isa": stats.isa,
        "threads": stats.threads,
        "build_seconds": build_seconds,
        "seconds": statistics.median(times),
        "trial_seconds": times,
        "stats": {
            "supersteps": stats.supersteps,
            "active_edges": stats.active_edges,
            "vector_ops": stats.vector_ops,
            "simd_utilization": stats.simd_utilization,
            "compute_seconds": stats.compute_seconds,
            "activate_seconds": stats.activate_seconds,
            "produce_seconds": stats.produce_seconds,
        },
        "result": summarize(name, result),
        "machine": machine_info(),
    }


def describe_method(algorithm: str, variant: str) -> str:
    """Which method ``variant`` is, whether it was the default, and whether SIMD stats apply."""
    text = VARIANTS[variant].method
    if variant in ("dijkstra", "delta") and algorithm == "sswp":
        text += " for widest paths"
    notes = []
    if variant == ALGORITHMS[algorithm].default_variant:
        notes.append("the default")
    if not VARIANTS[variant].simd:
        simd = "/".join(v.name for v in VARIANTS.values() if v.simd)
        notes.append(f"SIMD statistics apply to the engine variants {simd}")
    return text + (f" ({'; '.join(notes)})" if notes else "")


def describe_edges(input_edges: int | None, stored: int, directed: bool) -> str:
    """The edge count, and why the stored count differs from the input's."""
    if input_edges is None:
        return f"{stored:,} edges"
    if directed:
        if stored == input_edges:
            return f"{stored:,} edges"
        return f"{input_edges:,} input edges, {stored:,} stored after merging repeats"
    if stored == 2 * input_edges:
        return f"{input_edges:,} undirected input edges, {stored:,} stored (each both ways)"
    return (
        f"{input_edges:,} undirected input edges, {stored:,} stored "
        "(each both ways, after merging repeats; a self-loop once)"
    )


def print_report(r: dict, out, input_edges: int | None = None) -> None:
    """Writes the report for a reader; ``input_edges`` (the edge list's count) explains the
    stored edge count."""
    s = r["stats"]
    engine = VARIANTS[r["variant"]].simd or bool(s["vector_ops"])
    util = "-" if s["simd_utilization"] is None else f"{s['simd_utilization']:.2f}"
    counters = f"  supersteps {s['supersteps']}, active edges {s['active_edges']:,}"
    if engine:
        counters += f", vector ops {s['vector_ops']:,}, SIMD utilization {util}"
    lines = [
        f"{r['algorithm']} on {r['input']}: {r['vertices']:,} vertices, "
        + describe_edges(input_edges, r["edges"], r["directed"])
        + ("" if r["source"] is None else f", source {r['source']}"),
        f"  method: {describe_method(r['algorithm'], r['variant'])}",
        (
            f"  variant {r['variant']}, isa {r['isa'] if engine else '- (no SIMD)'}, "
            f"threads {r['threads']}, tile {r['tile_size']}, lane fill {r['lane_fill']:.2f}"
        ),
        (
            f"  build {format_seconds(r['build_seconds'])}; "
            f"run median {format_seconds(r['seconds'])}"
            f" over {len(r['trial_seconds'])} trials"
        ),
        counters,
        "  phases: "
        + ", ".join(
            f"{phase} {format_seconds(s[f'{phase}_seconds'])}"
            for phase in ("compute", "activate", "produce")
            if phase == "compute" or s[f"{phase}_seconds"]
        ),
        "  result: " + ", ".join(f"{k} {v}" for k, v in r["result"].items()),
    ]
    out.write("\n".join(lines) + "\n")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)
