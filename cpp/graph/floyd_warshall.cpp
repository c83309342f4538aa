// Blocked Floyd-Warshall: all-pairs shortest path lengths as a dense matrix.
//
// Algorithm: Floyd's recurrence d(i, j) = min(d(i, j), d(i, k) + d(k, j)) for k in turn, in the
// cache-blocked form of Venkataraman, Sahni and Mukhopadhyaya ("A blocked all-pairs
// shortest-paths algorithm", JEA 8, 2003). The matrix is cut into b x b blocks; for each block
// column K of intermediates, (1) the diagonal block (K, K) runs Floyd-Warshall on its own, (2)
// the other blocks of row K and of column K relax through it (k outermost, each k seeing the
// updates of the earlier ones), and (3) every remaining block (I, J) takes the min-plus product
// of its column block (I, K) and row block (K, J). The lengths are those of the unblocked
// recurrence (Floyd-Warshall's invariant holds after each K); phases 2 and 3 run their blocks
// on threads, each block by one thread, each entry's candidates in one fixed order, so the
// result does not depend on the thread count or the ISA.
//
// Data encoding: the matrix padded to a multiple of b (padding rows and columns +inf, so they
// relax nothing), row-major, then copied to n x n. Memory: 8 (n + b)^2 bytes, plus the n x n
// result.
#include "graph/floyd_warshall.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace irreg::graph {

namespace {

class BlockedMatrix {
 public:
  BlockedMatrix(int32_t n, int32_t block)
      : n_(n),
        block_(block),
        blocks_((n + block - 1) / block),
        side_(static_cast<int64_t>(blocks_) * block),
        d_(static_cast<size_t>(side_ * side_), std::numeric_limits<double>::infinity()) {}

  double& at(int64_t i, int64_t j) { return d_[i * side_ + j]; }
  double* block(int32_t bi, int32_t bj) {
    return d_.data() + static_cast<int64_t>(bi) * block_ * side_ +
           static_cast<int64_t>(bj) * block_;
  }
  int32_t blocks() const { return blocks_; }

  // c = min(c, a (+) b) over one depth of `block_` with `fn`.
  void Apply(MinPlusFn fn, double* c, const double* a, const double* b) {
    fn(MinPlusBlocks{c, a, b, side_, side_, side_, block_, block_, block_});
  }

  std::vector<double> Unpadded() const {
    std::vector<double> out(static_cast<size_t>(n_) * n_);
    for (int64_t i = 0; i < n_; ++i) std::copy_n(d_.data() + i * side_, n_, out.data() + i * n_);
    return out;
  }

 private:
  int32_t n_, block_, blocks_;
  int64_t side_;
  std::vector<double> d_;
};

}  // namespace

DenseLengths FloydWarshall(const CsrGraph& g, bool weighted, const MinPlusKernels& kernels,
                           int32_t threads, int32_t block) {
  BlockedMatrix d(g.n, block);
  DenseLengths r;
  for (VertexId u = 0; u < g.n; ++u) {
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const double w = weighted ? g.weights[e] : 1.0;
      const VertexId v = g.targets[e];
      if (v != u) d.at(u, v) = std::min(d.at(u, v), w);
    }
  }
  for (VertexId u = 0; u < g.n; ++u) d.at(u, u) = 0;
  const int32_t nb = d.blocks();
  for (int32_t k = 0; k < nb; ++k) {
    double* diagonal = d.block(k, k);
    d.Apply(kernels.relax, diagonal, diagonal, diagonal);
    // Phase 2: row K's blocks (k, j) and column K's blocks (i, k), one task each.
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
    for (int32_t t = 0; t < 2 * nb; ++t) {
      const int32_t other = t / 2;
      if (other == k) continue;
      if (t % 2 == 0) {
        double* row = d.block(k, other);
        d.Apply(kernels.relax, row, diagonal, row);
      } else {
        double* column = d.block(other, k);
        d.Apply(kernels.relax, column, column, diagonal);
      }
    }
    // Phase 3: every block off row and column K.
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (threads > 1)
    for (int64_t t = 0; t < static_cast<int64_t>(nb) * nb; ++t) {
      const auto i = static_cast<int32_t>(t / nb), j = static_cast<int32_t>(t % nb);
      if (i == k || j == k) continue;
      d.Apply(kernels.product, d.block(i, j), d.block(i, k), d.block(k, j));
    }
  }
  for (VertexId u = 0; u < g.n; ++u) r.negative_cycle = r.negative_cycle || d.at(u, u) < 0;
  r.stats.supersteps = nb;  // one step per block of intermediates
  r.stats.active_edges = g.num_edges();
  r.value = d.Unpadded();
  return r;
}

const MinPlusKernels& MinPlusKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(graph::MinPlusKernels, MakeMinPlusKernels);
  return tables.For(isa);
}

}  // namespace irreg::graph
