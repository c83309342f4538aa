// Link analysis by power iteration (NetworkX's pagerank, hits, katz_centrality,
// eigenvector_centrality): each iteration is one sparse matrix-vector product y = A^T x
// (graph/row_sum_kernels.hpp) and the algorithm's per-vertex update, with NetworkX's stopping
// rule so that the iteration counts agree. The product is pulled over the in-edges (CSR; the
// update fused chunk by chunk while y is in cache) or pushed over the grouped index (seed 000
// §4.2's conflict-free scatter-add, tile by tile: the gathers and scatters of a tile stay within
// T vertices, which is what makes it the faster of the two on large graphs).
//
// Threads: vertices are cut into chunks fixed by the graph alone; chunks run on any thread and
// each keeps its own partial sums (the error, the dangling mass, the squares), added in chunk
// order afterwards. A pushed product runs shares of tile columns on threads, each destination's
// groups in tile order whoever runs them. Every value is therefore the same at every thread
// count.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"
#include "graph/csr_graph.hpp"
#include "graph/graph_layout.hpp"
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

// y = A^T x, then update(first, last, k) over fixed chunks k of vertices [first, last) whose y
// is complete. Pull: over the in-edges `in`. Push: over the grouped out-edges of `layout`.
class Product {
 public:
  static Product Pull(const LinkMatrix& in);
  static Product Push(const GraphLayout& layout, bool weighted, int32_t threads);

  int32_t n() const { return n_; }
  int64_t num_edges() const { return num_edges_; }
  int64_t num_chunks() const { return static_cast<int64_t>(chunk_first_.size()) - 1; }
  // y must hold zeros on the first call; Run leaves it so for the next.
  template <class Update>
  void Run(int32_t threads, const RowSumKernels& k, const double* x, double* y,
           Update&& update) const;
  // f(first, last, k) over the same chunks, without a product.
  template <class F>
  void ForEach(int32_t threads, F&& f) const;

 private:
  Product() = default;
  int32_t n_ = 0;
  int64_t num_edges_ = 0;
  std::vector<VertexId> chunk_first_;    // chunk k: [chunk_first_[k], chunk_first_[k + 1])
  LinkMatrix in_;                        // pull
  const GraphLayout* layout_ = nullptr;  // push
  const double* slot_weight_ = nullptr;
  std::vector<std::vector<std::pair<int64_t, int64_t>>> share_ranges_;  // push: groups per share
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
// a dangling vertex (no out-weight; NetworkX's S == 0). Unweighted: 1 / out-degree.
std::vector<double> InverseOutWeights(const GraphLayout& layout, bool weighted);

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

// PageRank over the product `a` (whose weights must be the raw edge weights).
LinkScores IteratePageRank(const Product& a, const std::vector<double>& inverse,
                           const PageRankInput& input, const IterationControl& c);
// HITS: a = A^T h by `to_authorities`, h = A a by `to_hubs` (pulled over the out-edges), h
// scaled by its largest; stops when the L1 change of h is below tol (no factor n: NetworkX's).
LinkScores IterateHits(const Product& to_authorities, const Product& to_hubs, std::vector<double> h,
                       const IterationControl& c);
// Katz: x <- alpha * A^T x + beta (beta one value per vertex, or one for all); stops when the
// L1 change is below n * tol. Unnormalized.
LinkScores IterateKatz(const Product& a, double alpha, std::vector<double> x,
                       const std::vector<double>& beta, const IterationControl& c);
// Eigenvector: x <- (x + A^T x) / its Euclidean norm (1 where that is 0); stops when the L1
// change is below n * tol.
LinkScores IterateEigenvector(const Product& a, std::vector<double> x, const IterationControl& c);

}  // namespace irreg::graph
