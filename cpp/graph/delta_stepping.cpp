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
// (nor relaxed) twice: on RMAT scale 18 this cut the edges relaxed from 17.8M to 7.2M. Shortest
// paths over whole-number weights (GraphLayout::integer_weights) run on IntegerLabels instead:
// uint32 distance and pending bucket in one word per vertex, the same values. Labels read at
// random sit on 2 MiB pages, and the visits ahead are prefetched (VisitRange): on kron-20 at
// 1 thread, float labels 306 ms, integer labels 255 ms, on huge pages 223 ms, prefetched 152 ms
// (GAPBS's sssp in the same run: 218 ms).
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

#include "core/huge_pages.hpp"
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
// Prefetch distances, measured at 1 thread on kron-20 (integer labels, min of 12): visits 0 / 4 /
// 8 / 16 / 32 ahead took 233 / 165 / 158 / 152 / 153 ms (GAPBS: 218 ms); edges 16 ahead within a
// row gained a little more on kron's long rows (145 ms) and nothing on urand.
constexpr size_t kPassAhead = 16;
constexpr int64_t kAhead = 16;
constexpr size_t kChunk = 64;  // frontier vertices a thread takes at a time (GAPBS's)

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

// Float labels: per vertex its value (the caller's array) and, apart, the bucket of its one
// pending entry or kNotQueued: a vertex improved again while it waits is not queued twice, and
// an entry whose bucket no longer matches is stale.
template <class Objective>
class FloatLabels {
 public:
  FloatLabels(const CsrGraph& g, const Buckets<Objective>& b, double* value)
      : g_(g), b_(b), value_(value), queued_(g.n, kNotQueued) {}

  uint32_t Enqueue(VertexId source) {
    return queued_[source] = static_cast<uint32_t>(b_.Of(value_[source]));
  }

  // Takes u's pending entry in `bin` (unless stale or taken) and relaxes u's out-edges (adding
  // them to `edges`). An improved vertex goes to its bucket in `bins` unless its pending entry
  // is already there. Buckets below `bin` are clamped up to it: two threads improving one vertex
  // can leave its entry in a later bucket than its value's (the worse improvement's exchange on
  // `queued` landing last), so it may be relaxed from a bucket past its own, and its
  // out-neighbours' buckets must never fall behind the current one.
  template <bool kAtomic>
  void Visit(VertexId u, uint32_t bin, Bins& bins, int64_t& edges) {
    uint32_t* queued = queued_.data();
    if constexpr (kAtomic) {
      uint32_t expected = bin;
      if (__atomic_load_n(&queued[u], __ATOMIC_RELAXED) != expected ||
          !__atomic_compare_exchange_n(&queued[u], &expected, kNotQueued, false, __ATOMIC_ACQ_REL,
                                       __ATOMIC_RELAXED))
        return;
    } else {
      if (queued[u] != bin) return;  // stale: u moved to an earlier bucket and was relaxed
      queued[u] = kNotQueued;
    }
    edges += g_.degree(u);
    const double du = kAtomic ? LoadValue(&value_[u]) : value_[u];
    const VertexId* targets = g_.targets.data();
    const int64_t end = g_.offsets[u + 1];
    for (int64_t e = g_.offsets[u]; e < end; ++e) {
      if (e + kAhead < end) __builtin_prefetch(&value_[targets[e + kAhead]]);
      const VertexId v = targets[e];
      const double candidate = Objective::Extend(du, g_.weights[e]);
      if constexpr (kAtomic) {
        double old = LoadValue(&value_[v]);
        while (Objective::Better(candidate, old)) {
          double desired = candidate;
          if (__atomic_compare_exchange(&value_[v], &old, &desired, true, __ATOMIC_ACQ_REL,
                                        __ATOMIC_ACQUIRE)) {
            const uint32_t to = std::max(static_cast<uint32_t>(b_.Of(candidate)), bin);
            if (__atomic_exchange_n(&queued[v], to, __ATOMIC_ACQ_REL) != to) Push(bins, to, v);
            break;
          }
        }
      } else if (Objective::Better(candidate, value_[v])) {
        value_[v] = candidate;
        const uint32_t to = std::max(static_cast<uint32_t>(b_.Of(candidate)), bin);
        if (queued[v] != to) {
          queued[v] = to;
          Push(bins, to, v);
        }
      }
    }
  }

