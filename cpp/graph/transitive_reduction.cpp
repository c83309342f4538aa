// Which successors of a vertex reach its other successors: what networkx.transitive_reduction
// removes, edge by edge.
//
// Algorithm: reachability as bit sets over a reverse topological order (each vertex's set is
// the union of its successors' sets and the successors themselves), in chunks of target
// columns so the sets fit in memory; for every vertex u and successors v, w of u, w is recorded
// against the edge u -> v when v reaches w. NetworkX's transitive_reduction removes from u's
// successors the descendants of each successor still kept, in its adjacency order; given these
// lists the NetworkX backend replays exactly those removals on the same set, so the set of kept
// successors iterates in NetworkX's order. O(m n / 64) word operations plus the sum of squared
// out-degrees; chunks of columns run on threads, each with its own sets.
//
// Data encoding: out-edges in CSR (rows in NetworkX's adjacency order, a multigraph's parallel
// edges collapsed), bit sets of 64-bit words, one row of words per vertex per chunk.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

namespace {

// Vertices in reverse topological order (Kahn's algorithm), or empty if there is a cycle.
std::vector<VertexId> ReverseTopological(const CsrGraph& g) {
  std::vector<int32_t> in_degree(g.n, 0);
  for (int64_t e = 0; e < g.num_edges(); ++e) ++in_degree[g.targets[e]];
  std::vector<VertexId> order;
  order.reserve(g.n);
  for (VertexId v = 0; v < g.n; ++v)
    if (in_degree[v] == 0) order.push_back(v);
  for (size_t i = 0; i < order.size(); ++i) {
    const VertexId u = order[i];
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (--in_degree[g.targets[e]] == 0) order.push_back(g.targets[e]);
  }
  if (static_cast<int32_t>(order.size()) != g.n) return {};
  std::reverse(order.begin(), order.end());
  return order;
}

struct Pair {
  int64_t edge;  // u -> v, by its CSR slot
  VertexId w;    // another successor of u that v reaches
};

// The pairs whose w lies in columns [first, first + 64 * words).
void ChunkPairs(const CsrGraph& g, const std::vector<VertexId>& reverse_topological, VertexId first,
                int64_t words, std::vector<uint64_t>& reach, std::vector<Pair>& out) {
  std::fill(reach.begin(), reach.end(), 0);
  const VertexId end = static_cast<VertexId>(std::min<int64_t>(g.n, first + 64 * words));
  auto in_chunk = [&](VertexId w) { return w >= first && w < end; };
  for (const VertexId u : reverse_topological) {
    const int64_t row_begin = g.offsets[u], row_end = g.offsets[u + 1];
    uint64_t* mine = reach.data() + static_cast<int64_t>(u) * words;
    for (int64_t e = row_begin; e < row_end; ++e) {
      const VertexId v = g.targets[e];
      const uint64_t* theirs = reach.data() + static_cast<int64_t>(v) * words;
      for (int64_t f = row_begin; f < row_end; ++f) {
        const VertexId w = g.targets[f];
        if (f == e || !in_chunk(w)) continue;
        const int64_t bit = w - first;
        if ((theirs[bit >> 6] >> (bit & 63)) & 1u) out.push_back({e, w});
      }
      for (int64_t k = 0; k < words; ++k) mine[k] |= theirs[k];
      if (in_chunk(v)) mine[(v - first) >> 6] |= uint64_t{1} << ((v - first) & 63);
    }
  }
}

}  // namespace

SuccessorReach ReachAmongSuccessors(const CsrGraph& g, int32_t threads, int64_t budget_bytes) {
  SuccessorReach r;
  const std::vector<VertexId> order = ReverseTopological(g);
  if (order.empty() && g.n > 0) {
    r.acyclic = false;
    return r;
  }
  const int64_t all_words = (static_cast<int64_t>(g.n) + 63) / 64;
  // Words per chunk: the sets of all threads within the budget, and at least one chunk a thread.
  const int64_t fit = std::max<int64_t>(1, budget_bytes / 8 / std::max(1, g.n) / threads);
  const int64_t words = std::max<int64_t>(1, std::min(fit, (all_words + threads - 1) / threads));
  const int64_t chunks = (all_words + words - 1) / words;
  std::vector<std::vector<Pair>> found(chunks);
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    std::vector<uint64_t> reach(static_cast<size_t>(g.n) * words);
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c)
      ChunkPairs(g, order, static_cast<VertexId>(c * words * 64), words, reach, found[c]);
  }
  // Grouped by edge, chunk by chunk within an edge (the order of one edge's removals does not
  // change the set they are removed from).
  r.offsets.assign(g.num_edges() + 1, 0);
  for (const auto& part : found)
    for (const Pair& p : part) ++r.offsets[p.edge + 1];
  for (int64_t e = 0; e < g.num_edges(); ++e) r.offsets[e + 1] += r.offsets[e];
  r.reached.resize(r.offsets.back());
  std::vector<int64_t> next(r.offsets.begin(), r.offsets.end() - 1);
  for (const auto& part : found)
    for (const Pair& p : part) r.reached[next[p.edge]++] = p.w;
  return r;
}

}  // namespace irreg::graph
