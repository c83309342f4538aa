// Every ISA's MdKernels table, made once; ISA-independent (DESIGN §3).
#include "md/md_kernels.hpp"

namespace irreg::md {

const MdKernels& MdKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(md::MdKernels, MakeMdKernels);
  return tables.For(isa);
}

}  // namespace irreg::md
