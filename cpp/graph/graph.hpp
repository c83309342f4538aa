// The graph a user builds once and runs every algorithm on: the directed layout, and the
// undirected view (both directions of every edge) that weakly connected components need, built
// on first use. For an undirected graph both are the same object.
#pragma once

#include <memory>
#include <mutex>

#include "graph/graph_layout.hpp"

namespace irreg::graph {

class Graph {
 public:
  Graph(CsrGraph csr, bool directed, int32_t tile_size, const TilingKernels& kernels)
      : directed_(directed),
        tile_size_(tile_size),
        layout_(std::make_shared<GraphLayout>(std::move(csr), tile_size, kernels)) {}

  bool directed() const { return directed_; }
  // The tile edge asked for (0: by graph size); layout().tile_size() is the one in use. A copy
  // built with it (a pickle's) also picks the same tile for the undirected view.
  int32_t requested_tile_size() const { return tile_size_; }
  const GraphLayout& layout() const { return *layout_; }
  const GraphLayout& undirected_layout(const TilingKernels& kernels) const {
    std::call_once(undirected_once_, [&] {
      undirected_ = directed_ ? std::make_shared<GraphLayout>(layout_->csr().Symmetrized(),
                                                              tile_size_, kernels)
                              : layout_;
    });
    return *undirected_;
  }

 private:
  bool directed_;
  int32_t tile_size_;
  std::shared_ptr<GraphLayout> layout_;
  mutable std::once_flag undirected_once_;
  mutable std::shared_ptr<GraphLayout> undirected_;
};

}  // namespace irreg::graph
