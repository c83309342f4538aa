// Breadth-first search (seed 000 §6.1): a vertex reached for the first time takes the superstep
// as its depth and the smallest id among the vertices that messaged it as its parent, so the
// parent tree is the same whatever the variant or ISA.
#pragma once

#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

struct BfsProgram {
  using Msg = int32_t;  // the smallest sender id
  static constexpr bool kUsesWeight = false;
  static constexpr bool kUsesSource = true;

  std::vector<int32_t> depth, parent, ids;
  VertexId source;

  BfsProgram(int32_t n, VertexId s) : depth(n, -1), parent(n, -1), ids(n), source(s) {
    std::iota(ids.begin(), ids.end(), 0);
  }

  static Msg InitMsg() { return std::numeric_limits<int32_t>::max(); }
  // Folds two messages to one vertex; InitMsg() is its identity.
  static Msg Combine(Msg a, Msg b) { return a < b ? a : b; }
  // What a vertex sends is its id.
  const Msg* SourceValues() const { return ids.data(); }
  // ProduceMsg over SIMD lanes (seed 000 Fig. 4): L is the lane domain of Msg (graph_lanes.hpp).
  template <class L>
  static typename L::Vec ProduceMsg(typename L::Vec /*edge*/, typename L::Vec source,
                                    typename L::Vec message) {
    return L::Min(message, source);
  }
  // The message one edge carries (Pregel's SendMessageTo value); ProduceMsg combines it.
  static Msg MessageOf(Msg /*edge*/, Msg source) { return source; }

  template <class Ctx>
  void Start(Ctx& ctx) {
    depth[source] = 0;
    ctx.SendToOutEdges(source);
  }
  template <class Ctx>
  void Compute(Ctx& ctx, VertexId v, Msg smallest_sender) {
    if (depth[v] >= 0) return;  // VoteToHalt: already visited
    depth[v] = ctx.superstep();
    parent[v] = smallest_sender;
    ctx.SendToOutEdges(v);
  }
};

}  // namespace irreg::graph
