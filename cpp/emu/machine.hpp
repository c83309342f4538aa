// The parameters of a migratory-thread machine (seed 002 §2, §4.1). The values for the Emu Chick
// come from src/irreg/emu/calibration.py, which says where each number comes from; the C++ side
// only holds them and checks that they describe a machine.
#pragma once

#include <cstdint>

namespace irreg::emu {

struct Machine {
  int32_t nodes = 1;
  int32_t nodelets_per_node = 8;
  int32_t cores_per_nodelet = 1;
  int32_t threads_per_core = 64;       // threadlet contexts per Gossamer core
  double clock_hz = 175e6;
  // Narrow-channel DRAM, one channel per nodelet, FIFO: cycles an 8-byte access holds the
  // channel when its row is open, the extra cycles of a row miss, and the read latency after it.
  double memory_word_cycles = 7.0;
  double row_miss_cycles = 4.8;
  double memory_latency_cycles = 2.4;
  int32_t row_bytes = 1024;
  int32_t banks = 16;
  // A threadlet issues at most one instruction every pipeline_depth cycles; the core issues one
  // instruction per cycle across its threadlets.
  int32_t pipeline_depth = 8;
  // One migration engine per node moves every packet that leaves or enters a nodelet.
  double engine_bytes_per_cycle = 8.0;
  double intra_node_latency_cycles = 10.0;
  // Node-to-node link (one port per node and direction).
  double link_bytes_per_cycle = 11.4;
  double inter_node_latency_cycles = 175.0;
  int32_t context_bytes = 200;       // a migrating threadlet
  int32_t write_packet_bytes = 24;   // header, address, 8-byte value
  int32_t atomic_packet_bytes = 24;  // request; the reply carries 16 bytes
  int32_t ack_packet_bytes = 8;      // a remote write's acknowledgement
  int32_t spawn_instructions = 30;

  int32_t nodelets() const { return nodes * nodelets_per_node; }
  int32_t threads_per_nodelet() const { return cores_per_nodelet * threads_per_core; }
  int32_t NodeOf(int32_t nodelet) const { return nodelet / nodelets_per_node; }
  // Throws std::invalid_argument naming the first bad parameter.
  void Validate() const;
};

}  // namespace irreg::emu
