// Reachability: every vertex with a path from a source, along out-edges or (in-edges given) in.
//
// Algorithm: level-synchronous top-down breadth-first search that keeps no depth and no parent
// (Cormen et al., "Introduction to Algorithms", §22.2; the parallel form is GAPBS's top-down
// step, src/bfs.cc, without the parent array). O(n + m) work. The backend's ancestors run it
// over GraphLayout::in_edges (reachability against the edges); descendants keep the
// direction-optimizing BFS, whose bottom-up steps need the in-edges this search walks.
//
// Data encoding: rows of a CsrGraph (out-edges, or the transposed CSR for in-edges), int32 ids.
// One byte per vertex marks it reached; frontiers are queues of ids. Result: that byte array,
// 1 where reached, the source included.
//
// Parallel (threads > 1): frontier vertices in dynamic chunks; a vertex is claimed by an atomic
// exchange on its byte (one winner pushes it), discoveries go through per-thread QueueBuffers.
// The set reached is the same at every thread count; only the order within a frontier differs,
// and the result does not show it.
#include <memory>

#include "graph/fast_kernels.hpp"
#include "graph/queue_buffer.hpp"

namespace irreg::graph {
namespace {

// A step over fewer frontier edges runs on one thread: a fork per level costs more.
constexpr int64_t kMinParallelEdges = 4096;

// Expands frontier[0, size) into next; returns the next frontier's size.
int64_t Step(const CsrGraph& g, const VertexId* frontier, int64_t size, uint8_t* reached,
             VertexId* next, int32_t threads) {
  int64_t edges = 0;
  for (int64_t i = 0; i < size && edges < kMinParallelEdges; ++i) edges += g.degree(frontier[i]);
  if (threads <= 1 || edges < kMinParallelEdges) {
    int64_t tail = 0;
    for (int64_t i = 0; i < size; ++i) {
      const VertexId u = frontier[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const VertexId v = g.targets[e];
        if (reached[v]) continue;
        reached[v] = 1;
        next[tail++] = v;
      }
    }
    return tail;
  }
  int64_t tail = 0;
#pragma omp parallel num_threads(threads)
  {
    QueueBuffer buffer(next, &tail);
#pragma omp for schedule(dynamic, 64) nowait
    for (int64_t i = 0; i < size; ++i) {
      const VertexId u = frontier[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const VertexId v = g.targets[e];
        // The plain read filters most edges; the exchange decides the one winner.
        if (__atomic_load_n(&reached[v], __ATOMIC_RELAXED)) continue;
        if (__atomic_exchange_n(&reached[v], uint8_t{1}, __ATOMIC_RELAXED) == 0) buffer.Push(v);
      }
    }
    buffer.Flush();
  }
  return tail;
}

}  // namespace

std::vector<uint8_t> Reachable(const CsrGraph& g, VertexId source, int32_t threads) {
  std::vector<uint8_t> reached(g.n, 0);
  // Uninitialised: a vertex enters a frontier once, so n slots each are enough.
  std::unique_ptr<VertexId[]> frontier(new VertexId[g.n]), next(new VertexId[g.n]);
  reached[source] = 1;
  frontier[0] = source;
  int64_t size = 1;
  while (size > 0) {
    size = Step(g, frontier.get(), size, reached.data(), next.get(), threads);
    frontier.swap(next);
  }
  return reached;
}

}  // namespace irreg::graph
