// Weakly connected components by union-find.
//
// Algorithm: disjoint-set forest with path halving (Galler & Fischer, "An improved equivalence
// algorithm", CACM 1964; Tarjan & van Leeuwen, JACM 1984, for halving). Every edge unites its
// ends and the larger root always hangs under the smaller, so each root is the smallest id of
// its component: the same labels as min-label propagation, in one pass over the edges instead
// of one per superstep. Serial; GAPBS's parallel method for the same labels is Afforest
// (Sutton, Ben-Nun, Barak, IPDPS'18, src/cc.cc).
//
// Data encoding: out-edges in CSR, int32 vertex ids; edge direction is ignored (each edge
// unites both ends), so the directed CSR serves and no undirected copy is built. Result: per
// vertex the smallest vertex id of its component.
#include <numeric>

#include "graph/fast_kernels.hpp"

namespace irreg::graph {
namespace {

// Path halving: every visited vertex skips to its grandparent.
inline VertexId Find(std::vector<VertexId>& parent, VertexId v) {
  while (parent[v] != v) {
    parent[v] = parent[parent[v]];
    v = parent[v];
  }
  return v;
}

}  // namespace

LabelResult UnionFindWcc(const CsrGraph& csr) {
  std::vector<VertexId> parent(csr.n);
  std::iota(parent.begin(), parent.end(), 0);
  for (VertexId u = 0; u < csr.n; ++u)
    for (int64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
      VertexId a = Find(parent, u), b = Find(parent, csr.targets[e]);
      if (a == b) continue;
      if (a < b) std::swap(a, b);
      parent[a] = b;
    }
  for (VertexId v = 0; v < csr.n; ++v) parent[v] = Find(parent, v);
  LabelResult r{std::move(parent), {}};
  r.stats.supersteps = 1;
  r.stats.active_edges = csr.num_edges();
  return r;
}

}  // namespace irreg::graph
