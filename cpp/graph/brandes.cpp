// Brandes' betweenness from a chunk of sources (graph/brandes.hpp): NetworkX's searches
// (_single_source_shortest_path_basic, _single_source_dijkstra_path_basic) and accumulation
// (_accumulate_basic, _accumulate_endpoints), with predecessor lists read off the reversed
// edges instead of stored.
#include "graph/brandes.hpp"

#include <functional>
#include <limits>
#include <queue>
#include <tuple>

namespace irreg {
namespace graph {
namespace {

constexpr double kUnseen = std::numeric_limits<double>::infinity();

// One source's search state, reused across the chunk's sources and reset along `order` only
// (every vertex a search reaches, it settles).
struct Search {
  std::vector<double> sigma, delta, dist;  // dist: hops or length; kUnseen: not settled
  std::vector<double> tentative;           // Dijkstra's `seen`: kUnseen until first reached
  std::vector<int64_t> rank;               // position in `order`
  std::vector<VertexId> order;             // NetworkX's S: vertices in the order settled
  std::vector<VertexId> queue;
  explicit Search(int32_t n)
      : sigma(n, 0.0), delta(n, 0.0), dist(n, kUnseen), tentative(n, kUnseen), rank(n, 0) {
    order.reserve(n);
    queue.resize(n);
  }

  void Reset() {
    for (VertexId v : order) sigma[v] = delta[v] = 0.0, dist[v] = tentative[v] = kUnseen;
    order.clear();
  }

  // NetworkX's BFS: counts paths along every edge into the next level.
  int64_t Bfs(const CsrGraph& g, VertexId s) {
    int64_t edges = 0;
    size_t head = 0, tail = 0;
    sigma[s] = 1.0;
    dist[s] = tentative[s] = 0;
    queue[tail++] = s;
    while (head < tail) {
      const VertexId v = queue[head++];
      rank[v] = static_cast<int64_t>(order.size());
      order.push_back(v);
      const double next = dist[v] + 1;
      edges += g.degree(v);
      for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const VertexId w = g.targets[e];
        if (dist[w] == kUnseen) {
          queue[tail++] = w;
          dist[w] = tentative[w] = next;
        }
        if (dist[w] == next) sigma[w] += sigma[v];
      }
    }
    return edges;
  }

  // NetworkX's Dijkstra: a heap of (length, insertion count, predecessor, vertex); a vertex's
  // paths are counted when it is settled (from the entry's predecessor) and on every equal
  // length found afterwards, settled or not.
  int64_t Dijkstra(const CsrGraph& g, VertexId s) {
    using Entry = std::tuple<double, int64_t, VertexId, VertexId>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    int64_t pushes = 0, edges = 0;
    sigma[s] = 1.0;
    tentative[s] = 0.0;
    heap.emplace(0.0, pushes++, s, s);
    while (!heap.empty()) {
      const auto [d, count, pred, v] = heap.top();
      heap.pop();
      if (dist[v] != kUnseen) continue;
      sigma[v] += sigma[pred];
      rank[v] = static_cast<int64_t>(order.size());
      order.push_back(v);
      dist[v] = d;
      edges += g.degree(v);
      for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const VertexId w = g.targets[e];
        const double length = d + g.weights[e];
        if (dist[w] == kUnseen && (tentative[w] == kUnseen || length < tentative[w])) {
          tentative[w] = length;
          heap.emplace(length, pushes++, v, w);
          sigma[w] = 0.0;
        } else if (length == tentative[w]) {
          sigma[w] += sigma[v];
        }
      }
    }
    return edges;
  }

  // Whether in-edge e (v -> w) lies on a shortest path to w: v settled and as far as w less
  // the edge, computed as the search computed it.
  bool OnPath(const CsrGraph& in, int64_t e, VertexId w, bool weighted) const {
    const VertexId v = in.targets[e];
    if (dist[v] == kUnseen) return false;
    return (weighted ? dist[v] + in.weights[e] : dist[v] + 1) == dist[w];
  }

  // Dependencies from the last settled vertex back, each predecessor (an in-edge on a shortest
  // path) taking its share: NetworkX's accumulations, chosen by `o`.
  void Accumulate(const CsrGraph& in, VertexId s, const BrandesOptions& o, double* score,
                  double* edge_score) {
    if (o.endpoints) score[s] += static_cast<double>(order.size()) - 1;
    for (size_t i = order.size(); i-- > 0;) {
      const VertexId w = order[i];
      const bool target = o.targets != nullptr && o.targets[w];
      if (o.edges && o.targets != nullptr) {  // _accumulate_edges_subset
        // Shares read delta[w], which a zero-length self-loop changes: NetworkX meets it in
        // P[w] where w was settled, after the predecessors settled before w.
        int64_t predecessors = 0;
        for (int64_t e = in.offsets[w]; e < in.offsets[w + 1]; ++e)
          predecessors += OnPath(in, e, w, o.weighted);
        for (int pass = 0; pass < 3; ++pass)
          for (int64_t e = in.offsets[w]; e < in.offsets[w + 1]; ++e) {
            const VertexId v = in.targets[e];
            const int this_pass = v == w ? 1 : rank[v] < rank[w] ? 0 : 2;
            if (this_pass != pass || !OnPath(in, e, w, o.weighted)) continue;
            const double c = target ? (sigma[v] / sigma[w]) * (1.0 + delta[w])
                                    : delta[w] / static_cast<double>(predecessors);
            edge_score[e] += c;
            delta[v] += c;
          }
        continue;
      }
      double coeff = (1 + delta[w]) / sigma[w];
      if (o.targets != nullptr && !(target && w != s)) coeff = delta[w] / sigma[w];
      for (int64_t e = in.offsets[w]; e < in.offsets[w + 1]; ++e) {
        if (!OnPath(in, e, w, o.weighted)) continue;
        const VertexId v = in.targets[e];
        const double c = sigma[v] * coeff;
        if (o.edges) edge_score[e] += c;
        delta[v] += c;
      }
      if (w != s && !o.edges) score[w] += o.endpoints ? delta[w] + 1 : delta[w];
    }
  }
};

}  // namespace

BetweennessSums Brandes(const CsrGraph& out, const CsrGraph& in,
                        const std::vector<VertexId>& sources, const BrandesOptions& options) {
  BetweennessSums r;
  r.score.assign(out.n, 0.0);
  if (options.edges) r.edge_score.assign(in.num_edges(), 0.0);
  Search search(out.n);
  for (VertexId s : sources) {
    r.stats.active_edges += options.weighted ? search.Dijkstra(out, s) : search.Bfs(out, s);
    search.Accumulate(in, s, options, r.score.data(), r.edge_score.data());
    ++r.stats.supersteps;
    search.Reset();
  }
  return r;
}

}  // namespace graph
}  // namespace irreg
