// One-lane "vector" with the interface of vec_avx2.hpp / vec_avx512.hpp, so kernels written
// once run lane by lane on any CPU.
#pragma once

#include <cstdint>

namespace irreg::simd {

struct Scalar {
  static constexpr int kLanes = 1;     // int32 lanes per vector
  static constexpr int kLanesF64 = 1;  // double lanes per vector
  using I32 = int32_t;
  using Mask = bool;
  using IdxF64 = int32_t;
  using MaskF64 = bool;
  using F64 = double;

  static I32 Load(const int32_t* p) { return *p; }
  static void Store(int32_t* p, I32 v) { *p = v; }
  static I32 Set1(int32_t x) { return x; }
  static I32 Add(I32 a, I32 b) { return a + b; }
  static I32 ShiftRight(I32 a, int n) { return static_cast<int32_t>(static_cast<uint32_t>(a) >> n); }
  static Mask Eq(I32 a, I32 b) { return a == b; }
  static Mask Lt(I32 a, I32 b) { return a < b; }
  static Mask NonNegative(I32 a) { return a >= 0; }
  static I32 Select(Mask m, I32 a, I32 b) { return m ? a : b; }
  static Mask MaskAnd(Mask a, Mask b) { return a && b; }
  static Mask MaskAndNot(Mask a, Mask b) { return a && !b; }
  static bool Any(Mask m) { return m; }
  static int PopCount(Mask m) { return m ? 1 : 0; }
  static I32 Gather(I32 src, Mask m, const int32_t* base, I32 idx) { return m ? base[idx] : src; }
  static void Scatter(int32_t* base, Mask m, I32 idx, I32 v) {
    if (m) base[idx] = v;
  }

  static IdxF64 LoadIdxF64(const int32_t* p) { return *p; }
  static MaskF64 NonNegativeF64(IdxF64 i) { return i >= 0; }
  static bool AnyF64(MaskF64 m) { return m; }
  static F64 LoadF64(const double* p) { return *p; }
  static F64 Set1F64(double x) { return x; }
  static F64 MulAdd(F64 a, F64 b, F64 c) { return a * b + c; }
  static F64 GatherF64(MaskF64 m, const double* base, IdxF64 i) { return m ? base[i] : 0.0; }
  static void ScatterF64(double* base, MaskF64 m, IdxF64 i, F64 v) {
    if (m) base[i] = v;
  }
};

}  // namespace irreg::simd
