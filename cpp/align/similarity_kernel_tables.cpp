// Every ISA's AlignKernels table, made once; ISA-independent (DESIGN §3).
#include "align/similarity_kernels.hpp"

namespace irreg::align {

const AlignKernels& AlignKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(align::AlignKernels, MakeAlignKernels);
  return tables.For(isa);
}

}  // namespace irreg::align
