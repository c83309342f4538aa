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
  int64_t found = 0;     // edges re-activated in an existing generation
  int64_t added = 0;     // distinct new edges: refilled into holes or in a new generation
  int64_t refilled = 0;  // of those, placed into holes of existing groups (refill mode)
  int64_t holes = 0;     // indexed edges not in the current set, after the update
  bool compacted = false;
  bool compact_due = false;  // UpdateFromDiff(may_compact=false): the caller should regroup
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
  // Search-and-Update for a caller that found the unchanged edges itself, by merging sorted
  // lists (an MD neighbour list arrives row by row, so a merge with the previous list beats a
  // binary search per edge): found slots stay active, vanished slots become holes, new edges
  // are grouped into a new generation. Compacts like Update. Found slots get their new ids in
  // slot_edge only when it compacts: a caller keeping its own id->slot map saves the writes.
  // With may_compact = false the caller regroups itself when UpdateStats.compact_due says so
  // (an MD list can regroup from its own rows), and found_slots/found_ids may be null.
  UpdateStats UpdateFromDiff(const int32_t* found_slots, const EdgeId* found_ids, int64_t n_found,
                             const int32_t* vanished_slots, int64_t n_vanished,
                             const int32_t* new_rows, const int32_t* new_cols,
                             const EdgeId* new_ids, int64_t n_new, const TilingKernels& k,
                             bool may_compact = true);
  // Regroups the active edges into one generation; inactive edges leave the index.
  void Compact(const TilingKernels& k);

  // Refill mode (UpdateFromDiff only): a new edge first takes a hole of a group of its own
  // tile that holds neither its row nor its column, so groups stay full and fewer generations
  // and compactions are needed. A refilled slot is in no generation's Index, so the Index is
  // not kept (8 bytes per edge) and Locate, Activate, Deactivate and Update refuse to run.
  // Edges must not repeat (an MD half list): they are grouped without deduplication.
  void set_refill_holes(bool on) { refill_holes_ = on; }
  // Slots refilled by the last UpdateFromDiff (their slot_edge holds the new edge's id).
  const std::vector<int32_t>& refilled_slots() const { return refilled_; }

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
  // Bytes held: the grouped slot arrays, the generations' Index, and the refill bookkeeping.
  struct Memory {
    int64_t slots = 0, index = 0, holes = 0;
  };
  Memory MemoryBytes() const;
  // OpenMP threads of the tiling and grouping (Build, Update, UpdateFromDiff, Compact); the
  // index is the same at every count. 1 (the default) is the serial code path.
  int32_t threads() const { return threads_; }
  void set_threads(int32_t threads);

 private:
  void Clear();
  void AppendGeneration(const int32_t* rows, const int32_t* cols, const EdgeId* ids, int64_t n,
                        bool active, const TilingKernels& k);
  void ListGroupsOfSlots(const int32_t* slots, int64_t n);
  void RequireSearchable(const char* operation) const;
  // Places what it can of the new edges into holes_; returns the positions (into the new
  // edge arrays) of the edges left over, in their original order.
  std::vector<int64_t> RefillHoles(const int32_t* new_rows, const int32_t* new_cols,
                                   const EdgeId* new_ids, int64_t n_new);
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
  bool refill_holes_ = false;
  bool unsearchable_ = false;  // refill mode dropped the Index: Locate & co. refuse
  // Refill mode: every hole slot, sorted by tile, with its tile key; and the holes made since
  // the last refill, not yet sorted in.
  std::vector<int32_t> holes_, pending_holes_;
  std::vector<uint64_t> hole_keys_;
  std::vector<int32_t> refilled_;
  double built_fill_ = 1.0;  // refill mode: share of lanes in use after the last build
};

}  // namespace irreg
