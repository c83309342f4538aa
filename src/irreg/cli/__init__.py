"""The ``irreg`` commands that run things: ``irreg graph``, ``irreg align``, ``irreg emu`` and
``irreg md lj``, one module each with ``add_arguments(parser)`` and ``run(args) -> int``.

A tool: it imports the shared core and, when a command runs, the front ends; never the other
tool (:mod:`irreg.bench`). The command table and the dispatcher are the console script's
(:mod:`_irreg_cli.commands`).
"""
