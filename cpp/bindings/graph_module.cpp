// nx_irreg._core: the C++ core as the NetworkX backend sees it.
#include "bindings/grouped_index_bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "irreg C++ core for nx_irreg: ISA dispatch and the grouped index";
  irreg::bindings::BindIsaFunctions(m);
  irreg::bindings::BindGroupedIndex(m, "destination");
}
