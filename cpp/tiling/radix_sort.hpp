// Stable LSD radix sort of (key, id) pairs, used by the inspector to order edges by tile.
#pragma once

#include <cstdint>
#include <vector>

namespace irreg {

// Sorts `keys` ascending and permutes `ids` alongside; equal keys keep their input order.
// Only the 11-bit digits that differ between keys are processed.
void RadixSortPairs(std::vector<uint64_t>* keys, std::vector<int32_t>* ids);

}  // namespace irreg
