// PageRank as the seed's vertex program (Pregel's own example): every vertex with out-edges sends
// its rank over its out-weight along each out-edge, messages are summed per destination by the
// grouped conflict-free scatter-add, and at the end of each superstep every vertex takes NetworkX's
// update (graph/link_analysis.hpp's PageRankUpdate, shared with the pull variant). A vertex with
// no out-weight gives its rank to everyone through the dangling sum instead of messages.
//
// The engine lists a destination when its message leaves 0, which holds once per superstep only
// while every term is non-negative: the run wrapper admits non-negative weights and vectors only.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/types.hpp"
#include "graph/link_analysis.hpp"

namespace irreg::graph {

struct PageRankProgram {
  using Msg = double;
  static constexpr bool kUsesWeight = true;
  static constexpr bool kUsesSource = true;

  std::vector<double> rank, source, next_source, incoming;
  const std::vector<double>& inverse;
  PageRankTerms terms;
  int32_t max_iter;
  double tol;
  int32_t iterations = 0;
  bool converged = false;

  PageRankProgram(const PageRankInput& input, const std::vector<double>& inverse_out,
                  int32_t max_iterations, double tolerance)
      : rank(input.start),
        source(rank.size()),
        next_source(rank.size()),
        incoming(rank.size(), 0.0),
        inverse(inverse_out),
        terms{input.alpha,
              1.0 / static_cast<double>(rank.size()),
              input.personalization.empty() ? nullptr : input.personalization.data(),
              input.dangling.empty() ? nullptr : input.dangling.data(),
              inverse_out.data(),
              0.0},
        max_iter(max_iterations),
        tol(tolerance) {
    if (terms.d == nullptr) terms.d = terms.p;
  }

  static Msg InitMsg() { return 0.0; }
  static Msg Combine(Msg a, Msg b) { return a + b; }
  const Msg* SourceValues() const { return source.data(); }
  template <class L>
  static typename L::Vec ProduceMsg(typename L::Vec edge, typename L::Vec src,
                                    typename L::Vec message) {
    return L::Add(message, L::Mul(src, edge));
  }
  static Msg MessageOf(Msg edge, Msg src) { return src * edge; }

  template <class Ctx>
  void Start(Ctx& ctx) {
    const VertexId n = static_cast<VertexId>(rank.size());
    for (VertexId v = 0; v < n; ++v) {
      source[v] = rank[v] * inverse[v];
      if (inverse[v] == 0.0) terms.dangling_sum += rank[v];
    }
    Send(ctx);
  }
  template <class Ctx>
  void Compute(Ctx&, VertexId v, Msg sum) {
    incoming[v] = sum;
  }
  // After the messages of a superstep: NetworkX's update of every vertex, then the next sends.
  template <class Ctx>
  void EndSuperstep(Ctx& ctx) {
    Step();
    Send(ctx);
  }

 private:
  void Step() {
    const VertexId n = static_cast<VertexId>(rank.size());
    double mass = 0.0;
    ++iterations;
    const double err =
        PageRankUpdate(terms, 0, n, incoming.data(), rank.data(), next_source.data(), &mass);
    std::swap(source, next_source);
    std::fill(incoming.begin(), incoming.end(), 0.0);
    terms.dangling_sum = mass;
    converged = err < n * tol;
  }
  // Sends from every vertex with out-edges until the rule holds or max_iter is spent; a graph
  // where nobody can send (no edges) iterates on the dangling sum alone.
  template <class Ctx>
  void Send(Ctx& ctx) {
    const VertexId n = static_cast<VertexId>(rank.size());
    bool any = false;
    while (!converged && iterations < max_iter) {
      for (VertexId v = 0; v < n; ++v)
        if (ctx.degree(v) > 0) {
          ctx.SendToOutEdges(v);
          any = true;
        }
      if (any) return;
      Step();
    }
  }
};

}  // namespace irreg::graph
