// AVX-512 on machines without it: SIMDe (header-only, apt-get install libsimde-dev) supplies the
// AVX-512 intrinsics under their native names, so vec_avx512.hpp compiles unchanged with AVX2
// flags as the ISA "avx512-emu". SIMDe 0.7.4 has no AVX-512 gather or scatter; the lane-by-lane
// versions below fill exactly that gap. Scatters write lanes in increasing order, so overlapping
// indices keep the highest lane's value, as the hardware does.
#pragma once

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>

#if !defined(__AVX512F__)

namespace irreg::simd::emu {

template <typename T, int N, typename Index>
inline void GatherLanes(T (&out)[N], unsigned mask, const Index (&idx)[N], const void* base,
                        int scale) {
  const char* bytes = static_cast<const char*>(base);
  for (int lane = 0; lane < N; ++lane)
    if ((mask >> lane) & 1u)
      std::memcpy(&out[lane], bytes + static_cast<int64_t>(idx[lane]) * scale, sizeof(T));
}

template <typename T, int N, typename Index>
inline void ScatterLanes(void* base, unsigned mask, const Index (&idx)[N], const T (&in)[N],
                         int scale) {
  char* bytes = static_cast<char*>(base);
  for (int lane = 0; lane < N; ++lane)
    if ((mask >> lane) & 1u)
      std::memcpy(bytes + static_cast<int64_t>(idx[lane]) * scale, &in[lane], sizeof(T));
}

inline simde__m512i mask_i32gather_epi32(simde__m512i src, simde__mmask16 k, simde__m512i vindex,
                                         const void* base, int scale) {
  int32_t idx[16], out[16];
  simde_mm512_storeu_si512(idx, vindex);
  simde_mm512_storeu_si512(out, src);
  GatherLanes(out, k, idx, base, scale);
  return simde_mm512_loadu_si512(out);
}

inline void mask_i32scatter_epi32(void* base, simde__mmask16 k, simde__m512i vindex, simde__m512i a,
                                  int scale) {
  int32_t idx[16], in[16];
  simde_mm512_storeu_si512(idx, vindex);
  simde_mm512_storeu_si512(in, a);
  ScatterLanes(base, k, idx, in, scale);
}

inline simde__m512 mask_i32gather_ps(simde__m512 src, simde__mmask16 k, simde__m512i vindex,
                                     const void* base, int scale) {
  int32_t idx[16];
  float out[16];
  simde_mm512_storeu_si512(idx, vindex);
  simde_mm512_storeu_ps(out, src);
  GatherLanes(out, k, idx, base, scale);
  return simde_mm512_loadu_ps(out);
}

inline void mask_i32scatter_ps(void* base, simde__mmask16 k, simde__m512i vindex, simde__m512 a,
                               int scale) {
  int32_t idx[16];
  float in[16];
  simde_mm512_storeu_si512(idx, vindex);
  simde_mm512_storeu_ps(in, a);
  ScatterLanes(base, k, idx, in, scale);
}

inline simde__m512d mask_i32gather_pd(simde__m512d src, simde__mmask8 k, simde__m256i vindex,
                                      const void* base, int scale) {
  int32_t idx[8];
  double out[8];
  simde_mm256_storeu_si256(idx, vindex);
  simde_mm512_storeu_pd(out, src);
  GatherLanes(out, k, idx, base, scale);
  return simde_mm512_loadu_pd(out);
}

inline void mask_i32scatter_pd(void* base, simde__mmask8 k, simde__m256i vindex, simde__m512d a,
                               int scale) {
  int32_t idx[8];
  double in[8];
  simde_mm256_storeu_si256(idx, vindex);
  simde_mm512_storeu_pd(in, a);
  ScatterLanes(base, k, idx, in, scale);
}

}  // namespace irreg::simd::emu

// GCC declares these (as target("avx512f") functions, or as macros at -O0); route every use
// to the lane-by-lane versions instead.
#undef _mm512_mask_i32gather_epi32
#undef _mm512_i32gather_epi32
#undef _mm512_mask_i32scatter_epi32
#undef _mm512_i32scatter_epi32
#undef _mm512_mask_i32gather_ps
#undef _mm512_i32gather_ps
#undef _mm512_mask_i32scatter_ps
#undef _mm512_i32scatter_ps
#undef _mm512_mask_i32gather_pd
#undef _mm512_i32gather_pd
#undef _mm512_mask_i32scatter_pd
#undef _mm512_i32scatter_pd
#define _mm512_mask_i32gather_epi32(src, k, vindex, base, scale) \
  ::irreg::simd::emu::mask_i32gather_epi32((src), (k), (vindex), (base), (scale))
#define _mm512_i32gather_epi32(vindex, base, scale)                                               \
  ::irreg::simd::emu::mask_i32gather_epi32(simde_mm512_setzero_si512(), 0xFFFF, (vindex), (base), \
                                           (scale))
#define _mm512_mask_i32scatter_epi32(base, k, vindex, a, scale) \
  ::irreg::simd::emu::mask_i32scatter_epi32((base), (k), (vindex), (a), (scale))
#define _mm512_i32scatter_epi32(base, vindex, a, scale) \
  ::irreg::simd::emu::mask_i32scatter_epi32((base), 0xFFFF, (vindex), (a), (scale))
#define _mm512_mask_i32gather_ps(src, k, vindex, base, scale) \
  ::irreg::simd::emu::mask_i32gather_ps((src), (k), (vindex), (base), (scale))
#define _mm512_i32gather_ps(vindex, base, scale) \
  ::irreg::simd::emu::mask_i32gather_ps(simde_mm512_setzero_ps(), 0xFFFF, (vindex), (base), (scale))
#define _mm512_mask_i32scatter_ps(base, k, vindex, a, scale) \
  ::irreg::simd::emu::mask_i32scatter_ps((base), (k), (vindex), (a), (scale))
#define _mm512_i32scatter_ps(base, vindex, a, scale) \
  ::irreg::simd::emu::mask_i32scatter_ps((base), 0xFFFF, (vindex), (a), (scale))
#define _mm512_mask_i32gather_pd(src, k, vindex, base, scale) \
  ::irreg::simd::emu::mask_i32gather_pd((src), (k), (vindex), (base), (scale))
#define _mm512_i32gather_pd(vindex, base, scale) \
  ::irreg::simd::emu::mask_i32gather_pd(simde_mm512_setzero_pd(), 0xFF, (vindex), (base), (scale))
#define _mm512_mask_i32scatter_pd(base, k, vindex, a, scale) \
  ::irreg::simd::emu::mask_i32scatter_pd((base), (k), (vindex), (a), (scale))
#define _mm512_i32scatter_pd(base, vindex, a, scale) \
  ::irreg::simd::emu::mask_i32scatter_pd((base), 0xFF, (vindex), (a), (scale))

// SIMDe 0.7.4 declares this one's native alias under the _mm512 name (a typo in cmpge.h).
#undef _mm256_cmpge_epi32_mask
#define _mm256_cmpge_epi32_mask(a, b) simde_mm256_cmpge_epi32_mask((a), (b))

#endif  // !__AVX512F__
