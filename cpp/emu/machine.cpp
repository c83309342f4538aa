#include "emu/machine.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace irreg::emu {
namespace {

std::string Number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

void CheckMachineField(const char* name, double value, double low, double high) {
  if (std::isfinite(value) && value >= low && value <= high) return;
  std::string rule;
  if (std::isfinite(high))
    rule = "in [" + Number(low) + ", " + Number(high) + "]";
  else if (low > 0)
    rule = "positive (at least " + Number(low) + ")";
  else
    rule = ">= " + Number(low);
  throw std::invalid_argument(std::string(name) + " must be " + rule + ", got " + Number(value));
}

void Machine::Validate() const {
#define IRREG_EMU_CHECK_FIELD(type, name, low, high, meaning) \
  CheckMachineField(#name, static_cast<double>(name), low, high);
  IRREG_EMU_MACHINE_FIELDS(IRREG_EMU_CHECK_FIELD)
#undef IRREG_EMU_CHECK_FIELD
}

}  // namespace irreg::emu
