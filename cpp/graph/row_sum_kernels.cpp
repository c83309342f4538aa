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

void Sums(const graph::RowSumRange& r) {
  if (r.weights != nullptr)
    RowSums<true>(r);
  else
    RowSums<false>(r);
}

}  // namespace

graph::RowSumKernels MakeRowSumKernels() { return graph::RowSumKernels{&Sums}; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg
