#include "graph/link_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/isa_tables.hpp"

namespace irreg::graph {
namespace {

// Vertices plus edges per pulled chunk: small enough that the chunk's sums and update stay in
// L2 and that dynamic scheduling evens out skewed rows, large enough that a chunk's bookkeeping
// is nothing beside its rows. A pushed product's update chunks are vertices alone.
constexpr int64_t kChunkWork = int64_t{1} << 14;
constexpr int32_t kChunkVertices = 1 << 13;
// Shares of tile columns of a pushed product. A share's destinations (n / kShares of them) stay
// in cache while its groups scatter into them, row tile by row tile: on rmat:20:16 at one thread
// one share took 144 ms a call, 64 shares 120-126 ms (medians of 5, a noisy host). Dynamic
// scheduling evens out RMAT's heavy columns. The shares never change a sum: a destination's groups
// are added in tile-row order whatever share holds them.
constexpr int32_t kShares = 64;

// f(first, last, k) for every chunk k of `first` (chunk k: [first[k], first[k + 1])) on up to
// `threads` threads.
template <class F>
void ForEachChunk(const std::vector<VertexId>& first, int32_t threads, F&& f) {
  const int64_t chunks = static_cast<int64_t>(first.size()) - 1;
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
  for (int64_t k = 0; k < chunks; ++k) f(first[k], first[k + 1], k);
}

// Partial sums, `width` per chunk, added in chunk order.
class Partials {
 public:
  Partials(int64_t chunks, int width) : width_(width), sums_(chunks * width, 0.0) {}
  double* at(int64_t k) { return sums_.data() + k * width_; }
  double Sum(int i) const {
    double s = 0.0;
    for (size_t k = i; k < sums_.size(); k += width_) s += sums_[k];
    return s;
  }

