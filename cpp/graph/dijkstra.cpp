// Label-setting paths (Dijkstra, "A note on two problems in connexion with graphs", 1959).
//
// Algorithm: a binary heap with lazy deletion; the best vertex on the heap settles and relaxes
// its out-edges once, so every edge is relaxed once: O(m log n), against the wavefront
// Bellman-Ford's re-sends of every vertex whose value improves. Two objectives share the one
// template: SSSP (smallest sum first) and SSWP (widest bottleneck first: the max-min variant,
// a path's width is its smallest edge weight). Ties pop in push order, as in NetworkX's heap of
// (distance, counter, node), so the settle order is NetworkX's too.
//
// Data encoding: out-edges in CSR (rows in stored order), int32 vertex ids, float64 weights.
// Result: value per vertex (SSSP +inf, SSWP -inf where not reached), the vertices in settle
// order, each vertex's parent (the vertex whose relaxation last improved it: NetworkX's
// pred_dict[v][0], so paths are NetworkX's too) and a contradiction flag: a negative weight
// improved an already settled vertex. A target stops the search once it settles, as
// NetworkX's `if v == target: break` does.
#include <functional>
#include <limits>
#include <queue>
#include <tuple>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {
namespace {

// Better(a, b): a is the preferred value; Extend(value, weight): the value one edge further.
// Values worse than `limit` are not kept (NetworkX's cutoff).
// equal: also keep every predecessor of equal value, in the order found, and the order in which
// vertices were first reached (NetworkX's dijkstra_predecessor_and_distance).
template <class Better, class Extend>
SettledValues LabelSetting(const CsrGraph& g, const std::vector<VertexId>& sources, double worst,
                           double at_source, double limit, VertexId target, bool equal,
                           Better better, Extend extend) {
  SettledValues r;
  r.value.assign(g.n, worst);
  r.parent.assign(g.n, -1);
  std::vector<std::vector<VertexId>> preds(equal ? g.n : 0);
  std::vector<double>& value = r.value;
  std::vector<uint8_t> settled(g.n, 0);
  using Entry = std::tuple<double, int64_t, VertexId>;  // (value, push counter, vertex)
  // The heap's top must be the best value, earliest pushed among equals: its "less" is "worse".
  auto worse = [&better](const Entry& a, const Entry& b) {
    if (std::get<0>(a) != std::get<0>(b)) return better(std::get<0>(b), std::get<0>(a));
    return std::get<1>(a) > std::get<1>(b);
  };
  std::priority_queue<Entry, std::vector<Entry>, decltype(worse)> heap(worse);
  int64_t pushes = 0;
  std::vector<uint8_t> reached(equal ? g.n : 0, 0);
  for (VertexId s : sources) {
    value[s] = at_source;
    heap.push({at_source, pushes++, s});
    if (equal && !reached[s]) {
      reached[s] = 1;
      r.reached.push_back(s);
    }
  }
  auto finish = [&] {
    if (!equal) return;
    r.pred_offsets.assign(static_cast<size_t>(g.n) + 1, 0);
    for (VertexId v = 0; v < g.n; ++v)
      r.pred_offsets[v + 1] = r.pred_offsets[v] + static_cast<int64_t>(preds[v].size());
    for (const std::vector<VertexId>& p : preds) r.preds.insert(r.preds.end(), p.begin(), p.end());
  };
  while (!heap.empty()) {
    const auto [d, seq, u] = heap.top();
    heap.pop();
    if (settled[u]) continue;  // a stale entry: u settled with a better value
    settled[u] = 1;
    r.order.push_back(u);
    if (u == target) break;
    ++r.stats.supersteps;
    r.stats.active_edges += g.degree(u);
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const VertexId v = g.targets[e];
      const double candidate = extend(d, g.weights[e]);
      if (better(limit, candidate)) continue;
      if (settled[v]) {
        // Only a negative weight can improve a settled vertex: NetworkX calls this a
        // contradiction, and so do we rather than return a wrong value.
        if (better(candidate, value[v])) {
          r.contradiction = true;
          finish();
          return r;
        }
        if (equal && candidate == value[v]) preds[v].push_back(u);
        continue;
      }
      if (better(candidate, value[v])) {
        value[v] = candidate;
        r.parent[v] = u;
        heap.push({candidate, pushes++, v});
        if (equal) {
          preds[v].assign(1, u);
          if (!reached[v]) {
            reached[v] = 1;
            r.reached.push_back(v);
          }
        }
      } else if (equal && candidate == value[v]) {
        preds[v].push_back(u);
      }
    }
  }
  finish();
  return r;
}

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

SettledValues Dijkstra(const CsrGraph& g, const std::vector<VertexId>& sources,
                       PathObjective objective, std::optional<double> cutoff, VertexId target,
                       bool equal_predecessors) {
  if (objective == PathObjective::kWidest)
    return LabelSetting(g, sources, -kInf, kInf, cutoff.value_or(-kInf), target, equal_predecessors,
                        std::greater<double>(), [](double d, double w) { return w < d ? w : d; });
  return LabelSetting(g, sources, kInf, 0.0, cutoff.value_or(kInf), target, equal_predecessors,
                      std::less<double>(), [](double d, double w) { return d + w; });
}

}  // namespace irreg::graph
