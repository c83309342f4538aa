// The core as Python sees it: the ISA list and choice (irreg re-exports them), and the thread
// pool, from which irreg.threads resolves a call's thread count.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "core/dispatch.hpp"
#include "core/interrupt.hpp"
#include "core/team.hpp"
#include "core/threads.hpp"

namespace irreg::bindings {

// Whether Python has a signal to handle (Ctrl-C): its handler runs now, and what it raises stays
// pending in this thread for the translator below. Only the main thread handles signals.
inline bool PythonWantsToStop() {
  py::gil_scoped_acquire gil;
  return PyErr_CheckSignals() != 0;
}

void BindThreadFunctions(py::module_& m) {
  SetInterruptCheck(&PythonWantsToStop);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Interrupted&) {
      if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyboardInterrupt, "interrupted");
    }
  });
  m.attr("MAX_THREADS") = kMaxThreads;
  m.def("have_openmp", &HaveOpenMp, "Whether this build runs kernels on OpenMP threads.");
  m.def("openmp_max_threads", &OpenMpMaxThreads,
        "omp_get_max_threads(): OMP_NUM_THREADS, a threadpoolctl limit, else the usable cores.");
  m.def("set_exact_teams", &SetExactTeams, py::arg("exact"),
        "Whether every call runs on exactly the threads it asks for, whatever the load.");
  m.def("exact_teams", &ExactTeams);
  m.def("idle_cpus", &IdleCpus,
        "CPUs of this process's set that other processes left idle over the last ~100 ms.");
}

void BindIsaFunctions(py::module_& m) {
  m.def("compiled_isas", &CompiledIsas, "ISAs compiled into this build, best first.");
  m.def("available_isas", &AvailableIsas,
        "ISAs this CPU can run, best first ('avx512-emu' is SIMDe-emulated AVX-512).");
  m.def("best_isa", &BestIsa, "The best native ISA this CPU supports.");
  m.def("active_isa", &DefaultIsa,
        "The ISA used when a call passes no isa=: IRREG_ISA if set, else best_isa().");
  m.def(
      "resolve_isa", [](const std::optional<std::string>& isa) { return ResolveIsa(IsaArg(isa)); },
      py::arg("isa") = py::none(),
      "Checks that an ISA can run here and returns its name (None: active_isa()).");
  // Fail at import, with the reason, when IRREG_ISA names something this machine cannot run.
  DefaultIsa();
}

}  // namespace irreg::bindings
