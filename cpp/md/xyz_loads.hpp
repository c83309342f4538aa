// The force kernel's atom access: positions and forces hold 4 doubles per atom (x, y, z,
// unused). LoadXyz reads the x, y, z of one vector of atoms, AddXyz adds to them; both are
// overloaded on the vector types of simd/vec.hpp, so md/lj_kernels.cpp calls them without an
// #if. This is MD's own vector code, so it lives here rather than in simd/ (generic operations
// only), and it uses intrinsics: four 256-bit loads and a 4x4 transpose per 4 atoms beat three
// hardware gathers, and stores beat scatters, most of all where gathers and scatters are
// microcoded (AMD Zen 4).
#pragma once

#include <cstdint>

#include "simd/vec.hpp"

namespace irreg::IRREG_ISA_NS {

inline void LoadXyz(const double* base, int32_t i, double* x, double* y, double* z) {
  *x = base[4 * i], *y = base[4 * i + 1], *z = base[4 * i + 2];
}
inline void AddXyz(double* base, int32_t i, bool mask, double x, double y, double z) {
  if (!mask) return;
  base[4 * i] += x, base[4 * i + 1] += y, base[4 * i + 2] += z;
}

#if defined(IRREG_TARGET_AVX2) || defined(IRREG_TARGET_AVX512)
// The four atoms at[0..3], transposed to x, y, z vectors (also each half of an AVX-512 vector).
inline void LoadXyz4(const double* base, const int32_t* at, __m256d* x, __m256d* y, __m256d* z) {
  const __m256d a = _mm256_loadu_pd(base + 4 * at[0]), b = _mm256_loadu_pd(base + 4 * at[1]);
  const __m256d c = _mm256_loadu_pd(base + 4 * at[2]), d = _mm256_loadu_pd(base + 4 * at[3]);
  const __m256d ab_even = _mm256_unpacklo_pd(a, b), ab_odd = _mm256_unpackhi_pd(a, b);
  const __m256d cd_even = _mm256_unpacklo_pd(c, d), cd_odd = _mm256_unpackhi_pd(c, d);
  *x = _mm256_permute2f128_pd(ab_even, cd_even, 0x20);
  *y = _mm256_permute2f128_pd(ab_odd, cd_odd, 0x20);
  *z = _mm256_permute2f128_pd(ab_even, cd_even, 0x31);
}
inline void AddXyz4(double* base, const int32_t* at, __m256d x, __m256d y, __m256d z) {
  const __m256d zero = _mm256_setzero_pd();
  const __m256d xy_even = _mm256_unpacklo_pd(x, y), xy_odd = _mm256_unpackhi_pd(x, y);
  const __m256d z_even = _mm256_unpacklo_pd(z, zero), z_odd = _mm256_unpackhi_pd(z, zero);
  const __m256d rows[4] = {_mm256_permute2f128_pd(xy_even, z_even, 0x20),
                           _mm256_permute2f128_pd(xy_odd, z_odd, 0x20),
                           _mm256_permute2f128_pd(xy_even, z_even, 0x31),
                           _mm256_permute2f128_pd(xy_odd, z_odd, 0x31)};
  for (int k = 0; k < 4; ++k) {
    double* p = base + 4 * at[k];
    _mm256_storeu_pd(p, _mm256_add_pd(_mm256_loadu_pd(p), rows[k]));
  }
}

inline void LoadXyz(const double* base, __m128i idx, __m256d* x, __m256d* y, __m256d* z) {
  alignas(16) int32_t at[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(at), idx);
  LoadXyz4(base, at, x, y, z);
}
// Adds lane by lane in increasing lane order. Lanes outside the mask must carry zeros and a
// valid index: adding them is then harmless, and it saves a branch per lane.
inline void AddXyz(double* base, __m128i idx, __m256d /*mask*/, __m256d x, __m256d y, __m256d z) {
  alignas(16) int32_t at[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(at), idx);
  AddXyz4(base, at, x, y, z);
}
#endif

#if defined(IRREG_TARGET_AVX512)
inline void LoadXyz(const double* base, __m256i idx, __m512d* x, __m512d* y, __m512d* z) {
  alignas(32) int32_t at[8];
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(at), idx);
  __m256d lo[3], hi[3];
  LoadXyz4(base, at, &lo[0], &lo[1], &lo[2]);
  LoadXyz4(base, at + 4, &hi[0], &hi[1], &hi[2]);
  *x = _mm512_insertf64x4(_mm512_castpd256_pd512(lo[0]), hi[0], 1);
  *y = _mm512_insertf64x4(_mm512_castpd256_pd512(lo[1]), hi[1], 1);
  *z = _mm512_insertf64x4(_mm512_castpd256_pd512(lo[2]), hi[2], 1);
}
// Lanes outside the mask must carry zeros and a valid index (adding them is harmless).
inline void AddXyz(double* base, __m256i idx, __mmask8 /*mask*/, __m512d x, __m512d y,
                   __m512d z) {
  alignas(32) int32_t at[8];
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(at), idx);
  AddXyz4(base, at, _mm512_castpd512_pd256(x), _mm512_castpd512_pd256(y),
          _mm512_castpd512_pd256(z));
  AddXyz4(base, at + 4, _mm512_extractf64x4_pd(x, 1), _mm512_extractf64x4_pd(y, 1),
          _mm512_extractf64x4_pd(z, 1));
}
#endif

}  // namespace irreg::IRREG_ISA_NS
