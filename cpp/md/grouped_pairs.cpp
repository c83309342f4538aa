#include "md/grouped_pairs.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/shared_array.hpp"

namespace irreg::md {
namespace {

using Clock = std::chrono::steady_clock;
double Since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

constexpr uint16_t kFull = 0xFFFF;
int Ctz(uint64_t x) { return __builtin_ctzll(x); }  // x != 0
// A new pair tries at most this many groups of its tile with a free lane before it goes into a
// new group: refilling stays O(1) a pair in tiles with many groups.
constexpr int kMaxRefillTries = 16;

// Bit l set when byte l of the 8 bytes in v is zero (exact: no borrow crosses bytes).
uint32_t ZeroBytes(uint64_t v) {
  constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full;
  const uint64_t high = ~(((v & kLow7) + kLow7) | v | kLow7);  // 0x80 in each zero byte
  return static_cast<uint32_t>(((high >> 7) * 0x0102040810204080ull) >> 56);
}

uint64_t Load8(const uint8_t* p) {
  uint64_t v;
  std::copy_n(p, 8, reinterpret_cast<uint8_t*>(&v));
  return v;
}

// Lanes of g (active or not) whose row is x or whose column is y: eight bytes at a time.
uint32_t LanesMeeting(const PairGroup& g, uint8_t x, uint8_t y) {
  const uint64_t xs = 0x0101010101010101ull * x, ys = 0x0101010101010101ull * y;
  uint32_t hit = 0;
  for (int half = 0; half < 2; ++half)
    hit |= (ZeroBytes(Load8(g.row + 8 * half) ^ xs) | ZeroBytes(Load8(g.col + 8 * half) ^ ys))
           << (8 * half);
  return hit;
}

PairGroup EmptyGroup(int32_t col_base) {
  PairGroup g{};
  g.col_base = col_base;
  return g;
}

// The window of open groups of one column tile (tile_and_group's method): per local row and
// column, the open groups holding it, one bit each. A pair goes into the lowest bit among open
// groups holding neither its row nor its column, O(1) a pair; a full group leaves the window,
// and when 64 are open the oldest is closed to make room. A group's bits are cleared when it
// closes, so a window is all zero again after CloseAll and needs no clearing between uses.
struct Window {
  uint64_t row_in[kMaxPairTile] = {}, col_in[kMaxPairTile] = {};
  uint64_t open = 0;
  PairGroup* group[64] = {};
  int32_t lanes[64] = {};

  // make() returns a new, empty group that stays where it is while the window is open.
  template <typename Make>
  void Place(uint8_t x, uint8_t y, Make&& make) {
    uint64_t free = open & ~(row_in[x] | col_in[y]);
    if (free == 0) {
      if (open == ~uint64_t{0}) Close(Ctz(open));
      const int b = Ctz(~open);
      group[b] = make();
      lanes[b] = 0;
      open |= uint64_t{1} << b;
      free = uint64_t{1} << b;
    }
    const int b = Ctz(free);
    PairGroup* g = group[b];
    const int lane = lanes[b]++;
    g->row[lane] = x, g->col[lane] = y;
    row_in[x] |= uint64_t{1} << b, col_in[y] |= uint64_t{1} << b;
    if (lane == kLanes - 1) Close(b);
  }

  void Close(int b) {
    PairGroup* g = group[b];
    const uint64_t keep = ~(uint64_t{1} << b);
    for (int l = 0; l < lanes[b]; ++l) row_in[g->row[l]] &= keep, col_in[g->col[l]] &= keep;
    g->active = static_cast<uint16_t>((1u << lanes[b]) - 1);
    open &= keep;
  }

