// Min-plus updates of dense blocks (graph/min_plus_kernels.hpp), compiled once per ISA. The
// product keeps a 4-row by 2-vector tile of c in registers while it streams the depth, so each
// row of b loaded serves four rows of c.
#include "graph/min_plus_kernels.hpp"

#include "simd/vec.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;
constexpr int kW = V::kLanesF64;
constexpr int kTileRows = 4;

void Relax(const graph::MinPlusBlocks& r) {
  const double kInf = __builtin_inf();
  for (int32_t k = 0; k < r.depth; ++k) {
    const double* b = r.b + k * r.ldb;
    for (int32_t i = 0; i < r.rows; ++i) {
      const double a = r.a[i * r.lda + k];
      if (a == kInf) continue;  // no path through k: nothing to relax
      const V::F64 av = V::Set1F64(a);
      double* c = r.c + i * r.ldc;
      for (int32_t j = 0; j < r.cols; j += kW)
        V::StoreF64(c + j, V::MinF64(V::LoadF64(c + j), V::AddF64(av, V::LoadF64(b + j))));
    }
  }
}

void Product(const graph::MinPlusBlocks& r) {
  for (int32_t i = 0; i < r.rows; i += kTileRows) {
    const double* a = r.a + i * r.lda;
    for (int32_t j = 0; j < r.cols; j += 2 * kW) {
      double* c = r.c + i * r.ldc + j;
      V::F64 c0[kTileRows], c1[kTileRows];
      for (int t = 0; t < kTileRows; ++t) {
        c0[t] = V::LoadF64(c + t * r.ldc);
        c1[t] = V::LoadF64(c + t * r.ldc + kW);
      }
      const double* b = r.b + j;
      for (int32_t k = 0; k < r.depth; ++k, b += r.ldb) {
        const V::F64 b0 = V::LoadF64(b), b1 = V::LoadF64(b + kW);
        for (int t = 0; t < kTileRows; ++t) {
          const V::F64 av = V::Set1F64(a[t * r.lda + k]);
          c0[t] = V::MinF64(c0[t], V::AddF64(av, b0));
          c1[t] = V::MinF64(c1[t], V::AddF64(av, b1));
        }
      }
      for (int t = 0; t < kTileRows; ++t) {
        V::StoreF64(c + t * r.ldc, c0[t]);
        V::StoreF64(c + t * r.ldc + kW, c1[t]);
      }
    }
  }
}

}  // namespace

graph::MinPlusKernels MakeMinPlusKernels() { return {kW, &Relax, &Product}; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg
