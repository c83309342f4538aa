// Batched Search-and-Activate (seed 000 Alg. 1, §4.2.3): each SIMD lane runs its own binary
// search over its own tile's segment of Index, all lanes in lock step with gathers, until every
// lane has converged; found edges get their Xcoord slot set to the local row by one masked
// scatter. Compiled once per ISA.
#include "core/kernels.hpp"
#include "simd/vec.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;

inline void SearchVector(const int32_t* index, const int32_t* pos, const int32_t* keys,
                         const int32_t* lo_in, const int32_t* hi_in, int32_t log2_tile,
                         int32_t* xcoord, int32_t* out_slot) {
  const V::I32 key = V::Load(keys);
  const V::I32 end = V::Load(hi_in);
  V::I32 lo = V::Load(lo_in);
  V::I32 hi = end;
  V::Mask open = V::Lt(lo, hi);
  while (V::Any(open)) {
    // lo + hi < 2^32 because segments live below 2^30: a logical shift halves it exactly.
    const V::I32 mid = V::ShiftRight(V::Add(lo, hi), 1);
    const V::I32 at_mid = V::Gather(key, open, index, mid);
    const V::Mask go_right = V::MaskAnd(open, V::Lt(at_mid, key));
    lo = V::Select(go_right, V::Add(mid, V::Set1(1)), lo);
    hi = V::Select(V::MaskAndNot(open, go_right), mid, hi);
    open = V::Lt(lo, hi);
  }
  const V::Mask inside = V::Lt(lo, end);
  const V::I32 at_lo = V::Gather(V::Set1(-1), inside, index, lo);
  const V::Mask found = V::MaskAnd(inside, V::Eq(at_lo, key));
  const V::I32 slot = V::Gather(V::Set1(-1), found, pos, lo);
  V::Store(out_slot, slot);
  if (xcoord != nullptr) V::Scatter(xcoord, found, slot, V::ShiftRight(key, log2_tile));
}

}  // namespace

void SearchAndActivate(const int32_t* index, const int32_t* pos, const int32_t* keys,
                       const int32_t* lo, const int32_t* hi, int64_t n, int32_t log2_tile,
                       int32_t* xcoord, int32_t* out_slot) {
  int64_t q = 0;
  for (; q + V::kLanes <= n; q += V::kLanes)
    SearchVector(index, pos, keys + q, lo + q, hi + q, log2_tile, xcoord, out_slot + q);
  if (q == n) return;
  // Tail: empty segments (lo = hi = 0) in the padding lanes find nothing and write nothing.
  int32_t k[V::kLanes] = {}, l[V::kLanes] = {}, h[V::kLanes] = {}, out[V::kLanes];
  for (int64_t i = q; i < n; ++i) {
    k[i - q] = keys[i];
    l[i - q] = lo[i];
    h[i - q] = hi[i];
  }
  SearchVector(index, pos, k, l, h, log2_tile, xcoord, out);
  for (int64_t i = q; i < n; ++i) out_slot[i] = out[i - q];
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg
