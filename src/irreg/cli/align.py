"""``irreg align G1 G2``: align two graphs given as edge-list files, or a generated pair.

Edge lists are SNAP style (``src dst`` per line, ``#`` comments, gzip allowed); with
``--edge-types`` a third column is the edge's type. ``--node-types1/2`` and ``--node-attr1/2``
read ``vertex value`` lines (a type is any token, an attribute a number). Vertices are the ids that
appear in a graph's files. ``--generate FAMILY:N:NOISE`` aligns a built-in pair instead (a typed
power-law, Erdos-Renyi or geometric graph and its relabelled copy with that edge noise) and also
reports accuracy against the known answer. The mapping goes to ``--output`` as TSV
(``g1 g2 score``; ``-`` is stdout) or JSON (by the ``.json`` extension).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np

from irreg import compiled_isas
from irreg.command_line import (
    INT32_MAX,
    UsageError,
    check_isa,
    check_output,
    int_between,
    positive_int,
    write_json_report,
    write_output,
)
from irreg.inputs import EdgeListError, read_edge_list


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``irreg align``."""
    parser.add_argument("g1", nargs="?", metavar="G1", help="edge-list file of the first graph")
    parser.add_argument("g2", nargs="?", metavar="G2", help="edge-list file of the second graph")
    parser.add_argument(
        "--generate",
        metavar="FAMILY:N:NOISE",
        help="align a generated pair instead: powerlaw|er|geometric, vertices, edge noise (0-1)",
    )
    parser.add_argument("--edge-types", action="store_true", help="third column = edge type")
    for k in (1, 2):
        parser.add_argument(f"--node-types{k}", metavar="FILE", help=f"'vertex type' lines of G{k}")
        parser.add_argument(
            f"--node-attr{k}", metavar="FILE", help=f"'vertex number' lines of G{k}"
        )
    count = int_between(1, INT32_MAX)
    parser.add_argument("--k", type=count, default=10, help="candidates kept per vertex")
    parser.add_argument("--scheme", choices=("pair", "all"), default="pair")
    parser.add_argument("--layout", choices=("hcb", "blk"), default="hcb")
    parser.add_argument("--iterations", type=count, default=6, help="rounds at most")
    parser.add_argument("--bucket-size", type=count, default=128)
    parser.add_argument("--min-score", type=float, default=0.0, help="leave pairs below unmatched")
    parser.add_argument("--seed", type=int_between(0, 2**64 - 1), default=0)
    parser.add_argument("--isa", help=f"one of {', '.join(compiled_isas())} (default: the best)")
    parser.add_argument(
        "--threads",
        type=positive_int,
        help="OpenMP threads (default: IRREG_NUM_THREADS, else OpenMP's); same answer at any count",
    )
    parser.add_argument("--output", metavar="FILE", help="the mapping: TSV, or JSON for *.json")
    parser.add_argument("--json", metavar="FILE", help="write the report as JSON ('-': stdout)")


class _Side:
    """One graph read from files: an IrregGraph over compacted ids, labels, and the ids."""

    def __init__(self, args: argparse.Namespace, k: int) -> None:
        from irreg.graph import IrregGraph

        path = getattr(args, f"g{k}")
        try:
            edges = read_edge_list(path, directed=False)
        except FileNotFoundError:
            raise UsageError(f"G{k}: no such file: {path}") from None
        except EdgeListError as err:
            raise UsageError(str(err)) from None
        except OSError as err:  # a folder, unreadable
            raise UsageError(f"G{k}: cannot read {path}: {err.strerror or err}") from None
        if edges.weight is not None and not args.edge_types:
            raise UsageError(f"{path} has a third column: pass --edge-types to use it as the type")
        types = self._read_labels(getattr(args, f"node_types{k}"), numeric=False)
        attrs = self._read_labels(getattr(args, f"node_attr{k}"), numeric=True)
        ids = np.unique(
            np.concatenate(
                [edges.src, edges.dst, np.array(list(types) + list(attrs), dtype=np.int64)]
            )
        )
        self.ids = ids
        src, dst = np.searchsorted(ids, edges.src), np.searchsorted(ids, edges.dst)
        self.graph = IrregGraph.from_edges(src, dst, n=len(ids), directed=False)
        self.edge_type: Any = None
        if edges.weight is not None:
            if not np.all(edges.weight == np.round(edges.weight)):
                raise UsageError(f"{path}: edge types (third column) must be integers")
            self.edge_type = (src, dst, edges.weight.astype(np.int64))
        self.node_type = [types.get(int(v)) for v in ids] if types else None
        self.node_attr = [attrs.get(int(v)) for v in ids] if attrs else None

    @staticmethod
    def _read_labels(path: str | None, *, numeric: bool) -> dict[int, Any]:
        if path is None:
            return {}
        out: dict[int, Any] = {}
        try:
            with open(path) as f:
                for number, line in enumerate(f, 1):
                    fields = line.split()
                    if not fields or fields[0].startswith("#"):
                        continue
                    if len(fields) != 2:
                        raise UsageError(f"{path}:{number}: expected 'vertex value'")
                    try:
                        v = int(fields[0])
                        out[v] = float(fields[1]) if numeric else fields[1]
                    except ValueError:
                        raise UsageError(
                            f"{path}:{number}: expected an integer vertex and "
                            f"{'a number' if numeric else 'a type'}, got {line.strip()!r}"
                        ) from None
        except FileNotFoundError:
            raise UsageError(f"no such file: {path}") from None
        except OSError as err:
            raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
        return out


