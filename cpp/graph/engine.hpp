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
//
// Threads (DESIGN §12): kOpt and kOptSearch produce messages in parallel over tile columns.
// The groups of one tile column write only that column's destination range, so the tile columns
// are cut into shares of about equal group counts, a share is swept by one thread (its tile
// rows in order) and no message needs an atomic. Each share lists its recipients in its own
// stretch of the recipient array (a destination range of V vertices lists at most V), so the
// list is the same whatever thread ran the share; Compute then runs serially share by share.
// Search-and-Activate, read-only, runs in parallel chunks. threads = 1 is the serial path.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/threads.hpp"
#include "graph/engine_variant.hpp"
#include "graph/graph_kernels.hpp"
#include "graph/graph_layout.hpp"
#include "graph/run_stats.hpp"

namespace irreg::graph {

template <class P>
class Engine;

// A program with Restart(ctx) is asked for new senders whenever a superstep leaves none (WCC
// seeds its components one at a time); the others halt there.
template <class P, class = void>
struct HasRestart : std::false_type {};
template <class P>
struct HasRestart<P, std::void_t<decltype(std::declval<P&>().Restart(std::declval<Engine<P>&>()))>>
    : std::true_type {};

// A program with EndSuperstep(ctx) sees the end of every superstep, after the Compute calls
// (PageRank's update of every vertex, which also reaches vertices no message reached).
template <class P, class = void>
struct HasEndSuperstep : std::false_type {};
template <class P>
struct HasEndSuperstep<
    P, std::void_t<decltype(std::declval<P&>().EndSuperstep(std::declval<Engine<P>&>()))>>
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

  // Shares per thread: more than one lets a thread that got a core late (a shared machine) or
  // light columns (RMAT's skew) be evened out by dynamic scheduling.
  static constexpr int32_t kSharesPerThread = 4;
  // A superstep that sweeps fewer groups than this takes the serial path. A fork and join
  // costs microseconds on idle cores, but on a shared machine a thread waiting for a core holds
  // the join for a time slice (milliseconds), and the grid's thousands of supersteps pay it each
  // time. 1000 x 1000 grid (avx512, 2 cores, another process holding one, medians of 5
  // interleaved): BFS (~900 groups a superstep) 180 ms at 1 thread, 2.6 s at 2 forking every
  // superstep; SSSP (~12,500 groups a superstep) 1.73 s at 1 thread, 9.2 s at 2 past 2048
  // groups, 7.8 s past 8192, 2.75 s past 32768, and 1.50 vs 5.63 s past 16384 in a later run
  // (1.26-1.28 s at 2 threads on the rare quiet repeats). 65536 groups (1 M lanes, several ms
  // of sweeping) keeps the grid on one thread and still forks the large supersteps of RMAT and
  // ER (hundreds of thousands of groups each).
  static constexpr int64_t kMinParallelGroups = 65536;

  // threads > 1 runs kOpt / kOptSearch over tile columns; the other variants are serial.
  Engine(const GraphLayout& g, P* program, Variant variant, const GraphKernels& kernels,
         const TilingKernels& tiling, int32_t threads = 1)
      : g_(g),
        p_(*program),
        variant_(variant),
        k_(kernels),
        tiling_(tiling),
        message_(g.csr().n, P::InitMsg()),
        recipients_(static_cast<size_t>(g.csr().n) + kLanes) {
    if (variant == Variant::kOpt || variant == Variant::kOptSearch) {
      lane_mask_.assign(g.num_groups(), 0);
      group_words_.assign((g.num_groups() + 63) / 64, 0);
      if (threads > 1) CutShares(threads);
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
        case Variant::kSerial:
          SendSerial(&sink);
          break;
        case Variant::kNaive:
          SendNaive(&sink);
          break;
        case Variant::kOpt:
        case Variant::kOptSearch:
          SendGrouped(&sink, edges);
          break;
      }
      senders_.clear();
      ++superstep_;
      ++stats_.supersteps;
      t0 = Clock::now();
      if (variant_ == Variant::kSerial) {
        ComputeFromInboxes(sink.num_recipients);
      } else if (swept_by_shares_) {
        for (const Share& share : shares_)
          for (int64_t i = 0; i < share.num_recipients; ++i) {
            const VertexId v = recipients_[share.recipient_base + i];
            const Msg m = message_[v];
            message_[v] = P::InitMsg();
            p_.Compute(*this, v, m);
          }
      } else {
        for (int64_t i = 0; i < sink.num_recipients; ++i) {
          const VertexId v = recipients_[i];
          const Msg m = message_[v];
          message_[v] = P::InitMsg();
          p_.Compute(*this, v, m);
        }
      }
      if constexpr (HasEndSuperstep<P>::value) p_.EndSuperstep(*this);
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
    stats_.vector_ops += k_.OverAdjacency<P>()(adj, SourceValues(), sink);
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
      LocateSearchSlots();
      for (int32_t s : search_slots_) MarkSlot(s);
      ListGroupsInTileOrder();
    }
    auto t1 = Clock::now();
    stats_.activate_seconds += Seconds(t0, t1);
    swept_by_shares_ = parallel() && SweptGroups(dense) >= kMinParallelGroups;
    if (swept_by_shares_) {
      if (!dense) ListGroupsByShare();
      stats_.vector_ops += ProduceOverShares(dense);
      stats_.produce_seconds += Seconds(t1, Clock::now());
      return;
    }

