// The per-ISA message kernels of the graph engine (seed 000 §4.2.4): one pair per vertex program
// of programs/program_list.hpp, compiled once per ISA by graph/message_kernels.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"
#include "core/types.hpp"
#include "graph/programs/program_list.hpp"

namespace irreg::graph {

// Where produced messages go. A destination whose message was still InitMsg() before this one
// and is not after it is appended to `recipients` (room for kLanes entries past the last
// vertex), so Compute runs once per vertex that received anything and a sweep lists each
// destination at most once. A message that combines to InitMsg() (+inf in SSSP after an
// infinite weight) lists nobody: Compute(v, InitMsg()) is a no-op for every program whose
// InitMsg is the identity of its combine.
struct MessageSink {
  void* message;  // Msg per vertex, combined in place
  int32_t* recipients;
  int64_t num_recipients;  // in: entries already there; out: after this call
};

// The grouped edges (seed 000 Fig. 6). Which lanes are active comes from one of two places:
// sparse supersteps set bits in lane_mask (cleared by the kernel as it consumes them); dense
// supersteps pass lane_mask = null, and a lane is active when its source's sender_round equals
// `round`, which costs one gather per lane instead of one random write per edge.
struct ActiveGroups {
  const int32_t* local_row;     // per slot: source % T (padding: -1)
  const int32_t* local_col;     // per slot: destination % T (padding: -1)
  const int32_t* row_base;      // per group: tile_row * T
  const int32_t* col_base;      // per group: tile_col * T
  const double* slot_weight;    // per slot
  uint16_t* lane_mask;          // per group (sparse), or null (dense)
  const int32_t* sender_round;  // per vertex: last superstep it sent (dense)
  int32_t round;
  const int32_t* groups;  // groups to process in tile order, or null: first_group + i
  int64_t first_group;
  int64_t num_groups;
};

// Vertex-by-vertex adjacency (the seed's Naive-SIMD): the out-edges of each sender, in CSR.
struct SenderAdjacency {
  const int64_t* offsets;
  const VertexId* targets;
  const double* weights;
  const VertexId* senders;
  int64_t num_senders;
};

// Opt: gather source values and weights, ProduceMsg, masked conflict-free scatter per group;
// returns the lanes that carried a message.
using ProduceOverGroupsFn = int64_t (*)(const ActiveGroups&, const void* source, MessageSink*);
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
#define IRREG_PROGRAM_ID_OF(P)                          \
  template <>                                           \
  struct ProgramIdOf<P> {                               \
    static constexpr ProgramId value = ProgramId::k##P; \
  };
IRREG_GRAPH_PROGRAMS(IRREG_PROGRAM_ID_OF)
#undef IRREG_PROGRAM_ID_OF

struct GraphKernels {
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

// The message kernels of ResolveIsa(isa) (graph_kernels.cpp); MakeGraphKernels is defined in
// graph/message_kernels.cpp.
const GraphKernels& GraphKernelsFor(const std::string& isa);

}  // namespace irreg::graph

namespace irreg {
// Each ISA's table, defined with its kernels (compiled once per ISA).
IRREG_DECLARE_ISA_TABLES(graph::GraphKernels, MakeGraphKernels)
}  // namespace irreg
