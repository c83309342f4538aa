// Weakly connected components by Afforest.
//
// Algorithm: Afforest (Sutton, Ben-Nun, Barak, "Optimizing Parallel Graph Connectivity
// Computation via Subgraph Sampling", IPDPS'18; GAPBS src/cc.cc), a Shiloach-Vishkin style
// forest of parent pointers hooked with compare-and-swap. A few sampling rounds link every
// vertex to its r-th out-neighbour only and compress the trees; a small random sample of
// vertices then names the most frequent tree, which on real graphs holds most vertices; the
// final pass links the remaining edges of every vertex outside that tree and skips the rest.
// Hooks always hang the larger root under the smaller, so every parent id is at most its
// child's and a compressed tree points at its smallest vertex: the labels are the smallest id
// of each component, exactly union-find's.
//
// Data encoding: out-edges in CSR, int32 vertex ids, one int32 parent per vertex. Edge
// direction is ignored: linking u with v for every edge u -> v unites weak components. The
// skip of the big tree needs both directions of every edge (an edge from inside the tree to a
// vertex outside is then also seen from outside): an undirected graph's CSR has them. A
// directed graph's has one; with its in-edges at hand (GAPBS builds them at load; here when an
// earlier bottom-up BFS did) the vertices outside the tree also link their in-edges and the
// tree is skipped. Without them the tree's own vertices still scan their out-edges and link
// only those that leave the tree (one read per edge, no hook).
//
// Parallel: OpenMP loops over vertices (dynamic chunks of 16384, GAPBS's); hooks are
// compare-and-swap on int32 (GCC __atomic builtins: the project is C++17, without
// std::atomic_ref). One thread runs the same loops with no parallel region.
#include <algorithm>
#include <random>
#include <unordered_map>

#include "graph/fast_kernels.hpp"

namespace irreg::graph {
namespace {

constexpr int kChunk = 16384;

inline VertexId Load(const VertexId* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }

// Unites the trees of u and v: the larger of the two roots met is hooked under the smaller
// with a compare-and-swap; a lost race retries from the grandparent (GAPBS's Link).
inline void Link(VertexId u, VertexId v, VertexId* comp) {
  VertexId p1 = Load(&comp[u]);
  VertexId p2 = Load(&comp[v]);
  while (p1 != p2) {
    const VertexId high = p1 > p2 ? p1 : p2;
    const VertexId low = p1 + (p2 - high);
    VertexId expected = high;
    const VertexId p_high = Load(&comp[high]);
    if (p_high == low ||
        (p_high == high && __atomic_compare_exchange_n(&comp[high], &expected, low, false,
                                                       __ATOMIC_RELAXED, __ATOMIC_RELAXED)))
      break;
    p1 = Load(&comp[Load(&comp[high])]);
    p2 = Load(&comp[low]);
  }
}

// Points every vertex at its root (pointer jumping).
void Compress(int32_t n, VertexId* comp, int32_t threads) {
#pragma omp parallel for num_threads(threads) schedule(dynamic, kChunk) if (threads > 1)
  for (VertexId v = 0; v < n; ++v) {
    VertexId p = Load(&comp[v]);
    while (p != Load(&comp[p])) {
      p = Load(&comp[p]);
      __atomic_store_n(&comp[v], p, __ATOMIC_RELAXED);
    }
  }
}

// Links every vertex with its r-th out-neighbour, if it has one.
void LinkNeighbour(const CsrGraph& g, int32_t r, VertexId* comp, int32_t threads, int64_t& linked) {
  int64_t count = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, kChunk) \
    reduction(+ : count) if (threads > 1)
  for (VertexId u = 0; u < g.n; ++u)
    if (g.offsets[u] + r < g.offsets[u + 1]) {
      Link(u, g.targets[g.offsets[u] + r], comp);
      ++count;
    }
  linked += count;
}

// The root most often met among `samples` random vertices (after Compress): the big tree.
VertexId SampleFrequentRoot(int32_t n, const VertexId* comp, int32_t samples = 1024) {
  std::unordered_map<VertexId, int32_t> counts(32);
  std::mt19937 gen;  // fixed seed: the same choice every run
  std::uniform_int_distribution<VertexId> pick(0, n - 1);
  for (int32_t i = 0; i < samples; ++i) ++counts[comp[pick(gen)]];
  VertexId best = comp[0];
  int32_t best_count = 0;
  for (const auto& [root, c] : counts)
    if (c > best_count || (c == best_count && root < best)) best = root, best_count = c;
  return best;
}

// Links the out-edges past the first `skip` of every vertex outside the tree `big`, and its
// in-edges when given. With `symmetric` rows or in-edges the tree's vertices are skipped;
// otherwise they link the edges leaving it.
void LinkRemaining(const CsrGraph& g, const CsrGraph* in, bool symmetric, int32_t skip,
                   VertexId big, VertexId* comp, int32_t threads, int64_t& linked) {
  const bool skip_tree = symmetric || in != nullptr;
  int64_t count = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, kChunk) \
    reduction(+ : count) if (threads > 1)
  for (VertexId u = 0; u < g.n; ++u) {
    const bool inside = Load(&comp[u]) == big;
    if (inside && skip_tree) continue;
    count += std::max<int64_t>(g.degree(u) - skip, 0);
    for (int64_t e = g.offsets[u] + skip; e < g.offsets[u + 1]; ++e) {
      const VertexId v = g.targets[e];
      if (!inside || Load(&comp[v]) != big) Link(u, v, comp);
    }
    if (in == nullptr) continue;
    count += in->degree(u);
    for (int64_t e = in->offsets[u]; e < in->offsets[u + 1]; ++e) Link(u, in->targets[e], comp);
  }
  linked += count;
}

}  // namespace

LabelResult AfforestWcc(const CsrGraph& g, const CsrGraph* in_edges, bool symmetric,
                        int32_t threads, int32_t neighbour_rounds) {
  LabelResult r{std::vector<VertexId>(g.n), {}};
  VertexId* comp = r.label.data();
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
  for (VertexId v = 0; v < g.n; ++v) comp[v] = v;
  if (g.n == 0) return r;
  for (int32_t round = 0; round < neighbour_rounds; ++round) {
    LinkNeighbour(g, round, comp, threads, r.stats.active_edges);
    Compress(g.n, comp, threads);
    ++r.stats.supersteps;
  }
  const VertexId big = SampleFrequentRoot(g.n, comp);
  LinkRemaining(g, in_edges, symmetric, neighbour_rounds, big, comp, threads, r.stats.active_edges);
  Compress(g.n, comp, threads);
  ++r.stats.supersteps;
  return r;
}

}  // namespace irreg::graph
