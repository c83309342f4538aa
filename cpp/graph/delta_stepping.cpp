// Shortest and widest paths by delta-stepping.
//
// Algorithm: delta-stepping (Meyer & Sanders, "Delta-stepping: a parallelizable shortest path
// algorithm", J. Algorithms 2003) with GAPBS's bucket fusion (src/sssp.cc; Beamer, Asanovic,
// Patterson, "The GAP Benchmark Suite", 2015; fusion after Zhang et al., CGO'20). Vertices
// wait in buckets of width delta by tentative distance; the lowest non-empty bucket is relaxed
// as a whole (in parallel), re-filling itself or later buckets, until every bucket is empty.
// Each thread keeps its own buckets; while a thread's copy of the current bucket stays small it
// drains it at once instead of waiting for a round of the others (fusion). Widest paths run
// the same buckets over decreasing width: the key of a width is (largest finite weight - width).
//
// Values: a label-correcting search relaxes until no edge improves anything, so each value is
// the minimum over paths of the left-to-right rounded sum fl(fl(w1 + w2) + ...) (resp. the
// exact min of the weights): fl(d + w) is monotone in d and not below d for w >= 0, so this is
// the very value Dijkstra settles, bit for bit, whatever order the relaxations ran in.
//
// Data encoding: out-edges in CSR, int32 vertex ids, float64 values; per vertex the bucket of
// its one pending entry (`queued`), so a vertex improved again while it waits is not queued
// (nor relaxed) twice: on RMAT scale 18 this cut the edges relaxed from 17.8M to 7.2M.
// Buckets past kMaxBin share the last one, which then works as a plain label-correcting queue
// (only weights spread over many orders of magnitude get there). Stats: supersteps = passes
// (serial) or rounds (parallel) over a current bucket, active_edges = out-edges of every
// vertex relaxed (a vertex improved again after its relaxation is relaxed again).
//
// Parallel: one OpenMP region; values are improved with a compare-and-swap on their bits;
// the next bucket is the smallest non-empty one over all threads. One thread runs the serial
// loop with no atomics and no parallel region.
#include <algorithm>
#include <cmath>
#include <limits>

#include "graph/fast_kernels.hpp"

