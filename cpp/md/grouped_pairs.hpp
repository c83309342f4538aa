// The Inc-Group of seed 000 §5 as MD's own storage (DESIGN §4, §7): the pairs of a half list in
// conflict-free groups of kLanes (md/pair_group.hpp), kept across rebuilds. Nothing here knows
// Lennard-Jones; the rows come from any RowSource (MD's neighbour build, or a test's list).
//
// Everything streams row tile by row tile (T rows, T <= 256): the source builds a row tile's
// rows, and while they are in cache they are merged with that row tile's groups, the new pairs
// refill holes, the rest are grouped, and the row tile's groups are written at their exact size.
// No list of every pair, no global sort key, no pair -> slot map and no slot -> pair id is ever
// held: a found pair is recognised by its column among the old pairs of its own row, which the
// groups themselves give. Row tiles are independent, so they run on threads with no serial part,
// and the groups are the same at every thread count.
#pragma once

#include <cstdint>
#include <vector>

#include "md/neighbor_build.hpp"
#include "md/pair_group.hpp"
#include "md/row_source.hpp"

namespace irreg::md {

// What one Build or Update did, and the state after it.
struct GroupedPairsCounts {
  int64_t pairs = 0;            // pairs held (active lanes)
  int64_t groups = 0;           // groups held (every one has an active lane)
  int64_t found = 0;            // Update: pairs that kept their lane
  int64_t added = 0;            // pairs placed: new ones (Update) or all (Build)
  int64_t refilled = 0;         // Update: new pairs placed into holes of existing groups
  int64_t removed = 0;          // Update: pairs of the old groups absent from the new rows
  int64_t regrouped_tiles = 0;  // Update: row tiles grouped afresh, their lane fill too low
  int64_t holes() const { return groups * kLanes - pairs; }
};

class GroupedPairs {
 public:
  // Update regroups a row tile afresh when its lane fill falls below regroup_below times the
  // fill it had when last grouped afresh (picked with `irreg bench md`: see grouped_pairs.cpp).
  explicit GroupedPairs(int32_t tile_size = kMaxPairTile, double regroup_below = 0.75);
  ~GroupedPairs();

  // Groups every row of `source` afresh (the first build, Regroup-All).
  GroupedPairsCounts Build(const RowSource& source, int32_t threads);
  // Search-and-Update (Inc-Group): afterwards the groups hold exactly the rows of `source`.
  // Pairs also in the old groups keep their lanes, vanished ones leave holes, new ones refill
  // holes of their tile's groups (no row or column repeated) or go into new groups. A source
  // with other rows or another column encoding than the last Build's is grouped afresh.
  GroupedPairsCounts Update(const RowSource& source, int32_t threads);
  void Clear();

  int32_t tile_size() const { return tile_; }
  int64_t num_rows() const { return num_rows_; }
  int32_t log2_columns_per_image() const { return log2_; }
  int64_t num_row_tiles() const { return static_cast<int64_t>(tiles_.size()); }
  // Row tile r's groups, sorted by col_base (tile order); its rows start at r * tile_size().
  const std::vector<PairGroup>& groups_of(int64_t row_tile) const {
    return tiles_[row_tile].groups;
  }
  int64_t num_groups() const { return group_begin_.empty() ? 0 : group_begin_.back(); }
  int64_t num_pairs() const { return num_pairs_; }
  // The groups of share `share` of `shares` equal parts, in tile order, as spans with their
  // rows' base (shares = 1: all of them, the force kernel's sweep).
  std::vector<GroupSpan> Spans(int32_t share = 0, int32_t shares = 1) const;
  // The pairs as a half list, row by row (a row's pairs in group order).
  void ToPairList(PairList* out) const;

  int64_t GroupBytes() const;      // the groups (and the per-row-tile bookkeeping)
  int64_t WorkspaceBytes() const;  // kept per thread between calls: mark tables, buffers
  // Seconds, summed over threads, spent in the source's Rows and in grouping, over the last
  // Build or Update (the caller splits its wall time by them).
  double rows_seconds() const { return rows_seconds_; }
  double group_seconds() const { return group_seconds_; }

 private:
  struct RowTile {
    std::vector<PairGroup> groups;
    int32_t pairs = 0;
    float built_fill = 1.0f;  // lane fill when last grouped afresh
  };
  struct Workspace;
  GroupedPairsCounts Run(const RowSource& source, int32_t threads, bool fresh);
  // Each writes tiles_[r] alone: row tiles run on threads at once.
  void DoRowTile(int64_t r, const RowSource& source, bool fresh, Workspace* w,
                 GroupedPairsCounts* c);
  void GroupAfresh(int64_t r, Workspace* w);
  bool MergeRowTile(int64_t r, Workspace* w, GroupedPairsCounts* c);
  void Refresh();

  int32_t tile_, log2_tile_;
  double regroup_below_;
  int64_t num_rows_ = 0;
  int32_t log2_ = -1;
  std::vector<RowTile> tiles_;
  std::vector<int64_t> group_begin_;  // per row tile + 1: groups before it
  int64_t num_pairs_ = 0;
  std::vector<Workspace> work_;  // one per thread
  double rows_seconds_ = 0.0, group_seconds_ = 0.0;
};

}  // namespace irreg::md
