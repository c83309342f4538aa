// Topological sort, Kahn by generations (seed 000 §6.1): a vertex with no remaining in-edges is
// removed in the current superstep (its generation) and tells its out-neighbours, which count
// the removals they hear. Vertices never removed lie on or behind a cycle.
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

struct TopoProgram {
  using Msg = int32_t;  // in-edges removed this superstep
  static constexpr bool kUsesWeight = false;
  static constexpr bool kUsesSource = false;

  std::vector<int32_t> generation, remaining;  // remaining: in-edges not yet removed

  // in_degree: in-edges per vertex, self-loops included (a self-loop is a cycle).
  explicit TopoProgram(std::vector<int32_t> in_degree)
      : generation(in_degree.size(), -1), remaining(std::move(in_degree)) {}

  static Msg InitMsg() { return 0; }
  // Folds two messages to one vertex; InitMsg() is its identity.
  static Msg Combine(Msg a, Msg b) { return a + b; }
  const Msg* SourceValues() const { return nullptr; }  // the message is a count, not a value
  template <class L>
  static typename L::Vec ProduceMsg(typename L::Vec /*edge*/, typename L::Vec /*source*/,
                                    typename L::Vec message) {
    return L::Add(message, L::Set1(1));
  }
  // The message one edge carries (Pregel's SendMessageTo value); ProduceMsg combines it.
  static Msg MessageOf(Msg /*edge*/, Msg /*source*/) { return 1; }

  template <class Ctx>
  void Start(Ctx& ctx) {
    for (VertexId v = 0; v < static_cast<VertexId>(remaining.size()); ++v)
      if (remaining[v] == 0) {
        generation[v] = 0;
        ctx.SendToOutEdges(v);
      }
  }
  template <class Ctx>
  void Compute(Ctx& ctx, VertexId v, Msg removed) {
    remaining[v] -= removed;
    if (remaining[v] != 0) return;  // VoteToHalt until the last in-edge goes
    generation[v] = ctx.superstep();
    ctx.SendToOutEdges(v);
  }
};

}  // namespace irreg::graph
