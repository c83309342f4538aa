// What the seed's five algorithms and the label-setting searches return (seed 000 §6.1):
// per-vertex arrays plus the run's counters. Results are identical across variants, ISAs and
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

// Values settled in order (Dijkstra, Bellman-Ford): the NetworkX backend's dicts keep this order.
struct SettledValues {
  std::vector<double> value;    // not reached (or beyond the cutoff): +inf; widest paths: -inf
  std::vector<VertexId> order;  // vertices in the order their values became final
  std::vector<VertexId> parent;  // Dijkstra: the vertex whose edge last improved it; -1 if none
  // Dijkstra asked for equal predecessors: every predecessor of equal value in the order found
  // (v's: preds[pred_offsets[v], pred_offsets[v + 1])), and the vertices in the order first
  // reached (NetworkX's dijkstra_predecessor_and_distance); empty otherwise.
  std::vector<int64_t> pred_offsets;
  std::vector<VertexId> preds;
  std::vector<VertexId> reached;
  bool contradiction = false;   // Dijkstra met a negative weight that improves a settled vertex
  bool negative_cycle = false;  // Bellman-Ford found a negative cycle reachable from a source
  RunStats stats;               // Dijkstra: supersteps = settled vertices, their out-edges
};
// Bellman-Ford's values plus NetworkX's pred dict: every equal-distance predecessor of each
// vertex in the order found, flattened (pred of v: pred[pred_offsets[v], pred_offsets[v + 1])).
struct BellmanFordResult {
  SettledValues settled;  // value, order (first reached), negative_cycle
  std::vector<int64_t> pred_offsets;
  std::vector<VertexId> pred;
  VertexId cycle_vertex = -1;  // the vertex whose improvement revealed a negative cycle
};
// What a label-setting search optimizes: the smallest sum of weights (SSSP) or the largest
// smallest weight along the path (SSWP, widest path).
enum class PathObjective { kShortest, kWidest };

}  // namespace irreg::graph
