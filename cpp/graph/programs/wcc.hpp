// Weakly connected components by min-label propagation (seed 000 §6.1) over the undirected
// view: every vertex starts with its own id and takes the smallest label it hears, so each
// component ends labelled by its smallest vertex id.
#pragma once

#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

struct WccProgram {
  using Msg = int32_t;
  static constexpr bool kUsesWeight = false;
  static constexpr bool kUsesSource = true;
  static constexpr bool kUndirected = true;
  static constexpr const char* kName = "wcc";

  std::vector<int32_t> label;

  explicit WccProgram(int32_t n) : label(n) { std::iota(label.begin(), label.end(), 0); }

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
    for (VertexId v = 0; v < static_cast<VertexId>(label.size()); ++v) ctx.SendToOutEdges(v);
  }
  template <class Ctx>
  void Compute(Ctx& ctx, VertexId v, Msg smallest) {
    if (smallest >= label[v]) return;  // VoteToHalt
    label[v] = smallest;
    ctx.SendToOutEdges(v);
  }
};

}  // namespace irreg::graph
