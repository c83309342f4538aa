// The per-ISA row sums of the link-analysis power iterations (graph/link_analysis.hpp): one
// sparse matrix-vector product pulled row by row, y[v] = sum over row v of w * x[col], compiled
// once per ISA by graph/row_sum_kernels.cpp. A row's terms are added in one fixed order per ISA
// (lane partial sums, then the lanes, then the tail), so a result never depends on threads.
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"
#include "core/types.hpp"

namespace irreg::graph {

// Rows [first, last) of a CSR: cols[offsets[v] ...] with weights (null: every weight 1), over
// the values x; sums to y[first ...].
struct RowSumRange {
  const int64_t* offsets;
  const VertexId* cols;
  const double* weights;
  const double* x;
  double* y;
  VertexId first, last;
};

using RowSumsFn = void (*)(const RowSumRange&);

struct RowSumKernels {
  RowSumsFn sums;
};

// The kernels of ResolveIsa(isa) (graph/link_analysis.cpp).
const RowSumKernels& RowSumKernelsFor(const std::string& isa);

}  // namespace irreg::graph

namespace irreg {
IRREG_DECLARE_ISA_TABLES(graph::RowSumKernels, MakeRowSumKernels)
}  // namespace irreg
