// The serial kernels in NetworkX's order, one file each, behind the NetworkX backend's functions
// whose output order NetworkX defines.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "graph/csr_graph.hpp"
#include "graph/ordered_results.hpp"
#include "graph/path_objective.hpp"

namespace irreg::graph {

// Files: ordered_bfs.cpp, ordered_dfs.cpp, ordered_topological_sort.cpp, bellman_ford.cpp,
// strongly_connected.cpp, bidirectional_search.cpp, dag_longest_path.cpp, many_sources.cpp,
// lexicographic_topological_sort.cpp, dijkstra.cpp, biconnected.cpp, astar.cpp,
// transitive_reduction.cpp, edge_traversal.cpp, local_bridges.cpp.

// Dijkstra with a binary heap, values settled in order (also SSSP/SSWP's "dijkstra" variant).
// target >= 0: stop once it settles (NetworkX's source-to-target searches).
SettledValues Dijkstra(const CsrGraph& g, const std::vector<VertexId>& sources,
                       PathObjective objective, std::optional<double> cutoff = std::nullopt,
                       VertexId target = -1, bool equal_predecessors = false);
// depth_limit < 0: no limit.
OrderedLevels OrderedBfs(const CsrGraph& g, const std::vector<VertexId>& sources,
                         int64_t depth_limit);
// Depth-first search from each unvisited root in turn (ordered_dfs.cpp): iterative (explicit
// stack), rows in stored order, every event of networkx.dfs_labeled_edges in its order, labels
// DfsEdgeLabel. depth_limit: a vertex is searched while the stack holds fewer vertices than it
// (NetworkX's depth_now < depth_limit; a root always is); < 0: no limit.
LabeledEdges OrderedDfs(const CsrGraph& g, const std::vector<VertexId>& roots, int64_t depth_limit);
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

// networkx.astar_path (astar.cpp): the path (empty: none) and its length. cutoff 0: none;
// heuristic empty: 0 everywhere; unit_weights: every edge weighs 1. The heuristic may throw
// (a Python error): the search stops and the exception passes through.
FoundPath AStar(const CsrGraph& g, VertexId source, VertexId target, bool unit_weights,
                double cutoff, const std::function<double(VertexId)>& heuristic);
// Per edge u -> v, the other successors of u that v reaches (transitive_reduction.cpp), the bit
// sets of all threads within budget_bytes.
SuccessorReach ReachAmongSuccessors(const CsrGraph& g, int32_t threads, int64_t budget_bytes);
// networkx.edge_dfs (depth_first) or edge_bfs from `sources` in turn (edge_traversal.cpp): the
// edges in their order, label 0 forward, 1 reverse. `in`: G._pred's rows, needed (directed)
// for the orientations reverse and ignore, else unused.
LabeledEdges EdgeSearch(const CsrGraph& out, const CsrGraph* in, bool directed,
                        const std::vector<VertexId>& sources, EdgeOrientation orientation,
                        bool depth_first);
// networkx.local_bridges on an undirected graph (local_bridges.cpp); unit_weights: spans in
// hops.
LocalBridges FindLocalBridges(const CsrGraph& g, bool with_span, bool unit_weights);
// networkx's _biconnected_dfs on an undirected graph (biconnected.cpp): cut vertices and
// bridges always, the components' edges when `components`; root >= 0: only its component.
// The bridges come in G.edges() order over the nodes in `edge_order` (null: the searched
// vertices in id order).
Biconnected BiconnectedSearch(const CsrGraph& g, bool components, VertexId root = -1,
                              const std::vector<VertexId>* edge_order = nullptr);

}  // namespace irreg::graph
