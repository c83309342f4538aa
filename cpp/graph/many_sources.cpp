// Lengths from each of many sources: one chunk of an all-pairs computation.
//
// Algorithm: the ordered kernels (OrderedBfs, Dijkstra, BellmanFord) once per source, their
// results appended; a chunk is one call that releases the GIL, so chunks run side by side on
// Python threads or Dask workers (nx_irreg's all-pairs functions, irreg.source_chunks).
// Per source the work is the single-source kernel's, O(n) of it allocation, small beside the
// search on graphs where all pairs are worth asking for.
//
// Data encoding: out-edges in CSR (rows in stored order). Result: per source, its reached
// vertices in NetworkX's order (BFS discovery, Dijkstra's settling, Bellman-Ford's first
// reach), their lengths and, when asked, the vertex each was reached from (-1: the source).
#include "graph/algorithms.hpp"

namespace irreg::graph {
namespace {

void Append(ManySourceLengths& r, const std::vector<VertexId>& order,
            const std::vector<VertexId>& parent_of, bool parents, auto&& length_of) {
  for (VertexId v : order) {
    r.order.push_back(v);
    r.value.push_back(length_of(v));
    if (parents) r.parent.push_back(parent_of.empty() ? -1 : parent_of[v]);
  }
  r.offsets.push_back(static_cast<int64_t>(r.order.size()));
}

}  // namespace

ManySourceLengths ManySourceBfs(const CsrGraph& g, const std::vector<VertexId>& sources,
                                int64_t depth_limit, bool parents) {
  ManySourceLengths r;
  r.offsets.push_back(0);
  for (VertexId s : sources) {
    const OrderedLevels levels = OrderedBfs(g, {s}, depth_limit);
    size_t i = 0;
    int64_t level = 0;
    Append(r, levels.order, levels.parent, parents, [&](VertexId) {
      while (static_cast<int64_t>(i) >= levels.level_end[level]) ++level;
      ++i;
      return static_cast<double>(level);
    });
  }
  return r;
}

ManySourceLengths ManySourceDijkstra(const CsrGraph& g, const std::vector<VertexId>& sources,
                                     std::optional<double> cutoff, bool parents) {
  ManySourceLengths r;
  r.offsets.push_back(0);
  for (VertexId s : sources) {
    const SettledValues settled = Dijkstra(g, {s}, PathObjective::kShortest, cutoff);
    if (settled.contradiction) {
      r.failed_at = static_cast<int64_t>(r.offsets.size()) - 1;
      return r;
    }
    Append(r, settled.order, settled.parent, parents,
           [&](VertexId v) { return settled.value[v]; });
  }
  return r;
}

ManySourceLengths ManySourceBellmanFord(const CsrGraph& g, const std::vector<VertexId>& sources) {
  ManySourceLengths r;
  r.offsets.push_back(0);
  for (VertexId s : sources) {
    const BellmanFordResult found = BellmanFord(g, {s});
    if (found.settled.negative_cycle) {
      r.failed_at = static_cast<int64_t>(r.offsets.size()) - 1;
      return r;
    }
    Append(r, found.settled.order, {}, false,
           [&](VertexId v) { return found.settled.value[v]; });
  }
  return r;
}

}  // namespace irreg::graph
