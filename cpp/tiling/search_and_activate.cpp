// Batched Search-and-Activate (seed 000 Alg. 1, §4.2.3): each SIMD lane runs its own binary
// search over its own tile's segment of Index, all lanes in lock step with gathers, until every
// lane has converged; found edges get their Xcoord slot set to the local row by one masked
// scatter. Compiled once per ISA.
#include "simd/vec.hpp"
#include "tiling/tiling_kernels.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;

// Searches kInterleave vectors of queries at once: each step of a binary search waits on a
// gather, so independent searches in flight hide that latency.
constexpr int kInterleave = 8;

template <int B>
inline void SearchVectors(const int32_t* index, const int32_t* pos, const int32_t* keys,
                          const int32_t* lo_in, const int32_t* hi_in, int32_t log2_tile,
                          int32_t* xcoord, int32_t* out_slot) {
  V::I32 key[B], end[B], lo[B], hi[B];
  V::Mask open[B];
  bool any_open = false;
  for (int b = 0; b < B; ++b) {
    key[b] = V::Load(keys + b * V::kLanes);
    end[b] = hi[b] = V::Load(hi_in + b * V::kLanes);
    lo[b] = V::Load(lo_in + b * V::kLanes);
    open[b] = V::Lt(lo[b], hi[b]);
    any_open |= V::Any(open[b]);
  }
  const V::I32 one = V::Set1(1);
  while (any_open) {
    any_open = false;
    for (int b = 0; b < B; ++b) {
      // lo + hi < 2^32 because segments live below 2^30: a logical shift halves it exactly.
      const V::I32 mid = V::ShiftRight(V::Add(lo[b], hi[b]), 1);
      const V::I32 at_mid = V::Gather(key[b], open[b], index, mid);
      const V::Mask go_right = V::MaskAnd(open[b], V::Lt(at_mid, key[b]));
      lo[b] = V::Select(go_right, V::Add(mid, one), lo[b]);
      hi[b] = V::Select(V::MaskAndNot(open[b], go_right), mid, hi[b]);
      open[b] = V::Lt(lo[b], hi[b]);
      any_open |= V::Any(open[b]);
    }
  }
  for (int b = 0; b < B; ++b) {
    const V::Mask inside = V::Lt(lo[b], end[b]);
    const V::I32 at_lo = V::Gather(V::Set1(-1), inside, index, lo[b]);
    const V::Mask found = V::MaskAnd(inside, V::Eq(at_lo, key[b]));
    const V::I32 slot = V::Gather(V::Set1(-1), found, pos, lo[b]);
    V::Store(out_slot + b * V::kLanes, slot);
    if (xcoord != nullptr) V::Scatter(xcoord, found, slot, V::ShiftRight(key[b], log2_tile));
  }
}

}  // namespace

void SearchAndActivate(const int32_t* index, const int32_t* pos, const int32_t* keys,
                       const int32_t* lo, const int32_t* hi, int64_t n, int32_t log2_tile,
                       int32_t* xcoord, int32_t* out_slot) {
  constexpr int64_t kBlock = kInterleave * V::kLanes;
  int64_t q = 0;
  for (; q + kBlock <= n; q += kBlock)
    SearchVectors<kInterleave>(index, pos, keys + q, lo + q, hi + q, log2_tile, xcoord,
                               out_slot + q);
  for (; q + V::kLanes <= n; q += V::kLanes)
    SearchVectors<1>(index, pos, keys + q, lo + q, hi + q, log2_tile, xcoord, out_slot + q);
  if (q == n) return;
  // Tail: empty segments (lo = hi = 0) in the padding lanes find nothing and write nothing.
  int32_t k[V::kLanes] = {}, l[V::kLanes] = {}, h[V::kLanes] = {}, out[V::kLanes];
  for (int64_t i = q; i < n; ++i) {
    k[i - q] = keys[i];
    l[i - q] = lo[i];
    h[i - q] = hi[i];
  }
  SearchVectors<1>(index, pos, k, l, h, log2_tile, xcoord, out);
  for (int64_t i = q; i < n; ++i) out_slot[i] = out[i - q];
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg
