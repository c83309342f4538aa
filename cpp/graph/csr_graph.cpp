#include "graph/csr_graph.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/threads.hpp"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace irreg::graph {
namespace {

// The last step of a build from rows: the weights' summary, then kLanes of padding so SIMD
// loads may run past the last edge (BuildFromEdges does both in its own passes).
void Seal(CsrGraph* g) {
  g->min_weight = std::numeric_limits<double>::infinity();
  CsrGraph::FiniteWeights f;
  for (double w : g->weights) {
    g->min_weight = std::min(g->min_weight, w);
    if (!std::isfinite(w)) continue;
    ++f.count;
    f.sum += w;
    f.low = std::min(f.low, w);
    f.high = std::max(f.high, w);
  }
  g->finite = f;
  g->targets.resize(g->targets.size() + kLanes, 0);
  g->weights.resize(g->weights.size() + kLanes, 0.0);
}

void CheckId(const char* what, int64_t i, int64_t id, int32_t n) {
  if (id < 0 || id >= n)
    throw std::invalid_argument(
        std::string(what) + "[" + std::to_string(i) + "] = " + std::to_string(id) +
        " is not a vertex (expected 0 <= id < n = " + std::to_string(n) + ")");
}

template <typename Id>
void ThrowBadEdge(const Id* src, const Id* dst, const double* weights, int64_t i, int32_t n) {
  CheckId("src", i, src[i], n);
  CheckId("dst", i, dst[i], n);
  if (weights != nullptr && std::isnan(weights[i]))
    throw std::invalid_argument("weight[" + std::to_string(i) + "] is NaN");
}

// Source buckets of the first pass: few enough that every bucket's write position stays in
// cache while edges stream out, many enough that one bucket's edges then sort in L2.
constexpr int kMaxBucketBits = 10;
// Buckets whose rows are all this short sort each row by insertion instead of by radix.
constexpr int64_t kInsertionSortRow = 32;
constexpr int kMaxDigitBits = 12;  // of the targets' radix sort inside a bucket: counters in L1
// Edges per bucket on average at least, so that clearing the digit counters stays small.
constexpr int64_t kMinBucketEdges = int64_t{2} << kMaxDigitBits;
// Stored edges per thread at least: a smaller graph builds in less time than a few fork/joins
// cost on a shared machine (a 131k-edge graph: 2 ms on one thread, 19 ms on two under load).
constexpr int64_t kMinThreadEdges = int64_t{1} << 16;

// [begin, end) of share k of `count` items cut in `shares` equal parts.
int64_t ShareBegin(int64_t count, int64_t shares, int64_t k) {
  return count / shares * k + std::min<int64_t>(k, count % shares);
}

// Per-thread buffers of the bucket pass.
struct BucketScratch {
  std::vector<uint64_t> keys;
  std::vector<double> weights;
  std::vector<int32_t> count;
  std::vector<VertexId> row_targets;
  std::vector<double> row_weights;
};

// Stable LSD radix sort of keys[0, size) (and weights, or null) by their low 32 bits (the
// target) less the smallest, in as few passes of at most kMaxDigitBits as that range needs: one
// on a mesh or road graph, whose rows' targets are near each other. The result is in *keys /
// *weights, which may come back pointing at the scratch buffers.
void SortByTarget(uint64_t** keys, double** weights, int64_t size, BucketScratch* s) {
  if (size < 2) return;
  uint32_t low = std::numeric_limits<uint32_t>::max(), high = 0;
  for (int64_t e = 0; e < size; ++e) {
    const uint32_t t = static_cast<uint32_t>((*keys)[e]);
    low = std::min(low, t);
    high = std::max(high, t);
  }
  int range_bits = 0;
  while (range_bits < 32 && ((high - low) >> range_bits) != 0) ++range_bits;
  if (range_bits == 0) return;
  const int passes = (range_bits + kMaxDigitBits - 1) / kMaxDigitBits;
  const int digit_bits = (range_bits + passes - 1) / passes;
  const uint32_t mask = (1u << digit_bits) - 1;
  s->keys.resize(size);
  if (*weights != nullptr) s->weights.resize(size);
  uint64_t* other_keys = s->keys.data();
  double* other_weights = *weights != nullptr ? s->weights.data() : nullptr;
  s->count.resize(size_t{1} << digit_bits);
  for (int pass = 0; pass < passes; ++pass) {
    const int shift = pass * digit_bits;
    const uint64_t* in = *keys;
    const auto digit = [&](uint64_t key) {
      return ((static_cast<uint32_t>(key) - low) >> shift) & mask;
    };
    std::fill(s->count.begin(), s->count.end(), 0);
    for (int64_t e = 0; e < size; ++e) ++s->count[digit(in[e])];
    int32_t sum = 0;
    for (int32_t& c : s->count) {
      const int32_t here = c;
      c = sum;
      sum += here;
    }
    for (int64_t e = 0; e < size; ++e) {
      const int32_t at = s->count[digit(in[e])]++;
      other_keys[at] = in[e];
      if (other_weights != nullptr) other_weights[at] = (*weights)[e];
    }
    std::swap(*keys, other_keys);
    std::swap(*weights, other_weights);
  }
}

// Two-pass radix build (each pass streams; no per-edge cache miss on a large graph):
//  1. every thread takes a contiguous share of the input and moves its edges, as (source,
//     target) keys with their weights, into buckets of 2^shift sources, after the edges of the
//     shares before it: each bucket holds its edges in input order, whatever the thread count;
//  2. per bucket (in parallel, in L2), a stable radix sort by target, then a stable counting sort
//     by source (or, when every row of the bucket is short, the counting sort and then insertion
//     sorts): rows come out sorted, repeated edges adjacent in input order, and the last of each
//     run is written at the bucket's place in the CSR; buckets that lost repeated edges then
//     close up in order.
// The CSR is therefore the same at every thread count; threads == 1 runs no parallel region.
template <typename Id>
CsrGraph BuildFromEdges(const Id* src, const Id* dst, const double* weights, int64_t m, int32_t n,
                        bool directed, int32_t threads) {
  CheckThreads(threads);
  if (n < 0) throw std::invalid_argument("n must be non-negative, got " + std::to_string(n));
  // Edge positions are int32 in the sort and slot ids; both directions of undirected edges count.
  const int64_t stored = directed ? m : 2 * m;
  if (stored >= std::numeric_limits<int32_t>::max())
    throw std::invalid_argument("too many edges: " + std::to_string(m) +
                                " (at most 2**31 - 2 stored edges are supported)");
  CsrGraph g;
  g.n = n;
  g.weighted = weights != nullptr;
  g.symmetric_sorted = !directed;
  g.offsets.assign(static_cast<size_t>(n) + 1, 0);
  int bits = 0;
  while (bits < 31 && (int64_t{1} << bits) < n) ++bits;
  int shift = std::max(0, bits - kMaxBucketBits);
  while (shift < bits && (stored >> (bits - shift)) < kMinBucketEdges) ++shift;
  const int64_t buckets = n == 0 ? 1 : ((int64_t{n} - 1) >> shift) + 1;
  // A small graph builds faster than a parallel region starts.
  threads = static_cast<int32_t>(std::clamp<int64_t>(stored / kMinThreadEdges, 1, threads));
  const int64_t shares = threads;

  // Edges per (share, bucket), checking ids and weights on the way; a share stops at its first
  // bad edge, and the first bad edge of the input is named.
  std::vector<int64_t> cursor(shares * buckets, 0);
  std::vector<int64_t> first_bad(shares, m);
  ParallelFor(threads, shares, [&](int64_t k) {
    int64_t* c = cursor.data() + k * buckets;
    const uint64_t limit = static_cast<uint64_t>(n);
    for (int64_t i = ShareBegin(m, shares, k), end = ShareBegin(m, shares, k + 1); i < end; ++i) {
      const int64_t u = src[i], v = dst[i];
      if (static_cast<uint64_t>(u) >= limit || static_cast<uint64_t>(v) >= limit ||
          (weights != nullptr && std::isnan(weights[i]))) {
        first_bad[k] = i;
        return;
      }
      ++c[u >> shift];
      if (!directed && u != v) ++c[v >> shift];
    }
  });
  for (int64_t k = 0; k < shares; ++k)
    if (first_bad[k] < m) ThrowBadEdge(src, dst, weights, first_bad[k], n);
  std::vector<int64_t> bucket_start(buckets + 1, 0);
  for (int64_t b = 0, sum = 0; b < buckets; ++b) {
    bucket_start[b] = sum;
    for (int64_t k = 0; k < shares; ++k) {
      const int64_t here = cursor[k * buckets + b];
      cursor[k * buckets + b] = sum;
      sum += here;
    }
    bucket_start[b + 1] = sum;
  }
  const int64_t total = bucket_start[buckets];

  // Pass 1: edges into buckets. Uninitialised buffers: every slot is written once.
  std::unique_ptr<uint64_t[]> keys(new uint64_t[std::max<int64_t>(total, 1)]);
  std::unique_ptr<double[]> key_weights(g.weighted ? new double[std::max<int64_t>(total, 1)]
                                                   : nullptr);
  ParallelFor(threads, shares, [&](int64_t k) {
    int64_t* c = cursor.data() + k * buckets;
    for (int64_t i = ShareBegin(m, shares, k), end = ShareBegin(m, shares, k + 1); i < end; ++i) {
      const uint64_t u = static_cast<uint64_t>(src[i]), v = static_cast<uint64_t>(dst[i]);
      const int64_t at = c[u >> shift]++;
      keys[at] = (u << 32) | v;
      if (g.weighted) key_weights[at] = weights[i];
      if (!directed && u != v) {
        const int64_t back = c[v >> shift]++;
        keys[back] = (v << 32) | u;
        if (g.weighted) key_weights[back] = weights[i];
      }
    }
  });
  cursor = {};

  // Pass 2: per bucket, rows by counting sort, then sorted and collapsed into place.
  g.targets.resize(static_cast<size_t>(total) + kLanes, 0);
  if (g.weighted) g.weights.resize(static_cast<size_t>(total) + kLanes, 0.0);
  std::vector<int64_t> kept(buckets, 0);
  std::vector<double> bucket_min(buckets, std::numeric_limits<double>::infinity());
  // Summed per bucket and then in bucket order: the same sums at every thread count.
  std::vector<CsrGraph::FiniteWeights> bucket_finite(buckets);
  std::vector<BucketScratch> scratch(threads);
  // A bucket sorted by target (stably), then by source (a stable counting sort) has its rows
  // sorted, with repeated edges adjacent in input order: the last of each run is kept.
  const auto sort_bucket = [&](int64_t b, BucketScratch* s) {
    const int64_t first = b << shift;
    const int64_t rows = std::min<int64_t>(int64_t{n} - first, int64_t{1} << shift);
    const int64_t lo = bucket_start[b], size = bucket_start[b + 1] - lo;
    uint64_t* bucket_keys = keys.get() + lo;
    double* bucket_weights = g.weighted ? key_weights.get() + lo : nullptr;
    int64_t* row_start = g.offsets.data() + first;  // row_start[r + 1]: degree, then kept
    for (int64_t e = 0; e < size; ++e) ++row_start[(bucket_keys[e] >> 32) - first + 1];
    int64_t longest = 0;
    for (int64_t r = 0; r < rows; ++r) longest = std::max(longest, row_start[r + 1]);
    // Short rows (meshes, road graphs) sort by insertion after the source sort; otherwise the
    // radix sort by target comes first.
    const bool short_rows = longest <= kInsertionSortRow;
    if (!short_rows) SortByTarget(&bucket_keys, &bucket_weights, size, s);
    std::vector<int32_t>& next = s->count;
    next.assign(rows, 0);
    for (int64_t r = 0, sum = 0; r < rows; ++r) {
      next[r] = static_cast<int32_t>(sum);
      sum += row_start[r + 1];
    }
    s->row_targets.resize(size);
    if (g.weighted) s->row_weights.resize(size);
    VertexId* t = s->row_targets.data();
    double* w = g.weighted ? s->row_weights.data() : nullptr;
    for (int64_t e = 0; e < size; ++e) {
      const int32_t at = next[(bucket_keys[e] >> 32) - first]++;
      t[at] = static_cast<VertexId>(bucket_keys[e] & 0xffffffffu);
      if (w != nullptr) w[at] = bucket_weights[e];
    }
    if (short_rows) {
      for (int64_t r = 0, begin = 0; r < rows; begin = next[r++])
        for (int64_t j = begin + 1; j < next[r]; ++j) {  // stable: equal targets keep order
          const VertexId tj = t[j];
          const double wj = w != nullptr ? w[j] : 0.0;
          int64_t k = j;
          for (; k > begin && t[k - 1] > tj; --k) {
            t[k] = t[k - 1];
            if (w != nullptr) w[k] = w[k - 1];
          }
          t[k] = tj;
          if (w != nullptr) w[k] = wj;
        }
    }
    double min_weight = std::numeric_limits<double>::infinity();
    VertexId* out_targets = g.targets.data() + lo;
    double* out_weights = g.weighted ? g.weights.data() + lo : nullptr;
    int64_t out = 0, begin = 0;
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t end = next[r], before = out;  // the cursor ended at the row's end
      for (int64_t j = begin; j < end; ++j) {
        if (j + 1 < end && s->row_targets[j + 1] == s->row_targets[j]) continue;
        out_targets[out] = s->row_targets[j];
        if (out_weights != nullptr) {
          const double wj = s->row_weights[j];
          out_weights[out] = wj;
          min_weight = std::min(min_weight, wj);
          if (std::isfinite(wj)) {
            CsrGraph::FiniteWeights& f = bucket_finite[b];
            ++f.count;
            f.sum += wj;
            f.low = std::min(f.low, wj);
            f.high = std::max(f.high, wj);
          }
        }
        ++out;
      }
      row_start[r + 1] = out - before;
      begin = end;
    }
    kept[b] = out;
    bucket_min[b] = min_weight;
  };
  if (threads == 1) {
    for (int64_t b = 0; b < buckets; ++b) sort_bucket(b, &scratch[0]);
  } else {
#ifdef _OPENMP
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
#endif
    for (int64_t b = 0; b < buckets; ++b) sort_bucket(b, &scratch[omp_get_thread_num()]);
  }
  keys.reset();
  key_weights.reset();
  scratch.clear();

