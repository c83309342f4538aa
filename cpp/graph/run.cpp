#include "graph/run.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <stdexcept>

#include "core/dispatch.hpp"
#include "core/team.hpp"
#include "core/threads.hpp"
#include "graph/engine.hpp"
#include "graph/fast_kernels.hpp"
#include "graph/ordered_kernels.hpp"
#include "graph/programs/program_list.hpp"
#include "graph/registry.hpp"

namespace irreg {
namespace graph {
namespace {

// An engine variant's enum value; CheckVariant has vetted the name against the registry.
Variant ParseEngineVariant(const std::string& v) {
  Variant variant = Variant::kOpt;
  ValueOf(kEngineVariantNames, v, &variant);
  return variant;
}

void CheckSource(const Graph& g, VertexId source) {
  const int32_t n = g.layout().csr().n;
  if (source < 0 || source >= n)
    throw std::invalid_argument("source " + std::to_string(source) +
                                " is not a vertex (n = " + std::to_string(n) + ")");
}

// A negative edge weight is an error for SSSP: std::invalid_argument naming the first one.
void CheckNonNegative(const CsrGraph& csr) {
  for (int64_t e = 0; csr.min_weight < 0 && e < csr.num_edges(); ++e)
    if (csr.weights[e] < 0) {
      VertexId u = 0;
      while (csr.offsets[u + 1] <= e) ++u;
      throw std::invalid_argument(
          "negative weight " + std::to_string(csr.weights[e]) + " on edge (" + std::to_string(u) +
          ", " + std::to_string(csr.targets[e]) + "): shortest paths need non-negative weights");
    }
}

// Variant "dijkstra" of SSSP/SSWP has one route, RunDijkstra (see run.hpp).
void RefuseDijkstraVariant(const std::string& algorithm, const std::string& v) {
  if (v == "dijkstra")
    throw std::invalid_argument("variant 'dijkstra' of " + algorithm +
                                " runs through RunDijkstra (irreg._core.dijkstra)");
}

// What variant `v` asks of core/team.hpp: 1 thread for a serial variant, the registry's work
// per thread (registry.cpp says how it was measured).
TeamAsk AskFor(const std::string& v, const CsrGraph& g, int32_t threads) {
  const VariantInfo& info = VariantNamed(v);
  return {info.parallel ? threads : 1, g.n + g.num_edges(), info.work_per_thread};
}

// Runs a fast kernel on a team of `threads` and records its wall time as compute_seconds and
// the team as stats.threads: kernels never time themselves. (The engine accounts its phases
// itself: they interleave within every superstep.)
template <class Kernel>
auto Timed(TeamAsk ask, Kernel kernel) {
  const auto t0 = std::chrono::steady_clock::now();
  const Team team(ask);
  auto r = kernel(team.size());
  r.stats.compute_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.stats.threads = team.size();
  return r;
}

template <class P>
RunStats RunProgram(const GraphLayout& layout, P* program, const std::string& variant,
                    const std::string& isa, int32_t threads) {
  const Team team(AskFor(variant, layout.csr(), threads));
  Engine<P> engine(layout, program, ParseEngineVariant(variant), GraphKernelsFor(isa),
                   TilingKernelsFor(isa), team.size());
  RunStats stats = engine.Run();
  stats.threads = team.size();
  return stats;
}

// The in-edges as a link-analysis product pulls them: an undirected graph's rows are its own
// in-edges; a directed graph's are built once and kept (with their weights when asked).
LinkMatrix InMatrix(const Graph& g, bool weighted, int32_t threads) {
  const GraphLayout& layout = g.layout();
  const CsrGraph& csr = layout.csr();
  const bool w = weighted && csr.weighted;
  if (!g.directed())
    return {csr.n, csr.offsets.data(), csr.targets.data(), w ? csr.weights.data() : nullptr};
  const CsrGraph& in = layout.in_edges(threads);
  return {in.n, in.offsets.data(), in.targets.data(),
          w ? layout.in_edge_weights(threads).data() : nullptr};
}

LinkMatrix OutMatrix(const Graph& g, bool weighted) {
  const CsrGraph& csr = g.layout().csr();
  return {csr.n, csr.offsets.data(), csr.targets.data(),
          weighted && csr.weighted ? csr.weights.data() : nullptr};
}

void CheckVertexVector(const Graph& g, const std::vector<double>& v, const char* what,
                       bool may_be_empty = false) {
  const size_t n = static_cast<size_t>(g.layout().csr().n);
  if (v.size() == n || (may_be_empty && v.empty())) return;
  throw std::invalid_argument(std::string(what) + " has " + std::to_string(v.size()) +
                              " values; the graph has " + std::to_string(n) + " vertices");
}

// The product y = A^T x of variant `v` ("push" or "pull").
Product ProductFor(const Graph& g, const std::string& v, bool weighted, int32_t threads) {
  return v == "push" ? Product::Push(g.layout(), weighted, threads)
                     : Product::Pull(InMatrix(g, weighted, threads));
}

// Runs a power iteration (variant "pull" or "push") on the team its size is worth, timed;
// kernel(control, variant) returns its scores.
template <class Kernel>
LinkScores TimedIteration(const Graph& g, const std::string& algorithm, const std::string& variant,
                          const std::string& isa, int32_t threads, int32_t max_iter, double tol,
                          Kernel kernel) {
  CheckThreads(threads);
  const std::string v = CheckVariant(algorithm, variant);
  const RowSumKernels& kernels = RowSumKernelsFor(isa);
  return Timed(AskFor(v, g.layout().csr(), threads),
               [&](int32_t t) { return kernel(IterationControl{max_iter, tol, t, &kernels}, v); });
}

}  // namespace

LinkScores RunPageRank(const Graph& g, const PageRankInput& input, bool weighted, int32_t max_iter,
                       double tol, const std::string& variant, const std::string& isa,
                       int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("pagerank", variant);
  CheckVertexVector(g, input.start, "the start vector");
  CheckVertexVector(g, input.personalization, "the personalization", true);
  CheckVertexVector(g, input.dangling, "the dangling weights", true);
  const CsrGraph& csr = g.layout().csr();
  const std::vector<double> inverse = InverseOutWeights(g.layout(), weighted);
  if (v == "pull" || v == "push")
    return TimedIteration(g, "pagerank", v, isa, threads, max_iter, tol,
                          [&](const IterationControl& c, const std::string& how) {
                            return IteratePageRank(ProductFor(g, how, weighted, c.threads), inverse,
                                                   input, c);
                          });
  // The engine's messages carry the graph's weights, and its recipient lists need sums that
  // never return to 0 (programs/pagerank.hpp).
  if (csr.weighted && !weighted)
    throw std::invalid_argument("variant '" + v +
                                "' of pagerank reads the graph's weights; "
                                "without weights, use variant 'pull'");
  auto negative = [](const std::vector<double>& x) {
    for (double value : x)
      if (!(value >= 0)) return true;
    return false;
  };
  if (csr.min_weight < 0 || negative(input.start) || negative(input.personalization) ||
      negative(input.dangling))
    throw std::invalid_argument("variant '" + v +
                                "' of pagerank needs non-negative weights "
                                "and vectors; variant 'pull' takes any");
  PageRankProgram p(input, inverse, max_iter, tol);
  LinkScores r;
  r.stats = RunProgram(g.layout(), &p, v, isa, threads);
  r.value = std::move(p.rank);
  r.iterations = p.iterations;
  r.converged = p.converged;
  return r;
}

LinkScores RunHits(const Graph& g, std::vector<double> start, int32_t max_iter, double tol,
                   const std::string& variant, const std::string& isa, int32_t threads) {
  CheckVertexVector(g, start, "the start vector");
  return TimedIteration(g, "hits", variant, isa, threads, max_iter, tol,
                        [&](const IterationControl& c, const std::string& how) {
                          return IterateHits(ProductFor(g, how, true, c.threads),
                                             Product::Pull(OutMatrix(g, true)), std::move(start),
                                             c);
                        });
}

LinkScores RunKatz(const Graph& g, double alpha, std::vector<double> start,
                   const std::vector<double>& beta, bool weighted, int32_t max_iter, double tol,
                   const std::string& variant, const std::string& isa, int32_t threads) {
  CheckVertexVector(g, start, "the start vector");
  if (beta.size() != 1) CheckVertexVector(g, beta, "beta");
  return TimedIteration(g, "katz", variant, isa, threads, max_iter, tol,
                        [&](const IterationControl& c, const std::string& how) {
                          return IterateKatz(ProductFor(g, how, weighted, c.threads), alpha,
                                             std::move(start), beta, c);
                        });
}

LinkScores RunEigenvector(const Graph& g, std::vector<double> start, bool weighted,
                          int32_t max_iter, double tol, const std::string& variant,
                          const std::string& isa, int32_t threads) {
  CheckVertexVector(g, start, "the start vector");
  return TimedIteration(g, "eigenvector", variant, isa, threads, max_iter, tol,
                        [&](const IterationControl& c, const std::string& how) {
                          return IterateEigenvector(ProductFor(g, how, weighted, c.threads),
                                                    std::move(start), c);
                        });
}

DenseLengths RunFloydWarshall(const Graph& g, bool weighted, const std::string& variant,
                              const std::string& isa, int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("floyd-warshall", variant);
  const CsrGraph& csr = g.layout().csr();
  const MinPlusKernels& kernels = MinPlusKernelsFor(isa);
  // Its work is n^3, not n + m.
  const int64_t n = csr.n;
  const TeamAsk ask{threads, n * n * n, VariantNamed(v).work_per_thread};
  return Timed(ask, [&](int32_t t) { return FloydWarshall(csr, weighted, kernels, t); });
}

BfsResult RunBfs(const Graph& g, VertexId source, const std::string& variant,
                 const std::string& isa, int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("bfs", variant);
  CheckSource(g, source);
  if (v == "direction")
    return Timed(AskFor(v, g.layout().csr(), threads),
                 [&](int32_t t) { return DirectionOptimizingBfs(g.layout(), source, t); });
  BfsProgram p(g.layout().csr().n, source);
  RunStats stats = RunProgram(g.layout(), &p, v, isa, threads);
  return {std::move(p.depth), std::move(p.parent), stats};
}

DistanceSums RunDistanceSums(const Graph& g, const std::vector<VertexId>& sources, bool reverse,
                             bool per_vertex, const std::string& variant, const std::string& isa) {
  const std::string v = CheckVariant("distances", variant);
  for (VertexId s : sources) CheckSource(g, s);
  const GraphLayout& layout = g.layout();
  const bool bit_parallel = v == "bit-parallel";
  // In-edges are built once per graph (a copy for a directed one), for bottom-up steps or to
  // walk the graph reversed.
  const CsrGraph* in = bit_parallel || reverse ? &layout.in_edges(1) : nullptr;
  const CsrGraph& out = reverse ? *in : layout.csr();
  if (!bit_parallel)
    return Timed({1}, [&](int32_t) { return PerSourceDistances(out, sources, per_vertex); });
  const CsrGraph& back = reverse ? layout.csr() : *in;
  const MsBfsKernels& kernels = MsBfsKernelsFor(isa);
  return Timed(
      {1}, [&](int32_t) { return BitParallelDistances(out, back, sources, per_vertex, kernels); });
}

BetweennessSums RunBetweenness(const Graph& g, const Graph& reversed,
                               const std::vector<VertexId>& sources, const BrandesOptions& options,
                               const std::string& variant) {
  CheckVariant("betweenness", variant);
  for (VertexId s : sources) CheckSource(g, s);
  const CsrGraph& out = g.layout().csr();
  const CsrGraph& in = reversed.layout().csr();
  if (in.n != out.n || in.num_edges() != out.num_edges())
    throw std::invalid_argument("the reversed graph has " + std::to_string(in.n) +
                                " vertices and " + std::to_string(in.num_edges()) +
                                " edges; the graph has " + std::to_string(out.n) + " and " +
                                std::to_string(out.num_edges()));
  BrandesOptions o = options;
  o.symmetric = !g.directed();
  return Timed({1}, [&](int32_t) { return Brandes(out, in, sources, o); });
}

std::vector<uint8_t> RunReachable(const Graph& g, VertexId source, bool reverse, int32_t threads) {
  CheckThreads(threads);
  CheckSource(g, source);
  const GraphLayout& layout = g.layout();
  const Team team(AskFor("direction", layout.csr(), threads));
  return Reachable(reverse ? layout.in_edges(team.size()) : layout.csr(), source, team.size());
}

ValueResult RunSssp(const Graph& g, VertexId source, const std::string& variant,
                    const std::string& isa, int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("sssp", variant);
  RefuseDijkstraVariant("sssp", v);
  CheckSource(g, source);
  const CsrGraph& csr = g.layout().csr();
  CheckNonNegative(csr);
  if (v == "delta") {
    const std::vector<uint32_t>& whole = g.layout().integer_weights();
    return Timed(AskFor(v, csr, threads), [&](int32_t t) {
      return DeltaStepping(csr, source, PathObjective::kShortest, t, 0,
                           whole.empty() ? nullptr : whole.data());
    });
  }
  SsspProgram p(csr.n, source);
  RunStats stats = RunProgram(g.layout(), &p, v, isa, threads);
  return {std::move(p.distance), stats};
}

ValueResult RunSswp(const Graph& g, VertexId source, const std::string& variant,
                    const std::string& isa, int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("sswp", variant);
  RefuseDijkstraVariant("sswp", v);
  CheckSource(g, source);
  if (v == "delta")
    return Timed(AskFor(v, g.layout().csr(), threads), [&](int32_t t) {
      return DeltaStepping(g.layout().csr(), source, PathObjective::kWidest, t);
    });
  SswpProgram p(g.layout().csr().n, source);
  RunStats stats = RunProgram(g.layout(), &p, v, isa, threads);
  return {std::move(p.width), stats};
}

SettledValues RunDijkstra(const Graph& g, const std::vector<VertexId>& sources,
                          PathObjective objective, std::optional<double> cutoff,
                          bool refuse_negative, VertexId target, bool equal_predecessors) {
  for (VertexId s : sources) CheckSource(g, s);
  if (target >= 0) CheckSource(g, target);
  const CsrGraph& csr = g.layout().csr();
  if (refuse_negative) CheckNonNegative(csr);
  return Timed({1}, [&](int32_t) {
    return Dijkstra(csr, sources, objective, cutoff, target, equal_predecessors);
  });
}

LabelResult RunWcc(const Graph& g, const std::string& variant, const std::string& isa,
                   int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("wcc", variant);
  if (v == "union-find") return Timed({1}, [&](int32_t) { return UnionFindWcc(g.layout().csr()); });
  if (v == "afforest")
    return Timed(AskFor(v, g.layout().csr(), threads), [&](int32_t t) {
      // A directed graph's in-edges are used when an earlier call (bottom-up BFS) built them:
      // building them here (GAPBS builds them at load) would cost more than it saves once.
      const GraphLayout& layout = g.layout();
      const CsrGraph* in = g.directed() && layout.has_in_edges() ? &layout.in_edges(t) : nullptr;
      return AfforestWcc(layout.csr(), in, !g.directed(), t);
    });
  const GraphLayout& undirected = g.undirected_layout(TilingKernelsFor(""));
  WccProgram p(undirected.csr().n);
  RunStats stats = RunProgram(undirected, &p, v, isa, threads);
  return {std::move(p.label), stats};
}

LabelResult RunTopologicalGenerations(const Graph& g, const std::string& variant,
                                      const std::string& isa, int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("ts", variant);
  if (v == "kahn")
    return Timed(AskFor(v, g.layout().csr(), threads),
                 [&](int32_t t) { return KahnGenerations(g.layout().csr(), t); });
  TopoProgram p(g.layout().csr().InDegrees());
  RunStats stats = RunProgram(g.layout(), &p, v, isa, threads);
  return {std::move(p.generation), stats};
}

}  // namespace graph
}  // namespace irreg
