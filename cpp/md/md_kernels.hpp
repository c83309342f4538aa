// The per-ISA force kernel of the MD component (seed 000 §5, §6.3; DESIGN §7), compiled once per
// ISA by md/lj_kernels.cpp and reached through the dispatch table like every other kernel.
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"
#include "md/lj_coefficients.hpp"

namespace irreg::md {

// Pairs in the grouped index (both-ends conflict rule): a group's lanes never repeat an atom as
// row, nor as column. A slot's row is row_base + xcoord (xcoord < 0: hole or padding); its
// column is col_base + ycoord, whose high bits (>> log2_columns_per_image) name the periodic
// image; a group never straddles two images, so its shift is one broadcast.
struct LjGroups {
  const int32_t* xcoord;
  const int32_t* ycoord;
  const int32_t* row_base;
  const int32_t* col_base;
  const int32_t* groups;  // groups to sweep, or null: 0 .. num_groups - 1
  int64_t num_groups;
  int32_t log2_columns_per_image;
  const double* shifts;  // 3 per image
  const int32_t* types;  // species of each atom (null: one species, LjCoefficients pair 0)
};

// positions and forces hold 4 doubles per atom (x, y, z, unused). Forces are added to. With
// energy_virial, totals receive the energy and virial; otherwise those are compiled out.
using LjOverGroupsFn = void (*)(const LjGroups& pairs, const LjCoefficients& c,
                                const double* positions, bool energy_virial, double* forces,
                                LjTotals* totals);

struct MdKernels {
  LjOverGroupsFn lj_over_groups;
};

// The force kernels of ResolveIsa(isa) (md_kernels.cpp); MakeMdKernels is defined in
// md/lj_kernels.cpp.
const MdKernels& MdKernelsFor(const std::string& isa);

}  // namespace irreg::md

namespace irreg {
// Each ISA's table, defined with its kernels (compiled once per ISA).
IRREG_DECLARE_ISA_TABLES(md::MdKernels, MakeMdKernels)
}  // namespace irreg
