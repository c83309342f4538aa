#include "md/force_split.hpp"

#include <algorithm>

#include "core/shared_array.hpp"

namespace irreg::md {
namespace {

void Accumulate(const LjTotals& part, LjTotals* totals) {
  totals->energy += part.energy;
  for (int k = 0; k < 6; ++k) totals->virial[k] += part.virial[k];
}

LjGroups Sweep(const std::vector<GroupSpan>& spans, const GroupedPairs& pairs,
               const ForceInputs& in) {
  return LjGroups{spans.data(), static_cast<int64_t>(spans.size()), pairs.log2_columns_per_image(),
                  in.shifts, in.types};
}

}  // namespace

void ForceSplitter::Forces(ForceSplit split, int32_t threads, const GroupedPairs& pairs,
                           const ForceInputs& in, bool energy_virial, double* forces,
                           LjTotals* totals) {
  if (threads > 1 && split == ForceSplit::kColouring) {
    ByColour(threads, pairs, in, energy_virial, forces, totals);
  } else if (threads > 1) {
    OnBuffers(threads, pairs, in, energy_virial, forces, totals);
  } else {
    std::fill(forces, forces + 4 * in.num_atoms, 0.0);
    const std::vector<GroupSpan> spans = pairs.Spans();
    in.kernels->lj_over_groups(Sweep(spans, pairs, in), *in.coef, in.positions, energy_virial,
                               forces, totals);
  }
}

// The default split is kBuffers. At 32,000 atoms (`irreg md lj`'s lattice, about 94,000
// groups) the colouring needs about 50 colours (2,200 tile tasks), so a force call waits at 50
// barriers where the buffers wait at two, and an extra array costs one pass over 4 n doubles
// (issue 20: force kernel alone, 2 threads, buffers 4.2 ms, colouring 11.0 ms).
//
// Share c of `threads` equal shares of the groups goes into array c, the first of them `forces`
// itself; the sum over the arrays runs over atoms in parallel, adding the shares in order.
void ForceSplitter::OnBuffers(int32_t threads, const GroupedPairs& pairs, const ForceInputs& in,
                              bool energy_virial, double* forces, LjTotals* totals) {
  const int64_t stride = 4 * in.num_atoms;
  buffers_.resize(static_cast<size_t>(threads - 1) * stride);
  totals_.assign(threads, LjTotals{});
  const auto array = [&](int32_t c) {
    return c == 0 ? forces : buffers_.data() + (c - 1) * stride;
  };
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(static, 1)
    for (int32_t c = 0; c < threads; ++c) {
      double* f = array(c);
      std::fill(f, f + stride, 0.0);
      const std::vector<GroupSpan> spans = pairs.Spans(c, threads);
      in.kernels->lj_over_groups(Sweep(spans, pairs, in), *in.coef, in.positions, energy_virial, f,
                                 &totals_[c]);
    }
#pragma omp for schedule(static)
    for (int64_t k = 0; k < stride; ++k) {
      double sum = forces[k];
      for (int32_t c = 1; c < threads; ++c) sum += buffers_[(c - 1) * stride + k];
      forces[k] = sum;
    }
  }
  for (const LjTotals& t : totals_) Accumulate(t, totals);
}

// A task is one tile: a run of a row tile's groups with one col_base; it writes the atoms of its
// row tile and of its column tile (whatever the image). Greedy edge colouring of the graph whose
// vertices are atom tiles and whose edges are tasks: a task takes the lowest colour neither of
// its tiles has yet. The order depends on the groups only, so the forces are the same at every
// thread count above 1.
void ForceSplitter::Colour(const GroupedPairs& pairs, int64_t num_atoms) {
  const int32_t tile = pairs.tile_size();
  const int32_t atom_mask = (int32_t{1} << pairs.log2_columns_per_image()) - 1;
  const int64_t num_tiles = (num_atoms + tile - 1) / tile + 1;
  std::vector<std::vector<uint8_t>> used(num_tiles);
  std::vector<GroupSpan> tasks;
  std::vector<int32_t> colour_of;
  int32_t colours = 0;
  for (int64_t r = 0; r < pairs.num_row_tiles(); ++r) {
    const std::vector<PairGroup>& groups = pairs.groups_of(r);
    for (size_t q = 0; q < groups.size();) {
      size_t end = q + 1;
      while (end < groups.size() && groups[end].col_base == groups[q].col_base) ++end;
      const int64_t a = r, b = (groups[q].col_base & atom_mask) / tile;
      int32_t c = 0;
      while ((c < static_cast<int32_t>(used[a].size()) && used[a][c]) ||
             (c < static_cast<int32_t>(used[b].size()) && used[b][c]))
        ++c;
      for (const int64_t t : {a, b}) {
        if (static_cast<int32_t>(used[t].size()) <= c) used[t].resize(c + 1, 0);
        used[t][c] = 1;
      }
      colours = std::max(colours, c + 1);
      tasks.push_back(
          {groups.data() + q, static_cast<int64_t>(end - q), static_cast<int32_t>(r * tile)});
      colour_of.push_back(c);
      q = end;
    }
  }
  colour_begin_.assign(colours + 1, 0);
  for (const int32_t c : colour_of) ++colour_begin_[c + 1];
  for (int32_t c = 0; c < colours; ++c) colour_begin_[c + 1] += colour_begin_[c];
  std::vector<int64_t> at(colour_begin_.begin(), colour_begin_.end() - 1);
  tasks_.resize(tasks.size());
  task_colour_.resize(tasks.size());
  for (size_t t = 0; t < tasks.size(); ++t) {
    const int64_t k = at[colour_of[t]]++;
    tasks_[k] = tasks[t];
    task_colour_[k] = colour_of[t];
  }
  colours_ = colours;
  coloured_ = true;
}

void ForceSplitter::ByColour(int32_t threads, const GroupedPairs& pairs, const ForceInputs& in,
                             bool energy_virial, double* forces, LjTotals* totals) {
  if (!coloured_) Colour(pairs, in.num_atoms);
  std::fill(forces, forces + 4 * in.num_atoms, 0.0);
  const int64_t num_tasks = static_cast<int64_t>(tasks_.size());
  totals_.assign(num_tasks, LjTotals{});
#pragma omp parallel num_threads(threads)
  for (int64_t c = 0; c < colours_; ++c) {
#pragma omp for schedule(dynamic, 1)
    for (int64_t k = colour_begin_[c]; k < colour_begin_[c + 1]; ++k) {
      const LjGroups task{&tasks_[k], 1, pairs.log2_columns_per_image(), in.shifts, in.types};
      in.kernels->lj_over_groups(task, *in.coef, in.positions, energy_virial, forces, &totals_[k]);
    }
  }
  for (const LjTotals& t : totals_) Accumulate(t, totals);
}

int64_t ForceSplitter::Bytes() const {
  return CapacityBytes(buffers_) + CapacityBytes(totals_) + CapacityBytes(tasks_) +
         CapacityBytes(task_colour_) + CapacityBytes(colour_begin_);
}

}  // namespace irreg::md
