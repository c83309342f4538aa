// Link analysis by power iteration (NetworkX's pagerank, hits, katz_centrality,
// eigenvector_centrality): each iteration is one sparse matrix-vector product pulled over the
// in-edges (graph/row_sum_kernels.hpp) fused with the algorithm's per-vertex update, with
// NetworkX's stopping rule so that the iteration counts agree.
//
// Threads: vertices are cut into chunks of about kChunkWork vertices plus edges, fixed by the
// graph alone; chunks run on any thread and each keeps its own partial sums (the error, the
// dangling mass, the squares), added in chunk order afterwards. Every value is therefore the
// same at every thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "graph/csr_graph.hpp"
#include "graph/row_sum_kernels.hpp"
#include "graph/run_stats.hpp"

namespace irreg::graph {

// The rows one product pulls over: in-edges (or out-edges, for HITS's hubs), with their
// weights or null (every weight 1).
struct LinkMatrix {
  int32_t n = 0;
  const int64_t* offsets = nullptr;
  const VertexId* cols = nullptr;
  const double* weights = nullptr;
  int64_t num_edges() const { return n == 0 ? 0 : offsets[n]; }
};

struct IterationControl {
  int32_t max_iter = 100;
  double tol = 1e-6;
  int32_t threads = 1;
  const RowSumKernels* kernels = nullptr;
};

// NetworkX's vectors, in vertex order, already normalized as NetworkX normalizes them.
struct PageRankInput {
  double alpha = 0.85;
  std::vector<double> start;            // n
  std::vector<double> personalization;  // n, or empty: 1/n each
  std::vector<double> dangling;         // n, or empty: the personalization
};

// value: PageRank, Katz or eigenvector centrality, or HITS's hubs (then `other` holds the
// authorities of the last iteration, before NetworkX's final normalization). converged: the
// stopping rule held within max_iter iterations (NetworkX raises otherwise).
struct LinkScores {
  std::vector<double> value;
  std::vector<double> other;
  int32_t iterations = 0;
  bool converged = false;
  RunStats stats;
};

// The out-weight of each vertex as PageRank divides by it: 1 / (sum of its out-weights), 0 for
// a dangling vertex (no out-weight; NetworkX's S == 0).
std::vector<double> InverseOutWeights(const CsrGraph& out, bool weighted);

// One PageRank update over vertices [first, last) given their pulled sums y = sum of
// s[u] * w(u, v): x <- alpha * (y + dangling_sum * d) + (1 - alpha) * p, s_next <- x * inverse.
// Returns the chunk's L1 change and adds its dangling vertices' new rank to *dangling_mass.
struct PageRankTerms {
  double alpha;
  double uniform;         // 1 / n: p and d where they are empty
  const double* p;        // or null
  const double* d;        // or null
  const double* inverse;  // InverseOutWeights
  double dangling_sum;    // sum of the previous x over dangling vertices
};
double PageRankUpdate(const PageRankTerms& t, VertexId first, VertexId last, const double* y,
                      double* x, double* s_next, double* dangling_mass);

// PageRank by pulling over the in-edges `in`; the weights of `in` must be the raw edge weights.
LinkScores PullPageRank(const LinkMatrix& in, const std::vector<double>& inverse,
                        const PageRankInput& input, const IterationControl& c);
// HITS: a = A^T h over `in`, h = A a over `out`, h scaled by its largest; stops when the L1
// change of h is below tol (no factor n: NetworkX's rule).
LinkScores PullHits(const LinkMatrix& in, const LinkMatrix& out, std::vector<double> h,
                    const IterationControl& c);
// Katz: x <- alpha * A^T x + beta (beta one value per vertex, or one for all); stops when the
// L1 change is below n * tol. Unnormalized.
LinkScores PullKatz(const LinkMatrix& in, double alpha, std::vector<double> x,
                    const std::vector<double>& beta, const IterationControl& c);
// Eigenvector: x <- (x + A^T x) / its Euclidean norm (1 where that is 0); stops when the L1
// change is below n * tol.
LinkScores PullEigenvector(const LinkMatrix& in, std::vector<double> x, const IterationControl& c);

}  // namespace irreg::graph
