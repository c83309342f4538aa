// Compressed sparse rows of a graph: out-edges of each vertex (sorted by target when built from an
// edge list, in NetworkX's adjacency order when built from rows), parallel edges collapsed (the
// last one given wins, as repeated add_edge does in NetworkX), self-loops kept.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

struct CsrGraph {
  int32_t n = 0;
  bool weighted = false;          // weights were given; otherwise every weight is 1, as in NetworkX
  std::vector<int64_t> offsets;   // n + 1
  std::vector<VertexId> targets;  // m, plus kLanes of padding so SIMD loads may run past the end
  std::vector<double> weights;    // m (+ padding), 1 when none were given
  double min_weight = 0;          // smallest weight (+inf without edges): SSSP checks it per run
  // Over the finite weights, summed once at build time: delta-stepping's default bucket width
  // and SSWP's keys need them, and a pass over the weights per run cost ~20% of an SSSP run.
  struct FiniteWeights {
    int64_t count = 0;
    double sum = 0;
    double low = std::numeric_limits<double>::infinity();
    double high = -std::numeric_limits<double>::infinity();
  } finite;
  // Every edge stored both ways and rows sorted by target (an undirected edge list, or
  // Symmetrized()): then the graph is its own transpose, and bottom-up BFS reads it as is.
  bool symmetric_sorted = false;

  int64_t num_edges() const { return offsets.empty() ? 0 : offsets.back(); }
  // Whether every row is sorted by target and every edge stored both ways (what
  // symmetric_sorted claims): checked when a pickled graph says so. O(m log degree).
  bool IsSymmetricSorted() const;
  int64_t degree(VertexId v) const { return offsets[v + 1] - offsets[v]; }

  // From parallel arrays (weights may be null). An undirected graph stores both directions of
  // every edge; {u, v} given twice in either direction is one edge with the last weight.
  // Throws std::invalid_argument naming the first bad id or NaN weight. `threads` OpenMP
  // threads (1: no parallel region); the CSR does not depend on it.
  static CsrGraph FromEdges(const int64_t* src, const int64_t* dst, const double* weights,
                            int64_t m, int32_t n, bool directed, int32_t threads = 1);
  static CsrGraph FromEdges(const int32_t* src, const int32_t* dst, const double* weights,
                            int64_t m, int32_t n, bool directed, int32_t threads = 1);
  // From rows already laid out (a NetworkX adjacency walked in order): each row keeps its given
  // order, which is what NetworkX's traversal orders follow. weights empty: unweighted. Throws
  // std::invalid_argument on offsets that do not describe `targets` or an id outside [0, n).
  static CsrGraph FromRows(std::vector<int64_t> offsets, std::vector<VertexId> targets,
                           std::vector<double> weights, int32_t n);
  // Both directions of every edge, collapsed again, weights 1 (for weakly connected components).
  CsrGraph Symmetrized() const;
  // Edges reversed, ids only: in-edges of each vertex sorted by source, `weights` left empty
  // (bottom-up BFS and WCC read ids; copying 8-byte weights doubled the scattered writes). The
  // same CSR at every thread count.
  CsrGraph InEdges(int32_t threads) const;
  // In-edges per vertex (self-loops included).
  std::vector<int32_t> InDegrees() const;
};

}  // namespace irreg::graph
