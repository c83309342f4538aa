// Composes this ISA's kernel table from the components' sub-tables; compiled once per ISA like
// every kernel source.
#include "core/kernel_table.hpp"

namespace irreg {
namespace IRREG_ISA_NS {

const KernelTable& Kernels() {
#define IRREG_KERNEL_COMPONENT_ENTRY(member, type, make) make(),
  static const KernelTable table{IRREG_KERNEL_COMPONENTS(IRREG_KERNEL_COMPONENT_ENTRY)};
#undef IRREG_KERNEL_COMPONENT_ENTRY
  return table;
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg
