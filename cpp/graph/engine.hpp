// The vertex-centric engine (seed 000 §4; Table 1 plus InitMsg/ProduceMsg of Fig. 4).
//
// A superstep runs Compute on every vertex that received messages. Compute never builds a
// message: SendToOutEdges only records the sender. At the end of the superstep the recorded
// out-edges are activated in the grouped index and ProduceMsg runs over the active groups with
// the ISA's kernel, combining into one message per destination. Work per superstep is
// proportional to the active edges plus the touched groups, never to the whole graph.
//
// Variants (seed 000 §6.2):
// - kSerial is Pregel (seed 000 Fig. 2): every send puts a (target, value) message in an outbox,
//   the framework delivers the outbox into per-vertex inboxes, and each vertex folds its inbox
//   through a MessageIterator. No SIMD, no combining at the sender.
// - kNaive runs ProduceMsg with SIMD over each sender's adjacency list, combining in place.
// - kOpt activates the recorded edges through the edge -> slot map computed once at build time
//   and sweeps the grouped index tile by tile. A superstep whose senders own more than
//   1/kDenseDivisor of the edges skips the per-edge activation: it sweeps the tile rows that
//   hold a sender and tests each lane's source against the senders of the round instead.
// - kOptSearch activates by Search-and-Activate (the batched binary search of Alg. 1) every
//   superstep, as the paper does.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/kernel_table.hpp"
#include "graph/graph_layout.hpp"

namespace irreg::graph {

enum class Variant { kSerial, kNaive, kOpt, kOptSearch };

struct RunStats {
  int64_t supersteps = 0;    // message rounds
  int64_t active_edges = 0;  // edges that carried a message, over the run
  int64_t vector_ops = 0;    // W = 16 lane vector operations spent producing messages
  double compute_seconds = 0, activate_seconds = 0, produce_seconds = 0;
  double simd_utilization() const {
    return vector_ops == 0 ? 0.0 : static_cast<double>(active_edges) / (vector_ops * kLanes);
  }
};

template <class P>
class Engine;

// A program with Restart(ctx) is asked for new senders whenever a superstep leaves none (WCC
// seeds its components one at a time); the others halt there.
template <class P, class = void>
struct HasRestart : std::false_type {};
template <class P>
struct HasRestart<P, std::void_t<decltype(std::declval<P&>().Restart(std::declval<Engine<P>&>()))>>
    : std::true_type {};

template <class P>
class Engine {
 public:
  using Msg = typename P::Msg;

  // A dense superstep pays one gather per lane of the swept tile rows; a sparse one a random
  // write per active edge plus sorting the touched groups. On RMAT scale 20 (T = 32768, avx512,
  // best of 3) divisors 4, 8, 16, 32 gave BFS 141, 147, 157, 174 ms and SSSP 640, 695, 773,
  // 755 ms; WCC was within noise (480-634 ms).
  static constexpr int64_t kDenseDivisor = 4;

  Engine(const GraphLayout& g, P* program, Variant variant, const KernelTable& kernels)
      : g_(g), p_(*program), variant_(variant), k_(kernels),
        message_(g.csr().n, P::InitMsg()),
        recipients_(static_cast<size_t>(g.csr().n) + kLanes) {
    if (variant == Variant::kOpt || variant == Variant::kOptSearch) {
      lane_mask_.assign(g.num_groups(), 0);
      group_words_.assign((g.num_groups() + 63) / 64, 0);
    }
    if (variant == Variant::kOpt) sender_round_.assign(g.csr().n, -1);
    if (variant == Variant::kSerial) inbox_begin_.assign(static_cast<size_t>(g.csr().n) + 1, 0);
  }

  // Context of Compute (seed 000 Table 1).
  int32_t superstep() const { return superstep_; }
  void SendToOutEdges(VertexId v) { senders_.push_back(v); }
  int64_t degree(VertexId v) const { return g_.csr().degree(v); }

  RunStats Run() {
    auto t0 = Clock::now();
    p_.Start(*this);
    Restart();
    stats_.compute_seconds += Seconds(t0, Clock::now());
    while (!senders_.empty()) {
      MessageSink sink{message_.data(), recipients_.data(), 0};
      int64_t edges = 0;
      for (VertexId u : senders_) edges += g_.csr().degree(u);
      stats_.active_edges += edges;
      switch (variant_) {
        case Variant::kSerial: SendSerial(&sink); break;
        case Variant::kNaive: SendNaive(&sink); break;
        case Variant::kOpt:
        case Variant::kOptSearch: SendGrouped(&sink, edges); break;
      }
      senders_.clear();
      ++superstep_;
      ++stats_.supersteps;
      t0 = Clock::now();
      if (variant_ == Variant::kSerial) {
        ComputeFromInboxes(sink.num_recipients);
      } else {
        for (int64_t i = 0; i < sink.num_recipients; ++i) {
          const VertexId v = recipients_[i];
          const Msg m = message_[v];
          message_[v] = P::InitMsg();
          p_.Compute(*this, v, m);
        }
      }
      Restart();
      stats_.compute_seconds += Seconds(t0, Clock::now());
    }
    return stats_;
  }

