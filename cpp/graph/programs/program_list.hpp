// The registry of vertex programs. A new program is one header in this folder (see bfs.hpp for
// the shape) plus one line here; the per-ISA message kernels and the engine follow from it.
#pragma once

#include "graph/programs/bfs.hpp"
#include "graph/programs/pagerank.hpp"
#include "graph/programs/sssp.hpp"
#include "graph/programs/sswp.hpp"
#include "graph/programs/topo.hpp"
#include "graph/programs/wcc.hpp"

#define IRREG_GRAPH_PROGRAMS(X) \
  X(BfsProgram)                 \
  X(SsspProgram)                \
  X(SswpProgram)                \
  X(WccProgram)                 \
  X(TopoProgram)                \
  X(PageRankProgram)
