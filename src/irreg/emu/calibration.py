"""Every parameter of the simulated Emu Chick, and where it comes from (seed 002; DESIGN §9).

Three kinds of number, and nothing else:

* **Stated**: hardware facts the seed gives (§2, §4.1, §4.3).
* **Measured**: two microbenchmarks of the same 8-node Chick, published, not the figures the model
  predicts:

  - STREAM ADD (c = a + b, 24 bytes per element): 1.6 GB/s on one node, 12.8 GB/s on eight
    (seed §4.3). Per nodelet that is 8.33 M elements/s, one element every 21.0 cycles at 175 MHz.
  - Pointer chasing (Young et al., "A microbenchmark characterization of the Emu Chick", Parallel
    Computing 2019, arXiv 1809.07696; the benchmark is emu-microbench's pointer_chase.c, its
    figure is slide 16 of the PEARC'19 tutorial in gt-crnch-rg/lucata-pathfinder-tutorial,
    `slides/1-pearc19-rg-overview.pdf` at commit aa577f8, read from the PDF's vector paths). 2^25
    elements of 16 bytes striped over 64 nodelets, 2048 threads, bandwidth = 16 bytes per element
    over the time:

    ============================  ========  =================================================
    order (block size)            GB/s      what it exercises
    ============================  ========  =================================================
    intra_block_shuffle (1..256K)  8.55     no migration; random = sequential (flat in block
                                            size): loads only, no locality effect
    block_shuffle (1)              2.88     a migration at almost every element, 56/63 of
                                            them to another node
    block_shuffle (4 .. 4M)        7.4-8.7  a migration every block_size elements
    intra_block_shuffle (4M)       5.76     a migration at 7 of 8 elements, all in one node
    ============================  ========  =================================================

* **Assumed**: what neither source gives, chosen from generic facts before any figure was
  predicted and never tuned to one: DDR4-1600 latency (JEDEC), an in-order multithreaded
  pipeline, packet formats, network latencies. `irreg bench emu` prints the figures that depend
  most on them at half and twice these values.

How the measurements set the parameters (each by bisection on the simulator itself, so what the
model charges besides, spawns and instructions, is accounted for; the test suite checks that the
values below still reproduce their benchmarks):

1. **Loads.** The migration-free chase reads two words per element (`next`, `weight`) and
   STREAM ADD two words and writes one; both run one element per ~21 cycles per nodelet. So a
   load holds the nodelet's memory path ~10.5 cycles whatever its address (the chase's order
   makes no difference, so there is no open-row discount), and `load_cycles` is fitted on the
   chase.
2. **Stores.** Then STREAM leaves a store almost nothing: `store_cycles` is fitted on STREAM
   given the loads. It is the small difference of two measured rates (±2% each), so "about
   zero" is all it says: a posted store does not hold the memory path the way a load, which
   must return its data, does. The DRAM itself is far from busy (STREAM is 12.5% of the 12.8
   GB/s per node DDR4 peak, seed §4.1, §4.3): the FPGA's memory path, not the DRAM, is measured.
3. **The migration engine.** The chase with block size 1 migrates at nearly every element; it
   runs at 2.88 GB/s, 22 M migrations/s per node. `engine_packet_cycles` is fitted on it: one
   engine per node (seed §4.1: the node's FPGA implements "the migration engine") passes every
   packet that leaves or enters a node's nodelets at a fixed cost per packet, migration or
   write alike: the Emu programming guide (v2.26, §1.2.3) says migrating a context takes "only
   slightly more than the bandwidth consumed transmitting a memory reference across the
   network". The chase then predicts its other orders (block size 4 and up; intra-node
   migrations at 4M), checked by `irreg bench emu` and the tests.

The predicted figures (BFS MTEPS, SpMV bandwidth, Table 3, alignment scaling) are outputs of the
model on these parameters; none of them was used to set any parameter.
"""

from __future__ import annotations

CLOCK_HZ = 175e6  # stated §4.1: Gossamer cores at 175 MHz
NEXT_CLOCK_HZ = 300e6  # stated §4.1: the planned next generation
STREAM_NODE_BYTES_PER_S = 1.6e9  # measured: STREAM on one node (§4.3)
STREAM_8_NODES_BYTES_PER_S = 12.8e9  # measured: STREAM on eight nodes (§4.3)
NODELETS_PER_NODE = 8  # stated §2: eight nodelets per node
WORD_BYTES = 8

# Measured: the pointer chase on 8 nodes with 2048 threads (see above), GB/s by order and block
# size, as read from the published figure.
CHASE_ELEMENTS = 1 << 25
CHASE_THREADS = 2048
CHASE_GBPS = {
    ("intra_block_shuffle", 1): 8.55, ("intra_block_shuffle", 4): 8.55,
    ("intra_block_shuffle", 256): 8.55, ("intra_block_shuffle", 1 << 22): 5.76,
    ("block_shuffle", 1): 2.88, ("block_shuffle", 4): 8.15, ("block_shuffle", 16): 8.02,
    ("block_shuffle", 64): 7.81, ("block_shuffle", 256): 7.83, ("block_shuffle", 1024): 7.44,
    ("block_shuffle", 4096): 7.88, ("block_shuffle", 1 << 14): 8.66,
}
CHASE_NO_MIGRATION = ("intra_block_shuffle", 4)  # fits load_cycles
CHASE_MIGRATING = ("block_shuffle", 1)  # fits engine_packet_cycles

# Assumed: DDR4-1600 CL11 (JEDEC DDR4-1600K): a load's data returns CL = 13.75 ns after its
# access.
MEMORY_LATENCY_CYCLES = 13.75e-9 * CLOCK_HZ
# Fitted (calibrate() below, rounded): the chase fits the load, then STREAM the store, then the
# block-size-1 chase the engine.
LOAD_CYCLES = 10.39
STORE_CYCLES = 0.14
ENGINE_PACKET_CYCLES = 4.15