 private:
  using Clock = std::chrono::steady_clock;
  static double Seconds(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
  }
  const Msg* SourceValues() const { return p_.SourceValues(); }
  void Restart() {
    if constexpr (HasRestart<P>::value)
      if (senders_.empty()) p_.Restart(*this);
  }

  struct Envelope {
    VertexId target;
    Msg value;
  };

  // Pregel: each send is one message in the outbox; delivery sorts the outbox into inboxes by a
  // counting sort over the recipients (O(messages), never O(n)).
  void SendSerial(MessageSink* sink) {
    const auto t0 = Clock::now();
    const CsrGraph& csr = g_.csr();
    const Msg* source = SourceValues();
    outbox_.clear();
    for (VertexId u : senders_) {
      const Msg s = P::kUsesSource ? source[u] : Msg{0};
      for (int64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
        const Msg w = P::kUsesWeight ? static_cast<Msg>(csr.weights[e]) : Msg{0};
        outbox_.push_back({csr.targets[e], P::MessageOf(w, s)});
      }
    }
    // Deliver: inbox_begin_[v + 1] counts v's messages; recipients are listed on first count.
    int64_t count = 0;
    for (const Envelope& m : outbox_)
      if (inbox_begin_[m.target + 1]++ == 0) recipients_[count++] = m.target;
    int64_t at = 0;
    for (int64_t i = 0; i < count; ++i) {
      const VertexId v = recipients_[i];
      const int64_t n = inbox_begin_[v + 1];
      inbox_begin_[v + 1] = at;  // becomes the insertion cursor
      at += n;
    }
    inbox_.resize(outbox_.size());
    for (const Envelope& m : outbox_) inbox_[inbox_begin_[m.target + 1]++] = m.value;
    sink->num_recipients = count;
    stats_.produce_seconds += Seconds(t0, Clock::now());
  }

  // Each recipient folds its inbox with Combine (Fig. 2's loop over the MessageIterator).
  void ComputeFromInboxes(int64_t count) {
    int64_t begin = 0;
    for (int64_t i = 0; i < count; ++i) {
      const VertexId v = recipients_[i];
      const int64_t end = inbox_begin_[v + 1];
      inbox_begin_[v + 1] = 0;
      Msg m = P::InitMsg();
      for (int64_t k = begin; k < end; ++k) m = P::Combine(m, inbox_[k]);
      begin = end;
      p_.Compute(*this, v, m);
    }
  }

  void SendNaive(MessageSink* sink) {
    const auto t0 = Clock::now();
    const CsrGraph& csr = g_.csr();
    const SenderAdjacency adj{csr.offsets.data(), csr.targets.data(), csr.weights.data(),
                              senders_.data(), static_cast<int64_t>(senders_.size())};
    stats_.vector_ops += k_.graph.OverAdjacency<P>()(adj, SourceValues(), sink);
    stats_.produce_seconds += Seconds(t0, Clock::now());
  }

  // Activation (edge -> slot map, sender rounds, or Search-and-Activate), then ProduceMsg tile
  // by tile.
  void SendGrouped(MessageSink* sink, int64_t edges) {
    auto t0 = Clock::now();
    const CsrGraph& csr = g_.csr();
    const bool dense = variant_ == Variant::kOpt && edges * kDenseDivisor > csr.num_edges();
    if (dense) {
      MarkSenderRows();
    } else if (variant_ == Variant::kOpt) {
      const int32_t* slot_of_edge = g_.slot_of_edge().data();
      for (VertexId u : senders_)
        for (int64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) MarkSlot(slot_of_edge[e]);
      ListGroupsInTileOrder();
    } else {
      search_rows_.clear();
      search_cols_.clear();
      for (VertexId u : senders_)
        for (int64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
          search_rows_.push_back(u);
          search_cols_.push_back(csr.targets[e]);
        }
      search_slots_.resize(search_rows_.size());
      g_.LocateSlots(search_rows_.data(), search_cols_.data(),
                     static_cast<int64_t>(search_rows_.size()), search_slots_.data(), k_.tiling);
      for (int32_t s : search_slots_) MarkSlot(s);
      ListGroupsInTileOrder();
    }
    auto t1 = Clock::now();
    stats_.activate_seconds += Seconds(t0, t1);

    const GroupedSlots& slots = g_.index().slots();
    ActiveGroups active{g_.local_row(), g_.local_col(), slots.row_base.data(),
                        slots.col_base.data(), g_.slot_weight().data(), lane_mask_.data(),
                        sender_round_.data(), superstep_, groups_.data(), 0,
                        static_cast<int64_t>(groups_.size())};
    if (dense) {
      active.lane_mask = nullptr;
      active.groups = nullptr;
      for (const auto& [first, last] : row_ranges_) {
        active.first_group = first;
        active.num_groups = last - first;
        stats_.vector_ops += active.num_groups;
        k_.graph.OverGroups<P>()(active, SourceValues(), sink);
      }
    } else {
      stats_.vector_ops += active.num_groups;
      k_.graph.OverGroups<P>()(active, SourceValues(), sink);
    }
    stats_.produce_seconds += Seconds(t1, Clock::now());
  }

