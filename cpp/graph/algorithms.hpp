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
// Vertices level by level as a FIFO queue discovers them, rows scanned in their stored order:
// exactly NetworkX's generic_bfs_edges / bfs_layers order when the CSR came from its adjacency.
struct OrderedLevels {
  std::vector<VertexId> order;     // sources (once each, in the given order), then discoveries
  std::vector<VertexId> parent;    // the discoverer; -1 for sources and unreached vertices
  std::vector<int64_t> level_end;  // level k is order[level_end[k-1] (0 for k = 0), level_end[k])
};
// A source-to-target path (bidirectional searches).
struct FoundPath {
  std::vector<VertexId> path;  // source ... target; empty: target not reachable
  double length = 0;
  bool contradiction = false;  // Dijkstra: a negative weight improved a settled vertex
};
// dag_longest_path: the path, its length, and whether the graph had a topological order.
struct LongestPath {
  std::vector<VertexId> path;
  double length = 0;
  bool acyclic = true;
};
// One chunk of an all-pairs computation: per source, its reached vertices in NetworkX's order,
// their lengths and (when asked) the vertex each was reached from.
struct ManySourceLengths {
  std::vector<int64_t> offsets;  // source i: entries [offsets[i], offsets[i + 1])
  std::vector<VertexId> order;
  std::vector<double> value;
  std::vector<VertexId> parent;  // -1 for the source; empty unless asked for
  int64_t failed_at = -1;        // the first source whose search failed (negative cycle or
                                 // contradiction); the sources before it are complete
};
// bfs_labeled_edges: the edges in the order the queue walk scans them, each with its label.
enum class EdgeLabel : int8_t { kTree = 0, kLevel = 1, kForward = 2, kReverse = 3 };
struct LabeledEdges {
  std::vector<VertexId> tail, head;
  std::vector<int8_t> label;  // EdgeLabel, or DfsEdgeLabel for OrderedDfs
};
// dfs_labeled_edges's labels: "forward", "nontree", "reverse", "reverse-depth_limit".
enum class DfsEdgeLabel : int8_t {
  kForward = 0,
  kNontree = 1,
  kReverse = 2,
  kReverseDepthLimit = 3,
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
// Strongly connected components in the order NetworkX's strongly_connected_components yields
// them (Tarjan with Nuutila's finish-time stack, rows scanned in their stored order).
struct OrderedComponents {
  std::vector<VertexId> order;  // component by component: its root, then as NetworkX adds them
  std::vector<int64_t> component_end;  // k is order[component_end[k-1] (0 for k = 0), ...[k])
  std::vector<int32_t> component;      // per vertex: k, its component's place in that order
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
                          bool refuse_negative, VertexId target = -1,
                          bool equal_predecessors = false);

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
// target >= 0: stop once it settles (NetworkX's source-to-target searches).
SettledValues Dijkstra(const CsrGraph& g, const std::vector<VertexId>& sources,
                       PathObjective objective, std::optional<double> cutoff = std::nullopt,
                       VertexId target = -1, bool equal_predecessors = false);

// The kernels behind the NetworkX backend's ordered outputs (ordered_bfs.cpp,
// ordered_dfs.cpp, ordered_topological_sort.cpp, bellman_ford.cpp, strongly_connected.cpp;
// Dijkstra above).
// depth_limit < 0: no limit.
OrderedLevels OrderedBfs(const CsrGraph& g, const std::vector<VertexId>& sources,
                         int64_t depth_limit);
// Depth-first search from each unvisited root in turn (ordered_dfs.cpp): iterative (explicit
// stack), rows in stored order, every event of networkx.dfs_labeled_edges in its order, labels
// DfsEdgeLabel. depth_limit: a vertex is searched while the stack holds fewer vertices than it
// (NetworkX's depth_now < depth_limit; a root always is); < 0: no limit.
LabeledEdges OrderedDfs(const CsrGraph& g, const std::vector<VertexId>& roots,
                        int64_t depth_limit);
// (Weakly) connected components in NetworkX's order and set order (ordered_bfs.cpp); `in`: the
// in-edges in G._pred's order for weakly connected components, null for an undirected graph.
OrderedComponents OrderedBfsComponents(const CsrGraph& out, const CsrGraph* in);
// whole_graph_exit: NetworkX 3.7's order inside the last component (strongly_connected.cpp).
OrderedComponents OrderedStronglyConnectedComponents(const CsrGraph& g, bool whole_graph_exit);
// Kosaraju's second pass over `post`, a DFS postorder of the reversed graph (NetworkX's
// kosaraju_strongly_connected_components order; `preorder`: NetworkX 3.4/3.5's order inside a
// component); `component` is left empty.
OrderedComponents KosarajuComponents(const CsrGraph& g, const std::vector<VertexId>& post,
                                     bool preorder);
OrderedGenerations OrderedTopologicalGenerations(const CsrGraph& g);
// NetworkX's bidirectional_shortest_path and bidirectional_dijkstra (bidirectional_search.cpp):
// `in` holds the in-edges in G._pred's order (for an undirected graph, `out` again).
// unit_weights: every edge weighs 1 (NetworkX's weight=None on a graph converted with weights).
FoundPath BidirectionalBfs(const CsrGraph& out, const CsrGraph& in, VertexId source,
                           VertexId target);
FoundPath BidirectionalDijkstra(const CsrGraph& out, const CsrGraph& in, VertexId source,
                                VertexId target, bool unit_weights = false);
// NetworkX's dag_longest_path (dag_longest_path.cpp): `in` holds the in-edges in G._pred's
// order; every_edge, when given, is every edge's weight.
LongestPath DagLongestPath(const CsrGraph& out, const CsrGraph& in,
                           std::optional<double> every_edge);
// Chunks of all-pairs lengths (many_sources.cpp): the ordered kernels once per source.
ManySourceLengths ManySourceBfs(const CsrGraph& g, const std::vector<VertexId>& sources,
                                int64_t depth_limit, bool parents);
ManySourceLengths ManySourceDijkstra(const CsrGraph& g, const std::vector<VertexId>& sources,
                                     std::optional<double> cutoff, bool parents);
ManySourceLengths ManySourceBellmanFord(const CsrGraph& g, const std::vector<VertexId>& sources);
// heuristic: NetworkX's default early negative-cycle check (find_negative_cycle needs it; the
// distances and predecessors of a graph without one do not depend on it).
BellmanFordResult BellmanFord(const CsrGraph& g, const std::vector<VertexId>& sources,
                              bool heuristic = true);
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

}  // namespace irreg::graph
