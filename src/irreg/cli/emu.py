"""``irreg emu {spmv,bfs,align}``: one kernel on the simulated Emu Chick, with its report.

``spmv`` runs a 5-point Laplacian (``--laplacian K``) or a Matrix Market file; ``bfs`` a
generated graph (``stinger-rmat:SCALE:EF`` as seed 002 used, ``rmat:SCALE:EF``, ``er:N:M``) or
an edge-list file; ``align`` the similarity phase on a generated typed power-law pair
(``--pair N``). ``--json`` writes the report.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from irreg.command_line import (
    check_output,
    format_seconds,
    non_negative_int,
    positive_int,
    write_output,
)
from irreg.emu.inputs import bfs_graph, bfs_source, csr_arrays, laplacian

KERNELS = ("spmv", "bfs", "align")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kernel", choices=KERNELS)
    parser.add_argument("input", nargs="?",
                        help="spmv: .mtx file (default: --laplacian); bfs: edge "
                        "list or generator spec (default er:65536:1048576, printed first)")
    parser.add_argument("--nodes", type=positive_int, default=1, help="1-8 (default 1)")
    parser.add_argument("--threads", type=positive_int, help="default: every threadlet slot")
    parser.add_argument("--layout", help="spmv: 2d|1d (default 2d); align: blk|hcb (default hcb)")
    parser.add_argument("--strategy", default="remote", help="bfs: remote|migrate; align: all|pair")
    parser.add_argument("--replicate", choices=("yes", "no"), default="yes",
                        help="spmv: replicate x on every nodelet (default yes)")
    parser.add_argument("--grain", type=non_negative_int, default=0,
                        help="spmv: rows per threadlet, 0 = dynamic (default)")
    parser.add_argument("--laplacian", type=positive_int, default=500, metavar="K")
    parser.add_argument("--pair", type=positive_int, default=4096, metavar="N")
    parser.add_argument("--preset", default="chick", help="chick (default) or chick-next")
    parser.add_argument("--json", metavar="FILE", help="write the report as JSON")


def run(args: argparse.Namespace) -> int:
    from irreg.command_line import UsageError
    from nx_irreg import emu

    check_output("--json", args.json)
    try:
        machine = emu.Machine(args.preset, nodes=args.nodes)
        if args.kernel == "spmv":
            import scipy.io
            import scipy.sparse as sp

            if args.input:
                A, name = sp.csr_array(scipy.io.mmread(args.input)), args.input
            else:
                A, name = laplacian(args.laplacian), (
                    f"the 5-point Laplacian of a {args.laplacian} x {args.laplacian} grid")
            _say(f"spmv on {name}: {A.shape[0]:,} x {A.shape[1]:,}, {A.nnz:,} nonzeros, x = ones"
                 f"; layout {args.layout or '2d'}, x {'' if args.replicate == 'yes' else 'not '}"
                 "replicated")
            x = np.ones(A.shape[1])
            y = emu.spmv(A, x, machine=machine, layout=args.layout or "2d",
                         replicate=args.replicate == "yes", threads=args.threads,
                         grain=args.grain)
            if not np.allclose(y, A @ x):
                raise UsageError("internal error: the simulated SpMV differs from scipy")
        elif args.kernel == "bfs":
            from irreg.emu.run import bfs_arrays

            spec = args.input or "er:65536:1048576"
            g = bfs_graph(spec)
            if g.num_edges == 0:  # no source to pick (the highest degree one), nothing to traverse
                raise UsageError(f"bfs: {spec} has no edges (self-loops are dropped); give a "
                                 "graph with at least one edge")
            offsets, targets = csr_arrays(g)
            source = bfs_source(offsets)
            _say(f"bfs on {spec}: {g.n:,} vertices, {g.num_edges // 2:,} undirected edges "
                 f"(self-loops and repeats dropped), source {source} (the highest degree); "
                 f"strategy {args.strategy}")
            bfs_arrays(offsets, targets, source, machine, args.strategy, args.threads, 14)
        else:
            import networkx as nx

            from irreg.inputs.align_pairs import noisy_pair

            scheme = args.strategy if args.strategy != "remote" else "all"
            try:
                pair = noisy_pair("powerlaw", args.pair, 0.05, vertex_types=4, edge_types=2)
            except nx.NetworkXError as err:  # too few vertices for its generator
                raise UsageError(f"--pair {args.pair}: {err}") from None
            _say(f"align similarity on a typed power-law pair: {args.pair:,} vertices each, "
                 f"{len(pair.edges1):,} and {len(pair.edges2):,} edges (5% noise, 4 vertex "
                 f"types, 2 edge types); scheme {scheme}, layout {args.layout or 'hcb'}")
            emu.similarity(pair.G1, pair.G2, machine=machine, scheme=scheme,
                           layout=args.layout or "hcb", threads=args.threads,
                           node_type="type", edge_type="type")
    except (TypeError, ValueError, OSError) as err:  # EdgeListError is a ValueError
        raise UsageError(str(err)) from None
    r = emu.last_report()
    s = r.summary()
    print(f"machine: {r.machine}")
    print(f"  simulated time {format_seconds(r.seconds)}, effective bandwidth "
          f"{r.bandwidth / 1e6:.1f} MB/s" + (f", {r.mteps:.2f} MTEPS" if r.mteps else ""))
    print(f"  migrations {r.counts['migrations_intra']} intra-node, "
          f"{r.counts['migrations_inter']} inter-node; remote writes {r.counts['remote_writes']}; "
          f"atomics {r.counts['atomics']}; spawns {r.counts['spawns']}")
    print(f"  nodelet channel busy mean {s['channel_busy_mean']:.0%} max "
          f"{s['channel_busy_max']:.0%}; core busy mean {s['core_busy_mean']:.0%}; "
          f"engine busy max {s['engine_busy_max']:.0%}; threadlets started max "
          f"{s['threads_started_max']}")
    rate = f"{r.mteps:.2f} MTEPS" if r.mteps else f"{r.bandwidth / 1e9:.3g} GB/s"
    print(f"summary: {r.kernel} took {format_seconds(r.seconds)} simulated on {args.nodes} "
          f"node{'s' if args.nodes > 1 else ''} ({rate}, {r.migrations:,} migrations, "
          f"{r.counts['remote_writes']:,} remote writes)")
    if args.json:
        write_output("--json", args.json, json.dumps(s, indent=2, default=float))
    return 0


def _say(text: str) -> None:
    print(text, flush=True)
