// Weakly connected components by union-find: every edge unites its ends, the larger root always
// hangs under the smaller, so each root is the smallest id of its component (the same labels
// as min-label propagation, in one pass over the edges instead of one per superstep).
#include "graph/algorithms.hpp"

#include <chrono>
#include <numeric>

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
  const auto t0 = std::chrono::steady_clock::now();
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
  r.stats.compute_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace irreg::graph