  void CloseAll() {
    for (uint64_t o = open; o != 0; o &= o - 1) Close(Ctz(o));
  }
};

}  // namespace

// Per thread, kept between calls. A new pair is (local row, column).
struct GroupedPairs::Workspace {
  struct Pair {
    int32_t col;
    uint8_t row;
  };
  std::vector<int32_t> cols, new_cols;  // the row tile's new rows; the new pairs' columns
  std::vector<int64_t> ends;            // per row of the tile
  // The merge: the old pairs of the row tile bucketed by row, and a table by atom.
  std::vector<int32_t> old_begin, row_at, old_col, old_slot, old_next, mark;
  std::vector<Pair> pairs;  // the new pairs of an update
  // Pairs sorted by column tile, as local (row << 8 | column): a tile's run needs no more.
  std::vector<uint16_t> sorted;
  // Column tile -> bucket (open addressing), and per bucket its tile and count.
  std::vector<int32_t> tile_bucket, bucket_of, bucket_tile, bucket_count, run_tile, run_bucket;
  std::vector<int64_t> bucket_start, run_end;
  std::vector<Window> windows;  // one per column tile of the row tile being grouped afresh
  // Groups being made afresh: each column tile takes chunks of kChunk groups from blocks that
  // never move (an open group's address must stay put), listed per tile in `chunks`.
  static constexpr int32_t kChunk = 32, kBlock = 4096;
  std::vector<std::unique_ptr<PairGroup[]>> blocks;
  size_t blocks_used = 0;     // whole blocks handed out, this row tile
  int32_t block_at = kBlock;  // next free group of the current block
  struct Chunks {
    std::vector<PairGroup*> starts;
    int32_t used = kChunk;  // groups taken from the last chunk
    int32_t tile = 0;
  };
  std::vector<Chunks> chunks;  // per bucket
  int32_t num_buckets = 0;

  PairGroup* NewGroup(int32_t b, int32_t col_base) {
    Chunks& c = chunks[b];
    if (c.used == kChunk) {
      if (block_at == kBlock) {
        if (blocks_used == blocks.size()) blocks.emplace_back(new PairGroup[kBlock]);
        ++blocks_used;
        block_at = 0;
      }
      c.starts.push_back(blocks[blocks_used - 1].get() + block_at);
      block_at += kChunk;
      c.used = 0;
    }
    PairGroup* g = c.starts.back() + c.used++;
    *g = EmptyGroup(col_base);
    return g;
  }
  std::vector<PairGroup> fresh, merged;
  double rows_seconds = 0.0, group_seconds = 0.0;

  int64_t Bytes() const {
    return CapacityBytes(cols) + CapacityBytes(new_cols) + CapacityBytes(ends) +
           CapacityBytes(old_begin) + CapacityBytes(row_at) + CapacityBytes(tile_bucket) +
           CapacityBytes(bucket_of) + CapacityBytes(old_col) + CapacityBytes(old_next) +
           CapacityBytes(old_slot) + CapacityBytes(mark) + CapacityBytes(pairs) +
           CapacityBytes(sorted) + CapacityBytes(bucket_tile) + CapacityBytes(bucket_count) +
           CapacityBytes(run_tile) + CapacityBytes(run_bucket) + CapacityBytes(bucket_start) +
           CapacityBytes(run_end) + CapacityBytes(fresh) + CapacityBytes(merged) +
           CapacityBytes(windows) + CapacityBytes(chunks) +
           static_cast<int64_t>(blocks.size() * kBlock * sizeof(PairGroup)) +
           static_cast<int64_t>(sizeof(Workspace));
  }

