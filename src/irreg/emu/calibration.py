"""Every parameter of the simulated Emu Chick, and where it comes from (seed 002; DESIGN §9).

Three kinds of number, and nothing else:

* **Stated**: hardware facts the seed gives (§2, §4.1, §4.3).
* **STREAM**: the one calibration. The seed measured STREAM at 1.6 GB/s on one node and 12.8 GB/s
  on eight (§4.3). STREAM streams three arrays through each nodelet's narrow channel with every
  threadlet busy, so the channel is what it measures: 1.6 GB/s / 8 nodelets = 200 MB/s per
  channel, i.e. one 8-byte access every 40 ns = 7.0 cycles at 175 MHz. Eight nodes give the same
  200 MB/s per nodelet (12.8 GB/s / 64), so the figure says nothing about the network: STREAM
  never leaves a nodelet. `irreg bench emu` runs the simulated STREAM and shows both figures.
* **Assumed**: what the seed does not state and STREAM cannot tell, chosen from generic facts
  before any figure was predicted and never tuned to one: DDR4-1600 timing (JEDEC), the FPGA
  datapath width, an in-order multithreaded pipeline, packet formats. `irreg bench emu` prints
  the figures that depend most on them at half and twice these values.

The predicted figures (BFS MTEPS, SpMV bandwidth, Table 3, alignment scaling) are outputs of the
model on these parameters; none of them was used to set any parameter.
"""

from __future__ import annotations

CLOCK_HZ = 175e6  # stated §4.1: Gossamer cores at 175 MHz
NEXT_CLOCK_HZ = 300e6  # stated §4.1: the planned next generation
STREAM_NODE_BYTES_PER_S = 1.6e9  # STREAM: one node (§4.3)
STREAM_8_NODES_BYTES_PER_S = 12.8e9  # STREAM: eight nodes (§4.3)
NODELETS_PER_NODE = 8  # stated §2: eight nodelets per node
WORD_BYTES = 8

# STREAM -> 7.0 cycles per 8-byte access on a channel. With 64 threadlets each streaming its own
# slice, nearly every access opens a new row, so the 7.0 cycles are a row miss: the open-row
# part is 7.0 minus the DDR4 row-miss time below. `calibrate_memory_word_cycles()` finds it by
# bisection on the simulated STREAM (it returns 2.1725; the test suite checks that this value
# still gives 1.6 GB/s and 12.8 GB/s).
STREAM_ACCESS_CYCLES = CLOCK_HZ * WORD_BYTES / (STREAM_NODE_BYTES_PER_S / NODELETS_PER_NODE)

# Assumed: DDR4-1600 CL11 (JEDEC DDR4-1600K): CL = tRCD = tRP = 13.75 ns. A row miss costs
# tRP + tRCD on the channel; a read returns CL after its access.
_DDR4_1600_NS = 13.75
ROW_MISS_CYCLES = 2 * _DDR4_1600_NS * 1e-9 * CLOCK_HZ
MEMORY_LATENCY_CYCLES = _DDR4_1600_NS * 1e-9 * CLOCK_HZ
MEMORY_WORD_CYCLES = 2.1725  # calibrate_memory_word_cycles(), rounded

CHICK = {
    "nodes": 1,
    "nodelets_per_node": NODELETS_PER_NODE,
    "cores_per_nodelet": 1,  # stated §4.1: one Gossamer core per nodelet
    "threads_per_core": 64,  # stated §4.1: 64 concurrent threadlets per core
    "clock_hz": CLOCK_HZ,
    "memory_word_cycles": MEMORY_WORD_CYCLES,
    "row_miss_cycles": ROW_MISS_CYCLES,
    "memory_latency_cycles": MEMORY_LATENCY_CYCLES,
    "row_bytes": 1024,  # stated §2: row size 1024
    "banks": 16,  # assumed: DDR4 has 16 banks
    # Assumed: a threadlet issues one instruction per 8 cycles (an 8-stage in-order pipeline
    # without forwarding that interleaves threadlets, as barrel processors do); the core issues
    # one instruction per cycle overall.
    "pipeline_depth": 8,
    # Stated §4.1: one FPGA per node implements "the migration engine", so one per node.
    # Assumed: a 64-bit datapath at the core clock, 8 bytes per cycle. Not calibratable on STREAM
    # (no packets): `irreg bench emu` sweeps it, and no rate gives both the seed's one-node BFS
    # (remote writes; wants about 8) and its "similar" unreplicated SpMV (migrations; wants ~64).
    "engine_bytes_per_cycle": 8.0,
    "intra_node_latency_cycles": 10.0,  # assumed: a few pipeline stages across the FPGA
    # Assumed: nodes join over Serial RapidIO (stated §2) with one x4 port at 5 Gbaud per node,
    # 2 GB/s per direction after 8b/10b coding, and about 1 us through the stationary core and
    # switch.
    "link_bytes_per_cycle": 2e9 / CLOCK_HZ,
    "inter_node_latency_cycles": 1e-6 * CLOCK_HZ,
    "context_bytes": 200,  # stated §2: a thread context is "less than 200 bytes"
    "write_packet_bytes": 24,  # assumed: 8-byte header, address and value
    "atomic_packet_bytes": 24,  # assumed: as a write; the reply carries 16 bytes
    "ack_packet_bytes": 8,  # assumed: a header; remote writes are acknowledged (seed §6)
    "spawn_instructions": 30,  # assumed: allocate a context, copy arguments, enqueue
}

# The planned system (stated §4.1): four cores and 256 threadlets per nodelet at 300 MHz. The
# memory system is assumed unchanged in nanoseconds, so its cycle counts scale with the clock.
_SCALE = NEXT_CLOCK_HZ / CLOCK_HZ
CHICK_NEXT = {
    **CHICK,
    "cores_per_nodelet": 4,
    "clock_hz": NEXT_CLOCK_HZ,
    "memory_word_cycles": MEMORY_WORD_CYCLES * _SCALE,
    "row_miss_cycles": ROW_MISS_CYCLES * _SCALE,
    "memory_latency_cycles": MEMORY_LATENCY_CYCLES * _SCALE,
    "link_bytes_per_cycle": 2e9 / NEXT_CLOCK_HZ,
    "inter_node_latency_cycles": 1e-6 * NEXT_CLOCK_HZ,
}

PRESETS = {"chick": CHICK, "chick-next": CHICK_NEXT}

# The assumed parameters whose influence `irreg bench emu` shows (halved and doubled).
SENSITIVE = ("pipeline_depth", "engine_bytes_per_cycle", "link_bytes_per_cycle")


def calibrate_memory_word_cycles(elements: int = 1 << 18) -> float:
    """The open-row channel time per access for which the simulated STREAM on one Chick node
    (all 512 threadlets) moves STREAM_NODE_BYTES_PER_S: bisection on the model itself."""
    from irreg import _core

    def bandwidth(word_cycles: float) -> float:
        params = {**CHICK, "memory_word_cycles": word_cycles}
        r = _core.emu_stream(params, elements, 512)
        return r["bytes"] / r["report"]["seconds"]

    lo, hi = 1e-3, STREAM_ACCESS_CYCLES
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if bandwidth(mid) > STREAM_NODE_BYTES_PER_S else (lo, mid)
    return (lo + hi) / 2
