"""Benchmarks behind ``irreg bench ...``: one shared harness and one module per benchmark.

Modules here keep heavy or optional imports (scipy, matplotlib, ase) inside functions, because the
CLI imports every command module to build its parser.
"""
