// The grouped index and its collection of generations (seed 000 §4.2, §5; DESIGN §4).
//
// Build tiles and groups every edge once. Activation (Search-and-Activate, Alg. 1) finds edges
// by binary search in each generation's Index and marks their slots active in Xcoord; the work
// is proportional to the edges asked for. Update (Search-and-Update, §5.2) takes the whole new
// edge set after a rebuild: edges found are re-activated in place, vanished ones stay as -1
// holes, and only the new edges are tiled, grouped and appended as a new generation. When holes
// pass a threshold the collection is compacted (the paper never compacts).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tiling/tile_index.hpp"
#include "tiling/tiling_kernels.hpp"

namespace irreg {

// Compaction default, picked with `irreg bench index` (see kDefaultCompactThreshold's comment in
// index_collection.cpp).
extern const double kDefaultCompactThreshold;
// Every generation costs one more binary search for each edge not in the older ones.
inline constexpr int kDefaultMaxGenerations = 8;
// Tile edge when the caller gives none (see its comment in index_collection.cpp).
extern const int32_t kDefaultTileSize;

struct UpdateStats {
  int64_t found = 0;  // edges re-activated in an existing generation
  int64_t added = 0;  // distinct new edges, in a new generation
  int64_t holes = 0;  // indexed edges not in the current set, after the update
  bool compacted = false;
};

class IndexCollection {
 public:
  IndexCollection(int32_t n_rows, int32_t n_cols, int32_t tile_size, ConflictRule rule,
                  double compact_threshold = kDefaultCompactThreshold,
                  int max_generations = kDefaultMaxGenerations,
                  Grouping grouping = Grouping::kWindow);

  // Replaces the contents with one generation holding these edges (ids: null means 0..n-1).
  void Build(const int32_t* rows, const int32_t* cols, const EdgeId* ids, int64_t n, bool active,
             const TilingKernels& k);
  // Slot of each edge (-1 if not indexed). With activate, found slots become active.
  void Locate(const int32_t* rows, const int32_t* cols, int64_t n, bool activate,
              int32_t* out_slots, const TilingKernels& k);
  int64_t Activate(const int32_t* rows, const int32_t* cols, int64_t n, const TilingKernels& k);
  int64_t Deactivate(const int32_t* rows, const int32_t* cols, int64_t n, const TilingKernels& k);
  void DeactivateAll(const TilingKernels& k);
  // Search-and-Update: afterwards exactly these edges are active, slot_edge = their position.
  UpdateStats Update(const int32_t* rows, const int32_t* cols, int64_t n, const TilingKernels& k);
  // Regroups the active edges into one generation; inactive edges leave the index.
  void Compact(const TilingKernels& k);

  // Active edges in slot order: absolute row, column and slot_edge.
  void ActiveEdges(std::vector<int32_t>* rows, std::vector<int32_t>* cols,
                   std::vector<EdgeId>* ids) const;
  int64_t NumActive(const TilingKernels& k) const;
  int64_t NumIndexed() const;  // distinct edges in all generations (active or not)
  // Throws if a id is outside [0, n_rows) x [0, n_cols), naming the array, position and value.
  void Validate(const int32_t* rows, const int32_t* cols, int64_t n) const;

  const TileGeometry& geometry() const { return geo_; }
  ConflictRule rule() const { return rule_; }
  Grouping grouping() const { return grouping_; }
  const GroupedSlots& slots() const { return slots_; }
  const std::vector<TileIndex>& generations() const { return generations_; }
  const SharedArray<int32_t>& active_groups() const { return active_groups_; }
  double compact_threshold() const { return compact_threshold_; }
  int max_generations() const { return max_generations_; }
  int64_t num_compactions() const { return num_compactions_; }
  // Bytes held: the grouped slot arrays and the generations' Index.
  struct Memory {
    int64_t slots = 0, index = 0;
  };
  Memory MemoryBytes() const;
  // OpenMP threads of the tiling and grouping (Build, Update, Compact); the index is the same
  // at every count. 1 (the default) is the serial code path.
  int32_t threads() const { return threads_; }
  void set_threads(int32_t threads);

 private:
  void Clear();
  void AppendGeneration(const int32_t* rows, const int32_t* cols, const EdgeId* ids, int64_t n,
                        bool active, const TilingKernels& k);
  void ListGroupsOfSlots(const int32_t* slots, int64_t n);
  void ActiveEdgesInParallel(std::vector<int32_t>* rows, std::vector<int32_t>* cols,
                             std::vector<EdgeId>* ids) const;

  TileGeometry geo_;
  ConflictRule rule_;
  Grouping grouping_;
  double compact_threshold_;
  int max_generations_;
  GroupedSlots slots_;
  std::vector<TileIndex> generations_;
  SharedArray<int32_t> active_groups_;  // groups that may hold active slots, each listed once
  std::vector<uint8_t> group_listed_;
  int64_t num_compactions_ = 0;
  int32_t threads_ = 1;
};

}  // namespace irreg
