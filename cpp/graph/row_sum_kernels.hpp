// The per-ISA sparse matrix-vector products of the link-analysis power iterations
// (graph/link_analysis.hpp), compiled once per ISA by graph/row_sum_kernels.cpp: pulled row by
// row over a CSR, y[v] = sum over row v of w * x[col], or pushed group by group over the grouped
// index. Either adds each y's terms in one fixed order per ISA (a row's lane partial sums, then
// the lanes, then the tail; a destination's groups in tile order), so no result depends on
// threads.
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

// Groups [first_group, last_group) of a grouped index (seed 000 §4.2: no destination twice in a
// group; padding lanes have local_row -1): y[col] += w * x[row] lane by lane, the seed's
// conflict-free scatter-add. slot_weight null: every weight 1.
struct GroupedSumRange {
  const int32_t* local_row;
  const int32_t* local_col;
  const int32_t* row_base;
  const int32_t* col_base;
  const double* slot_weight;
  const double* x;
  double* y;
  int64_t first_group, last_group;
};

using GroupedSumsFn = void (*)(const GroupedSumRange&);

struct RowSumKernels {
  RowSumsFn sums;
  GroupedSumsFn grouped;
};

// The kernels of ResolveIsa(isa) (graph/link_analysis.cpp).
const RowSumKernels& RowSumKernelsFor(const std::string& isa);

}  // namespace irreg::graph

namespace irreg {
IRREG_DECLARE_ISA_TABLES(graph::RowSumKernels, MakeRowSumKernels)
}  // namespace irreg
