// Weakly connected components by min-label propagation (seed 000 §6.1) over the undirected
// view, each component ending labelled by its smallest vertex id. Labels flood from one seed at
// a time, seeds taken in ascending id order, so a seed is the smallest id of its component and
// every vertex takes its label once: O(n + m) over the run. Starting every vertex at once (the
// seed's loop) relabels a vertex once per smaller id that reaches it, O(n^2) on a numbered path.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

struct WccProgram {
  using Msg = int32_t;
  static constexpr bool kUsesWeight = false;
  static constexpr bool kUsesSource = true;

  std::vector<int32_t> label;  // -1 until the flood of its component reaches it
  VertexId next_seed = 0;      // every vertex below it is labelled

  explicit WccProgram(int32_t n) : label(n, -1) {}

  static Msg InitMsg() { return std::numeric_limits<int32_t>::max(); }
  // Folds two messages to one vertex; InitMsg() is its identity.
  static Msg Combine(Msg a, Msg b) { return a < b ? a : b; }
  const Msg* SourceValues() const { return label.data(); }
  template <class L>
  static typename L::Vec ProduceMsg(typename L::Vec /*edge*/, typename L::Vec source,
                                    typename L::Vec message) {
    return L::Min(message, source);
  }
  // The message one edge carries (Pregel's SendMessageTo value); ProduceMsg combines it.
  static Msg MessageOf(Msg /*edge*/, Msg source) { return source; }

  template <class Ctx>
  void Start(Ctx& ctx) {
    Restart(ctx);
  }
  // Called when no vertex sends: seeds the next component. An isolated vertex is its own
  // component and costs no superstep.
  template <class Ctx>
  void Restart(Ctx& ctx) {
    const VertexId n = static_cast<VertexId>(label.size());
    for (; next_seed < n; ++next_seed) {
      if (label[next_seed] >= 0) continue;
      label[next_seed] = next_seed;
      if (ctx.degree(next_seed) == 0) continue;
      ctx.SendToOutEdges(next_seed++);
      return;
    }
  }
  template <class Ctx>
  void Compute(Ctx& ctx, VertexId v, Msg seed) {
    if (label[v] >= 0) return;  // VoteToHalt: already flooded
    label[v] = seed;
    ctx.SendToOutEdges(v);
  }
};

}  // namespace irreg::graph
