// The five algorithms of seed 000 §6.1 over a Graph, each in the variants of §6.2 (serial,
// naive, opt, opt-search) plus faster methods where one exists: BFS "direction"
// (direction-optimizing, Beamer et al.), SSSP and SSWP "dijkstra" (label-setting with a binary
// heap) and "delta" (delta-stepping, Meyer & Sanders), WCC "afforest" (Sutton et al.) and
// "union-find". Results are identical across variants, ISAs and thread counts (BFS parents:
// the smallest-id vertex of the previous level).
//
// The Run* functions are the run wrappers: they check arguments, pick the kernel and time it
// (RunStats::compute_seconds for the fast kernels; the engine keeps its own per-phase
// accounting). The kernels themselves (direction_bfs.cpp, dijkstra.cpp, ...) never time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/kernel_table.hpp"
#include "graph/engine.hpp"
#include "graph/graph.hpp"

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
  bool contradiction = false;   // Dijkstra met a negative weight that improves a settled vertex
  bool negative_cycle = false;  // Bellman-Ford found a negative cycle reachable from a source
  RunStats stats;               // Dijkstra: supersteps = settled vertices, their out-edges
};
// What a label-setting search optimizes: the smallest sum of weights (SSSP) or the largest
// smallest weight along the path (SSWP, widest path).
enum class PathObjective { kShortest, kWidest };
// Vertices level by level as a FIFO queue discovers them, rows scanned in their stored order:
// exactly NetworkX's generic_bfs_edges / bfs_layers order when the CSR came from its adjacency.
struct OrderedLevels {
  std::vector<VertexId> order;     // sources (once each, in the given order), then discoveries
  std::vector<VertexId> parent;    // the discoverer; -1 for sources and unreached vertices
  std::vector<int64_t> level_end;  // level k is order[level_end[k-1] (0 for k = 0), level_end[k])
};
// bfs_labeled_edges: the edges in the order the queue walk scans them, each with its label.
enum class EdgeLabel : int8_t { kTree = 0, kLevel = 1, kForward = 2, kReverse = 3 };
struct LabeledEdges {
  std::vector<VertexId> tail, head;
  std::vector<int8_t> label;  // EdgeLabel
};
// A topological order as far as Kahn's algorithm got (lexicographical_topological_sort).
struct TopologicalOrder {
  std::vector<VertexId> order;
  bool complete = true;  // false: a cycle left vertices whose in-degree never reached zero
};
// Kahn's algorithm by generations in NetworkX's order (topological_generations).
struct OrderedGenerations {
  std::vector<VertexId> order;
  std::vector<int64_t> generation_end;
  bool complete = true;  // false: a cycle left vertices whose in-degree never reached zero
};

// Every variant name, for error messages and the CLI; the default is the fastest method.
std::vector<std::string> VariantsOf(const std::string& algorithm);
std::string DefaultVariantOf(const std::string& algorithm);
// The variants of `algorithm` with a parallel path; the others ignore `threads`.
std::vector<std::string> ParallelVariantsOf(const std::string& algorithm);

// `variant` "" means the default; `isa` "" the default ISA; `threads` the OpenMP threads (1: the
// serial path; results do not depend on it). Unknown names, out-of-range sources and thread
// counts throw std::invalid_argument; a negative SSSP weight too.
BfsResult RunBfs(const Graph& g, VertexId source, const std::string& variant,
                 const std::string& isa, int32_t threads = 1);
LabelResult RunWcc(const Graph& g, const std::string& variant, const std::string& isa,
                   int32_t threads = 1);
LabelResult RunTopologicalGenerations(const Graph& g, const std::string& variant,
                                      const std::string& isa, int32_t threads = 1);
// The engine variants of SSSP and SSWP. Their "dijkstra" variant is RunDijkstra, the one route to
// the Dijkstra kernel (it also serves the NetworkX backend): asked for it, these throw
// std::invalid_argument saying so.
ValueResult RunSssp(const Graph& g, VertexId source, const std::string& variant,
                    const std::string& isa, int32_t threads = 1);
ValueResult RunSswp(const Graph& g, VertexId source, const std::string& variant,
                    const std::string& isa, int32_t threads = 1);
