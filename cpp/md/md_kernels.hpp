// The per-ISA force kernel of the MD component (seed 000 §5, §6.3; DESIGN §7), compiled once per
// ISA by md/lj_kernels.cpp and reached through the dispatch table like every other kernel.
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"
#include "md/lj_coefficients.hpp"
#include "md/pair_group.hpp"

namespace irreg::md {

// Pairs in MD's grouped storage (md/pair_group.hpp): spans of groups, each with its rows'
// base. A group's column base carries its periodic image in the bits above
// log2_columns_per_image, so its shift is one broadcast. Lanes beyond a group's active bits
// hold valid atoms of its tile (padding or an old pair) and add nothing.
struct LjGroups {
  const GroupSpan* spans;
  int64_t num_spans;
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
