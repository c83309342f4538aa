// Label-setting single-source paths with a binary heap and lazy deletion (Dijkstra 1959): the
// faster method for SSSP (smallest sum first) and SSWP (widest bottleneck first, the max-min
// variant). Each vertex settles once, so every edge is relaxed once: O(m log n), against the
// wavefront Bellman-Ford's re-sends of every vertex whose value improves.
#include <chrono>
#include <functional>
#include <limits>
#include <queue>

#include "graph/algorithms.hpp"

namespace irreg::graph {
namespace {

// Better(a, b): a is the preferred value; Extend(value, weight): the value one edge further.
template <class Better, class Extend>
ValueResult LabelSetting(const CsrGraph& g, VertexId source, double worst, double at_source,
                         Better better, Extend extend) {
  const auto t0 = std::chrono::steady_clock::now();
  ValueResult r{std::vector<double>(g.n, worst), {}};
  std::vector<double>& value = r.value;
  using Entry = std::pair<double, VertexId>;
  // The heap's top must be the best value: its "less" is "worse".
  auto worse = [&better](const Entry& a, const Entry& b) { return better(b.first, a.first); };
  std::priority_queue<Entry, std::vector<Entry>, decltype(worse)> heap(worse);
  value[source] = at_source;
  heap.push({at_source, source});
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (d != value[u]) continue;  // a stale entry: u settled with a better value
    ++r.stats.supersteps;
    r.stats.active_edges += g.degree(u);
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const VertexId v = g.targets[e];
      const double candidate = extend(d, g.weights[e]);
      if (better(candidate, value[v])) {
        value[v] = candidate;
        heap.push({candidate, v});
      }
    }
  }
  r.stats.compute_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace

ValueResult DijkstraSssp(const CsrGraph& g, VertexId source) {
  return LabelSetting(g, source, std::numeric_limits<double>::infinity(), 0.0, std::less<double>(),
                      [](double d, double w) { return d + w; });
}

ValueResult DijkstraSswp(const CsrGraph& g, VertexId source) {
  return LabelSetting(g, source, -std::numeric_limits<double>::infinity(),
                      std::numeric_limits<double>::infinity(), std::greater<double>(),
                      [](double d, double w) { return w < d ? w : d; });
}

}  // namespace irreg::graph
