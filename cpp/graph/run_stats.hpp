// The counters of one run of a graph algorithm (seed 000 §6.2), filled by the engine or by the
// run wrappers (run.hpp) for the fast kernels.
#pragma once

#include <cstdint>

#include "core/types.hpp"

namespace irreg::graph {

struct RunStats {
  int32_t threads = 1;       // the team the run used: 1 on the serial path (set by Run*)
  int64_t supersteps = 0;    // message rounds
  int64_t active_edges = 0;  // edges that carried a message, over the run
  int64_t vector_ops = 0;    // W = 16 lane vector operations spent producing messages
  double compute_seconds = 0, activate_seconds = 0, produce_seconds = 0;
  double simd_utilization() const {
    return vector_ops == 0 ? 0.0 : static_cast<double>(active_edges) / (vector_ops * kLanes);
  }
};

}  // namespace irreg::graph
