// A* search from a source to a target, as networkx.astar_path runs it.
//
// Algorithm: A* (Hart, Nilsson and Raphael, "A formal basis for the heuristic determination of
// minimum cost paths", IEEE TSSC 4(2), 1968) in NetworkX's form step for step: a binary heap of
// (cost + heuristic, push counter) entries, so equal priorities pop in push order; a vertex is
// pushed again only when a strictly cheaper path reaches it; each vertex's heuristic is asked
// once it is first pushed (again where the cutoff turned it away); a popped vertex takes the
// parent of its entry, so an inconsistent heuristic may explore a vertex twice, as NetworkX
// does; the search ends when the target pops. The path among equally short ones is therefore
// NetworkX's. With no heuristic it is Dijkstra with that tie order. O(m log m).
//
// Data encoding: out-edges in CSR, rows in NetworkX's adjacency order, the weight of a pair's
// lightest edge (NetworkX's multigraph weight). The heuristic is a callback per vertex (the
// NetworkX backend calls the user's Python function there, the GIL held).
#include <algorithm>
#include <queue>
#include <tuple>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

FoundPath AStar(const CsrGraph& g, VertexId source, VertexId target, bool unit_weights,
                double cutoff, const std::function<double(VertexId)>& heuristic) {
  constexpr VertexId kNone = -1, kUnexplored = -2;
  // (priority, push counter, vertex, cost, parent): the counter makes every key distinct.
  using Entry = std::tuple<double, int64_t, VertexId, double, VertexId>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  std::vector<VertexId> explored(g.n, kUnexplored);  // the parent it was explored from
  std::vector<double> queued_cost(g.n), queued_h(g.n);
  std::vector<uint8_t> queued(g.n, 0);
  int64_t pushes = 0;
  queue.emplace(0.0, pushes++, source, 0.0, kNone);
  FoundPath r;
  while (!queue.empty()) {
    const auto [priority, counter, v, cost, parent] = queue.top();
    queue.pop();
    if (v == target) {
      r.path.push_back(v);
      for (VertexId u = parent; u != kNone; u = explored[u]) r.path.push_back(u);
      std::reverse(r.path.begin(), r.path.end());
      r.length = cost;
      return r;
    }
    if (explored[v] != kUnexplored) {
      if (explored[v] == kNone) continue;   // the source keeps no parent
      if (queued_cost[v] < cost) continue;  // a cheaper path was pushed since
    }
    explored[v] = parent;
    for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
      const VertexId w = g.targets[e];
      const double next = cost + (unit_weights ? 1.0 : g.weights[e]);
      double h;
      if (queued[w]) {
        if (queued_cost[w] <= next) continue;
        h = queued_h[w];
      } else {
        h = heuristic ? heuristic(w) : 0.0;
      }
      if (cutoff != 0 && next + h > cutoff) continue;  // NetworkX's `if cutoff and ...`
      queued[w] = 1;
      queued_cost[w] = next;
      queued_h[w] = h;
      queue.emplace(next + h, pushes++, w, next, v);
    }
  }
  return r;  // no path: empty
}

}  // namespace irreg::graph
