// AVX-512 (F+CD+BW+VL+DQ): 16 int32 lanes, 8 double lanes, opmask registers, native
// gather/scatter and conflict detection. Compiled natively, or against SIMDe as "avx512-emu".
#pragma once

#include <cstdint>

#if defined(IRREG_AVX512_EMU)
#include "simd/avx512_emu.hpp"
#else
#include <immintrin.h>
#endif

// Inside the ISA namespace: each ISA's copy of these inline functions is a distinct symbol,
// so the linker can never keep an AVX-512 body for another ISA's caller.
namespace irreg::IRREG_ISA_NS::simd {

struct Avx512 {
  static constexpr int kLanes = 16;
  static constexpr int kLanesF64 = 8;
  using I32 = __m512i;
  using Mask = __mmask16;
  using IdxF64 = __m256i;
  using MaskF64 = __mmask8;
  using F64 = __m512d;

  static I32 Load(const int32_t* p) { return _mm512_loadu_si512(p); }
  static void Store(int32_t* p, I32 v) { _mm512_storeu_si512(p, v); }
  static I32 Set1(int32_t x) { return _mm512_set1_epi32(x); }
  static I32 Add(I32 a, I32 b) { return _mm512_add_epi32(a, b); }
  static I32 ShiftRight(I32 a, int n) { return _mm512_srl_epi32(a, _mm_cvtsi32_si128(n)); }
  static I32 ShiftLeft(I32 a, int n) { return _mm512_sll_epi32(a, _mm_cvtsi32_si128(n)); }
  static Mask Eq(I32 a, I32 b) { return _mm512_cmpeq_epi32_mask(a, b); }
  static Mask Lt(I32 a, I32 b) { return _mm512_cmpgt_epi32_mask(b, a); }
  static Mask NonNegative(I32 a) { return _mm512_cmpge_epi32_mask(a, _mm512_setzero_si512()); }
  static I32 Select(Mask m, I32 a, I32 b) { return _mm512_mask_blend_epi32(m, b, a); }
  static Mask MaskAnd(Mask a, Mask b) { return static_cast<Mask>(a & b); }
  static Mask MaskAndNot(Mask a, Mask b) { return static_cast<Mask>(a & ~b); }
  static bool Any(Mask m) { return m != 0; }
  static int PopCount(Mask m) { return __builtin_popcount(m); }
  static I32 Gather(I32 src, Mask m, const int32_t* base, I32 idx) {
    return _mm512_mask_i32gather_epi32(src, m, idx, base, 4);
  }
  static void Scatter(int32_t* base, Mask m, I32 idx, I32 v) {
    _mm512_mask_i32scatter_epi32(base, m, idx, v, 4);
  }
  static I32 Min(I32 a, I32 b) { return _mm512_min_epi32(a, b); }
  static I32 Max(I32 a, I32 b) { return _mm512_max_epi32(a, b); }
  static Mask MaskFromBits(unsigned bits) { return static_cast<Mask>(bits); }
  static unsigned Bits(Mask m) { return m; }
  // Register compress, then a full store: compress-to-memory is microcoded on some cores.
  static int CompressStore(int32_t* out, Mask m, I32 v) {
    Store(out, _mm512_maskz_compress_epi32(m, v));
    return __builtin_popcount(m);
  }
  // vpconflictd: each lane gets the bits of the earlier lanes holding the same value.
  static bool HasConflict(Mask m, I32 v) {
    const __m512i earlier_equal = _mm512_maskz_conflict_epi32(m, v);
    return _mm512_mask_test_epi32_mask(m, earlier_equal, _mm512_set1_epi32(m)) != 0;
  }

  static IdxF64 LoadIdxF64(const int32_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static MaskF64 NonNegativeF64(IdxF64 i) {
    return _mm256_cmpge_epi32_mask(i, _mm256_setzero_si256());
  }
  static bool AnyF64(MaskF64 m) { return m != 0; }
  static F64 LoadF64(const double* p) { return _mm512_loadu_pd(p); }
  static void StoreF64(double* p, F64 v) { _mm512_storeu_pd(p, v); }
  static F64 Set1F64(double x) { return _mm512_set1_pd(x); }
  static F64 MulAdd(F64 a, F64 b, F64 c) { return _mm512_fmadd_pd(a, b, c); }
  static F64 GatherF64(MaskF64 m, const double* base, IdxF64 i) {
    return _mm512_mask_i32gather_pd(_mm512_setzero_pd(), m, i, base, 8);
  }
  static MaskF64 MaskF64FromBits(unsigned bits) { return static_cast<MaskF64>(bits); }
  static F64 AddF64(F64 a, F64 b) { return _mm512_add_pd(a, b); }
  static MaskF64 EqF64(F64 a, F64 b) { return _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ); }
  static unsigned BitsF64(MaskF64 m) { return m; }
  static F64 MinF64(F64 a, F64 b) { return _mm512_min_pd(a, b); }
  static F64 MaxF64(F64 a, F64 b) { return _mm512_max_pd(a, b); }
  static void ScatterF64(double* base, MaskF64 m, IdxF64 i, F64 v) {
    _mm512_mask_i32scatter_pd(base, m, i, v, 8);
  }

  // --- more double arithmetic (the MD force kernel) ---
  static F64 ZeroF64() { return _mm512_setzero_pd(); }
  static F64 SubF64(F64 a, F64 b) { return _mm512_sub_pd(a, b); }
  static F64 MulF64(F64 a, F64 b) { return _mm512_mul_pd(a, b); }
  static F64 DivF64(F64 a, F64 b) { return _mm512_div_pd(a, b); }
  static MaskF64 LeF64(F64 a, F64 b) { return _mm512_cmp_pd_mask(a, b, _CMP_LE_OQ); }
  static MaskF64 LtF64(F64 a, F64 b) { return _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ); }
  static MaskF64 MaskAndF64(MaskF64 a, MaskF64 b) { return static_cast<MaskF64>(a & b); }
  static F64 SelectF64(MaskF64 m, F64 a, F64 b) { return _mm512_mask_blend_pd(m, b, a); }
  static double SumF64(F64 v) {  // once per kernel call; SIMDe has no _mm512_reduce_add_pd
    alignas(64) double lanes[kLanesF64];
    _mm512_storeu_pd(lanes, v);
    double sum = 0.0;
    for (double x : lanes) sum += x;
    return sum;
  }
  static IdxF64 ClampIdxF64(IdxF64 i) { return _mm256_max_epi32(i, _mm256_setzero_si256()); }
};

}  // namespace irreg::IRREG_ISA_NS::simd
