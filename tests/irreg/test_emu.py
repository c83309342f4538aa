"""The Emu model: real results equal to the CPU's, conservation of its counts, hand-counted
migrations, scaling with threads until a resource saturates, the STREAM calibration, and clear
errors."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from irreg import _core
from irreg.emu import calibration
from irreg.emu.inputs import laplacian
from irreg.emu.machine import Machine
from irreg.inputs.align_pairs import noisy_pair
from nx_irreg import emu


@pytest.fixture(autouse=True)
def _quiet_cache_warning():
    with nx.config(warnings_to_ignore={"cache"}):
        yield


@pytest.mark.parametrize("layout", ["2d", "1d"])
@pytest.mark.parametrize("replicate", [True, False])
@pytest.mark.parametrize("grain", [0, 16])
@pytest.mark.parametrize("nodes", [1, 2])
def test_spmv_equals_scipy(layout, replicate, grain, nodes):
    rng = np.random.default_rng(3)
    A = sp.random_array((400, 300), density=0.03, rng=rng, format="csr")
    A.data = np.round(A.data * 10)  # integer-valued, as the seed's integer SpMV: exact sums
    x = rng.integers(-5, 5, 300).astype(float)
    y = emu.spmv(A, x, machine=Machine(nodes=nodes), layout=layout, replicate=replicate,
                 grain=grain, threads=None if grain else 8 * nodes)
    assert np.array_equal(y, A @ x)
    r = emu.last_report()
    assert r.counts["threads_finished"] == r.counts["threads_created"]
    if layout == "2d" and replicate:
        assert r.migrations == 0 and r.counts["remote_writes"] == 0
    else:
        assert r.migrations > 0


def test_spmv_float_matrix_and_laplacian():
    A = laplacian(30)
    x = np.linspace(-1, 1, A.shape[1])
    assert np.allclose(emu.spmv(A, x), A @ x, rtol=0, atol=1e-14)


def test_spmv_migrations_hand_count():
    # 8 nodelets, x striped (x[j] on nodelet j), row 0 and its nonzeros on nodelet 0. The
    # threadlet reads nonzero 0 at home, migrates to nodelet 1 for x[1], back to 0 for nonzero
    # 1, then to nodelet 2 for x[2]: 3 migrations. Its y write from there is posted (remote).
    A = sp.csr_array(([1.0, 1.0], [1, 2], [0, 2]), shape=(1, 8))
    emu.spmv(A, np.ones(8), replicate=False, threads=8)
    r = emu.last_report()
    assert r.counts["migrations_intra"] == 3
    assert r.counts["remote_writes"] == 1
    # row offsets [i], [i+1] and the jagged row pointers, (col, V) x 2, x x 2
    assert r.counts["local_reads"] == 4 + 2 * 2 + 2


@pytest.mark.parametrize("strategy", ["remote", "migrate"])
@pytest.mark.parametrize("nodes", [1, 2])
def test_bfs_equals_networkx(strategy, nodes):
    G = nx.gnm_random_graph(600, 2400, seed=5)
    G.add_nodes_from(range(600, 610))  # unreachable vertices
    depth, parent = emu.bfs(G, 3, machine=Machine(nodes=nodes), strategy=strategy)
    assert depth == nx.single_source_shortest_path_length(G, 3)
    assert list(depth) == sorted(depth, key=lambda v: (depth[v], v))
    for v, p in parent.items():  # a valid BFS tree
        assert (v == 3 and p == 3) or (G.has_edge(p, v) and depth[p] == depth[v] - 1)
    r = emu.last_report()
    assert r.counts["threads_finished"] == r.counts["threads_created"]
    assert r.edges == G.subgraph(depth).number_of_edges()
    if strategy == "remote":
        assert r.counts["remote_writes"] > 0
    else:
        assert r.counts["remote_writes"] == 0 and r.migrations > 0


@pytest.mark.parametrize("strategy", ["remote", "migrate"])
def test_bfs_simulation_is_the_same_for_any_number_of_host_threads(strategy):
    # The nodes of a window are simulated at once: times, counts and the BFS tree may not
    # depend on how many host threads do it.
    from irreg.emu.inputs import bfs_graph, csr_arrays
    from irreg.emu.run import bfs_arrays

    offsets, targets = csr_arrays(bfs_graph("er:4096:32768"))
    runs = []
    for host_threads in (1, 2, 3):
        raw = bfs_arrays(offsets, targets, 7, Machine(nodes=8), strategy, 1024, 14,
                         host_threads=host_threads)
        runs.append(raw)
    first = runs[0]
    assert first["report"]["migrations_inter" if strategy == "migrate" else
                           "remote_writes_inter"] > 0
    # Each node keeps its own report; the merged one adds up (threadlets start on one node,
    # often are created on another, and finish on a third).
    merged = first["report"]
    assert sum(merged["threads_started"]) == merged["threads_created"] == merged["threads_finished"]
    for raw in runs[1:]:
        assert raw["report"] == first["report"]
        assert np.array_equal(raw["parent"], first["parent"])
        assert np.array_equal(raw["depth"], first["depth"])


def test_bfs_migrations_hand_count():
    # Path 0-1-2 on 8 nodelets (vertex v on nodelet v). Algorithm 1 from 0: level 0, the thread
    # on nodelet 0 reads neighbour 1, migrates to 1 and claims it (1 migration). Level 1, the
    # thread on nodelet 1 reads 0 (its block is local), migrates to 0 (CAS fails), migrates back
    # to 1 for the next entry 2, then to 2: 3 migrations. Level 2: neighbour 1, one migration.
    G = nx.path_graph(3)
    emu.bfs(G, 0, strategy="migrate", threads=8)
    r = emu.last_report()
    assert r.counts["migrations_intra"] == 1 + 3 + 1
    assert r.counts["migrations_inter"] == 0
    # Algorithm 2 migrates nothing but the spawns; one remote write per neighbour entry.
    emu.bfs(G, 0, strategy="remote", threads=8)
    r = emu.last_report()
    assert r.migrations == 0
    assert r.counts["remote_writes"] == 4  # 0->1, 1->0, 1->2, 2->1 all cross nodelets


def test_bfs_edge_blocks_stay_with_their_vertex_so_rmat_hubs_overload_nodelet_0():
    # Seed §5.2: neighbour lists are co-located with their vertex and vertices are striped by id,
    # so STINGER's unrelabelled RMAT piles its hubs (low ids) onto nodelet 0; ER stays balanced.
    from irreg.emu.inputs import bfs_graph, csr_arrays
    from irreg.emu.run import bfs_arrays

    busy, mteps = {}, {}
    for kind, spec in (("er", "er:4096:65536"), ("rmat", "stinger-rmat:12:16")):
        offsets, targets = csr_arrays(bfs_graph(spec))
        hub = int(np.argmax(np.diff(offsets)))
        bfs_arrays(offsets, targets, hub, Machine(), "remote", None, 14)
        r = emu.last_report()
        busy[kind], mteps[kind] = r.channel_busy, r.mteps
    assert busy["rmat"].argmax() == 0 and busy["rmat"][0] > 2.5 * np.median(busy["rmat"])
    assert busy["er"].max() < 1.3 * busy["er"].min()
    assert mteps["rmat"] < 0.75 * mteps["er"]


def test_every_remote_read_is_a_migration():
    # Reading remote memory is impossible in the model: a kernel that tries raises. Here every
    # x read is remote unless local, and reads equal local reads (there is no other kind).
    A = laplacian(12)
    emu.spmv(A, np.ones(A.shape[1]), layout="1d", replicate=False, threads=8)
    r = emu.last_report()
    assert r.counts["local_reads"] == 4 * A.shape[0] + 3 * A.nnz  # per-access accounting
    assert r.counts["migrations_intra"] > 0


def test_time_falls_with_threads_until_saturation():
    A = laplacian(120)
    x = np.ones(A.shape[1])
    times = []
    for threads in (8, 16, 32, 64, 128, 256, 512):
        emu.spmv(A, x, threads=threads)
        times.append(emu.last_report().seconds)
    # 8 .. 32 threads (1 .. 4 per nodelet): faster; beyond, each nodelet's memory path is
    # saturated (a load holds it 10.4 cycles, a threadlet issues one about every 21).
    assert all(b < 0.9 * a for a, b in itertools.pairwise(times[:3]))
    assert min(times[2:]) > 0.9 * times[2]
    assert emu.last_report().channel_busy.mean() > 0.9


def test_stream_calibration():
    for nodes, expected in ((1, calibration.STREAM_NODE_BYTES_PER_S),
                            (8, calibration.STREAM_8_NODES_BYTES_PER_S)):
        r = emu.stream(1 << 16 if nodes == 1 else 1 << 21, machine=Machine(nodes=nodes))
        assert r.bandwidth == pytest.approx(expected, rel=0.03)


@pytest.mark.slow
def test_calibration_constants_are_the_fits():
    fitted = calibration.calibrate(elements=1 << 21)
    # The constants were fitted on 2^23 elements; a smaller chase pays its spawns over fewer
    # elements, so the fit moves a little (loads ~3%; the store is a small difference of two
    # rates and moves with them).
    assert fitted["load_cycles"] == pytest.approx(calibration.LOAD_CYCLES, rel=0.05)
    assert fitted["engine_packet_cycles"] == pytest.approx(calibration.ENGINE_PACKET_CYCLES,
                                                           rel=0.05)
    assert 0 <= fitted["store_cycles"] < 0.1 * calibration.LOAD_CYCLES


@pytest.mark.slow
@pytest.mark.parametrize(("order", "rel"), [
    (("intra_block_shuffle", 4), 0.02),  # fitted: no migration (loads)
    (("block_shuffle", 1), 0.02),  # fitted: a migration per element (the engine)
    (("block_shuffle", 4), 0.10),  # predicted: a migration every 4 elements
    (("block_shuffle", 64), 0.10),
    (("block_shuffle", 16384), 0.10),
])
def test_model_reproduces_the_published_pointer_chase(order, rel):
    # Young et al. 2019 on the 8-node Chick, 2048 threads: 2.88 GB/s when nearly every element
    # migrates, 8-8.7 GB/s for blocks of 4 or more (GB/s, 16 bytes per element).
    bandwidth = calibration.chase_bandwidth(calibration.CHICK, order)
    assert bandwidth / 1e9 == pytest.approx(calibration.CHASE_GBPS[order], rel=rel)


def test_pointer_chase_visits_every_element_and_migrates_by_block():
    n, threads = 1 << 14, 64
    counts = {}
    for mode, block in (("intra_block_shuffle", 16), ("block_shuffle", 1), ("block_shuffle", 16)):
        r = _core.emu_pointer_chase({**calibration.CHICK, "nodes": 1}, n, mode, block, threads, 3)
        assert r["sum"] == n * (n - 1) // 2
        rep = r["report"]
        counts[mode, block] = rep["migrations_intra"] + rep["migrations_inter"]
    # No migration inside a nodelet's stretch but each thread's first hop to its piece; a
    # random order migrates at 7 of 8 elements on 8 nodelets; blocks of 16 about 1 in 16.
    assert counts["intra_block_shuffle", 16] <= threads
    assert counts["block_shuffle", 1] == pytest.approx(n * 7 / 8, rel=0.05)
    assert counts["block_shuffle", 16] == pytest.approx(n / 16 * 7 / 8, rel=0.2)
    # On 8 nodes the threads' sums reach nodelet 0 by atomics from the other nodes, each a round
    # trip through two hand-overs: every element still counted once.
    r = _core.emu_pointer_chase(calibration.CHICK, n, "block_shuffle", 1, threads, 3)
    assert r["sum"] == n * (n - 1) // 2
    assert r["report"]["atomics"] == threads  # one each, remote unless it ends on nodelet 0
    assert r["report"]["remote_atomics"] > threads * 3 // 4
    with pytest.raises(ValueError, match="mode must be"):
        _core.emu_pointer_chase(calibration.CHICK, n, "sorted", 1, threads, 1)
    with pytest.raises(ValueError, match="block_size must be a positive divisor"):
        _core.emu_pointer_chase(calibration.CHICK, n, "block_shuffle", 3, threads, 1)


@pytest.mark.parametrize("scheme", ["all", "pair"])
@pytest.mark.parametrize("layout", ["blk", "hcb"])
def test_similarity_equals_cpu(scheme, layout):
    pair = noisy_pair("powerlaw", 600, 0.05, vertex_types=3, edge_types=2)
    cand = emu.similarity(pair.G1, pair.G2, scheme=scheme, layout=layout, threads=16,
                          node_type="type", edge_type="type", bucket_size=32)
    r = emu.last_report()
    assert r.extra["equal_to_cpu"]
    assert r.counts["threads_finished"] == r.counts["threads_created"]
    assert set(cand) == set(pair.G1)
    assert all(len(v) == 10 for v in cand.values())
    first = next(iter(cand.values()))
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(first))


def test_similarity_hcb_migrates_less_and_runs_faster_than_blk():
    pair = noisy_pair("powerlaw", 1500, 0.05, vertex_types=3, edge_types=2)
    out = {}
    for layout in ("blk", "hcb"):
        emu.similarity(pair.G1, pair.G2, layout=layout, threads=64, node_type="type",
                       edge_type="type")
        out[layout] = emu.last_report()
    assert out["hcb"].migrations < out["blk"].migrations
    assert out["hcb"].seconds < out["blk"].seconds


def test_backend_execution_emu():
    G = nx.gnm_random_graph(300, 900, seed=1)
    got = nx.single_source_shortest_path_length(G, 0, backend="irreg", execution="emu")
    assert got == nx.single_source_shortest_path_length(G, 0)
    assert emu.last_report().kernel == "bfs"
    got = nx.single_source_shortest_path_length(G, 0, 2, backend="irreg", execution="emu")
    assert got == nx.single_source_shortest_path_length(G, 0, 2)
    assert nx.descendants_at_distance(G, 0, 2, backend="irreg", execution="emu") == (
        nx.descendants_at_distance(G, 0, 2))


def test_machine_fields_are_one_list():
    # The C++ list of machine parameters is what every preset fills and what Machine checks.
    names = [name for name, _, _ in _core.emu_machine_fields()]
    assert len(names) == len(set(names))
    for preset in calibration.PRESETS.values():
        assert set(preset) == set(names)
        _core.emu_check_machine(preset)
    kinds = {name: kind for name, kind, _ in _core.emu_machine_fields()}
    assert kinds["threads_per_core"] is int and kinds["clock_hz"] is float
    # The C++ model has no presets of its own: a missing parameter is named.
    params = dict(calibration.CHICK)
    del params["context_bytes"]
    with pytest.raises(ValueError, match="missing machine parameter.*'context_bytes'"):
        _core.emu_stream(params, 100, 8)
    with pytest.raises(TypeError, match="context_bytes must be an int"):
        _core.emu_check_machine({**calibration.CHICK, "context_bytes": 1.5})
    with pytest.raises(ValueError, match="clock_hz must be positive"):
        Machine(clock_hz=0.0)


def test_configuration_errors():
    with pytest.raises(ValueError, match="nodes must be in"):
        Machine(nodes=9)
    with pytest.raises(ValueError, match="unknown machine preset"):
        Machine("cray")
    with pytest.raises(TypeError, match="unknown machine parameter 'cores'"):
        Machine(cores=2)
    with pytest.raises(ValueError, match="pipeline_depth must be positive"):
        Machine(pipeline_depth=0)
    with pytest.raises(TypeError, match="threads_per_core must be an int"):
        Machine(threads_per_core=1.5)
    with pytest.raises(ValueError, match="multiple of the 8 nodelets"):
        emu.spmv(laplacian(4), np.ones(16), threads=12)
    with pytest.raises(ValueError, match="layout must be one of"):
        emu.spmv(laplacian(4), np.ones(16), layout="3d")
    with pytest.raises(ValueError, match="x must have shape"):
        emu.spmv(laplacian(4), np.ones(3))
    with pytest.raises(TypeError, match="scipy sparse"):
        emu.spmv(np.eye(3), np.ones(3))
    with pytest.raises(ValueError, match="strategy must be one of"):
        emu.bfs(nx.path_graph(3), 0, strategy="teleport")
    with pytest.raises(nx.NodeNotFound):
        emu.bfs(nx.path_graph(3), 7)
    with pytest.raises(ValueError, match="scheme must be one of"):
        emu.similarity(nx.path_graph(3), nx.path_graph(3), scheme="some")
    with pytest.raises(ValueError, match="unknown machine parameter"):
        _core.emu_stream({"cores": 1}, 100, 8)
    with pytest.raises(ValueError, match="nodes must be in"):
        _core.emu_stream({"nodes": 0}, 100, 8)


def test_cli(tmp_path, capsys):
    from _irreg_cli import main

    out = tmp_path / "r.json"
    assert main(["emu", "spmv", "--laplacian", "20", "--json", str(out)]) == 0
    assert "effective bandwidth" in capsys.readouterr().out
    assert out.exists()
    assert main(["emu", "bfs", "er:512:4096", "--strategy", "migrate", "--threads", "16"]) == 0
    assert main(["emu", "align", "--pair", "256", "--layout", "blk"]) == 0
    assert main(["emu", "bfs", "--nodes", "9"]) == 2
    assert main(["emu", "spmv", str(tmp_path / "missing.mtx")]) == 2
    assert main(["emu", "bfs", str(tmp_path / "missing.txt")]) == 2
    assert main(["emu", "bfs", "--threads", "12"]) == 2


@pytest.mark.slow
def test_bench_smoke(tmp_path):
    import json

    from _irreg_cli import main

    out = tmp_path / "emu.json"
    assert main(["bench", "emu", "--quick", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["rows"]
    names = {r["name"] for r in rows}
    assert names == {"stream", "emu_pointer_chase", "emu_bfs", "emu_spmv", "emu_similarity"}
    for r in rows:
        assert {"predicted", "paper", "unit"} <= set(r["extra"])
        # every figure compared with the seed says how it is computed
        assert r["extra"]["paper"] is None or r["extra"]["definition"]
    assert all(r["extra"]["equal_to_cpu"] for r in rows
               if r["name"] == "emu_similarity" and r["impl"] == "emu-model")


def test_bfs_on_a_long_path_costs_what_its_algorithm_does():
    # Algorithm 1 touches each vertex and edge entry a bounded number of times, so the simulated
    # work (and the simulator's, one step per operation) is O(n + m) even over n levels.
    # Algorithm 2 scans the whole nP array every level (seed 002 §3.2): n reads per level.
    reads = {}
    for n in (1000, 2000):
        G = nx.path_graph(n)
        emu.bfs(G, 0, strategy="migrate", threads=8)
        c = emu.last_report().counts
        assert c["local_reads"] + c["instructions"] <= 40 * (n + 2 * (n - 1)), c
        reads[n] = c["local_reads"]
    assert reads[2000] <= 2.1 * reads[1000], reads
    n = 200
    emu.bfs(nx.path_graph(n), 0, strategy="remote", threads=8)
    assert emu.last_report().counts["local_reads"] >= n * n


def test_remote_bfs_refuses_a_scan_past_its_budget_before_it_starts():
    # n x levels scanned reads: 10^10 on a 10^5 path, hours of simulation. The budget is checked
    # from a CPU BFS first (milliseconds), and names both ways out.
    G = nx.path_graph(100_000)
    with pytest.raises(ValueError, match=r"100,000 levels.*max_scan_reads=2e\+08.*'migrate'"):
        emu.bfs(G, 0)
    with pytest.raises(ValueError, match="max_scan_reads"):
        nx.single_source_shortest_path_length(G, 0, backend="irreg", execution="emu")
    with pytest.raises(ValueError, match="max_scan_reads must be at least 0, got -1"):
        emu.bfs(G, 0, max_scan_reads=-1)
    depth, _ = emu.bfs(nx.path_graph(300), 0, max_scan_reads=300 * 300)  # exactly at the limit
    assert depth[299] == 299
    with pytest.raises(ValueError, match="max_scan_reads"):
        emu.bfs(nx.path_graph(300), 0, max_scan_reads=300 * 300 - 1)
    # Algorithm 1 on the same 10^5 path: work in proportion to the edges.
    emu.bfs(G, 0, strategy="migrate", threads=8)
    c = emu.last_report().counts
    assert c["local_reads"] + c["instructions"] <= 40 * 3 * len(G), c


def test_similarity_on_a_long_path_compares_locally():
    # The aligner's plane from exact anchor distances: past 254 hops the byte distances once put
    # a long path's far vertices in one bucket and the comparisons grew as n^2.
    comparisons = {}
    for n in (1000, 2000):
        G = nx.path_graph(n)
        emu.similarity(G, G.copy())
        comparisons[n] = emu.last_report().extra["comparisons"]
        assert comparisons[n] <= 200 * n, comparisons
    assert comparisons[2000] <= 2.2 * comparisons[1000], comparisons


@pytest.mark.parametrize(("offsets", "targets", "message"), [
    ([0, 1, 3], [1, 0], "describe one graph"),
    ([0, 100, 2], [1, 0], "indptr decreases"),  # vertex 0 would read 100 neighbours of 2
    ([0, 2, 1, 2], [1, 2], "indptr decreases"),
    ([0, 1, 2], [1, 7], "outside the graph"),
])
def test_bfs_arrays_refuse_bad_csr_before_reading_it(offsets, targets, message):
    # Both the scan budget's level count (which runs first) and the simulation check the arrays.
    from irreg.emu.run import bfs_arrays

    o = np.asarray(offsets, dtype=np.int64)
    t = np.asarray(targets, dtype=np.int32)
    with pytest.raises(ValueError, match=message):
        bfs_arrays(o, t, 0, Machine(), "remote", 8, 14)
    with pytest.raises(ValueError, match=message):
        bfs_arrays(o, t, 0, Machine(), "migrate", 8, 14)
