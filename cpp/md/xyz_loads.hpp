// The force kernel's atom access: positions and forces hold 4 doubles per atom (x, y, z, 0).
// This is MD's own vector code, so it lives here rather than in simd/ (generic operations only),
// and the wide ISAs use intrinsics.
//
// Why the wide kernel keeps each pair's difference d = x_j + shift - x_i as one 256-bit vector
// (x, y, z, 0) per lane: the distance math wants x, y, z vectors across lanes, but the loads and
// the force updates want one vector per atom. Transposing only d (one 4x4 transpose per four
// lanes) and giving each lane its force as broadcast(du) * d (a broadcast is a load, not a
// shuffle) needs 7 shuffles per four lanes, where transposing both ends' positions in and both
// ends' forces out needed 30: on Intel cores the single shuffle port was the kernel's limit.
// Lane updates are load-add-store one after another, so an atom that is a row in one lane and a
// column in another is still updated correctly.
#pragma once

#include <cstdint>

#include "simd/vec.hpp"

namespace irreg::IRREG_ISA_NS {

inline void LoadXyz(const double* base, int32_t i, double* x, double* y, double* z) {
  *x = base[4 * i], *y = base[4 * i + 1], *z = base[4 * i + 2];
}
inline void AddXyz(double* base, int32_t i, double x, double y, double z) {
  base[4 * i] += x, base[4 * i + 1] += y, base[4 * i + 2] += z;
}

#if defined(IRREG_TARGET_AVX2) || defined(IRREG_TARGET_AVX512)
// Rows a..d of a 4x4 block of doubles, transposed: out[c] holds column c of the four rows.
inline void Transpose4(__m256d a, __m256d b, __m256d c, __m256d d, __m256d out[4]) {
  const __m256d ab_even = _mm256_unpacklo_pd(a, b), ab_odd = _mm256_unpackhi_pd(a, b);
  const __m256d cd_even = _mm256_unpacklo_pd(c, d), cd_odd = _mm256_unpackhi_pd(c, d);
  out[0] = _mm256_permute2f128_pd(ab_even, cd_even, 0x20);
  out[1] = _mm256_permute2f128_pd(ab_odd, cd_odd, 0x20);
  out[2] = _mm256_permute2f128_pd(ab_even, cd_even, 0x31);
  out[3] = _mm256_permute2f128_pd(ab_odd, cd_odd, 0x31);
}

// The x, y, z columns of four (x, y, z, w) rows (w dropped: one shuffle fewer).
inline void TransposeXyz(const __m256d d[4], __m256d* x, __m256d* y, __m256d* z) {
  const __m256d ab_even = _mm256_unpacklo_pd(d[0], d[1]), ab_odd = _mm256_unpackhi_pd(d[0], d[1]);
  const __m256d cd_even = _mm256_unpacklo_pd(d[2], d[3]), cd_odd = _mm256_unpackhi_pd(d[2], d[3]);
  *x = _mm256_permute2f128_pd(ab_even, cd_even, 0x20);
  *y = _mm256_permute2f128_pd(ab_odd, cd_odd, 0x20);
  *z = _mm256_permute2f128_pd(ab_even, cd_even, 0x31);
}

// Lane indices of one vector to memory (the loads and updates address atoms one by one).
inline void StoreLanes(int32_t* at, __m128i idx) {
  _mm_store_si128(reinterpret_cast<__m128i*>(at), idx);
}

// One vector of lanes from its 256-bit quarters (four lanes each).
inline void JoinQuads(const __m256d* q, __m256d* out) { *out = q[0]; }

// Differences d[k] = x[col[k]] + shift - x[row[k]] of four lanes, one vector per lane.
inline void LoadDifferences4(const double* rows, const double* cols, const int32_t* row,
                             const int32_t* col, __m256d shift, __m256d d[4]) {
  for (int k = 0; k < 4; ++k)
    d[k] = _mm256_sub_pd(_mm256_add_pd(_mm256_loadu_pd(cols + 4 * col[k]), shift),
                         _mm256_loadu_pd(rows + 4 * row[k]));
}

// Forces of four lanes: f = du[k] * d[k] added to the row atom, subtracted from the column atom.
// Lanes that are masked off carry du = 0 and a valid index, so they add nothing.
inline void AddForces4(double* rows, double* cols, const int32_t* row, const int32_t* col,
                       const double* du, const __m256d d[4]) {
  for (int k = 0; k < 4; ++k) {
    const __m256d f = _mm256_mul_pd(_mm256_broadcast_sd(du + k), d[k]);
    double* fc = cols + 4 * col[k];
    _mm256_storeu_pd(fc, _mm256_sub_pd(_mm256_loadu_pd(fc), f));
    double* fr = rows + 4 * row[k];
    _mm256_storeu_pd(fr, _mm256_add_pd(_mm256_loadu_pd(fr), f));
  }
}
#endif

#if defined(IRREG_TARGET_AVX512)
inline void StoreLanes(int32_t* at, __m256i idx) {
  _mm256_store_si256(reinterpret_cast<__m256i*>(at), idx);
}
inline void JoinQuads(const __m256d* q, __m512d* out) {
  *out = _mm512_insertf64x4(_mm512_castpd256_pd512(q[0]), q[1], 1);
}
#endif

}  // namespace irreg::IRREG_ISA_NS
