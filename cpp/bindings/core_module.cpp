// irreg._core: the one extension module, one BindX per C++ folder (bindings/bind.hpp). The
// shared package irreg re-exports the ISA API and the grouped index and reaches the graph
// library and the Emu model through it; nx_irreg the NetworkX conversion and the aligner,
// ase_irreg the Lennard-Jones system.
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