  // Dense activation: stamp the senders with the round and list the tile rows they occupy.
  // A flag per tile row costs all rows of the graph, so it is only used when there are at least
  // as many senders as rows; fewer senders sort their rows instead.
  void MarkSenderRows() {
    const int32_t L = g_.log2_tile();
    const std::vector<int64_t>& row_groups = g_.tile_row_groups();
    const size_t num_rows = row_groups.size() - 1;
    for (VertexId u : senders_) sender_round_[u] = superstep_;
    sender_rows_.clear();
    if (senders_.size() >= num_rows) {
      row_has_sender_.assign(num_rows, 0);
      for (VertexId u : senders_) row_has_sender_[u >> L] = 1;
      for (size_t r = 0; r < num_rows; ++r)
        if (row_has_sender_[r]) sender_rows_.push_back(static_cast<int32_t>(r));
    } else {
      for (VertexId u : senders_) sender_rows_.push_back(u >> L);
      std::sort(sender_rows_.begin(), sender_rows_.end());
      sender_rows_.erase(std::unique(sender_rows_.begin(), sender_rows_.end()),
                         sender_rows_.end());
    }
    row_ranges_.clear();
    for (int32_t r : sender_rows_) row_ranges_.push_back({row_groups[r], row_groups[r + 1]});
  }

  void MarkSlot(int32_t slot) {
    const int32_t g = slot / kLanes;
    uint16_t& lanes = lane_mask_[g];
    if (lanes == 0) {
      uint64_t& word = group_words_[g / 64];
      if (word == 0) touched_words_.push_back(g / 64);
      word |= uint64_t{1} << (g % 64);
    }
    lanes |= static_cast<uint16_t>(1u << (slot % kLanes));
  }

  // Group ids grow with the tile key, so ascending ids sweep tile by tile. Sorting the touched
  // words costs O(k log k) for k of them; past 1/16 of all words a linear scan is cheaper.
  void ListGroupsInTileOrder() {
    groups_.clear();
    auto take = [this](int64_t w) {
      for (uint64_t bits = group_words_[w]; bits != 0; bits &= bits - 1)
        groups_.push_back(static_cast<int32_t>(w * 64 + __builtin_ctzll(bits)));
      group_words_[w] = 0;
    };
    if (touched_words_.size() * 16 > group_words_.size()) {
      for (int64_t w = 0; w < static_cast<int64_t>(group_words_.size()); ++w)
        if (group_words_[w] != 0) take(w);
    } else {
      std::sort(touched_words_.begin(), touched_words_.end());
      for (int64_t w : touched_words_) take(w);
    }
    touched_words_.clear();
  }

  const GraphLayout& g_;
  P& p_;
  Variant variant_;
  const KernelTable& k_;
  std::vector<Msg> message_;
  std::vector<VertexId> recipients_;
  std::vector<VertexId> senders_;
  // opt / opt-search
  std::vector<uint16_t> lane_mask_;
  std::vector<uint64_t> group_words_;
  std::vector<int64_t> touched_words_;
  std::vector<int32_t> groups_;
  std::vector<int32_t> sender_round_;
  std::vector<uint8_t> row_has_sender_;
  std::vector<int32_t> sender_rows_;
  std::vector<std::pair<int64_t, int64_t>> row_ranges_;
  std::vector<int32_t> search_rows_, search_cols_, search_slots_;
  // serial
  std::vector<Envelope> outbox_;
  std::vector<Msg> inbox_;
  std::vector<int64_t> inbox_begin_;
  int32_t superstep_ = 0;
  RunStats stats_;
};

}  // namespace irreg::graph
