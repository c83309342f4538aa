// Topological generations by frontier-parallel Kahn.
//
// Algorithm: Kahn's algorithm ("Topological sorting of large networks", CACM 1962) one
// generation at a time: generation 0 is the vertices without in-edges; a vertex joins
// generation k + 1 when the last of its in-edges, from generation k, is removed. Its
// generation is then the length of its longest path from a source, whatever order the edges
// are removed in, so the result does not depend on the thread count. A vertex on a cycle, or
// reachable from one, never loses its last in-edge and keeps generation -1.
//
// Data encoding: out-edges in CSR, int32 vertex ids, an int32 count of remaining in-edges per
// vertex; the frontier is a queue of ids (n slots, a used size).
//
// Parallel (threads > 1): the frontier's vertices are shared out in dynamic chunks, in-edge
// counts fall with an atomic fetch-and-subtract (the thread that takes one to zero owns the
// vertex), and discoveries go to per-thread buffers flushed into the next queue at an atomic
// tail. Generations with fewer out-edges than kMinParallelEdges run on one thread. One thread
// runs the serial loop with no atomics and no parallel region.
#include <algorithm>

#include "graph/fast_kernels.hpp"
#include "graph/queue_buffer.hpp"

namespace irreg::graph {
namespace {

constexpr int64_t kMinParallelEdges = 4096;

// Removes the out-edges of `frontier` (generation `level`); returns how many vertices joined
// `next`, and adds the out-degrees of those to `next_edges`.
int64_t RemoveEdges(const CsrGraph& g, const VertexId* frontier, int64_t size, int32_t level,
                    int32_t* remaining, int32_t* generation, VertexId* next, int64_t edges,
                    int64_t* next_edges, int32_t threads) {
  if (threads == 1) {
    int64_t tail = 0;
    for (int64_t i = 0; i < size; ++i) {
      const VertexId u = frontier[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const VertexId v = g.targets[e];
        if (--remaining[v] == 0) {
          generation[v] = level + 1;
          next[tail++] = v;
          *next_edges += g.degree(v);
        }
      }
    }
    return tail;
  }
  int64_t tail = 0, found_edges = 0;
#pragma omp parallel num_threads(threads) reduction(+ : found_edges) if (edges >= kMinParallelEdges)
  {
    QueueBuffer buffer(next, &tail);
#pragma omp for schedule(dynamic, 64) nowait
    for (int64_t i = 0; i < size; ++i) {
      const VertexId u = frontier[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const VertexId v = g.targets[e];
        if (__atomic_sub_fetch(&remaining[v], 1, __ATOMIC_ACQ_REL) == 0) {
          generation[v] = level + 1;
          buffer.Push(v);
          found_edges += g.degree(v);
        }
      }
    }
    buffer.Flush();
  }
  *next_edges += found_edges;
  return tail;
}

}  // namespace

LabelResult KahnGenerations(const CsrGraph& g, int32_t threads) {
  LabelResult r{std::vector<int32_t>(g.n, -1), {}};
  std::vector<int32_t> remaining = g.InDegrees();
  std::vector<VertexId> frontier(g.n), next(g.n);
  int64_t size = 0, edges = 0;
  for (VertexId v = 0; v < g.n; ++v)
    if (remaining[v] == 0) {
      r.label[v] = 0;
      frontier[size++] = v;
      edges += g.degree(v);
    }
  for (int32_t level = 0; size > 0; ++level) {
    r.stats.active_edges += edges;
    ++r.stats.supersteps;
    int64_t next_edges = 0;
    size = RemoveEdges(g, frontier.data(), size, level, remaining.data(), r.label.data(),
                       next.data(), edges, &next_edges, threads);
    edges = next_edges;
    frontier.swap(next);
  }
  return r;
}

}  // namespace irreg::graph