    ActiveGroups active = ActiveOver(groups_);
    if (dense) {
      active.lane_mask = nullptr;
      active.groups = nullptr;
      for (const auto& [first, last] : row_ranges_) {
        active.first_group = first;
        active.num_groups = last - first;
        stats_.vector_ops += active.num_groups;
        k_.OverGroups<P>()(active, SourceValues(), sink);
      }
    } else {
      stats_.vector_ops += active.num_groups;
      k_.OverGroups<P>()(active, SourceValues(), sink);
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
      sender_rows_.erase(std::unique(sender_rows_.begin(), sender_rows_.end()), sender_rows_.end());
    }
    row_ranges_.clear();
    for (int32_t r : sender_rows_) row_ranges_.push_back({row_groups[r], row_groups[r + 1]});
  }

  // Search-and-Activate without activation reads the index only: chunks run on any thread.
  void LocateSearchSlots() {
    const int64_t n = static_cast<int64_t>(search_rows_.size());
    const int64_t chunks =
        parallel() ? std::clamp<int64_t>((n + kLocateChunk - 1) / kLocateChunk, 1, threads_) : 1;
    ParallelFor(static_cast<int32_t>(chunks), chunks, [&](int64_t c) {
      const int64_t first = n * c / chunks, last = n * (c + 1) / chunks;
      g_.LocateSlots(search_rows_.data() + first, search_cols_.data() + first, last - first,
                     search_slots_.data() + first, tiling_);
    });
  }

  bool parallel() const { return threads_ > 1; }

  int64_t SweptGroups(bool dense) const {
    if (!dense) return static_cast<int64_t>(groups_.size());
    int64_t swept = 0;
    for (const auto& [first, last] : row_ranges_) swept += last - first;
    return swept;
  }

  // Cuts the tile columns into shares of about equal group counts (a share's columns are
  // contiguous, so its destinations are one vertex range). Fewer than two shares: serial.
  void CutShares(int32_t threads) {
    const std::vector<int64_t>& col_groups = g_.tile_col_groups();
    const int32_t cols = static_cast<int32_t>(col_groups.size()) - 1;
    const int64_t total = col_groups[cols];
    const int64_t wanted = std::min<int64_t>(cols, int64_t{kSharesPerThread} * threads);
    if (wanted < 2 || total == 0) return;
    const int32_t L = g_.log2_tile();
    share_of_col_.assign(cols, 0);
    for (int32_t c = 0; c < cols; ++c) {
      const int64_t share = col_groups[c] * wanted / total;  // groups before c decide
      if (shares_.empty() || share != shares_.back().id) {
        Share s;
        s.id = share;
        s.first_col = c;
        shares_.push_back(s);
      }
      shares_.back().last_col = c + 1;
      share_of_col_[c] = static_cast<int32_t>(shares_.size()) - 1;
    }
    if (shares_.size() < 2) {
      shares_.clear();
      return;
    }
    // Each share lists at most one recipient per vertex of its range, plus the vector a
    // compress-store may write past its last entry.
    int64_t base = 0;
    for (Share& s : shares_) {
      s.recipient_base = base;
      base += (static_cast<int64_t>(s.last_col - s.first_col) << L) + kLanes;
    }
    recipients_.resize(base);
    threads_ = threads;
  }

  // Sparse supersteps: the touched groups, in tile order, dealt to the shares of their columns.
  void ListGroupsByShare() {
    const int32_t L = g_.log2_tile();
    const int32_t* col_base = g_.index().slots().col_base.data();
    for (Share& s : shares_) s.groups.clear();
    for (int32_t g : groups_) shares_[share_of_col_[col_base[g] >> L]].groups.push_back(g);
  }

  // Groups of tile row r whose column lies before tile column c: groups of a row are sorted by
  // column, so a binary search over their column bases.
  int64_t RowGroupsBefore(int32_t r, int32_t c) const {
    const int32_t* col_base = g_.index().slots().col_base.data();
    const int32_t bound =
        static_cast<int32_t>(std::min<int64_t>(int64_t{c} << g_.log2_tile(), INT32_MAX));
    int64_t lo = g_.tile_row_groups()[r], hi = g_.tile_row_groups()[r + 1];
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      if (col_base[mid] < bound)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  }

  // ProduceMsg share by share on the thread pool; returns the vector operations.
  int64_t ProduceOverShares(bool dense) {
    const Msg* source = SourceValues();
    const auto kernel = k_.OverGroups<P>();
    const int64_t num_shares = static_cast<int64_t>(shares_.size());
    int64_t vector_ops = 0;
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 1) reduction(+ : vector_ops)
    for (int64_t i = 0; i < num_shares; ++i) {
      Share& share = shares_[i];
      MessageSink sink{message_.data(), recipients_.data() + share.recipient_base, 0};
      ActiveGroups active = ActiveOver(share.groups);
      if (dense) {
        active.lane_mask = nullptr;
        active.groups = nullptr;
        for (int32_t r : sender_rows_) {
          active.first_group = RowGroupsBefore(r, share.first_col);
          active.num_groups = RowGroupsBefore(r, share.last_col) - active.first_group;
          if (active.num_groups == 0) continue;
          vector_ops += active.num_groups;
          kernel(active, source, &sink);
        }
      } else if (active.num_groups > 0) {
        vector_ops += active.num_groups;
        kernel(active, source, &sink);
      }
      share.num_recipients = sink.num_recipients;
    }
    return vector_ops;
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

  // A share of tile columns [first_col, last_col) and, this superstep, its touched groups and
  // the recipients it listed at recipients_[recipient_base ...].
  struct Share {
    int64_t id = 0;
    int32_t first_col = 0, last_col = 0;
    int64_t recipient_base = 0, num_recipients = 0;
    std::vector<int32_t> groups;
  };
  // Search-and-Activate's own chunk (index_collection.cpp): smaller pieces are not worth a thread.
  static constexpr int64_t kLocateChunk = int64_t{1} << 14;

  // The kernels' view of this superstep's active groups `groups` (all of them in order).
  ActiveGroups ActiveOver(const std::vector<int32_t>& groups) {
    const GroupedSlots& slots = g_.index().slots();
    return {g_.local_row(),
            g_.local_col(),
            slots.row_base.data(),
            slots.col_base.data(),
            g_.slot_weight().data(),
            lane_mask_.data(),
            sender_round_.data(),
            superstep_,
            groups.data(),
            0,
            static_cast<int64_t>(groups.size())};
  }

  const GraphLayout& g_;
  P& p_;
  Variant variant_;
  const GraphKernels& k_;
  const TilingKernels& tiling_;
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
  // threads > 1
  int32_t threads_ = 1;
  bool swept_by_shares_ = false;  // this superstep's recipients are listed share by share
  std::vector<Share> shares_;
  std::vector<int32_t> share_of_col_;
  // serial
  std::vector<Envelope> outbox_;
  std::vector<Msg> inbox_;
  std::vector<int64_t> inbox_begin_;
  int32_t superstep_ = 0;
  RunStats stats_;
};

}  // namespace irreg::graph
