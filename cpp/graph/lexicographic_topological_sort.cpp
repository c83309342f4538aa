// Topological sort that always takes the smallest-ranked ready vertex.
//
// Algorithm: Kahn's algorithm (Kahn, CACM 1962) with a binary min-heap as the ready set, the
// form networkx.lexicographical_topological_sort runs (Manber, "Introduction to Algorithms: A
// Creative Approach", 1989): pop the smallest ready vertex, consume its out-edges in row order,
// push each child whose in-degree reaches zero. NetworkX's heap holds (label, position, label),
// so the caller ranks the vertices by (label, position) once (a sort of the labels) and the
// heap here holds ranks: the same pops, no Python comparison per heap step.
//
// Data encoding: out-edges in CSR with rows in their stored order; parallel edges are one CSR
// edge (NetworkX's per-parallel-edge decrement reaches zero at the same child). `by_rank` lists
// the vertices from the smallest rank up (a permutation of 0..n-1). Result: the vertices in
// pop order, and whether every vertex was ordered (false: a cycle, self-loops included, left
// vertices whose in-degree never reached zero; NetworkX yields the others first, then raises).
#include <functional>
#include <queue>
#include <stdexcept>
#include <string>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

TopologicalOrder LexicographicTopologicalSort(const CsrGraph& g,
                                              const std::vector<VertexId>& by_rank) {
  if (static_cast<int64_t>(by_rank.size()) != g.n)
    throw std::invalid_argument("by_rank has " + std::to_string(by_rank.size()) +
                                " entries; the graph has " + std::to_string(g.n) + " vertices");
  std::vector<int32_t> rank(g.n, -1);
  for (int32_t r = 0; r < g.n; ++r) {
    const VertexId v = by_rank[r];
    if (v < 0 || v >= g.n || rank[v] >= 0)
      throw std::invalid_argument("by_rank is not a permutation of the vertices");
    rank[v] = r;
  }
  std::vector<int32_t> indegree = g.InDegrees();
  std::vector<int32_t> ready;  // ranks
  for (VertexId v = 0; v < g.n; ++v)
    if (indegree[v] == 0) ready.push_back(rank[v]);
  std::priority_queue<int32_t, std::vector<int32_t>, std::greater<>> heap(std::greater<>(),
                                                                          std::move(ready));
  TopologicalOrder r;
  r.order.reserve(g.n);
  while (!heap.empty()) {
    const VertexId u = by_rank[heap.top()];
    heap.pop();
    r.order.push_back(u);
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (--indegree[g.targets[e]] == 0) heap.push(rank[g.targets[e]]);
  }
  r.complete = static_cast<int64_t>(r.order.size()) == g.n;
  return r;
}

}  // namespace irreg::graph