  void PrefetchVertex(VertexId u) const {
    __builtin_prefetch(&queued_[u]);
    __builtin_prefetch(&value_[u]);
    __builtin_prefetch(&g_.offsets[u]);
  }
  void PrefetchRow(VertexId u) const {
    const int64_t e = g_.offsets[u];
    __builtin_prefetch(&g_.targets[e]);
    __builtin_prefetch(&g_.weights[e]);
  }
  void Finish(int32_t /*threads*/) {}

 private:
  const CsrGraph& g_;
  Buckets<Objective> b_;
  double* value_;
  HugePageVector<uint32_t> queued_;  // read at random: 2 MiB pages
};

// Integer labels (shortest paths over whole-number weights, GraphLayout::integer_weights): per
// vertex one 8-byte word, the uint32 distance above the bucket of its pending entry. One random
// access per edge reads both (the float labels make two, 12 bytes), and one compare-and-swap
// improves the distance and claims the bucket together, so taking an entry and improving its
// vertex cannot interleave. Buckets are 2^shift wide. Integer sums below 2^32 are the float64
// sums exactly, so the values are the float labels', bit for bit.
class IntegerLabels {
 public:
  IntegerLabels(const CsrGraph& g, const uint32_t* weights, double delta, double* value)
      : g_(g), weights_(weights), value_(value), word_(g.n, Pack(kFar, kNotQueued)) {
    while (shift_ < 31 && std::ldexp(1.0, shift_ + 1) <= delta) ++shift_;
  }

  uint32_t Enqueue(VertexId source) {
    word_[source] = Pack(0, 0);
    return 0;
  }

