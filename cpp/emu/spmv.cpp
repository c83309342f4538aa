#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "emu/kernels.hpp"

namespace irreg::emu {
namespace {

double AsDouble(int64_t bits) {
  double v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}
int64_t AsBits(double v) {
  int64_t bits;
  std::memcpy(&bits, &v, sizeof v);
  return bits;
}

// A threadlet's rows are its nodelet's local rows home + nodelets * j for j in [s[0], s[1]).
// s: [2] home nodelet, [3] next nonzero, [4] row end, [5] partial sum (bits). pc 0: start a
// row, 1: next nonzero, 2: fetch its x entry.
//
// What each row and nonzero costs, access by access, as the seed's Cilk kernel does it (§3.1,
// Fig. 2: row offsets striped, each row's column indices and values in jagged arrays on the
// row's nodelet, x replicated or striped, y striped with the rows):
//   per row:      4 loads   row_offsets[i] and [i+1]; the jagged arrays' row pointers col[i], V[i]
//                 1 store   y[i] (local: y is striped like the rows)
//                 2 instr.  loop and branch
//   per nonzero:  3 loads   col[i][j], V[i][j], x[col[i][j]] (1 + 3 instructions: the loads,
//                           the multiply-add, the increment and branch)
//                 x not replicated: a migration to x's nodelet when it is another one, and one
//                 back for the next nonzero (x striped: x[c] on nodelet c % nodelets).
// The seed's effective bandwidth (§5.1) counts 16 bytes per nonzero and 8 per x and y entry:
// 96 bytes for a Laplacian row that moves 19 words (152 bytes) through the memory path.
class SpmvRows : public Program {
 public:
  SpmvRows(const int64_t* indptr, const int64_t* indices, const double* data, const double* x,
           double* y, int32_t row_array, int32_t nz_array, int32_t x_array, int32_t y_array)
      : indptr_(indptr),
        indices_(indices),
        data_(data),
        x_(x),
        y_(y),
        rows_(row_array),
        nz_(nz_array),
        xa_(x_array),
        ya_(y_array) {}

  Step Run(Simulator& sim, Thread& t) override {
    const int64_t row = t.s[2] + static_cast<int64_t>(sim.nodelets()) * t.s[0];
    switch (t.pc) {
      case 0:
        if (t.s[0] >= t.s[1]) return Step::kDone;
        if (!sim.At(t, rows_, row)) return Step::kBlocked;
        sim.Read(t, rows_, row, 4);  // row_offsets[i], [i+1], col[i], V[i]
        t.s[3] = indptr_[row];
        t.s[4] = indptr_[row + 1];
        t.s[5] = AsBits(0.0);
        t.pc = 1;
        return Step::kContinue;
      case 1:
        if (t.s[3] >= t.s[4]) {
          sim.Write(t, ya_, row);  // posted when the row's home is remote
          y_[row] = AsDouble(t.s[5]);
          sim.Compute(t, 2);
          ++t.s[0];
          t.pc = 0;
          return Step::kContinue;
        }
        if (!sim.At(t, nz_, t.s[3])) return Step::kBlocked;
        sim.Read(t, nz_, t.s[3], 2);  // column index and value
        t.pc = 2;
        return Step::kContinue;  // one load per step keeps requests in time order
      case 2: {
        const int64_t k = t.s[3];
        const int64_t col = indices_[k];
        if (!sim.At(t, xa_, col)) return Step::kBlocked;
        sim.Read(t, xa_, col);
        sim.Compute(t, 3);  // multiply-add, increment, loop branch
        t.s[5] = AsBits(AsDouble(t.s[5]) + data_[k] * x_[col]);
        ++t.s[3];
        t.pc = 1;
        return Step::kContinue;
      }
    }
    return Step::kDone;
  }

 private:
  const int64_t* indptr_;
  const int64_t* indices_;
  const double* data_;
  const double* x_;
  double* y_;
  int32_t rows_, nz_, xa_, ya_;
};

}  // namespace

SpmvResult SimulateSpmv(const Machine& m, int64_t rows, int64_t cols, const int64_t* indptr,
                        const int64_t* indices, const double* data, const double* x,
                        const SpmvOptions& o) {
  Simulator sim(m);
  const int32_t nodelets = sim.nodelets();
  if (rows < 0 || cols < 0) throw std::invalid_argument("matrix shape must be non-negative");
  if (o.grain < 0) throw std::invalid_argument("grain must be >= 0 (0: dynamic)");
  if (o.grain == 0 && (o.threads < nodelets || o.threads % nodelets != 0))
    throw std::invalid_argument("threads must be a positive multiple of the nodelet count (" +
                                std::to_string(nodelets) + "), got " + std::to_string(o.threads));
  const int64_t nnz = indptr[rows];
  const int32_t row_array = sim.Allocate(rows, Placement::kStriped);
  int32_t nz_array;
  if (o.two_d) {
    std::vector<int32_t> owner(nnz);
    for (int64_t r = 0; r < rows; ++r)
      std::fill(owner.begin() + indptr[r], owner.begin() + indptr[r + 1],
                static_cast<int32_t>(r % nodelets));
    nz_array = sim.AllocateCustom(owner);
  } else {
    nz_array = sim.Allocate(nnz, Placement::kStriped);
  }
  const int32_t x_array =
      sim.Allocate(cols, o.replicate_x ? Placement::kReplicated : Placement::kStriped);
  const int32_t y_array = sim.Allocate(rows, Placement::kStriped);

  SpmvResult r;
  r.y.assign(rows, 0.0);
  SpmvRows program(indptr, indices, data, x, r.y.data(), row_array, nz_array, x_array, y_array);
  std::vector<Worker> workers;
  for (int32_t d = 0; d < nodelets; ++d) {
    const int64_t local = rows > d ? (rows - d + nodelets - 1) / nodelets : 0;
    const int64_t grain =
        o.grain > 0 ? o.grain : (local + o.threads / nodelets - 1) / (o.threads / nodelets);
    for (int64_t j = 0; j < local; j += std::max<int64_t>(grain, 1)) {
      Worker w;
      w.nodelet = d;
      w.program = &program;
      w.s[0] = j;
      w.s[1] = std::min(local, j + std::max<int64_t>(grain, 1));
      w.s[2] = d;
      workers.push_back(w);
    }
  }
  r.threads = static_cast<int64_t>(workers.size());
  r.report = sim.report(sim.RunWorkers(0, workers));
  r.bytes = 16.0 * static_cast<double>(nnz) + 8.0 * static_cast<double>(rows + cols);
  return r;
}

}  // namespace irreg::emu
