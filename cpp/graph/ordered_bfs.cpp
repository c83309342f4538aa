// Breadth-first search in NetworkX's discovery order.
//
// Algorithm: textbook queue BFS (Moore 1959; Cormen et al., "Introduction to Algorithms",
// §22.2), O(n + m), serial by definition: level-synchronous kernels (the engine, direction-
// optimizing BFS) agree on depths but not on which vertex of the previous level discovers a
// vertex first, and NetworkX's bfs_edges, bfs_tree and bfs_layers define their output by this
// serial order, so the backend runs this kernel for them.
//
// Data encoding: out-edges in CSR with rows in their stored order (NetworkX's adjacency order
// when the CSR came from a NetworkX graph), int32 vertex ids. Result: the vertices in discovery
// order (the sources first, once each), the discoverer of each vertex (-1 for sources and
// unreached vertices) and where each level ends in that order.
#include "graph/algorithms.hpp"

namespace irreg::graph {

OrderedLevels OrderedBfs(const CsrGraph& g, const std::vector<VertexId>& sources,
                         int64_t depth_limit) {
  OrderedLevels r;
  r.parent.assign(g.n, -1);
  std::vector<uint8_t> seen(g.n, 0);
  r.order.reserve(sources.size());
  for (VertexId s : sources) {
    if (seen[s]) continue;
    seen[s] = 1;
    r.order.push_back(s);
  }
  size_t begin = 0;
  for (int64_t depth = 0; begin < r.order.size(); ++depth) {
    const size_t end = r.order.size();
    r.level_end.push_back(static_cast<int64_t>(end));
    if (depth_limit >= 0 && depth >= depth_limit) break;
    for (size_t i = begin; i < end; ++i) {
      const VertexId u = r.order[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const VertexId v = g.targets[e];
        if (seen[v]) continue;
        seen[v] = 1;
        r.parent[v] = u;
        r.order.push_back(v);
      }
    }
    begin = end;
  }
  return r;
}

}  // namespace irreg::graph
