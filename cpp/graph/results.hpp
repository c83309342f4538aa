// What the seed's five algorithms return (seed 000 §6.1): per-vertex arrays plus the run's
// counters. Results are identical across variants, ISAs and
// thread counts (BFS parents: the smallest-id vertex of the previous level).
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "graph/run_stats.hpp"

namespace irreg::graph {

struct BfsResult {
  std::vector<int32_t> depth;   // -1: unreachable
  std::vector<int32_t> parent;  // -1: the source and unreachable vertices
  RunStats stats;
};
struct ValueResult {  // SSSP distances (+inf unreachable) or SSWP widths (-inf unreachable)
  std::vector<double> value;
  RunStats stats;
};
struct LabelResult {  // WCC: smallest vertex id of the component; TS: generation (-1 on a cycle)
  std::vector<int32_t> label;
  RunStats stats;
};

}  // namespace irreg::graph
