// Betweenness centrality by Brandes ("A faster algorithm for betweenness centrality", 2001),
// one chunk of sources per call: the chunks run side by side on threads or Dask workers and
// their sums are added in chunk order (irreg.graph.algorithms.betweenness).
//
// Each source's search and accumulation are NetworkX's own, operation for operation:
// path counts are doubles (as NetworkX's sigma; past 2^53 paths they round, past ~1.8e308
// they become inf, in both); a weighted search is NetworkX's Dijkstra with its exact-equality
// rule for equal paths (and its quirks with zero-weight edges); the accumulation walks the
// settled vertices backwards and adds each predecessor's share in that order (the subset and
// edge variants as NetworkX's _accumulate_subset, _accumulate_edges and
// _accumulate_edges_subset), so one source's dependencies equal NetworkX's to the bit. The
// plain per-vertex BFS case instead runs a BFS without data-dependent branches that lists
// each vertex's successors on shortest paths, and sums each dependency over them (GAPBS's
// successor formulation; brandes.cpp, SuccessorBrandes), stepping the last levels of an
// undirected graph bottom-up; its shares reach a vertex in another order, so its sums differ
// from NetworkX's in the last bits.
#pragma once

#include <cstdint>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/run_stats.hpp"

namespace irreg::graph {

struct BetweennessSums {
  std::vector<double> score;       // per vertex, summed over the chunk's sources in order
  std::vector<double> edge_score;  // edges: per edge of `in` (its CSR order); else empty
  RunStats stats;                  // supersteps: sources searched; active_edges: edges walked
};

struct BrandesOptions {
  bool weighted = false;   // Dijkstra on the weights, else BFS
  bool endpoints = false;  // NetworkX's endpoints=True: each pair's ends count too (vertices)
  bool edges = false;      // shares per edge (edge_betweenness_centrality), not per vertex
  // NetworkX's *_subset: only paths to these vertices count, a byte per vertex (null: all).
  const uint8_t* targets = nullptr;
  // The edges are stored both ways (an undirected graph): the plain case may then step its last
  // levels bottom-up over them.
  bool symmetric = false;
};

// `out` holds the edges, `in` the same edges reversed with their weights (the predecessors
// of the accumulation; the plain BFS case never reads it).
BetweennessSums Brandes(const CsrGraph& out, const CsrGraph& in,
                        const std::vector<VertexId>& sources, const BrandesOptions& options);

}  // namespace irreg::graph
