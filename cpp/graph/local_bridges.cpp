// Local bridges of an undirected graph and their spans, as networkx.local_bridges finds them.
//
// A local bridge is an edge whose ends share no neighbour (Easley and Kleinberg, "Networks,
// Crowds, and Markets", 2010, §3.3; a self-loop at either end is such a shared neighbour, as in
// NetworkX's set(G[u]) & set(G[v])); its span is the length of a shortest path between its ends
// once the edges between them are hidden. The shared-neighbour test searches the shorter row in
// a sorted copy of the longer one (O(min(deg) log max(deg)) per edge); a span is +inf at once
// for a bridge (from the low-link search of biconnected.cpp), else a Dijkstra (or BFS for unit
// weights) from one end to the other. The edges come in NetworkX's G.edges() order.
//
// Data encoding: the undirected CSR (both directions stored, a self-loop once), rows in
// NetworkX's adjacency order.
#include <algorithm>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

namespace {

class SpanSearch {
 public:
  SpanSearch(const CsrGraph& g, bool unit_weights) : g_(g), unit_(unit_weights), dist_(g.n, kInf) {}

  // The shortest u -> v length using no edge between u and v; +inf if there is none.
  double Span(VertexId u, VertexId v) {
    using Entry = std::pair<double, VertexId>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    dist_[u] = 0;
    touched_.assign(1, u);
    heap.emplace(0.0, u);
    double found = kInf;
    while (!heap.empty()) {
      const auto [d, x] = heap.top();
      heap.pop();
      if (d > dist_[x]) continue;
      if (x == v) {
        found = d;
        break;
      }
      for (int64_t e = g_.offsets[x]; e < g_.offsets[x + 1]; ++e) {
        const VertexId y = g_.targets[e];
        if ((x == u || x == v) && (y == u || y == v)) continue;  // the hidden edges
        const double next = d + (unit_ ? 1.0 : g_.weights[e]);
        if (next < dist_[y]) {
          if (dist_[y] == kInf) touched_.push_back(y);
          dist_[y] = next;
          heap.emplace(next, y);
        }
      }
    }
    for (const VertexId x : touched_) dist_[x] = kInf;
    return found;
  }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  const CsrGraph& g_;
  const bool unit_;
  std::vector<double> dist_;
  std::vector<VertexId> touched_;
};

}  // namespace

LocalBridges FindLocalBridges(const CsrGraph& g, bool with_span, bool unit_weights) {
  std::vector<VertexId> sorted(g.targets.begin(), g.targets.begin() + g.num_edges());
  std::vector<uint8_t> looped(g.n, 0);
  for (VertexId u = 0; u < g.n; ++u) {
    std::sort(sorted.begin() + g.offsets[u], sorted.begin() + g.offsets[u + 1]);
    looped[u] =
        std::binary_search(sorted.begin() + g.offsets[u], sorted.begin() + g.offsets[u + 1], u);
  }
  auto shares_neighbour = [&](VertexId u, VertexId v) {
    if (looped[u] || looped[v]) return true;
    const bool u_shorter = g.offsets[u + 1] - g.offsets[u] <= g.offsets[v + 1] - g.offsets[v];
    const VertexId a = u_shorter ? u : v, b = u_shorter ? v : u;
    const auto first = sorted.begin() + g.offsets[b], last = sorted.begin() + g.offsets[b + 1];
    for (int64_t e = g.offsets[a]; e < g.offsets[a + 1]; ++e) {
      const VertexId w = g.targets[e];
      if (w != u && w != v && std::binary_search(first, last, w)) return true;
    }
    return false;
  };
  LocalBridges r;
  for (VertexId u = 0; u < g.n; ++u) {
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const VertexId v = g.targets[e];
      if (v <= u || shares_neighbour(u, v)) continue;  // G.edges() lists u-v from the earlier
      r.tail.push_back(u);
      r.head.push_back(v);
    }
  }
  if (!with_span) return r;
  const Biconnected cut = BiconnectedSearch(g, /*components=*/false);
  std::vector<std::pair<VertexId, VertexId>> bridges;
  for (size_t i = 0; i < cut.bridge_tail.size(); ++i)
    bridges.emplace_back(std::min(cut.bridge_tail[i], cut.bridge_head[i]),
                         std::max(cut.bridge_tail[i], cut.bridge_head[i]));
  std::sort(bridges.begin(), bridges.end());
  SpanSearch search(g, unit_weights);
  r.span.reserve(r.tail.size());
  for (size_t i = 0; i < r.tail.size(); ++i) {
    const bool bridge =
        std::binary_search(bridges.begin(), bridges.end(), std::make_pair(r.tail[i], r.head[i]));
    r.span.push_back(bridge ? std::numeric_limits<double>::infinity()
                            : search.Span(r.tail[i], r.head[i]));
  }
  return r;
}

}  // namespace irreg::graph
