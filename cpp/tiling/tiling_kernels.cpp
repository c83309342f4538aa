// Every ISA's TilingKernels table, made once; ISA-independent (DESIGN §3).
#include "tiling/tiling_kernels.hpp"

namespace irreg {

const TilingKernels& TilingKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(TilingKernels, MakeTilingKernels);
  return tables.For(isa);
}

}  // namespace irreg
