// The simulator's pending events, popped in (time, seq) order: a calendar queue.
//
// Event times never fall behind the event being processed (a threadlet only moves forward), and
// almost all of them lie within a few thousand cycles of it. So the queue keeps a ring of
// kBuckets buckets of kWidth cycles covering [base, base + span) and a binary heap for the rare
// event beyond the span (a threadlet queued behind a saturated engine). Push is O(1); Pop finds
// the first non-empty bucket through a bitmap and the earliest event in it by a short scan. The
// order is exactly that of a binary heap on (time, seq); a binary heap of 4096 threadlets cost
// a quarter of a BFS simulation.
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

  EventQueue() : ring_(kBuckets), bits_(kBuckets / 64, 0) {}

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
    for (const Event& e : ring_[b & (kBuckets - 1)]) time = std::min(time, e.time);
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
    std::vector<Event>& bucket = ring_[b & (kBuckets - 1)];
    size_t best = 0, second = 0;
    for (size_t i = 1; i < bucket.size(); ++i) {
      if (bucket[best] > bucket[i]) {
        second = best;
        best = i;
      } else if (second == best || bucket[second] > bucket[i]) {
        second = i;
      }
    }
    next_hint_ = second != best ? bucket[second].thread : -1;
    const Event e = bucket[best];
    bucket[best] = bucket.back();
    bucket.pop_back();
    if (bucket.empty()) Clear(b);
    --size_;
    return e;
  }

 private:
  static int64_t BucketOf(double time) { return static_cast<int64_t>(std::floor(time / kWidth)); }

  void Put(int64_t b, const Event& e) {
    const int64_t slot = b & (kBuckets - 1);
    ring_[slot].push_back(e);
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

  std::vector<std::vector<Event>> ring_;
  std::vector<uint64_t> bits_;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> far_;
  int64_t base_ = 0;
  int64_t size_ = 0;
  int32_t next_hint_ = -1;
};

}  // namespace irreg::emu
