// The binding compile units, one per C++ folder (DESIGN §2); core_module.cpp calls each once.
#pragma once

#include <pybind11/pybind11.h>

namespace irreg::bindings {

void BindIsaFunctions(pybind11::module_& m);                                // core.cpp
void BindThreadFunctions(pybind11::module_& m);                             // core.cpp
void BindGroupedIndex(pybind11::module_& m, const char* default_conflict);  // tiling.cpp
void BindGraph(pybind11::module_& m);     // graph.cpp: the graph, the registry, the algorithms
void BindNetworkx(pybind11::module_& m);  // networkx.cpp: conversion and the ordered kernels
void BindPaths(pybind11::module_& m);     // paths.cpp: path searches and NetworkX's path dicts
void BindAligner(pybind11::module_& m);   // align.cpp
void BindEmu(pybind11::module_& m);       // emu.cpp
void BindMd(pybind11::module_& m);        // md.cpp

}  // namespace irreg::bindings