  int64_t end = 0;
  for (int64_t b = 0; b < buckets; ++b) {
    const int64_t from = bucket_start[b], length = kept[b];
    if (from != end) {
      std::memmove(g.targets.data() + end, g.targets.data() + from, sizeof(VertexId) * length);
      if (g.weighted)
        std::memmove(g.weights.data() + end, g.weights.data() + from, sizeof(double) * length);
    }
    end += length;
  }
  for (int32_t v = 0; v < n; ++v) g.offsets[v + 1] += g.offsets[v];
  g.targets.resize(end);
  g.targets.resize(end + kLanes, 0);
  if (g.weighted) {
    g.min_weight = *std::min_element(bucket_min.begin(), bucket_min.end());
    for (const CsrGraph::FiniteWeights& f : bucket_finite) {
      g.finite.count += f.count;
      g.finite.sum += f.sum;
      g.finite.low = std::min(g.finite.low, f.low);
      g.finite.high = std::max(g.finite.high, f.high);
    }
    g.weights.resize(end);
    g.weights.resize(end + kLanes, 0.0);
  } else {
    g.min_weight = end > 0 ? 1.0 : std::numeric_limits<double>::infinity();
    if (end > 0) g.finite = {end, static_cast<double>(end), 1.0, 1.0};
    g.weights.assign(end, 1.0);
    g.weights.resize(end + kLanes, 0.0);
  }
  return g;
}

}  // namespace

