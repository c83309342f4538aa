// A growable array whose storage outlives its readers: Python gets zero-copy NumPy views that
// hold a reference to the storage, so growing the array later never leaves a view dangling.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace irreg {

// Bytes a std::vector has allocated (its capacity), for memory budgets.
template <typename T>
int64_t CapacityBytes(const std::vector<T>& v) {
  return static_cast<int64_t>(v.capacity() * sizeof(T));
}

template <typename T>
class SharedArray {
 public:
  SharedArray() : data_(std::make_shared<std::vector<T>>()) {}
  explicit SharedArray(std::vector<T> v) : data_(std::make_shared<std::vector<T>>(std::move(v))) {}

  T* data() { return data_->data(); }
  const T* data() const { return data_->data(); }
  size_t size() const { return data_->size(); }
  bool empty() const { return data_->empty(); }
  int64_t capacity_bytes() const { return CapacityBytes(*data_); }
  T& operator[](size_t i) { return (*data_)[i]; }
  const T& operator[](size_t i) const { return (*data_)[i]; }

  // Growth moves to fresh storage when a view still reads the old one (the view keeps a
  // consistent snapshot); otherwise it grows in place with the usual amortized doubling.
  void resize(size_t n, const T& fill = T()) {
    Detach();
    data_->resize(n, fill);
  }
  void reserve(size_t n) {
    if (n <= data_->capacity()) return;
    Detach();
    data_->reserve(n);
  }
  void push_back(const T& x) {
    Detach();
    data_->push_back(x);
  }
  void clear() {
    if (data_.use_count() > 1)
      data_ = std::make_shared<std::vector<T>>();
    else
      data_->clear();
  }

  // For views: shares ownership of the current storage.
  std::shared_ptr<std::vector<T>> storage() const { return data_; }

 private:
  void Detach() {
    if (data_.use_count() > 1) data_ = std::make_shared<std::vector<T>>(*data_);
  }

  std::shared_ptr<std::vector<T>> data_;
};

}  // namespace irreg
