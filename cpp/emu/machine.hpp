// The parameters of a migratory-thread machine (seed 002 §2, §4.1). The values for the Emu Chick
// come from src/irreg/emu/calibration.py, which says where each number comes from: the C++ side
// holds no preset, so a Machine is whatever its caller (in practice irreg.emu.Machine) fills in,
// and Validate() checks that it describes a machine.
#pragma once

#include <cstdint>
#include <limits>

namespace irreg::emu {

// THE list of machine parameters: X(type, name, low, high, meaning). It declares the members of
// Machine, drives Validate() (low <= value <= high), the binding's dict -> Machine conversion and
// irreg._core.emu_machine_fields(), from which irreg.emu.Machine takes its type checks.
// Memory: one FIFO memory path per nodelet that serves loads and stores at fixed costs (no open-row
// discount: the Chick's pointer chase runs as fast in random as in sequential order). Issue: a
// threadlet issues at most one instruction every pipeline_depth cycles; the core one per cycle
// across its threadlets. Network: one migration engine per node handles every packet that leaves
// or enters a node's nodelets at a fixed cost per packet; nodes are joined by links whose
// bandwidth per node and direction is link_bytes_per_cycle.
#define IRREG_EMU_MACHINE_FIELDS(X)                                                                \
  X(int32_t, nodes, 1, 64, "nodes of nodelets_per_node nodelets each")                             \
  X(int32_t, nodelets_per_node, 1, 64, "nodelets per node, each with its own memory channel")      \
  X(int32_t, cores_per_nodelet, 1, 64, "Gossamer cores per nodelet")                               \
  X(int32_t, threads_per_core, 1, 4096, "threadlet contexts per core")                             \
  X(double, clock_hz, 1.0, kUnbounded, "core clock in Hz")                                         \
  X(double, load_cycles, 1e-3, kUnbounded,                                                         \
    "cycles an 8-byte load holds its nodelet's memory path")                                       \
  X(double, store_cycles, 0.0, kUnbounded,                                                         \
    "cycles an 8-byte store holds its nodelet's memory path")                                      \
  X(double, remote_write_cycles, 0.0, kUnbounded,                                                  \
    "cycles a remote write holds its destination nodelet's memory path")                           \
  X(double, memory_latency_cycles, 0.0, kUnbounded, "cycles from a load's access to its data")     \
  X(int32_t, pipeline_depth, 1, kUnbounded, "cycles between two instructions of one threadlet")    \
  X(double, engine_packet_cycles, 0.0, kUnbounded,                                                 \
    "cycles the node's migration engine spends on one packet (a migration, a write, a spawn)")     \
  X(double, intra_node_latency_cycles, 0.0, kUnbounded, "a packet's latency within a node")        \
  X(double, link_bytes_per_cycle, 1e-3, kUnbounded,                                                \
    "bytes a node-to-node link port moves per cycle")                                              \
  X(double, inter_node_latency_cycles, 0.0, kUnbounded, "a packet's latency between nodes")        \
  X(int32_t, context_bytes, 1, kUnbounded, "bytes of a migrating threadlet")                       \
  X(int32_t, write_packet_bytes, 1, kUnbounded, "bytes of a remote write: header, address, value") \
  X(int32_t, atomic_packet_bytes, 1, kUnbounded, "bytes of a remote atomic's request")             \
  X(int32_t, spawn_instructions, 0, kUnbounded, "instructions a spawn costs its parent")

// The upper bound of a parameter that has none.
inline constexpr double kUnbounded = std::numeric_limits<double>::infinity();

struct Machine {
  // No default values: the presets live in calibration.py only.
#define IRREG_EMU_MACHINE_MEMBER(type, name, low, high, meaning) type name;
  IRREG_EMU_MACHINE_FIELDS(IRREG_EMU_MACHINE_MEMBER)
#undef IRREG_EMU_MACHINE_MEMBER

  int32_t nodelets() const { return nodes * nodelets_per_node; }
  int32_t threads_per_nodelet() const { return cores_per_nodelet * threads_per_core; }
  int32_t NodeOf(int32_t nodelet) const { return nodelet / nodelets_per_node; }
  // Throws std::invalid_argument naming the first parameter outside its range.
  void Validate() const;
};

// Throws std::invalid_argument unless low <= value <= high (and value is finite): the message
// names the parameter and its range. Validate() runs it on every field.
void CheckMachineField(const char* name, double value, double low, double high);

}  // namespace irreg::emu