// Dijkstra from `sources` (each checked), timed. cutoff: values worse than it are not kept
// (nullopt: none). refuse_negative (SSSP's contract): a negative weight throws
// std::invalid_argument naming the edge, as RunSssp does; otherwise a negative weight that
// improves a settled vertex ends the search with `contradiction` set (NetworkX's behaviour).
SettledValues RunDijkstra(const Graph& g, const std::vector<VertexId>& sources,
                          PathObjective objective, std::optional<double> cutoff,
                          bool refuse_negative);

// The fast kernels (direction_bfs.cpp, union_find_wcc.cpp, afforest_wcc.cpp, dijkstra.cpp,
// delta_stepping.cpp, kahn_generations.cpp). `threads` > 1 runs the OpenMP form; 1 the serial code, no parallel
// region. alpha and beta are the direction switches of Beamer et al. (GAPBS's defaults):
// bottom-up once the frontier's out-edges exceed unexplored/alpha, top-down again once the
// frontier stops growing and holds fewer than n/beta vertices.
BfsResult DirectionOptimizingBfs(const GraphLayout& g, VertexId source, int32_t threads = 1,
                                 int64_t alpha = 15, int64_t beta = 18);
LabelResult UnionFindWcc(const CsrGraph& csr);
// in_edges: the in-edges of a directed graph (GraphLayout::in_edges), or null when `csr` holds
// both directions of every edge (undirected) or none are at hand. With either, the last pass
// skips the big component's vertices. neighbour_rounds: GAPBS's sampling rounds.
LabelResult AfforestWcc(const CsrGraph& csr, const CsrGraph* in_edges, bool symmetric,
                        int32_t threads = 1,
                        int32_t neighbour_rounds = 2);
// Kahn's algorithm one generation at a time, the frontier in parallel: label = generation
// (-1 on or behind a cycle), the same as TopoProgram's.
LabelResult KahnGenerations(const CsrGraph& csr, int32_t threads = 1);
// Delta-stepping (Meyer & Sanders) with GAPBS's bucket fusion: the same values as Dijkstra
// (min over in-edges of fl(value[u] + w), resp. min(width[u], w)), bit for bit. delta: the
// bucket width; <= 0 picks DefaultDelta. SSSP needs non-negative weights (checked by RunSssp).
ValueResult DeltaStepping(const CsrGraph& g, VertexId source, PathObjective objective,
                          int32_t threads = 1, double delta = 0);
// SSSP: the mean finite edge weight over the mean out-degree (Meyer and Sanders: delta of
// order 1 / degree); SSWP: the range of finite
// weights over kWidthBuckets buckets; 1 where those are not positive and finite.
double DefaultDelta(const CsrGraph& g, PathObjective objective);
SettledValues Dijkstra(const CsrGraph& g, const std::vector<VertexId>& sources,
                       PathObjective objective, std::optional<double> cutoff = std::nullopt);

// The kernels behind the NetworkX backend's ordered outputs (ordered_bfs.cpp,
// ordered_topological_sort.cpp, bellman_ford.cpp; Dijkstra above). depth_limit < 0: no limit.
OrderedLevels OrderedBfs(const CsrGraph& g, const std::vector<VertexId>& sources,
                         int64_t depth_limit);
OrderedGenerations OrderedTopologicalGenerations(const CsrGraph& g);
// Edges of the queue walk from `sources` with NetworkX's labels (ordered_bfs.cpp).
LabeledEdges OrderedLabeledEdges(const CsrGraph& g, const std::vector<VertexId>& sources,
                                 bool directed);
// Kahn's algorithm popping the smallest rank first; by_rank: the vertices from rank 0 up
// (lexicographic_topological_sort.cpp). Throws std::invalid_argument unless a permutation.
TopologicalOrder LexicographicTopologicalSort(const CsrGraph& g,
                                              const std::vector<VertexId>& by_rank);
// 1 per vertex reachable from `source` along g's rows (the source included): out-edges, or
// in-edges when g is GraphLayout::in_edges (reachability.cpp). Parallel over `threads`.
std::vector<uint8_t> Reachable(const CsrGraph& g, VertexId source, int32_t threads = 1);
// Reachability from `source` over out-edges, or in-edges when `reverse` (built once, kept in
// the layout), on a team worth the graph's size. Checks source and threads (invalid_argument).
std::vector<uint8_t> RunReachable(const Graph& g, VertexId source, bool reverse,
                                  int32_t threads);
SettledValues BellmanFord(const CsrGraph& g, const std::vector<VertexId>& sources);

}  // namespace irreg::graph
