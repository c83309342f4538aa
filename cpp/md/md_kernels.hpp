// The per-ISA kernels of the MD component: the force kernel and the neighbour build's row (seed 000
// §5, §6.3; DESIGN §7), compiled once per ISA by md/lj_kernels.cpp and reached through the dispatch
// table like every other kernel.
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

// A row of the neighbour build's half list for an atom whose stencil lies inside the cell
// (md/neighbor_build.cpp's common case): its partners j > i within `radius2` among the
// bin-sorted atoms of each stencil line. Bins hold their atoms' positions as x, y, z arrays and
// ids in `atoms`, each with at least 16 entries of slack after the last atom.
struct InteriorRows {
  const double* pos;  // 4 per atom
  const double *x, *y, *z;
  const int32_t* atoms;
  const int32_t* bin_begin;
  const int32_t* line_offset;  // per line: its first bin relative to the atom's bin
  const int32_t* line_span;    // per line: its bins
  int32_t num_lines;
  double radius2, min2;
};
// The closest partner below min2 so far (j < 0: none; ties: the smaller j).
struct Closest {
  int32_t j = -1;
  double r2 = 0.0;
};
// Writes atom i's partners (i in bin `bin`) at cols, which has room for every candidate of its
// lines plus 16; returns how many.
using InteriorRowFn = int32_t (*)(const InteriorRows& in, int32_t i, int32_t bin, int32_t* cols,
                                  Closest* close);

struct MdKernels {
  LjOverGroupsFn lj_over_groups;
  InteriorRowFn interior_row;
};

// The kernels of ResolveIsa(isa) (md_kernels.cpp); MakeMdKernels is defined in
// md/lj_kernels.cpp, the neighbour row in md/neighbor_kernels.cpp.
const MdKernels& MdKernelsFor(const std::string& isa);

}  // namespace irreg::md

namespace irreg {
// Each ISA's table, defined with its kernels (compiled once per ISA).
IRREG_DECLARE_ISA_TABLES(md::MdKernels, MakeMdKernels)
}  // namespace irreg
