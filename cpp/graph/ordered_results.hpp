// What the kernels in NetworkX's order return (ordered_kernels.hpp): values in settle order,
// levels, labelled edges, components and paths as NetworkX yields them.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "graph/run_stats.hpp"

namespace irreg::graph {

// Values settled in order (Dijkstra, Bellman-Ford): the NetworkX backend's dicts keep this order.
struct SettledValues {
  std::vector<double> value;     // not reached (or beyond the cutoff): +inf; widest paths: -inf
  std::vector<VertexId> order;   // vertices in the order their values became final
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
// edge_bfs and edge_dfs: which edges a vertex leads on by (None: its out-edges, unlabelled).
enum class EdgeOrientation : int8_t { kNone = 0, kOriginal = 1, kReverse = 2, kIgnore = 3 };
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

// NetworkX's biconnected DFS (biconnected.cpp): what its three families of answers need.
struct Biconnected {
  // The edges of each biconnected component, (tail, head) in the order NetworkX lists them,
  // component by component (k is [component_end[k-1] (0 for k = 0), component_end[k]));
  // empty unless the components were asked for.
  std::vector<VertexId> edge_tail, edge_head;
  std::vector<int64_t> component_end;
  // Each component's nodes in the order its edges list them, each once (component k is
  // [node_end[k-1], node_end[k])): NetworkX's set built from them iterates in its order.
  std::vector<VertexId> node_order;
  std::vector<int64_t> node_end;
  std::vector<VertexId> articulation;  // each cut vertex once, in NetworkX's yield order
  // The edges whose removal disconnects their component, in G.edges() order (tail first).
  std::vector<VertexId> bridge_tail, bridge_head;
};

// networkx.local_bridges: the edges in G.edges() order (tail before head in node order) and,
// when asked, each one's span (+inf where nothing else joins its ends).
struct LocalBridges {
  std::vector<VertexId> tail, head;
  std::vector<double> span;
};
// For each edge u -> v (by CSR slot), the other successors of u that v reaches
// (transitive_reduction.cpp): edge e's are reached[offsets[e], offsets[e + 1]).
struct SuccessorReach {
  std::vector<int64_t> offsets;
  std::vector<VertexId> reached;
  bool acyclic = true;  // false: a cycle, and nothing else is filled
};

}  // namespace irreg::graph
