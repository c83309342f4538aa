// One-lane "vector" with the interface of vec_avx2.hpp / vec_avx512.hpp, so kernels written
// once run lane by lane on any CPU.
#pragma once

#include <cstdint>

// Inside the ISA namespace: each ISA's copy of these inline functions is a distinct symbol,
// so the linker can never keep an AVX-512 body for another ISA's caller.
namespace irreg::IRREG_ISA_NS::simd {

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
  static I32 ShiftRight(I32 a, int n) {
    return static_cast<int32_t>(static_cast<uint32_t>(a) >> n);
  }
  static I32 ShiftLeft(I32 a, int n) { return static_cast<int32_t>(static_cast<uint32_t>(a) << n); }
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
  static I32 Min(I32 a, I32 b) { return a < b ? a : b; }
  static I32 Max(I32 a, I32 b) { return a > b ? a : b; }
  static Mask MaskFromBits(unsigned bits) { return (bits & 1u) != 0; }
  static unsigned Bits(Mask m) { return m ? 1u : 0u; }
  // Stores the active lanes' values contiguously at out (room for kLanes); returns how many.
  static int CompressStore(int32_t* out, Mask m, I32 v) {
    *out = v;
    return m ? 1 : 0;
  }

  static IdxF64 LoadIdxF64(const int32_t* p) { return *p; }
  static MaskF64 NonNegativeF64(IdxF64 i) { return i >= 0; }
  static bool AnyF64(MaskF64 m) { return m; }
  static F64 LoadF64(const double* p) { return *p; }
  static void StoreF64(double* p, F64 v) { *p = v; }
  static F64 Set1F64(double x) { return x; }
  static F64 MulAdd(F64 a, F64 b, F64 c) { return a * b + c; }
  static F64 GatherF64(MaskF64 m, const double* base, IdxF64 i) { return m ? base[i] : 0.0; }
  static void ScatterF64(double* base, MaskF64 m, IdxF64 i, F64 v) {
    if (m) base[i] = v;
  }
  static MaskF64 MaskF64FromBits(unsigned bits) { return (bits & 1u) != 0; }
  static F64 AddF64(F64 a, F64 b) { return a + b; }
  static MaskF64 EqF64(F64 a, F64 b) { return a == b; }
  static unsigned BitsF64(MaskF64 m) { return m ? 1u : 0u; }
  // Ordered like the min/max instructions: the second operand when either is NaN.
  static F64 MinF64(F64 a, F64 b) { return a < b ? a : b; }
  static F64 MaxF64(F64 a, F64 b) { return a > b ? a : b; }

  // --- more double arithmetic (the MD force kernel) ---
  static F64 ZeroF64() { return 0.0; }
  static F64 SubF64(F64 a, F64 b) { return a - b; }
  static F64 MulF64(F64 a, F64 b) { return a * b; }
  static F64 DivF64(F64 a, F64 b) { return a / b; }
  static MaskF64 LeF64(F64 a, F64 b) { return a <= b; }
  static MaskF64 LtF64(F64 a, F64 b) { return a < b; }
  static MaskF64 MaskAndF64(MaskF64 a, MaskF64 b) { return a && b; }
  static F64 SelectF64(MaskF64 m, F64 a, F64 b) { return m ? a : b; }
  static double SumF64(F64 v) { return v; }
  static IdxF64 ClampIdxF64(IdxF64 i) { return i < 0 ? 0 : i; }
};

}  // namespace irreg::IRREG_ISA_NS::simd
