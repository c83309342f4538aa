// Typed operations on rows of four doubles, for the MD force kernel (md/lj_kernels.cpp): atom
// positions and forces hold (x, y, z, 0) per atom, and a pair's coefficients are rows of four.
// One interface for every ISA, so the kernel is written once: the wide ISAs keep one 256-bit
// row per lane, the scalar ISA (one lane per vector) three doubles.
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

namespace irreg::IRREG_ISA_NS::simd {

#if defined(IRREG_TARGET_AVX2) || defined(IRREG_TARGET_AVX512)
struct XyzRows {
  using Row = __m256d;  // one lane's (x, y, z, 0)
  static constexpr int kQuads = Vec::kLanesF64 / 4;

  static Row Shift(const double* s) { return _mm256_set_pd(0.0, s[2], s[1], s[0]); }

  // Lane indices of one vector to memory (the loads and updates address atoms one by one).
  static void StoreIdx(int32_t* at, Vec::IdxF64 idx) { StoreQuarterIdx(at, idx); }

  // d[k] = cols[col[k]] + shift - rows[row[k]] for every lane k of one vector.
  static void LoadDifferences(const double* rows, const double* cols, const int32_t* row,
                              const int32_t* col, Row shift, Row* d) {
    for (int k = 0; k < Vec::kLanesF64; ++k)
      d[k] = _mm256_sub_pd(_mm256_add_pd(_mm256_loadu_pd(cols + 4 * col[k]), shift),
                           _mm256_loadu_pd(rows + 4 * row[k]));
  }

  // The x, y, z vectors of the lanes' rows (w dropped: one shuffle fewer).
  static void ToXyz(const Row* d, Vec::F64* x, Vec::F64* y, Vec::F64* z) {
    __m256d xs[kQuads], ys[kQuads], zs[kQuads];
    for (int q = 0; q < kQuads; ++q) {
      const __m256d* r = d + 4 * q;
      const __m256d ab_even = _mm256_unpacklo_pd(r[0], r[1]),
                    ab_odd = _mm256_unpackhi_pd(r[0], r[1]);
      const __m256d cd_even = _mm256_unpacklo_pd(r[2], r[3]),
                    cd_odd = _mm256_unpackhi_pd(r[2], r[3]);
      xs[q] = _mm256_permute2f128_pd(ab_even, cd_even, 0x20);
      ys[q] = _mm256_permute2f128_pd(ab_odd, cd_odd, 0x20);
      zs[q] = _mm256_permute2f128_pd(ab_even, cd_even, 0x31);
    }
    Join(xs, x), Join(ys, y), Join(zs, z);
  }

  // Every lane's force f = du[k] * d[k], subtracted from its column atom, added to its row atom.
  // Masked lanes carry du = 0 and a valid index, so they add nothing.
  static void AddForces(double* rows, double* cols, const int32_t* row, const int32_t* col,
                        const double* du, const Row* d) {
    for (int k = 0; k < Vec::kLanesF64; ++k) {
      const __m256d f = _mm256_mul_pd(_mm256_broadcast_sd(du + k), d[k]);
      double* fc = cols + 4 * col[k];
      _mm256_storeu_pd(fc, _mm256_sub_pd(_mm256_loadu_pd(fc), f));
      double* fr = rows + 4 * row[k];
      _mm256_storeu_pd(fr, _mm256_add_pd(_mm256_loadu_pd(fr), f));
    }
  }

  // out[c] = column c of the lanes' rows p[k][0..3] (four doubles each, 32-byte aligned).
  static void Transpose(const double* const* p, Vec::F64 out[4]) {
    __m256d cols[4][kQuads];
    for (int q = 0; q < kQuads; ++q) {
      const __m256d a = _mm256_load_pd(p[4 * q]), b = _mm256_load_pd(p[4 * q + 1]);
      const __m256d c = _mm256_load_pd(p[4 * q + 2]), e = _mm256_load_pd(p[4 * q + 3]);
      const __m256d ab_even = _mm256_unpacklo_pd(a, b), ab_odd = _mm256_unpackhi_pd(a, b);
      const __m256d ce_even = _mm256_unpacklo_pd(c, e), ce_odd = _mm256_unpackhi_pd(c, e);
      cols[0][q] = _mm256_permute2f128_pd(ab_even, ce_even, 0x20);
      cols[1][q] = _mm256_permute2f128_pd(ab_odd, ce_odd, 0x20);
      cols[2][q] = _mm256_permute2f128_pd(ab_even, ce_even, 0x31);
      cols[3][q] = _mm256_permute2f128_pd(ab_odd, ce_odd, 0x31);
    }
    for (int c = 0; c < 4; ++c) Join(cols[c], &out[c]);
  }

 private:
  // One vector of lanes from its 256-bit quarters (four lanes each).
  static void Join(const __m256d* q, __m256d* out) { *out = q[0]; }
  static void StoreQuarterIdx(int32_t* at, __m128i idx) {
    _mm_store_si128(reinterpret_cast<__m128i*>(at), idx);
  }
#if defined(IRREG_TARGET_AVX512)
  static void Join(const __m256d* q, __m512d* out) {
    *out = _mm512_insertf64x4(_mm512_castpd256_pd512(q[0]), q[1], 1);
  }
  static void StoreQuarterIdx(int32_t* at, __m256i idx) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(at), idx);
  }
#endif
};
#else
struct XyzRows {
  struct Row {
    double x, y, z;
  };

  static Row Shift(const double* s) { return {s[0], s[1], s[2]}; }
  static void StoreIdx(int32_t* at, Vec::IdxF64 idx) { *at = idx; }

  static void LoadDifferences(const double* rows, const double* cols, const int32_t* row,
                              const int32_t* col, Row shift, Row* d) {
    const double* j = cols + 4 * col[0];
    const double* i = rows + 4 * row[0];
    *d = {j[0] + shift.x - i[0], j[1] + shift.y - i[1], j[2] + shift.z - i[2]};
  }

  static void ToXyz(const Row* d, Vec::F64* x, Vec::F64* y, Vec::F64* z) {
    *x = d->x, *y = d->y, *z = d->z;
  }

  static void AddForces(double* rows, double* cols, const int32_t* row, const int32_t* col,
                        const double* du, const Row* d) {
    const double fx = *du * d->x, fy = *du * d->y, fz = *du * d->z;
    double* fc = cols + 4 * col[0];
    fc[0] -= fx, fc[1] -= fy, fc[2] -= fz;
    double* fr = rows + 4 * row[0];
    fr[0] += fx, fr[1] += fy, fr[2] += fz;
  }

  static void Transpose(const double* const* p, Vec::F64 out[4]) {
    for (int c = 0; c < 4; ++c) out[c] = p[0][c];
  }
};
#endif

}  // namespace irreg::IRREG_ISA_NS::simd