def _edge_type_graphs(a: _Side, b: _Side) -> tuple[Any, Any]:
    """Edge types need NetworkX graphs: build them over the compacted ids."""
    import networkx as nx

    graphs = []
    for side in (a, b):
        G = nx.Graph()
        G.add_nodes_from(range(len(side.ids)))
        src, dst, t = side.edge_type
        G.add_edges_from(
            (int(u), int(v), {"type": int(x)}) for u, v, x in zip(src, dst, t, strict=True)
        )
        graphs.append(G)
    return graphs[0], graphs[1]


def run(args: argparse.Namespace) -> int:
    """Runs ``irreg align``; returns the exit status."""
    from nx_irreg import align

    check_output("--output", args.output)
    check_output("--json", args.json)
    check_isa(args.isa)
    report: dict[str, Any] = {}
    if args.generate:
        if args.g1 or args.g2:
            raise UsageError("give either G1 and G2 files or --generate, not both")
        g1, g2, kwargs, pair = _generated(args.generate, args.seed)
        ids1 = ids2 = None
    else:
        if not (args.g1 and args.g2):
            raise UsageError("give two edge-list files G1 G2, or --generate FAMILY:N:NOISE")
        a, b = _Side(args, 1), _Side(args, 2)
        g1, g2 = a.graph, b.graph
        kwargs = {}
        if (a.edge_type is None) != (b.edge_type is None):
            raise UsageError("--edge-types: both files need a third column")
        if a.edge_type is not None:
            g1, g2 = _edge_type_graphs(a, b)
            kwargs["edge_type"] = "type"
        for key, x, y in (
            ("node_type", a.node_type, b.node_type),
            ("node_attr", a.node_attr, b.node_attr),
        ):
            if x is not None or y is not None:
                kwargs[key] = (x or [None] * len(a.ids), y or [None] * len(b.ids))
        ids1, ids2, pair = a.ids, b.ids, None
    start = time.perf_counter()
    try:
        result = align(
            g1,
            g2,
            k=args.k,
            scheme=args.scheme,
            layout=args.layout,
            iterations=args.iterations,
            bucket_size=args.bucket_size,
            min_score=args.min_score,
            seed=args.seed,
            isa=args.isa,
            threads=args.threads,
            **kwargs,
        )
    except (ValueError, TypeError, RuntimeError) as err:
        raise UsageError(str(err)) from None
    seconds = time.perf_counter() - start
    n1 = g1.number_of_nodes() if hasattr(g1, "number_of_nodes") else g1.n
    n2 = g2.number_of_nodes() if hasattr(g2, "number_of_nodes") else g2.n
    report.update(
        n1=n1,
        n2=n2,
        matched=len(result),
        seconds=seconds,
        isa=result.stats.isa,
        threads=result.stats.threads,
        scheme=args.scheme,
        layout=args.layout,
        components=list(result.stats.components),
        rounds=result.stats.rounds,
    )
    if pair is not None:
        from irreg.inputs import align_pairs as ap

        report.update(ap.quality(pair, ap.partner_array(result, pair.n)))
    _print_report(report)
    if args.output:
        _write_mapping(args.output, result, ids1, ids2)
    if args.json:
        write_json_report(args.json, report)
    return 0


def _generated(spec: str, seed: int) -> tuple[Any, Any, dict, Any]:
    import networkx as nx

    from irreg.inputs import align_pairs as ap

    parts = spec.split(":")
    try:
        family, n, noise = parts[0], int(parts[1]), float(parts[2])
        if len(parts) != 3:
            raise ValueError
    except (ValueError, IndexError):
        raise UsageError(
            f"--generate wants FAMILY:N:NOISE, e.g. powerlaw:10000:0.05, got {spec!r}"
        ) from None
    if family not in ap.FAMILIES or n < 2 or not 0 <= noise <= 1:
        raise UsageError(
            f"--generate: family one of {', '.join(ap.FAMILIES)}, N >= 2, NOISE in [0, 1]; "
            f"got {spec!r}"
        )
    try:
        pair = ap.noisy_pair(family, n, noise, seed=seed, vertex_types=4, edge_types=2)
    except nx.NetworkXError as err:  # a size its generator cannot make (powerlaw:2)
        raise UsageError(f"--generate {spec}: {err}") from None
    return pair.G1, pair.G2, {"node_type": "type", "edge_type": "type"}, pair


def _print_report(r: dict[str, Any]) -> None:
    out = sys.stderr
    print(
        f"aligned {r['matched']:,} of {r['n1']:,} vertices to {r['n2']:,} in {r['seconds']:.3f} s "
        f"({r['scheme']}/{r['layout']}, ISA {r['isa']}, {r['threads']} threads, "
        f"{len(r['rounds'])} rounds; "
        f"components: {', '.join(r['components'])})",
        file=out,
    )
    for i, rd in enumerate(r["rounds"]):
        print(
            f"  round {i}: {rd['anchors']} anchors, {rd['buckets']:,} buckets, "
            f"{rd['comparisons']:,} + {rd['refine_comparisons']:,} comparisons, "
            f"{rd['confident']:,} confident, locality {rd['locality']:.2f}",
            file=out,
        )
    if "accuracy" in r:
        print(
            f"accuracy {r['accuracy']:.4f}, edge correctness {r['edge_correctness']:.4f}", file=out
        )


def _write_mapping(path: str, result: Any, ids1: Any, ids2: Any) -> None:
    def name(ids: Any, v: Any) -> Any:
        return int(ids[v]) if ids is not None else v

    rows = [(name(ids1, u), name(ids2, v), result.scores[u]) for u, v in result.items()]
    if path.endswith(".json"):
        text = json.dumps([{"g1": a, "g2": b, "score": s} for a, b, s in rows], indent=1)
    else:
        text = "".join(f"{a}\t{b}\t{s:.6f}\n" for a, b, s in rows)
    if path == "-":
        sys.stdout.write(text)
    else:
        write_output("--output", path, text)
