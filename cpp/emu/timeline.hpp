// The load of one shared resource (a channel, a core, an engine, a link) over time.
//
// Threadlets run ahead of their node's clock inside a step, and packets reserve the far end of
// their trip when they are sent (within a node) or handed over (between nodes, see
// simulator.hpp), so requests do not reach a resource in time order. A single
// "busy until" clock would make an early request queue behind a later one; a list of busy
// intervals would leave gaps too short for any request, losing capacity. A Timeline instead
// splits time into bins of kBin cycles, each able to serve kBin cycles of work: a request is
// served from the first bin with room at or after its arrival, spilling into later bins when the
// work ahead of it fills them. Capacity is exact and order within a bin is approximate, an error
// of at most kBin cycles; queues still form and grow as load approaches capacity.
//
// The width is the resource's: a wider bin is cheaper to simulate (fewer requests cross a bin's
// end, fewer bins to touch) and keeps order less precisely. simulator.hpp says which resource
// gets which width, and why.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>

namespace irreg::emu {

// alignas: the nodes' resources are reserved from different host threads (see simulator.hpp).
template <int kBinCycles>
class alignas(64) Timeline {
 public:
  static constexpr double kBin = kBinCycles;

  // Serves a request arriving at `at` for `service` cycles; returns when it completes. The common
  // case, the arrival's bin open with room for the whole request, is here; the rest is Spill.
  double Reserve(double at, double service) {
    const int64_t b = FirstBin(at);
    if (b - base_ <= mask_) {
      Bin& slot = bins_[b & mask_];
      const bool open = slot.bin != b || slot.next == b;  // another bin's slot: an empty one
      const double used = slot.bin == b ? slot.used : 0.0;
      const double start = std::max(at, b * kBin + used);
      if (open && start + service <= (b + 1) * kBin) {
        if (slot.bin != b) slot = Bin{b, 0.0, b};
        Use(slot, service);
        busy_ += service;
        last_start_ = start;
        end_ = std::max(end_, start + service);
        return start + service;
      }
    }
    return Spill(at, service, b);
  }

  // Forgets bins before `now`: no request can arrive before the clock.
  void Advance(double now) { base_ = std::max(base_, static_cast<int64_t>(now / kBin) - 1); }

  // No request arriving at `at` or later starts before this: the first bin with room at or after
  // `at` (bins only fill, so this holds for every later reservation too).
  double EarliestStart(double at) {
    const int64_t b = Open(FirstBin(at));
    return std::max(at, b * kBin + At(b).used);
  }

  double free_at() const { return end_; }
  double busy() const { return busy_; }              // the work served, for the report
  double last_start() const { return last_start_; }  // when the last request began service

 private:
  static constexpr double kFull = 1e-9;

  // The bin a request arriving at `at` looks at first (none before the forgotten ones).
  int64_t FirstBin(double at) const {
    return std::max(base_, static_cast<int64_t>(at * (1 / kBin)));
  }

  // The rest of Reserve: from the first bin with room at or after b, over as many as it takes.
  [[gnu::noinline]] double Spill(double at, double service, int64_t b) {
    busy_ += service;
    b = Open(b);
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

  // The bins live in a ring (bins_, mask_ + 1 slots) indexed by bin number: a slot holds the bin
  // it was last opened for (`bin`), and a slot holding an older bin is an empty one. Long idle
  // stretches cost nothing (an array of every bin grew by one entry per 32 cycles of every
  // resource, idle or not), and the ring doubles when a queue reaches further ahead than it spans.
  struct Bin {
    int64_t bin;   // the bin number the slot holds
    double used;   // work served in the bin
    int64_t next;  // the bin itself, or a later bin to look at once it is full
  };
  Bin& At(int64_t b) {
    if (b - base_ > mask_) Widen(b);
    Bin& slot = bins_[b & mask_];
    if (slot.bin != b) slot = Bin{b, 0.0, b};
    return slot;
  }
  [[gnu::noinline]] void Widen(int64_t b) {
    int64_t size = mask_ + 1;
    while (b - base_ >= size) size *= 2;
    std::unique_ptr<Bin[]> wider = Empty(size);
    for (int64_t i = 0; i <= mask_; ++i)
      if (bins_[i].bin >= base_) wider[bins_[i].bin & (size - 1)] = bins_[i];
    bins_ = std::move(wider);
    mask_ = size - 1;
  }
  static std::unique_ptr<Bin[]> Empty(int64_t size) {
    std::unique_ptr<Bin[]> bins(new Bin[size]);
    std::fill(bins.get(), bins.get() + size, Bin{-1, 0.0, -1});
    return bins;
  }
  // The first bin at or after b with room. A bin never empties once full, so full bins point
  // past themselves, and every bin on the way is pointed straight at the answer (full path
  // compression): a request behind a long saturated stretch crosses it in one step next time.
  int64_t Open(int64_t b) {
    int64_t root = b;
    while (At(root).next != root) root = At(root).next;
    while (b != root) {
      Bin& bin = At(b);
      b = bin.next;
      bin.next = root;
    }
    return root;
  }
  void Use(int64_t b, double work) { Use(At(b), work); }
  static void Use(Bin& bin, double work) {
    bin.used += work;
    // Full when no request could start in it: tested in absolute time, as Reserve tests a start
    // (b * kBin + used), so that a bin whose few ulps of room round away is not left open to be
    // revisited by every later request.
    if (bin.bin * kBin + bin.used >= (bin.bin + 1) * kBin - kFull) bin.next = bin.bin + 1;
  }

  std::unique_ptr<Bin[]> bins_ = Empty(256);  // the ring
  int64_t mask_ = 255;                        // its size - 1
  int64_t base_ = 0;                          // no request arrives before this bin
  double end_ = 0, last_start_ = 0, busy_ = 0;
};

}  // namespace irreg::emu