namespace irreg::graph {
namespace {

// The default bucket widths (DefaultDelta), measured with GAPBS's integer weights 1..255
// (medians of 5). SSSP: Meyer and Sanders' delta ~ 1 / degree, delta = mean weight / average
// out-degree. At 1 thread on RMAT-20 / ER 1M-16M / grid 1000x1000, delta = mean x 0.5 took
// 405 / 525 / 66 ms (edges relaxed 27.3M / 19.2M / 4.03M), x 0.1 317 / 467 / 73, x 0.05
// 274 / 478 / 78 (17.2M / 16.8M / 4.00M: about every edge once), x 0.02 270 / 484 / 87; at 2
// threads x 0.05 took 159 / 268 / 137 ms, the grid's many narrow buckets each costing a round
// (x 0.5: 240 / 306 / 63). Mean / degree gives x 0.0625 on RMAT and ER (degree 16) and x 0.25
// on the grid (degree 4): 308 / 491 / 71 ms at 1 thread, 181 / 288 / 72 ms at 2. Earlier, on
// RMAT-18: x 0.25 / 0.5 / 1 took 51 / 52 / 65 ms and the grid 71 / 66 / 65 ms (Dijkstra: 104 ms and
// 177 ms). SSWP values are edge weights themselves, so narrow buckets cost little: range / 64 took
// 63 / 159 ms (edges relaxed 1.6x / 3.3x), range / 1024 49 / 77 ms with every edge relaxed once
// (Dijkstra: 124 / 264 ms).
constexpr double kWidthBuckets = 1024.0;
constexpr size_t kMaxBin = size_t{1} << 16;
constexpr size_t kNoBin = std::numeric_limits<size_t>::max();
constexpr size_t kFusionThreshold = 1000;  // GAPBS's kBinSizeThreshold
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Shortest {
  static bool Better(double a, double b) { return a < b; }
  static double Extend(double d, double w) { return d + w; }
  double Key(double value) const { return value; }
};
struct Widest {
  double top;  // the largest finite weight: width `top` or more is key 0
  static bool Better(double a, double b) { return a > b; }
  static double Extend(double d, double w) { return w < d ? w : d; }  // Dijkstra's, exactly
  double Key(double value) const { return top - value; }
};

template <class Objective>
struct Buckets {
  Objective objective;
  double delta;
  size_t Of(double value) const {
    const double b = objective.Key(value) / delta;
    if (!(b < static_cast<double>(kMaxBin - 1))) return kMaxBin - 1;  // NaN too
    return b > 0 ? static_cast<size_t>(b) : 0;
  }
};

using Bins = std::vector<std::vector<VertexId>>;
// Per vertex the bucket holding its one pending entry, or kNotQueued: a vertex improved again
// while it waits is not queued twice, and an entry whose bucket no longer matches is stale.
using Queued = std::vector<uint32_t>;
constexpr uint32_t kNotQueued = std::numeric_limits<uint32_t>::max();

inline void Push(Bins& bins, size_t bin, VertexId v) {
  if (bin >= bins.size()) bins.resize(bin + 1);
  bins[bin].push_back(v);
}

inline double LoadValue(const double* p) {
  double v;
  __atomic_load(p, &v, __ATOMIC_ACQUIRE);
  return v;
}

// Relaxes the out-edges of u (value du); an improved vertex goes to its bucket in `bins`
// unless its pending entry is already there. Buckets below `current` are clamped up to it:
// two threads improving one vertex can leave its entry in a later bucket than its value's
// (the worse improvement's exchange on `queued` landing last), so it may be relaxed from a
// bucket past its own, and its out-neighbours' buckets must never fall behind the current one.
template <bool kAtomic, class Objective>
inline void RelaxEdges(const CsrGraph& g, VertexId u, double du, const Buckets<Objective>& b,
                       uint32_t current, double* value, uint32_t* queued, Bins& bins) {
  for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
    const VertexId v = g.targets[e];
    const double candidate = Objective::Extend(du, g.weights[e]);
    if constexpr (kAtomic) {
      double old = LoadValue(&value[v]);
      while (Objective::Better(candidate, old)) {
        double desired = candidate;
        if (__atomic_compare_exchange(&value[v], &old, &desired, true, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE)) {
          const uint32_t bin = std::max(static_cast<uint32_t>(b.Of(candidate)), current);
          if (__atomic_exchange_n(&queued[v], bin, __ATOMIC_ACQ_REL) != bin) Push(bins, bin, v);
          break;
        }
      }
    } else if (Objective::Better(candidate, value[v])) {
      value[v] = candidate;
      const uint32_t bin = std::max(static_cast<uint32_t>(b.Of(candidate)), current);
      if (queued[v] != bin) {
        queued[v] = bin;
        Push(bins, bin, v);
      }
    }
  }
}

// One thread: drain the lowest non-empty bucket pass by pass (each pass is a superstep).
template <class Objective>
void SerialDeltaStep(const CsrGraph& g, VertexId source, const Buckets<Objective>& b, double* value,
                     RunStats& stats) {
  Queued queued(g.n, kNotQueued);
  Bins bins;
  queued[source] = static_cast<uint32_t>(b.Of(value[source]));
  Push(bins, queued[source], source);
  std::vector<VertexId> pass;
  for (size_t curr = 0; curr < bins.size();) {
    if (bins[curr].empty()) {
      ++curr;
      continue;
    }
    pass.swap(bins[curr]);
    ++stats.supersteps;
    for (VertexId u : pass) {
      if (queued[u] != curr) continue;  // stale: u moved to an earlier bucket and was relaxed
      queued[u] = kNotQueued;
      stats.active_edges += g.degree(u);
      RelaxEdges<false>(g, u, value[u], b, static_cast<uint32_t>(curr), value, queued.data(), bins);
    }
    pass.clear();
  }
}

// Many threads: GAPBS's loop. Every thread relaxes a share of the shared frontier (the current
// bucket), drains its own small copy of that bucket (fusion), then all agree on the next
// bucket and copy their parts of it into the frontier.
template <class Objective>
void ParallelDeltaStep(const CsrGraph& g, VertexId source, const Buckets<Objective>& b,
                       double* value, RunStats& stats, int32_t threads) {
  std::vector<VertexId> frontier{source};
  int64_t frontier_size = 1, total = 0, edges = 0, rounds = 0;
  size_t curr = b.Of(value[source]), next = kNoBin;
  Queued queued(g.n, kNotQueued);
  queued[source] = static_cast<uint32_t>(curr);
#pragma omp parallel num_threads(threads) reduction(+ : edges)
  {
    Bins bins;
    // Takes u's pending entry in `bin` (unless stale or taken) and relaxes u's current value.
    auto relax = [&](VertexId u, size_t bin) {
      uint32_t expected = static_cast<uint32_t>(bin);
      if (__atomic_load_n(&queued[u], __ATOMIC_RELAXED) != expected ||
          !__atomic_compare_exchange_n(&queued[u], &expected, kNotQueued, false, __ATOMIC_ACQ_REL,
                                       __ATOMIC_RELAXED))
        return;
      edges += g.degree(u);
      RelaxEdges<true>(g, u, LoadValue(&value[u]), b, expected, value, queued.data(), bins);
    };
    for (;;) {
      const size_t bin = curr;
#pragma omp for schedule(dynamic, 64) nowait
      for (int64_t i = 0; i < frontier_size; ++i) relax(frontier[i], bin);
      while (bin < bins.size() && !bins[bin].empty() && bins[bin].size() < kFusionThreshold) {
        std::vector<VertexId> pass;
        pass.swap(bins[bin]);
        for (VertexId u : pass) relax(u, bin);
      }
      size_t mine = kNoBin;
      for (size_t i = bin; i < bins.size() && mine == kNoBin; ++i)
        if (!bins[i].empty()) mine = i;
#pragma omp critical(irreg_delta_next)
      next = std::min(next, mine);
#pragma omp barrier
      const size_t upcoming = next;
      if (upcoming == kNoBin) break;
      const int64_t count =
          upcoming < bins.size() ? static_cast<int64_t>(bins[upcoming].size()) : 0;
      const int64_t start = __atomic_fetch_add(&total, count, __ATOMIC_RELAXED);
#pragma omp barrier
#pragma omp single
      {
        frontier.resize(total);
        frontier_size = total;
        total = 0;
        curr = upcoming;
        next = kNoBin;
        ++rounds;
      }
      if (count > 0) {
        std::copy(bins[upcoming].begin(), bins[upcoming].end(), frontier.begin() + start);
        bins[upcoming].clear();
      }
#pragma omp barrier
    }
  }
  stats.active_edges += edges;
  stats.supersteps += rounds + 1;
}

template <class Objective>
void Run(const CsrGraph& g, VertexId source, const Buckets<Objective>& b, double* value,
         RunStats& stats, int32_t threads) {
  if (threads > 1)
    ParallelDeltaStep(g, source, b, value, stats, threads);
  else
    SerialDeltaStep(g, source, b, value, stats);
}

}  // namespace

