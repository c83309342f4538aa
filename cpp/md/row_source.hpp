// Rows of a sparse pattern produced on demand, any range of rows anywhere (GroupedPairs asks for
// one row tile at a time, so the rows are grouped while they are still in cache, and no list of
// every pair is ever held). Columns are int32; see md/neighbor_build.hpp for MD's encoding.
#pragma once

#include <cstdint>
#include <vector>

namespace irreg::md {

class RowSource {
 public:
  virtual ~RowSource() = default;
  virtual int64_t num_rows() const = 0;
  // Columns are an atom in their low log2_columns_per_image() bits (and an image above them).
  virtual int32_t log2_columns_per_image() const = 0;
  // Appends the columns of rows [first, last) to *cols, each row's columns distinct, and sets
  // ends[i - first] = cols->size() after row i. Safe to call from several threads at once.
  virtual void Rows(int32_t first, int32_t last, std::vector<int32_t>* cols,
                    int64_t* ends) const = 0;
};

// Rows already in memory (row_begin: n + 1 offsets into cols), e.g. a list a caller built.
class ListRows final : public RowSource {
 public:
  ListRows(int64_t n, const int64_t* row_begin, const int32_t* cols, int32_t log2)
      : n_(n), row_begin_(row_begin), cols_(cols), log2_(log2) {}
  int64_t num_rows() const override { return n_; }
  int32_t log2_columns_per_image() const override { return log2_; }
  void Rows(int32_t first, int32_t last, std::vector<int32_t>* cols, int64_t* ends) const override {
    for (int32_t i = first; i < last; ++i) {
      cols->insert(cols->end(), cols_ + row_begin_[i], cols_ + row_begin_[i + 1]);
      ends[i - first] = static_cast<int64_t>(cols->size());
    }
  }

 private:
  int64_t n_;
  const int64_t* row_begin_;
  const int32_t* cols_;
  int32_t log2_;
};

}  // namespace irreg::md
