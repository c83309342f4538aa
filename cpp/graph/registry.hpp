// The one table of graph algorithms (DESIGN §2): each algorithm's name, variants, default,
// result fields, and each variant's method and whether it has a parallel path. Everything
// else reads it: the run wrappers (run.cpp) check variants against it, core/team.hpp asks it
// how much work repays a thread, and Python gets it as _core.algorithms() /
// _core.graph_variants() (irreg.graph.registry): CLI choices and help, the NetworkX config's
// docs, benchmark specs and verifiers.
//
// A new algorithm is its kernel file, one row of AlgorithmTable() (registry.cpp), its binding and
// the Python function the row names.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace irreg::graph {

struct VariantInfo {
  std::string name;
  std::string method;     // what runs, in words (help texts and reports)
  bool parallel = false;  // has a parallel path; the others run on one thread
  bool simd = false;      // the seed's SIMD engine: vector ops and utilization are counted
  bool engine = false;    // the seed's vertex-centric engine (supersteps of messages)
  // Vertices plus edges per thread below which one more thread costs more than it saves.
  int64_t work_per_thread = int64_t{1} << 17;
};

struct AlgorithmInfo {
  std::string name;      // "bfs"
  std::string summary;   // one line
  std::string function;  // the function of irreg.graph.algorithms that runs it
  bool sourced = false;  // takes a source vertex
  std::vector<std::string> variants;
  std::string default_variant;             // the fastest method
  std::vector<std::string> result_fields;  // its result's arrays, in order (then "stats")
};

const std::vector<AlgorithmInfo>& Algorithms();
const std::vector<VariantInfo>& Variants();
// Unknown names throw std::invalid_argument listing the known ones.
const AlgorithmInfo& AlgorithmNamed(const std::string& name);
const VariantInfo& VariantNamed(const std::string& name);
// `requested` "" resolves to the default; a variant the algorithm lacks throws
// std::invalid_argument listing its variants.
std::string CheckVariant(const std::string& algorithm, const std::string& requested);

}  // namespace irreg::graph
