// The per-ISA table of kernels: one struct holding every component's sub-table of function
// pointers, filled once per ISA by core/kernel_table.cpp compiled inside that ISA's namespace.
// Dispatch is coarse: one whole operation per call, chosen by the caller from the table of the
// ISA it resolved (core/dispatch.hpp: KernelsFor(isa).graph, .md, ...).
#pragma once

#include "align/similarity_kernels.hpp"
#include "core/isa_list.hpp"
#include "graph/graph_kernels.hpp"
#include "md/md_kernels.hpp"
#include "tiling/tiling_kernels.hpp"

namespace irreg {

// Every component with per-ISA kernels: X(member, type, make). Both the sub-table `type` and
// `make`, which returns one ISA's sub-table, live in the component's folder and are compiled
// once per ISA with its kernels. Adding a component is a row here and its #include above.
#define IRREG_KERNEL_COMPONENTS(X)                \
  X(tiling, TilingKernels, MakeTilingKernels)     \
  X(graph, graph::GraphKernels, MakeGraphKernels) \
  X(md, md::MdKernels, MakeMdKernels)             \
  X(align, align::AlignKernels, MakeAlignKernels)

struct KernelTable {
#define IRREG_KERNEL_COMPONENT_MEMBER(member, type, make) type member;
  IRREG_KERNEL_COMPONENTS(IRREG_KERNEL_COMPONENT_MEMBER)
#undef IRREG_KERNEL_COMPONENT_MEMBER
};

// Each ISA's table, defined by core/kernel_table.cpp compiled in that ISA's namespace.
#define IRREG_DECLARE_ISA_KERNELS(ns, name, built, runnable, if_not_built) \
  namespace ns {                                                            \
  const KernelTable& Kernels();                                             \
  }
IRREG_ISAS(IRREG_DECLARE_ISA_KERNELS)
#undef IRREG_DECLARE_ISA_KERNELS

}  // namespace irreg
