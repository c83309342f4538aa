#include "graph/registry.hpp"

#include <initializer_list>
#include <stdexcept>

#include "graph/engine_variant.hpp"

namespace irreg::graph {
namespace {

// The seed's engine variants (seed 000 §6.2), which every algorithm has, then `faster`.
std::vector<std::string> EngineAnd(std::initializer_list<const char*> faster) {
  std::vector<std::string> out;
  for (const NamedValue<Variant>& v : kEngineVariantNames) out.emplace_back(v.name);
  out.insert(out.end(), faster.begin(), faster.end());
  return out;
}

// Work per thread: the crossovers of 2 threads against 1 on an idle 2-core machine (issue 34;
// `irreg bench graph --graph rmat:14:16 rmat:15:16 er:16384:262144 er:32768:524288
// grid:300:300`): delta-stepping broke even near 500,000 edges, direction BFS near 250,000
// (worse on deep graphs: 0.68x on a 300 x 300 grid), Afforest near 130,000. Under
// core/team.hpp's exact teams (the tests) a call runs on the threads it asks for.
const std::vector<VariantInfo>& VariantTable() {
  static const std::vector<VariantInfo> table = [] {
    // The engine's: kOpt and kOptSearch run on threads, all but kSerial with SIMD.
    std::vector<VariantInfo> t;
    for (const NamedValue<Variant>& v : kEngineVariantNames) {
      const bool threaded = v.value == Variant::kOpt || v.value == Variant::kOptSearch;
      t.push_back({v.name, v.meaning, threaded, v.value != Variant::kSerial, true});
    }
    // {name, method, parallel, simd, engine, work per thread}
    const int64_t k = int64_t{1} << 17;  // the default work per thread
    t.insert(
        t.end(),
        {
            {"direction", "direction-optimizing BFS", true, false, false, k},
            {"dijkstra", "Dijkstra's algorithm", false, false, false, k},
            {"delta", "delta-stepping (Meyer and Sanders)", true, false, false, int64_t{1} << 18},
            {"afforest", "Afforest components (Sutton et al.)", true, false, false,
             int64_t{1} << 16},
            {"union-find", "union-find components", false, false, false, k},
            {"kahn", "Kahn's algorithm by generations", true, false, false, k},
            {"bit-parallel",
             "bit-parallel multi-source BFS, 512 sources per 64-byte block "
             "(Then et al.); per source on deep graphs",
             true, false, false, k},
            {"per-source", "one queue BFS per source", true, false, false, k},
            {"brandes", "Brandes' dependency accumulation, a search per source (NetworkX's)", true,
             false, false, k},
            {"pull",
             "power iteration, each product pulled over the in-edges (CSR) in fixed chunks, "
             "NetworkX's stopping rule",
             true, false, false, k},
            {"push",
             "power iteration, each product pushed over the grouped index tile by tile (the "
             "seed's conflict-free scatter-add), NetworkX's stopping rule",
             true, false, false, k},
            {"blocked",
             "Floyd-Warshall in cache-sized blocks (Venkataraman et al.), a SIMD min-plus "
             "product per block, blocks on threads",
             true, false, false, int64_t{1} << 21},
        });
    return t;
  }();
  return table;
}

// The defaults are the fastest correct methods on this machine (`irreg bench graph`, RMAT
// scale 20, ER of the same size, 1000 x 1000 grid; tests/benchmarks/results/graph_full.txt):
// direction-optimizing BFS 25 ms vs opt 250 ms on RMAT; union-find WCC 90 ms vs opt 769 ms;
// Dijkstra SSSP 802 ms vs opt 875 ms on RMAT and 185 ms vs 1.85 s on the grid. On the random
// DAG, TS touches few edges per tile per generation (SIMD utilization 0.09): naive 342-404 ms
// beats opt 741-910 ms. Then, at 1 thread (a shared 2-core machine, medians of 5, two runs,
// rough; GAPBS weights 1..255): delta-stepping SSSP 52-62 ms vs Dijkstra 104-114 ms on RMAT
// scale 18 and 66-70 ms vs 177-192 ms on the 1000 x 1000 grid; SSWP 49 vs 117-124 ms and
// 76-77 vs 264-268 ms. Afforest WCC 57-59 ms vs union-find 131-133 ms on undirected RMAT scale
// 20; on the directed one about even, 78-85 vs 73-94 ms (no in-edges: see afforest_wcc.cpp).
// Frontier Kahn TS 128-231 ms vs naive 192-309 ms on dag:1000000:8000000.
// Link analysis (issue 38, one thread, weighted, medians of 5 alternating, per iteration):
// pull 2.9 ms vs push 2.7 ms on er:200000:1000000, 40 ms vs 64 ms on rmat:20:16 (whose hubs
// leave push's tiles thin); the engine's grouped PageRank (opt) 4.7 ms on the first.
const std::vector<AlgorithmInfo>& AlgorithmTable() {
  static const std::vector<AlgorithmInfo> table = {
      {"bfs",
       "breadth-first search: hops and parents from a source",
       "bfs",
       true,
       EngineAnd({"direction"}),
       "direction",
       {"depth", "parent"}},
      {"sssp",
       "single-source shortest paths (non-negative weights)",
       "sssp",
       true,
       EngineAnd({"delta", "dijkstra"}),
       "delta",
       {"value"}},
      {"sswp",
       "single-source widest paths (the largest smallest weight)",
       "sswp",
       true,
       EngineAnd({"delta", "dijkstra"}),
       "delta",
       {"value"}},
      {"wcc",
       "weakly connected components (the smallest vertex id of each)",
       "wcc",
       false,
       EngineAnd({"afforest", "union-find"}),
       "afforest",
       {"label"}},
      {"ts",
       "topological sort by generations (a cycle is an error)",
       "topological_generations",
       false,
       EngineAnd({"kahn"}),
       "kahn",
       {"generation", "order"}},
      {"distances",
       "hops from every source summed per vertex: closeness, harmonic, eccentricity",
       "distance_sums",
       false,
       {"bit-parallel", "per-source"},
       "bit-parallel",
       {"reached", "total", "harmonic", "farthest", "eccentricity", "reaches_all"}},
      {"betweenness",
       "betweenness centrality: shortest paths through each vertex, from every source",
       "betweenness",
       false,
       {"brandes"},
       "brandes",
       {"score", "edge_score"}},
      {"pagerank",
       "PageRank by power iteration (NetworkX's parameters and stopping rule)",
       "pagerank",
       false,
       EngineAnd({"pull", "push"}),
       "pull",
       {"value", "iterations"}},
      {"hits",
       "HITS hubs and authorities by power iteration",
       "hits",
       false,
       {"pull", "push"},
       "pull",
       {"hubs", "authorities", "iterations"}},
      {"katz",
       "Katz centrality by power iteration",
       "katz_centrality",
       false,
       {"pull", "push"},
       "pull",
       {"value", "iterations"}},
      {"eigenvector",
       "eigenvector centrality by power iteration",
       "eigenvector_centrality",
       false,
       {"pull", "push"},
       "pull",
       {"value", "iterations"}},
      {"floyd-warshall",
       "shortest path lengths between every pair as a dense matrix",
       "floyd_warshall",
       false,
       {"blocked"},
       "blocked",
       {"value", "negative_cycle"}},
  };
  return table;
}

template <class Row>
std::string Names(const std::vector<Row>& rows) {
  std::string out;
  for (const Row& row : rows) out += (out.empty() ? "" : ", ") + row.name;
  return out;
}

}  // namespace

const std::vector<AlgorithmInfo>& Algorithms() { return AlgorithmTable(); }
const std::vector<VariantInfo>& Variants() { return VariantTable(); }

const AlgorithmInfo& AlgorithmNamed(const std::string& name) {
  for (const AlgorithmInfo& a : Algorithms())
    if (a.name == name) return a;
  throw std::invalid_argument("unknown algorithm '" + name + "'; expected one of " +
                              Names(Algorithms()));
}

const VariantInfo& VariantNamed(const std::string& name) {
  for (const VariantInfo& v : Variants())
    if (v.name == name) return v;
  throw std::invalid_argument("unknown variant '" + name + "'; expected one of " +
                              Names(Variants()));
}

std::string CheckVariant(const std::string& algorithm, const std::string& requested) {
  const AlgorithmInfo& a = AlgorithmNamed(algorithm);
  const std::string v = requested.empty() ? a.default_variant : requested;
  std::string known;
  for (const std::string& name : a.variants) {
    if (name == v) return v;
    known += (known.empty() ? "" : ", ") + name;
  }
  throw std::invalid_argument("unknown variant '" + v + "' for " + algorithm +
                              "; expected one of " + known);
}

}  // namespace irreg::graph
