// Message production of the graph engine (seed 000 §4.2.4), compiled once per ISA: for each
// vertex program, ProduceMsg over the active lanes of conflict-free groups (opt) or over each
// sender's adjacency list (naive), combining into per-vertex messages with masked scatters.
// Groups never repeat a destination and an adjacency list never repeats a target, so a masked
// scatter loses no message.
#include "graph/graph_kernels.hpp"
#include "simd/vec.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;
using graph::ActiveGroups;
using graph::MessageSink;
using graph::SenderAdjacency;

// The lanes of one message type: int32 messages use the int32 vectors, double messages the
// double vectors (half as many lanes per register), behind the names ProduceMsg is written in.
template <class T>
struct Lanes;

template <>
struct Lanes<int32_t> {
  static constexpr int kWidth = V::kLanes;
  using Vec = V::I32;
  using Idx = V::I32;
  using Mask = V::Mask;
  static Idx LoadIdx(const int32_t* p) { return V::Load(p); }
  static Mask FromBits(unsigned bits) { return V::MaskFromBits(bits); }
  static Vec Set1(int32_t x) { return V::Set1(x); }
  static Vec Gather(Mask m, const int32_t* base, Idx i) {
    return V::Gather(V::Set1(0), m, base, i);
  }
  static void Scatter(int32_t* base, Mask m, Idx i, Vec v) { V::Scatter(base, m, i, v); }
  static Vec Min(Vec a, Vec b) { return V::Min(a, b); }
  static Vec Max(Vec a, Vec b) { return V::Max(a, b); }
  static Vec Add(Vec a, Vec b) { return V::Add(a, b); }
};

template <>
struct Lanes<double> {
  static constexpr int kWidth = V::kLanesF64;
  using Vec = V::F64;
  using Idx = V::IdxF64;
  using Mask = V::MaskF64;
  static Idx LoadIdx(const int32_t* p) { return V::LoadIdxF64(p); }
  static Mask FromBits(unsigned bits) { return V::MaskF64FromBits(bits); }
  static Vec Set1(double x) { return V::Set1F64(x); }
  static Vec Load(const double* p) { return V::LoadF64(p); }
  static Vec Gather(Mask m, const double* base, Idx i) { return V::GatherF64(m, base, i); }
  static void Scatter(double* base, Mask m, Idx i, Vec v) { V::ScatterF64(base, m, i, v); }
  static Vec Min(Vec a, Vec b) { return V::MinF64(a, b); }
  static Vec Max(Vec a, Vec b) { return V::MaxF64(a, b); }
  static Vec Add(Vec a, Vec b) { return V::AddF64(a, b); }
  static Vec Mul(Vec a, Vec b) { return V::MulF64(a, b); }
};

template <int kWidth>
constexpr unsigned LaneBits() {
  return kWidth >= 32 ? ~0u : (1u << kWidth) - 1u;
}

// Appends the destinations of the lanes `fresh` (targets relative to `base`) to the recipients.
inline int64_t AddRecipients(const int32_t* targets, int32_t base, unsigned fresh,
                             int32_t* recipients, int64_t count) {
  const V::I32 offset = V::Set1(base);
  for (int lane = 0; lane < kLanes; lane += V::kLanes) {
    const unsigned b = (fresh >> lane) & LaneBits<V::kLanes>();
    if (b == 0) continue;
    count += V::CompressStore(recipients + count, V::MaskFromBits(b),
                              V::Add(V::Load(targets + lane), offset));
  }
  return count;
}

inline unsigned EqualBits(V::I32 a, V::I32 b) { return V::Bits(V::Eq(a, b)); }
inline unsigned EqualBits(V::F64 a, V::F64 b) { return V::BitsF64(V::EqF64(a, b)); }

// ProduceMsg on the lanes `bits` of kLanes edges: edge weights at `weight`, source values
// gathered at `src + rows` (or `broadcast_source` when rows is null), messages gathered and
// scattered at `msg + cols`. Returns the lanes whose destination had no message yet and has one
// now.
template <class P, class L>
inline unsigned ProduceLanes(unsigned bits, const int32_t* rows, typename L::Vec broadcast_source,
                             const int32_t* cols, const double* weight, const typename P::Msg* src,
                             typename P::Msg* msg) {
  const typename L::Vec init = L::Set1(P::InitMsg());
  unsigned fresh = 0;
  for (int lane = 0; lane < kLanes; lane += L::kWidth) {
    const unsigned b = (bits >> lane) & LaneBits<L::kWidth>();
    if (b == 0) continue;
    const typename L::Mask m = L::FromBits(b);
    const typename L::Idx c = L::LoadIdx(cols + lane);
    typename L::Vec edge = L::Set1(0);
    if constexpr (P::kUsesWeight) edge = L::Load(weight + lane);
    typename L::Vec source = broadcast_source;
    if constexpr (P::kUsesSource)
      if (rows != nullptr) source = L::Gather(m, src, L::LoadIdx(rows + lane));
    const typename L::Vec old = L::Gather(m, msg, c);
    const typename L::Vec combined = P::template ProduceMsg<L>(edge, source, old);
    L::Scatter(msg, m, c, combined);
    unsigned first = EqualBits(old, init) & b;
    // A message that is still InitMsg() (an infinite SSSP weight) lists nobody: listing it would
    // let one destination appear once per such edge and overrun the n-entry recipient list.
    // Only a weight can do that: a sender's own value is never InitMsg().
    if constexpr (P::kUsesWeight) first &= ~EqualBits(combined, init);
    fresh |= first << lane;
  }
  return fresh;
}

