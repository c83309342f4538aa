#include "graph/link_analysis.hpp"

#include <cmath>
#include <utility>

#include "core/isa_tables.hpp"

namespace irreg::graph {
namespace {

// Vertices plus edges per chunk: small enough that the chunk's sums and update stay in L2 and
// that dynamic scheduling evens out skewed rows, large enough that a chunk's bookkeeping is
// nothing beside its rows.
constexpr int64_t kChunkWork = int64_t{1} << 14;

// Fixed vertex ranges [first[k], first[k + 1]), cut by the matrix alone.
class Chunks {
 public:
  explicit Chunks(const LinkMatrix& m) {
    first_.push_back(0);
    int64_t work = 0;
    for (VertexId v = 0; v < m.n; ++v) {
      work += 1 + (m.offsets[v + 1] - m.offsets[v]);
      if (work >= kChunkWork) {
        first_.push_back(v + 1);
        work = 0;
      }
    }
    if (first_.back() != m.n) first_.push_back(m.n);
  }
  int64_t count() const { return static_cast<int64_t>(first_.size()) - 1; }
  VertexId first(int64_t k) const { return first_[k]; }
  VertexId last(int64_t k) const { return first_[k + 1]; }

  // f(first, last, k) for every chunk k on up to `threads` threads.
  template <class F>
  void ForEach(int32_t threads, F&& f) const {
    const int64_t chunks = count();
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
    for (int64_t k = 0; k < chunks; ++k) f(first_[k], first_[k + 1], k);
  }

 private:
  std::vector<VertexId> first_;
};

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

void Pull(const LinkMatrix& m, const IterationControl& c, const double* x, double* y,
          VertexId first, VertexId last) {
  c.kernels->sums({m.offsets, m.cols, m.weights, x, y, first, last});
}

LinkScores Finish(std::vector<double> value, int32_t iterations, bool converged,
                  const LinkMatrix& m, int32_t threads) {
  LinkScores r;
  r.value = std::move(value);
  r.iterations = iterations;
  r.converged = converged;
  r.stats.supersteps = iterations;
  r.stats.active_edges = iterations * m.num_edges();
  r.stats.threads = threads;
  return r;
}

}  // namespace

std::vector<double> InverseOutWeights(const CsrGraph& out, bool weighted) {
  std::vector<double> inverse(out.n);
  for (VertexId u = 0; u < out.n; ++u) {
    double sum = static_cast<double>(out.degree(u));
    if (weighted && out.weighted) {
      sum = 0.0;
      for (int64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) sum += out.weights[e];
    }
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

LinkScores PullPageRank(const LinkMatrix& in, const std::vector<double>& inverse,
                        const PageRankInput& input, const IterationControl& c) {
  const int32_t n = in.n;
  const Chunks chunks(in);
  std::vector<double> x = input.start, s(n), s_next(n), y(n);
  double dangling_sum = 0.0;
  {
    Partials start(chunks.count(), 1);
    chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t k) {
      for (VertexId v = first; v < last; ++v) {
        s[v] = x[v] * inverse[v];
        if (inverse[v] == 0.0) *start.at(k) += x[v];
      }
    });
    dangling_sum = start.Sum(0);
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
    Partials part(chunks.count(), 2);  // error, dangling mass
    chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t k) {
      Pull(in, c, s.data(), y.data(), first, last);
      double* p = part.at(k);
      p[0] = PageRankUpdate(t, first, last, y.data(), x.data(), s_next.data(), p + 1);
    });
    std::swap(s, s_next);
    dangling_sum = part.Sum(1);
    converged = part.Sum(0) < n * c.tol;
  }
  return Finish(std::move(x), it, converged, in, c.threads);
}

LinkScores PullHits(const LinkMatrix& in, const LinkMatrix& out, std::vector<double> h,
                    const IterationControl& c) {
  const int32_t n = in.n;
  const Chunks in_chunks(in), out_chunks(out);
  std::vector<double> a(n), next(n);
  int32_t it = 0;
  bool converged = false;
  while (it < c.max_iter && !converged) {
    ++it;
    in_chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t) {
      Pull(in, c, h.data(), a.data(), first, last);
    });
    Partials largest(out_chunks.count(), 1);
    out_chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t k) {
      Pull(out, c, a.data(), next.data(), first, last);
      double m = -INFINITY;
      for (VertexId v = first; v < last; ++v) m = std::isnan(next[v]) || next[v] > m ? next[v] : m;
      *largest.at(k) = m;
    });
    double top = -INFINITY;
    for (int64_t k = 0; k < out_chunks.count() && !std::isnan(top); ++k)
      top = std::isnan(*largest.at(k)) || *largest.at(k) > top ? *largest.at(k) : top;
    Partials err(out_chunks.count(), 1);
    out_chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t k) {
      double e = 0.0;
      for (VertexId v = first; v < last; ++v) {
        next[v] /= top;
        e += std::fabs(next[v] - h[v]);
      }
      *err.at(k) = e;
    });
    std::swap(h, next);
    converged = err.Sum(0) < c.tol;
  }
  LinkScores r = Finish(std::move(h), it, converged, in, c.threads);
  r.stats.active_edges *= 2;
  r.other = std::move(a);
  return r;
}

LinkScores PullKatz(const LinkMatrix& in, double alpha, std::vector<double> x,
                    const std::vector<double>& beta, const IterationControl& c) {
  const int32_t n = in.n;
  const Chunks chunks(in);
  std::vector<double> y(n), next(n);
  const bool one_beta = beta.size() == 1;
  int32_t it = 0;
  bool converged = false;
  while (it < c.max_iter && !converged) {
    ++it;
    Partials err(chunks.count(), 1);
    chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t k) {
      Pull(in, c, x.data(), y.data(), first, last);
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
  return Finish(std::move(x), it, converged, in, c.threads);
}

LinkScores PullEigenvector(const LinkMatrix& in, std::vector<double> x, const IterationControl& c) {
  const int32_t n = in.n;
  const Chunks chunks(in);
  std::vector<double> next(n);
  int32_t it = 0;
  bool converged = false;
  while (it < c.max_iter && !converged) {
    ++it;
    Partials squares(chunks.count(), 1);
    chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t k) {
      Pull(in, c, x.data(), next.data(), first, last);
      double sq = 0.0;
      for (VertexId v = first; v < last; ++v) {
        next[v] += x[v];
        sq += next[v] * next[v];
      }
      *squares.at(k) = sq;
    });
    double norm = std::sqrt(squares.Sum(0));
    if (norm == 0.0) norm = 1.0;
    Partials err(chunks.count(), 1);
    chunks.ForEach(c.threads, [&](VertexId first, VertexId last, int64_t k) {
      double e = 0.0;
      for (VertexId v = first; v < last; ++v) {
        next[v] /= norm;
        e += std::fabs(next[v] - x[v]);
      }
      *err.at(k) = e;
    });
    std::swap(x, next);
    converged = err.Sum(0) < n * c.tol;
  }
  return Finish(std::move(x), it, converged, in, c.threads);
}

const RowSumKernels& RowSumKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(graph::RowSumKernels, MakeRowSumKernels);
  return tables.For(isa);
}

}  // namespace irreg::graph
