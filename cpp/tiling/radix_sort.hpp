// Stable LSD radix sort of (key, id) pairs, used by the inspector to order edges by tile.
#pragma once

#include <cstdint>
#include <vector>

namespace irreg {

// Sorts `keys` ascending and permutes `ids` alongside; equal keys keep their input order.
// Only the 11-bit digits that differ between keys are processed. With threads > 1 each pass
// histograms and scatters contiguous shares of the input on OpenMP threads; stability makes the
// result the serial one exactly. threads == 1 is the serial code path, with no parallel region.
// With low_bit > 0 only bits from low_bit up are sorted on (ties keep input order).
void RadixSortPairs(std::vector<uint64_t>* keys, std::vector<int32_t>* ids, int32_t threads = 1,
                    int low_bit = 0);

}  // namespace irreg
