// Row sums of a CSR over a vector of doubles (graph/row_sum_kernels.hpp), compiled once per ISA:
// whole vectors of a row are gathered and added lane-wise, the lanes summed once per row, the
// remaining terms added one by one.
#include "graph/row_sum_kernels.hpp"

#include "simd/vec.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;
constexpr int kW = V::kLanesF64;

template <bool kWeighted>
void RowSums(const graph::RowSumRange& r) {
  const V::MaskF64 all = V::MaskF64FromBits((1u << kW) - 1u);
  for (VertexId v = r.first; v < r.last; ++v) {
    int64_t e = r.offsets[v];
    const int64_t end = r.offsets[v + 1];
    double sum = 0.0;
    if (end - e >= kW) {
      V::F64 acc = V::ZeroF64();
      for (; e + kW <= end; e += kW) {
        const V::F64 x = V::GatherF64(all, r.x, V::LoadIdxF64(r.cols + e));
        acc = kWeighted ? V::MulAdd(x, V::LoadF64(r.weights + e), acc) : V::AddF64(acc, x);
      }
      sum = V::SumF64(acc);
    }
    for (; e < end; ++e) sum += kWeighted ? r.x[r.cols[e]] * r.weights[e] : r.x[r.cols[e]];
    r.y[v] = sum;
  }
}

template <bool kWeighted>
void GroupedSums(const graph::GroupedSumRange& r) {
  for (int64_t g = r.first_group; g < r.last_group; ++g) {
    const int64_t slot = g * kLanes;
    const double* x = r.x + r.row_base[g];
    double* y = r.y + r.col_base[g];
    for (int lane = 0; lane < kLanes; lane += kW) {
      const V::IdxF64 row = V::LoadIdxF64(r.local_row + slot + lane);
      const V::MaskF64 m = V::NonNegativeF64(row);
      if (!V::AnyF64(m)) continue;  // padding
      const V::IdxF64 col = V::LoadIdxF64(r.local_col + slot + lane);
      V::F64 term = V::GatherF64(m, x, row);
      if (kWeighted) term = V::MulF64(term, V::LoadF64(r.slot_weight + slot + lane));
      V::ScatterF64(y, m, col, V::AddF64(V::GatherF64(m, y, col), term));
    }
  }
}

void Grouped(const graph::GroupedSumRange& r) {
  if (r.slot_weight != nullptr)
    GroupedSums<true>(r);
  else
    GroupedSums<false>(r);
}

void Sums(const graph::RowSumRange& r) {
  if (r.weights != nullptr)
    RowSums<true>(r);
  else
    RowSums<false>(r);
}

}  // namespace

graph::RowSumKernels MakeRowSumKernels() { return graph::RowSumKernels{&Sums, &Grouped}; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg
