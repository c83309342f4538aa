// The simulator's pending events, popped in (time, seq) order: a calendar queue.
//
// Event times never fall behind the event being processed (a threadlet only moves forward), and
// almost all of them lie within a few thousand cycles of it. So the queue keeps a ring of
// kBuckets buckets of kWidth cycles covering [base, base + span) and a binary heap for the rare
// event beyond the span (a threadlet queued behind a saturated engine). Push is O(1); Pop finds
// the first non-empty bucket through a bitmap and the earliest event in it by a short scan. The
// order is exactly that of a binary heap on (time, seq); a binary heap of 4096 threadlets cost
// a quarter of a BFS simulation.
//
// A bucket is a list threaded through one pool of entries, reused last-freed first: the few
// hundred pending events of a node sit in a few cache lines that stay in the host's cache. (With
// a vector per bucket, every bucket's storage was touched once per turn of the ring, a cache miss
// each time: the 8-node Algorithm 1 BFS ran 3-4% slower.)
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <vector>

namespace irreg::emu {

struct Event {
  double time;
  uint64_t seq;
  int32_t thread;
  bool arrive;
  bool operator>(const Event& o) const { return time != o.time ? time > o.time : seq > o.seq; }
};

class EventQueue {
 public:
  static constexpr int kLogBuckets = 10;
  static constexpr int64_t kBuckets = int64_t{1} << kLogBuckets;
  static constexpr double kWidth = 4.0;  // cycles per bucket

  EventQueue() : heads_(kBuckets, kNone), bits_(kBuckets / 64, 0) {}

  bool empty() const { return size_ == 0; }

  void Push(const Event& e) {
    int64_t b = BucketOf(e.time);
    if (size_ == 0) base_ = b;  // an empty queue starts where its first event is
    if (b < base_) b = base_;   // never earlier than the event being processed
    ++size_;
    if (b >= base_ + kBuckets) {
      far_.push(e);
      return;
    }
    Put(b, e);
  }

  // The thread of the event after the last one popped if it shares its bucket (the caller
  // prefetches it), or -1.
  int32_t next_hint() const { return next_hint_; }

  // The time of the earliest event, leaving it there. Requires !empty(). (Far events are beyond
  // the ring, see Pull, so the ring's first bucket holds it when there is one.)
  double Earliest() const {
    const int64_t b = NextBucket();
    if (b < 0) return far_.top().time;
    double time = far_.empty() ? std::numeric_limits<double>::infinity() : far_.top().time;
    for (int32_t i = heads_[b & (kBuckets - 1)]; i != kNone; i = pool_[i].next)
      time = std::min(time, pool_[i].event.time);
    return time;
  }

  // The earliest event (smallest time, then smallest seq). Requires !empty().
  Event Pop() {
    int64_t b = NextBucket();
    if (b < 0) {  // the ring is empty: jump to the earliest far event
      base_ = BucketOf(far_.top().time);
      Pull();
      b = NextBucket();
    } else if (b != base_) {
      base_ = b;
      Pull();
    }
    int32_t& head = heads_[b & (kBuckets - 1)];
    // The earliest entry, the one before it in the list, and the second earliest.
    int32_t best = head, before_best = kNone, second = kNone;
    for (int32_t before = head, i = pool_[head].next; i != kNone; before = i, i = pool_[i].next) {
      if (pool_[best].event > pool_[i].event) {
        second = best;
        best = i;
        before_best = before;
      } else if (second == kNone || pool_[second].event > pool_[i].event) {
        second = i;
      }
    }
    next_hint_ = second != kNone ? pool_[second].event.thread : -1;
    const Event e = pool_[best].event;
    (before_best == kNone ? head : pool_[before_best].next) = pool_[best].next;
    pool_[best].next = free_;
    free_ = best;
    if (head == kNone) Clear(b);
    --size_;
    return e;
  }

 private:
  static int64_t BucketOf(double time) { return static_cast<int64_t>(std::floor(time / kWidth)); }

  void Put(int64_t b, const Event& e) {
    int32_t i = free_;
    if (i != kNone) {
      free_ = pool_[i].next;
    } else {
      i = static_cast<int32_t>(pool_.size());
      pool_.emplace_back();
    }
    const int64_t slot = b & (kBuckets - 1);
    pool_[i] = Entry{e, heads_[slot]};
    heads_[slot] = i;
    bits_[slot >> 6] |= uint64_t{1} << (slot & 63);
  }
  void Clear(int64_t b) {
    const int64_t slot = b & (kBuckets - 1);
    bits_[slot >> 6] &= ~(uint64_t{1} << (slot & 63));
  }

  // Far events that now fall inside the ring move into it. Far events were beyond the ring when
  // pushed, so each is later than every event of the ring at that time: none lands before base_.
  void Pull() {
    while (!far_.empty() && BucketOf(far_.top().time) < base_ + kBuckets) {
      const Event e = far_.top();
      far_.pop();
      Put(std::max(base_, BucketOf(e.time)), e);
    }
  }

  // The first non-empty bucket at or after base_ within the ring, or -1.
  int64_t NextBucket() const {
    const int64_t start = base_ & (kBuckets - 1);
    const int64_t words = kBuckets / 64;
    int64_t w = start >> 6;
    uint64_t bits = bits_[w] & (~uint64_t{0} << (start & 63));
    for (int64_t k = 0; k <= words; ++k) {
      if (bits) {
        const int64_t slot = (w << 6) + __builtin_ctzll(bits);
        return base_ + ((slot - start) & (kBuckets - 1));
      }
      w = (w + 1) & (words - 1);
      bits = bits_[w];
      if (k == words - 1) bits &= ~(~uint64_t{0} << (start & 63));  // back at the start word
    }
    return -1;
  }

  static constexpr int32_t kNone = -1;
  struct Entry {
    Event event;
    int32_t next;  // the next entry of its bucket's list, or of the free list
  };
  std::vector<Entry> pool_;
  int32_t free_ = kNone;        // the free list
  std::vector<int32_t> heads_;  // each bucket's list
  std::vector<uint64_t> bits_;  // the buckets that are not empty
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> far_;
  int64_t base_ = 0;
  int64_t size_ = 0;
  int32_t next_hint_ = -1;
};

}  // namespace irreg::emu
