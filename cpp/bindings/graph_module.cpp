// nx_irreg._core: the C++ core as the NetworkX backend sees it.
#include "bindings/align_bindings.hpp"
#include "bindings/emu_bindings.hpp"
#include "bindings/graph_bindings.hpp"
#include "bindings/grouped_index_bindings.hpp"
#include "bindings/networkx_bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "irreg C++ core for nx_irreg: ISA dispatch, the grouped index, the graph engine, the aligner and the Emu model";
  irreg::bindings::BindIsaFunctions(m);
  irreg::bindings::BindGroupedIndex(m, "destination");
  irreg::bindings::BindGraph(m);
  irreg::bindings::BindNetworkx(m);
  irreg::bindings::BindAligner(m);
  irreg::bindings::BindEmu(m);
}
