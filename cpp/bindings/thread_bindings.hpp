// The thread pool as Python sees it: irreg.threads resolves a call's thread count from these.
#pragma once

#include <pybind11/pybind11.h>

#include "core/interrupt.hpp"
#include "core/team.hpp"
#include "core/threads.hpp"

namespace irreg::bindings {

namespace py = pybind11;

// Whether Python has a signal to handle (Ctrl-C): its handler runs now, and what it raises stays
// pending in this thread for the translator below. Only the main thread handles signals.
inline bool PythonWantsToStop() {
  py::gil_scoped_acquire gil;
  return PyErr_CheckSignals() != 0;
}

inline void BindThreadFunctions(py::module_& m) {
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

}  // namespace irreg::bindings
