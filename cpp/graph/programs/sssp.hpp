// Single-source shortest paths, the wavefront Bellman-Ford of seed 000 Fig. 2 and 4: a vertex
// whose distance dropped sends it along its out-edges; messages keep the minimum of
// source distance + edge weight.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

struct SsspProgram {
  using Msg = double;
  static constexpr bool kUsesWeight = true;
  static constexpr bool kUsesSource = true;

  std::vector<double> distance;
  VertexId source;

  SsspProgram(int32_t n, VertexId s)
      : distance(n, std::numeric_limits<double>::infinity()), source(s) {}

  static Msg InitMsg() { return std::numeric_limits<double>::infinity(); }
  // Folds two messages to one vertex; InitMsg() is its identity.
  static Msg Combine(Msg a, Msg b) { return a < b ? a : b; }
  const Msg* SourceValues() const { return distance.data(); }
  template <class L>
  static typename L::Vec ProduceMsg(typename L::Vec edge, typename L::Vec source,
                                    typename L::Vec message) {
    return L::Min(message, L::Add(source, edge));
  }
  // The message one edge carries (Pregel's SendMessageTo value); ProduceMsg combines it.
  static Msg MessageOf(Msg edge, Msg source) { return source + edge; }

  template <class Ctx>
  void Start(Ctx& ctx) {
    distance[source] = 0.0;
    ctx.SendToOutEdges(source);
  }
  template <class Ctx>
  void Compute(Ctx& ctx, VertexId v, Msg shortest) {
    if (!(shortest < distance[v])) return;  // VoteToHalt
    distance[v] = shortest;
    ctx.SendToOutEdges(v);
  }
};

}  // namespace irreg::graph
