// Neighbour build with a skin (DESIGN §7; seed 000 §6.1): every pair within `radius`
// (cutoff + skin), listed once (half list). Two methods, as in the seed's two MD codes:
// kBinned (MiniMD: atoms binned, each compared with the atoms of its stencil of bins) and
// kAllPairs (Moldyn: every pair of atoms compared).
//
// A pair (i, j, image k) is written as column j + (k << log2_columns_per_image), so the pair is a
// nonzero of a sparse matrix whose column blocks are the periodic images: the grouped index
// keeps each image's pairs in tiles of their own, and a group's image is one number per group.
// Half list: i < j, or i == j (an atom and its own image) with the image after (0, 0, 0) in
// (a, b, c) order; every unordered pair appears exactly once.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "core/named_values.hpp"
#include "md/box.hpp"
#include "md/md_kernels.hpp"
#include "md/row_source.hpp"

namespace irreg::md {

enum class NeighborMethod { kBinned, kAllPairs };
inline constexpr NamedValue<NeighborMethod> kNeighborMethodNames[] = {
    {"binned", NeighborMethod::kBinned, "cell list, the default"},
    {"allpairs", NeighborMethod::kAllPairs, "every pair tested, for small systems"},
};

struct PairList {
  std::vector<int64_t> row_begin;  // n_atoms + 1 offsets into cols
  std::vector<int32_t> cols;       // j + (image << log2_columns_per_image)
  int32_t log2_columns_per_image = 0;

  int64_t num_pairs() const { return static_cast<int64_t>(cols.size()); }
  int32_t AtomOf(int32_t col) const { return col & ((int32_t{1} << log2_columns_per_image) - 1); }
  int32_t ImageOf(int32_t col) const { return col >> log2_columns_per_image; }
};

// The closest pair found below min_distance (i < 0 when none).
struct CloseContact {
  int32_t i = -1, j = -1;
  double distance = 0.0;
};

// The half list's rows on demand: the bins, the stencil and the positions in bin order are made
// once (the constructor), then any range of rows is built on any thread. positions: n atoms, 4
// doubles each (x, y, z, unused), already wrapped into the cell along periodic axes, and kept
// alive by the caller. 2^log2_columns_per_image must be >= n.
class NeighborRows final : public RowSource {
 public:
  // kernels: the ISA whose row kernel builds the rows of atoms away from the faces.
  NeighborRows(NeighborMethod method, const double* positions, int64_t n, const Box& box,
               double radius, int32_t log2_columns_per_image, double min_distance,
               const MdKernels& kernels);
  ~NeighborRows() override;
  int64_t num_rows() const override { return n_; }
  int32_t log2_columns_per_image() const override { return log2_; }
  void Rows(int32_t first, int32_t last, std::vector<int32_t>* cols, int64_t* ends) const override;
  // The closest pair below min_distance among the rows built so far (the smallest distance,
  // then the smallest (i, j): the same at every thread count).
  CloseContact close() const;

  struct Method;  // the binned and the all-pairs rows

 private:
  int64_t n_;
  int32_t log2_;
  std::unique_ptr<Method> method_;
  mutable std::mutex close_mutex_;
  mutable CloseContact close_;
};

// The whole list (Non-Group's, and checks): with threads > 1, chunks of rows are built on
// OpenMP threads and concatenated: the list is the serial one, entry for entry.
void BuildPairs(NeighborMethod method, const double* positions, int64_t n, const Box& box,
                double radius, int32_t log2_columns_per_image, double min_distance,
                const MdKernels& kernels, PairList* out, CloseContact* close, int32_t threads = 1);

// Order of atoms by bin (bins of at least `radius`, visited in Morton order), for a locality-
// preserving renumbering at the first build.
std::vector<int32_t> SpatialOrder(const double* positions, int64_t n, const Box& box,
                                  double radius);

}  // namespace irreg::md