CsrGraph CsrGraph::FromEdges(const int64_t* src, const int64_t* dst, const double* weights,
                             int64_t m, int32_t n, bool directed, int32_t threads) {
  return BuildFromEdges(src, dst, weights, m, n, directed, threads);
}

CsrGraph CsrGraph::FromEdges(const int32_t* src, const int32_t* dst, const double* weights,
                             int64_t m, int32_t n, bool directed, int32_t threads) {
  return BuildFromEdges(src, dst, weights, m, n, directed, threads);
}

CsrGraph CsrGraph::FromRows(std::vector<int64_t> offsets, std::vector<VertexId> targets,
                            std::vector<double> weights, int32_t n) {
  const int64_t m = static_cast<int64_t>(targets.size());
  if (n < 0 || offsets.size() != static_cast<size_t>(n) + 1 || offsets.front() != 0 ||
      offsets.back() != m)
    throw std::invalid_argument("offsets must hold n + 1 entries from 0 to the number of targets");
  for (int32_t v = 0; v < n; ++v)
    if (offsets[v + 1] < offsets[v])
      throw std::invalid_argument("offsets must not decrease (row " + std::to_string(v) + ")");
  for (int64_t e = 0; e < m; ++e) CheckId("targets", e, targets[e], n);
  for (size_t e = 0; e < weights.size(); ++e)
    if (std::isnan(weights[e]))
      throw std::invalid_argument("weight[" + std::to_string(e) + "] is NaN");
  CsrGraph g;
  g.n = n;
  g.weighted = !weights.empty();
  if (g.weighted && static_cast<int64_t>(weights.size()) != m)
    throw std::invalid_argument("weights must hold one value per target");
  if (!g.weighted) weights.assign(m, 1.0);
  g.offsets = std::move(offsets);
  g.targets = std::move(targets);
  g.weights = std::move(weights);
  Seal(&g);
  return g;
}

