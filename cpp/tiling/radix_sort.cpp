#include "tiling/radix_sort.hpp"

#include <algorithm>
#include <cstddef>

namespace irreg {

void RadixSortPairs(std::vector<uint64_t>* keys, std::vector<int32_t>* ids) {
  constexpr int kDigitBits = 11;
  constexpr size_t kBuckets = size_t{1} << kDigitBits;
  const size_t n = keys->size();
  if (n < 2) return;
  uint64_t varying = 0;
  const uint64_t first = (*keys)[0];
  for (uint64_t k : *keys) varying |= k ^ first;

  std::vector<uint64_t> key_tmp(n);
  std::vector<int32_t> id_tmp(n);
  std::vector<size_t> count(kBuckets);
  for (int shift = 0; shift < 64; shift += kDigitBits) {
    if (((varying >> shift) & (kBuckets - 1)) == 0) continue;
    std::fill(count.begin(), count.end(), 0);
    const uint64_t* in_k = keys->data();
    const int32_t* in_i = ids->data();
    for (size_t i = 0; i < n; ++i) ++count[(in_k[i] >> shift) & (kBuckets - 1)];
    size_t sum = 0;
    for (size_t& c : count) {
      const size_t here = c;
      c = sum;
      sum += here;
    }
    for (size_t i = 0; i < n; ++i) {
      const size_t dst = count[(in_k[i] >> shift) & (kBuckets - 1)]++;
      key_tmp[dst] = in_k[i];
      id_tmp[dst] = in_i[i];
    }
    keys->swap(key_tmp);
    ids->swap(id_tmp);
  }
}

}  // namespace irreg
