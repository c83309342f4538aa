// The per-ISA min-plus kernels of the blocked Floyd-Warshall (graph/floyd_warshall.hpp),
// compiled once per ISA by graph/min_plus_kernels.cpp. Each entry is the minimum of its old
// value and sums a + b of two doubles: one IEEE addition and one exact minimum per candidate,
// so every ISA gives the same bits.
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"

namespace irreg::graph {

// Row-major blocks: c (rows x cols, leading dimension ldc), a (rows x depth, lda), b (depth x
// cols, ldb). cols is a multiple of 2 * MinPlusKernels::lanes, rows of 4.
struct MinPlusBlocks {
  double* c;
  const double* a;
  const double* b;
  int64_t ldc, lda, ldb;
  int32_t rows, cols, depth;
};

using MinPlusFn = void (*)(const MinPlusBlocks&);

struct MinPlusKernels {
  int32_t lanes;  // doubles per vector
  // For k = 0 .. depth-1 in turn, then each row i: c[i][j] = min(c[i][j], a[i][k] + b[k][j]).
  // a and b may be c itself (the diagonal block and its row and column: Floyd-Warshall's own
  // order, each k seeing the updates of the ones before).
  MinPlusFn relax;
  // c[i][j] = min(c[i][j], min over k of a[i][k] + b[k][j]), k ascending; a and b must not
  // overlap c (the min-plus product of the blocks off the diagonal row and column).
  MinPlusFn product;
};

// The kernels of ResolveIsa(isa).
const MinPlusKernels& MinPlusKernelsFor(const std::string& isa);

}  // namespace irreg::graph

namespace irreg {
IRREG_DECLARE_ISA_TABLES(graph::MinPlusKernels, MakeMinPlusKernels)
}  // namespace irreg
