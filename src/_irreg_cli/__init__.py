"""The ``irreg`` console script's front door, outside the :mod:`irreg` package on purpose.

Importing :mod:`irreg` loads the compiled core, which refuses a bad ``IRREG_ISA`` or an unknown
name in ``IRREG_DISABLE_CPU_FEATURES`` at import with an ImportError (DESIGN §10: a library user
gets the exception). Nothing inside :mod:`irreg` can
catch that for the command line, since the package is imported before any of its code runs; this
module imports it inside a ``try`` and turns that refusal into the CLI's usual one line on stderr
with exit status 2. The command table and the dispatcher are :mod:`_irreg_cli.commands`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Runs ``irreg`` with ``argv`` (default: ``sys.argv[1:]``); returns the exit status. A bad
    ``IRREG_ISA`` or ``IRREG_DISABLE_CPU_FEATURES`` is one line on stderr and exit status 2."""
    requested = os.environ.get("IRREG_ISA")
    try:
        from _irreg_cli.commands import dispatch
    except ImportError as exc:
        # A missing module (broken install) is a real traceback; the core's refusal of a
        # variable is an ImportError of the present extension.
        message = str(exc)
        named = message.startswith("IRREG_DISABLE_CPU_FEATURES:")
        if (requested is None and not named) or isinstance(exc, ModuleNotFoundError):
            raise
        if not named and not message.startswith("IRREG_ISA="):
            message = f"IRREG_ISA={requested}: {message}"
        print(f"irreg: error: {message}", file=sys.stderr)
        return EXIT_USAGE
    return dispatch(argv)
