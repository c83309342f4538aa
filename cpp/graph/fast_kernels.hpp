// The fast kernels, one file each (GAPBS anatomy): direction_bfs.cpp, union_find_wcc.cpp,
// afforest_wcc.cpp, kahn_generations.cpp, delta_stepping.cpp, dijkstra.cpp, reachability.cpp.
// BFS "direction" (direction-optimizing, Beamer et al.), SSSP and SSWP "dijkstra"
// (label-setting with a binary heap) and "delta" (delta-stepping, Meyer & Sanders), WCC
// "afforest" (Sutton et al.) and "union-find".
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/graph_layout.hpp"
#include "graph/path_objective.hpp"
#include "graph/results.hpp"

namespace irreg::graph {

// `threads` > 1 runs the OpenMP form; 1 the serial code, no parallel region. alpha and beta are the
// direction switches of Beamer et al. (GAPBS's defaults): bottom-up once the frontier's out-edges
// exceed unexplored/alpha, top-down again once the frontier stops growing and holds fewer than
// n/beta vertices.
BfsResult DirectionOptimizingBfs(const GraphLayout& g, VertexId source, int32_t threads = 1,
                                 int64_t alpha = 15, int64_t beta = 18);
LabelResult UnionFindWcc(const CsrGraph& csr);
// in_edges: the in-edges of a directed graph (GraphLayout::in_edges), or null when `csr` holds
// both directions of every edge (undirected) or none are at hand. With either, the last pass
// skips the big component's vertices. neighbour_rounds: GAPBS's sampling rounds.
LabelResult AfforestWcc(const CsrGraph& csr, const CsrGraph* in_edges, bool symmetric,
                        int32_t threads = 1, int32_t neighbour_rounds = 2);
// Kahn's algorithm one generation at a time, the frontier in parallel: label = generation
// (-1 on or behind a cycle), the same as TopoProgram's.
LabelResult KahnGenerations(const CsrGraph& csr, int32_t threads = 1);
// Delta-stepping (Meyer & Sanders) with GAPBS's bucket fusion: the same values as Dijkstra
// (min over in-edges of fl(value[u] + w), resp. min(width[u], w)), bit for bit. delta: the
// bucket width; <= 0 picks DefaultDelta. SSSP needs non-negative weights (checked by RunSssp).
// integer_weights: g's weights as uint32 (GraphLayout::integer_weights), or null; with them SSSP
// runs on integer distances (the same values, in half the bytes; buckets delta rounded down to a
// power of two wide).
ValueResult DeltaStepping(const CsrGraph& g, VertexId source, PathObjective objective,
                          int32_t threads = 1, double delta = 0,
                          const uint32_t* integer_weights = nullptr);
// SSSP: the mean finite edge weight over the mean out-degree (Meyer and Sanders: delta of
// order 1 / degree); SSWP: the range of finite
// weights over kWidthBuckets buckets; 1 where those are not positive and finite.
double DefaultDelta(const CsrGraph& g, PathObjective objective);

// 1 per vertex reachable from `source` along g's rows (the source included): out-edges, or
// in-edges when g is GraphLayout::in_edges (reachability.cpp). Parallel over `threads`.
std::vector<uint8_t> Reachable(const CsrGraph& g, VertexId source, int32_t threads = 1);

}  // namespace irreg::graph