  template <bool kAtomic>
  void Visit(VertexId u, uint32_t bin, Bins& bins, int64_t& edges) {
    uint64_t* word = word_.data();
    uint64_t w = kAtomic ? __atomic_load_n(&word[u], __ATOMIC_RELAXED) : word[u];
    for (;;) {  // take the entry; a failed exchange reloads w (u improved meanwhile)
      if (static_cast<uint32_t>(w) != bin) return;
      if constexpr (!kAtomic) {
        word[u] = Pack(Distance(w), kNotQueued);
        break;
      } else if (__atomic_compare_exchange_n(&word[u], &w, Pack(Distance(w), kNotQueued), true,
                                             __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) {
        break;
      }
    }
    const uint32_t du = Distance(w);
    const int64_t begin = g_.offsets[u], end = g_.offsets[u + 1];
    edges += end - begin;
    const VertexId* targets = g_.targets.data();
    for (int64_t e = begin; e < end; ++e) {
      if (e + kAhead < end) __builtin_prefetch(&word[targets[e + kAhead]]);
      const VertexId v = targets[e];
      const uint32_t candidate = du + weights_[e];
      uint64_t old = kAtomic ? __atomic_load_n(&word[v], __ATOMIC_RELAXED) : word[v];
      while (candidate < Distance(old)) {
        const uint32_t to = std::max(BinOf(candidate), bin);
        const uint64_t desired = Pack(candidate, to);
        if constexpr (!kAtomic) {
          word[v] = desired;
        } else if (!__atomic_compare_exchange_n(&word[v], &old, desired, true, __ATOMIC_ACQ_REL,
                                                __ATOMIC_RELAXED)) {
          continue;
        }
        if (static_cast<uint32_t>(old) != to) Push(bins, to, v);
        break;
      }
    }
  }

  void PrefetchVertex(VertexId u) const {
    __builtin_prefetch(&word_[u]);
    __builtin_prefetch(&g_.offsets[u]);
  }
  void PrefetchRow(VertexId u) const {
    const int64_t e = g_.offsets[u];
    __builtin_prefetch(&g_.targets[e]);
    __builtin_prefetch(&weights_[e]);
  }

  // The distances into the caller's float64 values (inf where not reached).
  void Finish(int32_t threads) {
    const int32_t n = g_.n;
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
    for (int32_t v = 0; v < n; ++v) {
      const uint32_t d = Distance(word_[v]);
      value_[v] = d == kFar ? std::numeric_limits<double>::infinity() : d;
    }
  }

 private:
  static constexpr uint32_t kFar = std::numeric_limits<uint32_t>::max();  // not reached
  static uint64_t Pack(uint32_t distance, uint32_t bin) {
    return static_cast<uint64_t>(distance) << 32 | bin;
  }
  static uint32_t Distance(uint64_t w) { return static_cast<uint32_t>(w >> 32); }
  uint32_t BinOf(uint32_t distance) const {
    return std::min(distance >> shift_, static_cast<uint32_t>(kMaxBin - 1));
  }

  const CsrGraph& g_;
  const uint32_t* weights_;
  double* value_;
  HugePageVector<uint64_t> word_;  // read at random: 2 MiB pages
  int shift_ = 0;
};

// Visits list[begin, end) in order. The vertices kPassAhead and 2 kPassAhead on (up to
// list[limit - 1]) are prefetched: the row of the nearer, the label and row offsets of the
// farther (whose offsets the nearer's prefetch then finds in cache). Bucket order is random, so
// without this every visit waited on three cache misses in a row.
template <bool kAtomic, class Labels>
void VisitRange(Labels& labels, const VertexId* list, size_t begin, size_t end, size_t limit,
                uint32_t bin, Bins& bins, int64_t& edges) {
  for (size_t i = begin; i < end; ++i) {
    if (i + 2 * kPassAhead < limit) labels.PrefetchVertex(list[i + 2 * kPassAhead]);
    if (i + kPassAhead < limit) labels.PrefetchRow(list[i + kPassAhead]);
    labels.template Visit<kAtomic>(list[i], bin, bins, edges);
  }
}

// One thread: drain the lowest non-empty bucket pass by pass (each pass is a superstep).
template <class Labels>
void SerialDeltaStep(Labels& labels, VertexId source, RunStats& stats) {
  Bins bins;
  Push(bins, labels.Enqueue(source), source);
  std::vector<VertexId> pass;
  for (size_t curr = 0; curr < bins.size();) {
    if (bins[curr].empty()) {
      ++curr;
      continue;
    }
    pass.swap(bins[curr]);
    ++stats.supersteps;
    VisitRange<false>(labels, pass.data(), 0, pass.size(), pass.size(), static_cast<uint32_t>(curr),
                      bins, stats.active_edges);
    pass.clear();
  }
}

// Many threads: GAPBS's loop. Every thread relaxes a share of the shared frontier (the current
// bucket), drains its own small copy of that bucket (fusion), then all agree on the next
// bucket and copy their parts of it into the frontier.
template <class Labels>
void ParallelDeltaStep(Labels& labels, VertexId source, RunStats& stats, int32_t threads) {
  std::vector<VertexId> frontier{source};
  int64_t frontier_size = 1, total = 0, edges = 0, rounds = 0;
  size_t curr = labels.Enqueue(source), next = kNoBin;
#pragma omp parallel num_threads(threads) reduction(+ : edges)
  {
    Bins bins;
    for (;;) {
      const uint32_t bin = static_cast<uint32_t>(curr);
      const size_t size = static_cast<size_t>(frontier_size);
#pragma omp for schedule(dynamic, 1) nowait
      for (size_t begin = 0; begin < size; begin += kChunk)
        VisitRange<true>(labels, frontier.data(), begin, std::min(begin + kChunk, size), size, bin,
                         bins, edges);
      while (bin < bins.size() && !bins[bin].empty() && bins[bin].size() < kFusionThreshold) {
        std::vector<VertexId> pass;
        pass.swap(bins[bin]);
        VisitRange<true>(labels, pass.data(), 0, pass.size(), pass.size(), bin, bins, edges);
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

template <class Labels>
void Run(Labels labels, VertexId source, RunStats& stats, int32_t threads) {
  if (threads > 1)
    ParallelDeltaStep(labels, source, stats, threads);
  else
    SerialDeltaStep(labels, source, stats);
  labels.Finish(threads);
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
                          int32_t threads, double delta, const uint32_t* integer_weights) {
  if (!(delta > 0)) delta = DefaultDelta(g, objective);
  ValueResult r;
  if (objective == PathObjective::kShortest) {
    r.value.assign(g.n, kInf);
    r.value[source] = 0.0;
    if (integer_weights != nullptr)
      Run(IntegerLabels(g, integer_weights, delta, r.value.data()), source, r.stats, threads);
    else
      Run(FloatLabels<Shortest>(g, {{}, delta}, r.value.data()), source, r.stats, threads);
  } else {
    const double top = g.finite.high;
    r.value.assign(g.n, -kInf);
    r.value[source] = kInf;
    Run(FloatLabels<Widest>(g, {{std::isfinite(top) ? top : 0.0}, delta}, r.value.data()), source,
        r.stats, threads);
  }
  return r;
}

}  // namespace irreg::graph
