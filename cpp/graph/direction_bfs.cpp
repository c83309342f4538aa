// Direction-optimizing BFS (Beamer, Asanovic, Patterson, SC'12): top-down steps push from a
// small frontier; once the frontier's out-edges outnumber 1/alpha of the unexplored edges,
// bottom-up steps let each unvisited vertex scan its in-edges for a parent in the frontier and
// stop at the first one. In-edges are sorted by source, so that first one is the smallest id,
// and top-down steps keep the smallest claimant: parents match the engine's variants.
#include <algorithm>
#include <chrono>

#include "graph/algorithms.hpp"

namespace irreg::graph {
namespace {

// The switching thresholds of the paper (and GAPBS): to bottom-up when the frontier's edges
// exceed unexplored/alpha, back to top-down when the frontier shrinks below n/beta.
constexpr int64_t kAlpha = 15;
constexpr int64_t kBeta = 18;

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

}  // namespace

BfsResult DirectionOptimizingBfs(const GraphLayout& g, VertexId source) {
  const auto t0 = std::chrono::steady_clock::now();
  const CsrGraph& out = g.csr();
  const int32_t n = out.n;
  BfsResult r{std::vector<int32_t>(n, -1), std::vector<int32_t>(n, -1), {}};
  std::vector<int32_t>& depth = r.depth;
  std::vector<int32_t>& parent = r.parent;
  depth[source] = 0;
  std::vector<VertexId> frontier{source}, next;
  int64_t unexplored = out.num_edges();
  int64_t scout = out.degree(source);  // out-edges of the frontier
  int32_t level = 0;
  while (!frontier.empty()) {
    if (scout > unexplored / kAlpha) {
      const CsrGraph& in = g.transposed();
      Bitmap front(n), grown(n);
      for (VertexId u : frontier) front.Set(u);
      int64_t awake = static_cast<int64_t>(frontier.size()), previous;
      do {
        previous = awake;
        awake = 0;
        grown.Clear();
        for (VertexId v = 0; v < n; ++v) {
          if (depth[v] >= 0) continue;
          for (int64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
            r.stats.active_edges++;
            if (front.Get(in.targets[e])) {
              depth[v] = level + 1;
              parent[v] = in.targets[e];
              grown.Set(v);
              ++awake;
              break;
            }
          }
        }
        front.Swap(grown);
        ++level;
        ++r.stats.supersteps;
      } while (awake > 0 && (awake >= previous || awake > n / kBeta));
      frontier.clear();
      for (VertexId v = 0; v < n; ++v)
        if (depth[v] == level) frontier.push_back(v);
      scout = 1;
      continue;
    }
    unexplored -= scout;
    scout = 0;
    next.clear();
    for (VertexId u : frontier) {
      r.stats.active_edges += out.degree(u);
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
    frontier.swap(next);
    ++level;
    ++r.stats.supersteps;
  }
  r.stats.compute_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

}  // namespace irreg::graph
