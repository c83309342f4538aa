// The neighbour build's per-ISA row (md/neighbor_kernels.cpp), declared for the ISA's MdKernels
// table (md/lj_kernels.cpp).
#pragma once

#include "md/md_kernels.hpp"

namespace irreg::IRREG_ISA_NS {
md::InteriorRowFn InteriorRowKernel();
}  // namespace irreg::IRREG_ISA_NS
