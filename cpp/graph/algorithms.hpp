// The five algorithms of seed 000 §6.1 over a Graph, each in the variants of §6.2 (serial,
// naive, opt, opt-search) plus faster methods where one exists: BFS "direction"
// (direction-optimizing, Beamer et al.), SSSP and SSWP "dijkstra" (label-setting with a binary
// heap) and WCC "union-find". Results are identical across
// variants and ISAs (BFS parents: the smallest-id vertex of the previous level).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/kernel_table.hpp"
#include "graph/engine.hpp"
#include "graph/graph.hpp"

namespace irreg::graph {

struct BfsResult {
  std::vector<int32_t> depth;   // -1: unreachable
  std::vector<int32_t> parent;  // -1: the source and unreachable vertices
  RunStats stats;
};
struct ValueResult {  // SSSP distances (+inf unreachable) or SSWP widths (-inf unreachable)
  std::vector<double> value;
  RunStats stats;
};
struct LabelResult {  // WCC: smallest vertex id of the component; TS: generation (-1 on a cycle)
  std::vector<int32_t> label;
  RunStats stats;
};

// Every variant name, for error messages and the CLI; the default is the fastest method.
std::vector<std::string> VariantsOf(const std::string& algorithm);
std::string DefaultVariantOf(const std::string& algorithm);

// `variant` "" means the default; `isa` "" the default ISA. Unknown names and out-of-range
// sources throw std::invalid_argument; a negative SSSP weight too.
BfsResult RunBfs(const Graph& g, VertexId source, const std::string& variant, const std::string& isa);
ValueResult RunSssp(const Graph& g, VertexId source, const std::string& variant, const std::string& isa);
ValueResult RunSswp(const Graph& g, VertexId source, const std::string& variant, const std::string& isa);
LabelResult RunWcc(const Graph& g, const std::string& variant, const std::string& isa);
LabelResult RunTopologicalGenerations(const Graph& g, const std::string& variant, const std::string& isa);

// The fast methods (direction_bfs.cpp, union_find_wcc.cpp, dijkstra.cpp).
BfsResult DirectionOptimizingBfs(const GraphLayout& g, VertexId source);
LabelResult UnionFindWcc(const CsrGraph& csr);
ValueResult DijkstraSssp(const CsrGraph& g, VertexId source);
ValueResult DijkstraSswp(const CsrGraph& g, VertexId source);

}  // namespace irreg::graph