  // Sorting pairs by column tile with no global key: the row tile's few distinct column tiles
  // get buckets through a table indexed by tile (grown on demand, emptied after use), the
  // buckets are ordered by tile, and the pairs are counted into place (stable: row order
  // within a tile). Classify(cols) labels each pair; Order() gives each bucket its start in
  // `sorted` (bucket_start, advanced by the caller's scatter) and lists the runs: run k is
  // column tile run_tile[k], ending at run_end[k].
  int32_t Classify(const int32_t* cols, int64_t n, int32_t log2_tile) {
    bucket_of.resize(n);
    bucket_tile.clear(), bucket_count.clear();
    int32_t last_tile = -1, last_bucket = 0;
    int64_t run_begin = 0;  // counts are added a run at a time: no store-to-load chain a pair
    for (int64_t k = 0; k < n; ++k) {
      const int32_t t = cols[k] >> log2_tile;
      if (t != last_tile) {
        if (k > run_begin) bucket_count[last_bucket] += static_cast<int32_t>(k - run_begin);
        run_begin = k;
        if (t >= static_cast<int32_t>(tile_bucket.size()))
          tile_bucket.resize(std::max<size_t>(2 * tile_bucket.size(), t + 1), -1);
        int32_t& b = tile_bucket[t];
        if (b < 0) {
          b = static_cast<int32_t>(bucket_tile.size());
          bucket_tile.push_back(t), bucket_count.push_back(0);
        }
        last_tile = t, last_bucket = b;
      }
      bucket_of[k] = last_bucket;
    }
    if (n > run_begin) bucket_count[last_bucket] += static_cast<int32_t>(n - run_begin);
    for (const int32_t t : bucket_tile) tile_bucket[t] = -1;
    return static_cast<int32_t>(bucket_tile.size());
  }

  void Order(int64_t n) {  // n: the pairs to sort
    const int32_t buckets = static_cast<int32_t>(bucket_tile.size());
    sorted.resize(n);
    run_tile.resize(buckets), run_end.resize(buckets), bucket_start.resize(buckets);
    for (int32_t b = 0; b < buckets; ++b) run_tile[b] = b;  // bucket ids, then sorted by tile
    std::sort(run_tile.begin(), run_tile.end(),
              [&](int32_t a, int32_t b) { return bucket_tile[a] < bucket_tile[b]; });
    int64_t at = 0;
    run_bucket.resize(buckets);
    for (int32_t k = 0; k < buckets; ++k) {
      const int32_t b = run_tile[k];
      bucket_start[b] = at;
      at += bucket_count[b];
      run_end[k] = at;
      run_tile[k] = bucket_tile[b];
      run_bucket[k] = b;
    }
  }

