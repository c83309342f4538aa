// The grouped index's kernels (tiling/*.cpp, compiled once per ISA): the X-macro that lists
// them, the TilingKernels table of one ISA and, inside a kernel source, their declarations in
// that ISA's namespace.
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"
#include "core/types.hpp"

namespace irreg {

// Read-only view of the grouped arrays a kernel sweeps (DESIGN §4).
struct GroupedArrays {
  const int32_t* xcoord;    // local row of each slot, -1 when inactive or padding
  const int32_t* ycoord;    // local column of each slot, -1 for padding
  const int32_t* row_base;  // per group: tile_row * T
  const int32_t* col_base;  // per group: tile_col * T
};

// X-macro of every tiling kernel: name, return type, parameter list. Adding a kernel means
// adding a line here and its definition in one kernel source; the table and dispatch follow.
#define IRREG_TILING_KERNELS(X)                                                                   \
  /* Batched Search-and-Activate (seed 000 Alg. 1): lower-bound of keys[q] in              */     \
  /* index[lo[q], hi[q]); out_slot[q] = pos[k] if found, else -1; when xcoord is not null  */     \
  /* the found slots get xcoord = keys[q] >> log2_tile (the local row).                    */     \
  X(SearchAndActivate, void,                                                                      \
    (const int32_t* index, const int32_t* pos, const int32_t* keys, const int32_t* lo,            \
     const int32_t* hi, int64_t n, int32_t log2_tile, int32_t* xcoord, int32_t* out_slot))        \
  /* xcoord[slots[i]] = value for every slots[i] >= 0 (deactivation).                      */     \
  X(ScatterSlotValue, void, (int32_t* xcoord, const int32_t* slots, int64_t n, int32_t value))    \
  /* Every slot of the listed groups becomes inactive.                                     */     \
  X(ClearGroups, void, (int32_t* xcoord, const int32_t* groups, int64_t n))                       \
  /* Active slots in the listed groups (all groups when groups is null).                   */     \
  X(CountActive, int64_t, (const int32_t* xcoord, const int32_t* groups, int64_t n))              \
  /* Sort key (tile_row, tile_col, local_row, local_col) packed into 64 bits.              */     \
  X(ComputeSortKeys, void,                                                                        \
    (const int32_t* rows, const int32_t* cols, int64_t n, int32_t log2_tile, int32_t column_bits, \
     uint64_t* keys))                                                                             \
  /* y[col] += w * x[row] over active slots; with both_ends also y[row] += w * x[col].     */     \
  /* weights is slot-aligned (null means 1). groups null means all n groups.              */      \
  X(GroupedScatterAdd, void,                                                                      \
    (const GroupedArrays& a, const int32_t* groups, int64_t n, const double* weights,             \
     const double* x, double* y, bool both_ends))                                                 \
  /* First listed group whose active lanes repeat a column (or, with check_rows, a row);   */     \
  /* -1 when every group is conflict-free.                                                 */     \
  X(FirstConflictingGroup, int64_t,                                                               \
    (const int32_t* xcoord, const int32_t* ycoord, int64_t n_groups, bool check_rows))

struct TilingKernels {
#define IRREG_TILING_MEMBER(name, ret, params) ret(*name) params;
  IRREG_TILING_KERNELS(IRREG_TILING_MEMBER)
#undef IRREG_TILING_MEMBER
};

// The tiling kernels of ResolveIsa(isa) (tiling_kernels.cpp); each ISA's MakeTilingKernels is
// defined in tiling/slot_kernels.cpp.
const TilingKernels& TilingKernelsFor(const std::string& isa);

// Each ISA's table, defined with its kernels (compiled once per ISA).
IRREG_DECLARE_ISA_TABLES(TilingKernels, MakeTilingKernels)

}  // namespace irreg

// Only kernel sources, which CMake compiles once per ISA with IRREG_ISA_NS set, see these.
#ifdef IRREG_ISA_NS
namespace irreg::IRREG_ISA_NS {

#define IRREG_DECLARE_TILING_KERNEL(name, ret, params) ret name params;
IRREG_TILING_KERNELS(IRREG_DECLARE_TILING_KERNEL)
#undef IRREG_DECLARE_TILING_KERNEL

}  // namespace irreg::IRREG_ISA_NS
#endif  // IRREG_ISA_NS