CHICK = {
    "nodes": 1,
    "nodelets_per_node": NODELETS_PER_NODE,
    "cores_per_nodelet": 1,  # stated §4.1: one Gossamer core per nodelet
    "threads_per_core": 64,  # stated §4.1: 64 concurrent threadlets per core
    "clock_hz": CLOCK_HZ,
    "load_cycles": LOAD_CYCLES,
    "store_cycles": STORE_CYCLES,
    # Assumed: a remote write costs its destination what a local store does. No source measures
    # it (STREAM's stores are local); `irreg bench emu` shows the BFS figures with it at a load's
    # cost, the hot-spot mechanism §3.2 names for RMAT ("serialized in the memory front end").
    "remote_write_cycles": STORE_CYCLES,
    "memory_latency_cycles": MEMORY_LATENCY_CYCLES,
    # Assumed: a threadlet issues one instruction per 8 cycles (an 8-stage in-order pipeline
    # without forwarding that interleaves threadlets, as barrel processors do); the core one
    # instruction per cycle overall.
    "pipeline_depth": 8,
    "engine_packet_cycles": ENGINE_PACKET_CYCLES,
    "intra_node_latency_cycles": 10.0,  # assumed: a few pipeline stages across the FPGA
    # The nodes are "connected in a cube via RapidIO links" (PEARC'19 hands-on slides, slide
    # 10): three links per node. Assumed: 2.5 GB/s per link and direction (the Emu simulator's
    # default link, programming guide §7.4.1), so 7.5 GB/s per node and direction; about 1 us
    # through the stationary core and switch.
    "link_bytes_per_cycle": 3 * 2.5e9 / CLOCK_HZ,
    "inter_node_latency_cycles": 1e-6 * CLOCK_HZ,
    "context_bytes": 200,  # stated §2: a thread context is "less than 200 bytes"
    "write_packet_bytes": 24,  # assumed: 8-byte header, address and value
    "atomic_packet_bytes": 24,  # assumed: as a write; the reply carries as many
    "spawn_instructions": 30,  # assumed: allocate a context, copy arguments, enqueue
}

# The planned system (stated §4.1): four cores and 256 threadlets per nodelet at 300 MHz. The
# memory path and the engine are assumed unchanged in nanoseconds, so their cycle counts scale
# with the clock.
_SCALE = NEXT_CLOCK_HZ / CLOCK_HZ
CHICK_NEXT = {
    **CHICK,
    "cores_per_nodelet": 4,
    "clock_hz": NEXT_CLOCK_HZ,
    "load_cycles": LOAD_CYCLES * _SCALE,
    "store_cycles": STORE_CYCLES * _SCALE,
    "remote_write_cycles": STORE_CYCLES * _SCALE,
    "memory_latency_cycles": MEMORY_LATENCY_CYCLES * _SCALE,
    "engine_packet_cycles": ENGINE_PACKET_CYCLES * _SCALE,
    "link_bytes_per_cycle": 3 * 2.5e9 / NEXT_CLOCK_HZ,
    "inter_node_latency_cycles": 1e-6 * NEXT_CLOCK_HZ,
}

PRESETS = {"chick": CHICK, "chick-next": CHICK_NEXT}

# The assumed parameters whose influence `irreg bench emu` shows (halved and doubled).
SENSITIVE = ("pipeline_depth", "link_bytes_per_cycle", "inter_node_latency_cycles")


def chase_bandwidth(params: dict, order: tuple[str, int], elements: int = 1 << 23,
                    threads: int = CHASE_THREADS) -> float:
    """Bytes/s of the simulated pointer chase on eight nodes of ``params``."""
    from irreg import _core

    mode, block = order
    r = _core.emu_pointer_chase({**params, "nodes": 8}, elements, mode, block, threads, 1)
    return r["bytes"] / r["report"]["seconds"]


def stream_bandwidth(params: dict, elements: int = 1 << 18) -> float:
    """Bytes/s of the simulated STREAM ADD on one node (all 512 threadlets) of ``params``."""
    from irreg import _core

    r = _core.emu_stream(params, elements, 512)
    return r["bytes"] / r["report"]["seconds"]


def _bisect(bandwidth, target: float, lo: float, hi: float, steps: int = 20) -> float:
    """The parameter in [lo, hi] at which ``bandwidth`` (falling with it) meets ``target``."""
    for _ in range(steps):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if bandwidth(mid) > target else (lo, mid)
    return (lo + hi) / 2


def calibrate(elements: int = 1 << 23) -> dict:
    """Fits load_cycles, store_cycles and engine_packet_cycles, in that order, on the measured
    microbenchmarks (see the module's docstring); returns them."""
    p = dict(CHICK)
    p["load_cycles"] = _bisect(
        lambda v: chase_bandwidth({**p, "load_cycles": v}, CHASE_NO_MIGRATION, elements),
        CHASE_GBPS[CHASE_NO_MIGRATION] * 1e9, 1e-3, 40.0)
    p["store_cycles"] = _bisect(
        lambda v: stream_bandwidth({**p, "store_cycles": v}), STREAM_NODE_BYTES_PER_S, 0.0, 20.0)
    p["engine_packet_cycles"] = _bisect(
        lambda v: chase_bandwidth({**p, "engine_packet_cycles": v}, CHASE_MIGRATING, elements),
        CHASE_GBPS[CHASE_MIGRATING] * 1e9, 0.0, 40.0)
    return {key: p[key] for key in ("load_cycles", "store_cycles", "engine_packet_cycles")}
