// The typed operations of the bit-parallel multi-source BFS (graph/ms_bfs_kernels.cpp): per
// vertex one 64-byte block holding one bit per source of a batch of 512. One register on
// AVX-512, two on AVX2, eight words on scalar: the batch is 512 sources on every ISA, so the
// batches, and every sum over them, are the same whichever ISA runs.
#pragma once

#include <cstdint>

#include "simd/vec.hpp"

namespace irreg::IRREG_ISA_NS::simd {

struct SourceBits {
  static constexpr int kWords = 8;  // uint64 words per block; blocks are 64-byte aligned
#if defined(IRREG_TARGET_AVX512)
  using Block = __m512i;
  static Block Load(const uint64_t* p) { return _mm512_load_si512(p); }
  static void Store(uint64_t* p, Block b) { _mm512_store_si512(p, b); }
  static Block Zero() { return _mm512_setzero_si512(); }
  static Block Or(Block a, Block b) { return _mm512_or_si512(a, b); }
  static Block AndNot(Block a, Block b) { return _mm512_andnot_si512(b, a); }  // a & ~b
  static bool IsZero(Block a) { return _mm512_test_epi64_mask(a, a) == 0; }
  static bool IsFull(Block a) { return _mm512_cmpeq_epi64_mask(a, _mm512_set1_epi64(-1)) == 0xFF; }
#elif defined(IRREG_TARGET_AVX2)
  struct Block {
    __m256i lo, hi;
  };
  static Block Load(const uint64_t* p) {
    return {_mm256_load_si256(reinterpret_cast<const __m256i*>(p)),
            _mm256_load_si256(reinterpret_cast<const __m256i*>(p + 4))};
  }
  static void Store(uint64_t* p, Block b) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(p), b.lo);
    _mm256_store_si256(reinterpret_cast<__m256i*>(p + 4), b.hi);
  }
  static Block Zero() { return {_mm256_setzero_si256(), _mm256_setzero_si256()}; }
  static Block Or(Block a, Block b) {
    return {_mm256_or_si256(a.lo, b.lo), _mm256_or_si256(a.hi, b.hi)};
  }
  static Block AndNot(Block a, Block b) {
    return {_mm256_andnot_si256(b.lo, a.lo), _mm256_andnot_si256(b.hi, a.hi)};
  }
  static bool IsZero(Block a) {
    const __m256i any = _mm256_or_si256(a.lo, a.hi);
    return _mm256_testz_si256(any, any) != 0;
  }
  static bool IsFull(Block a) {
    const __m256i all = _mm256_and_si256(a.lo, a.hi);
    return _mm256_testc_si256(all, _mm256_set1_epi64x(-1)) != 0;
  }
#else
  struct Block {
    uint64_t w[kWords];
  };
  static Block Load(const uint64_t* p) {
    Block b;
    for (int i = 0; i < kWords; ++i) b.w[i] = p[i];
    return b;
  }
  static void Store(uint64_t* p, Block b) {
    for (int i = 0; i < kWords; ++i) p[i] = b.w[i];
  }
  static Block Zero() { return Block{}; }
  static Block Or(Block a, Block b) {
    for (int i = 0; i < kWords; ++i) a.w[i] |= b.w[i];
    return a;
  }
  static Block AndNot(Block a, Block b) {
    for (int i = 0; i < kWords; ++i) a.w[i] &= ~b.w[i];
    return a;
  }
  static bool IsZero(Block a) {
    uint64_t any = 0;
    for (int i = 0; i < kWords; ++i) any |= a.w[i];
    return any == 0;
  }
  static bool IsFull(Block a) {
    uint64_t all = ~uint64_t{0};
    for (int i = 0; i < kWords; ++i) all &= a.w[i];
    return all == ~uint64_t{0};
  }
#endif
  // Set bits of a stored block (the sources that reached a vertex at this level).
  static int PopCount(const uint64_t* p) {
    int c = 0;
    for (int i = 0; i < kWords; ++i) c += __builtin_popcountll(p[i]);
    return c;
  }
};

}  // namespace irreg::IRREG_ISA_NS::simd
