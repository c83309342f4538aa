// The plane cut into buckets (seed 002 §3.3): a quad-tree over the points of both graphs, split
// until a leaf holds at most bucket_size points or cannot be split further (points that coincide
// stay together). A bucket is a leaf: the vertices of G1 and of G2 that fall in it. Buckets are
// numbered in the Hilbert order of the plane, and each knows the buckets it touches.
#pragma once

#include <cstdint>
#include <vector>

namespace irreg::align {

struct Buckets {
  // Bucket b holds G1 vertices members1[begin1[b] .. begin1[b + 1]) and likewise for G2; members
  // are the caller's ids, ascending within a bucket.
  std::vector<int64_t> begin1, begin2;
  std::vector<int32_t> members1, members2;
  // The buckets touching b (b itself included), ascending: neighbours[neighbour_begin[b] ..].
  std::vector<int64_t> neighbour_begin;
  std::vector<int32_t> neighbours;
  int32_t oversized = 0;  // leaves past bucket_size whose points could not be told apart
  int32_t depth = 0;      // deepest leaf

  int32_t size() const { return static_cast<int32_t>(begin1.size()) - 1; }
};

Buckets BuildBuckets(const std::vector<double>& x1, const std::vector<double>& y1,
                     const std::vector<double>& x2, const std::vector<double>& y2,
                     int32_t bucket_size);

// Position of (x, y) along the Hilbert curve filling a 2^order x 2^order grid.
uint64_t HilbertKey(uint32_t x, uint32_t y, int32_t order);

}  // namespace irreg::align
