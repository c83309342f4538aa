// Each component's per-ISA kernel table (DESIGN §3). A component defines its table (a struct
// of function pointers) and a function that fills it, compiled once per ISA in that ISA's
// namespace with its kernels; it declares those with IRREG_DECLARE_ISA_TABLES and serves them
// from one ISA-independent source with IRREG_ISA_TABLES. core/ names no component.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "core/dispatch.hpp"
#include "core/isa_list.hpp"

namespace irreg {

// One table per built ISA, made once; For() resolves a request ("": the default ISA) and checks
// that the CPU can run it (core/dispatch.hpp's errors).
template <class Table>
class IsaTables {
 public:
  using Make = Table (*)();
  explicit IsaTables(const std::array<Make, kNumIsas>& makes) {
    for (int i = 0; i < kNumIsas; ++i)
      if (makes[i] != nullptr) tables_[i] = makes[i]();
  }
  const Table& For(const std::string& requested) const { return *tables_[IsaIndex(requested)]; }

 private:
  std::array<std::optional<Table>, kNumIsas> tables_;
};

}  // namespace irreg

#define IRREG_ISA_TABLE_DECLARATION(ns, name, built, runnable, if_not_built, Table, MakeTable) \
  namespace ns {                                                                               \
  Table MakeTable();                                                                           \
  }
// An ISA that was not built is named only in a discarded `if constexpr` branch, so nothing
// asks the linker for its table.
#define IRREG_ISA_TABLE_MAKER(ns, name, built, runnable, if_not_built, Table, MakeTable) \
  []() -> Table (*)() {                                                                  \
    if constexpr (IRREG_IS_BUILT(built))                                                 \
      return &ns::MakeTable;                                                             \
    else                                                                                 \
      return nullptr;                                                                    \
  }(),

// Inside namespace irreg: `Table MakeTable();` in every ISA's namespace.
#define IRREG_DECLARE_ISA_TABLES(Table, MakeTable) \
  IRREG_ISAS(IRREG_ISA_TABLE_DECLARATION, Table, MakeTable)
// An IsaTables<Table> over every ISA's MakeTable (in an ISA-independent source only).
#define IRREG_ISA_TABLES(Table, MakeTable) \
  ::irreg::IsaTables<Table>({IRREG_ISAS(IRREG_ISA_TABLE_MAKER, Table, MakeTable)})
