#include "graph/algorithms.hpp"

#include <algorithm>
#include <chrono>
#include <iterator>
#include <stdexcept>

#include "core/dispatch.hpp"
#include "core/team.hpp"
#include "core/threads.hpp"

namespace irreg {
namespace graph {
namespace {

const char* const kEngineVariants[] = {"serial", "naive", "opt", "opt-search"};
// The variants with a parallel path (DESIGN §12); the others run serially whatever `threads`.
const char* const kParallelVariants[] = {"direction", "afforest", "delta", "kahn", "opt",
                                         "opt-search"};

bool RunsInParallel(const std::string& v) {
  return std::find(std::begin(kParallelVariants), std::end(kParallelVariants), v) !=
         std::end(kParallelVariants);
}

Variant ParseEngineVariant(const std::string& v) {
  if (v == "serial") return Variant::kSerial;
  if (v == "naive") return Variant::kNaive;
  if (v == "opt-search") return Variant::kOptSearch;
  return Variant::kOpt;
}

// Resolves "" to the default and rejects names the algorithm does not have.
std::string CheckVariant(const std::string& algorithm, const std::string& requested) {
  const std::string v = requested.empty() ? DefaultVariantOf(algorithm) : requested;
  std::string known;
  for (const std::string& name : VariantsOf(algorithm)) {
    if (name == v) return v;
    known += (known.empty() ? "" : ", ") + name;
  }
  throw std::invalid_argument("unknown variant '" + v + "' for " + algorithm + "; expected one of " + known);
}

void CheckSource(const Graph& g, VertexId source) {
  const int32_t n = g.layout().csr().n;
  if (source < 0 || source >= n)
    throw std::invalid_argument("source " + std::to_string(source) + " is not a vertex (n = " +
                                std::to_string(n) + ")");
}

// A negative edge weight is an error for SSSP: std::invalid_argument naming the first one.
void CheckNonNegative(const CsrGraph& csr) {
  for (int64_t e = 0; csr.min_weight < 0 && e < csr.num_edges(); ++e)
    if (csr.weights[e] < 0) {
      VertexId u = 0;
      while (csr.offsets[u + 1] <= e) ++u;
      throw std::invalid_argument("negative weight " + std::to_string(csr.weights[e]) + " on edge (" +
                                  std::to_string(u) + ", " + std::to_string(csr.targets[e]) +
                                  "): shortest paths need non-negative weights");
    }
}

// Variant "dijkstra" of SSSP/SSWP has one route, RunDijkstra (see algorithms.hpp).
void RefuseDijkstraVariant(const std::string& algorithm, const std::string& v) {
  if (v == "dijkstra")
    throw std::invalid_argument("variant 'dijkstra' of " + algorithm +
                                " runs through RunDijkstra (irreg._core.dijkstra)");
}

// Vertices plus edges per thread below which one more thread costs more than it saves: the
// crossovers of 2 threads against 1 on an idle 2-core machine (issue 34; `irreg bench graph
// --graph rmat:14:16 rmat:15:16 er:16384:262144 er:32768:524288 grid:300:300`): delta-stepping
// broke even near 500,000 edges, direction BFS near 250,000 (worse on deep graphs: 0.68x on a
// 300 x 300 grid), Afforest near 130,000. Under core/team.hpp's exact teams (the tests) a call
// runs on the threads it asks for, whatever its size.
int64_t WorkPerThread(const std::string& v) {
  if (v == "delta") return int64_t{1} << 18;
  if (v == "afforest") return int64_t{1} << 16;
  return int64_t{1} << 17;  // direction, kahn, opt, reachability
}

// What variant `v` asks of core/team.hpp: 1 thread for a serial variant.
TeamAsk AskFor(const std::string& v, const CsrGraph& g, int32_t threads) {
  return {RunsInParallel(v) ? threads : 1, g.n + g.num_edges(), WorkPerThread(v)};
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
  Engine<P> engine(layout, program, ParseEngineVariant(variant), KernelsFor(isa), team.size());
  RunStats stats = engine.Run();
  stats.threads = team.size();
  return stats;
}

}  // namespace

std::vector<std::string> VariantsOf(const std::string& algorithm) {
  std::vector<std::string> out(std::begin(kEngineVariants), std::end(kEngineVariants));
  if (algorithm == "bfs") out.push_back("direction");
  if (algorithm == "wcc") out.insert(out.end(), {"afforest", "union-find"});
  if (algorithm == "sssp" || algorithm == "sswp") out.insert(out.end(), {"delta", "dijkstra"});
  if (algorithm == "ts") out.push_back("kahn");
  return out;
}

// The fastest correct method of each algorithm on this machine (`irreg bench graph`, RMAT scale
// 20, ER of the same size, 1000 x 1000 grid; see tests/benchmarks/results/graph_full.txt):
// direction-optimizing BFS 25 ms vs opt 250 ms on RMAT; union-find WCC 90 ms vs opt 769 ms;
// Dijkstra SSSP 802 ms vs opt 875 ms on RMAT and 185 ms vs 1.85 s on the grid. On the random
// DAG, TS touches few edges per tile per generation (SIMD utilization 0.09): naive 342-404 ms
// beats opt 741-910 ms.
// Then, at 1 thread (a shared 2-core machine, medians of 5 of the run's seconds, two runs, rough;
// GAPBS weights 1..255): delta-stepping SSSP 52-62 ms vs Dijkstra 104-114 ms on RMAT scale 18
// (source: the highest degree) and 66-70 ms vs 177-192 ms on the 1000 x 1000 grid; SSWP 49 vs
// 117-124 ms and 76-77 vs 264-268 ms. Afforest WCC 57-59 ms vs union-find 131-133 ms on
// undirected RMAT scale 20; on the directed one about even, 78-85 vs 73-94 ms (no in-edges: see
// afforest_wcc.cpp). Frontier Kahn TS 128-231 ms vs naive 192-309 ms on dag:1000000:8000000,
// naive's time not counting the in-degree pass Kahn's includes.
std::vector<std::string> ParallelVariantsOf(const std::string& algorithm) {
  std::vector<std::string> out;
  for (const std::string& v : VariantsOf(algorithm))
    if (RunsInParallel(v)) out.push_back(v);
  return out;
}

std::string DefaultVariantOf(const std::string& algorithm) {
  if (algorithm == "bfs") return "direction";
  if (algorithm == "wcc") return "afforest";
  if (algorithm == "sssp" || algorithm == "sswp") return "delta";
  if (algorithm == "ts") return "kahn";
  return "opt";
}

BfsResult RunBfs(const Graph& g, VertexId source, const std::string& variant, const std::string& isa, int32_t threads) {
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

std::vector<uint8_t> RunReachable(const Graph& g, VertexId source, bool reverse,
                                  int32_t threads) {
  CheckThreads(threads);
  CheckSource(g, source);
  const GraphLayout& layout = g.layout();
  const Team team(AskFor("direction", layout.csr(), threads));
  return Reachable(reverse ? layout.in_edges(team.size()) : layout.csr(), source, team.size());
}

ValueResult RunSssp(const Graph& g, VertexId source, const std::string& variant, const std::string& isa, int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("sssp", variant);
  RefuseDijkstraVariant("sssp", v);
  CheckSource(g, source);
  const CsrGraph& csr = g.layout().csr();
  CheckNonNegative(csr);
  if (v == "delta")
    return Timed(AskFor(v, csr, threads), [&](int32_t t) {
      return DeltaStepping(csr, source, PathObjective::kShortest, t);
    });
  SsspProgram p(csr.n, source);
  RunStats stats = RunProgram(g.layout(), &p, v, isa, threads);
  return {std::move(p.distance), stats};
}

ValueResult RunSswp(const Graph& g, VertexId source, const std::string& variant, const std::string& isa, int32_t threads) {
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

LabelResult RunWcc(const Graph& g, const std::string& variant, const std::string& isa, int32_t threads) {
  CheckThreads(threads);
  const std::string v = CheckVariant("wcc", variant);
  if (v == "union-find")
    return Timed({1}, [&](int32_t) { return UnionFindWcc(g.layout().csr()); });
  if (v == "afforest")
    return Timed(AskFor(v, g.layout().csr(), threads), [&](int32_t t) {
      // A directed graph's in-edges are used when an earlier call (bottom-up BFS) built them:
      // building them here (GAPBS builds them at load) would cost more than it saves once.
      const GraphLayout& layout = g.layout();
      const CsrGraph* in = g.directed() && layout.has_in_edges() ? &layout.in_edges(t) : nullptr;
      return AfforestWcc(layout.csr(), in, !g.directed(), t);
    });
  const GraphLayout& undirected = g.undirected_layout(KernelsFor(""));
  WccProgram p(undirected.csr().n);
  RunStats stats = RunProgram(undirected, &p, v, isa, threads);
  return {std::move(p.label), stats};
}

LabelResult RunTopologicalGenerations(const Graph& g, const std::string& variant, const std::string& isa, int32_t threads) {
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
