// The busy periods of one shared resource (a channel, a core, an engine, a link).
//
// Threadlets run ahead of the global clock inside one step, so requests do not reach a resource
// in time order; a single "busy until" clock would make an early request queue behind a later
// one. A Timeline keeps the busy intervals still ahead of the simulation's clock and gives each
// request the first idle gap at or after its arrival that is long enough: requests in time order
// get FIFO service, and ones that come late to the resource fill the gaps they arrived in.
#pragma once

#include <algorithm>
#include <vector>

namespace irreg::emu {

class Timeline {
 public:
  // Serves a request arriving at `at` for `service` cycles; returns when it completes.
  double Reserve(double at, double service) {
    // The first interval that ends after the request arrives (ends ascend, like starts).
    size_t i = static_cast<size_t>(
        std::upper_bound(busy_.begin() + first_, busy_.end(), at,
                         [](double a, const Interval& b) { return a < b.end; }) -
        busy_.begin());
    double start = at;
    for (; i < busy_.size(); ++i) {
      if (busy_[i].start >= start + service) break;  // fits in the gap before interval i
      start = std::max(start, busy_[i].end);
    }
    const double end = start + service;
    last_start_ = start;
    // Insert [start, end) before interval i, merging with touching neighbours.
    const bool join_prev = i > first_ && busy_[i - 1].end >= start;
    const bool join_next = i < busy_.size() && busy_[i].start <= end;
    if (join_prev && join_next) {
      busy_[i - 1].end = busy_[i].end;
      busy_.erase(busy_.begin() + i);
    } else if (join_prev) {
      busy_[i - 1].end = end;
    } else if (join_next) {
      busy_[i].start = start;
    } else {
      busy_.insert(busy_.begin() + i, Interval{start, end});
    }
    return end;
  }

  // Forgets intervals that ended before `now`: no request can arrive before the clock.
  void Advance(double now) {
    while (first_ < busy_.size() && busy_[first_].end < now) ++first_;
    if (first_ > 64 && first_ * 2 > busy_.size()) {
      busy_.erase(busy_.begin(), busy_.begin() + first_);
      first_ = 0;
    }
  }

  double free_at() const { return busy_.empty() ? 0.0 : busy_.back().end; }
  double last_start() const { return last_start_; }  // when the last request began service

 private:
  struct Interval {
    double start, end;
  };
  std::vector<Interval> busy_;
  size_t first_ = 0;
  double last_start_ = 0;
};

}  // namespace irreg::emu
