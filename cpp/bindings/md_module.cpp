// ase_irreg._core: the C++ core as the ASE calculator sees it.
#include "bindings/grouped_index_bindings.hpp"
#include "bindings/md_bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "irreg C++ core for ase_irreg: ISA dispatch, the grouped index and Lennard-Jones MD";
  irreg::bindings::BindIsaFunctions(m);
  irreg::bindings::BindGroupedIndex(m, "both_ends");
  irreg::bindings::BindMd(m);
}
