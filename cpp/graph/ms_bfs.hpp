// Hops from many sources, summed per vertex without any n x n array: what closeness, harmonic
// centrality, eccentricity, diameter, the Wiener index and the average shortest path length
// need (nx_irreg's distance measures). One call is one chunk of sources, run on one thread
// with the GIL released; chunks run side by side on threads or Dask workers
// (irreg.graph.algorithms.distance_sums).
//
// Two methods (the registry's variants of "distances"):
// - bit-parallel (Then et al., "The More the Merrier", VLDB 2015): batches of 512 sources,
//   one bit per source in a 64-byte block per vertex, so that one block OR moves all 512
//   searches across an edge; top-down levels while the frontier's out-edges are fewer than
//   the in-edges still open, bottom-up (Beamer's direction optimization) after; where the
//   first source's search is hundreds of levels deep, a queue BFS per source instead;
// - per-source: a queue BFS from each source, the baseline.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/ms_bfs_kernels.hpp"
#include "graph/run_stats.hpp"

namespace irreg::graph {

struct DistanceSums {
  // Per vertex v, over the chunk's sources s with a path s -> v (v itself included when it is
  // a source); empty when per-vertex sums were not asked for.
  std::vector<int64_t> reached;            // how many
  std::vector<int64_t> total;              // sum of hops
  std::vector<unsigned __int128> inverse;  // sum of floor(2^64 / hops), hops > 0: exact
  std::vector<int32_t> farthest;           // most hops (-1: no source reaches v)
  // Per source, in the order given: the most hops to a vertex it reaches, and whether it
  // reaches every vertex.
  std::vector<int32_t> eccentricity;
  std::vector<uint8_t> reaches_all;
  RunStats stats;  // supersteps: BFS levels over all batches; active_edges: edges walked
};

// Over out-edges `out`; `in` are the same edges reversed (bottom-up steps read them).
DistanceSums BitParallelDistances(const CsrGraph& out, const CsrGraph& in,
                                  const std::vector<VertexId>& sources, bool per_vertex,
                                  const MsBfsKernels& kernels);
DistanceSums PerSourceDistances(const CsrGraph& out, const std::vector<VertexId>& sources,
                                bool per_vertex);

}  // namespace irreg::graph
