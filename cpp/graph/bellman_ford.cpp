// Queue-based Bellman-Ford for weights of either sign.
//
// Algorithm: the FIFO-queue form of Bellman-Ford (Moore, "The shortest path through a maze",
// 1959; Bellman 1958; known as SPFA), run as NetworkX's _inner_bellman_ford runs it: a queue of
// vertices whose distance improved, a vertex skipped while one of its current equal-distance
// predecessors is still queued, and a negative cycle declared when a vertex enters the queue n
// times. Following its order keeps the dict NetworkX returns in the same order.
//
// Data encoding: out-edges in CSR (rows in stored order), int32 vertex ids, float64 weights.
// Result: distance per vertex (+inf not reached), the vertices in the order they first got a
// distance, and a negative-cycle flag (the values are then incomplete).
#include <deque>
#include <limits>

#include "graph/algorithms.hpp"

namespace irreg::graph {

SettledValues BellmanFord(const CsrGraph& g, const std::vector<VertexId>& sources) {
  SettledValues r;
  r.value.assign(g.n, std::numeric_limits<double>::infinity());
  std::vector<double>& dist = r.value;
  std::vector<std::vector<VertexId>> pred(g.n);  // the equal-distance predecessors of each vertex
  std::vector<uint8_t> in_queue(g.n, 0);
  std::vector<int32_t> entries(g.n, 0);
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
        if (dist[v] == std::numeric_limits<double>::infinity()) r.order.push_back(v);
        if (!in_queue[v]) {
          queue.push_back(v);
          in_queue[v] = 1;
          if (++entries[v] == g.n) {
            r.negative_cycle = true;
            return r;
          }
        }
        dist[v] = candidate;
        pred[v].assign(1, u);
      } else if (candidate == dist[v]) {
        pred[v].push_back(u);
      }
    }
  }
  return r;
}

}  // namespace irreg::graph
