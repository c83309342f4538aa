#include "emu/machine.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace irreg::emu {
namespace {

void AtLeast(const char* name, double value, double low) {
  if (!(value >= low) || !std::isfinite(value))
    throw std::invalid_argument(std::string(name) + " must be a finite number >= " +
                                std::to_string(low) + ", got " + std::to_string(value));
}

}  // namespace

void Machine::Validate() const {
  if (nodes < 1 || nodes > 64)
    throw std::invalid_argument("nodes must be in [1, 64], got " + std::to_string(nodes));
  if (nodelets_per_node < 1 || nodelets_per_node > 64)
    throw std::invalid_argument("nodelets_per_node must be in [1, 64], got " +
                                std::to_string(nodelets_per_node));
  if (cores_per_nodelet < 1 || cores_per_nodelet > 64)
    throw std::invalid_argument("cores_per_nodelet must be in [1, 64], got " +
                                std::to_string(cores_per_nodelet));
  if (threads_per_core < 1 || threads_per_core > 4096)
    throw std::invalid_argument("threads_per_core must be in [1, 4096], got " +
                                std::to_string(threads_per_core));
  AtLeast("clock_hz", clock_hz, 1.0);
  AtLeast("memory_word_cycles", memory_word_cycles, 1e-3);
  AtLeast("row_miss_cycles", row_miss_cycles, 0.0);
  AtLeast("memory_latency_cycles", memory_latency_cycles, 0.0);
  if (row_bytes < 8) throw std::invalid_argument("row_bytes must be >= 8");
  if (banks < 1) throw std::invalid_argument("banks must be >= 1");
  if (pipeline_depth < 1) throw std::invalid_argument("pipeline_depth must be >= 1");
  AtLeast("engine_bytes_per_cycle", engine_bytes_per_cycle, 1e-3);
  AtLeast("intra_node_latency_cycles", intra_node_latency_cycles, 0.0);
  AtLeast("link_bytes_per_cycle", link_bytes_per_cycle, 1e-3);
  AtLeast("inter_node_latency_cycles", inter_node_latency_cycles, 0.0);
  if (context_bytes < 1 || write_packet_bytes < 1 || atomic_packet_bytes < 1 ||
      ack_packet_bytes < 1)
    throw std::invalid_argument("packet sizes must be >= 1 byte");
  if (spawn_instructions < 0) throw std::invalid_argument("spawn_instructions must be >= 0");
}

}  // namespace irreg::emu
