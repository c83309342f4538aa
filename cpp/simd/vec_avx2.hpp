// AVX2 + FMA: 8 int32 lanes, 4 double lanes. Masks are all-ones lanes. AVX2 has gathers but no
// scatters, so scatters store lane by lane in increasing lane order (as AVX-512 hardware does).
#pragma once

#include <immintrin.h>

#include <cstdint>

// Inside the ISA namespace: each ISA's copy of these inline functions is a distinct symbol,
// so the linker can never keep an AVX-512 body for another ISA's caller.
namespace irreg::IRREG_ISA_NS::simd {

// kCompressOrder.lanes[bits]: the numbers of the set lanes of `bits`, one per byte, low first.
struct CompressOrder {
  uint64_t lanes[256];
  constexpr CompressOrder() : lanes() {
    for (unsigned bits = 0; bits < 256; ++bits) {
      uint64_t packed = 0;
      int k = 0;
      for (unsigned lane = 0; lane < 8; ++lane)
        if (bits & (1u << lane)) packed |= static_cast<uint64_t>(lane) << (8 * k++);
      lanes[bits] = packed;
    }
  }
};
inline constexpr CompressOrder kCompressOrder{};

struct Avx2 {
  static constexpr int kLanes = 8;
  static constexpr int kLanesF64 = 4;
  using I32 = __m256i;
  using Mask = __m256i;
  using IdxF64 = __m128i;
  using MaskF64 = __m256d;
  using F64 = __m256d;

  static I32 Load(const int32_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static void Store(int32_t* p, I32 v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  static I32 Set1(int32_t x) { return _mm256_set1_epi32(x); }
  static I32 Add(I32 a, I32 b) { return _mm256_add_epi32(a, b); }
  static I32 ShiftRight(I32 a, int n) { return _mm256_srl_epi32(a, _mm_cvtsi32_si128(n)); }
  static I32 ShiftLeft(I32 a, int n) { return _mm256_sll_epi32(a, _mm_cvtsi32_si128(n)); }
  static Mask Eq(I32 a, I32 b) { return _mm256_cmpeq_epi32(a, b); }
  static Mask Lt(I32 a, I32 b) { return _mm256_cmpgt_epi32(b, a); }
  static Mask NonNegative(I32 a) { return _mm256_cmpgt_epi32(a, _mm256_set1_epi32(-1)); }
  static I32 Select(Mask m, I32 a, I32 b) { return _mm256_blendv_epi8(b, a, m); }
  static Mask MaskAnd(Mask a, Mask b) { return _mm256_and_si256(a, b); }
  static Mask MaskAndNot(Mask a, Mask b) { return _mm256_andnot_si256(b, a); }
  static unsigned Bits(Mask m) {
    return static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(m)));
  }
  static bool Any(Mask m) { return !_mm256_testz_si256(m, m); }
  static int PopCount(Mask m) { return __builtin_popcount(Bits(m)); }
  static I32 Gather(I32 src, Mask m, const int32_t* base, I32 idx) {
    return _mm256_mask_i32gather_epi32(src, base, idx, m, 4);
  }
  static void Scatter(int32_t* base, Mask m, I32 idx, I32 v) {
    alignas(32) int32_t i[kLanes], x[kLanes];
    Store(i, idx);
    Store(x, v);
    for (unsigned bits = Bits(m); bits != 0; bits &= bits - 1) {
      const int lane = __builtin_ctz(bits);
      base[i[lane]] = x[lane];
    }
  }
  static I32 Min(I32 a, I32 b) { return _mm256_min_epi32(a, b); }
  static I32 Max(I32 a, I32 b) { return _mm256_max_epi32(a, b); }
  static Mask MaskFromBits(unsigned bits) {
    const __m256i lane_bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(static_cast<int>(bits)), lane_bit),
                              lane_bit);
  }
  // No compress instruction: a 256-entry table of packed lane numbers drives a permute.
  static int CompressStore(int32_t* out, Mask m, I32 v) {
    const unsigned bits = Bits(m);
    const __m256i order =
        _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(static_cast<long long>(kCompressOrder.lanes[bits])));
    Store(out, _mm256_permutevar8x32_epi32(v, order));
    return __builtin_popcount(bits);
  }
  static IdxF64 LoadIdxF64(const int32_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static MaskF64 NonNegativeF64(IdxF64 i) {
    return _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm_cmpgt_epi32(i, _mm_set1_epi32(-1))));
  }
  static bool AnyF64(MaskF64 m) { return _mm256_movemask_pd(m) != 0; }
  static F64 LoadF64(const double* p) { return _mm256_loadu_pd(p); }
  static void StoreF64(double* p, F64 v) { _mm256_storeu_pd(p, v); }
  static F64 Set1F64(double x) { return _mm256_set1_pd(x); }
  static F64 MulAdd(F64 a, F64 b, F64 c) { return _mm256_fmadd_pd(a, b, c); }
  static F64 GatherF64(MaskF64 m, const double* base, IdxF64 i) {
    return _mm256_mask_i32gather_pd(_mm256_setzero_pd(), base, i, m, 8);
  }
  static MaskF64 MaskF64FromBits(unsigned bits) {
    const __m256i lane_bit = _mm256_setr_epi64x(1, 2, 4, 8);
    const __m256i b = _mm256_and_si256(_mm256_set1_epi64x(bits), lane_bit);
    return _mm256_castsi256_pd(_mm256_cmpeq_epi64(b, lane_bit));
  }
  static F64 AddF64(F64 a, F64 b) { return _mm256_add_pd(a, b); }
  static MaskF64 EqF64(F64 a, F64 b) { return _mm256_cmp_pd(a, b, _CMP_EQ_OQ); }
  static unsigned BitsF64(MaskF64 m) { return static_cast<unsigned>(_mm256_movemask_pd(m)); }
  static F64 MinF64(F64 a, F64 b) { return _mm256_min_pd(a, b); }
  static F64 MaxF64(F64 a, F64 b) { return _mm256_max_pd(a, b); }
  static void ScatterF64(double* base, MaskF64 m, IdxF64 idx, F64 v) {
    alignas(16) int32_t i[kLanesF64];
    alignas(32) double x[kLanesF64];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(i), idx);
    _mm256_storeu_pd(x, v);
    for (unsigned bits = _mm256_movemask_pd(m); bits != 0; bits &= bits - 1) {
      const int lane = __builtin_ctz(bits);
      base[i[lane]] = x[lane];
    }
  }

  // --- more double arithmetic (the MD force kernel) ---
  static F64 ZeroF64() { return _mm256_setzero_pd(); }
  static F64 SubF64(F64 a, F64 b) { return _mm256_sub_pd(a, b); }
  static F64 MulF64(F64 a, F64 b) { return _mm256_mul_pd(a, b); }
  static F64 DivF64(F64 a, F64 b) { return _mm256_div_pd(a, b); }
  static MaskF64 LeF64(F64 a, F64 b) { return _mm256_cmp_pd(a, b, _CMP_LE_OQ); }
  static MaskF64 LtF64(F64 a, F64 b) { return _mm256_cmp_pd(a, b, _CMP_LT_OQ); }
  static MaskF64 MaskAndF64(MaskF64 a, MaskF64 b) { return _mm256_and_pd(a, b); }
  static F64 SelectF64(MaskF64 m, F64 a, F64 b) { return _mm256_blendv_pd(b, a, m); }
  static double SumF64(F64 v) {
    const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
  }
  static IdxF64 ClampIdxF64(IdxF64 i) { return _mm_max_epi32(i, _mm_setzero_si128()); }
};

}  // namespace irreg::IRREG_ISA_NS::simd
