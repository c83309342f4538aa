"""``irreg bench emu``: the Emu model's predictions of seed 002's figures, beside the paper's.

The machine is calibrated on STREAM alone (:mod:`nx_irreg.emu.calibration`); every other row is
a prediction. Rows (DESIGN §11) are named ``stream``, ``emu_bfs``, ``emu_spmv`` and
``emu_similarity``; ``seconds`` is simulated time for ``impl="emu-model"`` and measured time on
this CPU for ``impl="irreg-cpu"`` / ``"scipy"`` (seed §5.4). ``extra`` holds ``predicted``,
``paper`` (None where the seed gives no number), ``unit`` and ``ratio`` (predicted / paper).

- stream: 1 and 8 nodes (the calibration, reproduced);
- emu_bfs: Erdos-Renyi at ``--scale`` (edge factor 16) on 1 and 8 nodes with remote writes
  (Algorithm 2; seed 18 and 80 MTEPS) and migrating threads (Algorithm 1), RMAT on one node
  (seed 4 MTEPS);
- emu_spmv: a 5-point Laplacian on 8 nodes, 2D layout, x replicated, 2048 and 4096 threads
  (seed 6.11 GB/s = 50.8% of STREAM at 4096), replication and grain on one node, and the
  Table 3 pattern: matrices of average degree 8 with one row of growing degree;
- emu_similarity: the aligner's similarity phase on a typed power-law pair, ALL with BLK and
  HCB from 1 to 256 threads on one node (seed: 68x from 1 to 256 threads, HCB faster), PAIR,
  and eight nodes;
- the CPU (seed §5.4): our BFS, scipy's SpMV and our similarity phase on this machine.
- sensitivity: the headline figures with each assumed parameter halved and doubled.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from nx_irreg.bench import harness as hs

PAPER = {
    ("stream", 1): 1.6, ("stream", 8): 12.8,
    ("bfs-er-remote", 1): 18.0, ("bfs-er-remote", 8): 80.0, ("bfs-rmat-remote", 1): 4.0,
    ("spmv-lap", 8, 4096): 6.11,
    ("similarity-speedup",): 68.0,
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    hs.add_arguments(parser, default_repeats=1, default_budget=1.0)
    parser.add_argument("--scale", type=hs.positive_int, default=21,
                        help="BFS graph scale (seed: 21; default 21)")
    parser.add_argument("--laplacian", type=hs.positive_int, default=1000, metavar="K",
                        help="SpMV Laplacian grid edge (K*K rows; default 1000)")
    parser.add_argument("--align-n", type=hs.positive_int, default=8192, metavar="N",
                        help="vertices of the alignment pair (default 8192)")
    parser.add_argument("--no-sensitivity", action="store_true",
                        help="skip the halved/doubled assumed parameters")


def _row(name: str, case: str, impl: str, variant: str | None, seconds: float, work: float,
         unit: str, predicted: float, paper: float | None, extra: dict) -> hs.Row:
    ratio = predicted / paper if paper else None
    return hs.Row(name=name, case=case, impl=impl, variant=variant, isa=None, seconds=seconds,
                  min_seconds=seconds, max_seconds=seconds, repeats=1, work=work,
                  work_unit=unit, extra={"predicted": predicted, "paper": paper, "unit": unit,
                                         "ratio": ratio, **extra})


def _graph(kind: str, scale: int):
    import scipy.sparse as sp

    from nx_irreg.graph_inputs import generate

    spec = f"rmat:{scale}:16" if kind == "rmat" else f"er:{1 << scale}:{16 << scale}"
    el = generate(spec, seed=1)
    keep = el.src != el.dst
    s, d = el.src[keep], el.dst[keep]
    A = sp.coo_array((np.ones(len(s)), (s, d)), shape=(el.n, el.n)).tocsr()
    A = sp.csr_array((A + A.T) > 0)
    A.sort_indices()
    return el.n, A.indptr.astype(np.int64), A.indices.astype(np.int32)


def _laplacian(k: int):
    import scipy.sparse as sp

    t = sp.diags_array([-1.0, 2.0, -1.0], offsets=[-1, 0, 1], shape=(k, k))
    eye = sp.eye_array(k)
    return sp.csr_array(sp.kron(t, eye) + sp.kron(eye, t))


def _hub_matrix(n: int, hub: int, rng):
    """Average degree 8 (uniform columns) with row 0 holding ``hub`` nonzeros."""
    import scipy.sparse as sp

    deg = np.full(n, 8)
    deg[0] = hub
    rows = np.repeat(np.arange(n), deg)
    cols = rng.integers(0, n, len(rows))
    return sp.csr_array((np.ones(len(rows)), (rows, cols)), shape=(n, n))


def bfs_rows(args, params_of, tag: str = "") -> list[hs.Row]:
    from nx_irreg.emu import run as er
    from nx_irreg.emu.machine import Machine

    rows = []
    for kind, cases in (("er", ((1, "remote"), (8, "remote"), (1, "migrate"), (8, "migrate"))),
                        ("rmat", ((1, "remote"), (1, "migrate")))):
        hs.note(f"building {kind} scale {args.scale} ...")
        n, ip, ix = _graph(kind, args.scale)
        source = int(np.argmax(np.diff(ip)))
        for nodes, strategy in cases:
            if strategy == "migrate" and args.scale > 19 and (nodes > 1 or kind == "rmat"):
                continue  # Algorithm 1 is an ordering check; its 8-node run is slow to simulate
            m = params_of(nodes)
            hs.note(f"emu bfs {kind} s{args.scale} {nodes} node(s) {strategy}{tag} ...")
            t0 = time.perf_counter()
            raw = er.bfs_arrays(ip, ix, source, m, strategy, None, 14)
            wall = time.perf_counter() - t0
            from nx_irreg.emu import last_report

            r = last_report()
            paper = PAPER.get((f"bfs-{kind}-{strategy}", nodes))
            rows.append(_row("emu_bfs", f"{kind}-s{args.scale}-ef16", "emu-model",
                             f"{strategy}-{nodes}n{tag}", r.seconds, raw["edges"], "edges",
                             r.mteps, paper, {"unit_name": "MTEPS", "nodes": nodes,
                                              "migrations": r.migrations,
                                              "remote_writes": r.counts["remote_writes"],
                                              "simulation_seconds": wall,
                                              "engine_busy_max": float(r.engine_busy.max()),
                                              "channel_busy_mean": float(r.channel_busy.mean())}))
            for row in rows[-1:]:
                row.extra["unit"] = "MTEPS"
            if tag:
                continue
            if nodes == 1 and strategy == "remote":
                from nx_irreg.algorithms import bfs as cpu_bfs
                from nx_irreg.graph import IrregGraph

                g = IrregGraph.from_scipy(__import__("scipy.sparse").sparse.csr_array(
                    (np.ones(len(ix)), ix, ip), shape=(n, n)), directed=False)
                cpu_bfs(g, source=source)
                t0 = time.perf_counter()
                cpu_bfs(g, source=source)
                sec = time.perf_counter() - t0
                rows.append(_row("emu_bfs", f"{kind}-s{args.scale}-ef16", "irreg-cpu", "direction",
                                 sec, raw["edges"], "edges", raw["edges"] / sec / 1e6, None,
                                 {"unit_name": "MTEPS", "unit": "MTEPS"}))
        del ip, ix
    _ = Machine
    return rows


def main_rows(args) -> list[hs.Row]:
    import scipy.sparse as sp

    from nx_irreg import emu
    from nx_irreg.bench import align_pairs as ap
    from nx_irreg.emu import calibration
    from nx_irreg.emu.machine import Machine

    rows: list[hs.Row] = []
    for nodes in (1, 8):
        r = emu.stream(1 << 21, machine=Machine(nodes=nodes))
        rows.append(_row("stream", f"{nodes}-node", "emu-model", "calibration", r.seconds,
                         r.bytes, "bytes", r.bandwidth / 1e9, PAPER[("stream", nodes)],
                         {"unit": "GB/s", "nodes": nodes}))
    rows += bfs_rows(args, lambda nodes: Machine(nodes=nodes))

    # SpMV
    A = _laplacian(args.laplacian)
    x = np.ones(A.shape[1])
    case = f"laplacian-{args.laplacian}x{args.laplacian}"
    for nodes, threads, layout, replicate, grain in (
        (8, 4096, "2d", True, 0), (8, 2048, "2d", True, 0), (8, 4096, "2d", False, 0),
        (1, 512, "2d", True, 0), (1, 512, "2d", False, 0), (1, 256, "2d", True, 0),
        (1, 64, "2d", True, 0), (1, 512, "2d", True, 16), (1, 512, "1d", True, 0),
    ):
        hs.note(f"emu spmv {case} {nodes}n {threads}t {layout} rep={replicate} grain={grain} ...")
        y = emu.spmv(A, x, machine=Machine(nodes=nodes), threads=threads, layout=layout,
                     replicate=replicate, grain=grain)
        assert np.allclose(y, A @ x)
        r = emu.last_report()
        stream_bw = calibration.STREAM_NODE_BYTES_PER_S * nodes
        paper = PAPER.get(("spmv-lap", nodes, threads)) if replicate and layout == "2d" and not grain else None
        rows.append(_row("emu_spmv", case, "emu-model",
                         f"{layout}-{'rep' if replicate else 'norep'}-{nodes}n-{threads}t"
                         + (f"-grain{grain}" if grain else ""),
                         r.seconds, r.bytes, "bytes", r.bandwidth / 1e9, paper,
                         {"unit": "GB/s", "percent_of_stream": 100 * r.bandwidth / stream_bw,
                          "migrations": r.migrations, "threads": r.extra["threads"]}))
    t0 = time.perf_counter()
    for _ in range(5):
        A @ x
    sec = (time.perf_counter() - t0) / 5
    rows.append(_row("emu_spmv", case, "scipy", None, sec, rows[-1].work, "bytes",
                     rows[-1].work / sec / 1e9, None, {"unit": "GB/s"}))
    rng = np.random.default_rng(7)
    rows_t3 = 20_000 if args.quick else 300_000
    for hub in (8, 100, 1000, 10_000, 100_000, 300_000):
        if hub > rows_t3:
            continue
        B = _hub_matrix(rows_t3, hub, rng)
        hs.note(f"emu spmv table-3 pattern: max degree {hub} ...")
        emu.spmv(B, np.ones(B.shape[1]), machine=Machine(nodes=8), threads=2048)
        r = emu.last_report()
        rows.append(_row("emu_spmv", f"table3-maxdeg{hub}", "emu-model", "2d-rep-8n-2048t",
                         r.seconds, r.bytes, "bytes", r.bandwidth / 1e9, None,
                         {"unit": "GB/s", "max_degree": hub, "avg_degree": B.nnz / B.shape[0]}))

    # Alignment similarity
    hs.note(f"building the alignment pair ({args.align_n} vertices) ...")
    pair = ap.noisy_pair("powerlaw", args.align_n, 0.05, vertex_types=4, edge_types=2)
    base = None
    kw = {"node_type": "type", "edge_type": "type"}
    for layout in ("blk", "hcb"):
        for threads in (1, 2, 4, 8, 16, 32, 64, 128, 256):
            hs.note(f"emu similarity ALL-{layout} {threads} threads ...")
            emu.similarity(pair.G1, pair.G2, scheme="all", layout=layout, threads=threads, **kw)
            r = emu.last_report()
            base = base or r.seconds
            speedup = base / r.seconds
            paper = PAPER[("similarity-speedup",)] if (layout, threads) == ("hcb", 256) else None
            rows.append(_row("emu_similarity", f"powerlaw-{args.align_n}", "emu-model",
                             f"all-{layout}-1n-{threads}t", r.seconds, r.extra["comparisons"],
                             "pairs", speedup, paper,
                             {"unit": "speedup vs ALL-BLK 1 thread", "threads": threads,
                              "bandwidth_MBps": r.bandwidth / 1e6, "migrations": r.migrations,
                              "equal_to_cpu": r.extra["equal_to_cpu"]}))
        for nodes in (1, 8):
            emu.similarity(pair.G1, pair.G2, machine=Machine(nodes=nodes), scheme="pair",
                           layout=layout, **kw)
            r = emu.last_report()
            rows.append(_row("emu_similarity", f"powerlaw-{args.align_n}", "emu-model",
                             f"pair-{layout}-{nodes}n", r.seconds, r.extra["comparisons"],
                             "pairs", base / r.seconds, None,
                             {"unit": "speedup vs ALL-BLK 1 thread", "tasks": r.extra["tasks"],
                              "migrations": r.migrations,
                              "equal_to_cpu": r.extra["equal_to_cpu"]}))
    from nx_irreg import align

    t0 = time.perf_counter()
    align(pair.G1, pair.G2, iterations=1, scheme="all", layout="hcb", **kw)
    sec = time.perf_counter() - t0
    rows.append(_row("emu_similarity", f"powerlaw-{args.align_n}", "irreg-cpu",
                     "align-1-round", sec, rows[-1].work, "pairs", base / sec, None,
                     {"unit": "speedup vs ALL-BLK 1 thread (Emu)"}))
    _ = sp
    return rows


def sensitivity_rows(args) -> list[hs.Row]:
    from nx_irreg.emu import calibration
    from nx_irreg.emu.machine import Machine

    rows = []
    small = argparse.Namespace(**{**vars(args), "scale": min(args.scale, 18)})
    for key in calibration.SENSITIVE:
        for factor in (0.5, 2.0):
            value = calibration.CHICK[key] * factor
            value = max(1, round(value)) if isinstance(calibration.CHICK[key], int) else value
            hs.note(f"sensitivity {key} x{factor} ...")
            got = bfs_rows(small, lambda nodes, k=key, v=value: Machine(nodes=nodes, **{k: v}),
                           tag=f"-{key}x{factor}")
            rows += [r for r in got if "remote" in (r.variant or "")]
    return rows


def run(args: argparse.Namespace) -> int:
    harness = hs.harness_from_args("emu", args)
    if args.quick:
        args.scale, args.laplacian, args.align_n = min(args.scale, 13), 60, 1024
        args.no_sensitivity = True
    if getattr(args, "plot", None):
        hs.require_matplotlib()
    harness.rows.extend(main_rows(args))
    if not args.no_sensitivity:
        harness.rows.extend(sensitivity_rows(args))
    print_predictions(harness.rows)
    harness.report(json_path=args.json, plot_path=None)
    if args.plot:
        plot(args.plot, harness.rows)
    return 0


def print_predictions(rows: list[hs.Row]) -> None:
    print(f"{'row':15} {'case':26} {'variant':34} {'predicted':>10} {'paper':>8} {'ratio':>6}  unit")
    for r in rows:
        e = r.extra
        paper = "" if e.get("paper") is None else f"{e['paper']:.3g}"
        ratio = "" if e.get("ratio") is None else f"{e['ratio']:.2f}"
        print(f"{r.name:15} {r.case:26} {(r.impl + ' ' + (r.variant or '')):34} "
              f"{e['predicted']:10.3g} {paper:>8} {ratio:>6}  {e['unit']}")


def plot(path: str, rows: list[hs.Row]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (a, b, c) = plt.subplots(1, 3, figsize=(16, 4.5))
    head = [r for r in rows if r.extra.get("paper") is not None]
    labels = [f"{r.name}\n{r.case}\n{r.variant}" for r in head]
    pos = np.arange(len(head))
    a.bar(pos - 0.2, [r.extra["ratio"] for r in head], 0.4, label="predicted / paper")
    a.axhline(1.0, color="k", lw=0.8)
    a.axhspan(0.7, 1.3, color="g", alpha=0.1, label="±30%")
    a.set_xticks(pos, labels, fontsize=6, rotation=60, ha="right")
    a.set_title("headline figures: prediction / seed")
    a.legend(fontsize=7)
    for layout in ("blk", "hcb"):
        pts = [(r.extra["threads"], r.extra["predicted"]) for r in rows
               if r.name == "emu_similarity" and (r.variant or "").startswith(f"all-{layout}-1n")]
        if pts:
            b.plot(*zip(*pts), marker="o", label=f"ALL-{layout.upper()}")
    b.set_xscale("log", base=2)
    b.set_xlabel("threads (1 node)")
    b.set_ylabel("speedup vs ALL-BLK, 1 thread")
    b.set_title("alignment similarity strong scaling")
    b.legend(fontsize=7)
    t3 = [(r.extra["max_degree"], r.extra["predicted"]) for r in rows
          if r.case.startswith("table3")]
    if t3:
        c.plot(*zip(*t3), marker="o")
    c.set_xscale("log")
    c.set_xlabel("largest row degree (average 8)")
    c.set_ylabel("GB/s (8 nodes, 2048 threads)")
    c.set_title("SpMV bandwidth vs max degree (Table 3 pattern)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


_ = Any
