// Topological sort by generations in NetworkX's order.
//
// Algorithm: Kahn's algorithm (Kahn, "Topological sorting of large networks", CACM 1962) one
// generation at a time, as networkx.topological_generations runs it: the first generation is
// the vertices without in-edges in vertex order; a vertex joins the next generation when its
// last in-edge is consumed, parents taken in generation order and children in row order.
//
// Data encoding: out-edges in CSR with rows in their stored order, int32 vertex ids; parallel
// edges are already one CSR edge, which is what NetworkX's multigraph decrement amounts to.
// Result: the vertices generation by generation, where each generation ends, and whether every
// vertex was ordered (false: a cycle left vertices whose in-degree never reached zero).
#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

OrderedGenerations OrderedTopologicalGenerations(const CsrGraph& g) {
  OrderedGenerations r;
  std::vector<int32_t> indegree = g.InDegrees();
  r.order.reserve(g.n);
  for (VertexId v = 0; v < g.n; ++v)
    if (indegree[v] == 0) r.order.push_back(v);
  size_t begin = 0;
  while (begin < r.order.size()) {
    const size_t end = r.order.size();
    r.generation_end.push_back(static_cast<int64_t>(end));
    for (size_t i = begin; i < end; ++i) {
      const VertexId u = r.order[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        if (--indegree[g.targets[e]] == 0) r.order.push_back(g.targets[e]);
    }
    begin = end;
  }
  r.complete = static_cast<int64_t>(r.order.size()) == g.n;
  return r;
}

}  // namespace irreg::graph
