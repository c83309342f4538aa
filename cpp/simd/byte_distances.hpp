// A typed operation the aligner's kernel needs (its anchor-distance agreement): over two byte
// strings, how many byte pairs are equal and how many differ by one. Byte lanes have no
// counterpart among the Vec types' int32 and double lanes, so the AVX2 and AVX-512 builds use
// SSE2 intrinsics, 16 anchors per instruction; the scalar build stays portable.
#pragma once

#include <cstdint>

#include "simd/vec.hpp"

namespace irreg::IRREG_ISA_NS {

// Over n bytes (a multiple of 16).
#if defined(IRREG_TARGET_AVX2) || defined(IRREG_TARGET_AVX512)
inline void CountEqualAndAdjacentBytes(const uint8_t* a, const uint8_t* b, int n, int* equal,
                                       int* adjacent) {
  const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
  int eq = 0, adj = 0;
  for (int i = 0; i < n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
    const __m128i d = _mm_or_si128(_mm_subs_epu8(x, y), _mm_subs_epu8(y, x));  // |x - y|
    eq += __builtin_popcount(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(d, zero))));
    adj += __builtin_popcount(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(d, one))));
  }
  *equal = eq, *adjacent = adj;
}
#else
inline void CountEqualAndAdjacentBytes(const uint8_t* a, const uint8_t* b, int n, int* equal,
                                       int* adjacent) {
  int eq = 0, adj = 0;
  for (int i = 0; i < n; ++i) {
    const int d = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
    eq += d == 0;
    adj += d == 1;
  }
  *equal = eq, *adjacent = adj;
}
#endif

}  // namespace irreg::IRREG_ISA_NS
