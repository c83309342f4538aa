// Declarations of the kernels inside the ISA namespace being compiled. Included only by the
// per-ISA kernel sources, which CMake compiles with IRREG_ISA_NS set to scalar/avx2/avx512/...
#pragma once

#include "core/kernel_table.hpp"

#ifndef IRREG_ISA_NS
#error "kernel sources are compiled once per ISA with IRREG_ISA_NS defined (see CMakeLists.txt)"
#endif

namespace irreg {
namespace IRREG_ISA_NS {
#define IRREG_DECLARE_KERNEL(name, ret, params) ret name params;
IRREG_KERNELS(IRREG_DECLARE_KERNEL)
#undef IRREG_DECLARE_KERNEL
}  // namespace IRREG_ISA_NS
}  // namespace irreg
