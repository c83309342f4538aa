// How the grouped force kernel runs on several threads (DESIGN §12); both keep the groups as
// they are:
//   kBuffers    each thread sweeps an equal share of the groups (in tile order, so a share's
//               atoms are near each other) into its own force array; the arrays are summed once;
//   kColouring  tiles are coloured so that the tiles of one colour write disjoint atoms; the
//               colours run one after another, the tiles of a colour at once, on one array.
#pragma once

#include <cstdint>
#include <vector>

#include "core/named_values.hpp"
#include "md/grouped_pairs.hpp"
#include "md/lj_coefficients.hpp"
#include "md/md_kernels.hpp"

namespace irreg::md {

enum class ForceSplit { kBuffers, kColouring };
inline constexpr NamedValue<ForceSplit> kForceSplitNames[] = {
    {"colouring", ForceSplit::kColouring, "tiles of one colour write disjoint atoms"},
    {"buffers", ForceSplit::kBuffers, "a force array per thread, summed at the end"},
};

// What the grouped kernel needs besides the groups: coefficients, image shifts, species.
struct ForceInputs {
  const MdKernels* kernels;
  const LjCoefficients* coef;
  const double* shifts;
  const int32_t* types;     // null: one species
  const double* positions;  // 4 per atom
  int64_t num_atoms;
};

class ForceSplitter {
 public:
  // forces (4 per atom) are overwritten; totals are added to (with energy_virial).
  void Forces(ForceSplit split, int32_t threads, const GroupedPairs& pairs, const ForceInputs& in,
              bool energy_virial, double* forces, LjTotals* totals);
  // The groups changed: the colouring is made again when next needed.
  void Invalidate() { coloured_ = false; }
  int64_t colours() const { return colours_; }
  int64_t colour_tasks() const { return static_cast<int64_t>(task_colour_.size()); }
  int64_t Bytes() const;

 private:
  void OnBuffers(int32_t threads, const GroupedPairs& pairs, const ForceInputs& in,
                 bool energy_virial, double* forces, LjTotals* totals);
  void ByColour(int32_t threads, const GroupedPairs& pairs, const ForceInputs& in,
                bool energy_virial, double* forces, LjTotals* totals);
  void Colour(const GroupedPairs& pairs, int64_t num_atoms);

  std::vector<double> buffers_;  // kBuffers: threads - 1 force arrays of 4 n
  std::vector<LjTotals> totals_;
  // kColouring: tasks (one tile's run of groups each) colour by colour.
  std::vector<GroupSpan> tasks_;
  std::vector<int32_t> task_colour_;
  std::vector<int64_t> colour_begin_;  // per colour + 1, into tasks_
  bool coloured_ = false;
  int64_t colours_ = 0;
};

}  // namespace irreg::md
