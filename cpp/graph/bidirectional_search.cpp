// Source-to-target searches from both ends, as NetworkX runs them.
//
// Algorithm: bidirectional BFS (Pohl, "Bi-directional search", 1971) in NetworkX's form
// (_bidirectional_pred_succ): the smaller fringe grows by one level, stopping at the first
// vertex both sides have seen; bidirectional Dijkstra in NetworkX's form: the two heaps take
// turns, one shared push counter breaking ties, a meeting vertex kept whenever a push finds a
// shorter joined length, and the search ending when a vertex settles on both sides. Following
// the exact order gives NetworkX's path among equally short ones. O(m log n) at worst, usually
// far less: both searches stop near the meeting point.
//
// Data encoding: out-edges and in-edges in CSR, both in NetworkX's adjacency order (the
// in-edges are G._pred's rows, weighted with the out-edge's weight); an undirected graph passes
// its one CSR twice. Result: the path's vertices from source to target (empty: no path), its
// length (Dijkstra) and the contradiction flag (a negative weight improved a settled vertex).
#include <algorithm>
#include <functional>
#include <queue>
#include <tuple>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {
namespace {

constexpr VertexId kAbsent = -2;  // not in NetworkX's pred/succ dict; -1 stands for its None

// The chain root -> ... -> v of `link` (each vertex's link points one step towards the root).
std::vector<VertexId> ChainTo(const std::vector<VertexId>& link, VertexId v) {
  std::vector<VertexId> chain;
  for (; v >= 0; v = link[v]) chain.push_back(v);
  return chain;  // v first, the root last
}

}  // namespace

FoundPath BidirectionalBfs(const CsrGraph& out, const CsrGraph& in, VertexId source,
                           VertexId target) {
  FoundPath r;
  if (source == target) {
    r.path = {source};
    return r;
  }
  std::vector<VertexId> pred(out.n, kAbsent), succ(out.n, kAbsent);
  pred[source] = -1;
  succ[target] = -1;
  std::vector<VertexId> forward{source}, reverse{target}, level;
  VertexId meet = -1;
  while (!forward.empty() && !reverse.empty() && meet < 0) {
    const bool ahead = forward.size() <= reverse.size();
    const CsrGraph& g = ahead ? out : in;
    std::vector<VertexId>& fringe = ahead ? forward : reverse;
    std::vector<VertexId>& mine = ahead ? pred : succ;
    const std::vector<VertexId>& theirs = ahead ? succ : pred;
    level.swap(fringe);
    fringe.clear();
    for (size_t i = 0; i < level.size() && meet < 0; ++i) {
      const VertexId v = level[i];
      for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const VertexId w = g.targets[e];
        if (mine[w] == kAbsent) {
          mine[w] = v;
          fringe.push_back(w);
        }
        if (theirs[w] != kAbsent) {
          meet = w;
          break;
        }
      }
    }
  }
  if (meet < 0) return r;
  r.path = ChainTo(pred, meet);
  std::reverse(r.path.begin(), r.path.end());
  for (VertexId w = succ[meet]; w >= 0; w = succ[w]) r.path.push_back(w);
  r.length = static_cast<double>(r.path.size() - 1);
  return r;
}

FoundPath BidirectionalDijkstra(const CsrGraph& out, const CsrGraph& in, VertexId source,
                                VertexId target, bool unit_weights) {
  FoundPath r;
  if (source == target) {
    r.path = {source};
    return r;
  }
  using Entry = std::tuple<double, int64_t, VertexId>;  // (distance, push counter, vertex)
  using Heap = std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>>;
  Heap fringe[2];
  std::vector<double> dist[2], seen[2];
  std::vector<uint8_t> settled[2], pushed[2];
  std::vector<VertexId> preds[2];
  for (int d = 0; d < 2; ++d) {
    dist[d].assign(out.n, 0.0);
    seen[d].assign(out.n, 0.0);
    settled[d].assign(out.n, 0);
    pushed[d].assign(out.n, 0);
    preds[d].assign(out.n, kAbsent);
  }
  int64_t counter = 0;
  const VertexId ends[2] = {source, target};
  for (int d = 0; d < 2; ++d) {
    pushed[d][ends[d]] = 1;
    preds[d][ends[d]] = -1;
    fringe[d].push({0.0, counter++, ends[d]});
  }
  bool have_final = false;
  double final_dist = 0;
  VertexId meet = -1;
  int direction = 1;
  const CsrGraph* graphs[2] = {&out, &in};
  while (!fringe[0].empty() && !fringe[1].empty()) {
    direction = 1 - direction;
    const auto [d, seq, v] = fringe[direction].top();
    fringe[direction].pop();
    if (settled[direction][v]) continue;
    settled[direction][v] = 1;
    dist[direction][v] = d;
    if (settled[1 - direction][v]) {
      r.path = ChainTo(preds[0], meet);
      std::reverse(r.path.begin(), r.path.end());
      for (VertexId w = preds[1][meet]; w >= 0; w = preds[1][w]) r.path.push_back(w);
      r.length = final_dist;
      return r;
    }
    const CsrGraph& g = *graphs[direction];
    for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
      const VertexId w = g.targets[e];
      const double length = d + (unit_weights ? 1.0 : g.weights[e]);
      if (settled[direction][w]) {
        if (length < dist[direction][w]) {
          r.contradiction = true;
          return r;
        }
      } else if (!pushed[direction][w] || length < seen[direction][w]) {
        pushed[direction][w] = 1;
        seen[direction][w] = length;
        fringe[direction].push({length, counter++, w});
        preds[direction][w] = v;
        if (pushed[1 - direction][w]) {
          const double joined = length + seen[1 - direction][w];
          if (!have_final || final_dist > joined) {
            have_final = true;
            final_dist = joined;
            meet = w;
          }
        }
      }
    }
  }
  return r;
}

}  // namespace irreg::graph
