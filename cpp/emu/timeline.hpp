// The load of one shared resource (a channel, a core, an engine, a link) over time.
//
// Threadlets run ahead of the global clock inside a step, and packets reserve the far end of
// their trip when they are sent, so requests do not reach a resource in time order. A single
// "busy until" clock would make an early request queue behind a later one; a list of busy
// intervals would leave gaps too short for any request, losing capacity. A Timeline instead
// splits time into bins of kBin cycles, each able to serve kBin cycles of work: a request is
// served from the first bin with room at or after its arrival, spilling into later bins when the
// work ahead of it fills them. Capacity is exact and order within a bin is approximate, an error
// of at most kBin cycles; queues still form and grow as load approaches capacity.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace irreg::emu {

class Timeline {
 public:
  static constexpr double kBin = 32.0;

  // Serves a request arriving at `at` for `service` cycles; returns when it completes.
  double Reserve(double at, double service) {
    int64_t b = Open(std::max(base_, static_cast<int64_t>(at / kBin)));
    double start = std::max(at, b * kBin + At(b).used);
    while (start >= (b + 1) * kBin - kFull) {  // no room left in this bin after `at`
      b = Open(b + 1);
      start = std::max(start, b * kBin + At(b).used);
    }
    last_start_ = start;
    double t = start, left = service;
    for (;;) {
      const double room = (b + 1) * kBin - t;
      if (left <= room) {
        Use(b, left);
        t += left;
        break;
      }
      Use(b, std::max(0.0, room));
      left -= std::max(0.0, room);
      b = Open(b + 1);
      t = b * kBin + At(b).used;
    }
    end_ = std::max(end_, t);
    return t;
  }

  // Forgets bins before `now`: no request can arrive before the clock.
  void Advance(double now) {
    const int64_t b = static_cast<int64_t>(now / kBin) - 1;
    while (base_ < b && head_ < bins_.size()) ++head_, ++base_;
    if (head_ == bins_.size()) base_ = std::max(base_, b);
    if (head_ > 4096 && 2 * head_ > bins_.size()) {  // drop the forgotten prefix now and then
      bins_.erase(bins_.begin(), bins_.begin() + static_cast<std::ptrdiff_t>(head_));
      head_ = 0;
    }
  }

  double free_at() const { return end_; }
  double last_start() const { return last_start_; }  // when the last request began service

 private:
  static constexpr double kFull = 1e-9;

  struct Bin {
    double used;   // work served in the bin
    int64_t next;  // the bin itself, or a later bin to look at once it is full
  };
  Bin& At(int64_t b) { return bins_[head_ + static_cast<size_t>(b - base_)]; }

  void Grow(int64_t b) {
    while (head_ + static_cast<size_t>(b - base_) >= bins_.size())
      bins_.push_back(Bin{0.0, base_ + static_cast<int64_t>(bins_.size() - head_)});
  }
  // The first bin at or after b with room: full bins point past themselves (path halving keeps
  // a long saturated stretch cheap to cross).
  int64_t Open(int64_t b) {
    Grow(b);
    while (At(b).next != b) {
      const int64_t n = At(b).next;
      Grow(n);
      At(b).next = At(n).next;
      b = n;
    }
    return b;
  }
  void Use(int64_t b, double work) {
    Bin& bin = At(b);
    bin.used += work;
    if (bin.used >= kBin - kFull) bin.next = b + 1;
  }

  std::vector<Bin> bins_;  // bin base_ + i at bins_[head_ + i]
  size_t head_ = 0;
  int64_t base_ = 0;
  double end_ = 0, last_start_ = 0;
};

}  // namespace irreg::emu
