// Kernels on the Emu model (seed 002 §3, §5). Each computes its real result while the simulator
// times it, and returns both.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/named_values.hpp"
#include "emu/simulator.hpp"

namespace irreg::emu {

// STREAM ADD, c[i] = a[i] + b[i], over n elements of blocked arrays: the calibration probe.
// Bandwidth counts 24 bytes per element, as STREAM does.
struct StreamResult {
  Report report;
  double bytes = 0;
};
StreamResult SimulateStream(const Machine& m, int64_t n, int32_t threads);

// The pointer-chasing microbenchmark of Young et al., "A microbenchmark characterization of the
// Emu Chick" (Parallel Computing 2019; emu-microbench pointer_chase.c), on which the migration
// engine is calibrated: n elements of 16 bytes ({next, weight}) striped one by one over the
// nodelets; one list through them (nodelet 0's elements in address order, then nodelet 1's, ...)
// whose blocks of block_size positions are shuffled ("block_shuffle"), shuffled inside
// ("intra_block_shuffle"), both ("full_block_shuffle") or left ("ordered"); cut into `threads`
// equal pieces, thread i spawned on nodelet i % nodelets (serial_remote_spawn) follows its piece
// summing the weights. Bandwidth counts 16 bytes per element over the whole time, spawns
// included, as the benchmark does.
enum class ChaseMode { kOrdered, kBlockShuffle, kIntraBlockShuffle, kFullBlockShuffle };
inline constexpr NamedValue<ChaseMode> kChaseModeNames[] = {
    {"ordered", ChaseMode::kOrdered, "the list in address order"},
    {"block_shuffle", ChaseMode::kBlockShuffle, "blocks shuffled"},
    {"intra_block_shuffle", ChaseMode::kIntraBlockShuffle, "shuffled inside each block"},
    {"full_block_shuffle", ChaseMode::kFullBlockShuffle, "both"},
};
struct ChaseOptions {
  ChaseMode mode = ChaseMode::kBlockShuffle;
  int64_t block_size = 1;
  int32_t threads = 2048;
  uint64_t seed = 1;
};
struct ChaseResult {
  Report report;
  double bytes = 0;
  int64_t sum = 0;  // of the weights, each element's id: n (n - 1) / 2 when every one was visited
};
ChaseResult SimulatePointerChase(const Machine& m, int64_t n, const ChaseOptions& options);

// y = A x, A in CSR (rows striped over nodelets). two_d: a row's column indices and values live
// with the row (seed's 2D layout); otherwise the nonzeros are striped one by one (1D). x is
// replicated on every nodelet or striped. grain > 0: one threadlet per `grain` local rows;
// grain == 0: `threads` threadlets, each with an equal share of its nodelet's rows.
struct SpmvOptions {
  bool two_d = true;
  bool replicate_x = true;
  int32_t threads = 64;
  int64_t grain = 0;
};
struct SpmvResult {
  std::vector<double> y;
  Report report;
  double bytes = 0;  // effective bytes: 16 per nonzero, 8 per x and y entry (seed §5.1)
  int64_t threads = 0;
};
SpmvResult SimulateSpmv(const Machine& m, int64_t rows, int64_t cols, const int64_t* indptr,
                        const int64_t* indices, const double* data, const double* x,
                        const SpmvOptions& options);

// Level-synchronous BFS on a STINGER-like graph: vertices striped, each vertex's neighbours in
// linked edge blocks from its own nodelet's pool (seed §5.2: co-located with the vertex).
// "migrate": Algorithm 1, a threadlet migrates to each neighbour and claims it with a
// compare-and-swap on its parent; "remote": Algorithm 2, remote writes into a new-parent array,
// then a local scan. The graph is an undirected CSR without loops or repeated edges.
enum class BfsStrategy { kRemote, kMigrate };
inline constexpr NamedValue<BfsStrategy> kBfsStrategyNames[] = {
    {"remote", BfsStrategy::kRemote, "Algorithm 2: remote writes, then a local scan"},
    {"migrate", BfsStrategy::kMigrate, "Algorithm 1: threadlets migrate to each neighbour"},
};
struct BfsOptions {
  BfsStrategy strategy = BfsStrategy::kRemote;
  int32_t threads = 512;
  int32_t edge_block = 14;
  int32_t host_threads = 1;  // simulate the nodes at once (Simulator::set_host_threads)
};
struct BfsResult {
  std::vector<int64_t> parent;  // -1: not reached; the source is its own parent
  std::vector<int32_t> depth;   // -1: not reached
  Report report;
  int64_t edges = 0;  // undirected edges with both ends reached (Graph500 TEPS)
  int32_t levels = 0;
};
// Levels of a plain BFS from source (the depth of the deepest vertex reached, plus one), on the
// CPU: what Algorithm 2's scans cost (n reads per level) is known before simulating.
int32_t BfsLevels(int32_t n, const int64_t* indptr, const int32_t* indices, int32_t source);
BfsResult SimulateBfs(const Machine& m, int32_t n, const int64_t* indptr, const int32_t* indices,
                      int32_t source, const BfsOptions& options);

}  // namespace irreg::emu
