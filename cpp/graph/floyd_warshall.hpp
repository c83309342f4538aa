// All-pairs shortest path lengths as a dense matrix: blocked Floyd-Warshall.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/min_plus_kernels.hpp"
#include "graph/run_stats.hpp"

namespace irreg::graph {

struct DenseLengths {
  std::vector<double> value;    // n x n, row-major: value[u * n + v]; +inf where v is unreachable
  bool negative_cycle = false;  // some vertex lies on a cycle of negative length
  RunStats stats;
};

// The side of the square blocks: three of them (the one updated, its row's and its column's
// blocks on the diagonal band) stay in a core's L2 cache.
constexpr int32_t kFloydWarshallBlock = 64;

// Lengths of the shortest paths between every pair (graph/floyd_warshall.cpp). weighted false:
// every edge weighs 1. The smallest weight of a pair's edges counts; self-loops are ignored
// (every vertex starts at 0 from itself).
DenseLengths FloydWarshall(const CsrGraph& g, bool weighted, const MinPlusKernels& kernels,
                           int32_t threads, int32_t block = kFloydWarshallBlock);

}  // namespace irreg::graph
