// What every binding compile unit shares (DESIGN §2): NumPy arrays adopted without a copy,
// the GIL released around C++ work, argument checks that name the argument, and the one
// table-driven parser of names into enum values (each vocabulary's table is its component's).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <ctime>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/named_values.hpp"
#include "core/shared_array.hpp"
#include "core/threads.hpp"
#include "core/types.hpp"

namespace irreg::bindings {

namespace py = pybind11;

using I32Array = py::array_t<int32_t, py::array::c_style | py::array::forcecast>;
using F64Array = py::array_t<double, py::array::c_style>;

template <typename T>
py::array_t<T> Adopt(std::vector<T>&& v) {
  auto* holder = new std::vector<T>(std::move(v));
  py::capsule owner(holder, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  return py::array_t<T>({static_cast<py::ssize_t>(holder->size())},
                        {static_cast<py::ssize_t>(sizeof(T))}, holder->data(), owner);
}

// Python's time.monotonic() clock (CLOCK_MONOTONIC), read from C++.
inline double MonotonicSeconds() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Runs `kernel` with the GIL released and returns its result; *interval gets the monotonic
// clock just after the release and just before the GIL is taken back, so callers (and the
// tests) can see that calls from several Python threads overlap.
template <class Kernel>
auto WithoutGil(Kernel kernel, std::pair<double, double>* interval) {
  py::gil_scoped_release release;
  interval->first = MonotonicSeconds();
  auto result = kernel();
  interval->second = MonotonicSeconds();
  return result;
}

using I64Array = py::array_t<int64_t, py::array::c_style>;

// Vertex ids from Python ints, range-checked before they narrow to int32.
inline std::vector<VertexId> VertexList(const std::vector<int64_t>& ids, int32_t n) {
  std::vector<VertexId> out;
  out.reserve(ids.size());
  for (int64_t v : ids) {
    if (v < 0 || v >= n) throw py::value_error("vertex " + std::to_string(v) + " is not in [0, n)");
    out.push_back(static_cast<VertexId>(v));
  }
  return out;
}

using IdArray = py::array_t<int32_t, py::array::c_style>;

// Integer arrays of any width are converted (copied) to int32; int32 C-contiguous arrays are used
// as they are. Floats, booleans and objects are refused rather than silently truncated.
inline IdArray AsIdArray(py::handle obj, const char* name) {
  py::module_ np = py::module_::import("numpy");
  py::array arr = np.attr("asarray")(obj);
  if (arr.ndim() != 1)
    throw py::value_error(std::string(name) + " must be a 1-D array of vertex ids, got " +
                          std::to_string(arr.ndim()) + " dimensions");
  const char kind = arr.dtype().kind();
  if (kind != 'i' && kind != 'u') {
    if (arr.size() == 0) return IdArray(0);  // np.asarray([]) is float64: an empty list is fine
    throw py::type_error(std::string(name) + " must hold integer vertex ids, got dtype " +
                         py::str(arr.dtype()).cast<std::string>() + "; convert it yourself (e.g. " +
                         name + ".astype(np.int64)) if every value is a whole number");
  }
  if (py::isinstance<IdArray>(arr) && arr.dtype().is(py::dtype::of<int32_t>()) &&
      (arr.flags() & py::array::c_style))
    return py::reinterpret_borrow<IdArray>(arr);
  if (arr.size() > 0 && arr.itemsize() >= 4 && !(kind == 'i' && arr.itemsize() == 4)) {
    py::object too_big = np.attr("flatnonzero")(
        np.attr("logical_or")(np.attr("greater")(arr, std::numeric_limits<int32_t>::max()),
                              np.attr("less")(arr, std::numeric_limits<int32_t>::min())));
    if (py::len(too_big) > 0) {
      py::object at = too_big[py::int_(0)];
      throw py::value_error(std::string(name) + "[" + py::str(at).cast<std::string>() +
                            "] = " + py::str(arr[at]).cast<std::string>() +
                            " does not fit a 32-bit vertex id");
    }
  }
  return IdArray(arr.attr("astype")("int32", py::arg("order") = "C"));
}

inline std::pair<IdArray, IdArray> AsEdgeArrays(py::handle rows, py::handle cols) {
  IdArray r = AsIdArray(rows, "rows"), c = AsIdArray(cols, "cols");
  if (r.size() != c.size())
    throw py::value_error("rows and cols must have the same length, got " +
                          std::to_string(r.size()) + " and " + std::to_string(c.size()));
  return {r, c};
}

// A read-only NumPy array owning `v`: what the index's array properties return, copied under
// the index's lock, so no later call (activation, update, compact) changes it and no other
// thread is writing the storage while it is read.
template <typename T>
py::array_t<T> ReadOnly(std::vector<T> v) {
  auto* holder = new std::vector<T>(std::move(v));
  py::capsule owner(holder, [](void* p) { delete static_cast<std::vector<T>*>(p); });
  py::array_t<T> arr({static_cast<py::ssize_t>(holder->size())},
                     {static_cast<py::ssize_t>(sizeof(T))}, holder->data(), owner);
  arr.attr("setflags")(py::arg("write") = false);
  return arr;
}

template <typename T>
std::vector<T> Copy(const SharedArray<T>& a) {
  return std::vector<T>(a.data(), a.data() + a.size());
}

inline std::string IsaArg(const std::optional<std::string>& isa) { return isa.value_or(""); }

// tile_size as a binding receives it: an int, a power of two in [1, kMaxTileSize]. None means
// the default (returned as 0), and so does 0 where `zero_is_default`. Bools, floats and ints
// of any size are refused here by name, before pybind11's conversion could print the call.
inline int32_t TileSizeArg(py::handle value, bool zero_is_default = true) {
  if (value.is_none()) return 0;
  if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr()))
    throw py::type_error("tile_size must be an int (a power of two) or None, got " +
                         std::string(py::str(value.get_type().attr("__name__"))));
  const py::int_ t = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!t) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(t.ptr(), &overflow);
  const bool power = overflow == 0 && v > 0 && v <= kMaxTileSize && (v & (v - 1)) == 0;
  if (power || (zero_is_default && overflow == 0 && v == 0)) return static_cast<int32_t>(v);
  throw py::value_error("tile_size must be a power of two in [1, " + std::to_string(kMaxTileSize) +
                        "]" + (zero_is_default ? " (0 or None: the default)" : "") + ", got " +
                        std::string(py::str(t)));
}

