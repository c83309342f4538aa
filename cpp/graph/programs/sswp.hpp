// Single-source widest path (seed 000 §6.1): the width of a vertex is the maximum over paths
// from the source of the minimum edge weight on the path. The source is +inf wide; a vertex no
// path reaches stays at -inf (the maximum over no paths), so a zero-weight edge still counts.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

struct SswpProgram {
  using Msg = double;
  static constexpr bool kUsesWeight = true;
  static constexpr bool kUsesSource = true;

  std::vector<double> width;
  VertexId source;

  SswpProgram(int32_t n, VertexId s)
      : width(n, -std::numeric_limits<double>::infinity()), source(s) {}

  static Msg InitMsg() { return -std::numeric_limits<double>::infinity(); }
  // Folds two messages to one vertex; InitMsg() is its identity.
  static Msg Combine(Msg a, Msg b) { return a > b ? a : b; }
  const Msg* SourceValues() const { return width.data(); }
  template <class L>
  static typename L::Vec ProduceMsg(typename L::Vec edge, typename L::Vec source,
                                    typename L::Vec message) {
    return L::Max(message, L::Min(source, edge));
  }
  // The message one edge carries (Pregel's SendMessageTo value); ProduceMsg combines it.
  static Msg MessageOf(Msg edge, Msg source) { return edge < source ? edge : source; }

  template <class Ctx>
  void Start(Ctx& ctx) {
    width[source] = std::numeric_limits<double>::infinity();
    ctx.SendToOutEdges(source);
  }
  template <class Ctx>
  void Compute(Ctx& ctx, VertexId v, Msg widest) {
    if (!(widest > width[v])) return;  // VoteToHalt
    width[v] = widest;
    ctx.SendToOutEdges(v);
  }
};

}  // namespace irreg::graph
