// Queue-based Bellman-Ford for weights of either sign.
//
// Algorithm: the FIFO-queue form of Bellman-Ford (Moore, "The shortest path through a maze",
// 1959; Bellman 1958; known as SPFA), run as NetworkX's _inner_bellman_ford runs it: a queue of
// vertices whose distance improved, a vertex skipped while one of its current equal-distance
// predecessors is still queued, and a negative cycle declared when a vertex enters the queue n
// times, or, with the heuristic (Goldberg-Radzik's "walk to the root" in NetworkX's cheap form),
// as soon as a vertex improves the vertex that last improved it through the same edge chain.
// Following its order keeps NetworkX's dicts, predecessor lists and the cycle it reports.
//
// Data encoding: out-edges in CSR (rows in stored order), int32 vertex ids, float64 weights.
// Result: distance per vertex (+inf not reached), the vertices in the order they first got a
// distance, every vertex's equal-distance predecessors in the order found (NetworkX's pred
// dict), a negative-cycle flag and the vertex where the cycle showed (the values are then
// incomplete).
#include <deque>
#include <limits>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

BellmanFordResult BellmanFord(const CsrGraph& g, const std::vector<VertexId>& sources,
                              bool heuristic) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  BellmanFordResult result;
  SettledValues& r = result.settled;
  r.value.assign(g.n, kInf);
  std::vector<double>& dist = r.value;
  std::vector<std::vector<VertexId>> pred(g.n);  // the equal-distance predecessors of each vertex
  std::vector<uint8_t> in_queue(g.n, 0);
  std::vector<int32_t> entries(g.n, 0);
  // The heuristic's bookkeeping: the edge (recent_a -> recent_b) of the latest improvement
  // chain through each vertex, and the vertex whose edge last improved it (-1: none).
  std::vector<VertexId> recent_a, recent_b, pred_edge;
  if (heuristic) {
    recent_a.assign(g.n, -1);
    recent_b.assign(g.n, -1);
    pred_edge.assign(g.n, -1);
  }
  std::deque<VertexId> queue;
  for (VertexId s : sources) {
    if (dist[s] == 0) continue;
    dist[s] = 0;
    r.order.push_back(s);
  }
  for (VertexId s : r.order) {
    queue.push_back(s);
    in_queue[s] = 1;
  }
  auto finish = [&](VertexId cycle_at) {
    r.negative_cycle = cycle_at >= 0;
    result.cycle_vertex = cycle_at;
    result.pred_offsets.assign(static_cast<size_t>(g.n) + 1, 0);
    for (VertexId v = 0; v < g.n; ++v)
      result.pred_offsets[v + 1] = result.pred_offsets[v] + static_cast<int64_t>(pred[v].size());
    result.pred.reserve(static_cast<size_t>(result.pred_offsets[g.n]));
    for (const std::vector<VertexId>& p : pred)
      result.pred.insert(result.pred.end(), p.begin(), p.end());
    return result;
  };
  while (!queue.empty()) {
    const VertexId u = queue.front();
    queue.pop_front();
    in_queue[u] = 0;
    bool pred_queued = false;
    for (VertexId p : pred[u]) pred_queued |= in_queue[p] != 0;
    if (pred_queued) continue;  // u will be relaxed again after its predecessor
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const VertexId v = g.targets[e];
      const double candidate = dist[u] + g.weights[e];
      if (candidate < dist[v]) {
        if (heuristic) {
          if (v == recent_a[u] || v == recent_b[u]) {
            pred[v].push_back(u);
            return finish(v);
          }
          if (pred_edge[v] == u) {
            recent_a[v] = recent_a[u];
            recent_b[v] = recent_b[u];
          } else {
            recent_a[v] = u;
            recent_b[v] = v;
          }
        }
        if (!in_queue[v]) {
          queue.push_back(v);
          in_queue[v] = 1;
          if (++entries[v] == g.n) return finish(v);
        }
        if (dist[v] == kInf) r.order.push_back(v);
        dist[v] = candidate;
        pred[v].assign(1, u);
        if (heuristic) pred_edge[v] = u;
      } else if (candidate == dist[v] && dist[v] != kInf) {
        pred[v].push_back(u);
      }
    }
  }
  return finish(-1);
}

}  // namespace irreg::graph
