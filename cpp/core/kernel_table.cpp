// Fills this ISA's kernel table; compiled once per ISA like every kernel source.
#include "core/kernels.hpp"

namespace irreg {
namespace IRREG_ISA_NS {

const KernelTable& Kernels() {
#define IRREG_TABLE_ENTRY(name, ret, params) &name,
  static const KernelTable table{IRREG_KERNELS(IRREG_TABLE_ENTRY)};
#undef IRREG_TABLE_ENTRY
  return table;
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg
