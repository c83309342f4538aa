// The run wrappers of the seed's algorithms: check arguments against the registry
// (registry.hpp), pick the kernel, form the team (core/team.hpp) and time it
// (RunStats::compute_seconds for the fast kernels; the engine keeps its own per-phase
// accounting). The kernels themselves never time.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/brandes.hpp"
#include "graph/floyd_warshall.hpp"
#include "graph/graph.hpp"
#include "graph/link_analysis.hpp"
#include "graph/ms_bfs.hpp"
#include "graph/ordered_results.hpp"
#include "graph/path_objective.hpp"
#include "graph/results.hpp"

namespace irreg::graph {

// `variant` "" means the default; `isa` "" the default ISA; `threads` the OpenMP threads (1: the
// serial path; results do not depend on it). Unknown names, out-of-range sources and thread
// counts throw std::invalid_argument; a negative SSSP weight too.
BfsResult RunBfs(const Graph& g, VertexId source, const std::string& variant,
                 const std::string& isa, int32_t threads = 1);
LabelResult RunWcc(const Graph& g, const std::string& variant, const std::string& isa,
                   int32_t threads = 1);
LabelResult RunTopologicalGenerations(const Graph& g, const std::string& variant,
                                      const std::string& isa, int32_t threads = 1);
// The engine variants of SSSP and SSWP. Their "dijkstra" variant is RunDijkstra, the one route to
// the Dijkstra kernel (it also serves the NetworkX backend): asked for it, these throw
// std::invalid_argument saying so.
ValueResult RunSssp(const Graph& g, VertexId source, const std::string& variant,
                    const std::string& isa, int32_t threads = 1);
ValueResult RunSswp(const Graph& g, VertexId source, const std::string& variant,
                    const std::string& isa, int32_t threads = 1);
// Dijkstra from `sources` (each checked), timed. cutoff: values worse than it are not kept
// (nullopt: none). refuse_negative (SSSP's contract): a negative weight throws
// std::invalid_argument naming the edge, as RunSssp does; otherwise a negative weight that
// improves a settled vertex ends the search with `contradiction` set (NetworkX's behaviour).
SettledValues RunDijkstra(const Graph& g, const std::vector<VertexId>& sources,
                          PathObjective objective, std::optional<double> cutoff,
                          bool refuse_negative, VertexId target = -1,
                          bool equal_predecessors = false);

// Hops from `sources` (each checked) summed per vertex (graph/ms_bfs.hpp), along out-edges or,
// `reverse`, along in-edges (then per vertex v they sum the hops from v to the sources). One
// thread: a call is one chunk, and chunks are the parallelism (irreg.source_chunks).
DistanceSums RunDistanceSums(const Graph& g, const std::vector<VertexId>& sources, bool reverse,
                             bool per_vertex, const std::string& variant, const std::string& isa);

// Brandes' betweenness from `sources` (each checked; graph/brandes.hpp) over g's edges, whose
// reversal (with weights) is `reversed` (g itself when undirected). One thread, as above.
// options.targets, when given, has a byte per vertex.
BetweennessSums RunBetweenness(const Graph& g, const Graph& reversed,
                               const std::vector<VertexId>& sources, const BrandesOptions& options,
                               const std::string& variant);

// Reachability from `source` over out-edges, or in-edges when `reverse` (built once, kept in
// the layout), on a team worth the graph's size. Checks source and threads (invalid_argument).
std::vector<uint8_t> RunReachable(const Graph& g, VertexId source, bool reverse, int32_t threads);

// Link analysis (graph/link_analysis.hpp): NetworkX's vectors in vertex order (each checked to
// have n entries), `weighted` false reads every weight as 1. `variant` of pagerank: "pull", or an
// engine variant (the seed's PageRank program: non-negative weights and vectors only, and the
// graph's own weights). The others have "pull" alone. A run that does not converge returns
// converged = false with its last values.
LinkScores RunPageRank(const Graph& g, const PageRankInput& input, bool weighted, int32_t max_iter,
                       double tol, const std::string& variant, const std::string& isa,
                       int32_t threads = 1);
LinkScores RunHits(const Graph& g, std::vector<double> start, int32_t max_iter, double tol,
                   const std::string& variant, const std::string& isa, int32_t threads = 1);
LinkScores RunKatz(const Graph& g, double alpha, std::vector<double> start,
                   const std::vector<double>& beta, bool weighted, int32_t max_iter, double tol,
                   const std::string& variant, const std::string& isa, int32_t threads = 1);
LinkScores RunEigenvector(const Graph& g, std::vector<double> start, bool weighted,
                          int32_t max_iter, double tol, const std::string& variant,
                          const std::string& isa, int32_t threads = 1);
// Shortest path lengths between every pair as an n x n matrix (weighted false: every edge 1).
DenseLengths RunFloydWarshall(const Graph& g, bool weighted, const std::string& variant,
                              const std::string& isa, int32_t threads = 1);

}  // namespace irreg::graph