 private:
  int width_;
  std::vector<double> sums_;
};

LinkScores Finish(std::vector<double> value, int32_t iterations, bool converged, const Product& a,
                  int32_t threads) {
  LinkScores r;
  r.value = std::move(value);
  r.iterations = iterations;
  r.converged = converged;
  r.stats.supersteps = iterations;
  r.stats.active_edges = iterations * a.num_edges();
  r.stats.threads = threads;
  return r;
}

}  // namespace

Product Product::Pull(const LinkMatrix& in) {
  Product p;
  p.n_ = in.n;
  p.num_edges_ = in.num_edges();
  p.in_ = in;
  p.chunk_first_.push_back(0);
  int64_t work = 0;
  for (VertexId v = 0; v < in.n; ++v) {
    work += 1 + (in.offsets[v + 1] - in.offsets[v]);
    if (work >= kChunkWork) {
      p.chunk_first_.push_back(v + 1);
      work = 0;
    }
  }
  if (p.chunk_first_.back() != in.n) p.chunk_first_.push_back(in.n);
  return p;
}

Product Product::Push(const GraphLayout& layout, bool weighted, int32_t threads) {
  Product p;
  const CsrGraph& csr = layout.csr();
  p.n_ = csr.n;
  p.num_edges_ = csr.num_edges();
  p.layout_ = &layout;
  p.slot_weight_ = weighted && csr.weighted ? layout.slot_weight().data() : nullptr;
  for (VertexId v = 0; v < csr.n; v += kChunkVertices) p.chunk_first_.push_back(v);
  p.chunk_first_.push_back(csr.n);
  // Tile columns cut into shares of about equal group counts; a share's groups, tile row by
  // tile row (a row's groups are sorted by column base).
  const std::vector<int64_t>& col_groups = layout.tile_col_groups();
  const std::vector<int64_t>& row_groups = layout.tile_row_groups();
  const int32_t cols = static_cast<int32_t>(col_groups.size()) - 1;
  const int64_t total = std::max<int64_t>(1, col_groups[cols]);
  const int32_t log2_tile = layout.log2_tile();
  const int32_t* col_base = layout.index().slots().col_base.data();
  auto groups_before = [&](size_t r, int64_t c) {  // groups of tile row r before tile column c
    const int64_t bound = std::min<int64_t>(c << log2_tile, INT32_MAX);
    return std::lower_bound(col_base + row_groups[r], col_base + row_groups[r + 1], bound,
                            [](int32_t base, int64_t b) { return base < b; }) -
           col_base;
  };
  const int32_t shares = std::max(kShares, 4 * threads);
  int32_t first_col = 0;
  for (int32_t s = 1; s <= shares && first_col < cols; ++s) {
    int32_t last_col = first_col + 1;
    while (last_col < cols && col_groups[last_col] * shares < total * s) ++last_col;
    if (s == shares) last_col = cols;
    std::vector<std::pair<int64_t, int64_t>> ranges;
    for (size_t r = 0; r + 1 < row_groups.size(); ++r) {
      const int64_t a = groups_before(r, first_col), b = groups_before(r, last_col);
      if (a < b) ranges.push_back({a, b});
    }
    p.share_ranges_.push_back(std::move(ranges));
    first_col = last_col;
  }
  return p;
}

template <class Update>
void Product::Run(int32_t threads, const RowSumKernels& k, const double* x, double* y,
                  Update&& update) const {
  if (layout_ == nullptr) {  // pull: each chunk's rows, then its update while y is in cache
    ForEachChunk(chunk_first_, threads, [&](VertexId first, VertexId last, int64_t c) {
      k.sums({in_.offsets, in_.cols, in_.weights, x, y, first, last});
      update(first, last, c);
    });
    return;
  }
  const GroupedSlots& slots = layout_->index().slots();
  const int64_t shares = static_cast<int64_t>(share_ranges_.size());
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
  for (int64_t s = 0; s < shares; ++s)
    for (const auto& [first, last] : share_ranges_[s])
      k.grouped({layout_->local_row(), layout_->local_col(), slots.row_base.data(),
                 slots.col_base.data(), slot_weight_, x, y, first, last});
  ForEachChunk(chunk_first_, threads, [&](VertexId first, VertexId last, int64_t c) {
    update(first, last, c);
    std::fill(y + first, y + last, 0.0);
  });
}

template <class F>
void Product::ForEach(int32_t threads, F&& f) const {
  ForEachChunk(chunk_first_, threads, f);
}

namespace {

// next[v] /= divisor for every vertex; returns the L1 change from `last` (chunk sums in order).
double DivideAndCompare(const Product& a, int32_t threads, double divisor, const double* last,
                        double* next) {
  Partials change(a.num_chunks(), 1);
  a.ForEach(threads, [&](VertexId first, VertexId end, int64_t k) {
    double e = 0.0;
    for (VertexId v = first; v < end; ++v) {
      next[v] /= divisor;
      e += std::fabs(next[v] - last[v]);
    }
    *change.at(k) = e;
  });
  return change.Sum(0);
}

}  // namespace

std::vector<double> InverseOutWeights(const GraphLayout& layout, bool weighted) {
  const CsrGraph& out = layout.csr();
  const double* sums = weighted && out.weighted ? layout.out_weight_sums().data() : nullptr;
  std::vector<double> inverse(out.n);
  for (VertexId u = 0; u < out.n; ++u) {
    const double sum = sums != nullptr ? sums[u] : static_cast<double>(out.degree(u));
    inverse[u] = sum == 0.0 ? 0.0 : 1.0 / sum;
  }
  return inverse;
}

double PageRankUpdate(const PageRankTerms& t, VertexId first, VertexId last, const double* y,
                      double* x, double* s_next, double* dangling_mass) {
  double err = 0.0, mass = 0.0;
  const double keep = 1.0 - t.alpha;
  for (VertexId v = first; v < last; ++v) {
    const double d = t.d != nullptr ? t.d[v] : t.uniform;
    const double p = t.p != nullptr ? t.p[v] : t.uniform;
    const double next = t.alpha * (y[v] + t.dangling_sum * d) + keep * p;
    err += std::fabs(next - x[v]);
    x[v] = next;
    s_next[v] = next * t.inverse[v];
    if (t.inverse[v] == 0.0) mass += next;
  }
  *dangling_mass += mass;
  return err;
}

LinkScores IteratePageRank(const Product& a, const std::vector<double>& inverse,
                           const PageRankInput& input, const IterationControl& c) {
  const int32_t n = a.n();
  std::vector<double> x = input.start, s(n), s_next(n), y(n, 0.0);
  double dangling_sum = 0.0;
  for (VertexId v = 0; v < n; ++v) {
    s[v] = x[v] * inverse[v];
    if (inverse[v] == 0.0) dangling_sum += x[v];
  }
  PageRankTerms t{input.alpha,
                  1.0 / n,
                  input.personalization.empty() ? nullptr : input.personalization.data(),
                  input.dangling.empty() ? nullptr : input.dangling.data(),
                  inverse.data(),
                  0.0};
  if (t.d == nullptr) t.d = t.p;  // NetworkX: the dangling weights are the personalization
  int32_t it = 0;
  bool converged = false;
  while (it < c.max_iter && !converged) {
    ++it;
    t.dangling_sum = dangling_sum;
    Partials part(a.num_chunks(), 2);  // error, dangling mass
    a.Run(c.threads, *c.kernels, s.data(), y.data(), [&](VertexId first, VertexId last, int64_t k) {
      double* p = part.at(k);
      p[0] = PageRankUpdate(t, first, last, y.data(), x.data(), s_next.data(), p + 1);
    });
    std::swap(s, s_next);
    dangling_sum = part.Sum(1);
    converged = part.Sum(0) < n * c.tol;
  }
  return Finish(std::move(x), it, converged, a, c.threads);
}

LinkScores IterateHits(const Product& to_authorities, const Product& to_hubs, std::vector<double> h,
                       const IterationControl& c) {
  const int32_t n = to_authorities.n();
  std::vector<double> a(n, 0.0), a_out(n), hubs(n, 0.0), next(n);
  int32_t it = 0;
  bool converged = false;
  while (it < c.max_iter && !converged) {
    ++it;
    to_authorities.Run(c.threads, *c.kernels, h.data(), a.data(),
                       [&](VertexId first, VertexId last, int64_t) {
                         std::copy(a.data() + first, a.data() + last, a_out.data() + first);
                       });
    Partials largest(to_hubs.num_chunks(), 1);
    to_hubs.Run(c.threads, *c.kernels, a_out.data(), hubs.data(),
                [&](VertexId first, VertexId last, int64_t k) {
                  double m = -INFINITY;  // NaN wins, as in NumPy's max
                  for (VertexId v = first; v < last; ++v) {
                    next[v] = hubs[v];
                    m = std::isnan(next[v]) || next[v] > m ? next[v] : m;
                  }
                  *largest.at(k) = m;
                });
    double top = -INFINITY;
    for (int64_t k = 0; k < to_hubs.num_chunks() && !std::isnan(top); ++k)
      top = std::isnan(*largest.at(k)) || *largest.at(k) > top ? *largest.at(k) : top;
    const double change = DivideAndCompare(to_hubs, c.threads, top, h.data(), next.data());
    std::swap(h, next);
    converged = change < c.tol;
  }
  LinkScores r = Finish(std::move(h), it, converged, to_authorities, c.threads);
  r.stats.active_edges *= 2;
  r.other = std::move(a_out);
  return r;
}

LinkScores IterateKatz(const Product& a, double alpha, std::vector<double> x,
                       const std::vector<double>& beta, const IterationControl& c) {
  const int32_t n = a.n();
  std::vector<double> y(n, 0.0), next(n);
  const bool one_beta = beta.size() == 1;
  int32_t it = 0;
  bool converged = false;
  while (it < c.max_iter && !converged) {
    ++it;
    Partials err(a.num_chunks(), 1);
    a.Run(c.threads, *c.kernels, x.data(), y.data(), [&](VertexId first, VertexId last, int64_t k) {
      double e = 0.0;
      for (VertexId v = first; v < last; ++v) {
        next[v] = alpha * y[v] + beta[one_beta ? 0 : v];
        e += std::fabs(next[v] - x[v]);
      }
      *err.at(k) = e;
    });
    std::swap(x, next);
    converged = err.Sum(0) < n * c.tol;
  }
  return Finish(std::move(x), it, converged, a, c.threads);
}

LinkScores IterateEigenvector(const Product& a, std::vector<double> x, const IterationControl& c) {
  const int32_t n = a.n();
  std::vector<double> y(n, 0.0), next(n);
  int32_t it = 0;
  bool converged = false;
  while (it < c.max_iter && !converged) {
    ++it;
    Partials squares(a.num_chunks(), 1);
    a.Run(c.threads, *c.kernels, x.data(), y.data(), [&](VertexId first, VertexId last, int64_t k) {
      double sq = 0.0;
      for (VertexId v = first; v < last; ++v) {
        next[v] = x[v] + y[v];
        sq += next[v] * next[v];
      }
      *squares.at(k) = sq;
    });
    double norm = std::sqrt(squares.Sum(0));
    if (norm == 0.0) norm = 1.0;
    const double change = DivideAndCompare(a, c.threads, norm, x.data(), next.data());
    std::swap(x, next);
    converged = change < n * c.tol;
  }
  return Finish(std::move(x), it, converged, a, c.threads);
}

const RowSumKernels& RowSumKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(graph::RowSumKernels, MakeRowSumKernels);
  return tables.For(isa);
}

}  // namespace irreg::graph
