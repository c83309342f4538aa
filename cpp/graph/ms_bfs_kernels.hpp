// The per-ISA level steps of the bit-parallel multi-source BFS (graph/ms_bfs.hpp; Then et al.,
// "The More the Merrier", VLDB 2015), compiled once per ISA by graph/ms_bfs_kernels.cpp. A
// batch of up to 512 searches keeps, per vertex, one 64-byte block of source bits for each of
// `seen` (sources that reached it), `frontier` (sources that reached it last level) and `next`.
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"
#include "core/types.hpp"

namespace irreg::graph {

// One bit per source of a batch, per vertex.
struct alignas(64) SourceBlock {
  uint64_t word[8];
};
inline constexpr int kBatchSources = 512;

// Per-vertex sums over the searches that reach it, added at each level (or null: not wanted).
// The reciprocal hops are fixed point with 64 fraction bits, so their sums are exact integer
// sums: the same in every order, hence at every thread count, ISA and batching.
struct LevelSums {
  int64_t* reached;            // searches that reached the vertex
  int64_t* total;              // their hops
  unsigned __int128* inverse;  // their 2^64 / hops (hops > 0), rounded down
  int32_t* farthest;           // the most hops of any of them
  int32_t level;               // hops of this level
  unsigned __int128 unit;      // 2^64 / level, rounded down
};

// What one level leaves for the next.
struct LevelOutcome {
  VertexId* active;        // out: vertices some search reached first at this level
  int64_t num_active;      // out
  int64_t frontier_edges;  // out: their out-edges (the next top-down step's work)
  int64_t closed_edges;    // out: in-edges of the vertices every search has now reached
  uint64_t alive[8];       // out: the searches that reached a new vertex at this level
};

struct SourceLevel {
  int32_t n;
  const int64_t* out_offsets;  // out-edges (top-down steps walk them)
  const VertexId* out_targets;
  const int64_t* in_offsets;  // in-edges (bottom-up steps walk them)
  const VertexId* in_sources;
  const SourceBlock* frontier;  // zero but at the last level's active vertices
  SourceBlock* next;            // zero on entry
  SourceBlock* seen;
};

// Top-down: next[v] |= frontier[u] over the out-edges of the `num_active` vertices `active`;
// lists each v whose block was zero before in `touched` and returns how many.
using PushLevelFn = int64_t (*)(const SourceLevel&, const VertexId* active, int64_t num_active,
                                VertexId* touched);
// Over the `num_touched` vertices `touched` (outcome.active may be the same array):
// next[v] &= ~seen[v], seen[v] |= next[v], sums and outcome.
using SettleLevelFn = void (*)(const SourceLevel&, const VertexId* touched, int64_t num_touched,
                               const LevelSums*, LevelOutcome*);
// Bottom-up: next[v] = (OR of frontier over v's in-edges) & ~seen[v] for every vertex some
// search has not reached, settled in the same pass.
using PullLevelFn = void (*)(const SourceLevel&, const LevelSums*, LevelOutcome*);

struct MsBfsKernels {
  PushLevelFn push;
  SettleLevelFn settle;
  PullLevelFn pull;
};

// The kernels of ResolveIsa(isa) (graph/ms_bfs.cpp).
const MsBfsKernels& MsBfsKernelsFor(const std::string& isa);

}  // namespace irreg::graph

namespace irreg {
IRREG_DECLARE_ISA_TABLES(graph::MsBfsKernels, MakeMsBfsKernels)
}  // namespace irreg