// Dense supersteps: the lanes whose source sent in this round.
inline unsigned SenderLanes(const int32_t* rows, const int32_t* sender_round, int32_t round) {
  const V::I32 r = V::Set1(round);
  unsigned bits = 0;
  for (int lane = 0; lane < kLanes; lane += V::kLanes) {
    const V::I32 row = V::Load(rows + lane);
    const V::Mask valid = V::NonNegative(row);
    const V::I32 sent = V::Gather(V::Set1(-1), valid, sender_round, row);
    bits |= V::Bits(V::MaskAnd(valid, V::Eq(sent, r))) << lane;
  }
  return bits;
}

template <class P>
int64_t ProduceOverGroups(const ActiveGroups& a, const void* source, MessageSink* sink) {
  using Msg = typename P::Msg;
  using L = Lanes<Msg>;
  const Msg* values = static_cast<const Msg*>(source);
  Msg* message = static_cast<Msg*>(sink->message);
  int64_t count = sink->num_recipients;
  int64_t lanes = 0;
  for (int64_t i = 0; i < a.num_groups; ++i) {
    const int64_t g = a.groups != nullptr ? a.groups[i] : a.first_group + i;
    const int64_t slot = g * kLanes;
    unsigned bits;
    if (a.lane_mask != nullptr) {
      bits = a.lane_mask[g];
      a.lane_mask[g] = 0;
    } else {
      bits = SenderLanes(a.local_row + slot, a.sender_round + a.row_base[g], a.round);
      if (bits == 0) continue;
    }
    lanes += __builtin_popcount(bits);
    const double* weight = P::kUsesWeight ? a.slot_weight + slot : nullptr;
    const Msg* src = P::kUsesSource ? values + a.row_base[g] : nullptr;
    const unsigned fresh =
        ProduceLanes<P, L>(bits, a.local_row + slot, L::Set1(0), a.local_col + slot, weight, src,
                           message + a.col_base[g]);
    count = AddRecipients(a.local_col + slot, a.col_base[g], fresh, sink->recipients, count);
  }
  sink->num_recipients = count;
  return lanes;
}

template <class P>
int64_t ProduceOverAdjacency(const SenderAdjacency& a, const void* source, MessageSink* sink) {
  using Msg = typename P::Msg;
  using L = Lanes<Msg>;
  const Msg* values = static_cast<const Msg*>(source);
  Msg* message = static_cast<Msg*>(sink->message);
  int64_t count = sink->num_recipients;
  int64_t vector_ops = 0;
  for (int64_t i = 0; i < a.num_senders; ++i) {
    const VertexId u = a.senders[i];
    const typename L::Vec s = L::Set1(P::kUsesSource ? values[u] : Msg{0});
    for (int64_t e = a.offsets[u]; e < a.offsets[u + 1]; e += kLanes) {
      const int64_t left = a.offsets[u + 1] - e;
      const unsigned bits = left >= kLanes ? LaneBits<kLanes>() : (1u << left) - 1u;
      const double* weight = P::kUsesWeight ? a.weights + e : nullptr;
      const unsigned fresh =
          ProduceLanes<P, L>(bits, nullptr, s, a.targets + e, weight, values, message);
      count = AddRecipients(a.targets + e, 0, fresh, sink->recipients, count);
      ++vector_ops;
    }
  }
  sink->num_recipients = count;
  return vector_ops;
}

}  // namespace

graph::GraphKernels MakeGraphKernels() {
#define IRREG_OVER_GROUPS(P) &ProduceOverGroups<graph::P>,
#define IRREG_OVER_ADJACENCY(P) &ProduceOverAdjacency<graph::P>,
  return graph::GraphKernels{{IRREG_GRAPH_PROGRAMS(IRREG_OVER_GROUPS)},
                             {IRREG_GRAPH_PROGRAMS(IRREG_OVER_ADJACENCY)}};
#undef IRREG_OVER_GROUPS
#undef IRREG_OVER_ADJACENCY
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg
