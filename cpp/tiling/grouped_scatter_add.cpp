// Gather-combine-scatter over conflict-free groups (seed 000 §2.3, §4.2.4): y[col] += w * x[row]
// for every active slot, and with both_ends also y[row] += w * x[col] (forces on both ends).
// Groups never repeat a written vertex, so a plain masked scatter loses no update. Both scatters
// of a group are done one after the other, so a vertex that is a row in one lane and a column in
// another (diagonal tiles) is read after its first update. Compiled once per ISA.
#include "simd/vec.hpp"
#include "tiling/tiling_kernels.hpp"

namespace irreg {
namespace IRREG_ISA_NS {

void GroupedScatterAdd(const GroupedArrays& a, const int32_t* groups, int64_t n,
                       const double* weights, const double* x, double* y, bool both_ends) {
  using V = simd::Vec;
  const V::F64 one = V::Set1F64(1.0);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t g = groups ? groups[i] : i;
    const double* x_rows = x + a.row_base[g];
    const double* x_cols = x + a.col_base[g];
    double* y_rows = y + a.row_base[g];
    double* y_cols = y + a.col_base[g];
    for (int lane = 0; lane < kLanes; lane += V::kLanesF64) {
      const int64_t slot = g * kLanes + lane;
      const V::IdxF64 r = V::LoadIdxF64(a.xcoord + slot);
      const V::MaskF64 m = V::NonNegativeF64(r);
      if (!V::AnyF64(m)) continue;
      const V::IdxF64 c = V::LoadIdxF64(a.ycoord + slot);
      const V::F64 w = weights ? V::LoadF64(weights + slot) : one;
      const V::F64 to_col = V::MulAdd(w, V::GatherF64(m, x_rows, r), V::GatherF64(m, y_cols, c));
      V::ScatterF64(y_cols, m, c, to_col);
      if (both_ends) {
        const V::F64 to_row = V::MulAdd(w, V::GatherF64(m, x_cols, c), V::GatherF64(m, y_rows, r));
        V::ScatterF64(y_rows, m, r, to_row);
      }
    }
  }
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg
