#include "tiling/radix_sort.hpp"

#include <algorithm>
#include <cstddef>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace irreg {

namespace {

constexpr int kDigitBits = 11;
constexpr size_t kBuckets = size_t{1} << kDigitBits;
// Below this many pairs a parallel region costs more than the passes it shares.
constexpr size_t kMinParallelPairs = size_t{1} << 15;

size_t Digit(uint64_t key, int shift) { return (key >> shift) & (kBuckets - 1); }

void SerialSort(std::vector<uint64_t>* keys, std::vector<int32_t>* ids, uint64_t varying,
                int low_bit) {
  const size_t n = keys->size();
  std::vector<uint64_t> key_tmp(n);
  std::vector<int32_t> id_tmp(n);
  std::vector<size_t> count(kBuckets);
  for (int shift = low_bit; shift < 64; shift += kDigitBits) {
    if (Digit(varying, shift) == 0) continue;
    std::fill(count.begin(), count.end(), 0);
    const uint64_t* in_k = keys->data();
    const int32_t* in_i = ids->data();
    for (size_t i = 0; i < n; ++i) ++count[Digit(in_k[i], shift)];
    size_t sum = 0;
    for (size_t& c : count) {
      const size_t here = c;
      c = sum;
      sum += here;
    }
    for (size_t i = 0; i < n; ++i) {
      const size_t dst = count[Digit(in_k[i], shift)]++;
      key_tmp[dst] = in_k[i];
      id_tmp[dst] = in_i[i];
    }
    keys->swap(key_tmp);
    ids->swap(id_tmp);
  }
}

#ifdef _OPENMP
// Each pass: thread t counts the digits of its share, the offsets run bucket by bucket over the
// shares in share order, and each thread scatters its share in input order, which is the serial
// scatter's order: the result is the serial one exactly.
void ParallelSort(std::vector<uint64_t>* keys, std::vector<int32_t>* ids, uint64_t varying,
                  int32_t threads, int low_bit) {
  const size_t n = keys->size();
  std::vector<int> shifts;
  for (int shift = low_bit; shift < 64; shift += kDigitBits)
    if (Digit(varying, shift) != 0) shifts.push_back(shift);
  std::vector<uint64_t> key_tmp(n);
  std::vector<int32_t> id_tmp(n);
  std::vector<size_t> count(static_cast<size_t>(threads) * kBuckets);
#pragma omp parallel num_threads(threads)
  {
    const size_t t = static_cast<size_t>(omp_get_thread_num());
    const size_t shares = static_cast<size_t>(omp_get_num_threads());
    const size_t begin = n * t / shares, end = n * (t + 1) / shares;
    size_t* mine = count.data() + t * kBuckets;
    uint64_t* in_k = keys->data();
    int32_t* in_i = ids->data();
    uint64_t* out_k = key_tmp.data();
    int32_t* out_i = id_tmp.data();
    for (const int shift : shifts) {
      std::fill(mine, mine + kBuckets, 0);
      for (size_t i = begin; i < end; ++i) ++mine[Digit(in_k[i], shift)];
#pragma omp barrier
#pragma omp single
      {
        size_t sum = 0;
        for (size_t b = 0; b < kBuckets; ++b) {
          for (size_t s = 0; s < shares; ++s) {
            const size_t here = count[s * kBuckets + b];
            count[s * kBuckets + b] = sum;
            sum += here;
          }
        }
      }
      for (size_t i = begin; i < end; ++i) {
        const size_t dst = mine[Digit(in_k[i], shift)]++;
        out_k[dst] = in_k[i];
        out_i[dst] = in_i[i];
      }
#pragma omp barrier
      std::swap(in_k, out_k);
      std::swap(in_i, out_i);
    }
  }
  if (shifts.size() % 2 == 1) {
    keys->swap(key_tmp);
    ids->swap(id_tmp);
  }
}
#endif

}  // namespace

void RadixSortPairs(std::vector<uint64_t>* keys, std::vector<int32_t>* ids, int32_t threads,
                    int low_bit) {
  const size_t n = keys->size();
  if (n < 2 || low_bit >= 64) return;
  uint64_t varying = 0;
  const uint64_t first = (*keys)[0];
  const uint64_t* k = keys->data();
#ifdef _OPENMP
  if (threads > 1 && n >= kMinParallelPairs) {
#pragma omp parallel for num_threads(threads) reduction(| : varying) schedule(static)
    for (size_t i = 0; i < n; ++i) varying |= k[i] ^ first;
    ParallelSort(keys, ids, varying >> low_bit << low_bit, threads, low_bit);
    return;
  }
#endif
  for (size_t i = 0; i < n; ++i) varying |= k[i] ^ first;
  SerialSort(keys, ids, varying >> low_bit << low_bit, low_bit);
}

}  // namespace irreg
