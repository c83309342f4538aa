// The best k candidates of every vertex of G1, ordered by score (higher first) and then by the
// candidate's id in the caller's numbering: a total order, so the lists come out the same
// whatever order candidates are offered in (every scheme, layout and task order).
#pragma once

#include <cstdint>
#include <vector>

namespace irreg::align {

class TopK {
 public:
  TopK(int32_t num_vertices, int32_t k)
      : k_(k),
        count_(num_vertices, 0),
        score_(static_cast<size_t>(num_vertices) * k),
        cand_(static_cast<size_t>(num_vertices) * k) {}

  int32_t k() const { return k_; }
  int32_t num_vertices() const { return static_cast<int32_t>(count_.size()); }
  int32_t count(int32_t u) const { return count_[u]; }
  float score(int32_t u, int32_t i) const { return score_[static_cast<size_t>(u) * k_ + i]; }
  int32_t candidate(int32_t u, int32_t i) const { return cand_[static_cast<size_t>(u) * k_ + i]; }

  // Offers candidate v (caller's id) with score s to u's list.
  void Offer(int32_t u, float s, int32_t v) {
    float* sc = &score_[static_cast<size_t>(u) * k_];
    int32_t* cd = &cand_[static_cast<size_t>(u) * k_];
    int32_t n = count_[u];
    if (n == k_ && !Better(s, v, sc[n - 1], cd[n - 1])) return;
    int32_t at = n == k_ ? n - 1 : n;
    while (at > 0 && Better(s, v, sc[at - 1], cd[at - 1])) {
      sc[at] = sc[at - 1], cd[at] = cd[at - 1];
      --at;
    }
    sc[at] = s, cd[at] = v;
    if (n < k_) ++count_[u];
  }
  // The score a new candidate must beat to enter u's list (-1 while the list has room).
  float Threshold(int32_t u) const {
    return count_[u] < k_ ? -1.0f : score_[static_cast<size_t>(u) * k_ + k_ - 1];
  }

  static bool Better(float s, int32_t v, float s2, int32_t v2) { return s != s2 ? s > s2 : v < v2; }

 private:
  int32_t k_;
  std::vector<int32_t> count_;
  std::vector<float> score_;
  std::vector<int32_t> cand_;
};

}  // namespace irreg::align