  // Groups sorted[first, last) (one column tile, col_base) into new groups appended to `out`.
  void GroupRun(int64_t first, int64_t last, int32_t col_base, std::vector<PairGroup>* out) {
    // Room for the worst case (a group a pair), so the open groups' addresses stay put.
    const size_t need = out->size() + static_cast<size_t>(last - first);
    if (out->capacity() < need) out->reserve(std::max(need, 2 * out->capacity()));
    if (windows.empty()) windows.resize(1);
    Window& window = windows[0];
    for (int64_t k = first; k < last; ++k)
      window.Place(static_cast<uint8_t>(sorted[k] >> 8), static_cast<uint8_t>(sorted[k]), [&] {
        out->push_back(EmptyGroup(col_base));  // no reallocation: reserved above
        return &out->back();
      });
    window.CloseAll();
  }
};

GroupedPairs::GroupedPairs(int32_t tile_size, double regroup_below)
    : tile_(tile_size),
      log2_tile_(tile_size > 0 ? Ctz(static_cast<uint32_t>(tile_size)) : 0),
      regroup_below_(regroup_below) {
  if (tile_size < 1 || tile_size > kMaxPairTile || (tile_size & (tile_size - 1)) != 0)
    throw std::invalid_argument(
        "MD tile_size must be a power of two <= " + std::to_string(kMaxPairTile) + ", got " +
        std::to_string(tile_size));
}

GroupedPairs::~GroupedPairs() = default;

void GroupedPairs::Clear() {
  tiles_.clear();
  group_begin_.clear();
  num_rows_ = 0, log2_ = -1, num_pairs_ = 0;
}

GroupedPairsCounts GroupedPairs::Build(const RowSource& source, int32_t threads) {
  return Run(source, threads, true);
}

GroupedPairsCounts GroupedPairs::Update(const RowSource& source, int32_t threads) {
  const bool same = source.num_rows() == num_rows_ && source.log2_columns_per_image() == log2_;
  return Run(source, threads, !same);
}

GroupedPairsCounts GroupedPairs::Run(const RowSource& source, int32_t threads, bool fresh) {
  if (fresh) {
    Clear();
    num_rows_ = source.num_rows();
    log2_ = source.log2_columns_per_image();
    tiles_.resize((num_rows_ + tile_ - 1) / tile_);
  }
  threads = std::max(1, threads);
  if (static_cast<int32_t>(work_.size()) < threads) work_.resize(threads);
  const int64_t marks = int64_t{1} << log2_;
  for (int32_t t = 0; t < threads; ++t) {
    Workspace& w = work_[t];
    if (!fresh && static_cast<int64_t>(w.mark.size()) != marks) w.mark.assign(marks, -1);
    w.ends.resize(tile_);
    w.rows_seconds = w.group_seconds = 0.0;
  }
  const int64_t num_tiles = num_row_tiles();
  std::vector<GroupedPairsCounts> part(threads);
  if (threads == 1) {
    for (int64_t r = 0; r < num_tiles; ++r) DoRowTile(r, source, fresh, &work_[0], &part[0]);
  } else {
#pragma omp parallel num_threads(threads)
    {
#ifdef _OPENMP
      const int t = omp_get_thread_num();
#else
      const int t = 0;
#endif
#pragma omp for schedule(dynamic, 1)
      for (int64_t r = 0; r < num_tiles; ++r) DoRowTile(r, source, fresh, &work_[t], &part[t]);
    }
  }
  GroupedPairsCounts c;
  rows_seconds_ = group_seconds_ = 0.0;
  for (int32_t t = 0; t < threads; ++t) {
    c.found += part[t].found, c.added += part[t].added, c.refilled += part[t].refilled;
    c.removed += part[t].removed, c.regrouped_tiles += part[t].regrouped_tiles;
    rows_seconds_ += work_[t].rows_seconds, group_seconds_ += work_[t].group_seconds;
  }
  Refresh();
  c.pairs = num_pairs_;
  c.groups = num_groups();
  return c;
}

// Prefix sums over the row tiles (groups before each) and the pair count.
void GroupedPairs::Refresh() {
  const int64_t num_tiles = num_row_tiles();
  group_begin_.assign(num_tiles + 1, 0);
  num_pairs_ = 0;
  for (int64_t r = 0; r < num_tiles; ++r) {
    group_begin_[r + 1] = group_begin_[r] + static_cast<int64_t>(tiles_[r].groups.size());
    num_pairs_ += tiles_[r].pairs;
  }
}

void GroupedPairs::DoRowTile(int64_t r, const RowSource& source, bool fresh, Workspace* w,
                             GroupedPairsCounts* c) {
  const int32_t first = static_cast<int32_t>(r * tile_);
  const int32_t last = static_cast<int32_t>(std::min<int64_t>(num_rows_, first + tile_));
  const auto t0 = Clock::now();
  w->cols.clear();
  source.Rows(first, last, &w->cols, w->ends.data());
  const auto t1 = Clock::now();
  w->rows_seconds += std::chrono::duration<double>(t1 - t0).count();
  RowTile& tile = tiles_[r];
  if (fresh || tile.groups.empty()) {
    c->added += static_cast<int64_t>(w->cols.size());
    GroupAfresh(r, w);
  } else if (!MergeRowTile(r, w, c)) {
    ++c->regrouped_tiles;
    GroupAfresh(r, w);
  }
  w->group_seconds += Since(t1);
}

// Every row of the tile (w->cols) grouped into new groups, written at their exact size. The
// pairs are placed in row order, each into its column tile's window (a bucket, found through a
// table by tile): consecutive pairs mostly go to different windows, so their updates overlap
// instead of waiting on each other, and no pass sorts or counts the pairs by tile first. The
// groups are copied out tile by tile.
void GroupedPairs::GroupAfresh(int64_t r, Workspace* w) {
  const int32_t rows = static_cast<int32_t>(std::min<int64_t>(num_rows_ - r * tile_, tile_));
  const int32_t tile_mask = tile_ - 1;
  const int32_t* cols = w->cols.data();
  std::vector<int32_t>& bucket_of_tile = w->tile_bucket;
  w->num_buckets = 0;
  w->blocks_used = 0;
  w->block_at = Workspace::kBlock;
  int32_t last_tile = -1, b = -1;
  int64_t q = 0;
  for (int32_t x = 0; x < rows; ++x) {
    const int64_t end = w->ends[x];
    for (; q < end; ++q) {
      const int32_t t = cols[q] >> log2_tile_;
      if (t != last_tile) {
        if (t >= static_cast<int32_t>(bucket_of_tile.size()))
          bucket_of_tile.resize(std::max<size_t>(2 * bucket_of_tile.size(), t + 1), -1);
        b = bucket_of_tile[t];
        if (b < 0) {  // the row tile's first pair in this column tile
          b = bucket_of_tile[t] = w->num_buckets++;
          if (static_cast<int32_t>(w->windows.size()) < w->num_buckets)
            w->windows.resize(w->num_buckets);
          if (static_cast<int32_t>(w->chunks.size()) < w->num_buckets)
            w->chunks.resize(w->num_buckets);
          Workspace::Chunks& c = w->chunks[b];
          c.starts.clear(), c.used = Workspace::kChunk, c.tile = t;
        }
        last_tile = t;
      }
      const int32_t bucket = b, col_base = t << log2_tile_;
      w->windows[bucket].Place(static_cast<uint8_t>(x), static_cast<uint8_t>(cols[q] & tile_mask),
                               [&] { return w->NewGroup(bucket, col_base); });
    }
  }
  // Tile order, and each tile's groups (its chunks in order) copied out.
  std::vector<int32_t>& order = w->run_bucket;
  order.resize(w->num_buckets);
  int64_t groups = 0;
  for (int32_t k = 0; k < w->num_buckets; ++k) {
    w->windows[k].CloseAll();
    const Workspace::Chunks& c = w->chunks[k];
    groups += static_cast<int64_t>(c.starts.size() - 1) * Workspace::kChunk + c.used;
    order[k] = k;
    bucket_of_tile[c.tile] = -1;
  }
  std::sort(order.begin(), order.end(),
            [&](int32_t a, int32_t c) { return w->chunks[a].tile < w->chunks[c].tile; });
  std::vector<PairGroup> out(groups);
  PairGroup* to = out.data();
  for (const int32_t k : order) {
    const Workspace::Chunks& c = w->chunks[k];
    for (size_t i = 0; i < c.starts.size(); ++i) {
      const int32_t n = i + 1 < c.starts.size() ? Workspace::kChunk : c.used;
      to = std::copy(c.starts[i], c.starts[i] + n, to);
    }
  }
  RowTile& tile = tiles_[r];
  tile.groups.swap(out);
  tile.pairs = static_cast<int32_t>(w->cols.size());
  tile.built_fill = tile.groups.empty() ? 1.0f
                                        : static_cast<float>(tile.pairs) /
                                              static_cast<float>(tile.groups.size() * kLanes);
}

// Search-and-Update of one row tile. Returns false (nothing changed that matters: the caller
// groups the tile afresh) when the lane fill would fall below regroup_below of its built fill.
bool GroupedPairs::MergeRowTile(int64_t r, Workspace* w, GroupedPairsCounts* c) {
  RowTile& tile = tiles_[r];
  std::vector<PairGroup>& groups = tile.groups;
  const int32_t rows = static_cast<int32_t>(std::min<int64_t>(num_rows_ - r * tile_, tile_));
  // The old pairs, bucketed by local row.
  w->old_begin.assign(rows + 1, 0);
  for (const PairGroup& g : groups)
    for (uint32_t a = g.active; a != 0; a &= a - 1) ++w->old_begin[g.row[Ctz(a)] + 1];
  for (int32_t x = 0; x < rows; ++x) w->old_begin[x + 1] += w->old_begin[x];
  const int32_t old = w->old_begin[rows];
  w->old_col.resize(old), w->old_slot.resize(old);
  w->row_at.assign(w->old_begin.begin(), w->old_begin.end() - 1);
  for (size_t gi = 0; gi < groups.size(); ++gi) {
    const PairGroup& g = groups[gi];
    for (uint32_t a = g.active; a != 0; a &= a - 1) {
      const int l = Ctz(a);
      const int32_t k = w->row_at[g.row[l]]++;
      w->old_col[k] = g.col_base + g.col[l];
      w->old_slot[k] = static_cast<int32_t>(gi * kLanes + l);
    }
  }
  // Row by row: the old pairs marked in the table by atom (a column's low bits), the new ones
  // looked up; a match must have the same column, image included. Images of one atom in one
  // row (small cells) share the atom's entry through a chain (old_next).
  const int32_t atom_mask = (int32_t{1} << log2_) - 1;
  int32_t* mark = w->mark.data();
  w->old_next.resize(old);
  w->pairs.clear();
  int64_t q = 0, found = 0, removed = 0;
  for (int32_t x = 0; x < rows; ++x) {
    const int32_t b = w->old_begin[x], e = w->old_begin[x + 1];
    for (int32_t k = b; k < e; ++k) {
      int32_t& m = mark[w->old_col[k] & atom_mask];
      w->old_next[k] = m;
      m = k;
    }
    for (; q < w->ends[x]; ++q) {
      const int32_t col = w->cols[q];
      int32_t m = mark[col & atom_mask];
      while (m >= 0 && w->old_col[m] != col) m = w->old_next[m];
      if (m >= 0) {
        w->old_slot[m] = -1;  // found: it keeps its lane
        ++found;
      } else {
        w->pairs.push_back({col, static_cast<uint8_t>(x)});
      }
    }
    for (int32_t k = b; k < e; ++k) {
      mark[w->old_col[k] & atom_mask] = -1;
      const int32_t slot = w->old_slot[k];
      if (slot < 0) continue;
      PairGroup& g = groups[slot / kLanes];
      g.active = static_cast<uint16_t>(g.active & ~(1u << (slot % kLanes)));
      ++removed;
    }
  }
  // New pairs by column tile: into holes of the tile's groups first, the rest into new groups.
  const int64_t num_new = static_cast<int64_t>(w->pairs.size());
  w->new_cols.resize(num_new);
  for (int64_t k = 0; k < num_new; ++k) w->new_cols[k] = w->pairs[k].col;
  const int32_t runs = w->Classify(w->new_cols.data(), num_new, log2_tile_);
  w->Order(num_new);
  for (int64_t k = 0; k < num_new; ++k)
    w->sorted[w->bucket_start[w->bucket_of[k]]++] =
        static_cast<uint16_t>((w->pairs[k].row << 8) | (w->pairs[k].col & (tile_ - 1)));
  w->fresh.clear();
  int64_t refilled = 0, begin = 0;
  size_t g0 = 0;
  for (int32_t k = 0; k < runs; ++k) {
    const int32_t col_base = w->run_tile[k] << log2_tile_;
    const int64_t end = w->run_end[k];
    while (g0 < groups.size() && groups[g0].col_base < col_base) ++g0;
    size_t g1 = g0;
    while (g1 < groups.size() && groups[g1].col_base == col_base) ++g1;
    int64_t kept = begin;  // pairs left for new groups are moved down to here
    for (int64_t p = begin; p < end; ++p) {
      const uint8_t x = static_cast<uint8_t>(w->sorted[p] >> 8);
      const uint8_t y = static_cast<uint8_t>(w->sorted[p]);
      bool placed = false;
      int tries = 0;
      for (size_t gi = g0; gi < g1 && tries < kMaxRefillTries; ++gi) {
        PairGroup& g = groups[gi];
        const uint32_t free = static_cast<uint16_t>(~g.active);
        if (free == 0) continue;
        ++tries;
        if (LanesMeeting(g, x, y) & g.active) continue;
        const int lane = Ctz(free);
        g.row[lane] = x, g.col[lane] = y;
        g.active = static_cast<uint16_t>(g.active | (1u << lane));
        placed = true;
        break;
      }
      if (placed)
        ++refilled;
      else
        w->sorted[kept++] = w->sorted[p];
    }
    w->GroupRun(begin, kept, col_base, &w->fresh);
    begin = end;
  }
  const int64_t added = static_cast<int64_t>(w->pairs.size());
  const int64_t pairs = tile.pairs - removed + added;
  int64_t kept_groups = static_cast<int64_t>(w->fresh.size());
  for (const PairGroup& g : groups) kept_groups += g.active != 0;
  c->found += found, c->removed += removed, c->added += added, c->refilled += refilled;
  tile.pairs = static_cast<int32_t>(pairs);
  const double fill = kept_groups == 0
                          ? 1.0
                          : static_cast<double>(pairs) / static_cast<double>(kept_groups * kLanes);
  if (fill < regroup_below_ * tile.built_fill) return false;
  // The row tile's groups again in tile order: the old ones still holding a pair, the new ones
  // merged in after the old ones of their tile.
  if (w->fresh.empty() && kept_groups == static_cast<int64_t>(groups.size())) return true;
  w->merged.clear();
  w->merged.reserve(kept_groups);
  size_t o = 0, f = 0;
  while (o < groups.size() || f < w->fresh.size()) {
    if (o < groups.size() && groups[o].active == 0) {
      ++o;
      continue;
    }
    if (f == w->fresh.size() || (o < groups.size() && groups[o].col_base <= w->fresh[f].col_base))
      w->merged.push_back(groups[o++]);
    else
      w->merged.push_back(w->fresh[f++]);
  }
  std::vector<PairGroup>(w->merged.begin(), w->merged.end()).swap(groups);
  return true;
}

std::vector<GroupSpan> GroupedPairs::Spans(int32_t share, int32_t shares) const {
  const int64_t total = num_groups();
  const int64_t begin = total * share / shares, end = total * (share + 1) / shares;
  std::vector<GroupSpan> spans;
  if (begin >= end) return spans;
  // The first row tile with a group at or after `begin`.
  int64_t r =
      std::upper_bound(group_begin_.begin(), group_begin_.end(), begin) - group_begin_.begin() - 1;
  for (; r < num_row_tiles() && group_begin_[r] < end; ++r) {
    const int64_t lo = std::max(begin, group_begin_[r]) - group_begin_[r];
    const int64_t hi = std::min(end, group_begin_[r + 1]) - group_begin_[r];
    if (hi > lo)
      spans.push_back({tiles_[r].groups.data() + lo, hi - lo, static_cast<int32_t>(r * tile_)});
  }
  return spans;
}

void GroupedPairs::ToPairList(PairList* out) const {
  out->log2_columns_per_image = std::max(log2_, 0);
  out->row_begin.assign(num_rows_ + 1, 0);
  for (int64_t r = 0; r < num_row_tiles(); ++r)
    for (const PairGroup& g : tiles_[r].groups)
      for (uint32_t a = g.active; a != 0; a &= a - 1)
        ++out->row_begin[r * tile_ + g.row[Ctz(a)] + 1];
  for (int64_t i = 0; i < num_rows_; ++i) out->row_begin[i + 1] += out->row_begin[i];
  out->cols.resize(out->row_begin[num_rows_]);
  std::vector<int64_t> at(out->row_begin.begin(), out->row_begin.end() - 1);
  for (int64_t r = 0; r < num_row_tiles(); ++r)
    for (const PairGroup& g : tiles_[r].groups)
      for (uint32_t a = g.active; a != 0; a &= a - 1) {
        const int l = Ctz(a);
        out->cols[at[r * tile_ + g.row[l]]++] = g.col_base + g.col[l];
      }
}

int64_t GroupedPairs::GroupBytes() const {
  int64_t bytes = CapacityBytes(tiles_) + CapacityBytes(group_begin_);
  for (const RowTile& t : tiles_) bytes += CapacityBytes(t.groups);
  return bytes;
}

int64_t GroupedPairs::WorkspaceBytes() const {
  int64_t bytes = 0;
  for (const Workspace& w : work_) bytes += w.Bytes();
  return bytes;
}

}  // namespace irreg::md
