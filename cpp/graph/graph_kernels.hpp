// The per-ISA message kernels of the graph engine (seed 000 §4.2.4): one pair per vertex program
// of programs/program_list.hpp, compiled once per ISA by graph/message_kernels.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "core/types.hpp"
#include "graph/programs/program_list.hpp"

namespace irreg::graph {

// Where produced messages go. A vertex whose stamp is not `epoch` gets it and is appended to
// `recipients` (which has room for kLanes entries past the last vertex), so Compute later runs
// once per vertex that received anything.
struct MessageSink {
  void* message;        // Msg per vertex, combined in place
  int32_t* stamp;       // per vertex
  int32_t epoch;
  int32_t* recipients;
  int64_t num_recipients;  // in: entries already there; out: after this call
};

// The grouped edges (seed 000 Fig. 6) with an activity mask per group instead of Xcoord = -1:
// a lane is active when its bit in lane_mask is set. The kernel clears the masks it consumes.
struct ActiveGroups {
  const int32_t* local_row;   // per slot: source % T (padding: -1)
  const int32_t* local_col;   // per slot: destination % T (padding: -1)
  const int32_t* row_base;    // per group: tile_row * T
  const int32_t* col_base;    // per group: tile_col * T
  const double* slot_weight;  // per slot, null when the program does not read weights
  uint16_t* lane_mask;        // per group
  const int32_t* groups;      // groups to process, in tile order
  int64_t num_groups;
};

// Vertex-by-vertex adjacency (the seed's Naive-SIMD): the out-edges of each sender, in CSR.
struct SenderAdjacency {
  const int64_t* offsets;
  const VertexId* targets;
  const double* weights;  // per edge, null when the program does not read weights
  const VertexId* senders;
  int64_t num_senders;
};

// Opt: gather source values and weights, ProduceMsg, masked conflict-free scatter per group.
using ProduceOverGroupsFn = void (*)(const ActiveGroups&, const void* source, MessageSink*);
// Naive: the same per sender over its adjacency list; returns the vector operations used.
using ProduceOverAdjacencyFn = int64_t (*)(const SenderAdjacency&, const void* source,
                                           MessageSink*);

enum class ProgramId {
#define IRREG_PROGRAM_ID(P) k##P,
  IRREG_GRAPH_PROGRAMS(IRREG_PROGRAM_ID)
#undef IRREG_PROGRAM_ID
  kCount
};

template <class P>
struct ProgramIdOf;
#define IRREG_PROGRAM_ID_OF(P) \
  template <>                  \
  struct ProgramIdOf<P> {      \
    static constexpr ProgramId value = ProgramId::k##P; \
  };
IRREG_GRAPH_PROGRAMS(IRREG_PROGRAM_ID_OF)
#undef IRREG_PROGRAM_ID_OF

struct GraphKernelTable {
  ProduceOverGroupsFn over_groups[static_cast<int>(ProgramId::kCount)];
  ProduceOverAdjacencyFn over_adjacency[static_cast<int>(ProgramId::kCount)];

  template <class P>
  ProduceOverGroupsFn OverGroups() const {
    return over_groups[static_cast<int>(ProgramIdOf<P>::value)];
  }
  template <class P>
  ProduceOverAdjacencyFn OverAdjacency() const {
    return over_adjacency[static_cast<int>(ProgramIdOf<P>::value)];
  }
};

}  // namespace irreg::graph

namespace irreg {
#define IRREG_DECLARE_GRAPH_TABLE(ns) \
  namespace ns {                      \
  const graph::GraphKernelTable& GraphKernels(); \
  }
IRREG_DECLARE_GRAPH_TABLE(scalar)
IRREG_DECLARE_GRAPH_TABLE(avx2)
IRREG_DECLARE_GRAPH_TABLE(avx512)
IRREG_DECLARE_GRAPH_TABLE(avx512_emu)
#undef IRREG_DECLARE_GRAPH_TABLE

// The graph kernels of an ISA name, resolved and checked as KernelsFor does.
const graph::GraphKernelTable& GraphKernelsFor(const std::string& requested);
}  // namespace irreg