// threads as a binding receives it: an int in [1, kMaxThreads], refused by name otherwise
// (pybind11's own conversion would print the whole call); None is the default count
// (irreg.threads.default_threads: IRREG_NUM_THREADS, else OpenMP's), as everywhere else.
inline int32_t ThreadsArg(py::handle value) {
  if (value.is_none())
    return py::module_::import("irreg.threads").attr("default_threads")().cast<int32_t>();
  if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr()))
    throw py::type_error("threads must be an integer, got " + py::repr(value).cast<std::string>());
  const py::int_ t = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!t) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(t.ptr(), &overflow);
  if (overflow != 0 || v < 1 || v > kMaxThreads)
    throw py::value_error("threads must be in [1, " + std::to_string(kMaxThreads) + "], got " +
                          py::repr(value).cast<std::string>());
  return static_cast<int32_t>(v);
}

// Result types: collections.namedtuple types made once, when the module is built, and published
// as _core.<name>, so results cross the binding by field name, never by position.
inline std::unordered_map<std::string, py::object>& ResultTypes() {
  static auto* types = new std::unordered_map<std::string, py::object>();  // lives as long as
  return *types;                                                           // the interpreter
}

inline void DefineResult(py::module_& m, const char* name,
                         std::initializer_list<const char*> fields) {
  py::list names;
  for (const char* f : fields) names.append(f);
  py::object type = py::module_::import("collections")
                        .attr("namedtuple")(name, names, py::arg("module") = "irreg._core");
  m.attr(name) = type;
  ResultTypes()[name] = type;
}

template <class... T>
py::object Result(const char* name, T&&... values) {
  return ResultTypes().at(name)(std::forward<T>(values)...);
}

// A name of `table`'s vocabulary as Python passes it (a str), as its enum value; anything else
// is a ValueError naming the argument and every name with what it means.
template <class Enum, std::size_t N>
Enum ParseName(py::handle value, const char* what, const NamedValue<Enum> (&table)[N]) {
  if (py::isinstance<py::str>(value)) {
    const std::string s = value.cast<std::string>();
    for (const NamedValue<Enum>& entry : table)
      if (s == entry.name) return entry.value;
  }
  throw py::value_error(std::string(what) + " must be one of " + DescribeNames(table) + ", got " +
                        py::repr(value).cast<std::string>());
}

// Publishes a vocabulary's names, in its table's order, as _core.NAMES[what]: the Python layers
// read option names there instead of writing them again.
template <class Enum, std::size_t N>
void ExportNames(py::module_& m, const char* what, const NamedValue<Enum> (&table)[N]) {
  if (!py::hasattr(m, "NAMES")) m.attr("NAMES") = py::dict();
  py::tuple names(N);
  for (std::size_t i = 0; i < N; ++i) names[i] = py::str(table[i].name);
  m.attr("NAMES")[what] = names;
}

}  // namespace irreg::bindings