bool CsrGraph::IsSymmetricSorted() const {
  for (int32_t u = 0; u < n; ++u) {
    const VertexId* row = targets.data() + offsets[u];
    const VertexId* end = targets.data() + offsets[u + 1];
    if (!std::is_sorted(row, end)) return false;
    for (const VertexId* t = row; t != end; ++t) {  // (u, v) needs (v, u), v's row being sorted
      const VertexId* other = targets.data() + offsets[*t];
      const VertexId* other_end = targets.data() + offsets[*t + 1];
      if (!std::binary_search(other, other_end, u)) return false;
    }
  }
  return true;
}

CsrGraph CsrGraph::Symmetrized() const {
  const int64_t m = num_edges();
  std::vector<VertexId> rows(m);
  for (VertexId u = 0; u < n; ++u)
    std::fill(rows.begin() + offsets[u], rows.begin() + offsets[u + 1], u);
  // As an unweighted undirected edge list: both directions of every edge, collapsed.
  return BuildFromEdges(rows.data(), targets.data(), nullptr, m, n, /*directed=*/false, 1);
}

CsrGraph CsrGraph::InEdges(int32_t threads) const {
  // Counting sort by target. Each thread owns a contiguous block of source rows and its own
  // count per target; the cursors of thread k for target v start after threads < k's copies,
  // so sources stay ascending in every row whatever the count. The per-thread counts cost
  // 4 bytes per vertex and thread: no more threads than edges per vertex (at most the size of
  // the targets array again).
  CsrGraph t;
  t.n = n;
  t.min_weight = 1;
  const int64_t m = num_edges();
  const int32_t teams =
      static_cast<int32_t>(std::max<int64_t>(1, std::min<int64_t>(threads, n == 0 ? 1 : m / n)));
  t.offsets.assign(static_cast<size_t>(n) + 1, 0);
  t.targets.resize(m + kLanes);
  std::fill(t.targets.end() - kLanes, t.targets.end(), 0);
  if (teams == 1) {
    for (int64_t e = 0; e < m; ++e) ++t.offsets[targets[e] + 1];
    for (int32_t v = 0; v < n; ++v) t.offsets[v + 1] += t.offsets[v];
    std::vector<int64_t> next(t.offsets.begin(), t.offsets.end() - 1);
    for (VertexId u = 0; u < n; ++u)
      for (int64_t e = offsets[u]; e < offsets[u + 1]; ++e) t.targets[next[targets[e]]++] = u;
    return t;
  }
  // Rows split so that each block holds about m / teams edges.
  std::vector<VertexId> first_row(teams + 1, n);
  first_row[0] = 0;
  for (int32_t k = 1; k < teams; ++k)
    first_row[k] = static_cast<VertexId>(
        std::upper_bound(offsets.begin(), offsets.end(), m * k / teams) - offsets.begin() - 1);
  std::vector<int32_t> cursor(static_cast<size_t>(teams) * n, 0);  // [k * n + v]
#pragma omp parallel num_threads(teams)
  {
#pragma omp for schedule(static, 1)
    for (int32_t k = 0; k < teams; ++k) {
      int32_t* count = cursor.data() + static_cast<size_t>(k) * n;
      for (int64_t e = offsets[first_row[k]]; e < offsets[first_row[k + 1]]; ++e)
        ++count[targets[e]];
    }
    // Offsets and each thread's cursor: over targets in static shares, over threads in order.
#pragma omp for schedule(static)
    for (VertexId v = 0; v < n; ++v) {
      int32_t total = 0;
      for (int32_t k = 0; k < teams; ++k) {
        int32_t& c = cursor[static_cast<size_t>(k) * n + v];
        const int32_t here = c;
        c = total;
        total += here;
      }
      t.offsets[v + 1] = total;
    }
#pragma omp single
    for (int32_t v = 0; v < n; ++v) t.offsets[v + 1] += t.offsets[v];
#pragma omp for schedule(static, 1)
    for (int32_t k = 0; k < teams; ++k) {
      int32_t* next = cursor.data() + static_cast<size_t>(k) * n;
      for (VertexId u = first_row[k]; u < first_row[k + 1]; ++u)
        for (int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
          const VertexId v = targets[e];
          t.targets[t.offsets[v] + next[v]++] = u;
        }
    }
  }
  return t;
}

std::vector<int32_t> CsrGraph::InDegrees() const {
  std::vector<int32_t> in(n, 0);
  const int64_t m = num_edges();
  for (int64_t e = 0; e < m; ++e) ++in[targets[e]];
  return in;
}

}  // namespace irreg::graph
