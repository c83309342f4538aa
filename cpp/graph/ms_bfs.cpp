// Hops from many sources summed per vertex (graph/ms_bfs.hpp): the batches and levels of the
// bit-parallel search around the per-ISA level steps, and the one-BFS-per-source baseline.
#include "graph/ms_bfs.hpp"

#include <algorithm>

#include "core/huge_pages.hpp"

namespace irreg {
namespace graph {
namespace {

// 2^64 / hops, rounded down: one reciprocal hop count in the fixed point of LevelSums.inverse.
// Both methods add exactly these, so their sums agree to the bit.
unsigned __int128 Unit(int32_t hops) { return (static_cast<unsigned __int128>(1) << 64) / hops; }

// A top-down step writes each block it reaches (a read, an OR and a store at a random vertex)
// and then settles the vertices it touched; a bottom-up step only reads, but every open
// in-edge. Top-down while the frontier's out-edges, weighted by this, are fewer than the
// in-edges still open.
constexpr int64_t kTopDownCost = 4;

// Searches deeper than this many levels (a path, a grid, a road network) run one queue BFS per
// source: there each bit-parallel level moves few bits per block over many scattered blocks,
// while one search at a time keeps its frontier in cache (a path of 10^5 vertices, 512
// sources: 2.9 s bit-parallel, 0.19 s per source). Small worlds take 10 to 30 levels.
constexpr int64_t kDeepLevels = 256;

DistanceSums Empty(int32_t n, size_t num_sources, bool per_vertex) {
  DistanceSums r;
  if (per_vertex) {
    r.reached.assign(n, 0);
    r.total.assign(n, 0);
    r.inverse.assign(n, 0);
    r.farthest.assign(n, -1);
  }
  r.eccentricity.assign(num_sources, 0);
  r.reaches_all.assign(num_sources, 0);
  return r;
}

// Bits of sources [0, count) of a batch.
bool HasBit(const uint64_t* words, int i) { return (words[i / 64] >> (i % 64)) & 1u; }
void SetBit(uint64_t* words, int i) { words[i / 64] |= uint64_t{1} << (i % 64); }

// The blocks of one batch of searches, allocated once per chunk. Between levels `frontier` is
// zero but at the vertices of `active`, and `next` is zero.
struct Batch {
  HugePageVector<SourceBlock> seen, frontier, next;
  std::vector<VertexId> active, touched;  // n + 1: a top-down step writes one past its last
  explicit Batch(int32_t n) : seen(n), frontier(n), next(n), active(n + 1), touched(n + 1) {}

