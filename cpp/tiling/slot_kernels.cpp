// Small kernels over the slot arrays: deactivation, clearing groups, counting active lanes and
// checking the conflict-free property of groups. Compiled once per ISA.
#include "simd/vec.hpp"
#include "tiling/tiling_kernels.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;

// True when two lanes with active[l] >= 0 hold the same value (lane by lane, for ISAs whose
// vectors are narrower than a group).
inline bool PairwiseConflict(const int32_t* active, const int32_t* values) {
  for (int a = 0; a < kLanes; ++a) {
    if (active[a] < 0) continue;
    for (int b = a + 1; b < kLanes; ++b)
      if (active[b] >= 0 && values[a] == values[b]) return true;
  }
  return false;
}

// A template so the discarded branch need not compile for ISAs without HasConflict.
template <typename W>
inline bool GroupConflicts(const int32_t* active, const int32_t* values) {
  if constexpr (W::kLanes == kLanes) {
    return W::HasConflict(W::NonNegative(W::Load(active)), W::Load(values));
  } else {
    return PairwiseConflict(active, values);
  }
}

}  // namespace

void ScatterSlotValue(int32_t* xcoord, const int32_t* slots, int64_t n, int32_t value) {
  const V::I32 v = V::Set1(value);
  int64_t i = 0;
  for (; i + V::kLanes <= n; i += V::kLanes) {
    const V::I32 s = V::Load(slots + i);
    V::Scatter(xcoord, V::NonNegative(s), s, v);
  }
  for (; i < n; ++i)
    if (slots[i] >= 0) xcoord[slots[i]] = value;
}

void ClearGroups(int32_t* xcoord, const int32_t* groups, int64_t n) {
  const V::I32 inactive = V::Set1(-1);
  for (int64_t i = 0; i < n; ++i) {
    int32_t* g = xcoord + static_cast<int64_t>(groups[i]) * kLanes;
    for (int lane = 0; lane < kLanes; lane += V::kLanes) V::Store(g + lane, inactive);
  }
}

int64_t CountActive(const int32_t* xcoord, const int32_t* groups, int64_t n) {
  int64_t total = 0;
  for (int64_t i = 0; i < n; ++i) {
    const int32_t* g = xcoord + (groups ? static_cast<int64_t>(groups[i]) : i) * kLanes;
    for (int lane = 0; lane < kLanes; lane += V::kLanes)
      total += V::PopCount(V::NonNegative(V::Load(g + lane)));
  }
  return total;
}

int64_t FirstConflictingGroup(const int32_t* xcoord, const int32_t* ycoord, int64_t n_groups,
                              bool check_rows) {
  for (int64_t g = 0; g < n_groups; ++g) {
    const int32_t* x = xcoord + g * kLanes;
    if (GroupConflicts<V>(x, ycoord + g * kLanes)) return g;
    if (check_rows && GroupConflicts<V>(x, x)) return g;
  }
  return -1;
}

// This ISA's tiling table (TilingKernelsFor serves it), naming the kernels of every tiling
// source.
TilingKernels MakeTilingKernels() {
#define IRREG_TILING_ENTRY(name, ret, params) &name,
  return TilingKernels{IRREG_TILING_KERNELS(IRREG_TILING_ENTRY)};
#undef IRREG_TILING_ENTRY
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg
