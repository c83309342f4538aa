// A vocabulary: the names an option takes and the enum values they mean, written once, in the
// component that owns the enum (md/lj_system.hpp's regroup modes, align's schemes, ...). The
// bindings parse names through it (bindings/common.hpp) and export it as _core.NAMES, so no
// other layer writes the names again.
#pragma once

#include <cstddef>
#include <string>

namespace irreg {

template <class Enum>
struct NamedValue {
  const char* name;
  Enum value;
  const char* meaning;  // a few words for error messages and help
};

template <class Enum, std::size_t N>
const char* NameOf(const NamedValue<Enum> (&table)[N], Enum value) {
  for (const NamedValue<Enum>& entry : table)
    if (entry.value == value) return entry.name;
  return "?";
}

// The value named `name`, if the table has it.
template <class Enum, std::size_t N>
bool ValueOf(const NamedValue<Enum> (&table)[N], const std::string& name, Enum* value) {
  for (const NamedValue<Enum>& entry : table)
    if (name == entry.name) return *value = entry.value, true;
  return false;
}

// "'a' (what a means), 'b' (...) or 'c' (...)".
template <class Enum, std::size_t N>
std::string DescribeNames(const NamedValue<Enum> (&table)[N]) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) {
    if (i > 0) out += i + 1 == N ? " or " : ", ";
    out += std::string("'") + table[i].name + "' (" + table[i].meaning + ")";
  }
  return out;
}

}  // namespace irreg