  // Sources [0, count) of `sources` at level 0; every vertex starts seen by the batch's unused
  // bits, so a block of all ones means "reached by every search" in a partial batch too.
  // Returns level 0's outcome (its frontier: the distinct sources, listed in `active`).
  LevelOutcome Start(const CsrGraph& out, const VertexId* sources, int count, DistanceSums* r) {
    SourceBlock unused{};
    for (int i = count; i < kBatchSources; ++i) SetBit(unused.word, i);
    std::fill(seen.begin(), seen.end(), unused);
    LevelOutcome o{active.data(), 0, 0, 0, {}};
    for (int i = 0; i < count; ++i) {
      const VertexId s = sources[i];
      bool first = true;
      for (uint64_t w : frontier[s].word) first = first && w == 0;
      if (first) {
        o.active[o.num_active++] = s;
        o.frontier_edges += out.degree(s);
      }
      SetBit(frontier[s].word, i);
      SetBit(seen[s].word, i);
      if (!r->reached.empty()) {
        ++r->reached[s];
        r->farthest[s] = std::max(r->farthest[s], 0);
      }
    }
    return o;
  }
};

// Queue BFSs from sources[first:last], added into *r.
void PerSourceInto(const CsrGraph& out, const std::vector<VertexId>& sources, size_t first,
                   size_t last, bool per_vertex, DistanceSums* r) {
  const int32_t n = out.n;
  std::vector<uint8_t> seen(n);
  std::vector<VertexId> queue(n);
  std::vector<unsigned __int128> unit(1, 0);  // unit[hops], grown as searches go deeper
  for (size_t i = first; i < last; ++i) {
    std::fill(seen.begin(), seen.end(), 0);
    size_t head = 0, tail = 0, level_end = 1;
    int32_t level = 0;
    queue[tail++] = sources[i];
    seen[sources[i]] = 1;
    while (head < tail) {
      if (head == level_end) {
        ++level;
        level_end = tail;
        ++r->stats.supersteps;
        if (static_cast<size_t>(level) == unit.size()) unit.push_back(Unit(level));
      }
      const VertexId u = queue[head++];
      if (per_vertex) {
        ++r->reached[u];
        r->total[u] += level;
        r->inverse[u] += unit[level];
        r->farthest[u] = std::max(r->farthest[u], level);
      }
      r->stats.active_edges += out.degree(u);
      for (int64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
        const VertexId v = out.targets[e];
        if (!seen[v]) {
          seen[v] = 1;
          queue[tail++] = v;
        }
      }
    }
    r->eccentricity[i] = level;
    r->reaches_all[i] = tail == static_cast<size_t>(n);
  }
}

}  // namespace

DistanceSums BitParallelDistances(const CsrGraph& out, const CsrGraph& in,
                                  const std::vector<VertexId>& sources, bool per_vertex,
                                  const MsBfsKernels& kernels) {
  const int32_t n = out.n;
  DistanceSums r = Empty(n, sources.size(), per_vertex);
  if (sources.empty()) return r;
  // The first source's search, queue BFS, tells how deep the graph is.
  PerSourceInto(out, sources, 0, 1, per_vertex, &r);
  if (r.eccentricity[0] > kDeepLevels) {
    PerSourceInto(out, sources, 1, sources.size(), per_vertex, &r);
    return r;
  }
  Batch b(n);
  for (size_t base = 1; base < sources.size(); base += kBatchSources) {
    const int count = static_cast<int>(std::min<size_t>(kBatchSources, sources.size() - base));
    LevelOutcome done = b.Start(out, sources.data() + base, count, &r);
    int64_t open_edges = in.num_edges();  // in-edges of vertices some search has not reached
    uint64_t alive[8] = {};               // the searches still finding vertices
    for (int i = 0; i < count; ++i) SetBit(alive, i);
    for (int32_t level = 1;; ++level) {
      const SourceLevel step{n,
                             out.offsets.data(),
                             out.targets.data(),
                             in.offsets.data(),
                             in.targets.data(),
                             b.frontier.data(),
                             b.next.data(),
                             b.seen.data()};
      LevelSums sums{r.reached.data(),  r.total.data(), r.inverse.data(),
                     r.farthest.data(), level,          Unit(level)};
      LevelSums* wanted = per_vertex ? &sums : nullptr;
      LevelOutcome o{b.touched.data(), 0, 0, 0, {}};
      if (done.frontier_edges * kTopDownCost < open_edges) {
        const int64_t touched = kernels.push(step, b.active.data(), done.num_active, o.active);
        kernels.settle(step, o.active, touched, wanted, &o);
        r.stats.active_edges += done.frontier_edges;
      } else {
        kernels.pull(step, wanted, &o);
        r.stats.active_edges += open_edges;
      }
      open_edges -= o.closed_edges;
      for (int64_t i = 0; i < done.num_active; ++i) b.frontier[b.active[i]] = SourceBlock{};
      // A search that reaches no new vertex at a level never will again: its eccentricity is
      // the level before.
      for (int w = 0; w < 8; ++w)
        for (uint64_t ended = alive[w] & ~o.alive[w]; ended != 0; ended &= ended - 1)
          r.eccentricity[base + 64 * w + __builtin_ctzll(ended)] = level - 1;
      std::copy(std::begin(o.alive), std::end(o.alive), std::begin(alive));
      if (o.num_active == 0) break;
      ++r.stats.supersteps;
      done = o;
      std::swap(b.frontier, b.next);
      std::swap(b.active, b.touched);
    }
    uint64_t everywhere[8];
    std::fill(std::begin(everywhere), std::end(everywhere), ~uint64_t{0});
    for (const SourceBlock& block : b.seen)
      for (int w = 0; w < 8; ++w) everywhere[w] &= block.word[w];
    for (int i = 0; i < count; ++i) r.reaches_all[base + i] = HasBit(everywhere, i);
  }
  return r;
}

DistanceSums PerSourceDistances(const CsrGraph& out, const std::vector<VertexId>& sources,
                                bool per_vertex) {
  DistanceSums r = Empty(out.n, sources.size(), per_vertex);
  PerSourceInto(out, sources, 0, sources.size(), per_vertex, &r);
  return r;
}

const MsBfsKernels& MsBfsKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(graph::MsBfsKernels, MakeMsBfsKernels);
  return tables.For(isa);
}

}  // namespace graph
}  // namespace irreg
