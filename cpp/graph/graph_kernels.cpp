// Every ISA's GraphKernels table, made once; ISA-independent (DESIGN §3).
#include "graph/graph_kernels.hpp"

namespace irreg::graph {

const GraphKernels& GraphKernelsFor(const std::string& isa) {
  static const auto tables = IRREG_ISA_TABLES(graph::GraphKernels, MakeGraphKernels);
  return tables.For(isa);
}

}  // namespace irreg::graph
