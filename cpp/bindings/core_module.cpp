// irreg._core: the one extension module. The shared package irreg re-exports the ISA API and the
// grouped index; nx_irreg reaches the graph engine, the NetworkX conversion, the aligner and the
// Emu model through it, ase_irreg the Lennard-Jones system.
#include "bindings/bind.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "irreg C++ core: ISA dispatch, the grouped index, the graph engine, the aligner, "
      "Lennard-Jones MD and the Emu model";
  irreg::bindings::BindIsaFunctions(m);
  irreg::bindings::BindThreadFunctions(m);
  irreg::bindings::BindGroupedIndex(m, "destination");
  irreg::bindings::BindGraph(m);
  irreg::bindings::BindNetworkx(m);
  irreg::bindings::BindPaths(m);
  irreg::bindings::BindAligner(m);
  irreg::bindings::BindEmu(m);
  irreg::bindings::BindMd(m);
}
