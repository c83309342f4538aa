// Direction-optimizing breadth-first search.
//
// Algorithm: level-synchronous BFS that switches direction by frontier size (Beamer, Asanovic,
// Patterson, "Direction-Optimizing Breadth-First Search", SC'12; GAPBS src/bfs.cc). Top-down
// steps push from a small frontier over out-edges. Once the frontier's out-edges outnumber
// 1/alpha of the unexplored edges, bottom-up steps let each unvisited vertex scan its in-edges
// for a parent in the frontier and stop at the first one; once the frontier shrinks below
// n/beta (and stops growing) the search goes back to top-down.
//
// Data encoding: out-edges in the CSR of the layout, in-edges in its transposed CSR (rows sorted
// by source, built on first use); int32 vertex ids. The frontier is a queue (vector of ids) in
// top-down steps and a bitmap (one bit per vertex) in bottom-up steps. Result: depth per vertex
// (-1 unreached) and parent (-1 at the source and unreached).
//
// Parents: bottom-up scans in-edges in source order, so the first parent found is the
// smallest id; top-down keeps the smallest claimant. Either way the parent is the smallest-id
// vertex of the previous level with an edge to the vertex, as in the engine's variants.
#include <algorithm>

#include "graph/algorithms.hpp"

namespace irreg::graph {
namespace {

class Bitmap {
 public:
  explicit Bitmap(int64_t n) : words_((n + 63) / 64, 0) {}
  void Clear() { std::fill(words_.begin(), words_.end(), 0); }
  void Set(int64_t i) { words_[i >> 6] |= uint64_t{1} << (i & 63); }
  bool Get(int64_t i) const { return (words_[i >> 6] >> (i & 63)) & 1; }
  void Swap(Bitmap& other) { words_.swap(other.words_); }

 private:
  std::vector<uint64_t> words_;
};

// Expands `frontier` (depth `level`) over out-edges into `next`. Returns the out-degree sum of
// the vertices discovered (the next frontier's "scout count").
int64_t TopDownStep(const CsrGraph& out, const std::vector<VertexId>& frontier, int32_t level,
                    std::vector<int32_t>& depth, std::vector<int32_t>& parent,
                    std::vector<VertexId>& next, RunStats& stats) {
  int64_t scout = 0;
  next.clear();
  for (VertexId u : frontier) {
    stats.active_edges += out.degree(u);
    for (int64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
      const VertexId v = out.targets[e];
      if (depth[v] < 0) {
        depth[v] = level + 1;
        parent[v] = u;
        next.push_back(v);
        scout += out.degree(v);
      } else if (depth[v] == level + 1 && u < parent[v]) {
        parent[v] = u;
      }
    }
  }
  return scout;
}

// Every unvisited vertex looks for an in-neighbour in `front` (depth `level`) and joins `next`
// at the first one. Returns how many joined.
int64_t BottomUpStep(const CsrGraph& in, const Bitmap& front, int32_t level,
                     std::vector<int32_t>& depth, std::vector<int32_t>& parent, Bitmap& next,
                     RunStats& stats) {
  int64_t awake = 0;
  next.Clear();
  for (VertexId v = 0; v < in.n; ++v) {
    if (depth[v] >= 0) continue;
    for (int64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
      stats.active_edges++;
      if (front.Get(in.targets[e])) {
        depth[v] = level + 1;
        parent[v] = in.targets[e];
        next.Set(v);
        ++awake;
        break;
      }
    }
  }
  return awake;
}

void QueueToBitmap(const std::vector<VertexId>& queue, Bitmap& bitmap) {
  for (VertexId u : queue) bitmap.Set(u);
}

// Ascending ids: the order the next top-down step scans the frontier in.
void BitmapToQueue(const Bitmap& bitmap, int32_t n, std::vector<VertexId>& queue) {
  queue.clear();
  for (VertexId v = 0; v < n; ++v)
    if (bitmap.Get(v)) queue.push_back(v);
}

}  // namespace

BfsResult DirectionOptimizingBfs(const GraphLayout& g, VertexId source, int64_t alpha,
                                 int64_t beta) {
  const CsrGraph& out = g.csr();
  const int32_t n = out.n;
  BfsResult r{std::vector<int32_t>(n, -1), std::vector<int32_t>(n, -1), {}};
  r.depth[source] = 0;
  std::vector<VertexId> frontier{source}, next;
  int64_t unexplored = out.num_edges();
  int64_t scout = out.degree(source);  // out-edges of the frontier
  int32_t level = 0;
  while (!frontier.empty()) {
    if (scout > unexplored / alpha) {
      const CsrGraph& in = g.transposed();
      Bitmap front(n), grown(n);
      QueueToBitmap(frontier, front);
      int64_t awake = static_cast<int64_t>(frontier.size()), previous;
      do {
        previous = awake;
        awake = BottomUpStep(in, front, level, r.depth, r.parent, grown, r.stats);
        front.Swap(grown);
        ++level;
        ++r.stats.supersteps;
      } while (awake > 0 && (awake >= previous || awake > n / beta));
      BitmapToQueue(front, n, frontier);
      scout = 1;
      continue;
    }
    unexplored -= scout;
    scout = TopDownStep(out, frontier, level, r.depth, r.parent, next, r.stats);
    frontier.swap(next);
    ++level;
    ++r.stats.supersteps;
  }
  return r;
}

}  // namespace irreg::graph