double DefaultDelta(const CsrGraph& g, PathObjective objective) {
  const CsrGraph::FiniteWeights& f = g.finite;
  const double degree =
      std::max(1.0, static_cast<double>(g.num_edges()) / std::max<int32_t>(1, g.n));
  const double delta = objective == PathObjective::kShortest
                           ? (f.count ? f.sum / f.count : 0) / degree
                           : (f.high - f.low) / kWidthBuckets;
  return std::isfinite(delta) && delta > 0 ? delta : 1.0;
}

ValueResult DeltaStepping(const CsrGraph& g, VertexId source, PathObjective objective,
                          int32_t threads, double delta) {
  if (!(delta > 0)) delta = DefaultDelta(g, objective);
  ValueResult r;
  if (objective == PathObjective::kShortest) {
    r.value.assign(g.n, kInf);
    r.value[source] = 0.0;
    Run(g, source, Buckets<Shortest>{{}, delta}, r.value.data(), r.stats, threads);
  } else {
    const double top = g.finite.high;
    r.value.assign(g.n, -kInf);
    r.value[source] = kInf;
    Run(g, source, Buckets<Widest>{{std::isfinite(top) ? top : 0.0}, delta}, r.value.data(),
        r.stats, threads);
  }
  return r;
}

}  // namespace irreg::graph
